// Case- and accent-folding that keeps every UTF-16 index, so offsets found in folded text are offsets in the text.
import { BoundedCache } from "./bounded-cache.js";

const cache = new Map<string, string>();

function foldChar(c: string): string {
  let f = cache.get(c);
  if (f !== undefined) return f;
  const lower = c.toLowerCase();
  f = lower.length === 1 ? lower : c;
  const nfd = f.normalize("NFD");
  if (nfd.length > 1 && /^[\p{L}][\p{M}]+$/u.test(nfd)) f = nfd[0];
  if (f === "’" || f === "`" || f === "´" || f === "‘") f = "'";
  if (f === "–" || f === "—" || f === "‐" || f === "‑") f = "-";
  cache.set(c, f);
  return f;
}

const NON_ASCII = /[^\x00-\x7f]/g;
const HAS_NON_ASCII = /[^\x00-\x7f]/;

/** Lower-cases, strips diacritics and unifies apostrophes and dashes, one UTF-16 unit for one. */
export function foldSameLength(text: string): string {
  // Fast path: the engine's lower-casing, then only the non-ASCII units fixed one by one.
  const lower = text.toLowerCase();
  if (lower.length === text.length) return HAS_NON_ASCII.test(lower) ? lower.replace(NON_ASCII, foldChar) : lower;
  return foldEachUnit(text);
}

function foldEachUnit(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 128) out += code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : text[i];
    else out += foldChar(text[i]);
  }
  return out;
}

export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// ---------------------------------------------------------------------------------------------------------------
// Folding for matching identifiers (known-identifiers, the leak guard). The folded text may be shorter or longer
// than the original, so every folded UTF-16 unit remembers the original range it came from: a match in folded text
// maps back to exact offsets in the original text.
//
// What folds away, so a name written any of these ways still matches the metadata (and the leak guard still sees
// it survive): NFC or NFD (combining marks are dropped after canonical decomposition), accents and case (unless
// keepCase), soft hyphens, zero-width and other invisible format characters, a word hyphenated across a line break
// ("Pee-\nters"), full-width forms ("Ｐｅｅｔｅｒｓ"), ligatures, common Cyrillic and Greek look-alike letters
// ("Рееtеrs" with Cyrillic Р and е), every kind of space, and letters spaced out one by one ("P e e t e r s",
// "P.E.E.T.E.R.S.").

export interface FoldOptions {
  /** Keep upper and lower case apart (accents and the rest are folded all the same). Default false. */
  keepCase?: boolean;
  /** Join a word hyphenated across a line break ("Pee-\nters" → "peeters"). Default true. */
  joinLineBreakHyphens?: boolean;
  /** Join letters spaced out one by one: 3+ single letters with one space, or 5+ with dots. Default true. */
  joinSpacedLetters?: boolean;
}

export interface FoldedText {
  /** The folded text that matchers search. */
  readonly text: string;
  /**
   * For each folded UTF-16 unit, the original UTF-16 range [starts[k], ends[k]) it came from; null when folding
   * kept every unit in place (plain ASCII text), so unit k came from [k, k + 1).
   */
  readonly starts: Int32Array | null;
  readonly ends: Int32Array | null;
}

/** The original range of the folded range [start, end) (end > start). */
export function originalRange(f: FoldedText, start: number, end: number): { start: number; end: number } {
  return f.starts && f.ends ? { start: f.starts[start], end: f.ends[end - 1] } : { start, end };
}

/** The original range of folded unit k. */
export function unitRange(f: FoldedText, k: number): { start: number; end: number } {
  return originalRange(f, k, k + 1);
}

/** Look-alike letters of other scripts, lower case, → the Latin letter they pass for. */
const CONFUSABLES: Record<string, string> = {
  // Cyrillic
  а: "a", в: "b", е: "e", ё: "e", к: "k", м: "m", н: "h", о: "o", р: "p", с: "c", т: "t", у: "y", х: "x", ѕ: "s",
  і: "i", ї: "i", ј: "j", ԛ: "q", ԝ: "w", һ: "h", ӏ: "l", ԁ: "d", ү: "y", ɡ: "g",
  // Greek
  α: "a", β: "b", ε: "e", ζ: "z", η: "h", ι: "i", κ: "k", μ: "m", ν: "v", ο: "o", ρ: "p", τ: "t", υ: "u", χ: "x",
  ϲ: "c", ϳ: "j",
};
/** Upper-case look-alikes whose lower case is not itself a look-alike of the same letter (Cyrillic Н passes for H). */
const UPPER_CONFUSABLES: Record<string, string> = { Н: "H", В: "B", М: "M", Т: "T", К: "K", Η: "H", Ν: "N", Μ: "M", Τ: "T", Κ: "K", Β: "B" };

