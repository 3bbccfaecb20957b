// Per-document memo for work that depends only on the document (its folded text, metadata matches, written
// forms around a span), so the later passes of a profile do not repeat it. Keyed weakly by the document object.
import { analyseText, escapeRegExp, type Document, type TextAnalysis } from "../contract/index.js";

const memo = new WeakMap<object, Map<string, unknown>>();
const analyses = new WeakMap<object, TextAnalysis>();

/** Healing reads the document's text through the analysis the detectors shared (src/contract/analysis.ts). */
export function bindAnalysis(document: Document, analysis: TextAnalysis | undefined): void {
  if (analysis && analysis.text === document.text && !analyses.has(document)) analyses.set(document, analysis);
}

export function analysisOfDocument(document: Document): TextAnalysis {
  let a = analyses.get(document);
  if (!a || a.text !== document.text) {
    a = analyseText(document.text);
    analyses.set(document, a);
  }
  return a;
}

export function perDocument<T>(document: Document, key: string, compute: () => T): T {
  let m = memo.get(document);
  if (!m) {
    m = new Map();
    memo.set(document, m);
  }
  if (m.has(key)) return m.get(key) as T;
  const value = compute();
  m.set(key, value);
  return value;
}

export function foldedTextOf(document: Document): string {
  return analysisOfDocument(document).folded;
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Whole-word occurrences of a literal (already folded) word or phrase, found with indexOf: no regex to compile. */
export function findWordLiteral(text: string, literal: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  if (!literal) return out;
  for (let at = text.indexOf(literal); at >= 0; at = text.indexOf(literal, at + 1)) {
    const end = at + literal.length;
    if (at > 0 && WORD_CHAR.test(text[at - 1])) continue;
    if (end < text.length && WORD_CHAR.test(text[end])) continue;
    out.push({ start: at, end });
  }
  return out;
}
const patternCache = new Map<string, RegExp>();

/**
 * Occurrences of a regex source in folded text that are whole words (no letter or digit on either side). The left
 * boundary is checked here rather than with a lookbehind, which the regex engine would evaluate at every position.
 */
export function findWordBounded(text: string, source: string): { start: number; end: number }[] {
  let re = patternCache.get(source);
  if (!re) {
    // Sources run on folded text (lower case, no accents), so a Latin word-character class stands in for
    // \p{L}\p{N}; without the u flag the pattern compiles and runs faster.
    re = new RegExp(`(?:${source})(?![0-9a-z\\u00c0-\\u024f\\u0370-\\u03ff\\u0400-\\u04ff])`, "g");
    if (patternCache.size > 2000) patternCache.clear();
    patternCache.set(source, re);
  }
  const out: { start: number; end: number }[] = [];
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[0].length === 0) {
      re.lastIndex = m.index + 1;
      continue;
    }
    if (m.index > 0 && WORD_CHAR.test(text[m.index - 1])) {
      re.lastIndex = m.index + 1;
      continue;
    }
    out.push({ start: m.index, end: m.index + m[0].length });
  }
  return out;
}

/**
 * How the words of a `WordSequence` are separated, as the regex sources the rules used to build: `\s+`, `[\s-]+`,
 * `\s*,\s*` and `[\s./()\-]*`.
 */
export type WordSeparator = "spaces" | "spaces-or-hyphens" | "comma" | "punctuation";

/** Literal (folded) words with separators between them, and `optionalDot`: a `\.?` after the last word. */
export interface WordSequence {
  words: readonly string[];
  /** One fewer than `words`. */
  separators: readonly WordSeparator[];
  optionalDot?: boolean;
}

const SEPARATOR_SOURCE: Readonly<Record<WordSeparator, string>> = {
  spaces: "\\s+",
  "spaces-or-hyphens": "[\\s-]+",
  comma: "\\s*,\\s*",
  punctuation: "[\\s./()\\-]*",
};

/** The regex source of a word sequence, as findWordBounded reads it. */
export function wordSequenceSource(seq: WordSequence): string {
  let s = escapeRegExp(seq.words[0]);
  for (let k = 1; k < seq.words.length; k++) s += SEPARATOR_SOURCE[seq.separators[k - 1]] + escapeRegExp(seq.words[k]);
  return seq.optionalDot ? `${s}\\.?` : s;
}

