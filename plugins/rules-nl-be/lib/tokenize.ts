// Tokenisation with UTF-16 offsets into the original text. Words are maximal runs of letters, marks and digits;
// every other non-space character is a one-character punctuation token. Hyphenated and apostrophe names
// ("Van den Bossche-D'Hondt", "'t") therefore become word pieces joined by punctuation, which the phrase matcher
// and the name rules glue back together.
import { foldKey } from "./normalize.js";

export type TokenKind = "word" | "number" | "punct";

export interface Token {
  readonly index: number;
  readonly start: number;
  readonly end: number;
  readonly text: string;
  /** Case- and diacritic-folded form used for lookups. */
  readonly key: string;
  readonly kind: TokenKind;
  /** First letter upper case and some lower case letter ("Peeters", "Jan"). */
  readonly title: boolean;
  /** Every letter upper case and at least one letter ("PEETERS", "AZ", "J"). */
  readonly upper: boolean;
  /** Holds at least one letter. */
  readonly letters: boolean;
  /** The first character is an upper-case letter. */
  readonly firstUpper: boolean;
  /** Newlines in the whitespace gap before this token. */
  readonly newlinesBefore: number;
  /** Whether whitespace separates this token from the previous one. */
  readonly spaceBefore: boolean;
  /** First token of a sentence, line, list item or field value: capitalisation there is no evidence. */
  sentenceStart: boolean;
  /** The token's line is written in capitals (headers, some legacy notes). */
  capsLine: boolean;
}

/** Words after which a period does not end a sentence (titles, abbreviations). */
export const ABBREVIATIONS_BEFORE_PERIOD: ReadonlySet<string> = new Set([
  "echtg", "echtgen", "verpl", "kine", "pte", "geb", "dhr", "ctrl", "afd", "tel", "vnl", "mevr", "coll", "prof",
  "dr", "dra", "drs", "dhr", "mevr", "mw", "mej", "prof", "pr", "st", "mr", "mme", "mlle", "mgr", "ing", "ir", "lic",
  "nr", "tel", "vb", "bv", "bvb", "ca", "cfr", "zgn", "evt", "o", "a", "resp", "vs", "ref", "fam", "dd", "pt",
  "coll", "bacc", "kand", "ds", "sr", "jr", "me", "av", "bd", "ch", "chr", "th", "ph", "bte", "gsm", "fax", "app",
]);

/** Sentence-ending punctuation and list markers. */
const SENTENCE_END_PUNCT: ReadonlySet<string> = new Set([".", "!", "?", ":", ";", "•", "*", "(", "\"", "“", "«", "[", ">", "|"]);

const WORD_CHAR = /[\p{L}\p{M}\p{N}]/u;
const LETTER_CHAR = /\p{L}/u;

/** Character classes for one UTF-16 unit: 0 other, 1 letter/mark, 2 digit, 3 whitespace. */
function classify(text: string, i: number): number {
  const code = text.charCodeAt(i);
  if (code < 128) {
    if ((code >= 97 && code <= 122) || (code >= 65 && code <= 90)) return 1;
    if (code >= 48 && code <= 57) return 2;
    return code === 32 || (code >= 9 && code <= 13) ? 3 : 0;
  }
  if (code === 0xa0 || code === 0x2028 || code === 0x2029 || (code >= 0x2000 && code <= 0x200a) || code === 0x3000 || code === 0x202f) return 3;
  if (code >= 0xd800 && code <= 0xdfff) return 0;
  const ch = text[i];
  if (!WORD_CHAR.test(ch)) return 0;
  return LETTER_CHAR.test(ch) || !/\p{N}/u.test(ch) ? 1 : 2;
}

interface Shape {
  /** Every unit is ASCII. */
  ascii: boolean;
  letters: boolean;
  digitsOnly: boolean;
  firstUpper: boolean;
  anyUpper: boolean;
  anyLower: boolean;
}

function shapeOfWord(text: string, start: number, end: number): Shape {
  let letters = false;
  let digitsOnly = true;
  let anyUpper = false;
  let anyLower = false;
  let firstUpper = false;
  let ascii = true;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    let upper = false;
    let lower = false;
    if (code < 128) {
      upper = code >= 65 && code <= 90;
      lower = code >= 97 && code <= 122;
      if (code < 48 || code > 57) digitsOnly = false;
    } else {
      digitsOnly = false;
      ascii = false;
      const ch = text[i];
      const lowerForm = ch.toLowerCase();
      const upperForm = ch.toUpperCase();
      upper = ch !== lowerForm;
      lower = ch !== upperForm;
    }
    if (upper || lower) letters = true;
    if (i === start) firstUpper = upper;
    anyUpper ||= upper;
    anyLower ||= lower;
  }
  return { ascii, letters, digitsOnly, firstUpper, anyUpper, anyLower };
}