const SAME_AS: Record<string, string> = { "’": "'", "`": "'", "´": "'", "‘": "'", "ʼ": "'", "–": "-", "—": "-", "‐": "-", "‑": "-", "−": "-", "‒": "-" };

const MARK_OR_FORMAT = /^[\p{M}\p{Cf}]$/u;
const MARKS = /\p{M}/gu;
const SPACE = /^\s$/u;
const LETTER = /^\p{L}$/u;
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;

const foldCaches = [new Map<number, string>(), new Map<number, string>()];

/** The folded form of one code point ("" when it folds away). */
function foldCodePoint(cp: number, keepCase: boolean): string {
  const cache = foldCaches[keepCase ? 1 : 0];
  let f = cache.get(cp);
  if (f !== undefined) return f;
  const ch = String.fromCodePoint(cp);
  if (MARK_OR_FORMAT.test(ch)) f = "";
  else if (SPACE.test(ch)) f = " ";
  else if (cp >= 0xff01 && cp <= 0xff5e) f = foldCodePoint(cp - 0xfee0, keepCase);
  else {
    let s = cp >= 0xfb00 && cp <= 0xfb06 ? ch.normalize("NFKD") : ch;
    s = s.normalize("NFD").replace(MARKS, "");
    if (!keepCase) s = s.toLowerCase().normalize("NFD").replace(MARKS, "");
    let out = "";
    for (const c of s) {
      const lower = c.toLowerCase();
      const latin = UPPER_CONFUSABLES[c] ?? CONFUSABLES[lower];
      if (latin !== undefined) out += keepCase && c !== lower ? latin.toUpperCase() : latin;
      else out += SAME_AS[c] ?? c;
    }
    f = out;
  }
  cache.set(cp, f);
  return f;
}

function isLetterAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
  const cp = text.codePointAt(i)!;
  return LETTER.test(String.fromCodePoint(cp));
}

const HYPHENS = new Set([0x2d, 0x2010, 0x2011]);

/** End of the line-break hyphenation starting with the hyphen at `i` ("-", spaces, newline, spaces), or -1. */
function lineBreakHyphenEnd(text: string, i: number): number {
  let j = i + 1;
  while (j < text.length && (text.charCodeAt(j) === 0x20 || text.charCodeAt(j) === 0x09)) j++;
  if (text.charCodeAt(j) === 0x0d) j++;
  if (text.charCodeAt(j) !== 0x0a) return -1;
  j++;
  while (j < text.length && (text.charCodeAt(j) === 0x20 || text.charCodeAt(j) === 0x09)) j++;
  return j < text.length && isLetterAt(text, j) ? j : -1;
}

class FoldBuilder {
  units: Uint16Array;
  starts: Int32Array;
  ends: Int32Array;
  length = 0;

  constructor(capacity: number) {
    this.units = new Uint16Array(capacity);
    this.starts = new Int32Array(capacity);
    this.ends = new Int32Array(capacity);
  }

  push(unit: number, start: number, end: number): void {
    if (this.length === this.units.length) this.grow();
    this.units[this.length] = unit;
    this.starts[this.length] = start;
    this.ends[this.length] = end;
    this.length++;
  }

  private grow(): void {
    const n = Math.max(16, this.units.length * 2);
    const u = new Uint16Array(n);
    u.set(this.units);
    const s = new Int32Array(n);
    s.set(this.starts);
    const e = new Int32Array(n);
    e.set(this.ends);
    this.units = u;
    this.starts = s;
    this.ends = e;
  }

  result(): FoldedText {
    const text = Buffer.from(this.units.buffer, this.units.byteOffset, this.length * 2).toString("utf16le");
    return { text, starts: this.starts.subarray(0, this.length), ends: this.ends.subarray(0, this.length) };
  }
}


/** Folds a text for matching (see the notes above); linear in its length. */
export function foldForMatching(text: string, options: FoldOptions = {}): FoldedText {
  const keepCase = options.keepCase ?? false;
  const joinHyphens = options.joinLineBreakHyphens ?? true;
  // A hyphen is joined across a line break only after a letter (a dropped mark or invisible character may sit in
  // between): without a hyphen after anything but a space or another hyphen, no unit moves.
  const mayJoin = joinHyphens && MAYBE_JOINED_HYPHEN.test(text);
  let folded: FoldedText;
  if (!HAS_NON_ASCII.test(text)) folded = mayJoin ? foldEachCodePoint(text, keepCase, joinHyphens) : foldAscii(text, keepCase);
  else folded = (!mayJoin && foldOneForOne(text, keepCase)) || foldEachCodePoint(text, keepCase, joinHyphens);
  return options.joinSpacedLetters === false ? folded : joinSpacedLetters(folded);
}

