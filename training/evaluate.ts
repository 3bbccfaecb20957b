// Held-out evaluation of a model directory through the meddeid-onnx plugin itself: generated notes with another
// seed and the invented name source (never seen in training), per note type (referral is held out of training).
// Core-PII character recall and non-PII redaction rate are ratios of summed per-document counts (src/eval).
//
// Usage: node --import tsx training/evaluate.ts --model models/meddeid-nl-small --profiles nl-BE --n 600 --seed 777 \
//          --name-source invented [--write models/meddeid-nl-small/eval.json]
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import type { Document, Span } from "../src/contract/index.js";
import { countDocument } from "../src/eval/index.js";
import { generateCorpus, type NameSource, type ProfileId } from "../src/synth/index.js";
import { createMeddeidDetector } from "../plugins/meddeid-onnx/index.js";

interface Totals {
  documents: number;
  core_chars: number;
  core_chars_hit: number;
  non_pii_chars: number;
  non_pii_chars_redacted: number;
  gold_spans: number;
  gold_spans_hit: number;
}

const empty = (): Totals => ({ documents: 0, core_chars: 0, core_chars_hit: 0, non_pii_chars: 0, non_pii_chars_redacted: 0, gold_spans: 0, gold_spans_hit: 0 });

function add(t: Totals, c: Record<string, number>): void {
  t.documents++;
  for (const k of ["core_chars", "core_chars_hit", "non_pii_chars", "non_pii_chars_redacted", "gold_spans", "gold_spans_hit"] as const) t[k] += c[k] ?? 0;
}

function rates(t: Totals) {
  return {
    documents: t.documents,
    core_pii_recall: t.core_chars_hit / Math.max(1, t.core_chars),
    non_pii_redaction_rate: t.non_pii_chars_redacted / Math.max(1, t.non_pii_chars),
    span_recall: t.gold_spans_hit / Math.max(1, t.gold_spans),
    counts: t,
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      model: { type: "string" },
      profiles: { type: "string", default: "nl-BE" },
      n: { type: "string", default: "600" },
      seed: { type: "string", default: "777" },
      "name-source": { type: "string", default: "invented" },
      threads: { type: "string", default: "1" },
      write: { type: "string" },
    },
  });
  if (!values.model) throw new Error("--model is required");
  const detector = await createMeddeidDetector(
    { model: resolve(values.model), threads: Number(values.threads), batch_size: 4, label_map: {} },
    { baseDir: process.cwd(), projectRoot: process.cwd(), language: values.profiles.split(",")[0] },
  );
  const byType = new Map<string, Totals>();
  const byLabel = new Map<string, Totals>();
  const overall = empty();
  const started = performance.now();
  let documents = 0;
  for (const profile of values.profiles.split(",") as ProfileId[]) {
    const docs: Document[] = generateCorpus({ profile, n: Number(values.n), seed: Number(values.seed), nameSource: values["name-source"] as NameSource });
    documents += docs.length;
    for (let i = 0; i < docs.length; i += 32) {
      const chunk = docs.slice(i, i + 32);
      const predicted = await detector.detectBatch(chunk, { signal: new AbortController().signal, documentIndices: chunk.map((_, k) => i + k) });
      chunk.forEach((doc, k) => {
        const spans: Span[] = predicted[k].map((s) => ({ start: s.start, end: s.end, label: s.label }));
        const counts = countDocument(doc, spans);
        add(overall, counts);
        const noteType = doc.metadata?.note_type;
        const type = typeof noteType === "string" ? noteType : "unknown";
        add(byType.get(type) ?? byType.set(type, empty()).get(type)!, counts);
        for (const [field, value] of Object.entries(counts)) {
          const m = /^core_chars(_hit)?\[label=(.+)\]$/.exec(field);
          if (!m) continue;
          const t = byLabel.get(m[2]) ?? byLabel.set(m[2], empty()).get(m[2])!;
          if (m[1]) t.core_chars_hit += value;
          else t.core_chars += value;
        }
      });
    }
  }
  const seconds = (performance.now() - started) / 1000;
  await detector.close();
  const report = {
    model: detector.spec.name,
    held_out: { profiles: values.profiles, n_per_profile: Number(values.n), seed: Number(values.seed), name_source: values["name-source"] },
    overall: rates(overall),
    by_note_type: Object.fromEntries([...byType].sort().map(([k, v]) => [k, rates(v)])),
    core_pii_recall_by_gold_label: Object.fromEntries([...byLabel].sort().map(([k, v]) => [k, v.core_chars_hit / Math.max(1, v.core_chars)])),
    notes_per_second: documents / seconds,
  };
  const pct = (x: number) => `${(100 * x).toFixed(2)}%`;
  console.log(`${report.model}: held-out ${values.profiles} seed ${values.seed} names ${values["name-source"]}, ${documents} notes`);
  console.log(`  overall        core-PII recall ${pct(report.overall.core_pii_recall)}  non-PII redaction ${pct(report.overall.non_pii_redaction_rate)}  span recall ${pct(report.overall.span_recall)}`);
  for (const [k, v] of Object.entries(report.by_note_type)) console.log(`  ${k.padEnd(14)} core-PII recall ${pct(v.core_pii_recall)}  non-PII redaction ${pct(v.non_pii_redaction_rate)}  (${v.documents} notes)`);
  for (const [k, v] of Object.entries(report.core_pii_recall_by_gold_label)) console.log(`    ${k.padEnd(28)} ${pct(v)}`);
  if (values.write) writeFileSync(values.write, JSON.stringify(report, null, 2) + "\n");
}

await main();
