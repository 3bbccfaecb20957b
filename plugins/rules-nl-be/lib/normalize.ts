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

export function startsUpper(word: string): boolean {
  return UPPER.test(word.charAt(0));
}

export function hasLower(word: string): boolean {
  return LOWER.test(word);
}
