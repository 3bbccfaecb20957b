// Not a benchmark: writes the two stack-bench corpora (bench/_corpora.ts) as JSON lines for the side-by-side run
// against the Python Dutch tools (docs/speed.md): {"document_id", "text", "patient": {"first_names", "surname"}?},
// the input of baselines/deduce/driver.py. Counts only on stdout.
//   node --import tsx bench/_export-corpora.ts <out-dir> [generated-notes=1000] [hand-written-MB=1]
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Document } from "../src/contract/index.js";
import { generatedCorpus, handWrittenCorpus } from "./_corpora.js";

const [outDir, notes = "1000", mb = "1"] = process.argv.slice(2);
if (!outDir) throw new Error("usage: _export-corpora.ts <out-dir> [generated-notes] [hand-written-MB]");
mkdirSync(outDir, { recursive: true });
const record = (d: Document) => {
  const p = d.metadata?.patient;
  const first = (p?.given_name ?? "").split(/\s+/).filter(Boolean);
  const patient = first.length || p?.family_name ? { patient: { first_names: first, surname: p?.family_name ?? null } } : {};
  return JSON.stringify({ document_id: d.document_id, text: d.text, ...patient });
};
for (const corpus of [generatedCorpus(Number(notes)), await handWrittenCorpus(Number(mb) * 1e6)]) {
  const file = join(outDir, `${corpus.name}.jsonl`);
  writeFileSync(file, corpus.documents.map(record).join("\n") + "\n", { mode: 0o600 });
  console.log(`${file}: ${corpus.documents.length} notes, ${(corpus.textBytes / 1e6).toFixed(2)} MB of text`);
}