const MAYBE_JOINED_HYPHEN = /[^\s\-\u2010\u2011][-\u2010\u2011][ \t]*\r?\n/;
const NON_ASCII_UNIT = /[^\x00-\x7f]/g;

/**
 * The common case of a text with some non-ASCII letters ("Patiënt", "Hélène") and no line-break hyphen: when every
 * non-ASCII character is in the BMP and folds to exactly one unit, folding keeps every unit in place, so the ASCII
 * runs between them fold natively and no offset table is needed. Returns undefined when that does not hold
 * (foldEachCodePoint then does the general work). Same result as foldEachCodePoint, unit for unit.
 */
function foldOneForOne(text: string, keepCase: boolean): FoldedText | undefined {
  // The non-ASCII units are folded in one replace, then the ASCII folding runs over the whole text: a non-ASCII
  // unit's one-unit fold is left as it is by both (no upper-case letter without keepCase, no control character, no
  // backtick: test/contract/fold-fast-paths.test.ts checks every BMP code point), so this is the same as folding
  // the ASCII runs between them one by one.
  let general = false;
  const replaced = text.replace(NON_ASCII_UNIT, (ch) => {
    const c = ch.charCodeAt(0);
    if (c >= 0xd800 && c <= 0xdfff) {
      general = true;
      return ch;
    }
    const f = foldCodePoint(c, keepCase);
    if (f.length !== 1) general = true;
    return f;
  });
  if (general) return undefined;
  return { text: asciiFold(replaced, keepCase), starts: null, ends: null };
}

/**
 * ASCII folding: lower case unless keepCase, control characters (tab, line feed, vertical tab, form feed, carriage
 * return) to spaces, a backtick to an apostrophe. Each unit that occurs is replaced by splitting on it and joining
 * (native, linear): a global regex replace with a callback calls it per line break, and one by a fixed string turns
 * superlinear past a few hundred thousand matches in one call (all-newline text: 13 → 104 ms from 256 KB to 1 MB).
 */
function asciiFold(ascii: string, keepCase: boolean): string {
  let t = keepCase ? ascii : ascii.toLowerCase();
  for (const c of ASCII_CONTROL_UNITS) if (t.includes(c)) t = t.split(c).join(" ");
  return t.includes("`") ? t.split("`").join("'") : t;
}

const ASCII_CONTROL_UNITS = ["\t", "\n", "\v", "\f", "\r"];

/** Plain ASCII without a line-break hyphen: every unit stays in place. */
function foldAscii(text: string, keepCase: boolean): FoldedText {
  return { text: asciiFold(text, keepCase), starts: null, ends: null };
}

function foldEachCodePoint(text: string, keepCase: boolean, joinHyphens: boolean): FoldedText {
  const b = new FoldBuilder(text.length + 16);
  let lastWasLetter = false;
  for (let i = 0; i < text.length; ) {
    const c = text.charCodeAt(i);
    if (c < 128) {
      if (joinHyphens && c === 0x2d && lastWasLetter) {
        const j = lineBreakHyphenEnd(text, i);
        if (j > 0) {
          i = j;
          continue;
        }
      }
      const isUpper = c >= 65 && c <= 90;
      const unit = c === 0x09 || c === 0x0a || c === 0x0b || c === 0x0c || c === 0x0d ? 0x20 : isUpper && !keepCase ? c + 32 : c === 0x60 ? 0x27 : c;
      b.push(unit, i, i + 1);
      lastWasLetter = isUpper || (c >= 97 && c <= 122);
      i++;
      continue;
    }
    const cp = text.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    if (joinHyphens && HYPHENS.has(cp) && lastWasLetter) {
      const j = lineBreakHyphenEnd(text, i);
      if (j > 0) {
        i = j;
        continue;
      }
    }
    const f = foldCodePoint(cp, keepCase);
    if (f.length > 0) {
      for (let k = 0; k < f.length; k++) b.push(f.charCodeAt(k), i, i + width);
      lastWasLetter = isLetterAt(f, f.length - 1) || (f.length > 1 && isLetterAt(f, f.length - 2));
    } else if (b.length > 0 && b.ends[b.length - 1] === i) {
      // A dropped mark (or invisible character) belongs to what precedes it, so a match never ends inside a
      // grapheme ("José" in NFD ends after its accent). `lastWasLetter` stays: "e\u0301-\nx" still joins.
      for (let k = b.length - 1; k >= 0 && b.ends[k] === i; k--) b.ends[k] = i + width;
    }
    i += width;
  }
  return b.result();
}

/**
 * Two single-letter words separated by a space, a dot or a dot and a space: every run joinSpacedLetters joins holds
 * such a pair, so a text without one is returned as it is without the walk over its words.
 */