function countNewlines(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === 10) count++;
  return count;
}

const KIND_BITS = 3;
const TITLE = 1 << 2;
const UPPER = 1 << 3;
const LETTERS = 1 << 4;
const FIRST_UPPER = 1 << 5;
const SPACE_BEFORE = 1 << 6;
const SENTENCE_START = 1 << 7;
const CAPS_LINE = 1 << 8;
const KINDS: readonly TokenKind[] = ["word", "number", "punct"];

/**
 * A token as one small object: the flags share one integer, so a long text allocates little per token (a large
 * object per token made the garbage collector, not the rules, the cost on long texts).
 */
class CompactToken implements Token {
  private flags: number;

  constructor(
    readonly index: number,
    readonly start: number,
    readonly end: number,
    readonly text: string,
    readonly key: string,
    flags: number,
    readonly newlinesBefore: number,
  ) {
    this.flags = flags;
  }

  get kind(): TokenKind {
    return KINDS[this.flags & KIND_BITS];
  }
  get title(): boolean {
    return (this.flags & TITLE) !== 0;
  }
  get upper(): boolean {
    return (this.flags & UPPER) !== 0;
  }
  get letters(): boolean {
    return (this.flags & LETTERS) !== 0;
  }
  get firstUpper(): boolean {
    return (this.flags & FIRST_UPPER) !== 0;
  }
  get spaceBefore(): boolean {
    return (this.flags & SPACE_BEFORE) !== 0;
  }
  get sentenceStart(): boolean {
    return (this.flags & SENTENCE_START) !== 0;
  }
  set sentenceStart(value: boolean) {
    this.flags = value ? this.flags | SENTENCE_START : this.flags & ~SENTENCE_START;
  }
  get capsLine(): boolean {
    return (this.flags & CAPS_LINE) !== 0;
  }
  set capsLine(value: boolean) {
    this.flags = value ? this.flags | CAPS_LINE : this.flags & ~CAPS_LINE;
  }
}

/**
 * Recent words, by a hash of their UTF-16 units: a word that repeats (most words of a note, every word of a long
 * list or a pasted table) reuses the text, key and shape bits of its last occurrence instead of a slice, a lower-cased
 * copy and a shape scan of its own. A long text's tokens are alive through the whole call, and two strings per word
 * were a third of what a word token kept alive. Direct-mapped: a word whose slot holds another word replaces it. Only
 * words of up to INTERN_MAX_UNITS units: V8 copies a slice that short, so a held string never keeps a note alive.
 */
const INTERN_SLOTS = 16384;
const INTERN_MAX_UNITS = 12;
const internText: (string | undefined)[] = new Array<string | undefined>(INTERN_SLOTS).fill(undefined);
const internKey: string[] = new Array<string>(INTERN_SLOTS).fill("");
/** The word's flags without SPACE_BEFORE (kind, TITLE, UPPER, LETTERS, FIRST_UPPER). */
const internFlags = new Int32Array(INTERN_SLOTS);

