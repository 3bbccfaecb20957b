// Postal codes in address context → "Address_Location:Other": Belgian "2000 Antwerpen" / "B-1000 Bruxelles" and
// Dutch "1234 AB Amsterdam" (code + the capitalised locality after it; a code with no locality is not marked),
// US "MA 02115" (state + ZIP; the city before it is left to other detectors) and UK postcodes "SW1A 1AA"
// (distinctive enough on their own; the town comes before them in UK addresses).
import type { DetectedSpan } from "../../src/contract/index.js";
import type { Lexicon } from "./lexicon.js";
import { SCORE_CONTEXT, SCORE_PATTERN, anchoredPhrase, digitAt, matchAt, phraseBefore, span, wordCharAt, wordCharBefore, type TextScan } from "./text.js";

export interface PostalRules {
  /** US ZIP codes and UK postcodes are read only when English is on. */
  readonly english: boolean;
  /**
   * Belgian and Dutch codes only when Dutch or French is on: in an English note four digits and a capitalised word
   * are a clock time and the next sentence ("1420 Arrived to floor").
   */
  readonly lowCountries: boolean;
}

export function compilePostalRules(lexicon: Lexicon): PostalRules {
  return { english: lexicon.languages.includes("en"), lowCountries: lexicon.languages.includes("nl") || lexicon.languages.includes("fr") };
}

/**
 * A locality: a capitalised word, hyphenated parts allowed ("Sint-Niklaas", "Louvain-la-Neuve", "ANTWERPEN").
 * An article that starts a place name ("De Panne", "La Louvière", "Le Roeulx") takes the next capitalised word too.
 */
