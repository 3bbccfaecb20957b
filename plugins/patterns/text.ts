// Character tests, number anchors and context look-behind shared by every pattern family.
import { daysInMonth, escapeRegExp, type DetectedSpan, type Label } from "../../src/contract/index.js";

/** Scores: a passing checksum, a context word that admitted the match, or the pattern alone. */
export const SCORE_CHECKSUM = 1.0;
export const SCORE_CONTEXT = 0.9;
export const SCORE_PATTERN = 0.8;

const NON_ASCII_WORD = /[\p{L}\p{N}\p{M}]/u;
const NON_ASCII_LETTER = /[\p{L}\p{M}]/u;

export function isDigitCode(code: number): boolean {
  return code >= 48 && code <= 57;
}

function isAsciiLetterCode(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** The code point that ends just before `index` (handles surrogate pairs); -1 at the start. */
function codePointBefore(text: string, index: number): number {
  if (index <= 0) return -1;
  const low = text.charCodeAt(index - 1);
  if (low >= 0xdc00 && low <= 0xdfff && index >= 2) {
    const high = text.charCodeAt(index - 2);
    if (high >= 0xd800 && high <= 0xdbff) return ((high - 0xd800) << 10) + (low - 0xdc00) + 0x10000;
  }
  return low;
}

function codePointAt(text: string, index: number): number {
  return index < text.length ? (text.codePointAt(index) as number) : -1;
}

function isWordCodePoint(cp: number): boolean {
  if (cp < 0) return false;
  if (cp < 128) return isDigitCode(cp) || isAsciiLetterCode(cp);
  if (isLatinLetterCode(cp)) return true;
  return NON_ASCII_WORD.test(String.fromCodePoint(cp));
}

/** Latin-1 and Latin Extended-A/B letters (é, ë, ç, ø, œ, ...), the common non-ASCII letters of nl/fr notes. */
function isLatinLetterCode(cp: number): boolean {
  return cp >= 0xc0 && cp <= 0x24f && cp !== 0xd7 && cp !== 0xf7;
}

function isLetterCodePoint(cp: number): boolean {
  if (cp < 0) return false;
  if (cp < 128) return isAsciiLetterCode(cp);
  if (isLatinLetterCode(cp)) return true;
  return NON_ASCII_LETTER.test(String.fromCodePoint(cp));
}

/** True when the character before `index` is a letter or digit of any script. */
export function wordCharBefore(text: string, index: number): boolean {
  return isWordCodePoint(codePointBefore(text, index));
}

/** True when the character at `index` is a letter or digit of any script. */
export function wordCharAt(text: string, index: number): boolean {
  return isWordCodePoint(codePointAt(text, index));
}

export function letterBefore(text: string, index: number): boolean {
  return isLetterCodePoint(codePointBefore(text, index));
}

export function letterAt(text: string, index: number): boolean {
  return isLetterCodePoint(codePointAt(text, index));
}

export function digitAt(text: string, index: number): boolean {
  return index >= 0 && index < text.length && isDigitCode(text.charCodeAt(index));
}

/** Start and end offsets of the maximal ASCII digit runs, flat: [s0, e0, s1, e1, ...]. */
export function digitRuns(text: string): number[] {
  const runs: number[] = [];
  const n = text.length;
  for (let i = 0; i < n; i++) {
    if (!isDigitCode(text.charCodeAt(i))) continue;
    const start = i;
    while (i + 1 < n && isDigitCode(text.charCodeAt(i + 1))) i++;
    runs.push(start, i + 1);
  }
  return runs;
}

const WORD_SKIP = " \t\u00a0:#=,'’|";
const WORD_EXTRA = ".°º-";

/**
 * A text prepared once for all families: its digit runs anchor every numeric pattern, and the word before an
 * offset (asked for by several families at the same run) is computed once.
 */
export class TextScan {
  readonly runs: readonly number[];
  private readonly wordsBefore = new Map<number, string>();
  private readonly wordsBeforeRuns: (string | undefined)[] = [];

  constructor(readonly text: string) {
    this.runs = digitRuns(text);
  }

  /** `wordBefore` the start of the digit run at `runs[r]`, cached per run. */
  wordBeforeRun(r: number): string {
    let word = this.wordsBeforeRuns[r >> 1];
    if (word === undefined) {
      word = readWordBefore(this.text, this.runs[r]);
      this.wordsBeforeRuns[r >> 1] = word;
    }
    return word;
  }

  /**
   * The lower-cased word that ends before `index`, past up to 8 spaces and `: # = , '` characters. The word keeps
   * dots, degree signs and hyphens, so abbreviations stay whole ("nr.", "n°", "janv.", "ead-nummer").
   * Asked at the start of a digit run (most questions: dates, identifiers and phones start there), it is the run's
   * cached word; only other offsets go through the map, which so stays small on a text of thousands of numbers.
   */
  wordBefore(index: number): string {
    const r = this.runStartingAt(index);
    if (r >= 0) return this.wordBeforeRun(r);
    let word = this.wordsBefore.get(index);
    if (word === undefined) {
      word = readWordBefore(this.text, index);
      this.wordsBefore.set(index, word);
    }
    return word;
  }

  /** The index in `runs` of the digit run that starts at `index`, or -1 (a binary search of the run starts). */
  private runStartingAt(index: number): number {
    const runs = this.runs;
    let lo = 0;
    let hi = runs.length >> 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (runs[2 * mid] < index) lo = mid + 1;
      else hi = mid;
    }
    return lo < runs.length >> 1 && runs[2 * lo] === index ? 2 * lo : -1;
  }
}

