// Scores a stack on rules-en's own development sets (plugins/rules-en/dev-sets/*.txt, eval-sets markup), with the
// common scorer. These sets were written by the detector's author beside the rules: their figures are tuned
// figures, a regression guard, never an evaluation.
//   node --import tsx plugins/rules-en/scripts/score-dev-sets.ts [--stack rules-only-en] [--show] [files…]
// Files named holdout-* are scored only when named (aggregate figures, never --show, to see whether a rule generalises).
// --show prints, for these fictional development texts only, each missed gold span and each predicted span outside
// gold; it reads plugins/rules-en/dev-sets and the development sets eval-sets/en/dev only and refuses any other file
// (never eval-sets/*/test).
import "reflect-metadata";
import { readdirSync, readFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseDocumentRecord, type Document, type IndexedDocument, type Span } from "../../../src/contract/index.js";
import { scoreCorpus } from "../../../src/eval/index.js";
import { StackRunner, loadStack } from "../../../src/stack/index.js";
import { parseSource } from "../../../eval-sets/tools/markup.js";

const DEV_DIR = fileURLToPath(new URL("../dev-sets", import.meta.url));
const EVAL_DEV_DIR = fileURLToPath(new URL("../../../eval-sets/en/dev", import.meta.url));
const METRICS = ["span_recall", "span_precision", "char_recall", "non_pii_redaction_rate"] as const;

function arg(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
}

async function* indexed(documents: readonly Document[]): AsyncGenerator<IndexedDocument> {
  for (let index = 0; index < documents.length; index++) {
    const { spans: _gold, ...input } = documents[index];
    yield { document: input, index };
  }
}

const pct = (v: number | null | undefined) => (v === null || v === undefined ? "n/a" : `${(100 * v).toFixed(1)}%`);

async function main(argv: string[]): Promise<number> {
  const stackRef = arg(argv, "--stack") ?? "rules-only-en";
  const show = argv.includes("--show");
  const named = argv.filter((a, i) => !a.startsWith("--") && argv[i - 1] !== "--stack");
  const files = (named.length ? named.map((f) => resolve(f)) : readdirSync(DEV_DIR).filter((f) => f.endsWith(".txt") && !f.startsWith("holdout")).map((f) => join(DEV_DIR, f))).sort();
  for (const f of files) {
    if (!f.endsWith(".txt") || (!f.startsWith(DEV_DIR + "/") && !f.startsWith(EVAL_DEV_DIR + "/"))) {
      console.error("score-dev-sets reads plugins/rules-en/dev-sets and eval-sets/en/dev only");
      return 2;
    }
  }
  const stack = await loadStack(stackRef);
  const runner = await StackRunner.create({ ...stack, config: { ...stack.config, leak_guard: false } });
  const allGold: Document[] = [];
  const allPred = new Map<string, Span[]>();
  console.log(`| set | docs | gold | span R | span P | char R | non-PII |\n|---|---:|---:|---:|---:|---:|---:|`);
  try {
    for (const file of files) {
      const docs: Document[] = parseSource(basename(file), readFileSync(file, "utf8")).map((r, i) => parseDocumentRecord(JSON.parse(JSON.stringify(r)), { documentIndex: i }));
      const pred = new Map<string, Span[]>();
      const byId = new Map(docs.map((d) => [d.document_id, d]));
      for await (const record of runner.run(indexed(docs))) {
        // Output spans are on-disk spans (code points): read them back the way a gold file is read.
        const spans = record.spans.map(({ begin, end, label }) => ({ begin, end, label }));
        const parsed = parseDocumentRecord({ document_id: record.document_id, text: byId.get(record.document_id)?.text ?? "", spans }, { documentIndex: 0 });
        pred.set(record.document_id, parsed.spans ?? []);
      }
      const score = scoreCorpus(docs, new Map([["s", pred]]), { metrics: [...METRICS] }).systems[0].metrics;
      const gold = docs.reduce((n, d) => n + (d.spans?.length ?? 0), 0);
      console.log(`| ${basename(file, ".txt")} | ${docs.length} | ${gold} | ${METRICS.map((m) => pct(score[m])).join(" | ")} |`);
      for (const d of docs) {
        allGold.push(d);
        allPred.set(d.document_id, pred.get(d.document_id) ?? []);
      }
      if (show) {
        for (const d of docs) {
          const p = pred.get(d.document_id) ?? [];
          const g = d.spans ?? [];
          const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) => a.start < b.end && b.start < a.end;
          for (const s of g) {
            const hit = p.filter((x) => overlaps(x, s));
            const q = (x: { start: number; end: number }) => JSON.stringify(d.text.slice(x.start, x.end));
            if (hit.length === 0) console.log(`  MISS ${d.document_id} ${s.label} ${q(s)}`);
            else if (hit[0].start > s.start || hit[hit.length - 1].end < s.end) console.log(`  PART ${d.document_id} ${s.label} ${q(s)} got ${hit.map(q).join(" ")}`);
          }
          for (const x of p) {
            const q = JSON.stringify(d.text.slice(x.start, x.end));
            if (!g.some((s) => overlaps(x, s))) console.log(`  FP   ${d.document_id} ${x.label} ${q}`);
            else if (g.some((s) => overlaps(x, s) && (x.start < s.start || x.end > s.end))) console.log(`  WIDE ${d.document_id} ${x.label} ${q}`);
          }
        }
      }
    }
  } finally {
    await runner.close();
  }
  const total = scoreCorpus(allGold, new Map([["s", allPred]]), { metrics: [...METRICS] }).systems[0].metrics;
  const gold = allGold.reduce((n, d) => n + (d.spans?.length ?? 0), 0);
  console.log(`| all | ${allGold.length} | ${gold} | ${METRICS.map((m) => pct(total[m])).join(" | ")} |`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e instanceof Error ? e.message : "failed");
    process.exit(1);
  },
);
