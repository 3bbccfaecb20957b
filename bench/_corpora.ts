// The two corpora the stack-level benchmarks run on, with the same metadata a run would have:
// - generated: synthetic nl-BE notes of about 2,000 characters (bench/_notes.ts, `deidstack synth` notes joined);
// - hand-written: the texts of eval-sets/nl/dev/*.jsonl (written by people who never read detector code; the dev
//   split only, never test), gold spans dropped, repeated until the corpus holds about `targetBytes` of text.
//   The newest round retired from test to dev (the highest `t-*-rN` sets) is held out for the session after its
//   retirement and is not read here (heldOutDevFile; BENCH_HELD_OUT=rN names another round, "none" reads all).
// Each repeated copy is a new Document object with its own id, so nothing memoised per document is reused; the
// strings themselves repeat, which only a cache keyed by note text could exploit (none is).
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { loadJsonlDocuments, type Document } from "../src/contract/index.js";
import { PROJECT_ROOT } from "../src/detectors/index.js";
import { benchNotes } from "./_notes.js";

export interface BenchCorpus {
  name: string;
  description: string;
  documents: Document[];
  /** UTF-8 bytes of all texts. */
  textBytes: number;
}

const bytesOf = (docs: readonly Document[]) => docs.reduce((n, d) => n + Buffer.byteLength(d.text, "utf8"), 0);

export function generatedCorpus(notes: number): BenchCorpus {
  const documents = benchNotes(notes).map((d, i) => ({
    ...d,
    metadata: { ...d.metadata, lang: "nl-BE", document_creation_date: d.metadata?.document_creation_date ?? "2025-01-15" },
    document_id: `gen-${i}`,
  }));
  return { name: "generated", description: `${notes} synthetic nl-BE notes (synth --seed 7, joined to ~2,000 chars)`, documents, textBytes: bytesOf(documents) };
}

export const HAND_WRITTEN_DIR = join(PROJECT_ROOT, "eval-sets", "nl", "dev");

/**
 * The round of dev sets the benchmarks leave out: BENCH_HELD_OUT (rN, or "none"), else the highest round of the
 * `t-*-rN` sets of the directory (the round last retired from test, held out until the session after next).
 */
export function heldOutRound(files: readonly string[]): string | null {
  const asked = process.env.BENCH_HELD_OUT;
  if (asked) return asked === "none" ? null : asked;
  let best = 0;
  for (const f of files) {
    const m = /^t-.*-r(\d+)\.jsonl$/.exec(f);
    if (m) best = Math.max(best, Number(m[1]));
  }
  return best ? `r${best}` : null;
}

/** The `.jsonl` files of a dev directory the benchmarks may read (the held-out round left out), sorted. */
export function benchDevFiles(dir: string): string[] {
  const all = readdirSync(dir).filter((f) => f.endsWith(".jsonl")).sort();
  const round = heldOutRound(all);
  return round ? all.filter((f) => !(f.startsWith("t-") && f.endsWith(`-${round}.jsonl`))) : all;
}

/** The hand-written dev texts as they are (gold spans dropped), in file order. */
export async function handWrittenTexts(): Promise<{ files: string[]; documents: Document[] }> {
  const files = benchDevFiles(HAND_WRITTEN_DIR);
  const documents: Document[] = [];
  for (const f of files) {
    for (const d of await loadJsonlDocuments(join(HAND_WRITTEN_DIR, f))) {
      const { spans: _gold, ...input } = d;
      documents.push(input);
    }
  }
  if (documents.length === 0) throw new Error("no hand-written dev texts found");
  return { files, documents };
}

/**
 * Hand-written notes: the dev texts (letters, sentences, fragments) joined with blank lines into notes of about
 * `targetChars` characters, in a different seeded order for each copy, until the corpus holds about `targetBytes`.
 * A note's metadata is that of the first of its texts that has some (their names are found, the others' not).
 */
export async function handWrittenCorpus(targetBytes: number, targetChars = 2000, seed = 7): Promise<BenchCorpus> {
  const { files, documents: texts } = await handWrittenTexts();
  const documents: Document[] = [];
  let state = seed >>> 0;
  const random = () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  let bytes = 0;
  for (let round = 0; bytes < targetBytes; round++) {
    const order = texts.map((_, i) => i);
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    let parts: Document[] = [];
    let chars = 0;
    const flush = () => {
      if (parts.length === 0) return;
      const withMetadata = parts.find((p) => p.metadata);
      const doc: Document = { document_id: `hand-${documents.length}`, text: parts.map((p) => p.text).join("\n\n") };
      if (withMetadata?.metadata) doc.metadata = structuredClone(withMetadata.metadata);
      documents.push(doc);
      bytes += Buffer.byteLength(doc.text, "utf8");
      parts = [];
      chars = 0;
    };
    for (const k of order) {
      parts.push(texts[k]);
      chars += texts[k].text.length + 2;
      if (chars >= targetChars) flush();
      if (bytes >= targetBytes) break;
    }
    flush();
  }
  const once = bytesOf(texts);
  return {
    name: "hand-written",
    description: `${texts.length} hand-written eval-sets/nl/dev texts (${files.join(", ")}; ${(once / 1e3).toFixed(0)} kB) joined into notes of ~${targetChars} chars, reshuffled per copy`,
    documents,
    textBytes: bytesOf(documents),
  };
}