const LOCALITY = /[ \u00a0]{1,2}((?:(?:De|Den|La|Le|Les|'s)[ ](?=\p{Lu}))?\p{Lu}[\p{L}'’]*(?:-[\p{L}'’]+)*)/uy;

/** Capitalised words after a number that are not places: units, and words that start a sentence or a list. */
const NOT_LOCALITIES: ReadonlySet<string> = new Set([
  "IE", "IU", "ML", "MG", "KG", "KCAL", "EH", "U", "E", "UI", "MMHG", "MMOL", "MCG", "CC", "CM", "MM", "PT", "PTS",
  "DE", "HET", "EEN", "LE", "LA", "LES", "UN", "UNE", "THE", "A", "AN", "IN", "OP", "EN", "ET", "AND", "TOT", "TO",
  "JAAR", "JAREN", "ANS", "YEARS", "PATIENT", "PATIËNT", "PATIENTE", "PATIËNTE", "DR", "PROF", "MEVROUW", "MIJNHEER",
  "MADAME", "MONSIEUR", "MR", "MRS", "MS",
]);

/** A street and house number ("Kerkstraat 12 bus 3, ") or a postal-code label, the whole text before a code. */
const ADDRESS_BEFORE = anchoredPhrase(
  "\\p{L}[\\p{L}'’.\\-]*[ ]+\\d{1,4}[a-zA-Z]?(?:[ ]*(?:bus|bte|boîte|b)\\.?[ ]*\\d{1,4})?[ ]*[,\\n]?[ ]*|(?:postcode|code postal|zip(?: code)?)[ ]*:?[ ]*",
);

function locality(text: string, index: number): { end: number; word: string } | null {
  const m = matchAt(LOCALITY, text, index);
  if (!m) return null;
  const end = index + m[0].length;
  const word = m[1];
  const upper = word.toUpperCase();
  if (wordCharAt(text, end) || NOT_LOCALITIES.has(upper)) return null;
  // Two capitals are a unit or an abbreviation ("AB", "SS"), never a locality; "As" and "Mol" are.
  const letters = word.replace(/[^\p{L}]/gu, "").length;
  if (letters < 2 || (letters < 3 && word === upper)) return null;
  return { end, word };
}

/**
 * Localities whose postal codes read as years (1900–2099: the Antwerp districts, Zaventem, ...). With another
 * locality such a code needs address evidence ("in 2019 Opname" is a year).
 */
const YEAR_LIKE_CODE_LOCALITIES: ReadonlySet<string> = new Set([
  "ANTWERPEN", "ANVERS", "ANTWERP", "BERCHEM", "BORGERHOUT", "DEURNE", "HOBOKEN", "MERKSEM", "WILRIJK", "EKEREN",
  "BERENDRECHT", "ZANDVLIET", "LILLO", "ZWIJNDRECHT", "BURCHT", "ZAVENTEM", "OVERIJSE", "KRAAINEM", "ZEMST",
  "KAMPENHOUT", "WEZEMBEEK-OPPEM", "STERREBEEK", "STEENOKKERZEEL", "MACHELEN",
]);

/** Belgian 4-digit code. Codes that read as years (1900–2099) need address evidence before them. */
/**
 * Belgian 4-digit code + locality. Without address evidence (a "B-" prefix, a street and house number or a
 * postal-code label before it), codes that read as years (1900–2099) need a locality known to have such a code,
 * and short all-capital words (acronyms such as "NPI") are not taken for a locality.
 */
function belgianAt(text: string, s: number): { start: number; end: number; score: number } | null {
  let start = s;
  if (text[s - 1] === "-" && (text[s - 2] === "B" || text[s - 2] === "b") && !wordCharBefore(text, s - 2)) start = s - 2;
  else if (text[s - 1] === " " && text[s - 2] === "B" && !wordCharBefore(text, s - 2)) start = s - 2;
  else if (wordCharBefore(text, s) || ("-./,".includes(text[s - 1] ?? "x") && digitAt(text, s - 2))) return null;
  const code = Number(text.slice(s, s + 4));
  if (code < 1000) return null;
  const place = locality(text, s + 4);
  if (!place) return null;
  const evidence = start !== s || phraseBefore(text, start, ADDRESS_BEFORE, 64) >= 0;
  if (!evidence) {
    const upper = place.word.toUpperCase();
    if (code >= 1900 && code <= 2099 && !YEAR_LIKE_CODE_LOCALITIES.has(upper)) return null;
    if (place.word === upper && place.word.length <= 3) return null;
  }
  return { start, end: place.end, score: evidence ? SCORE_CONTEXT : SCORE_PATTERN };
}

const DUTCH_CODE = /\d{4}[ ]?([A-Z]{2})(?![\p{L}\p{N}])/uy;

/**
 * Letter pairs after four digits that are units or clinical abbreviations ("1250 MG" is a dose), and the pairs
 * Dutch postcodes never use (SA, SD, SS).
 */
const NOT_POSTCODE_LETTERS: ReadonlySet<string> = new Set([
  "SA", "SD", "SS", "MG", "ML", "KG", "GR", "CM", "MM", "UL", "DL", "CL", "MU", "PG", "NG", "UG", "IE", "EH", "IU", "HZ",
  "KM", "MS", "PT", "ST", "NR", "BD", "HB", "HR", "RR", "CT", "RX", "OK", "IC", "KB", "MB", "GB", "AM", "PM", "XR", "CC",
  // Diagnoses after a year in a history list ("2019 AF", "2020 MI; 2022 PE").
  "AF", "MI", "HF", "DM", "PE", "LE", "CA", "TB", "RA", "OA", "BC",
]);

/**
 * A Dutch postcode: "1234 AB" or "1234AB", with the capitalised locality after it when there is one. Alone it
 * counts when nothing but punctuation or the end of the line follows (a bare "3581 CX" in a fragment or a table).
 */
function dutchAt(text: string, s: number): { start: number; end: number; score: number } | null {
  const letterAfter = text[s + 4] === " " ? text[s + 5] : text[s + 4];
  if (!isUpperAscii(letterAfter) || wordCharBefore(text, s)) return null;
  if ("-./,".includes(text[s - 1] ?? "x") && digitAt(text, s - 2)) return null;
  const m = matchAt(DUTCH_CODE, text, s);
  if (!m || NOT_POSTCODE_LETTERS.has(m[1]) || text[s] === "0") return null;
  const end = s + m[0].length;
  const place = locality(text, end);
  if (place) return { start: s, end: place.end, score: SCORE_CONTEXT };
  // Alone: the end of the text or line, or punctuation, must follow; never another digit group or a word.
  const rest = text.slice(end, end + 3);
  if (!/^(?:$|\s*(?:\r?\n|$)|\s*[,;.)|]|\s+[-–])/.test(rest)) return null;
  return { start: s, end, score: SCORE_PATTERN };
}

const US_STATES =
  "AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|PR";
const STATE_BEFORE = anchoredPhrase(`(?:${US_STATES})[ ]{1,2}`, "");
const ZIP = /\d{5}(?:-\d{4})?(?!\d)/y;

function usAt(text: string, s: number): { start: number; end: number; score: number } | null {
  const stateStart = phraseBefore(text, s, STATE_BEFORE, 6);
  if (stateStart < 0 || wordCharBefore(text, stateStart)) return null;
  const m = matchAt(ZIP, text, s);
  if (!m) return null;
  const end = s + m[0].length;
  if (wordCharAt(text, end)) return null;
  return { start: stateStart, end, score: SCORE_CONTEXT };
}

/** Outward code (area letters, district digit, optional letter or digit), space, inward code (digit + 2 letters). */
const UK_POSTCODE = /[A-Z]{1,2}\d[A-Z\d]? \d[ABD-HJLNP-UW-Z]{2}(?![\p{L}\p{N}])/uy;

function isUpperAscii(ch: string | undefined): boolean {
  return ch !== undefined && ch >= "A" && ch <= "Z";
}

function ukAt(text: string, s: number): { start: number; end: number; score: number } | null {
  if (!isUpperAscii(text[s - 1])) return null;
  for (let letters = 2; letters >= 1; letters--) {
    const start = s - letters;
    if (start < 0 || wordCharBefore(text, start)) continue;
    const m = matchAt(UK_POSTCODE, text, start);
    if (m && start + letters === s) return { start, end: start + m[0].length, score: SCORE_PATTERN };
  }
  return null;
}

export function findPostalCodes(scan: TextScan, rules: PostalRules): DetectedSpan[] {
  const { text, runs } = scan;
  const out: DetectedSpan[] = [];
  let consumed = 0;
  for (let r = 0; r < runs.length; r += 2) {
    const s = runs[r];
    const len = runs[r + 1] - s;
    if (s < consumed) continue;
    const next = text[runs[r + 1]];
    const found =
      (len === 4 && rules.lowCountries && (next === " " || next === "\u00a0" || isUpperAscii(next)) ? (dutchAt(text, s) ?? belgianAt(text, s)) : null) ??
      (len === 5 && rules.english ? usAt(text, s) : null) ??
      (len <= 2 && rules.english ? ukAt(text, s) : null);
    if (!found) continue;
    out.push(span(found.start, found.end, "Address_Location:Other", found.score));
    consumed = found.end;
  }
  return out;
}
