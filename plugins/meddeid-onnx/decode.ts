// BIO decoding as in MedDeID: an I without an open span starts one, O or B closes the open span; the span's label
// is the entity head's argmax at its first token; its score is the mean probability of the chosen BIO tags.
import type { DetectedSpan, Label } from "../../src/contract/index.js";

export const BIO_O = 0;
export const BIO_B = 1;
export const BIO_I = 2;

export interface TokenScores {
  /** Per token: probabilities of O, B, I (row-major, width 3). */
  bio: Float32Array;
  /** Per token: scores of each entity label (row-major, width labels.length); only the argmax matters. */
  entity: Float32Array;
  labels: readonly Label[];
}

export function softmaxRows(logits: Float32Array, width: number): Float32Array {
  const out = new Float32Array(logits.length);
  for (let r = 0; r < logits.length; r += width) {
    let max = -Infinity;
    for (let k = 0; k < width; k++) max = Math.max(max, logits[r + k]);
    let sum = 0;
    for (let k = 0; k < width; k++) {
      const e = Math.exp(logits[r + k] - max);
      out[r + k] = e;
      sum += e;
    }
    for (let k = 0; k < width; k++) out[r + k] /= sum;
  }
  return out;
}

function argmax(values: Float32Array, offset: number, width: number): number {
  let best = 0;
  for (let k = 1; k < width; k++) if (values[offset + k] > values[offset + best]) best = k;
  return best;
}

const isSpace = (ch: string): boolean => /\s/u.test(ch);
const ALPHANUMERIC = /[\p{L}\p{N}]/u;

/** Narrows [start, end) past leading and trailing whitespace; undefined if nothing is left. */
export function trimRange(text: string, start: number, end: number): { start: number; end: number } | undefined {
  let s = start;
  let e = end;
  while (s < e && isSpace(text[s])) s++;
  while (e > s && isSpace(text[e - 1])) e--;
  return s < e ? { start: s, end: e } : undefined;
}

/**
 * The BIO tag of token t: the argmax, or with `outsideThreshold` O only when P(O) reaches it and otherwise the
 * likelier of B and I (a recall/precision operating point of the model, set in its bundle).
 */
export function bioTag(bio: Float32Array, t: number, outsideThreshold?: number): number {
  if (outsideThreshold === undefined) return argmax(bio, t * 3, 3);
  if (bio[t * 3 + BIO_O] >= outsideThreshold) return BIO_O;
  return bio[t * 3 + BIO_B] >= bio[t * 3 + BIO_I] ? BIO_B : BIO_I;
}

/** How the O probability of a word's tokens is pooled before tagging: none (per token), the mean, or the maximum. */
export type WordAggregation = "token" | "mean" | "max";

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * A word is an identifier or not as a whole: every token of a word of letters and digits gets the word's pooled
 * P(O) (the mean or the maximum over its tokens), with B and I scaled to keep their ratio, so one decision is taken
 * per word. "max" tags a word only when every token of it is confidently not O; "token" returns the scores as they
 * are. Tokens outside such words (punctuation, spaces) keep their own scores.
 */
export function aggregateWords(text: string, starts: readonly number[], ends: readonly number[], scores: TokenScores, mode: WordAggregation): TokenScores {
  if (mode === "token") return scores;
  const bio = Float32Array.from(scores.bio);
  let t = 0;
  for (const m of text.matchAll(WORD)) {
    const a = m.index;
    const b = a + m[0].length;
    while (t < starts.length && ends[t] <= a) t++;
    let u = t;
    let pooled = 0;
    while (u < starts.length && starts[u] < b) {
      pooled = mode === "max" ? Math.max(pooled, bio[3 * u]) : pooled + bio[3 * u];
      u++;
    }
    if (u - t < 2) continue;
    const po = mode === "max" ? pooled : pooled / (u - t);
    for (let k = t; k < u; k++) {
      const rest = bio[3 * k + BIO_B] + bio[3 * k + BIO_I];
      const f = rest > 0 ? (1 - po) / rest : 0;
      bio[3 * k] = po;
      bio[3 * k + BIO_B] *= f;
      bio[3 * k + BIO_I] *= f;
    }
    // a token that runs past the word (a piece of "word." or " word") stays with the next word's scan
    t = Math.max(t, u - 1);
  }
  return { ...scores, bio };
}

export function decodeSpans(
  text: string,
  starts: readonly number[],
  ends: readonly number[],
  scores: TokenScores,
  minScore: number,
  outsideThreshold?: number,
): DetectedSpan[] {
  const width = scores.labels.length;
  const spans: DetectedSpan[] = [];
  let open: { first: number; last: number; probSum: number } | undefined;
  const flush = (): void => {
    if (!open) return;
    const range = trimRange(text, starts[open.first], ends[open.last]);
    const score = open.probSum / (open.last - open.first + 1);
    // A span of punctuation alone identifies nothing (MedDeID's healing drops such spans too).
    if (range && score >= minScore && ALPHANUMERIC.test(text.slice(range.start, range.end))) {
      spans.push({ start: range.start, end: range.end, label: scores.labels[argmax(scores.entity, open.first * width, width)], score });
    }
    open = undefined;
  };
  const n = starts.length;
  for (let t = 0; t < n; t++) {
    const tag = bioTag(scores.bio, t, outsideThreshold);
    const p = scores.bio[t * 3 + tag];
    if (tag === BIO_O) {
      flush();
    } else if (tag === BIO_B || !open) {
      flush();
      open = { first: t, last: t, probSum: p };
    } else {
      open.last = t;
      open.probSum += p;
    }
  }
  flush();
  return mergeTouching(spans);
}

/** Tokens split inside a character (emoji bytes) can give two spans over one character; keep them disjoint. */
function mergeTouching(spans: DetectedSpan[]): DetectedSpan[] {
  const out: DetectedSpan[] = [];
  for (const s of spans) {
    const last = out[out.length - 1];
    if (last && s.start < last.end) {
      last.end = Math.max(last.end, s.end);
      continue;
    }
    out.push({ ...s });
  }
  return out;
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * A subword model can mark part of a word ("t" of "slaapt"); a word is an identifier or not as a whole, so spans
 * that start or end inside a word grow to the whole word (never released: the privacy-safe direction). Spans that
 * come to overlap are merged.
 */
export function extendToWholeWords(text: string, spans: readonly DetectedSpan[]): DetectedSpan[] {
  const grown = spans.map((s) => {
    let start = s.start;
    let end = s.end;
    while (start > 0 && WORD_CHAR.test(text[start - 1]) && WORD_CHAR.test(text[start])) start--;
    while (end < text.length && WORD_CHAR.test(text[end]) && WORD_CHAR.test(text[end - 1])) end++;
    return start === s.start && end === s.end ? s : { ...s, start, end };
  });
  return mergeTouching(grown.sort((a, b) => a.start - b.start || a.end - b.end));
}
