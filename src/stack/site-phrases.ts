// Phrase lists of a site configuration (allow and deny), matched word by word: a phrase is a sequence of words
// (runs of letters and digits), compared case- and accent-folded unless it asks for exact case, with only short
// separator runs (spaces, hyphens, periods, apostrophes; no line break) between consecutive words and no letter or
// digit right before or after. A walk over the text's words with an index by first word: linear in the text for a
// fixed list.
import { foldSameLength } from "../contract/index.js";

export interface PhraseEntry<T> {
  text: string;
  caseSensitive: boolean;
  /** What a match of this phrase carries (its labels, its list). */
  value: T;
}

export interface PhraseMatch<T> {
  start: number;
  end: number;
  value: T;
}

interface Word {
  start: number;
  end: number;
  folded: string;
}

interface CompiledPhrase<T> {
  words: string[];
  /** Exact-case words, compared when the entry is case-sensitive. */
  exact: string[] | null;
  value: T;
}

const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const MARKS = /\p{M}+/gu;
/** Longest run of non-word characters allowed between two words of a phrase. */
const MAX_GAP = 3;

/** A word's comparison key: folded, combining marks dropped (a decomposed "é" compares as "e"). */
function keyOf(foldedWord: string): string {
  return foldedWord.replace(MARKS, "");
}

function wordsOf(folded: string): Word[] {
  const out: Word[] = [];
  for (const m of folded.matchAll(WORD)) out.push({ start: m.index, end: m.index + m[0].length, folded: keyOf(m[0]) });
  return out;
}

/** The words of a phrase as the matcher compares them; an entry with no word is refused by the caller. */
export function phraseWords(text: string): string[] {
  return [...foldSameLength(text).matchAll(WORD)].map((m) => keyOf(m[0])).filter((w) => w.length > 0);
}

function gapOk(text: string, from: number, to: number): boolean {
  if (to - from < 1 || to - from > MAX_GAP) return false;
  for (let i = from; i < to; i++) if (text[i] === "\n" || text[i] === "\r") return false;
  return true;
}

export class PhraseMatcher<T> {
  private readonly byFirst = new Map<string, CompiledPhrase<T>[]>();
  readonly size: number;

  constructor(entries: readonly PhraseEntry<T>[]) {
    let n = 0;
    for (const e of entries) {
      const words = phraseWords(e.text);
      if (words.length === 0) continue;
      const exact = e.caseSensitive ? [...e.text.matchAll(WORD)].map((m) => m[0]) : null;
      const list = this.byFirst.get(words[0]) ?? [];
      list.push({ words, exact: exact && exact.length === words.length ? exact : null, value: e.value });
      this.byFirst.set(words[0], list);
      n++;
    }
    // Longest phrases first, so that at one position the longest match is found first.
    for (const list of this.byFirst.values()) list.sort((a, b) => b.words.length - a.words.length);
    this.size = n;
  }

  /** Every occurrence of every phrase (overlapping ones included), sorted by start then longest first. */
  findAll(text: string): PhraseMatch<T>[] {
    if (this.size === 0) return [];
    const words = wordsOf(foldSameLength(text));
    const out: PhraseMatch<T>[] = [];
    for (let i = 0; i < words.length; i++) {
      const candidates = this.byFirst.get(words[i].folded);
      if (!candidates) continue;
      for (const p of candidates) {
        if (i + p.words.length > words.length) continue;
        let ok = true;
        for (let k = 0; k < p.words.length && ok; k++) {
          const w = words[i + k];
          if (w.folded !== p.words[k]) ok = false;
          else if (p.exact && text.slice(w.start, w.end) !== p.exact[k]) ok = false;
          else if (k > 0 && !gapOk(text, words[i + k - 1].end, w.start)) ok = false;
        }
        if (ok) out.push({ start: words[i].start, end: words[i + p.words.length - 1].end, value: p.value });
      }
    }
    return out;
  }
}
