// OCR look-alikes, read one character for one (so every offset stays the same): in a number written with letters
// ("2O24", "O3/O4/2O24", "88O31722", "(5O3) 555-O161") the letters O o l I | are digits; in a word written with
// digits ("DOR0THY", "REG1ONAL", "dai1y", "D0B") the digits 0 and 1 are the letters O and I/l; a lower-case "l" in
// a word that is otherwise in capitals is an "I" ("HOSPlTAL"). The rules then read the normalised text.
// One pass over chunks of letters and digits, linear in the text; text without a letter beside a digit is returned
// as it is.

const isDigit = (c: number) => c >= 48 && c <= 57;
const isUpper = (c: number) => c >= 65 && c <= 90;
const isLower = (c: number) => c >= 97 && c <= 122;
const isAsciiLetter = (c: number) => isUpper(c) || isLower(c);
const isAlnum = (c: number) => isDigit(c) || isAsciiLetter(c);
/** O o l I as digits. */
const digitLookalike = (c: number) => c === 79 || c === 111 || c === 108 || c === 73;
const asDigit = (c: number) => (c === 79 || c === 111 ? 48 : 49);
/** Separators that join the parts of one number ("O3/O4/2O24", "555-O161", "O.4"). */
const isJoiner = (c: number) => c === 47 || c === 46 || c === 45;

/** Whether the text has a letter right beside a digit anywhere (the only texts OCR normalisation can change). */
function mayNeedNormalising(text: string): boolean {
  for (let i = 1; i < text.length; i++) {
    const a = text.charCodeAt(i - 1);
    const b = text.charCodeAt(i);
    if ((isDigit(a) && isAsciiLetter(b)) || (isAsciiLetter(a) && isDigit(b))) return true;
    if (b === 108 && isUpper(a) && i + 1 < text.length && isUpper(text.charCodeAt(i + 1))) return true;
  }
  return false;
}

export function ocrNormalise(text: string): string {
  if (!mayNeedNormalising(text)) return text;
  const out = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  const n = text.length;
  let i = 0;
  while (i < n) {
    if (!isAlnum(out[i])) {
      i++;
      continue;
    }
    // A chunk: alphanumeric runs joined by single / . - ("O3/O4/2O24").
    const start = i;
    let digits = 0;
    let lookalikes = 0;
    let otherLetters = 0;
    let end = i;
    while (end < n) {
      const c = out[end];
      if (isDigit(c)) digits++;
      else if (digitLookalike(c)) lookalikes++;
      else if (isAsciiLetter(c)) otherLetters++;
      else if (isJoiner(c) && end + 1 < n && isAlnum(out[end + 1]) && end > start) {
        end++;
        continue;
      } else break;
      end++;
    }
    if (otherLetters === 0 && lookalikes > 0 && digits >= 2 && lookalikes <= digits) {
      for (let k = start; k < end; k++) if (digitLookalike(out[k])) out[k] = asDigit(out[k]);
    } else {
      // Word by word inside the chunk: digits 0/1 between letters of a word, "l" inside capitals.
      let k = start;
      while (k < end) {
        if (!isAlnum(out[k])) {
          k++;
          continue;
        }
        let e = k;
        let letters = 0;
        let upper = 0;
        let otherDigits = 0;
        while (e < end && isAlnum(out[e])) {
          const c = out[e];
          if (isAsciiLetter(c)) {
            letters++;
            if (isUpper(c)) upper++;
          } else if (c !== 48 && c !== 49) otherDigits++;
          e++;
        }
        if (letters >= 2 && otherDigits === 0) normaliseWord(out, k, e, letters, upper);
        k = e;
      }
    }
    i = end;
  }
  return decoder.decode(out);
}

/**
 * One word of letters and the digits 0/1: a run of 0/1 between letters is letters ("K0WALCZYK", "Fo11ow", "D0B"),
 * so is one at the end of a lower-case word ("ca11"); a lower-case "l" inside capitals is an "I" ("HOSPlTAL").
 */
function normaliseWord(a: Uint16Array, s: number, e: number, letters: number, upper: number): void {
  let lowerL = 0;
  for (let p = s; p < e; p++) if (a[p] === 108) lowerL++;
  const capitals = upper >= 2 && upper + lowerL >= letters;
  const lowerWord = upper === 0;
  let p = s;
  while (p < e) {
    const c = a[p];
    if (c !== 48 && c !== 49) {
      if (c === 108 && capitals && letters >= 3 && p > s) a[p] = 73;
      p++;
      continue;
    }
    let q = p;
    while (q < e && (a[q] === 48 || a[q] === 49)) q++;
    const letterBefore = p > s;
    const letterAfter = q < e;
    if ((letterBefore && letterAfter) || (letterBefore && !letterAfter && lowerWord && letters >= 2)) {
      for (let r = p; r < q; r++) a[r] = a[r] === 48 ? (capitals ? 79 : 111) : capitals ? 73 : 108;
    }
    p = q;
  }
}

const decoder = new TextDecoder("utf-16le");
