// Why a shipped model over-redacts hand-written text: runs one model alone over development sets (never test sets)
// and prints aggregate counts only (no note text): scores of decoding variants, false-positive characters by word
// class, span lengths, line and window crossings, and the score distribution of false vs true positive spans.
//
// Usage: node --import tsx training/diagnose-dev.ts --model models/meddeid-nl-small --lang nl \
//          [--include '<regex on set name>'] [--exclude '<regex>'] [--variants]
import "reflect-metadata";
import { parseArgs } from "node:util";
import { basename } from "node:path";
import type { DetectedSpan } from "../src/contract/index.js";
import { scoreCorpus } from "../src/eval/index.js";
import { listSources } from "../eval-sets/tools/build.js";
import { readModelDirectory } from "../plugins/meddeid-onnx/bundle.js";
import { BIO_B, BIO_I, BIO_O, decodeSpans, extendToWholeWords, type TokenScores } from "../plugins/meddeid-onnx/decode.js";
import { TokenClassifierEngine } from "../plugins/meddeid-onnx/engine.js";
import { tokenScoresOfSets, type Scored } from "./calibrate.js";
import { TextTokenizer } from "../plugins/meddeid-onnx/tokenizer.js";

const { values: args } = parseArgs({
  options: {
    model: { type: "string" },
    lang: { type: "string" },
    include: { type: "string", default: "." },
    exclude: { type: "string", default: "^$" },
    variants: { type: "boolean", default: false },
  },
});
if (!args.model || !args.lang) throw new Error("usage: diagnose-dev.ts --model <dir> --lang <nl|en|fr> [--include re] [--exclude re]");
const include = new RegExp(args.include!);
const exclude = new RegExp(args.exclude!);
const sets = listSources()
  .filter((s) => s.startsWith(`${args.lang}/dev/`))
  .filter((s) => {
    const name = basename(s, ".txt");
    return include.test(name) && !exclude.test(name);
  });
if (sets.length === 0) throw new Error("no development set matches");

const spec = await readModelDirectory(args.model);
const tokenizer = await TextTokenizer.fromFile(spec.tokenizerPath);
const engine = await TokenClassifierEngine.create(spec, tokenizer, { threads: 1, batchSize: 4, minScore: 0 });

let docs: Scored[];
try {
  docs = await tokenScoresOfSets(engine, sets);
} finally {
  await engine.close();
}
const goldSpans = docs.reduce((n, d) => n + (d.doc.spans?.length ?? 0), 0);
console.log(`${spec.name} alone on ${args.lang}/dev: ${sets.length} sets (${sets.map((s) => basename(s, ".txt")).join(", ")}), ${docs.length} documents, ${goldSpans} gold spans`);

const pct = (v: number | null | undefined): string => (v == null ? "n/a" : `${(100 * v).toFixed(2)}%`);
function score(name: string, decode: (d: Scored) => DetectedSpan[]): Map<string, DetectedSpan[]> {
  const predictions = new Map<string, DetectedSpan[]>();
  for (const d of docs) predictions.set(d.doc.document_id, d.scores ? decode(d) : []);
  const s = scoreCorpus(
    docs.map((d) => d.doc),
    new Map([[name, predictions as never]]),
    { metrics: ["core_pii_recall", "non_pii_redaction_rate", "span_recall", "span_precision"] },
  );
  const m = s.systems[0].metrics;
  console.log(
    `  ${name.padEnd(42)} core ${pct(m.core_pii_recall)}  non-PII ${pct(m.non_pii_redaction_rate)}  span R ${pct(m.span_recall)}  span P ${pct(m.span_precision)}`,
  );
  return predictions;
}

/** Shipped decoding (decodeSpans, then whole words), optionally with a minimum span score. */
const shipped = (minScore = 0) => (d: Scored) => extendToWholeWords(d.doc.text, decodeSpans(d.doc.text, d.tokens.starts, d.tokens.ends, d.scores!, minScore));

