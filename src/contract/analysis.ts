// One analysis per text, shared by every deterministic detector, healing and the leak guard: the folded forms and
// the word table are computed at most once per text, on first use, and whatever a consumer derives from them can be
// kept on the same object (`memo`). The orchestrator makes one for each document and passes it in the detector
// context; the leak guard makes one for the de-identified text and passes it to the detectors it re-runs.
//
// It holds offsets and derived strings of the text only; like the text, it is never logged or written out.
import { foldForMatching, foldSameLength, type FoldedText, type FoldOptions } from "./fold.js";

/**
 * Words of a text: maximal runs of letters, combining marks and digits (Unicode), as parallel UTF-16 offset arrays
 * in text order. Everything else (spaces, punctuation, symbols) separates words.
 */
export interface WordTable {
  readonly count: number;
  readonly starts: Int32Array;
  readonly ends: Int32Array;
}

const WORD_UNIT = /[\p{L}\p{M}\p{N}]/u;

/** Whether the code point starting at `i` is a letter, mark or digit; its UTF-16 width, or 0 when it is not. */
function wordUnitWidthAt(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) ? 1 : 0;
  if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
    const d = text.charCodeAt(i + 1);
    if (d >= 0xdc00 && d <= 0xdfff) return WORD_UNIT.test(text.slice(i, i + 2)) ? 2 : 0;
  }
  return WORD_UNIT.test(text[i]) ? 1 : 0;
}

function buildWordTable(text: string): WordTable {
  let starts = new Int32Array(Math.max(16, text.length >> 2));
  let ends = new Int32Array(starts.length);
  let count = 0;
  const n = text.length;
  let i = 0;
  while (i < n) {
    let w = wordUnitWidthAt(text, i);
    if (w === 0) {
      i++;
      continue;
    }
    const start = i;
    while (w > 0) {
      i += w;
      w = i < n ? wordUnitWidthAt(text, i) : 0;
    }
    if (count === starts.length) {
      const s = new Int32Array(count * 2);
      s.set(starts);
      const e = new Int32Array(count * 2);
      e.set(ends);
      starts = s;
      ends = e;
    }
    starts[count] = start;
    ends[count] = i;
    count++;
  }
  return { count, starts: starts.subarray(0, count), ends: ends.subarray(0, count) };
}

function foldKey(options: FoldOptions | undefined): number {
  if (!options) return 0;
  return (options.keepCase ? 1 : 0) | (options.joinLineBreakHyphens === false ? 2 : 0) | (options.joinSpacedLetters === false ? 4 : 0);
}

/** The shared, lazily computed analysis of one text (see the notes at the top of this file). */
export class TextAnalysis {
  private foldedText?: string;
  private readonly matchingFolds: (FoldedText | undefined)[] = [];
  private wordTable?: WordTable;
  private memos?: Map<unknown, unknown>;

  constructor(readonly text: string) {}

  /** `foldSameLength(text)`: lower case, no diacritics, one UTF-16 unit for one, so offsets carry over. */
  get folded(): string {
    return (this.foldedText ??= foldSameLength(this.text));
  }

  /** `foldForMatching(text, options)`, once per combination of options. */
  matching(options?: FoldOptions): FoldedText {
    const k = foldKey(options);
    return (this.matchingFolds[k] ??= foldForMatching(this.text, options));
  }

  /** The words of the text (maximal runs of letters, marks and digits). */
  get words(): WordTable {
    return (this.wordTable ??= buildWordTable(this.text));
  }

  /**
   * A value derived from this text by one consumer, computed once. Keys are the consumer's own (a module-level
   * symbol or object, or a string prefixed with the consumer's name), so consumers never read each other's values.
   */
  memo<T>(key: unknown, compute: () => T): T {
    const m = (this.memos ??= new Map());
    if (m.has(key)) return m.get(key) as T;
    const value = compute();
    m.set(key, value);
    return value;
  }
}

/** A fresh analysis of a text (nothing is computed until it is asked for). */
export function analyseText(text: string): TextAnalysis {
  return new TextAnalysis(text);
}

/**
 * The analysis to use for `text`: the one given when it was made for this very text, else a new one. Detectors
 * call this with the analysis from their context, so a caller that passes none (a test, a user script) or one made
 * for another text still gets correct results.
 */
export function analysisFor(text: string, given?: TextAnalysis | null): TextAnalysis {
  return given && given.text === text ? given : new TextAnalysis(text);
}

/**
 * Indexes of `values` in increasing order of value, where `bounds` (0, …, values.length) cuts `values` into runs
 * that are each in increasing order: merged pairwise, as a stable sort would order them (the earlier run first on a
 * tie). O(n log runs) in two typed buffers. The known-identifier needles and the leak guard put the occurrences of
 * several first words, each found in text order with indexOf, in text order with it.
 */
export function mergeSortedRuns(values: readonly number[], bounds: readonly number[]): Int32Array {
  let src = new Int32Array(values.length);
  for (let k = 0; k < src.length; k++) src[k] = k;
  let dst = new Int32Array(values.length);
  let b = bounds;
  while (b.length > 2) {
    const next = [0];
    for (let r = 0; r < b.length - 1; r += 2) {
      const lo = b[r];
      const mid = b[r + 1];
      const hi = r + 2 < b.length ? b[r + 2] : mid;
      let i = lo;
      let j = mid;
      let o = lo;
      while (i < mid && j < hi) dst[o++] = values[src[j]] < values[src[i]] ? src[j++] : src[i++];
      while (i < mid) dst[o++] = src[i++];
      while (j < hi) dst[o++] = src[j++];
      next.push(hi);
    }
    [src, dst] = [dst, src];
    b = next;
  }
  return src;
}