const SPACE_UNIT = /\s/;
/** The \s class for one UTF-16 unit (it holds no surrogates). */
function isSpaceUnit(c: number): boolean {
  if (c < 128) return c === 0x20 || (c >= 9 && c <= 13);
  return SPACE_UNIT.test(String.fromCharCode(c));
}

function isSeparatorUnit(kind: WordSeparator, c: number): boolean {
  if (isSpaceUnit(c)) return true;
  if (kind === "spaces-or-hyphens") return c === 0x2d;
  // [\s./()\-]
  if (kind === "punctuation") return c === 0x2e || c === 0x2f || c === 0x28 || c === 0x29 || c === 0x2d;
  return false;
}

/** The Latin word-character class of findWordBounded's lookahead: [0-9a-z\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff]. */
function isFoldedWordUnit(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 97 && c <= 122) || (c >= 0xc0 && c <= 0x24f) || (c >= 0x370 && c <= 0x4ff);
}

/** Where a separator run starting at `pos` ends, or -1 when it cannot be there. */
function separatorEnd(text: string, pos: number, kind: WordSeparator): number {
  const n = text.length;
  let p = pos;
  if (kind === "comma") {
    while (p < n && isSpaceUnit(text.charCodeAt(p))) p++;
    if (p >= n || text.charCodeAt(p) !== 0x2c) return -1;
    p++;
    while (p < n && isSpaceUnit(text.charCodeAt(p))) p++;
    return p;
  }
  while (p < n && isSeparatorUnit(kind, text.charCodeAt(p))) p++;
  if (p === pos && kind !== "punctuation") return -1;
  return p;
}

/** End of the sequence matched at `pos` with findWordBounded's lookahead, or -1. */
function sequenceEndAt(text: string, pos: number, seq: WordSequence): number {
  let p = pos;
  for (let k = 0; k < seq.words.length; k++) {
    if (k > 0) {
      p = separatorEnd(text, p, seq.separators[k - 1]);
      if (p < 0) return -1;
    }
    const w = seq.words[k];
    if (!text.startsWith(w, p)) return -1;
    p += w.length;
  }
  const free = (at: number) => at >= text.length || !isFoldedWordUnit(text.charCodeAt(at));
  // `\.?` is greedy: with the dot first, then (backtracking) without it.
  if (seq.optionalDot && p < text.length && text.charCodeAt(p) === 0x2e && free(p + 1)) return p + 1;
  return free(p) ? p : -1;
}

/**
 * Greedy separator runs need no backtracking when no word starts with a unit its separator run could take: then a
 * scan word by word finds exactly what the regex finds.
 */
function scannable(seq: WordSequence): boolean {
  if (seq.words.length === 0 || seq.separators.length !== seq.words.length - 1) return false;
  for (let k = 0; k < seq.words.length; k++) {
    const w = seq.words[k];
    if (w.length === 0) return false;
    if (k > 0 && isSeparatorUnit(seq.separators[k - 1] === "comma" ? "spaces" : seq.separators[k - 1], w.charCodeAt(0)))
      return false;
  }
  return true;
}

/**
 * `findWordBounded(text, sequences.map(wordSequenceSource).join("|"))` without a regex: each sequence's first word
 * is found with indexOf, and at each place where one starts (in text order) the sequences are tried in the given
 * order, like the alternation. Same matches, same order; a regex is built only for sequences a word scan cannot
 * follow (a word that starts with a separator unit).
 */
export function findWordSequences(text: string, sequences: readonly WordSequence[]): { start: number; end: number }[] {
  if (sequences.length === 0) return [];
  if (!sequences.every(scannable)) return findWordBounded(text, sequences.map(wordSequenceSource).join("|"));
  const heads = [...new Set(sequences.map((s) => s.words[0]))];
  let starts: number[] = [];
  for (const head of heads) for (let at = text.indexOf(head); at >= 0; at = text.indexOf(head, at + 1)) starts.push(at);
  if (heads.length > 1) starts = [...new Set(starts.sort((a, b) => a - b))];
  const out: { start: number; end: number }[] = [];
  let from = 0;
  for (const p of starts) {
    if (p < from) continue;
    let end = -1;
    for (const seq of sequences) {
      end = sequenceEndAt(text, p, seq);
      if (end >= 0) break;
    }
    if (end < 0) continue;
    if (p > 0 && WORD_CHAR.test(text[p - 1])) {
      from = p + 1;
      continue;
    }
    out.push({ start: p, end });
    from = end;
  }
  return out;
}