console.log("decoding variants (same token scores):");
const base = score("shipped (argmax, I opens, whole words)", shipped());
if (args.variants) {
  score("no whole-word growth", (d) => decodeSpans(d.doc.text, d.tokens.starts, d.tokens.ends, d.scores!, 0));
  score("an I without a B opens nothing", (d) => {
    // Turn an I that follows O into O, then decode as shipped.
    const bio = Float32Array.from(d.scores!.bio);
    let prev = BIO_O;
    for (let t = 0; t < d.tokens.ids.length; t++) {
      const r = t * 3;
      let tag = bio[r + 1] > bio[r] && bio[r + 1] >= bio[r + 2] ? BIO_B : bio[r + 2] > bio[r] ? BIO_I : BIO_O;
      if (tag === BIO_I && prev === BIO_O) {
        bio[r] = 1;
        bio[r + 1] = 0;
        bio[r + 2] = 0;
        tag = BIO_O;
      }
      prev = tag;
    }
    return extendToWholeWords(d.doc.text, decodeSpans(d.doc.text, d.tokens.starts, d.tokens.ends, { ...d.scores!, bio }, 0));
  });
  score("split spans at line breaks", (d) =>
    shipped()(d).flatMap((s) => {
      const parts: DetectedSpan[] = [];
      let start = s.start;
      for (let i = s.start; i <= s.end; i++) {
        if (i === s.end || d.doc.text[i] === "\n") {
          const seg = d.doc.text.slice(start, i);
          const lead = seg.length - seg.trimStart().length;
          const trail = seg.length - seg.trimEnd().length;
          if (/[\p{L}\p{N}]/u.test(seg)) parts.push({ ...s, start: start + lead, end: i - trail });
          start = i + 1;
        }
      }
      return parts;
    }),
  );
  for (const m of [0.5, 0.8, 0.9, 0.95, 0.99]) score(`min_score ${m}`, shipped(m));
  /** Each word's tokens get the word's mean P(O) (B and I scaled to keep their ratio): one decision per word. */
  const wordMean = (d: Scored): TokenScores => {
    const bio = Float32Array.from(d.scores!.bio);
    const { starts, ends } = d.tokens;
    let t = 0;
    for (const m of d.doc.text.matchAll(/[\p{L}\p{N}]+/gu)) {
      const a = m.index;
      const b = a + m[0].length;
      while (t < starts.length && ends[t] <= a) t++;
      let u = t;
      let sum = 0;
      while (u < starts.length && starts[u] < b) sum += bio[3 * u++];
      if (u - t < 2) continue;
      const mean = sum / (u - t);
      for (let k = t; k < u; k++) {
        const rest = bio[3 * k + 1] + bio[3 * k + 2];
        const f = rest > 0 ? (1 - mean) / rest : 0;
        bio[3 * k] = mean;
        bio[3 * k + 1] *= f;
        bio[3 * k + 2] *= f;
      }
    }
    return { ...d.scores!, bio };
  };
  for (const o of [0.5, 0.7, 0.8, 0.85, 0.9, 0.95]) {
    score(`word-mean P(O), outside_threshold ${o}`, (d) => extendToWholeWords(d.doc.text, decodeSpans(d.doc.text, d.tokens.starts, d.tokens.ends, wordMean(d), 0, o)));
  }
  for (const o of (process.env.THRESHOLDS ?? "0.5,0.6,0.7,0.8,0.9").split(",").map(Number)) {
    score(`outside_threshold ${o}`, (d) => extendToWholeWords(d.doc.text, decodeSpans(d.doc.text, d.tokens.starts, d.tokens.ends, d.scores!, 0, o)));
    score(`outside_threshold ${o}, no whole-word growth`, (d) => decodeSpans(d.doc.text, d.tokens.starts, d.tokens.ends, d.scores!, 0, o));
  }
}

