// Lookup keys are case- and diacritic-insensitive so that "HÉLÈNE", "Hélène" and "helene" meet one list entry;
// capitalisation is judged separately from the original token.

const COMBINING_MARKS = /\p{M}+/gu;

function isAscii(word: string): boolean {
  for (let i = 0; i < word.length; i++) if (word.charCodeAt(i) > 127) return false;
  return true;
}

/** Lower-cases and strips diacritics (NFD + removal of combining marks). */
export function foldKey(word: string): string {
  if (isAscii(word)) return word.toLowerCase();
  return word.normalize("NFD").replace(COMBINING_MARKS, "").toLowerCase().normalize("NFC");
}

const UPPER = /\p{Lu}/u;
const LOWER = /\p{Ll}/u;

/** Whether the UTF-16 unit at `i` is an upper-case letter (startsUpper of the text from `i`, without a slice). */
export function isUpperAt(text: string, i: number): boolean {
  const code = text.charCodeAt(i);
  if (code < 128) return code >= 65 && code <= 90;
  return UPPER.test(text.charAt(i));
}

/** hasLower of text.slice(start, end), without the slice when that range is ASCII. */
export function hasLowerIn(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code >= 128) return LOWER.test(text.slice(start, end));
    if (code >= 97 && code <= 122) return true;
  }
  return false;
}
