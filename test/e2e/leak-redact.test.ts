// The leak guard's `on_leak: redact` through the real CLI: a surviving identifier (here the second occurrence of a
// name, in any disguise) is redacted in place and recorded with counts and offsets, the document is kept, and no
// text is quoted anywhere; the default stays `refuse`, and a bad setting is a configuration error.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { foldNeedle } from "../../src/contract/fold.js";
import { ROOT, canaryLeaked, runCli, tempDir } from "./helpers.js";

const FAMILY = "Qwertaal";
const FIRST = join(ROOT, "test/fixtures/plugins/first-occurrence.ts");
const WRITTEN = ["Qwertaal", "Qwer\u00adtaal", "Qwe\u200brtaal", "Qwer-\ntaal", "Ｑｗｅｒｔａａｌ", "Qwеrtааl", "QWERTAAL", "Q w e r t a a l", "Q.W.E.R.T.A.A.L"];

function setup(leakGuard: unknown) {
  const dir = tempDir();
  const stack = join(dir, "stack.json");
  writeFileSync(stack, JSON.stringify({ name: "first", detectors: [{ use: FIRST, with: { word: FAMILY } }], healing: null, leak_guard: leakGuard }));
  const input = join(dir, "in.jsonl");
  const docs = WRITTEN.map((w, i) => ({ document_id: `d${i}`, text: `${FAMILY} kwam. Later belde ${w} terug.` }));
  writeFileSync(input, docs.map((d) => JSON.stringify(d)).join("\n") + "\n");
  return { dir, stack, input, docs, output: join(dir, "out.jsonl") };
}

describe("leak guard on_leak: redact through the CLI", () => {
  it("redacts every disguised survivor, keeps every document, records counts and offsets, quotes no text", async () => {
    const { dir, stack, input, docs, output } = setup({ on_leak: "redact" });
    const r = await runCli(["run", "--stack", stack, input, "-o", output]);
    expect(r.code).toBe(0);
    const records = readFileSync(output, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    expect(records).toHaveLength(docs.length);
    records.forEach((rec, i) => {
      expect(rec.deid_text, rec.document_id).toBe("[Name:Patient] kwam. Later belde [Name:Patient] terug.");
      expect(foldNeedle(rec.deid_text)).not.toContain(foldNeedle(FAMILY));
      expect(rec.warnings.map((w: { code: string }) => w.code)).toContain("leak_guard_redacted");
      expect(rec.processing.leak_guard.on_leak).toBe("redact");
      expect(rec.processing.leak_guard.redacted.original_text).toBe(1);
      const begin = [...docs[i].text.slice(0, docs[i].text.lastIndexOf(WRITTEN[i]))].length;
      const end = begin + [...WRITTEN[i]].length;
      expect(rec.processing.leak_guard.redacted_regions).toEqual([[begin, end]]);
      expect(rec.spans.find((s: { detectors: string[] }) => s.detectors.includes("leak-guard"))).toMatchObject({ begin, end, label: "Name:Patient", replacement: "[Name:Patient]" });
      expect(rec.provenance.leak_guard).toEqual({ on_leak: "redact" });
    });
    // The output holds no form of the name; the stack file names the word on purpose.
    expect(canaryLeaked(FAMILY, r, dir, [input, stack])).toBe(false);
  });

  it("the default still refuses: exit 1, E_LEAK_GUARD, no output", async () => {
    const { stack, input, output } = setup(true);
    const r = await runCli(["run", "--stack", stack, input, "-o", output]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain("E_LEAK_GUARD");
    expect(r.stderr).not.toContain(FAMILY);
  });

  it("an unknown on_leak is a configuration error naming the field", async () => {
    const { stack, input, output } = setup({ on_leak: "ignore" });
    const r = await runCli(["run", "--stack", stack, input, "-o", output]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/E_STACK_CONFIG.*leak_guard/);
  });
});