// Breakdown of the shipped decoding's false positives.
type WordClass = "lower-case word" | "capitalised word" | "upper-case word" | "digits / alphanumeric" | "mixed-case word";
const classOf = (w: string): WordClass => {
  if (/\p{N}/u.test(w)) return "digits / alphanumeric";
  if (w === w.toLowerCase()) return "lower-case word";
  if (w.length > 1 && w === w.toUpperCase()) return "upper-case word";
  if (w[0] === w[0].toUpperCase() && w.slice(1) === w.slice(1).toLowerCase()) return "capitalised word";
  return "mixed-case word";
};
const wordChars = new Map<string, number>();
const wordCounts = new Map<string, { flagged: number; total: number }>();
let fpSpace = 0;
let fpPunct = 0;
let outsideChars = 0;
let fpChars = 0;
const firstWord = { flagged: 0, total: 0 };
const lineFirstWord = { flagged: 0, total: 0 };
const midWord = { flagged: 0, total: 0 };
const fpSpanWords: number[] = [];
const fpScores: number[] = [];
const tpScores: number[] = [];
let fpSpansWithNewline = 0;
let fpSpansMultiWindow = 0;
let docsMultiWindow = 0;
const bump = (m: Map<string, number>, k: string, n = 1) => m.set(k, (m.get(k) ?? 0) + n);
for (const d of docs) {
  const text = d.doc.text;
  const gold = new Uint8Array(text.length);
  for (const s of d.doc.spans ?? []) gold.fill(1, s.start, s.end);
  const pred = new Uint8Array(text.length);
  const spans = base.get(d.doc.document_id) ?? [];
  for (const s of spans) pred.fill(1, s.start, s.end);
  const multiWindow = d.tokens.ids.length > spec.maxLength - 2;
  if (multiWindow) docsMultiWindow++;
  for (let i = 0; i < text.length; i++) {
    if (gold[i]) continue;
    outsideChars++;
    if (!pred[i]) continue;
    fpChars++;
    if (/\s/u.test(text[i])) fpSpace++;
    else if (!/[\p{L}\p{N}]/u.test(text[i])) fpPunct++;
  }
  for (const m of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const a = m.index;
    const b = a + m[0].length;
    if (gold.subarray(a, b).some((g) => g === 1)) continue;
    const flagged = pred.subarray(a, b).some((p) => p === 1);
    const cls = classOf(m[0]);
    const c = wordCounts.get(cls) ?? { flagged: 0, total: 0 };
    c.total++;
    if (flagged) {
      c.flagged++;
      bump(wordChars, cls, m[0].length);
    }
    wordCounts.set(cls, c);
    const pos = a === 0 || /^\s*$/u.test(text.slice(0, a)) ? firstWord : /\n\s*$/u.test(text.slice(Math.max(0, a - 40), a)) ? lineFirstWord : midWord;
    pos.total++;
    if (flagged) pos.flagged++;
  }
  for (const s of spans) {
    const overlapsGold = gold.subarray(s.start, s.end).some((g) => g === 1);
    (overlapsGold ? tpScores : fpScores).push(s.score ?? 0);
    if (overlapsGold) continue;
    fpSpanWords.push((text.slice(s.start, s.end).match(/[\p{L}\p{N}]+/gu) ?? []).length);
    if (text.slice(s.start, s.end).includes("\n")) fpSpansWithNewline++;
    if (multiWindow) fpSpansMultiWindow++;
  }
}
console.log(`false-positive characters (shipped decoding): ${fpChars} of ${outsideChars} outside gold (${pct(fpChars / outsideChars)})`);
for (const [cls, c] of [...wordCounts].sort()) {
  console.log(`  ${cls.padEnd(22)} words flagged ${c.flagged} / ${c.total} (${pct(c.flagged / c.total)}), ${wordChars.get(cls) ?? 0} characters`);
}
console.log(`  whitespace inside spans ${fpSpace} characters, punctuation ${fpPunct} characters`);
console.log(
  `  words outside gold flagged by position: text's first word ${pct(firstWord.flagged / firstWord.total)} (${firstWord.total}), ` +
    `a line's first word ${pct(lineFirstWord.flagged / lineFirstWord.total)} (${lineFirstWord.total}), other ${pct(midWord.flagged / midWord.total)} (${midWord.total})`,
);
const hist = (xs: number[], edges: number[]) =>
  edges.map((e, i) => `${i === edges.length - 1 ? `≥${e}` : `${e}–${edges[i + 1]}`}: ${xs.filter((x) => x >= e && (i === edges.length - 1 || x < edges[i + 1])).length}`).join(", ");
console.log(`false-positive spans (no gold overlap): ${fpSpanWords.length}; words per span ${hist(fpSpanWords, [0, 1, 2, 3, 5, 10])}`);
console.log(`  containing a line break ${fpSpansWithNewline}; in documents of more than one window ${fpSpansMultiWindow} (${docsMultiWindow} such documents)`);
console.log(`span scores, false positives (${fpScores.length}): ${hist(fpScores, [0, 0.5, 0.8, 0.9, 0.95, 0.99])}`);
console.log(`span scores, touching gold   (${tpScores.length}): ${hist(tpScores, [0, 0.5, 0.8, 0.9, 0.95, 0.99])}`);
// Token-level: flagged tokens tagged B vs I.
let tokB = 0;
let tokI = 0;
for (const d of docs) {
  if (!d.scores) continue;
  for (let t = 0; t < d.tokens.ids.length; t++) {
    const r = t * 3;
    const b = d.scores.bio;
    if (b[r + BIO_B] > b[r + BIO_O] && b[r + BIO_B] >= b[r + BIO_I]) tokB++;
    else if (b[r + BIO_I] > b[r + BIO_O]) tokI++;
  }
}
console.log(`tokens tagged B ${tokB}, I ${tokI}`);
