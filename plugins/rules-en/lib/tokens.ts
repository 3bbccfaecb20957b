// Tokens with UTF-16 offsets: runs of letters, runs of digits, and single other characters. One pass, linear.
import { foldWord } from "./lexicon.js";

export type TokenKind = "word" | "num" | "punct";
export type Shape = "title" | "upper" | "lower" | "mixed" | "none";

export interface Token {
  start: number;
  end: number;
  text: string;
  /** Folded (lower case, straight apostrophes). */
  low: string;
  kind: TokenKind;
  shape: Shape;
  /** Index in the token list. */
  i: number;
  /** Whitespace (or nothing) before this token and after the previous one. */
  spaceBefore: boolean;
  newlineBefore: boolean;
  /** First word of a sentence, a line or the text (not after "Dr." or an initial). */
  sentenceStart: boolean;
  /**
   * On a line written in capitals ("PATIENT: HARGREAVES, DOROTHY  MRN: ..."): capitals there are no sign of a
   * proper name, so rules ask the lists instead.
   */
  capsLine: boolean;
}

/** Two spaces or more, a tab or a bar between two words: a table's column boundary. */
export const COLUMN_GAP = /\t| {2,}|\|/;

const LETTER = /[\p{L}\p{M}]/u;
const SPACE = /\s/u;

function isLetterCode(c: number, ch: string): boolean {
  if (c < 128) return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  return LETTER.test(ch);
}

function shapeOf(w: string): Shape {
  const upper = w.toUpperCase();
  const lower = w.toLowerCase();
  if (w === lower && w !== upper) return "lower";
  if (w === upper && w !== lower) return w.length === 1 ? "title" : "upper";
  const first = w[0];
  if (first === first.toUpperCase() && first !== first.toLowerCase()) {
    return w.slice(1) === w.slice(1).toLowerCase() ? "title" : "mixed";
  }
  return "mixed";
}

/** Abbreviations whose dot does not end a sentence. */
const NON_FINAL_ABBREVIATIONS = new Set(["dr", "mr", "mrs", "ms", "prof", "st", "mt", "jr", "sr", "vs", "no", "apt", "ste", "e.g", "i.e", "approx", "fig"]);

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const n = text.length;
  let i = 0;
  let space = true;
  let newline = true;
  while (i < n) {
    const c = text.charCodeAt(i);
    const ch = text[i];
    if (c === 10 || c === 13 || c === 0x85 || c === 0x2028 || c === 0x2029) {
      newline = true;
      space = true;
      i++;
      continue;
    }
    if (c === 32 || c === 9 || c === 12 || c === 11 || (c > 127 && (c === 0x200b || SPACE.test(ch)))) {
      space = true;
      i++;
      continue;
    }
    let j = i + 1;
    let kind: TokenKind;
    if (c >= 48 && c <= 57) {
      while (j < n) {
        const d = text.charCodeAt(j);
        if (d < 48 || d > 57) break;
        j++;
      }
      kind = "num";
    } else if (isLetterCode(c, ch)) {
      while (j < n && isLetterCode(text.charCodeAt(j), text[j])) j++;
      kind = "word";
    } else {
      // Keep a surrogate pair together; a run of one punctuation character ("...", "-----") is one token.
      if (c >= 0xd800 && c <= 0xdbff && j < n) j++;
      else while (j < n && text.charCodeAt(j) === c) j++;
      kind = "punct";
    }
    const t = text.slice(i, j);
    tokens.push({
      start: i,
      end: j,
      text: t,
      low: kind === "word" ? foldWord(t) : t === "\u2019" || t === "\u2018" ? "'" : t,
      kind,
      shape: kind === "word" ? shapeOf(t) : "none",
      i: tokens.length,
      spaceBefore: space,
      newlineBefore: newline,
      sentenceStart: false,
      capsLine: false,
    });
    space = false;
    newline = false;
    i = j;
  }
  // Sentence starts: the first word, or a word after a line break, "." "!" "?" ":" or a bullet.
  let start = true;
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    if (t.newlineBefore) start = true;
    if (t.kind === "word" || t.kind === "num") {
      t.sentenceStart = start;
      start = false;
      continue;
    }
    const c0 = t.text[0];
    if (c0 === "." || c0 === "!" || c0 === "?") {
      const prev = tokens[k - 1];
      const abbreviation = t.text === "." && prev && prev.kind === "word" && !t.spaceBefore && (NON_FINAL_ABBREVIATIONS.has(prev.low) || prev.text.length === 1);
      if (!abbreviation) start = true;
    } else if (t.text === ":" || t.text === "•" || t.text === "*" || t.text === ";") {
      start = true;
    }
  }
  markCapsLines(tokens);
  return tokens;
}

/** A line with at least three words of two letters or more, four in five of them in capitals, is a capitals line. */
function markCapsLines(tokens: Token[]): void {
  let lineStart = 0;
  for (let k = 0; k <= tokens.length; k++) {
    if (k < tokens.length && !(k > lineStart && tokens[k].newlineBefore)) continue;
    let words = 0;
    let upper = 0;
    for (let j = lineStart; j < k; j++) {
      const t = tokens[j];
      if (t.kind !== "word" || t.text.length < 2) continue;
      words++;
      if (t.shape === "upper") upper++;
    }
    if (words >= 3 && upper * 5 >= words * 4) for (let j = lineStart; j < k; j++) tokens[j].capsLine = true;
    lineStart = k;
  }
}

/** Whether a word token is written like a proper name: Title case, all capitals, or McX / O'X style. */
export function isCapitalised(t: Token | undefined): boolean {
  return !!t && t.kind === "word" && (t.shape === "title" || t.shape === "upper" || (t.shape === "mixed" && /^\p{Lu}/u.test(t.text)));
}
