// Pooled scores of one stack over every hand-written set of a language and split (eval-sets/<lang>/<split>/*),
// with the leak guard off as in `npm run eval`. Prints aggregate rates and counts only, never a document.
// Used for the model cards: each shipped model alone (eval-sets/stacks/meddeid-<lang>-alone.yaml) and no-llm(-en).
//
// Usage: node --import tsx training/eval-pooled.ts <stack> <lang> <split> [<regex on set name>]
//   (the regex picks a part of the split, e.g. '^(t-.*-r4|extra-r5)$' for the part the 3.x models never trained on)
import "reflect-metadata";
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { once } from "node:events";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { loadJsonlDocuments, type Document, type IndexedDocument } from "../src/contract/index.js";
import { loadCorpus, loadPredictions, scoreCorpus } from "../src/eval/index.js";
import { StackRunner, loadStack } from "../src/stack/index.js";
import { listSources, ROOT } from "../eval-sets/tools/build.js";

const [stackRef, lang, split, pick] = process.argv.slice(2);
if (!stackRef || !lang || !split) throw new Error("usage: eval-pooled.ts <stack> <lang> <split> [<regex on set name>]");
const picked = new RegExp(pick ?? ".");
const sets = listSources().filter((s) => s.startsWith(`${lang}/${split}/`) && picked.test(basename(s, ".txt")));
if (sets.length === 0) throw new Error(`no set of ${lang}/${split} matches ${picked}`);
const stack = await loadStack(stackRef);
const runner = await StackRunner.create({ ...stack, config: { ...stack.config, leak_guard: false } });
const work = mkdtempSync(join(tmpdir(), "deidstack-pooled-"));
const gold: Document[] = [];
const predictions = new Map<string, unknown>();
try {
  for (const set of sets) {
    const jsonl = join(ROOT, set.replace(/\.txt$/, ".jsonl"));
    const inputs = await loadJsonlDocuments(jsonl);
    const out = join(work, "pred.jsonl");
    const stream = createWriteStream(out, { flags: "w", mode: 0o600 });
    async function* indexed(): AsyncGenerator<IndexedDocument> {
      for (let index = 0; index < inputs.length; index++) {
        const { spans: _g, ...input } = inputs[index];
        yield { document: input, index };
      }
    }
    for await (const record of runner.run(indexed())) if (!stream.write(JSON.stringify(record) + "\n")) await once(stream, "drain");
    stream.end();
    await once(stream, "close");
    const corpus = await loadCorpus(jsonl);
    const pred = await loadPredictions(out, { gold: corpus.documents });
    gold.push(...corpus.documents);
    for (const [k, v] of pred.predictions as Map<string, unknown>) predictions.set(k, v);
  }
} finally {
  await runner.close();
  rmSync(work, { recursive: true, force: true });
}
const score = scoreCorpus(gold, new Map([[stack.config.name, predictions as never]]), {
  metrics: ["core_pii_recall", "char_recall", "non_pii_redaction_rate", "span_recall", "span_precision"],
});
const m = score.systems[0].metrics;
const pct = (v: number | null | undefined) => (v == null ? "n/a" : `${(100 * v).toFixed(2)}%`);
console.log(
  `${stack.config.name} on ${lang}/${split}${pick ? ` ${pick}` : ""} (${sets.length} sets, ${gold.length} documents, ${gold.reduce((n, d) => n + (d.spans?.length ?? 0), 0)} gold spans): ` +
    `core-PII recall ${pct(m.core_pii_recall)}, non-PII redaction ${pct(m.non_pii_redaction_rate)}, span recall ${pct(m.span_recall)}, span precision ${pct(m.span_precision)}`,
);
