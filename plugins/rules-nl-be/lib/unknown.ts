// Capitalised words that no list holds and no dictionary knows: the names of every origin ("Okonkwo", "Tjoa",
// "Ndlovu", "Oluwadamilare") that the name lists cannot hold. Such a word is a name only where a position says so
// (after a role word, beside a listed name, in a "Naam:" field, under a signature): the shape rules in names.ts.
import type { Analysis, Unit } from "./analysis.js";
import { UNIT_LOWER, UNIT_TITLE, UNIT_UPPER } from "./analysis.js";
import { PRIORITY, type Candidate } from "./candidate.js";
import { previousWords } from "./context.js";
import { LIST, WHITELIST_BITS } from "./lexicon.js";

/**
 * Stems of international drug names and other chemical words (INN suffixes, in their Dutch, French and English
 * spellings): a brand or generic the dictionaries miss is still no person ("Pantozol", "Contramal", "Lyrica").
 */
const DRUG_LIKE = /(?:azol|azole|prazol|pril|sartan|statine?|olol|dipine|azepam|zolam|cilline?|mycine?|cycline?|floxacine?|mab|nib|parine?|oxacine?|tidine?|profen|fenac|amide?|amine?|idine?|azine?|oxine?|ine|ol|ex|ix|yl|um|ide)$/;
const LETTERS_ONLY = /^[\p{L}\p{M}]+$/u;
/** "IgE", "HbA1c", "pH", "McB": short words with a capital inside are abbreviations, not names. */
const SHORT_MIXED_CASE = /^.\p{Ll}{0,2}\p{Lu}/u;

const memo = new WeakMap<Analysis, Int8Array>();

/**
 * Whether the unit is an ordinary Dutch, French or English word (the whole unit, or each of its pieces); with
 * `medical`, also a medical word or brand (which the medical dictionary mixes with some surnames: "janssen").
 */
export function isDictionaryWord(a: Analysis, unit: Unit, medical = false): boolean {
  const { words, medicalWords } = a.lexicon;
  if (!words || (medical && !medicalWords)) return true;
  const other = medical ? medicalWords : undefined;
  if (words.has(unit.key) || (other !== undefined && other.has(unit.key))) return true;
  if (unit.first === unit.last) return false;
  for (let t = unit.first; t <= unit.last; t += 2) {
    const key = a.tokens[t].key;
    if (!words.has(key) && !(other !== undefined && other.has(key))) return false;
  }
  return true;
}

/**
 * A Dutch compound the dictionaries lack as a whole ("Valneiging", "Thuisverpleging", "Bloedafname"): a word of
 * the dictionaries followed by another of four letters or more, with or without a linking "s" or "e". Names of every
 * origin rarely split so ("Okonkwo", "Kowalczyk", "Tshibangu"); the listed ones never reach this test.
 */
export function isCompoundOfWords(a: Analysis, key: string): boolean {
  const words = a.lexicon.words;
  if (!words || key.length < 8 || key.length > 40) return false;
  for (let i = 3; i <= key.length - 4; i++) {
    if (!words.has(key.slice(i))) continue;
    const head = key.slice(0, i);
    if (words.has(head)) return true;
    const last = head[head.length - 1];
    if ((last === "s" || last === "e") && head.length >= 4 && words.has(head.slice(0, -1))) return true;
  }
  return false;
}

function computeUnknownProper(a: Analysis, unit: Unit): boolean {
  if (unit.end - unit.start < 3) return false;
  const shape = a.unitShape[unit.index];
  if (shape !== UNIT_TITLE && shape !== UNIT_UPPER) return false;
  if (a.unitListBits[unit.index] !== 0) return false;
  for (let t = unit.first; t <= unit.last; t += 2) {
    const token = a.tokens[t];
    if (!LETTERS_ONLY.test(token.text)) return false;
    if (a.tokenBits[t] & (WHITELIST_BITS | LIST.hospitalPrefix | LIST.hospitalAbbr | LIST.title)) return false;
  }
  const text = a.tokens[unit.first].text;
  if (unit.first === unit.last && text.length <= 4 && SHORT_MIXED_CASE.test(text) && !a.tokens[unit.first].upper) return false;
  // A word of two or three capitals is an abbreviation far more often than a name ("MDL", "SEH", "RVT").
  if (shape === UNIT_UPPER && unit.end - unit.start <= 3) return false;
  if (isDictionaryWord(a, unit, true)) return false;
  if (unit.first === unit.last && isCompoundOfWords(a, a.tokens[unit.first].key)) return false;
  return !(unit.first === unit.last && DRUG_LIKE.test(a.tokens[unit.first].key) && unit.end - unit.start >= 6);
}

/**
 * A capitalised word in no list and no dictionary (no digits, not an abbreviation, not shaped like a drug name):
 * a name, a place or an organisation wherever a position confirms it.
 */