function readWordBefore(text: string, index: number): string {
  const start = startOfWordBefore(text, index);
  const end = endOfWordBefore(text, index);
  return start === end ? "" : text.slice(start, end).toLowerCase();
}

function endOfWordBefore(text: string, index: number): number {
  let i = index;
  while (i > 0 && index - i < 8 && WORD_SKIP.includes(text[i - 1])) i--;
  return i;
}

/** Where the word of `TextScan.wordBefore(index)` starts (`index` past the skipped characters when there is none). */
export function startOfWordBefore(text: string, index: number): number {
  const end = endOfWordBefore(text, index);
  let i = end;
  while (i > 0 && end - i < 24 && (letterBefore(text, i) || WORD_EXTRA.includes(text[i - 1]))) i--;
  return i;
}

export function scanText(text: string): TextScan {
  return new TextScan(text);
}

/** True when a word starts at `index`: a letter not preceded by a letter. */
function wordStartsAt(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  if (code < 128 && !isAsciiLetterCode(code)) return false;
  return letterAt(text, index) && !letterBefore(text, index);
}

/**
 * Where a phrase that ends exactly at `index` starts, or -1. `anchored` is a regex of the form `^(?:...)$`; it is
 * tried on the text from each word start within `window` characters before `index`, nearest first. Trying only
 * word starts keeps the look-behind cheap and stops "tel" from matching the end of "hotel".
 */
export function phraseBefore(text: string, index: number, anchored: RegExp, window = 48, maxWords = 5): number {
  const from = Math.max(0, index - window);
  let words = 0;
  for (let i = index - 1; i >= from && words < maxWords; i--) {
    if (!wordStartsAt(text, i)) continue;
    if (anchored.test(text.slice(i, index))) return i;
    words++;
  }
  return -1;
}

/** `^(?:source)$` with the given flags, for `phraseBefore`. */
export function anchoredPhrase(source: string, flags = "iu"): RegExp {
  return new RegExp(`^(?:${source})$`, flags);
}

/** Runs a sticky regex at `index`. */
export function matchAt(regex: RegExp, text: string, index: number): RegExpExecArray | null {
  regex.lastIndex = index;
  return regex.exec(text);
}