const SPACED_PAIR = /\p{L}(?<![\p{L}\p{N}]\p{L})(?: |\. ?)\p{L}(?![\p{L}\p{N}])/u;
/**
 * A quicker test, tried first, that holds wherever joinSpacedLetters joins something: three single letters with
 * single spaces, or five with dots (a dot and a space). Any non-ASCII unit may be a letter or the edge of one; a
 * letter outside the BMP (two units) in the middle of a run is the surrogate pair.
 */
const MAYBE_SPACED_RUN =
  /(?:^|[^A-Za-z0-9])[A-Za-z\u0080-\uffff] (?:[A-Za-z\u0080-\uffff]|[\ud800-\udbff][\udc00-\udfff]) [A-Za-z\u0080-\uffff](?:[^A-Za-z0-9]|$)|(?:^|[^A-Za-z0-9])[A-Za-z\u0080-\uffff]\. ?(?:(?:[A-Za-z\u0080-\uffff]|[\ud800-\udbff][\udc00-\udfff])\. ?){3}[A-Za-z\u0080-\uffff](?:[^A-Za-z0-9]|$)/;

/** Drops the spaces (or dots) between letters spaced out one by one; one linear pass over words. */
function joinSpacedLetters(f: FoldedText): FoldedText {
  const t = f.text;
  if (!MAYBE_SPACED_RUN.test(t) || !SPACED_PAIR.test(t)) return f;
  const n = t.length;
  let drop: Uint8Array | undefined;
  // The current run of single-letter words: where the separators between them start, and its kind.
  let runSeparators: number[] = [];
  let runLetters = 0;
  let runKind = 0; // 0 none yet, 1 single spaces, 2 dots
  let lastLetterEnd = -1;
  const flush = () => {
    if ((runKind === 1 && runLetters >= 3) || (runKind === 2 && runLetters >= 5)) {
      drop ??= new Uint8Array(n);
      for (const p of runSeparators) drop[p] = 1;
      if (runKind === 2 && t.charCodeAt(lastLetterEnd) === 0x2e) drop[lastLetterEnd] = 1;
    }
    if (runLetters) {
      runSeparators = [];
      runLetters = 0;
      runKind = 0;
    }
  };
  let i = 0;
  while (i < n) {
    const w = wordUnitWidth(t, i);
    if (w === 0) {
      i++;
      continue;
    }
    let j = i + w;
    let more: number;
    while (j < n && (more = wordUnitWidth(t, j)) > 0) j += more;
    if (j - i !== w || !isLetterAt(t, i)) {
      flush();
      i = j;
      continue;
    }
    if (runLetters > 0) {
      // The separator between the previous single letter and this one decides whether the run goes on.
      const gap = i - lastLetterEnd;
      const c0 = t.charCodeAt(lastLetterEnd);
      const kind = gap === 1 && c0 === 0x20 ? 1 : c0 === 0x2e && (gap === 1 || (gap === 2 && t.charCodeAt(lastLetterEnd + 1) === 0x20)) ? 2 : 0;
      if (kind !== 0 && (runKind === 0 || runKind === kind)) {
        runKind = kind;
        for (let p = lastLetterEnd; p < i; p++) runSeparators.push(p);
      } else flush();
    }
    runLetters++;
    lastLetterEnd = j;
    i = j;
  }
  flush();
  if (!drop) return f;
  const b = new FoldBuilder(n);
  for (let k = 0; k < n; k++) {
    if (drop[k]) continue;
    const r = unitRange(f, k);
    b.push(t.charCodeAt(k), r.start, r.end);
  }
  return b.result();
}

/** UTF-16 width of the letter or digit at i (1 or 2), or 0 when there is none. */
function wordUnitWidth(t: string, i: number): number {
  const c = t.charCodeAt(i);
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) ? 1 : 0;
  const cp = t.codePointAt(i)!;
  return LETTER_OR_DIGIT.test(String.fromCodePoint(cp)) ? (cp > 0xffff ? 2 : 1) : 0;
}

const NEEDLE_CACHE = [new BoundedCache<string, string>(8192), new BoundedCache<string, string>(8192)];

/** A needle (a name, a value) folded the way foldForMatching folds text. */
export function foldNeedle(value: string, options: FoldOptions = {}): string {
  if (options.joinLineBreakHyphens === false || options.joinSpacedLetters === false) return foldForMatching(value, options).text;
  // Needles repeat across the notes of one patient: remember the last few thousand.
  const cache = NEEDLE_CACHE[options.keepCase ? 1 : 0];
  let f = cache.get(value);
  if (f === undefined) {
    f = foldForMatching(value, options).text;
    cache.set(value, f);
  }
  return f;
}
