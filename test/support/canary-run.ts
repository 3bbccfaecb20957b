// A run folder for the fail-closed tests: JSONL notes about one patient whose family name is a canary (a word no
// output may contain), some of them carrying the word that makes the faulty fixture detector fail, and a stack file.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, tempDir } from "../e2e/helpers.js";

export const CANARY = "Zqxcanaryname";
/** The fixture detector that fails (throws, hangs, answers wrongly) on documents holding its trigger. */
export const FAULTY = join(ROOT, "test/fixtures/plugins/faulty.ts");

export interface CanaryNotesOptions {
  /** Whether note i holds the trigger word FAILHERE. */
  fails: (i: number) => boolean;
  /** The sentence after the trigger (default: a follow-up naming the patient again). */
  then?: string;
  /** A blank input line after note `blankAfter`. */
  blankAfter?: number;
}

/** n notes `d0` … as JSONL, the patient's names in each one's metadata. */
export function canaryNotes(n: number, o: CanaryNotesOptions): string {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const text = `Patient ${CANARY} seen on day ${i}.${o.fails(i) ? " FAILHERE" : ""} ${o.then ?? `Follow-up with ${CANARY}.`}`;
    lines.push(JSON.stringify({ document_id: `d${i}`, text, metadata: { patient: { given_name: "Jan", family_name: CANARY } } }));
    if (i === o.blankAfter) lines.push("");
  }
  return lines.join("\n") + "\n";
}

/** A temporary folder with `in.jsonl` and `stack.json`; `output` is where a run writes. */
export function canaryRun(notes: string, stack: Record<string, unknown>): { dir: string; input: string; stack: string; output: string } {
  const dir = tempDir();
  const input = join(dir, "in.jsonl");
  writeFileSync(input, notes);
  const stackPath = join(dir, "stack.json");
  writeFileSync(stackPath, JSON.stringify(stack));
  return { dir, input, stack: stackPath, output: join(dir, "out.jsonl") };
}