export function isUnknownProper(a: Analysis, unit: Unit): boolean {
  let m = memo.get(a);
  if (!m) {
    m = new Int8Array(a.units.length).fill(-1);
    memo.set(a, m);
  }
  if (m[unit.index] < 0) m[unit.index] = computeUnknownProper(a, unit) ? 1 : 0;
  return m[unit.index] === 1;
}

/** Verbs and nouns of residence and birth, and the prepositions that follow them, before a place. */
const PLACE_VERBS: ReadonlySet<string> = new Set([
  "geboren", "woont", "wonen", "wonende", "woonachtig", "afkomstig", "verhuisd", "verhuist", "verblijft", "opgegroeid",
  "ne", "nee", "habite", "domicilie", "domiciliee", "originaire", "vit", "residant", "residante", "born", "lives",
  // Travel, stays and migration name places too ("op vakantie in Alanya", "en vacances à Agadir", "arrivée de Bamako").
  "vakantie", "reis", "reist", "gereisd", "verbleef", "gevlucht", "geemigreerd", "emigreerde", "vacances", "sejour",
  "voyage", "arrivee", "arrive", "arrives", "arrivees", "venu", "venue", "travaille", "werkt", "werkzaam",
]);
const PLACE_PREPOSITIONS: ReadonlySet<string> = new Set(["te", "in", "uit", "van", "naar", "a", "de", "d", "en", "au"]);

/**
 * A capitalised word in no list and no dictionary right after "te", or after a preposition that follows a residence
 * or birth cue:
 * "geboren te Paramaribo", "afkomstig uit Mogadishu", "née à Kinshasa" (places of every country the lists lack).
 */
export function unknownPlaceCandidates(a: Analysis): Candidate[] {
  const out: Candidate[] = [];
  for (let unitAt = 0; unitAt < a.units.length; unitAt++) {
    const unit = a.units[unitAt];
    if (a.unitShape[unit.index] !== UNIT_TITLE || !isUnknownProper(a, unit)) continue;
    // "te" before a capitalised word names a place on its own; the other prepositions need the cue within three
    // words ("geboren 03-05-1948 te Paramaribo", "née le 3 mai à Kinshasa").
    const before = previousWords(a, unit.first, 4);
    if (before.length === 0 || !PLACE_PREPOSITIONS.has(before[0])) continue;
    if (before[0] !== "te" && !before.slice(1).some((w) => PLACE_VERBS.has(w))) continue;
    out.push({ start: unit.start, end: unit.end, label: "Address_Location:Patient", priority: PRIORITY.lookup, score: 0.6, rule: "unknown.place" });
  }
  return out;
}

/**
 * A text that is only one capitalised word in no list and no dictionary ("Okonkwo", "Ndlovu"): a bare fragment, as
 * a search field or a form cell holds it, names someone. Punctuation around it is allowed; any other word is not.
 */
export function loneUnknownCandidates(a: Analysis): Candidate[] {
  let only: Unit | undefined;
  for (let unitAt = 0; unitAt < a.units.length; unitAt++) {
    const unit = a.units[unitAt];
    if (only) return [];
    only = unit;
  }
  if (!only || a.unitShape[only.index] !== UNIT_TITLE || only.end - only.start < 4 || !isUnknownProper(a, only)) return [];
  for (let t = 0; t < a.tokens.length; t++) {
    const token = a.tokens[t];
    if (token.kind !== "punct" && (token.index < only.first || token.index > only.last)) return [];
  }
  return [{ start: only.start, end: only.end, label: "Name:Other", priority: PRIORITY.weak, score: 0.5, rule: "unknown.alone" }];
}

/**
 * A lower-case word of five letters or more in no list and no dictionary and not shaped like a drug name: after a
 * form of address it is a surname written in lower case ("mw okonkwo", "dhr tshibangu").
 */
export function isUnknownLowerWord(a: Analysis, unit: Unit): boolean {
  if (a.unitShape[unit.index] !== UNIT_LOWER || unit.end - unit.start < 5 || unit.first !== unit.last) return false;
  const token = a.tokens[unit.first];
  if (!LETTERS_ONLY.test(token.text) || a.unitListBits[unit.index] !== 0 || a.tokenBits[unit.first] !== 0) return false;
  if (isDictionaryWord(a, unit, true)) return false;
  return !DRUG_LIKE.test(token.key) && !CLINICAL_SUFFIX.test(token.key);
}

/** Endings of Dutch and French nouns and verbs that the dictionaries miss as compounds ("desaturatie", "mobiliseren"). */
const CLINICAL_SUFFIX = /(?:atie|itis|ose|isme|tomie|scopie|grafie|ering|heid|ing|tion|ique|ment|eren|tie|ie|en|aal|eel|ief)$/;