/** The lower-cased word (letters, and dots of abbreviations) that ends before `index`, past up to 3 spaces. */
export function previousWord(text: string, index: number): string {
  let i = index;
  while (i > 0 && index - i < 3 && (text[i - 1] === " " || text[i - 1] === "\t" || text[i - 1] === "\u00a0")) i--;
  const end = i;
  while (i > 0 && end - i < 40 && (letterBefore(text, i) || text[i - 1] === ".")) i--;
  return i === end ? "" : text.slice(i, end).toLowerCase();
}

/** The lower-cased run of letters that starts at `index`, past up to `maxSkip` characters of `skip`. */
export function nextWord(text: string, index: number, maxSkip = 2, skip = " \t\u00a0"): string {
  let i = index;
  while (i < text.length && i - index < maxSkip && skip.includes(text[i])) i++;
  const start = i;
  while (i < text.length && i - start < 24 && letterAt(text, i)) i++;
  return i === start ? "" : text.slice(start, i).toLowerCase();
}

/** Alternation source for a list of literal words, longest first so the regex prefers the longest. */
export function alternation(words: Iterable<string>): string {
  return [...new Set(words)]
    .sort((a, b) => b.length - a.length || (a < b ? -1 : 1))
    .map(escapeRegExp)
    .join("|");
}


/** Drops trailing characters that are not letters or digits (never keep closing punctuation or dots). */
export function trimTrailingPunctuation(text: string, start: number, end: number): number {
  let e = end;
  while (e > start && !wordCharBefore(text, e)) e--;
  return e;
}

export function span(start: number, end: number, label: Label, score: number): DetectedSpan {
  return { start, end, label, score };
}

function compareDetected(a: DetectedSpan, b: DetectedSpan): number {
  return a.start - b.start || a.end - b.end || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0);
}

/** Sorts by (start, end, label) and keeps one span per (start, end, label), the highest score. */
export function sortAndDeduplicate(spans: DetectedSpan[]): DetectedSpan[] {
  spans.sort(compareDetected);
  const out: DetectedSpan[] = [];
  for (const s of spans) {
    const last = out[out.length - 1];
    if (last && last.start === s.start && last.end === s.end && last.label === s.label) {
      if ((s.score ?? 0) > (last.score ?? 0)) last.score = s.score;
    } else out.push(s);
  }
  return out;
}

/** A day of a month; February allows 29 unless the year is known and not a leap year (2000 was one). */
export function isValidDayMonth(day: number, month: number, year?: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year ?? 2000, month);
}

const UNIT_AFTER =
  /[ \u00a0]?(?:%|(?:mg|mcg|µg|ug|ng|g|kg|ml|dl|cl|l|mmol|µmol|umol|nmol|pmol|mol|meq|mmhg|cmh2o|mm|cm|m|iu|ie|u|e|eh|x|keer|maal|fois|times|uur|h|min|sec|bpm|tab|tabl|caps|cp|co|puff|puffs|gtt|dr|druppels|pts|ptn|punten|points)(?![\p{L}\p{N}]))/iuy;

/** True when a unit or a percent sign follows `index` (a dose, a lab value or a score rather than a date). */
export function unitFollows(text: string, index: number): boolean {
  UNIT_AFTER.lastIndex = index;
  return UNIT_AFTER.test(text);
}

/** Words right before a dotted number that make it a version, not a date or an address. */
export const VERSION_WORDS: ReadonlySet<string> = new Set(["versie", "version", "v", "v.", "release", "build", "update", "ver", "ver."]);

/** True when the word before `index` is an upper-case acronym such as a lab test or a score ("CRP", "NYHA"). */
export function acronymBefore(text: string, index: number): boolean {
  let i = index;
  while (i > 0 && (text[i - 1] === " " || text[i - 1] === ":")) i--;
  const end = i;
  while (i > 0 && end - i < 8 && /[A-Za-z0-9]/.test(text[i - 1])) i--;
  if (end - i < 2 || wordCharBefore(text, i)) return false;
  return /^[A-Z][A-Z0-9]*$/.test(text.slice(i, end)) && /[A-Z].*[A-Z]/.test(text.slice(i, end));
}
