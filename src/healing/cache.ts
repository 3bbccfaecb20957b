// Per-document memo for work that depends only on the document (its folded text, metadata matches, written
// forms around a span), so the later passes of a profile do not repeat it. Keyed weakly by the document object.
import { analyseText, type Document, type TextAnalysis } from "../contract/index.js";

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
