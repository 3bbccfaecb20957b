// Tokenisation with UTF-16 offsets into the original text. Words are maximal runs of letters, marks and digits;
// every other non-space character is a one-character punctuation token. Hyphenated and apostrophe names
// ("Van den Bossche-D'Hondt", "'t") therefore become word pieces joined by punctuation, which the phrase matcher
// and the name rules glue back together.
import { foldKey, hasLower, hasUpper, startsUpper } from "./normalize.js";

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
  /** Newlines in the whitespace gap before this token. */
  readonly newlinesBefore: number;
  /** Whether whitespace separates this token from the previous one. */
  readonly spaceBefore: boolean;
  /** First token of a sentence, line, list item or field value: capitalisation there is no evidence. */
  sentenceStart: boolean;
  /** The token's line is written in capitals (headers, some legacy notes). */
  capsLine: boolean;
}

const TOKEN_PATTERN = /([\p{L}\p{M}\p{N}]+)|(\S)/gu;
const DIGITS_ONLY = /^\p{N}+$/u;
const LETTER = /\p{L}/u;

/** Words after which a period does not end a sentence (titles, abbreviations). */
const ABBREVIATIONS_BEFORE_PERIOD: ReadonlySet<string> = new Set([
  "dr", "dra", "drs", "dhr", "mevr", "mw", "mej", "prof", "pr", "st", "mr", "mme", "mlle", "mgr", "ing", "ir", "lic",
  "nr", "tel", "tel", "vb", "bv", "bvb", "ca", "cfr", "zgn", "evt", "o", "a", "resp", "vs", "ref", "fam", "dd", "pt",
  "coll", "bacc", "kand", "ds", "sr", "jr", "me", "av", "bd", "ch", "chr", "th", "ph", "bte", "gsm", "fax", "app",
]);

const SENTENCE_END_PUNCT: ReadonlySet<string> = new Set([".", "!", "?", ":", ";", "•", "*", "(", "\"", "“", "«", "[", ">", "|"]);

function countNewlines(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === 10) count++;
  return count;
}

function makeToken(text: string, index: number, start: number, end: number, isWord: boolean, prevEnd: number): Token {
  const slice = text.slice(start, end);
  const kind: TokenKind = !isWord ? "punct" : DIGITS_ONLY.test(slice) ? "number" : "word";
  const letters = kind === "word" && LETTER.test(slice);
  return {
    index,
    start,
    end,
    text: slice,
    key: isWord ? foldKey(slice) : slice,
    kind,
    title: letters && startsUpper(slice) && hasLower(slice),
    upper: letters && hasUpper(slice) && !hasLower(slice),
    newlinesBefore: countNewlines(text, prevEnd, start),
    spaceBefore: start > prevEnd,
    sentenceStart: false,
    capsLine: false,
  };
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let prevEnd = 0;
  for (const match of text.matchAll(TOKEN_PATTERN)) {
    const start = match.index;
    const end = start + match[0].length;
    tokens.push(makeToken(text, tokens.length, start, end, match[1] !== undefined, prevEnd));
    prevEnd = end;
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
