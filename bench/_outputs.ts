// Not a benchmark: writes what the deterministic stacks output on the bench corpora and the dev texts (every
// record, or the leak guard's refusal code), and prints a sha256 per corpus, so a speed change can be checked to
// change no output span. Counts and digests only on stdout; the records go to the directory given.
//   node --import tsx bench/_outputs.ts <out-dir>
import "reflect-metadata";
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DeidError, loadJsonlDocuments, type Document } from "../src/contract/index.js";
import { PROJECT_ROOT } from "../src/detectors/index.js";
import { StackRunner, loadStack } from "../src/stack/index.js";
import { benchDevFiles, generatedCorpus, handWrittenCorpus, handWrittenTexts } from "./_corpora.js";

const outDir = process.argv[2];
if (!outDir) throw new Error("usage: _outputs.ts <out-dir>");
mkdirSync(outDir, { recursive: true });

async function devTexts(lang: string): Promise<Document[]> {
  const dir = join(PROJECT_ROOT, "eval-sets", lang, "dev");
  const out: Document[] = [];
  for (const f of benchDevFiles(dir)) {
    for (const d of await loadJsonlDocuments(join(dir, f))) {
      const { spans: _g, ...input } = d;
      out.push(input);
    }
  }
  return out;
}

const sets: [string, string, Document[], Record<string, unknown>?][] = [
  ["generated", "rules-only", generatedCorpus(300).documents],
  ["hand-notes", "rules-only", (await handWrittenCorpus(300_000)).documents],
  ["nl-dev", "rules-only", (await handWrittenTexts()).documents],
  ["fr-dev", "rules-only", await devTexts("fr")],
  ["en-dev", "rules-only-en", await devTexts("en")],
  ["generated-redact-propagate", "rules-only", generatedCorpus(150).documents, { leak_guard: { on_leak: "redact" }, healing_options: { propagate_names: true } }],
  ["generated-numbered", "rules-only", generatedCorpus(150).documents, { transform: "numbered" }],
  ["generated-pseudonymise", "rules-only", generatedCorpus(150).documents, { transform: { type: "pseudonymise" }, healing_options: { propagate_names: true } }],
];
// With BENCH_OUTPUTS_KEY (the absolute path of a key file, `deidstack key new`): keyed surrogates too, the same
// key before and after a change.
const key = process.env.BENCH_OUTPUTS_KEY;
if (key) {
  sets.push(["generated-surrogates", "rules-only", generatedCorpus(150).documents, { transform: { type: "surrogates", key_file: key } }]);
  sets.push(["nl-dev-surrogates-redact", "rules-only", (await handWrittenTexts()).documents, { transform: { type: "surrogates", key_file: key }, leak_guard: { on_leak: "redact" } }]);
  sets.push(["en-dev-pseudonymise-key", "rules-only-en", await devTexts("en"), { transform: { type: "pseudonymise", key_file: key } }]);
}
for (const [name, stackName, docs, override] of sets) {
  const stack = await loadStack(stackName);
  const runner = await StackRunner.create(override ? { ...stack, config: { ...stack.config, ...override } } : stack, { concurrency: 1 });
  const signal = new AbortController().signal;
  const lines: string[] = [];
  let spans = 0;
  let refused = 0;
  for (const [i, d] of docs.entries()) {
    try {
      const r = await runner.processDocument({ ...d }, i, signal);
      spans += r.spans.length;
      const { provenance: _p, ...rest } = r;
      lines.push(JSON.stringify(rest));
    } catch (err) {
      if (!(err instanceof DeidError)) throw err;
      refused++;
      lines.push(JSON.stringify({ document_id: d.document_id, error: err.code, message: err.message }));
    }
  }
  await runner.close();
  const body = lines.join("\n") + "\n";
  writeFileSync(join(outDir, `${name}.jsonl`), body, { mode: 0o600 });
  console.log(`${name.padEnd(28)} ${String(docs.length).padStart(5)} docs ${String(spans).padStart(6)} spans ${String(refused).padStart(4)} refused  ${createHash("sha256").update(body).digest("hex").slice(0, 16)}`);
}
