// Chooses a model's `inference.outside_threshold` on a calibration part of the development sets that the model never
// trained on (training/finetune.sh holds it out: CALIBRATE, default the round-five sets). Runs the model alone once
// over those sets, then decodes the same token scores at every threshold of a sweep exactly as the plugin does
// (decodeSpans, then whole words) and scores each with the common scorer. Prints aggregate rates only, never text.
//
// The rule (--rule recall, default): the lowest threshold (fewest tokens flagged) whose pooled core-PII recall reaches
// the target, where the target is --min-recall (default 95%) or, with --reference <model dir>, the higher of that and
// the reference model's recall on the same sets at its own shipped threshold. --rule balanced (needs --reference):
// the threshold where the new model beats the reference by the widest margin on the worse of core-PII recall gain
// and non-PII redaction drop, among thresholds reaching --min-recall (chooseBalanced); a new model is shipped only if
// it improves on both, so this is the operating point that leaves most room on each.
// The held-out round (--held, default t-*-r12) is refused: it is scored only at the start and end of a session.
//
// Usage: node --import tsx training/calibrate.ts --model training/data/out-nl --lang nl [--include '^t-.*-r11$'] \
//          [--reference models/meddeid-nl-small] [--rule recall|balanced] [--min-recall 0.95] [--write]
//   (--write: into the model's bundle.json; a regex that starts with a dash is passed as --include='-r6$')
import "reflect-metadata";
import { readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { parseArgs } from "node:util";
import { loadJsonlDocuments, type DetectedSpan, type Document } from "../src/contract/index.js";
import { scoreCorpus } from "../src/eval/index.js";
import { listSources, ROOT } from "../eval-sets/tools/build.js";
import { readModelDirectory } from "../plugins/meddeid-onnx/bundle.js";
import { aggregateWords, decodeSpans, extendToWholeWords, type TokenScores, type WordAggregation } from "../plugins/meddeid-onnx/decode.js";
import { TokenClassifierEngine } from "../plugins/meddeid-onnx/engine.js";
import { TextTokenizer, type TokenizedText } from "../plugins/meddeid-onnx/tokenizer.js";

export interface Scored {
  doc: Document;
  tokens: TokenizedText;
  scores: TokenScores | undefined;
}

export interface SweepPoint {
  threshold: number;
  /** How a word's tokens pooled P(O) (decode.ts aggregateWords). */
  aggregation?: WordAggregation;
  core_pii_recall: number | null;
  non_pii_redaction_rate: number | null;
  span_recall: number | null;
  span_precision: number | null;
}

/** The calibration sets of a language: names matching `include`, never one matching `held`, never a test set. */
export function calibrationSets(sources: readonly string[], lang: string, include: RegExp, held: RegExp): string[] {
  return sources.filter((s) => s.startsWith(`${lang}/dev/`) && include.test(basename(s, ".txt")) && !held.test(basename(s, ".txt")));
}

/** The lowest threshold whose recall reaches `target`; the highest swept one when none does. */
export function chooseThreshold(points: readonly SweepPoint[], target: number): SweepPoint {
  const sorted = [...points].sort((a, b) => a.threshold - b.threshold);
  return sorted.find((p) => (p.core_pii_recall ?? 0) >= target) ?? sorted[sorted.length - 1];
}

/**
 * The threshold at which a new model beats a reference by the widest margin on the worse of the two figures:
 * max over thresholds of min(recall gain, non-PII redaction drop), among thresholds whose recall reaches `minRecall`
 * (all of them when none does). Undefined when no threshold is at least as good as the reference on both.
 */
export function chooseBalanced(points: readonly SweepPoint[], reference: SweepPoint, minRecall: number): SweepPoint | undefined {
  const margin = (p: SweepPoint) => Math.min((p.core_pii_recall ?? 0) - (reference.core_pii_recall ?? 0), (reference.non_pii_redaction_rate ?? 1) - (p.non_pii_redaction_rate ?? 1));
  const reaching = points.filter((p) => (p.core_pii_recall ?? 0) >= minRecall);
  const pool = reaching.length ? reaching : [...points];
  const best = pool.reduce((a, b) => (margin(b) > margin(a) ? b : a));
  return margin(best) >= 0 ? best : undefined;
}

async function scoreModel(modelDir: string, sets: readonly string[]): Promise<{ docs: Scored[]; shipped?: number; aggregation?: WordAggregation }> {
  const spec = await readModelDirectory(modelDir);
  const tokenizer = await TextTokenizer.fromFile(spec.tokenizerPath);
  const engine = await TokenClassifierEngine.create(spec, tokenizer, { threads: 1, batchSize: 4, minScore: 0 });
  try {
    return { docs: await tokenScoresOfSets(engine, sets), shipped: spec.outsideThreshold, aggregation: spec.wordAggregation };
  } finally {
    await engine.close();
  }
}

/** The engine's token scores for every document of the given eval sets (paths under eval-sets/), 16 at a time. */
export async function tokenScoresOfSets(engine: TokenClassifierEngine, sets: readonly string[]): Promise<Scored[]> {
  const docs: Scored[] = [];
  for (const set of sets) {
    const documents = await loadJsonlDocuments(join(ROOT, set.replace(/\.txt$/, ".jsonl")));
    for (let i = 0; i < documents.length; i += 16) {
      const chunk = documents.slice(i, i + 16);
      const out = await engine.tokenScores(chunk.map((d) => d.text));
      out.forEach((o, k) => docs.push({ doc: chunk[k], ...o }));
    }
  }
  return docs;
}

function point(docs: readonly Scored[], threshold: number | undefined, aggregation: WordAggregation = "token"): SweepPoint {
  const predictions = new Map<string, DetectedSpan[]>();
  for (const d of docs) {
    const scores = d.scores && aggregateWords(d.doc.text, d.tokens.starts, d.tokens.ends, d.scores, aggregation);
    predictions.set(d.doc.document_id, scores ? extendToWholeWords(d.doc.text, decodeSpans(d.doc.text, d.tokens.starts, d.tokens.ends, scores, 0, threshold)) : []);
  }
  const s = scoreCorpus(
    docs.map((d) => d.doc),
    new Map([["model", predictions as never]]),
    { metrics: ["core_pii_recall", "non_pii_redaction_rate", "span_recall", "span_precision"] },
  );
  const m = s.systems[0].metrics;
  return {
    threshold: threshold ?? 0,
    aggregation,
    core_pii_recall: m.core_pii_recall ?? null,
    non_pii_redaction_rate: m.non_pii_redaction_rate ?? null,
    span_recall: m.span_recall ?? null,
    span_precision: m.span_precision ?? null,
  };
}

const pct = (v: number | null | undefined): string => (v == null ? "n/a" : `${(100 * v).toFixed(2)}%`);
const line = (name: string, p: SweepPoint) =>
  `  ${name.padEnd(34)} core ${pct(p.core_pii_recall)}  non-PII ${pct(p.non_pii_redaction_rate)}  span R ${pct(p.span_recall)}  span P ${pct(p.span_precision)}`;

async function main(): Promise<void> {
  const { values: args } = parseArgs({
    options: {
      model: { type: "string" },
      lang: { type: "string" },
      include: { type: "string", default: "^t-.*-r11$" },
      held: { type: "string", default: "^t-.*-r12$" },
      reference: { type: "string" },
      "min-recall": { type: "string", default: "0.95" },
      rule: { type: "string", default: "recall" },
      thresholds: { type: "string", default: "0.5,0.6,0.7,0.8,0.85,0.88,0.9,0.91,0.92,0.93,0.94,0.95,0.955,0.96,0.965,0.97,0.975,0.98,0.985,0.99,0.995" },
      /** Word aggregations to sweep (comma-separated: token, mean, max); each with every threshold. */
      aggregation: { type: "string", default: "token" },
      write: { type: "boolean", default: false },
    },
  });
  if (!args.model || !args.lang) throw new Error("usage: calibrate.ts --model <dir> --lang <nl|fr|en> [--include re] [--reference <dir>] [--write]");
  const sets = calibrationSets(listSources(), args.lang, new RegExp(args.include!), new RegExp(args.held!));
  if (sets.length === 0) throw new Error("no calibration set matches");
  const { docs } = await scoreModel(args.model, sets);
  const gold = docs.reduce((n, d) => n + (d.doc.spans?.length ?? 0), 0);
  console.log(`${basename(args.model)} on ${args.lang}/dev ${sets.map((s) => basename(s, ".txt")).join(", ")} (${docs.length} documents, ${gold} gold spans)`);
  let target = Number(args["min-recall"]);
  let reference: SweepPoint | undefined;
  if (args.reference) {
    const ref = await scoreModel(args.reference, sets);
    reference = point(ref.docs, ref.shipped, ref.aggregation);
    console.log(line(`reference at its threshold ${ref.shipped ?? "argmax"}`, reference));
    target = Math.max(target, reference.core_pii_recall ?? 0);
  }
  const aggregations = args.aggregation!.split(",") as WordAggregation[];
  for (const a of aggregations) if (!["token", "mean", "max"].includes(a)) throw new Error(`--aggregation: token, mean or max, not ${a}`);
  const points = aggregations.flatMap((a) => args.thresholds!.split(",").map(Number).map((t) => point(docs, t, a)));
  for (const p of points) console.log(line(`${p.aggregation} outside_threshold ${p.threshold}`, p));
  if (args.rule !== "recall" && args.rule !== "balanced") throw new Error("--rule recall|balanced");
  if (args.rule === "balanced" && !reference) throw new Error("--rule balanced needs --reference");
  const balanced = args.rule === "balanced" ? chooseBalanced(points, reference!, Number(args["min-recall"])) : undefined;
  if (args.rule === "balanced" && !balanced) console.log("no threshold is at least as good as the reference on both figures: the recall rule decides");
  const chosen = balanced ?? chooseThreshold(points, target);
  const rule = balanced
    ? `the widest margin over the reference on the worse of core-PII recall gain and non-PII redaction drop, among thresholds reaching ${pct(Number(args["min-recall"]))}`
    : `lowest outside_threshold whose pooled core-PII recall reaches ${pct(target)}${reference ? " (the reference model's recall at its threshold, at least " + pct(Number(args["min-recall"])) + ")" : ""}`;
  console.log(`${rule}: outside_threshold ${chosen.threshold}, word aggregation ${chosen.aggregation}`);
  // A calibration set the model trained on gives an in-sample operating point: said here and in the bundle.
  const bundle = JSON.parse(readFileSync(join(args.model, "bundle.json"), "utf8"));
  const trained = new Set<string>((bundle.training?.data?.dev_sets ?? []).map((s: string) => s.replace(/\.jsonl$/, "")));
  const inTraining = sets.map((s) => s.replace(/\.txt$/, "")).filter((s) => trained.has(s));
  if (inTraining.length) console.log(`warning: ${inTraining.length} of ${sets.length} calibration sets are in the model's training data (in-sample): ${inTraining.join(", ")}`);
  if (args.write) {
    const path = join(args.model, "bundle.json");
    bundle.inference.outside_threshold = chosen.threshold;
    if (chosen.aggregation && chosen.aggregation !== "token") bundle.inference.word_aggregation = chosen.aggregation;
    else delete bundle.inference.word_aggregation;
    bundle.training.calibration = {
      sets: sets.map((s) => s.replace(/\.txt$/, "")),
      rule,
      chosen,
      ...(inTraining.length ? { in_training: inTraining } : {}),
      ...(reference ? { reference: { model: basename(args.reference!), ...reference } } : {}),
    };
    writeFileSync(path, JSON.stringify(bundle, null, 2));
    console.log(`written to ${path}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