/** FNV-1a over text[start, end). */
function unitsHash(text: string, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** Whether `held` is text[start, end) (its length already checked). */
function sameUnits(held: string, text: string, start: number): boolean {
  for (let k = 0; k < held.length; k++) if (held.charCodeAt(k) !== text.charCodeAt(start + k)) return false;
  return true;
}

/** Text, key and flags of a word (SPACE_BEFORE left to the caller). */
function wordParts(text: string, start: number, end: number, slice: string): { key: string; flags: number } {
  const shape = shapeOfWord(text, start, end);
  const letters = shape.letters;
  let flags = shape.digitsOnly ? 1 : 0;
  if (letters && shape.firstUpper && shape.anyLower) flags |= TITLE;
  if (letters && shape.anyUpper && !shape.anyLower) flags |= UPPER;
  if (letters) flags |= LETTERS;
  if (letters && shape.firstUpper) flags |= FIRST_UPPER;
  // An ASCII word folds to itself in lower case (foldKey's ASCII path), and is its own key without a capital.
  const key = shape.ascii ? (shape.anyUpper ? slice.toLowerCase() : slice) : foldKey(slice);
  return { key, flags };
}

function makeToken(text: string, index: number, start: number, end: number, isWord: boolean, prevEnd: number): Token {
  const newlines = start > prevEnd ? countNewlines(text, prevEnd, start) : 0;
  const space = start > prevEnd ? SPACE_BEFORE : 0;
  if (!isWord) {
    const slice = end - start === 1 ? text[start] : text.slice(start, end);
    return new CompactToken(index, start, end, slice, slice, 2 | space, newlines);
  }
  if (end - start <= INTERN_MAX_UNITS) {
    const slot = unitsHash(text, start, end) & (INTERN_SLOTS - 1);
    const held = internText[slot];
    if (held !== undefined && held.length === end - start && sameUnits(held, text, start)) {
      return new CompactToken(index, start, end, held, internKey[slot], internFlags[slot] | space, newlines);
    }
    const slice = end - start === 1 ? text[start] : text.slice(start, end);
    const { key, flags } = wordParts(text, start, end, slice);
    internText[slot] = slice;
    internKey[slot] = key;
    internFlags[slot] = flags;
    return new CompactToken(index, start, end, slice, key, flags | space, newlines);
  }
  const slice = text.slice(start, end);
  const { key, flags } = wordParts(text, start, end, slice);
  return new CompactToken(index, start, end, slice, key, flags | space, newlines);
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let prevEnd = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const code = text.charCodeAt(i);
    const cls = classify(text, i);
    if (cls === 3) {
      i++;
      continue;
    }
    if (cls === 0) {
      // A surrogate pair (emoji, astral script) stays whole in one punctuation token.
      const pair = code >= 0xd800 && code <= 0xdbff && i + 1 < n && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
      const width = pair ? 2 : 1;
      tokens.push(makeToken(text, tokens.length, i, i + width, false, prevEnd));
      prevEnd = i + width;
      i += width;
      continue;
    }
    let j = i + 1;
    while (j < n) {
      const c = classify(text, j);
      if (c === 1 || c === 2) j++;
      else break;
    }
    tokens.push(makeToken(text, tokens.length, i, j, true, prevEnd));
    prevEnd = j;
    i = j;
  }
  markSentenceStarts(tokens);
  markCapsLines(tokens);
  return tokens;
}

function isLineStart(tokens: readonly Token[], i: number): boolean {
  return i === 0 || tokens[i].newlinesBefore > 0;
}

function endsSentence(tokens: readonly Token[], i: number): boolean {
  const prev = tokens[i - 1];
  if (prev.kind !== "punct" || !SENTENCE_END_PUNCT.has(prev.text)) return false;
  if (prev.text !== ".") return true;
  const beforePeriod = tokens[i - 2];
  if (!beforePeriod || beforePeriod.kind === "punct") return true;
  if (beforePeriod.end !== prev.start) return true;
  // "Dr. Peeters", "J. Peeters": the period closes an abbreviation or initial, not a sentence.
  if (ABBREVIATIONS_BEFORE_PERIOD.has(beforePeriod.key)) return false;
  return !(beforePeriod.kind === "word" && beforePeriod.text.length === 1 && beforePeriod.upper);
}

/** A list marker at line start ("- ", "1. ", "a) ") makes the following word a sentence start too. */
function followsListMarker(tokens: readonly Token[], i: number): boolean {
  const prev = tokens[i - 1];
  if (isLineStart(tokens, i - 1) && prev.kind === "punct" && "-–•*>".includes(prev.text)) return true;
  const marker = tokens[i - 2];
  return (
    marker !== undefined &&
    isLineStart(tokens, i - 2) &&
    marker.kind !== "punct" &&
    marker.text.length <= 2 &&
    prev.kind === "punct" &&
    (prev.text === "." || prev.text === ")")
  );
}

function markSentenceStarts(tokens: Token[]): void {
  for (let i = 0; i < tokens.length; i++) {
    tokens[i].sentenceStart = isLineStart(tokens, i) || endsSentence(tokens, i) || (i >= 1 && followsListMarker(tokens, i));
  }
}

function markCapsLines(tokens: Token[]): void {
  let lineBegin = 0;
  for (let i = 0; i <= tokens.length; i++) {
    if (i === tokens.length || (i > lineBegin && tokens[i].newlinesBefore > 0)) {
      let upperLetters = 0;
      let titleWords = 0;
      let words = 0;
      for (let j = lineBegin; j < i; j++) {
        const t = tokens[j];
        if (t.kind !== "word") continue;
        words++;
        if (t.upper && t.text.length > 1) upperLetters++;
        if (t.title) titleWords++;
      }
      const caps = words >= 2 && upperLetters >= 2 && titleWords === 0;
      for (let j = lineBegin; j < i; j++) tokens[j].capsLine = caps;
      lineBegin = i;
    }
  }
}

/** Index of the first token whose end is greater than `offset` (binary search), or tokens.length. */
export function tokenAtOrAfter(tokens: readonly Token[], offset: number): number {
  let lo = 0;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (tokens[mid].end <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
