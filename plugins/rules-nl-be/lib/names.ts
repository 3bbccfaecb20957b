// Person names: title + name, initials + surname, interfix + interfix surname, first name + surname, surname +
// initials, single listed names with evidence; grown by context to a fixpoint, then given a role.
import { escapeRegExp, type Label } from "../../../src/contract/index.js";
import { longestMatch, pieceBits, unitBits, type Analysis, type Unit } from "./analysis.js";
import { eachAlternativeMatch, eachLookbehindMatch, lookbehindScan, nextLookbehindMatch, type NextMatch } from "./anchored.js";
import { PRIORITY, type Candidate } from "./candidate.js";
import {
  ACADEMIC_TITLES,
  CAREGIVER_FIELD_LABELS,
  CAREGIVER_WORDS,
  CLOSING_PHRASES,
  EPONYM_HEADS,
  EPONYM_TAILS,
  HEALTHCARE_TYPE_WORDS,
  LOCATIVE_WORDS,
  MEDICAL_TITLES,
  PATIENT_FIELD_LABELS,
  PATIENT_WORDS,
  RELATIVE_FIELD_LABELS,
  RELATIVE_WORDS,
  SCHOOL_TYPE_WORDS,
  SOCIAL_TITLES,
  followsInstitutionType,
  lineLabel,
  nextWords,
  previousWords,
  type TitleKind,
} from "./context.js";
import { LIST, NAME_BITS, PLACE_BITS, WHITELIST_BITS } from "./lexicon.js";
import { tokenAtOrAfter } from "./tokenize.js";
import { foldKey } from "./normalize.js";
import { isListedNonWord, onQueryLine } from "./queries.js";
import { isCompoundOfWords, isDictionaryWord, isUnknownLowerWord, isUnknownProper } from "./unknown.js";

export type NameSignal = "title" | "initials" | "interfix" | "pair" | "lookup" | "propagated";
export type NameRole = "Patient" | "Caregiver" | "Other";

export interface NameMention {
  /** First and last token of the name proper (titles excluded). */
  first: number;
  last: number;
  /** First token of the title chain right before the name, or -1. */
  titleStart: number;
  titleKind: TitleKind | undefined;
  signal: NameSignal;
}

/** Interfixes of Belgian and Dutch surnames beside the DEDUCE list. */
const EXTRA_INTERFIXES: ReadonlySet<string> = new Set(["vanden", "vander", "vande", "della", "des", "dos", "das", "ben", "el"]);
const INITIAL_CLUSTERS: ReadonlySet<string> = new Set(["ch", "chr", "th", "ph", "fr", "jh", "wm", "ma", "jo"]);
/** Words that are never part of a name although capitalised ("Dr. Peeters Patiënt ..."). */
const HARD_STOP_KEYS: ReadonlySet<string> = new Set(["patient", "patiente", "pt", "dr", "prof", "dhr", "mevr", "collega"]);

type Shape = "title" | "upper" | "lower";
const SHAPES: readonly Shape[] = ["lower", "title", "upper"];

function shapeOf(a: Analysis, unit: Unit): Shape {
  return SHAPES[a.unitShape[unit.index]];
}

function unitAt(a: Analysis, t: number): Unit | undefined {
  const u = a.unitOfToken[t];
  return u >= 0 ? a.units[u] : undefined;
}


/** Bits a unit carries as a name (the whole unit, or its pieces for "Peeters-Janssens"). */
function nameBitsOf(a: Analysis, unit: Unit): number {
  const whole = unitBits(a, unit);
  if (whole & NAME_BITS) return whole & NAME_BITS;
  if (unit.last > unit.first) {
    const pieces = pieceBits(a, unit);
    return pieces & LIST.surname ? LIST.surname : pieces & LIST.firstName ? LIST.firstName : 0;
  }
  return 0;
}

function isWhitelisted(a: Analysis, unit: Unit): boolean {
  return (unitBits(a, unit) & WHITELIST_BITS) !== 0 || HARD_STOP_KEYS.has(unit.key);
}

/** Capitalised like a name: Title case, or capitals on a capitals line or beside another capitals name. */
function hasNameCase(a: Analysis, unit: Unit, allowUpper: boolean): boolean {
  const shape = shapeOf(a, unit);
  if (shape === "title") return true;
  return shape === "upper" && (allowUpper || a.tokens[unit.first].capsLine) && unit.end - unit.start >= 2;
}

function hasLetters(a: Analysis, unit: Unit): boolean {
  return a.tokens[unit.first].letters;
}

/**
 * A unit that may be (part of) a name. `relaxed`: after a title or initials, where an unknown capitalised word
 * is a name unless it is whitelisted (a listed name that is also a common word still counts there).
 */
const nameLikeMemo = new WeakMap<Analysis, Int8Array>();

function isNameLike(a: Analysis, unit: Unit, relaxed: boolean): boolean {
  let memo = nameLikeMemo.get(a);
  if (!memo) {
    memo = new Int8Array(a.units.length * 2).fill(-1);
    nameLikeMemo.set(a, memo);
  }
  const slot = unit.index * 2 + (relaxed ? 1 : 0);
  if (memo[slot] < 0) memo[slot] = computeNameLike(a, unit, relaxed) ? 1 : 0;
  return memo[slot] === 1;
}

/** "IgE", "HbA1c", "pH": short words with a capital inside are abbreviations, not names ("McGee" is long enough). */
const SHORT_MIXED_CASE = /^.\p{Ll}{0,2}\p{Lu}/u;

function computeNameLike(a: Analysis, unit: Unit, relaxed: boolean): boolean {
  if (unit.first === unit.last && unit.end - unit.start <= 4 && SHORT_MIXED_CASE.test(a.tokens[unit.first].text) && !a.tokens[unit.first].upper) {
    return false;
  }
  if (!hasLetters(a, unit) || unit.end - unit.start < 2) return false;
  if (!hasNameCase(a, unit, relaxed)) return false;
  if (isElidedPronoun(a, unit) || isWeekdayInList(a, unit)) return false;
  const bits = unitBits(a, unit);
  if (bits & (LIST.stopWord | LIST.hospitalPrefix | LIST.hospitalAbbr)) return false;
  // After a title or initials a listed surname is a name although a whitelist holds the word elsewhere ("dokter
  // Vos", French "vos"; "Dr. Murphy", the sign): drugs and headings are never written there.
  // An eponym the whitelist holds is a surname too after a title ("Dr Fontaine", "Dr. Hoffmann").
  if (bits & LIST.extraWhitelist && !(relaxed && shapeOf(a, unit) === "title" && (nameBitsOf(a, unit) & (LIST.surname | LIST.interfixSurname) || (!(bits & (LIST.commonWord | LIST.medicalTerm)) && unit.end - unit.start >= 5)))) {
    return false;
  }
  // An eponym is a name only right after a title or initials ("Dr. Lejeune"), never on its own ("Parkinson").
  if (bits & LIST.eponym && !relaxed) return false;
  if (HARD_STOP_KEYS.has(unit.key) || titleKindOf(unit.key) || HEALTHCARE_TYPE_WORDS.has(unit.key) || SCHOOL_TYPE_WORDS.has(unit.key)) {
    return false;
  }
  if (bits & (LIST.commonWord | LIST.medicalTerm)) return relaxed && (nameBitsOf(a, unit) !== 0);
  return true;
}

/** "J'ai", "Qu'il", "C'est": French elided pronouns and conjunctions open no name ("D'Hondt", "N'Diaye" do). */
const ELIDED_NON_NAME = new Set(["j", "qu", "c"]);

function isElidedPronoun(a: Analysis, unit: Unit): boolean {
  return unit.last > unit.first && ELIDED_NON_NAME.has(a.tokens[unit.first].key) && "'’".includes(a.tokens[unit.first + 1]?.text ?? "");
}

/** "Lun/Mer/Ven", "ma/wo/vr": weekday abbreviations joined by slashes ("Sam", "Mar" are also names elsewhere). */
const WEEKDAY_ABBREVIATIONS = new Set(["lun", "mar", "mer", "jeu", "ven", "sam", "dim", "ma", "di", "wo", "do", "vr", "za", "zo", "mon", "tue", "wed", "thu", "fri", "sat", "sun"]);

function isWeekdayInList(a: Analysis, unit: Unit): boolean {
  if (unit.first !== unit.last || !WEEKDAY_ABBREVIATIONS.has(unit.key)) return false;
  const before = a.tokens[unit.first - 1];
  const after = a.tokens[unit.last + 1];
  return (before?.text === "/" && WEEKDAY_ABBREVIATIONS.has(a.tokens[unit.first - 2]?.key ?? "")) ||
    (after?.text === "/" && WEEKDAY_ABBREVIATIONS.has(a.tokens[unit.last + 2]?.key ?? ""));
}

/** Initials written before one surname, at most ("J.P.M.A."); a longer chain is not read as one name. */
const MAX_INITIALS = 5;
/** Tokens of one name at most, titles excluded ("J.P.M. van der Berg-De Smet" has 14): growth stops there. */
const MAX_NAME_TOKENS = 16;

/** Last token of the initials starting at token t ("J.", "J.P.", "J. P.", "A.-M.", "Ch."), or -1. */
export function initialsEnd(a: Analysis, t: number): number {
  let end = -1;
  let i = t;
  for (let letters = 0; letters < MAX_INITIALS; letters++) {
    const letter = a.tokens[i];
    const period = a.tokens[i + 1];
    if (!letter || letter.kind !== "word" || !period || period.text !== "." || period.spaceBefore) break;
    const single = letter.text.length === 1 && letter.upper;
    const cluster = letter.title && INITIAL_CLUSTERS.has(letter.key);
    if (!single && !cluster) break;
    if (i !== t && letter.newlinesBefore > 0) break;
    end = i + 1;
    i += 2;
    if (a.tokens[i]?.text === "-" && !a.tokens[i].spaceBefore) i++;
  }
  return end;
}

/** The interfix phrase starting at token t ("van der", "De", "d'"), returning its last token, or -1. */
function interfixEnd(a: Analysis, t: number): number {
  let token = a.tokens[t];
  // "'t Kint", "'s Jacobs": the apostrophe opens the interfix.
  if (token && (token.text === "'" || token.text === "’") && a.tokens[t + 1] && !a.tokens[t + 1].spaceBefore) {
    t++;
    token = a.tokens[t];
  }
  if (!token || token.kind !== "word") return -1;
  // "v/d Sluis", "v.d. Berg", "v.d Berg": the written short forms of "van de(r/n)".
  if (token.key === "v" && (a.tokens[t + 1]?.text === "/" || a.tokens[t + 1]?.text === ".") && !a.tokens[t + 1].spaceBefore &&
    a.tokens[t + 2]?.key === "d" && !a.tokens[t + 2].spaceBefore) {
    return a.tokens[t + 3]?.text === "." && !a.tokens[t + 3].spaceBefore ? t + 3 : t + 2;
  }
  if (token.key === "vd" && token.text.length === 2) return a.tokens[t + 1]?.text === "." && !a.tokens[t + 1].spaceBefore ? t + 1 : t;
  const match = longestMatch(a, t, LIST.interfix);
  let last = match ? match.last : EXTRA_INTERFIXES.has(token.key) ? t : -1;
  if (last < 0) return -1;
  // "d'" and "'t" keep their apostrophe.
  const after = a.tokens[last + 1];
  if (after && (after.text === "'" || after.text === "’") && !after.spaceBefore) last++;
  return last;
}

interface TitleChain {
  start: number;
  kind: TitleKind;
}

function titleKindOf(key: string): TitleKind | undefined {
  if (MEDICAL_TITLES.has(key)) return "medical";
  if (SOCIAL_TITLES.has(key)) return "social";
  if (ACADEMIC_TITLES.has(key)) return "academic";
  return undefined;
}

const SALUTATIONS: ReadonlySet<string> = new Set(["geachte", "beste", "waarde", "hooggeachte", "lieve"]);

/** The chain of titles ending right before token t ("Prof. dr.", "de heer", "Mevr."), or undefined. */
export function titleChainBefore(a: Analysis, t: number): TitleChain | undefined {
  let cursor = t;
  let start = -1;
  let kind: TitleKind | undefined;
  for (let links = 0; links < 3; links++) {
    let j = cursor - 1;
    if (j >= 0 && a.tokens[j].text === "." && !a.tokens[j].spaceBefore) j--;
    if (j < 0 || a.tokens[j].kind !== "word") break;
    let sameLine = true;
    for (let k = j + 1; k <= cursor; k++) if (a.tokens[k].newlinesBefore > 0) sameLine = false;
    if (!sameLine) break;
    const token = a.tokens[j];
    let first = j;
    let k = titleKindOf(token.key);
    if (token.key === "heer") {
      if (a.tokens[j - 1]?.key === "de") first = j - 1;
      // "Geachte heer Bos": a salutation makes a lower-case "heer" a form of address too.
      else if (!token.title && !SALUTATIONS.has(a.tokens[j - 1]?.key ?? "")) k = undefined;
    }
    // Lower-case "pr" or "ms" without a period is an abbreviation (per rectum, multiple sclerosis), not a title.
    if ((token.key === "pr" || token.key === "ms") && !token.title && a.tokens[j + 1]?.text !== ".") k = undefined;
    if (!k) break;
    start = first;
    kind = kind === "medical" || k === "medical" ? "medical" : kind === "social" || k === "social" ? "social" : k;
    cursor = first;
  }
  return start >= 0 && kind ? { start, kind } : undefined;
}

interface Sequence {
  last: number;
  nameUnits: number;
}

/**
 * Reads name material from token t: initials, interfixes followed by a name, and name-like units. Stops at
 * anything else. `relaxed` is used after titles and initials. After one name, an unlisted word joins only
 * behind a listed first name ("Dr. Jan Vermassen", but "Dr. Peeters Raadpleging" stops).
 */
function readNameSequence(a: Analysis, t: number, relaxed: boolean, maxUnits = 4): Sequence {
  let last = -1;
  let nameUnits = 0;
  let previousBits = 0;
  let i = t;
  for (let units = 0; i < a.tokens.length && units < maxUnits; units++) {
    if (i !== t && (a.tokens[i].newlinesBefore > 0 || !a.tokens[i].spaceBefore)) break;
    const initials = initialsEnd(a, i);
    if (initials >= 0 && nameUnits === 0) {
      last = initials;
      i = initials + 1;
      continue;
    }
    let unitStart = i;
    const interfix = interfixEnd(a, i);
    if (interfix >= 0 && unitAt(a, interfix + 1)?.first === interfix + 1) unitStart = interfix + 1;
    const unit = unitAt(a, unitStart);
    if (!unit || unit.first !== unitStart || !(isNameLike(a, unit, relaxed) || (relaxed && unitStart !== i && surnameAfterInterfix(a, unit)))) break;
    // "Dr. Willems te Mechelen": a lower-case particle before a place ends the name.
    if (unitStart !== i && a.tokens[i].key === "te" && isPlaceUnit(a, unit)) break;
    if (unitStart !== t && a.tokens[unitStart].newlinesBefore > 0) break;
    if (i !== t && a.tokens[i].sentenceStart) break;
    const bits = nameBitsOf(a, unit);
    if (nameUnits > 0 && bits === 0 && !(nameUnits === 1 && previousBits & LIST.firstName && unitStart === i)) break;
    last = unit.last;
    i = unit.last + 1;
    nameUnits++;
    previousBits = bits;
  }
  return { last, nameUnits };
}

/**
 * After a title and an interfix any capitalised word is the surname, even one that is also a stop word or an
 * ordinary word ("Dhr. Van der Meer", "Mw. de Wit"): nothing else is written between "dhr. van der" and a name.
 */
function surnameAfterInterfix(a: Analysis, unit: Unit): boolean {
  if (shapeOf(a, unit) !== "title" || unit.end - unit.start < 3 || !hasLetters(a, unit)) return false;
  return !(HARD_STOP_KEYS.has(unit.key) || titleKindOf(unit.key) || HEALTHCARE_TYPE_WORDS.has(unit.key) || SCHOOL_TYPE_WORDS.has(unit.key));
}

function mention(first: number, last: number, signal: NameSignal, title?: TitleChain): NameMention {
  return { first, last, titleStart: title ? title.start : -1, titleKind: title?.kind, signal };
}

function isPlaceUnit(a: Analysis, unit: Unit): boolean {
  return (unitBits(a, unit) & PLACE_BITS) !== 0;
}

/** A place name after a locative word is a place, whatever name list also holds it ("in Lier"). */
function placeInContext(a: Analysis, unit: Unit): boolean {
  if (!isPlaceUnit(a, unit)) return false;
  const before = previousWords(a, unit.first, 1)[0];
  return before !== undefined && LOCATIVE_WORDS.has(before);
}

function titleRule(a: Analysis, unit: Unit): NameMention | undefined {
  const title = titleChainBefore(a, unit.first);
  if (!title) return undefined;
  // "dr A", "mevr. B": one capital letter after a title, at the end of the text or before punctuation, is an initial.
  const token = a.tokens[unit.first];
  if (unit.first === unit.last && token.text.length === 1 && token.upper && token.spaceBefore) {
    const next = a.tokens[unit.first + 1];
    if (!next || next.newlinesBefore > 0 || (next.kind === "punct" && next.text !== "." && next.text !== "'")) {
      return mention(unit.first, unit.first, "title", title);
    }
  }
  const seq = readNameSequence(a, unit.first, true);
  // "Pat. R.V. (34M)", "dhr. J.P.": two initials or more after a title stand for the name.
  if (seq.nameUnits === 0 && seq.last >= unit.first + 3 && initialsEnd(a, unit.first) === seq.last) return mention(unit.first, seq.last, "title", title);
  // "mw. J. (Josefien) Mallens", "dhr. T. (cliëntnr …)": one initial after a title, before a bracket, is the name too.
  if (seq.nameUnits === 0 && initialsEnd(a, unit.first) === seq.last && seq.last > unit.first && a.tokens[seq.last + 1]?.text === "(" &&
    a.tokens[seq.last + 1].newlinesBefore === 0) return mention(unit.first, seq.last, "title", title);
  if (seq.nameUnits === 0) return undefined;
  return mention(unit.first, seq.last, "title", title);
}

function initialsRule(a: Analysis, unit: Unit): NameMention | undefined {
  const end = initialsEnd(a, unit.first);
  if (end < 0) return undefined;
  let next = end + 1;
  const interfix = interfixEnd(a, next);
  if (interfix >= 0) next = interfix + 1;
  const surname = unitAt(a, next);
  if (!surname || surname.first !== next || a.tokens[next].newlinesBefore > 0) return undefined;
  // "M. Fontaine": French "M." (monsieur) reads like an initial but is a title, so a surname the whitelist holds counts.
  const monsieur = end === unit.first + 1 && a.tokens[unit.first].text === "M" && interfix < 0;
  // Two initials or more ("R.T. Smid") announce a surname as a title does: a listed one that is also a word counts.
  // Only where the name closes: punctuation or the line's end after it ("A.B. Zie boven" reads on).
  const closer = a.tokens[surname.last + 1];
  const several = end >= unit.first + 3 && (!closer || closer.newlinesBefore > 0 || closer.kind === "punct");
  if (!isNameLike(a, surname, monsieur || several)) return undefined;
  // "J. Gent" is far more likely a sentence ending in an initial than a person called Gent.
  if (isPlaceUnit(a, surname) && !(nameBitsOf(a, surname) & LIST.surname)) return undefined;
  // "arcade G. Paramètres OK", "14 U. Un peu": one capital and a period ("gauche", "unités") end a sentence before
  // an ordinary word that no name list holds.
  // The same before a word any dictionary holds ("mg/L. Ferritine", "schaal D. Valt") or a short abbreviation ("G. TA").
  if (end === unit.first + 1 && interfix < 0 && !monsieur && nameBitsOf(a, surname) === 0 &&
    (unitBits(a, surname) & (LIST.dutchWord | LIST.frenchWord) || (a.tokens[surname.first].upper && surname.end - surname.start <= 3) ||
      isDictionaryWord(a, surname, true))) {
    return undefined;
  }
  return mention(unit.first, surname.last, "initials");
}

const FUNCTION_WORD_PARTICLES: ReadonlySet<string> = new Set(["van", "de", "den", "der", "het", "t", "te", "ter", "ten", "op", "in", "aan", "bij", "du", "des", "le", "la", "d", "l"]);

/** Caregivers' job words by their ending ("hoofdverpleegkundige", "kinderarts", "ergotherapeut", "cardioloog"). */
const ROLE_ENDING = /^\p{Ll}{2,}(?:verpleegkundige|vpk|arts|therapeut|therapeute|oloog|ologe|assistent|assistente|vroedvrouw)$/u;

/** A lower-case role word (caregiver, relative, patient) is the word right before token t on its line. */
function roleWordRightBefore(a: Analysis, t: number): boolean {
  const prev = a.tokens[t - 1];
  if (!prev || prev.kind !== "word" || a.tokens[t].newlinesBefore > 0 || !prev.letters || prev.firstUpper) return false;
  const key = unitAt(a, t - 1)?.key ?? prev.key;
  return CAREGIVER_WORDS.has(key) || RELATIVE_WORDS.has(key) || PATIENT_WORDS.has(key) || ROLE_ENDING.test(prev.text);
}

function interfixRule(a: Analysis, unit: Unit): NameMention | undefined {
  const end = interfixEnd(a, unit.first);
  if (end < 0) return undefined;
  const surname = unitAt(a, end + 1);
  if (!surname || surname.first !== end + 1 || a.tokens[surname.first].newlinesBefore > 0) return undefined;
  // A column gap (a tab, three spaces) ends a cell: "V<TAB>Ninove" is a sex letter and a town, no "V. Ninove".
  if (/\t|[ ]{3}/.test(a.text.slice(a.tokens[end].end, surname.start))) return undefined;
  if (!hasNameCase(a, surname, false)) return undefined;
  // A listed surname that only the extra whitelist holds ("Vos", French "vos") after a capitalised particle
  // mid-sentence: "pt De Vos belt".
  const interfixCapital = a.tokens[unit.first].title || a.tokens[unit.first].upper;
  const onlyExtra = (unitBits(a, surname) & WHITELIST_BITS) === LIST.extraWhitelist && !HARD_STOP_KEYS.has(surname.key);
  // "De Vos", "de Haan" as all their line holds: a frequent surname that is also a word is a name there.
  const loneCommon = (unitBits(a, surname) & LIST.commonSurname) !== 0 && shapeOf(a, surname) === "title" && aloneOnLine(a, unit.first, surname.last);
  const whitelisted = isWhitelisted(a, surname) && !loneCommon;
  if (whitelisted && !(onlyExtra && interfixCapital && !a.tokens[unit.first].sentenceStart && unitBits(a, surname) & LIST.surname)) return undefined;
  // "v/d Sluis", "v.d. Berg": the short forms are written only in names, before any capitalised word.
  if (a.tokens[unit.first].key === "v" || a.tokens[unit.first].key === "vd") return mention(unit.first, surname.last, "interfix");
  // "El Ouazzani", "Ben Abdelkader", "Van Okonkwo": a capitalised particle before a word in no list and no dictionary.
  // Not after a particle that is also a Dutch or French function word: "Klachten Van Dyspneu" is title-cased prose.
  // After a role word in lower case ("hoofdverpleegkundige Van Quickelberghe", "dochter De Wulf") such a particle opens the
  // surname all the same.
  // Mid-sentence the article is never capitalised ("belde De X"), nor at the start of a row's cell ("De X<TAB>Marc").
  // Title-cased prose ("Klachten Van Dyspneu") capitalises the word before it too: that word must be in lower case.
  const wordBefore = a.tokens[unit.first - 1];
  const capitalMidSentence = a.tokens[unit.first].title && !a.tokens[unit.first].sentenceStart && !a.tokens[unit.first].capsLine &&
    wordBefore !== undefined && wordBefore.kind === "word" && !wordBefore.firstUpper && wordBefore.letters && a.tokens[unit.first].newlinesBefore === 0;
  const cellOfItsOwn = /^(?:\t|[ ]{3})/.test(a.text.slice(surname.end, surname.end + 3)) && /(?:^|\n|\t|[ ]{3}|\|[ ]?)$/.test(a.text.slice(Math.max(0, unit.start - 3), unit.start));
  if (interfixCapital && end === unit.last &&
    (!FUNCTION_WORD_PARTICLES.has(unit.key) || roleWordRightBefore(a, unit.first) || capitalMidSentence || cellOfItsOwn) &&
    isUnknownProper(a, surname) && shapeOf(a, surname) === "title") {
    return mention(unit.first, surname.last, "interfix");
  }
  if (!(unitBits(a, surname) & (LIST.interfixSurname | LIST.surname))) return undefined;
  const interfixCapitalised = a.tokens[unit.first].title || a.tokens[unit.first].upper;
  // "de Graaf", "van der Veen" as all a line holds: a listed surname that no town, province or country list holds
  // (a hamlet or a street of that name does not count) is a name.
  const townBits = LIST.municipality | LIST.postalLocality | LIST.province | LIST.region | LIST.country;
  if (aloneOnLine(a, unit.first, surname.last) && !(unitBits(a, surname) & townBits) && shapeOf(a, surname) === "title") {
    return mention(unit.first, surname.last, "interfix");
  }
  // "de Panne", "van Gent": a place after a lower-case particle is a place unless the particle is capitalised.
  if (isPlaceUnit(a, surname) && (!interfixCapitalised || a.tokens[unit.first].sentenceStart)) return undefined;
  if (longestMatch(a, unit.first, PLACE_BITS)?.last === surname.last && !interfixCapitalised) return undefined;
  if (placeInContext(a, unit)) return undefined;
  const before = previousWords(a, unit.first, 1)[0];
  if (before !== undefined && LOCATIVE_WORDS.has(before) && isPlaceUnit(a, surname)) return undefined;
  return mention(unit.first, surname.last, "interfix");
}

function pairRule(a: Analysis, unit: Unit): NameMention | undefined {
  const firstBits = nameBitsOf(a, unit);
  if (!firstBits) return undefined;
  let next = unit.last + 1;
  if (a.tokens[next]?.text === "," ) return undefined;
  const interfix = interfixEnd(a, next);
  const withInterfix = interfix >= 0;
  if (withInterfix) next = interfix + 1;
  const second = unitAt(a, next);
  if (!second || second.first !== next || a.tokens[next].newlinesBefore > 0 || !a.tokens[next].spaceBefore && !withInterfix) {
    return undefined;
  }
  const secondBits = nameBitsOf(a, second);
  // "Liesbet van den Berg", "Koen de Bakker": a listed given name, a particle in lower case and a surname the lists
  // hold after a particle, though the surname is also a word ("berg", "bakker"): a name mid-sentence and after a
  // closing formula alike. Not a stop word, a medical term or an eponym; not a given name that is an ordinary word
  // at a sentence start ("Roos van de Berg" opens a sentence as often as "Jan van de Berg").
  if (withInterfix && firstBits & LIST.firstName && secondBits & LIST.interfixSurname && shapeOf(a, unit) === "title" &&
    shapeOf(a, second) === "title" && /^\p{Ll}/u.test(a.tokens[unit.last + 1].text) &&
    !(unitBits(a, second) & (LIST.stopWord | LIST.medicalTerm | LIST.eponym)) &&
    !(unitBits(a, unit) & (LIST.stopWord | LIST.medicalTerm)) && (!(unitBits(a, unit) & (LIST.commonWord | LIST.dutchWord)) || unitBits(a, unit) & LIST.commonFirstName) &&
    !(a.tokens[unit.first].sentenceStart && isOrdinaryListedWord(a, unit) && !(unitBits(a, unit) & LIST.commonFirstName)) && !placeInContext(a, unit)) {
    return mention(unit.first, second.last, "pair");
  }
  const upperPair = shapeOf(a, unit) === "upper" || shapeOf(a, second) === "upper";
  const bothListed = (firstBits & LIST.firstName && secondBits & (LIST.surname | LIST.interfixSurname)) ||
    (firstBits & LIST.surname && secondBits & LIST.firstName);
  if (!isNameLike(a, unit, bothListed ? true : false) || !isNameLike(a, second, bothListed ? true : false)) return undefined;
  if (isWhitelisted(a, unit) || isWhitelisted(a, second)) return undefined;
  if (upperPair && !bothListed) return undefined;
  if (!bothListed) {
    // A first name followed by an unknown capitalised word ("Jan Vermassen"); at a sentence start only when that
    // word is in no dictionary either ("Chidi Okonkwo belde") and the first name is no ordinary word.
    if (!(firstBits & LIST.firstName)) return undefined;
    // A capitalised particle between them ("Rik Van den X") is no prose either, even after a given name that is a word.
    const capitalParticle = withInterfix && a.tokens[unit.last + 1].title;
    if (a.tokens[unit.first].sentenceStart && !(isUnknownProper(a, second) && (!isOrdinaryListedWord(a, unit) || capitalParticle))) return undefined;
    if (isPlaceUnit(a, second) || secondBits) return undefined;
    if (unitBits(a, second) & (LIST.hospital | LIST.institution | LIST.street)) return undefined;
  }
  if (placeInContext(a, unit)) return undefined;
  return mention(unit.first, second.last, "pair");
}

/** A cell of a row opens before the unit: the line's start, a tab, a wider gap, a bar or a semicolon. */
const CELL_OPENS = /(?:^|\n|\t|[ ]{2,}|\|[ ]?|;[ ]?)$/;
/** …and closes after the initials. */
const CELL_CLOSES = /^(?:\t|[ ]{2,}|[ ]*(?:\r?\n|$)|[ ]?[|;])/;

/**
 * "Peeters J.", "Peeters, J.P.": a listed surname before initials; in a cell of its own, a capitalised surname no
 * list and no dictionary holds too ("2<TAB>Adewale K.<TAB>11:15": a table row without a header).
 */
function surnameInitialsRule(a: Analysis, unit: Unit): NameMention | undefined {
  const bits = nameBitsOf(a, unit);
  const listed = (bits & (LIST.surname | LIST.interfixSurname)) !== 0;
  if (listed ? !isNameLike(a, unit, false) : shapeOf(a, unit) !== "title" || !isUnknownProper(a, unit)) return undefined;
  let next = unit.last + 1;
  if (a.tokens[next]?.text === ",") next++;
  if (!a.tokens[next] || a.tokens[next].newlinesBefore > 0) return undefined;
  const end = initialsEnd(a, next);
  if (end < 0) return undefined;
  if (!listed && !(CELL_OPENS.test(a.text.slice(Math.max(0, unit.start - 3), unit.start)) && CELL_CLOSES.test(a.text.slice(a.tokens[end].end, a.tokens[end].end + 3)))) {
    return undefined;
  }
  return mention(unit.first, end, "initials");
}

function lookupRule(a: Analysis, unit: Unit): NameMention | undefined {
  const bits = nameBitsOf(a, unit);
  if (!bits) return undefined;
  const token = a.tokens[unit.first];
  if (token.sentenceStart || shapeOf(a, unit) !== "title" || unit.end - unit.start < 3) return undefined;
  if (!isNameLike(a, unit, false) || isWhitelisted(a, unit)) return undefined;
  const all = unitBits(a, unit);
  if (all & (PLACE_BITS | LIST.hospital | LIST.street)) return undefined;
  return mention(unit.first, unit.last, "lookup");
}

/**
 * A listed name standing alone at a sentence start or as a fragment ("Jan belde", "Hendrik", "Peeters: gezien"):
 * a name unless it is also an ordinary Dutch word ("Helder", "Koning"); given names common in the Low Countries
 * and France count even then ("Jan", "Roos").
 */
function bareNameRule(a: Analysis, unit: Unit): NameMention | undefined {
  const token = a.tokens[unit.first];
  if (!token.sentenceStart || unit.end - unit.start < 3) return undefined;
  if (shapeOf(a, unit) !== "title" && !(shapeOf(a, unit) === "upper" && token.capsLine)) return undefined;
  const bits = nameBitsOf(a, unit);
  if (!bits || !isNameLike(a, unit, false) || isWhitelisted(a, unit)) return undefined;
  const all = unitBits(a, unit) | pieceBits(a, unit);
  const commonGiven = (bits & LIST.firstName) !== 0 && (unitBits(a, unit) & LIST.commonFirstName) !== 0;
  const alone = aloneOnLine(a, unit.first, unit.last);
  // A given name that some institution or street is also called after ("Fatima", "Hilde", "Warre") is still a name
  // when it is all its line holds; a common given name is one anywhere at a sentence start.
  const givenAlone = alone && (bits & LIST.firstName) !== 0;
  const blocking = PLACE_BITS | LIST.hospital | (givenAlone ? 0 : LIST.street) | (commonGiven || givenAlone ? 0 : LIST.institution);
  if (all & blocking) return undefined;
  const word = (unitBits(a, unit) & (LIST.dutchWord | LIST.frenchWord)) !== 0;
  // A frequent surname that is also a word ("Bakker", "Kroon") is a name when it is all its line holds.
  const loneSurname = (unitBits(a, unit) & LIST.commonSurname) !== 0 && alone;
  if (word && !commonGiven && !loneSurname) return undefined;
  // "Jan belde", but not "Stefan, zie verder" style list headings with a colon: a field label is not a name.
  const next = a.tokens[unit.last + 1];
  if (next && next.text === ":" && !next.spaceBefore) return undefined;
  // A given name that is also a word, used as the word: before a dose ("Fer 100 mg") or before "de"/"du"/"des" and
  // a lower-case word ("Bas de contention", "Merci de nous …"); names are seldom written so at a sentence start.
  if (word && next && next.newlinesBefore === 0 && wordUseAfter(a, unit.last + 1)) return undefined;
  return mention(unit.first, unit.last, "lookup");
}

const DOSE_AFTER = /^[ ]?\d+(?:[.,]\d+)?[ ]?(?:mg|g|µg|mcg|ml|ui|ie|iu|%|mmol|meq)(?![\p{L}])/iu;
const FRENCH_OF = new Set(["de", "du", "des", "d"]);

function wordUseAfter(a: Analysis, t: number): boolean {
  const next = a.tokens[t];
  if (DOSE_AFTER.test(a.text.slice(a.tokens[t - 1].end, a.tokens[t - 1].end + 12))) return true;
  if (!FRENCH_OF.has(next.key) || next.firstUpper) return false;
  let after = a.tokens[t + 1];
  if (next.key === "d" && after && "'’".includes(after.text)) after = a.tokens[t + 2];
  return after !== undefined && after.kind === "word" && after.newlinesBefore === 0 && !after.firstUpper && after.letters;
}

/** Tokens `first`..`last` are all their line holds, but for punctuation after them ("Bakker", "de Graaf.", "Kroon:"). */
function aloneOnLine(a: Analysis, first: number, last: number): boolean {
  if (first > 0 && a.tokens[first].newlinesBefore === 0) return false;
  for (let t = last + 1; t < a.tokens.length && t <= last + 3; t++) {
    const token = a.tokens[t];
    if (token.newlinesBefore > 0) return true;
    if (token.kind !== "punct") return false;
  }
  return last + 3 >= a.tokens.length - 1 || a.tokens[last + 4]?.newlinesBefore > 0;
}

/** Words after which a lower-case listed name is still a name ("mw brink", "pt jongejans", "dochter ilse"). */
const LOWERCASE_TITLE_CUES: ReadonlySet<string> = new Set([...SOCIAL_TITLES, ...MEDICAL_TITLES, ...PATIENT_WORDS, "zoek", "vpk", "fysio", "kine"]);

/**
 * Handover notes and search queries write names in lower case: after a title or a patient word ("mw de
 * vries-obbink", "dhr ramlal", "pt jongejans") a listed surname (or an interfix and any word) is a name; after a
 * relative or caregiver word a listed given name ("dochter ilse", "fysio anouk"). Never a stop, common or medical
 * word, and an ordinary Dutch word only as a common given name.
 */
/** Sign-offs written in lower case before a given name at the end of a line: "gr robin", "groetjes ilse", "bisous lea". */
const SIGN_OFFS: ReadonlySet<string> = new Set(["gr", "grt", "grtjs", "groet", "groetjes", "groeten", "mvg", "vg", "bisous", "bises", "cheers"]);

function signOffBefore(a: Analysis, unit: Unit, cue: string): boolean {
  if (!SIGN_OFFS.has(cue)) return false;
  const after = a.tokens[unit.last + 1];
  return !after || after.newlinesBefore > 0 || (after.kind === "punct" && a.tokens[unit.last + 2]?.newlinesBefore !== 0);
}

/**
 * "… met de verpleging. /An": a listed given name after a slash at the end of a line, the way nurses sign a
 * handover line.
 */
function slashSignatureRule(a: Analysis, unit: Unit): NameMention | undefined {
  const slash = a.tokens[unit.first - 1];
  if (!slash || slash.text !== "/" || slash.end !== a.tokens[unit.first].start || shapeOf(a, unit) !== "title") return undefined;
  if (!(slash.spaceBefore || slash.newlinesBefore > 0 || slash.index === 0)) return undefined;
  const after = a.tokens[unit.last + 1];
  if (after && after.newlinesBefore === 0) return undefined;
  if (!(nameBitsOf(a, unit) & LIST.firstName) && !isUnknownProper(a, unit)) return undefined;
  if (unitBits(a, unit) & (LIST.stopWord | LIST.hospitalAbbr) || titleKindOf(unit.key)) return undefined;
  return mention(unit.first, unit.last, "lookup");
}

const NURSE_ENDING = /(?:vpk|verpleegkundige)$/;
/** Forms of address written out in full: after them a lower-case ordinary word is prose ("Madame dort mal"). */
const FULL_ADDRESS_FORMS: ReadonlySet<string> = new Set(["madame", "monsieur", "mademoiselle", "mevrouw", "meneer", "mijnheer", "patiente", "patient", "patiënte", "patiënt"]);

function lowercaseNameRule(a: Analysis, unit: Unit): NameMention | undefined {
  if (shapeOf(a, unit) !== "lower" || !a.tokens[unit.first].letters || a.tokens[unit.first].newlinesBefore > 0) return undefined;
  const previous = a.tokens[unit.first - 1];
  if (!previous || (previous.kind === "punct" && previous.text !== "." && previous.text !== ":")) return undefined;
  const cue = previousWords(a, unit.first, 1)[0];
  if (cue === undefined) return undefined;
  const titled = LOWERCASE_TITLE_CUES.has(cue);
  const roleWord = CAREGIVER_WORDS.has(cue) || RELATIVE_WORDS.has(cue) || NURSE_ENDING.test(cue) || signOffBefore(a, unit, cue);
  if (!titled && !roleWord) return undefined;
  const interfix = interfixEnd(a, unit.first);
  if (titled && interfix >= 0) {
    const surname = unitAt(a, interfix + 1);
    if (!surname || surname.first !== interfix + 1 || a.tokens[surname.first].newlinesBefore > 0) return undefined;
    // A frequent surname that is also an everyday word ("mw de wolf", "dhr de vos") is still the surname after a title
    // and a particle; stop words, medical words and eponyms never are.
    const surnameBits = unitBits(a, surname);
    const commonSurname = (surnameBits & (LIST.commonSurname | LIST.interfixSurname)) !== 0 && !(surnameBits & (LIST.stopWord | LIST.medicalTerm | LIST.eponym));
    if (surname.end - surname.start < 2 || !a.tokens[surname.first].letters || (isWhitelisted(a, surname) && !commonSurname) || titleKindOf(surname.key)) return undefined;
    // "dokter van dienst", "dokter van wacht", "au nom de la maman": an ordinary lower-case word after the particle
    // is a phrase, not a surname, unless a surname list holds it ("dhr van dam").
    // (The word lists' bits mark only names that are also words: the dictionaries say whether any other word is one:
    // "patient : des douleurs …", "Nom du service", "Dr de service".)
    const ordinaryWord = (unitBits(a, surname) & (LIST.dutchWord | LIST.frenchWord | LIST.commonWord | LIST.stopWord | LIST.medicalTerm)) !== 0 ||
      (shapeOf(a, surname) === "lower" && isDictionaryWord(a, surname, true));
    if (shapeOf(a, surname) === "lower" && ordinaryWord && !(nameBitsOf(a, surname) & (LIST.surname | LIST.interfixSurname))) return undefined;
    return mention(unit.first, surname.last, "title", titleChainBefore(a, unit.first));
  }
  if (unit.end - unit.start < 3 || isWhitelisted(a, unit) || titleKindOf(unit.key)) return undefined;
  const bits = nameBitsOf(a, unit);
  const all = unitBits(a, unit);
  if (all & (LIST.eponym | LIST.extraWhitelist | LIST.hospitalPrefix | LIST.hospitalAbbr)) return undefined;
  const ordinary = (all & (LIST.dutchWord | LIST.frenchWord)) !== 0;
  const afterAddress = SOCIAL_TITLES.has(cue) || MEDICAL_TITLES.has(cue);
  // A lower-case word no list and no dictionary holds, after a form of address: "mw okonkwo".
  if (afterAddress && !bits && isUnknownLowerWord(a, unit)) return mention(unit.first, unit.last, "title", titleChainBefore(a, unit.first));
  if (titled ? !(bits & (LIST.surname | LIST.interfixSurname | LIST.firstName)) : !(bits & LIST.firstName)) return undefined;
  // After a form of address a listed surname is a name even when it is also a word ("mw brink"); after a role word
  // an ordinary word is a name only as a common given name ("dochter roos", not "dochter komt").
  if (ordinary && !afterAddress && !(bits & LIST.firstName && all & LIST.commonFirstName)) return undefined;
  // Prose, not shorthand: an ordinary word in lower case after a patient word or a form of address written out
  // ("Patiente claire et …", "Madame dort mal"); handovers abbreviate ("pt", "mw brink").
  if (ordinary && FULL_ADDRESS_FORMS.has(cue) && a.tokens[unit.first - 1].text !== ".") return undefined;
  // "pt karel de smet", "mw anna peeters": a lower-case given name after a form of address takes the lower-case
  // surname after it (a particle allowed) when a surname list holds it.
  const last = titled && bits & LIST.firstName ? lowerSurnameAfter(a, unit) : -1;
  return mention(unit.first, last >= 0 ? last : unit.last, titled ? "title" : "lookup", titled ? titleChainBefore(a, unit.first) : undefined);
}

/** The last token of a lower-case listed surname (maybe after a particle) right after `unit`, or -1. */
function lowerSurnameAfter(a: Analysis, unit: Unit): number {
  let t = unit.last + 1;
  if (!a.tokens[t] || a.tokens[t].newlinesBefore > 0 || !a.tokens[t].spaceBefore) return -1;
  const interfix = interfixEnd(a, t);
  if (interfix >= 0) t = interfix + 1;
  const surname = unitAt(a, t);
  if (!surname || surname.first !== t || a.tokens[t].newlinesBefore > 0 || shapeOf(a, surname) !== "lower" || surname.end - surname.start < 3) return -1;
  const bits = unitBits(a, surname);
  if (!(nameBitsOf(a, surname) & (LIST.surname | LIST.interfixSurname)) || bits & (LIST.stopWord | LIST.medicalTerm | LIST.eponym)) return -1;
  // Without a particle the surname must be no ordinary word ("pt jan komt" stays "jan").
  if (interfix < 0 && (bits & (LIST.dutchWord | LIST.frenchWord | LIST.commonWord) || isDictionaryWord(a, surname))) return -1;
  return surname.last;
}

/** "Vermeulen, verpleegkundige van de nacht, ...": a listed name at a sentence start followed by a role word. */
function roleApposition(a: Analysis, unit: Unit): NameMention | undefined {
  if (!a.tokens[unit.first].sentenceStart || shapeOf(a, unit) !== "title" || unit.end - unit.start < 3) return undefined;
  if (a.tokens[unit.last + 1]?.text !== ",") return undefined;
  if (!nameBitsOf(a, unit) || !isNameLike(a, unit, false) || isWhitelisted(a, unit) || isPlaceUnit(a, unit)) return undefined;
  const next = nextWords(a, unit.last + 1, 2);
  const roleWord = next[0] === "de" || next[0] === "la" || next[0] === "le" ? next[1] : next[0];
  if (roleWord === undefined || !(CAREGIVER_WORDS.has(roleWord) || RELATIVE_WORDS.has(roleWord) || PATIENT_WORDS.has(roleWord))) {
    return undefined;
  }
  return mention(unit.first, unit.last, "lookup");
}

const POSSESSIVES: ReadonlySet<string> = new Set(["de", "het", "haar", "zijn", "hun", "onze", "uw", "mijn", "sa", "son", "ses", "le", "la", "sa"]);

/** A listed name right after a role word ("dochter Bo", "collega Thijs"), even if it is also a place or a rare word. */
/** Verbs of speaking and writing: after them a language is meant ("spreekt met zijn vader Frans"). */
const LANGUAGE_VERBS: ReadonlySet<string> = new Set(["spreekt", "spreken", "sprak", "praat", "praten", "schrijft", "leest", "verstaat", "parle", "parlent", "speaks", "tolk", "vertaalt"]);

function roleWordRule(a: Analysis, unit: Unit): NameMention | undefined {
  if (shapeOf(a, unit) === "lower" || unit.end - unit.start < 2) return undefined;
  if (shapeOf(a, unit) === "upper" && !a.tokens[unit.first].capsLine) return undefined;
  const bits = unitBits(a, unit);
  // "haar man Frans", "zijn broer Frans": a given name the extra whitelist holds as another word (a language) is the
  // relative's name when it follows the relative word mid-sentence in title case.
  const whitelistedGivenName = (bits & (LIST.stopWord | LIST.eponym)) === 0 && bits & LIST.extraWhitelist && bits & LIST.firstName &&
    shapeOf(a, unit) === "title" && !a.tokens[unit.first].sentenceStart && RELATIVE_WORDS.has(previousWords(a, unit.first, 1)[0] ?? "") &&
    !previousWords(a, unit.first, 5).some((w) => LANGUAGE_VERBS.has(w));
  if ((bits & (LIST.stopWord | LIST.eponym | LIST.extraWhitelist) && !whitelistedGivenName) || titleKindOf(unit.key)) return undefined;
  // Right after the role word ("huisarts, Gent" names a town, "huisarts Gent" would not be written).
  // "Kiné (Sofie)", "echtg. (Marc)": a name in parentheses right after the role word counts too.
  const previous = a.tokens[unit.first - 1];
  const parenthesised = previous?.text === "(" && a.tokens[unit.last + 1]?.text === ")";
  // "Inf. Marleen", "verpl. Anke": the period of an abbreviated role word; "Pt. X", "Pat. X": of a patient word,
  // before any listed or unknown name.
  const abbreviatedKey = previous?.text === "." && !previous.spaceBefore && a.tokens[unit.first - 2]?.kind === "word" ? a.tokens[unit.first - 2].key : "";
  const abbreviated = shapeOf(a, unit) === "title" &&
    ((CAREGIVER_WORDS.has(abbreviatedKey) && (nameBitsOf(a, unit) & LIST.firstName) !== 0) || PATIENT_WORDS.has(abbreviatedKey));
  if (!previous || (previous.kind === "punct" && !parenthesised && !abbreviated) || a.tokens[unit.first].newlinesBefore > 0) return undefined;
  const before = previousWords(a, unit.first, 3);
  const role = abbreviated ? a.tokens[unit.first - 2].key : POSSESSIVES.has(before[0] ?? "") ? before[1] : before[0];
  if (role === undefined || !(CAREGIVER_WORDS.has(role) || RELATIVE_WORDS.has(role) || PATIENT_WORDS.has(role))) return undefined;
  // The word itself last: the unknown-word test reads the dictionaries.
  if (!(nameBitsOf(a, unit) || isUnknownProper(a, unit))) return undefined;
  return mention(unit.first, unit.last, "lookup");
}

/** "Beste Lies,", "Dag Marc,", "Chère Anne,": a listed given name after a greeting that opens its line. */
const GREETINGS: ReadonlySet<string> = new Set(["beste", "lieve", "dag", "hallo", "hoi", "hey", "dear", "cher", "chère", "chere", "bonjour", "salut", "coucou"]);

function greetingRule(a: Analysis, unit: Unit): NameMention | undefined {
  const greeting = a.tokens[unit.first - 1];
  if (!greeting || greeting.kind !== "word" || !GREETINGS.has(greeting.key) || !(greeting.index === 0 || greeting.newlinesBefore > 0)) return undefined;
  if (shapeOf(a, unit) !== "title" || a.tokens[unit.first].newlinesBefore > 0) return undefined;
  const after = a.tokens[unit.last + 1];
  if (after && after.newlinesBefore === 0 && after.text !== "," && after.text !== "!") return undefined;
  if (!(nameBitsOf(a, unit) & LIST.firstName) || unitBits(a, unit) & (LIST.eponym | LIST.extraWhitelist | LIST.hospitalAbbr) || titleKindOf(unit.key)) return undefined;
  return mention(unit.first, unit.last, "lookup");
}

/** "Pat. R.V. (34M)": two initials or more after a patient word stand for the patient's name. */
function patientInitialsRule(a: Analysis, unit: Unit): NameMention | undefined {
  const end = initialsEnd(a, unit.first);
  if (end < unit.first + 3) return undefined;
  const cue = previousWords(a, unit.first, 1)[0];
  if (cue === undefined || !PATIENT_WORDS.has(cue) || a.tokens[unit.first].newlinesBefore > 0) return undefined;
  return mention(unit.first, end, "initials");
}

/** "Betreft: Declercq Ilias", "Contactpersoon: Kristel Smets": the value of a person field is a name. */
function fieldRule(a: Analysis, unit: Unit): NameMention | undefined {
  if (a.tokens[unit.first - 1]?.text !== ":") return undefined;
  const label = lineLabel(a, unit.first);
  if (label === undefined || !(PATIENT_FIELD_LABELS.has(label) || CAREGIVER_FIELD_LABELS.has(label) || RELATIVE_FIELD_LABELS.has(label))) {
    return undefined;
  }
  let last = -1;
  let listed = false;
  // "Voorletters: K.L.": initials are the value, or open it ("Naam: K.L. Peeters").
  const initials = initialsEnd(a, unit.first);
  let start: Unit | undefined = unit;
  if (initials >= 0) {
    last = initials;
    listed = true;
    start = unitAt(a, initials + 1);
    if (start && (a.tokens[start.first].newlinesBefore > 0 || start.first !== initials + 1)) start = undefined;
  }
  for (let u: Unit | undefined = start, n = 0; u && n < 3; n++) {
    // "Naam: DE SMET", "Nom : VAN DAMME": a particle, in any case, before the capitalised surname.
    const interfix = interfixEnd(a, u.first);
    const after = interfix >= 0 ? unitAt(a, interfix + 1) : undefined;
    if (after && after.first === interfix + 1 && a.tokens[after.first].newlinesBefore === 0 && shapeOf(a, after) !== "lower" && a.tokens[after.first].spaceBefore) {
      if (u !== unit && u !== start && !a.tokens[u.first].spaceBefore) break;
      u = after;
    }
    if (shapeOf(a, u) === "lower" || unitBits(a, u) & (LIST.stopWord | LIST.eponym | LIST.extraWhitelist) || titleKindOf(u.key)) break;
    if (u !== unit && u !== start && interfix < 0 && (a.tokens[u.first].newlinesBefore > 0 || !a.tokens[u.first].spaceBefore)) break;
    listed ||= nameBitsOf(a, u) !== 0 || isUnknownProper(a, u);
    last = u.last;
    u = unitAt(a, u.last + 1);
  }
  return last >= 0 && listed ? mention(unit.first, last, "pair") : undefined;
}


/** A listed name that is also an ordinary word ("Bos", "Roos", "Visser"), unless it is a common given name. */
function isOrdinaryListedWord(a: Analysis, unit: Unit): boolean {
  const bits = unitBits(a, unit);
  return (bits & (LIST.dutchWord | LIST.frenchWord | LIST.commonWord)) !== 0 && !(bits & LIST.firstName && bits & LIST.commonFirstName);
}

/** A listed name that is no ordinary word, or a capitalised word in no list and no dictionary. */
function isNameWord(a: Analysis, unit: Unit): boolean {
  if (isUnknownProper(a, unit)) return true;
  return nameBitsOf(a, unit) !== 0 && isNameLike(a, unit, false) && !isWhitelisted(a, unit) && !isPlaceUnit(a, unit) &&
    !isOrdinaryListedWord(a, unit) && !isDictionaryWord(a, unit);
}

/**
 * Two capitalised words, the first in no list and no dictionary, the second as unknown or a listed name that is no
 * ordinary word: "Oluwadamilare Okonkwo meldt zich", "Thandiwe Ndlovu, 34 jaar", "Wen-Li Tjoa". A name of any
 * origin, wherever it stands; a drug or device pair is kept out by the medical dictionary and the drug stems.
 */
function unknownPairRule(a: Analysis, unit: Unit): NameMention | undefined {
  // Title case only: a line in capitals holds unknown clinical words as often as names ("BRONCHOGRAMME AÉRIQUE").
  if (!isUnknownProper(a, unit) || shapeOf(a, unit) !== "title") return undefined;
  const shape = shapeOf(a, unit);
  const next = unit.last + 1;
  const second = unitAt(a, next);
  if (!second || second.first !== next || a.tokens[next].newlinesBefore > 0 || !a.tokens[next].spaceBefore) return undefined;
  if (shapeOf(a, second) !== shape || !isNameWord(a, second)) return undefined;
  return mention(unit.first, second.last, "pair");
}

const CARER_ENDING = /(?:arts|oloog|ologe|ist|iste|peut|kundige|logue|iatre|ien|ienne)$/;

/** The first word of a role after a name: "(longarts)", "(verpl. spec.)", ", huisarts", ", sa fille". */
function isRoleKey(key: string | undefined): boolean {
  if (key === undefined) return false;
  return CAREGIVER_WORDS.has(key) || RELATIVE_WORDS.has(key) || PATIENT_WORDS.has(key) || ROLE_ABBREVIATIONS.has(key) ||
    CARER_ENDING.test(key);
}

const ROLE_ABBREVIATIONS: ReadonlySet<string> = new Set(["verpl", "vpk", "spec", "ha", "kine", "kiné", "fysio", "ass", "aios", "anios", "coass", "pa", "vs", "ouder", "moeder", "vader"]);

/**
 * "Aanwezig: Bos (longarts), Kuipers (radioloog)", "Tjoa, huisarts": a name with its role right after it, in
 * brackets or after a comma. A listed name counts even when it is also a word; an unlisted one when it is none.
 */
function roleAfterRule(a: Analysis, unit: Unit): NameMention | undefined {
  if (shapeOf(a, unit) !== "title" || unit.end - unit.start < 2) return undefined;
  const bits = unitBits(a, unit);
  const listed = nameBitsOf(a, unit) !== 0 && !(bits & (LIST.stopWord | LIST.eponym | LIST.hospitalPrefix | LIST.hospitalAbbr)) &&
    !(bits & LIST.extraWhitelist && !(bits & LIST.surname)) && !titleKindOf(unit.key) && !(isPlaceUnit(a, unit) && !(bits & LIST.surname));
  if (!listed && !isUnknownProper(a, unit)) return undefined;
  const open = a.tokens[unit.last + 1];
  if (!open || open.newlinesBefore > 0 || (open.text !== "(" && open.text !== ",")) return undefined;
  if (open.text === "," && a.tokens[unit.first].sentenceStart && !isUnknownProper(a, unit)) return undefined;
  const words = nextWords(a, unit.last + 1, 2);
  const role = POSSESSIVES.has(words[0] ?? "") ? words[1] : words[0];
  if (!isRoleKey(role)) return undefined;
  return mention(unit.first, unit.last, "lookup");
}

/** Whether the text between two offsets is a cell or field border: a line break, a tab, two spaces, "|" or ":". */
function isCellBorder(a: Analysis, from: number, to: number): boolean {
  const gap = a.text.slice(from, to);
  return gap.length === 0 || /[\n\t|:;()]| {2}/.test(gap);
}

/**
 * "Ngata, Tamati", "| Okonkwo, Chidi |", "Patiënt: Kowalski, Anna": a surname, a comma and a given name, standing
 * alone in a cell, field or line (the form of patient lists and tables).
 */
function lastCommaFirstRule(a: Analysis, unit: Unit): NameMention | undefined {
  if (shapeOf(a, unit) === "lower" || a.tokens[unit.last + 1]?.text !== ",") return undefined;
  const surnameLike = isUnknownProper(a, unit) ||
    (nameBitsOf(a, unit) & (LIST.surname | LIST.interfixSurname) && isNameLike(a, unit, false) && !isWhitelisted(a, unit) && !isPlaceUnit(a, unit));
  if (!surnameLike || a.tokens[unit.last + 1]?.text !== ",") return undefined;
  const given = unitAt(a, unit.last + 2);
  if (!given || given.first !== unit.last + 2 || a.tokens[given.first].newlinesBefore > 0 || shapeOf(a, given) === "lower") return undefined;
  const listedGiven = nameBitsOf(a, given) & LIST.firstName && isNameLike(a, given, true) && !isWhitelisted(a, given) && !isPlaceUnit(a, given);
  // In capitals ("SIGHUP, SIGQUIT" is no name) the given name must be listed.
  const givenOk = listedGiven || (isUnknownProper(a, given) && shapeOf(a, given) === "title" && shapeOf(a, unit) === "title");
  if (!givenOk) return undefined;
  const before = a.tokens[unit.first - 1];
  const after = a.tokens[given.last + 1];
  // A list item's bullet opening the line ("- X, Y (1989)") borders the name as a cell does.
  const bullet = before !== undefined && "-•*·–".includes(before.text) && a.lineStart[before.index] === before.index;
  if (before && !bullet && !isCellBorder(a, before.end, a.tokens[unit.first].start) && before.text !== ":" && before.text !== "|") return undefined;
  if (after && !isCellBorder(a, a.tokens[given.last].end, after.start) && !"|)(;".includes(after.text) && initialsEnd(a, given.last + 1) < 0) {
    return undefined;
  }
  return mention(unit.first, given.last, "pair");
}

const signatureMemo = new WeakMap<Analysis, Set<number>>();

/** The four lines under a closing formula that stands on a line of its own ("Met vriendelijke groeten,", "Groetjes"). */
function closingLineSignatures(a: Analysis): Set<number> {
  const lines = new Set<number>();
  for (let tokenIndex = 0; tokenIndex < a.tokens.length; tokenIndex++) {
    const token = a.tokens[tokenIndex];
    if (!CLOSING_FIRST_WORDS.has(token.key) || a.lineStart[token.index] !== token.index) continue;
    CLOSING.lastIndex = token.start;
    if (!CLOSING.test(a.text)) continue;
    const lineEnd = a.text.indexOf("\n", CLOSING.lastIndex);
    const rest = a.text.slice(CLOSING.lastIndex, lineEnd < 0 ? a.text.length : lineEnd);
    if (!/^[\s,.!:;-]*$/.test(rest)) continue;
    const line = a.lineOf[token.index];
    for (let l = line + 1; l <= line + 4; l++) lines.add(l);
  }
  return lines;
}

/**
 * "Met vriendelijke groeten,\n\nWen-Li Tjoa": a line under a closing formula that holds only a name (one to four
 * listed or unknown capitalised words, initials allowed), optionally followed by a comma or bracket and a role.
 */
function signatureRule(a: Analysis, unit: Unit): NameMention | undefined {
  if (a.lineStart[unit.first] !== unit.first || shapeOf(a, unit) === "lower") return undefined;
  let lines = signatureMemo.get(a);
  if (!lines) {
    lines = closingLineSignatures(a);
    signatureMemo.set(a, lines);
  }
  if (!lines.has(a.lineOf[unit.first])) return undefined;
  let last = -1;
  let evidence = false;
  let i = unit.first;
  for (let n = 0; n < 5 && i < a.tokens.length; n++) {
    if (i !== unit.first && (a.tokens[i].newlinesBefore > 0 || !a.tokens[i].spaceBefore)) break;
    const initials = initialsEnd(a, i);
    if (initials >= 0) {
      last = initials;
      i = initials + 1;
      continue;
    }
    let start = i;
    const interfix = interfixEnd(a, i);
    if (interfix >= 0 && last >= 0) start = interfix + 1;
    const u = unitAt(a, start);
    if (!u || u.first !== start || shapeOf(a, u) === "lower") break;
    const listed = nameBitsOf(a, u) !== 0 && !(unitBits(a, u) & (LIST.stopWord | LIST.eponym | LIST.medicalTerm)) && !titleKindOf(u.key);
    if (!listed && !isUnknownProper(a, u)) break;
    evidence = true;
    last = u.last;
    i = u.last + 1;
  }
  if (last < 0 || !evidence) return undefined;
  const after = a.tokens[last + 1];
  if (after && after.newlinesBefore === 0 && !",(-–/|".includes(after.text)) return undefined;
  return mention(unit.first, last, "pair");
}

/** Interfixes that ordinary prose never writes before a lower-case word: "van der", "van den", "v/d" ("ter", "ten" it does). */
const NAME_ONLY_INTERFIXES: ReadonlySet<string> = new Set(["van der", "van den", "vd", "v d", "vander", "vanden", "in t", "van t", "op t"]);

function isLowerWordUnit(a: Analysis, unit: Unit | undefined, t: number): unit is Unit {
  return unit !== undefined && unit.first === t && shapeOf(a, unit) === "lower" && a.tokens[t].kind === "word" && unit.end - unit.start >= 2 &&
    a.tokens[t].newlinesBefore === 0 && !(unitBits(a, unit) & LIST.stopWord);
}

/**
 * Lower-case names in search queries and terse lower-case lines (`queries.ts` says which lines): "karaca yusuf
 * longfunctie", "pietersen lab uitslag", "labwaarden van der meer", "de vries jan". A listed name counts when no
 * dictionary knows the word; a listed name that is also a word joins one that is not ("jan bakker"); "van der" and
 * the like open a name before any word, "de"/"van" only before a listed surname that is no word.
 */
function queryNameRule(a: Analysis, unit: Unit): NameMention | undefined {
  if (shapeOf(a, unit) !== "lower" || !onQueryLine(a, unit.first)) return undefined;
  const interfix = interfixEnd(a, unit.first);
  if (interfix >= 0) {
    const surname = unitAt(a, interfix + 1);
    const phrase = a.tokens.slice(unit.first, interfix + 1).filter((t) => t.kind === "word").map((t) => t.key).join(" ");
    const strong = NAME_ONLY_INTERFIXES.has(phrase);
    // "van der meer": after a name-only interfix even a listed surname that is a stop word elsewhere.
    const stopSurname = strong && surname !== undefined && surname.first === interfix + 1 && shapeOf(a, surname) === "lower" &&
      a.tokens[surname.first].newlinesBefore === 0 && nameBitsOf(a, surname) !== 0;
    if (!isLowerWordUnit(a, surname, interfix + 1) && !stopSurname) return undefined;
    if (!strong && !isListedNonWord(a, surname, LIST.surname | LIST.interfixSurname, 3)) return undefined;
    if (strong && !stopSurname && unitBits(a, surname!) & (WHITELIST_BITS & ~LIST.commonWord)) return undefined;
    return mention(unit.first, followingQueryName(a, surname!.last), "interfix");
  }
  // Three letters only for a common given name ("ali", "eva"): "uri", "iso", "sys", "inh" are abbreviations.
  const minLength = unitBits(a, unit) & LIST.commonFirstName ? 3 : 4;
  if (!isListedNonWord(a, unit, NAME_BITS, minLength) || isPlaceUnit(a, unit) || unitBits(a, unit) & (LIST.hospital | LIST.hospitalAbbr)) return undefined;
  // A listed given name or surname right before it that is also a word belongs to the name ("roos pietersen").
  let first = unit.first;
  const before = unitAt(a, unit.first - 1);
  if (before && before.last === unit.first - 1 && isLowerWordUnit(a, before, before.first) && nameBitsOf(a, before) && !isWhitelisted(a, before) &&
    !isPlaceUnit(a, before) && a.tokens[unit.first].spaceBefore && onQueryLine(a, before.first) && a.tokens[unit.first].newlinesBefore === 0) {
    first = before.first;
  }
  return mention(first, followingQueryName(a, unit.last), "lookup");
}

/** The last token of a lower-case name continued by one more listed name ("yusuf demir", "de vries jan"). */
function followingQueryName(a: Analysis, last: number): number {
  const next = unitAt(a, last + 1);
  if (!isLowerWordUnit(a, next, last + 1) || !a.tokens[last + 1].spaceBefore) return last;
  if (!nameBitsOf(a, next) || isWhitelisted(a, next) || isPlaceUnit(a, next) || unitBits(a, next) & (LIST.hospital | LIST.hospitalAbbr)) return last;
  return next.last;
}

/** Words of a ward list before a bed or room number ("bed 3", "kamer 12", "lit 4", "box 2"). */
const BED_WORDS: ReadonlySet<string> = new Set(["bed", "bedden", "kamer", "kam", "k", "box", "lit", "chambre", "ch", "room", "plaats"]);
/** A room code glued to its letter ("k214", "K412", "B12"). */
const ROOM_CODE = /^(?:k|kr|kam|b|ch)\d{1,4}[a-z]?$/i;

/**
 * The token before `t` closes a bed or room cue on the same line: "bed 3", "kamer 12:", "k214", "K.318 -". Looks at
 * three tokens at most.
 */
function afterBedCue(a: Analysis, t: number): boolean {
  let i = t - 1;
  let token = a.tokens[i];
  if (!token || a.tokens[t].newlinesBefore > 0) return false;
  if (token.kind === "punct" && (token.text === ":" || token.text === "-" || token.text === "–")) {
    token = a.tokens[--i];
    if (!token || a.tokens[i + 1].newlinesBefore > 0) return false;
  }
  if (token.kind === "word" && ROOM_CODE.test(token.text) && /\d/.test(token.text)) return true;
  if (!/^\d{1,4}[a-z]?$/i.test(token.text) || token.newlinesBefore > 0) return false;
  let cue = a.tokens[i - 1];
  if (cue && cue.text === "." && !cue.spaceBefore) cue = a.tokens[i - 2];
  return cue !== undefined && cue.kind === "word" && BED_WORDS.has(cue.key) && a.tokens[i].newlinesBefore === 0;
}

/**
 * Ward lists and handovers name the patient after the bed in shorthand and lower case: "bed 4 tk de wilde,
 * 83j", "k214 jansen 64j", "bed 9 ayodele bankole 58:". After a bed or room cue, up to five pieces that are each
 * lower-case initials (one to three letters no dictionary holds), a particle, a listed name or a word no list and
 * no dictionary holds are the name, when one of them is a listed or unknown name of three letters or more, the
 * last one is no particle or initials, and punctuation, a number or the line's end follows.
 */
function bedLineRule(a: Analysis, unit: Unit): NameMention | undefined {
  if (!afterBedCue(a, unit.first)) return undefined;
  let t = unit.first;
  let last = -1;
  let strong = false;
  let afterParticle = false;
  for (let pieces = 0; pieces < 5 && t < a.tokens.length; pieces++) {
    if (t > unit.first && (a.tokens[t].newlinesBefore > 0 || !a.tokens[t].spaceBefore)) break;
    const interfix = interfixEnd(a, t);
    if (interfix >= 0 && a.tokens[interfix + 1]?.spaceBefore) {
      t = interfix + 1;
      afterParticle = true;
      continue;
    }
    const u = unitAt(a, t);
    if (!u || u.first !== t || !a.tokens[t].letters) break;
    const bits = unitBits(a, u);
    const length = u.end - u.start;
    if (bits & (LIST.stopWord | LIST.medicalTerm | LIST.eponym | LIST.hospitalAbbr | LIST.hospitalPrefix) || titleKindOf(u.key)) break;
    const ordinary = (bits & (LIST.dutchWord | LIST.frenchWord | LIST.commonWord)) !== 0 || isDictionaryWord(a, u, true);
    // A listed name that is also a word counts only as the surname after a particle ("tk de wilde").
    const listed = nameBitsOf(a, u) & (afterParticle ? LIST.surname | LIST.interfixSurname : LIST.surname | LIST.interfixSurname | LIST.firstName);
    const named = listed !== 0 && (!ordinary || afterParticle) && !(bits & WHITELIST_BITS & ~LIST.commonWord) && !isPlaceUnit(a, u);
    // After a particle any word no dictionary holds is the surname ("tk de wilde": a word or a street list may hold it too); a
    // compound of two dictionary words is a Dutch word ("decubitusrisico"), no name.
    const unknown = !isCompoundOfWords(a, u.key) &&
      (shapeOf(a, u) === "lower" ? isUnknownLowerWord(a, u) || (afterParticle && length >= 3 && !ordinary) : isUnknownProper(a, u));
    afterParticle = false;
    const initials = last < 0 && length <= 3 && u.first === u.last && shapeOf(a, u) === "lower" && !isDictionaryWord(a, u, true) && !bits;
    if (!named && !unknown && !initials) break;
    if ((named || unknown) && length >= 3) strong = true;
    last = u.last;
    t = u.last + 1;
    if (initials) last = -1 - u.last;
  }
  if (last < 0 || !strong) return undefined;
  const next = a.tokens[last + 1];
  if (next && next.newlinesBefore === 0 && next.kind === "word" && !/^\d/.test(next.text)) return undefined;
  return mention(unit.first, last, "title");
}

/** A lower-case initial with its period ("j.", "p.") at token t, glued, before a space: the end token, or -1. */
function lowerInitialEnd(a: Analysis, t: number): number {
  const letter = a.tokens[t];
  const period = a.tokens[t + 1];
  if (!letter || letter.kind !== "word" || letter.text.length !== 1 || letter.firstUpper || !/\p{Ll}/u.test(letter.text)) return -1;
  if (!period || period.text !== "." || period.spaceBefore || !a.tokens[t + 2]?.spaceBefore) return -1;
  return t + 1;
}

/**
 * Handovers and queries write initials in lower case too: "j. de graaf", "dhr. p. van dam". A lower-case initial
 * and its period, a particle, and a surname a surname list holds (in any case) are a name. Without the particle
 * an initial before a word is too often an abbreviation ("v. jugularis").
 */
function lowerInitialsRule(a: Analysis, unit: Unit): NameMention | undefined {
  const end = lowerInitialEnd(a, unit.first);
  if (end < 0) return undefined;
  const interfix = interfixEnd(a, end + 1);
  if (interfix < 0 || a.tokens[end + 1].newlinesBefore > 0) return undefined;
  const surname = unitAt(a, interfix + 1);
  if (!surname || surname.first !== interfix + 1 || a.tokens[surname.first].newlinesBefore > 0 || surname.end - surname.start < 3) return undefined;
  if (!(nameBitsOf(a, surname) & (LIST.surname | LIST.interfixSurname)) || unitBits(a, surname) & (LIST.stopWord | LIST.medicalTerm | LIST.eponym)) return undefined;
  return mention(unit.first, surname.last, "initials", titleChainBefore(a, unit.first));
}

const RULES = [
  bedLineRule, lowerInitialsRule, titleRule, initialsRule, interfixRule, pairRule, surnameInitialsRule, lookupRule, roleApposition, roleWordRule, fieldRule,
  lastCommaFirstRule, signatureRule, unknownPairRule, roleAfterRule, slashSignatureRule, bareNameRule, lowercaseNameRule, queryNameRule,
  greetingRule, patientInitialsRule,
];

/** Grows a mention over adjacent initials, interfix + name, and listed names, to a fixpoint. */
function extend(a: Analysis, m: NameMention): NameMention {
  let { first, last } = m;
  for (let changed = true; changed && last - first < MAX_NAME_TOKENS; ) {
    changed = false;
    // Right: initials, "van der X", listed names ("Jan Pieter Peeters", "Peeters Jan").
    const next = last + 1;
    if (next < a.tokens.length && a.tokens[next].newlinesBefore === 0 && a.tokens[next].spaceBefore) {
      const initials = initialsEnd(a, next);
      const unit = unitAt(a, next);
      const interfix = interfixEnd(a, next);
      const afterInterfix = interfix >= 0 ? unitAt(a, interfix + 1) : undefined;
      const lastUnit = unitAt(a, last);
      // "Jan van den Broeck": after a first name, "van den" + any capitalised word is the surname.
      const afterFirstName = lastUnit !== undefined && (nameBitsOf(a, lastUnit) & LIST.firstName) !== 0;
      if (initials >= 0) {
        last = initials;
        changed = true;
      } else if (afterInterfix && afterInterfix.first === interfix + 1 && a.tokens[afterInterfix.first].newlinesBefore === 0 &&
        !a.tokens[next].sentenceStart && isNameLike(a, afterInterfix, false) &&
        (a.tokens[next].title || a.tokens[next].upper || afterFirstName
          ? !isWhitelisted(a, afterInterfix) && !(a.tokens[next].key === "te" && isPlaceUnit(a, afterInterfix))
          : (unitBits(a, afterInterfix) & (LIST.interfixSurname | LIST.surname)) !== 0 && !isPlaceUnit(a, afterInterfix))) {
        last = afterInterfix.last;
        changed = true;
      } else if (unit && unit.first === next && !a.tokens[next].sentenceStart && nameBitsOf(a, unit) &&
        isNameLike(a, unit, false) && !isWhitelisted(a, unit) && !isPlaceUnit(a, unit)) {
        last = unit.last;
        changed = true;
      }
    }
    // Left: initials, a capitalised interfix ("Van", "De"), a listed first name.
    const prev = first - 1;
    if (prev >= 0 && a.tokens[first].newlinesBefore === 0 && a.tokens[first].spaceBefore) {
      const unit = unitAt(a, prev);
      const prevToken = a.tokens[prev];
      if (prevToken.text === ".") {
        const startOfInitials = findInitialsStart(a, prev);
        if (startOfInitials >= 0 && !titleChainBefore(a, first)) {
          first = startOfInitials;
          changed = true;
        }
      } else if (unit && unit.last === prev) {
        const interfixStart = findInterfixEndingAt(a, prev);
        // "Van Damme", "De Smet" join; a lower-case "van"/"de" joins only a lone surname that takes interfixes
        // ("brief van Jan Peeters" must not become "van Jan Peeters").
        const firstUnit = unitAt(a, first);
        const loneInterfixSurname = firstUnit !== undefined && firstUnit.last === last && (unitBits(a, firstUnit) & LIST.interfixSurname) !== 0;
        const capitalisedInterfix = interfixStart >= 0 && (a.tokens[interfixStart].title || a.tokens[interfixStart].upper);
        if (interfixStart >= 0 && (capitalisedInterfix || (m.signal !== "lookup" && loneInterfixSurname))) {
          first = interfixStart;
          changed = true;
        } else if ((nameBitsOf(a, unit) & LIST.firstName) && isNameLike(a, unit, false) && !isWhitelisted(a, unit) &&
          !isPlaceUnit(a, unit) && a.tokens[unit.first].newlinesBefore === 0 && !titleChainBefore(a, first)) {
          first = unit.first;
          changed = true;
        }
      }
    }
  }
  return { ...m, first, last, titleStart: m.titleStart >= 0 ? m.titleStart : titleChainBefore(a, first)?.start ?? -1,
    titleKind: m.titleKind ?? titleChainBefore(a, first)?.kind };
}

/** First token of initials that end exactly at token `periodIndex` ("J.P." before a surname), or -1. */
function findInitialsStart(a: Analysis, periodIndex: number): number {
  let found = -1;
  for (let s = periodIndex - 1; s >= Math.max(0, periodIndex - 9); s--) {
    if (initialsEnd(a, s) === periodIndex) found = s;
  }
  return found;
}

function findInterfixEndingAt(a: Analysis, last: number): number {
  for (let start = Math.max(0, last - 3); start <= last; start++) {
    if (interfixEnd(a, start) === last) return start;
  }
  return -1;
}

/** "ziekte van Parkinson", "teken van Babinski", "Wells-score": the capitalised word is an eponym. */
function inEponymContext(a: Analysis, m: NameMention): boolean {
  const before = previousWords(a, m.first, 2);
  if (before.length >= 2 && (before[0] === "van" || before[0] === "de" || before[0] === "d" || before[0] === "of") &&
    EPONYM_HEADS.has(before[1])) return true;
  if (before[0] !== undefined && EPONYM_HEADS.has(before[0]) && m.titleStart < 0) return true;
  const after = a.tokens[m.last + 1];
  if (after && after.text === "-" && !after.spaceBefore) {
    const tail = unitAt(a, m.last + 2);
    if (tail && EPONYM_TAILS.has(tail.key)) return true;
  }
  const lastUnit = unitAt(a, m.last);
  if (lastUnit && lastUnit.last > lastUnit.first && EPONYM_TAILS.has(a.tokens[lastUnit.last].key)) return true;
  // "calcanéum (Sanders II)", "Gustilo IIIb": a capital Roman numeral right after a surname without a title grades
  // a classification named after someone.
  const grade = a.tokens[m.last + 1];
  // A sex letter in the next cell of a row ("VERSCHUEREN Godelieve<TAB>V<TAB>°…") is no grade: a grade follows one space.
  if (m.titleStart < 0 && grade && grade.kind === "word" && grade.newlinesBefore === 0 && /^(?:I{1,3}|IV|V)[abc]?$/.test(grade.text) &&
    a.text.slice(a.tokens[m.last].end, grade.start) === " ") return true;
  // "Wagner 2", "Westley 3.", "(Coban 2)": one untitled word and a single-digit grade after one space, then the
  // end of the clause, is a score or class named after someone (a count or a duration goes on: "2 dagen").
  // A common given name before a digit is a child and its age ("Mats 9)").
  if (m.titleStart < 0 && grade && grade.kind === "number" && /^\d$/.test(grade.text) && unitAt(a, m.first)?.last === m.last &&
    !(a.tokenBits[m.first] & LIST.commonFirstName) &&
    a.text.slice(a.tokens[m.last].end, grade.start) === " " && gradeEndsClause(a, grade.index)) return true;
  const next = nextWords(a, m.last, 1)[0];
  // "Mira (niveau 5)": a bracket after the name opens an aside, no eponym's tail.
  const gap = a.tokens[m.last + 1]?.text;
  return next !== undefined && EPONYM_TAILS.has(next) && gap !== "," && gap !== "(";
}

/** After a grade: the end of the text or line, or a closing ".", ",", ";", ")" or "/" (not a decimal or a time). */
function gradeEndsClause(a: Analysis, t: number): boolean {
  const next = a.tokens[t + 1];
  if (next === undefined || next.newlinesBefore > 0) return true;
  if (next.kind !== "punct" || !".,;)".includes(next.text)) return false;
  const after = a.tokens[t + 2];
  return next.spaceBefore || after === undefined || after.spaceBefore || after.newlinesBefore > 0;
}

/** Covered by a multi-word whitelisted phrase ("Bence Jones", "Ann Arbor") or an eponym phrase. */
function inWhitelistedPhrase(a: Analysis, m: NameMention): boolean {
  for (let t = Math.max(0, m.first - 4); t <= m.last; t++) {
    // Matches at t come shortest first, so the longest whitelisted one reaches furthest.
    const match = longestMatch(a, t, WHITELIST_BITS);
    if (match && match.last > t && match.first <= m.last && match.last >= m.first) return true;
  }
  return false;
}

function hasEponymUnit(a: Analysis, m: NameMention): boolean {
  for (let t = m.first; t <= m.last; t++) {
    const unit = unitAt(a, t);
    if (unit && unit.first === t && unitBits(a, unit) & LIST.eponym) return true;
  }
  return false;
}

/** "afdeling 2 Oost", "ronde B West": a compass point after a ward's or round's number or letter is part of its code. */
const COMPASS_POINTS: ReadonlySet<string> = new Set(["noord", "oost", "zuid", "west"]);

function compassOfACode(a: Analysis, m: NameMention): boolean {
  if (m.titleStart >= 0 || unitAt(a, m.first)?.last !== m.last || !COMPASS_POINTS.has(a.tokens[m.first].key)) return false;
  const code = a.tokens[m.first - 1];
  return code !== undefined && code.newlinesBefore === 0 && a.tokens[m.first].spaceBefore && (code.kind === "number" || /^\p{Lu}\d?$/u.test(code.text));
}

function rejected(a: Analysis, m: NameMention): boolean {
  if (m.titleStart < 0 && followsInstitutionType(a, m.first)) return true;
  if (compassOfACode(a, m)) return true;
  if (m.signal === "title" && m.titleKind !== "academic") return inEponymContext(a, m) && m.titleStart < 0;
  return inEponymContext(a, m) || inWhitelistedPhrase(a, m) || hasEponymUnit(a, m);
}

function mergeMentions(mentions: NameMention[]): NameMention[] {
  mentions.sort((x, y) => x.first - y.first || y.last - x.last);
  const out: NameMention[] = [];
  for (const m of mentions) {
    const prev = out[out.length - 1];
    if (prev && m.first <= prev.last) {
      if (m.last > prev.last) prev.last = m.last;
      if (prev.titleStart < 0 && m.titleStart >= 0) {
        prev.titleStart = m.titleStart;
        prev.titleKind = m.titleKind;
      }
      if (signalRank(m.signal) > signalRank(prev.signal)) prev.signal = m.signal;
      continue;
    }
    out.push({ ...m });
  }
  return out;
}

function signalRank(signal: NameSignal): number {
  return ["propagated", "lookup", "pair", "interfix", "initials", "title"].indexOf(signal);
}

/** Names found by the rules, extended and filtered (roles not yet assigned). */
/** Only capitalised units, interfixes and apostrophes can open a name; most words are skipped at once. */
function mayOpenName(a: Analysis, unit: Unit): boolean {
  if (a.unitShape[unit.index] !== 0) return true;
  if (unitBits(a, unit) & LIST.interfix || EXTRA_INTERFIXES.has(unit.key) || unit.key === "v" || unit.key === "vd") return true;
  const before = a.tokens[unit.first - 1];
  if (before !== undefined && (before.text === "'" || before.text === "’")) return true;
  // A lower-case word right after a title, a patient word or a role word ("mw brink", "dochter ilse"), or a listed
  // name in a query line.
  if ((unitBits(a, unit) & NAME_BITS) !== 0 && (before !== undefined || onQueryLine(a, unit.first))) return true;
  // A lower-case initial before a particle ("j. de graaf").
  if (unit.first === unit.last && lowerInitialEnd(a, unit.first) >= 0) return true;
  // A ward list's patient after the bed ("bed 4 tk de wilde").
  if (before !== undefined && before.newlinesBefore === 0 && afterBedCue(a, unit.first)) return true;
  // An unlisted lower-case word right after a form of address ("mw okonkwo").
  return before !== undefined && (SOCIAL_TITLES.has(before.key) || MEDICAL_TITLES.has(before.key) || (before.text === "." && unit.first >= 2 &&
    SOCIAL_TITLES.has(a.tokens[unit.first - 2].key))) && isUnknownLowerWord(a, unit);
}

export function findNameMentions(a: Analysis): NameMention[] {
  const found: NameMention[] = [];
  // A unit inside a name already found and grown adds nothing: skipping it keeps repeated names linear.
  let coveredUntil = -1;
  for (let unitIndex = 0; unitIndex < a.units.length; unitIndex++) {
    const unit = a.units[unitIndex];
    if (unit.first <= coveredUntil || !mayOpenName(a, unit)) continue;
    for (const rule of RULES) {
      const m = rule(a, unit);
      if (m) {
        const grown = extend(a, m);
        if (!rejected(a, grown)) {
          found.push(grown);
          coveredUntil = Math.max(coveredUntil, grown.last);
        }
        break;
      }
    }
  }
  let mentions = mergeMentions(found);
  mentions = mergeMentions([...mentions, ...propagate(a, mentions)]);
  return mentions;
}

/** Later mentions of a name already found ("Peeters" after "Dhr. Jan Peeters"), even at a sentence start. */
function propagate(a: Analysis, mentions: readonly NameMention[]): NameMention[] {
  const keys = new Set<string>();
  for (const m of mentions) {
    for (let t = m.first; t <= m.last; t++) {
      const unit = unitAt(a, t);
      if (!unit || unit.first !== t || unit.end - unit.start < 3) continue;
      if (!isNameLike(a, unit, true) || isWhitelisted(a, unit) || isPlaceUnit(a, unit)) continue;
      keys.add(unit.key);
    }
  }
  if (keys.size === 0) return [];
  const covered = new Uint8Array(a.tokens.length);
  for (const m of mentions) for (let t = m.first; t <= m.last; t++) covered[t] = 1;
  const out: NameMention[] = [];
  for (let unitIndex = 0; unitIndex < a.units.length; unitIndex++) {
    const unit = a.units[unitIndex];
    if (covered[unit.first] || !keys.has(unit.key) || shapeOf(a, unit) === "lower") continue;
    if (shapeOf(a, unit) === "upper" && !a.tokens[unit.first].capsLine) continue;
    const m = extend(a, mention(unit.first, unit.last, "propagated"));
    if (!rejected(a, m)) out.push(m);
  }
  return out;
}

interface RoleEvidence {
  role: NameRole;
  strength: number;
}

const SKIPPABLE_BEFORE: ReadonlySet<string> = new Set([
  "de", "het", "onze", "uw", "zijn", "haar", "mijn", "hun", "diens", "le", "la", "les", "son", "sa", "ses", "notre",
  "votre", "mon", "ma", "een", "the", "his", "her", "our", "your", "door", "met", "en", "bij", "aan", "van", "par", "avec",
]);

function roleFromWord(key: string): NameRole | undefined {
  if (CAREGIVER_WORDS.has(key)) return "Caregiver";
  if (RELATIVE_WORDS.has(key)) return "Other";
  if (PATIENT_WORDS.has(key)) return "Patient";
  return undefined;
}

const CLOSING = new RegExp(CLOSING_PHRASES.map((p) => escapeRegExp(p).replace(/ /g, "\\s+")).join("|"), "iuy");
const CLOSING_FIRST_WORDS: ReadonlySet<string> = new Set(CLOSING_PHRASES.map((p) => foldKey(p.split(" ")[0])));

/** Lines within six lines after a closing formula: names there are the signing caregivers. */
function signatureLines(a: Analysis): Set<number> {
  const lines = new Set<number>();
  for (let tokenIndex = 0; tokenIndex < a.tokens.length; tokenIndex++) {
    const token = a.tokens[tokenIndex];
    if (!CLOSING_FIRST_WORDS.has(token.key)) continue;
    CLOSING.lastIndex = token.start;
    if (!CLOSING.test(a.text)) continue;
    const line = a.lineOf[token.index];
    for (let l = line + 1; l <= line + 6; l++) lines.add(l);
  }
  return lines;
}

function roleEvidence(a: Analysis, m: NameMention, signature: Set<number>, lineOf: (t: number) => number): RoleEvidence {
  if (m.titleKind === "medical") return { role: "Caregiver", strength: 3 };
  const anchor = m.titleStart >= 0 ? m.titleStart : m.first;
  const before = previousWords(a, anchor, 4);
  for (const key of before) {
    const role = roleFromWord(key);
    if (role) return { role, strength: 3 };
    if (!SKIPPABLE_BEFORE.has(key)) break;
  }
  const after = nextWords(a, m.last, 2);
  for (const key of after) {
    if (MEDICAL_TITLES.has(key) || CAREGIVER_WORDS.has(key) || key === "md") return { role: "Caregiver", strength: 3 };
    if (RELATIVE_WORDS.has(key)) return { role: "Other", strength: 3 };
    if (PATIENT_WORDS.has(key)) return { role: "Patient", strength: 3 };
    if (!SKIPPABLE_BEFORE.has(key)) break;
  }
  const label = lineLabel(a, anchor);
  if (label !== undefined) {
    if (CAREGIVER_FIELD_LABELS.has(label)) return { role: "Caregiver", strength: 2 };
    if (PATIENT_FIELD_LABELS.has(label)) return { role: "Patient", strength: 2 };
    if (RELATIVE_FIELD_LABELS.has(label)) return { role: "Other", strength: 2 };
  }
  if (signature.has(lineOf(anchor))) return { role: "Caregiver", strength: 2 };
  if (m.titleKind === "social") return { role: "Patient", strength: 1 };
  return { role: "Other", strength: 0 };
}

function lastNameKey(a: Analysis, m: NameMention): string {
  const unit = unitAt(a, m.last);
  return unit ? unit.key : a.tokens[m.last].key;
}

const ROLE_LABEL: Record<NameRole, Label> = {
  Patient: "Name:Patient",
  Caregiver: "Name:Caregiver",
  Other: "Name:Other",
};

const SIGNAL_SCORE: Record<NameSignal, number> = {
  title: 0.9,
  initials: 0.85,
  interfix: 0.8,
  pair: 0.85,
  lookup: 0.65,
  propagated: 0.7,
};

/**
 * Name candidates with roles. Unknown roles default to Name:Other; a weakly evidenced mention takes the role
 * of the best-evidenced mention of the same surname in the note.
 */
export function nameCandidates(a: Analysis): Candidate[] {
  const mentions = findNameMentions(a);
  if (mentions.length === 0) return [];
  const signature = signatureLines(a);
  const evidence = mentions.map((m) => roleEvidence(a, m, signature, (t) => a.lineOf[t]));
  const bestBySurname = new Map<string, RoleEvidence>();
  mentions.forEach((m, i) => {
    const key = lastNameKey(a, m);
    const best = bestBySurname.get(key);
    if (!best || evidence[i].strength > best.strength) bestBySurname.set(key, evidence[i]);
  });
  return mentions.map((m, i) => {
    let role = evidence[i].role;
    if (evidence[i].strength <= 1) {
      const best = bestBySurname.get(lastNameKey(a, m));
      if (best && best.strength > evidence[i].strength) role = best.role;
    }
    const includeTitle = role === "Caregiver" && m.titleKind === "medical" && m.titleStart >= 0;
    const start = includeTitle ? a.tokens[m.titleStart].start : a.tokens[m.first].start;
    return {
      start,
      end: a.tokens[m.last].end,
      label: ROLE_LABEL[role],
      priority: m.signal === "title" ? PRIORITY.context : m.signal === "lookup" ? PRIORITY.lookup : PRIORITY.pattern,
      score: SIGNAL_SCORE[m.signal],
      rule: `name.${m.signal}`,
    };
  });
}

/**
 * Shorthand signatures of carers: "12/01 nacht (Hilde VB):", "vroege dienst (An):" name who wrote the entry;
 * "Ons kenmerk: JvdM/mk" and "paraaf: MvdB" are a writer's and a typist's initials with "v(an) d(e)" inside.
 */
export const SHIFT_SIGNATURE = /(?<![\p{L}])(?:vroeg|laat|nacht|dag|avond|ochtend|middag|vroege dienst|late dienst|nachtdienst|dagdienst|avonddienst)[ \t]*\((\p{Lu}\p{Ll}+(?:[ \t]+(?:\p{Lu}{1,3}\.?|\p{Lu}\p{Ll}+))?)\)[ \t]*:/gu;
const SHIFT_SIGNATURE_END = /\)[ \t]*:/;
const DUTCH_INITIALS = /(?<![\p{L}\p{N}])(\p{Lu}{1,2}v[dD]\p{Lu}{1,2})(?:\/(\p{Ll}{2,3}))?(?![\p{L}\p{N}])/gu;
const NOT_INITIALS = new Set(["PvdA"]);
/** "... bords roses. – MD" at a line's end, "réf. JD", "Réf. : HI/jv": a carer's initials sign the entry or the letter. */
export const SIGNED_INITIALS = /(?:[ \t][–—-][ \t]+|(?<![\p{L}])(?:[Rr][ée]f|[Rr]ef|[Kk]enmerk|[Pp]araaf)\.?[ \t]*:?[ \t]*)(\p{Lu}{2,3})(?:\/(\p{Ll}{2,3}))?(?=[ \t]*(?:\r?\n|$|[).]|[–—-][ \t]))/gu;
/** SIGNED_INITIALS as its two alternatives (a dash, or a reference word whose lookbehind is tested only where it matched). */
const INITIALS_AFTER = "(\\p{Lu}{2,3})(?:\\/(\\p{Ll}{2,3}))?(?=[ \\t]*(?:\\r?\\n|$|[).]|[–—-][ \\t]))";
export const SIGNED_INITIALS_ALTERNATIVES: readonly RegExp[] = [
  new RegExp(`[ \\t][–—-][ \\t]+${INITIALS_AFTER}`, "gu"),
  new RegExp(`(?<![\\p{L}])(?:[Rr][ée]f|[Rr]ef|[Kk]enmerk|[Pp]araaf)\\.?[ \\t]*:?[ \\t]*${INITIALS_AFTER}`, "gu"),
];
export const SIGNED_INITIALS_SCANS: readonly NextMatch[] = [
  (text, from) => {
    const re = SIGNED_INITIALS_ALTERNATIVES[0];
    re.lastIndex = from;
    return re.exec(text);
  },
  ((scan) => (text: string, from: number) => nextLookbehindMatch(scan, text, from))(lookbehindScan(SIGNED_INITIALS_ALTERNATIVES[1])),
];
const SHIFT_SIGNATURE_SCAN = lookbehindScan(SHIFT_SIGNATURE);
const SIGNATURE_NON_INITIALS = new Set(["ok", "ct", "nb", "rx", "ecg", "eeg", "emg", "mri", "mr", "pet", "ic", "seh", "vs", "bd", "hr", "sat", "pa", "lab", "adl", "abc", "tia", "cva", "id", "nr", "tel", "fax", "usa", "uk", "eu", "orl", "kno", "ocr", "gyn", "uro"]);

export function shorthandSignatureCandidates(a: Analysis): Candidate[] {
  const out: Candidate[] = [];
  // Every shift signature closes its bracket before a colon: a text without that is not scanned.
  if (SHIFT_SIGNATURE_END.test(a.text)) {
    eachLookbehindMatch(SHIFT_SIGNATURE_SCAN, a.text, (m) => {
      const start = m.index + m[0].indexOf("(") + 1;
      const unit = unitAt(a, tokenAtOrAfter(a.tokens, start));
      if (unit && (unitBits(a, unit) & (WHITELIST_BITS | LIST.stopWord) || (unitBits(a, unit) & (LIST.dutchWord | LIST.frenchWord) && !(nameBitsOf(a, unit) & LIST.firstName)))) return;
      out.push({ start, end: start + m[1].length, label: "Name:Caregiver", priority: PRIORITY.context, score: 0.7, rule: "name.shift-signature" });
    });
  }
  eachAlternativeMatch(SIGNED_INITIALS_SCANS, a.text, (m) => {
    const start = m.index + m[0].length - m[1].length - (m[2] !== undefined ? m[2].length + 1 : 0);
    // "– ORL –": a heading between dashes; only "HI/jv – ..." (writer and typist) may go on after a dash.
    if (m[2] === undefined && /^[ \t]*[–—-]/.test(a.text.slice(m.index + m[0].length, m.index + m[0].length + 3))) return;
    const unit = unitAt(a, tokenAtOrAfter(a.tokens, start));
    // Acronyms of the lists ("– OK", "– CT", "– AZ") sign nothing.
    if (!unit || SIGNATURE_NON_INITIALS.has(unit.key) || unitBits(a, unit) & (WHITELIST_BITS | LIST.stopWord | LIST.hospitalAbbr | LIST.hospitalPrefix | PLACE_BITS | LIST.dutchWord | LIST.frenchWord)) return;
    if (a.tokens[unit.first].capsLine) return;
    out.push({ start, end: start + m[1].length, label: "Name:Caregiver", priority: PRIORITY.context, score: 0.6, rule: "name.signed-initials" });
    if (m[2] !== undefined) {
      const typist = start + m[1].length + 1;
      out.push({ start: typist, end: typist + m[2].length, label: "Name:Other", priority: PRIORITY.context, score: 0.6, rule: "name.signed-initials" });
    }
  });
  // The initials hold "vd" or "vD": a text with neither is not scanned.
  DUTCH_INITIALS.lastIndex = a.text.includes("vd") || a.text.includes("vD") ? 0 : a.text.length;
  for (let m = DUTCH_INITIALS.exec(a.text); m; m = DUTCH_INITIALS.exec(a.text)) {
    if (NOT_INITIALS.has(m[1])) continue;
    out.push({ start: m.index, end: m.index + m[1].length, label: "Name:Caregiver", priority: PRIORITY.context, score: 0.65, rule: "name.initials-vd" });
    if (m[2] !== undefined) {
      const start = m.index + m[1].length + 1;
      out.push({ start, end: start + m[2].length, label: "Name:Other", priority: PRIORITY.context, score: 0.6, rule: "name.initials-vd" });
    }
  }
  return out;
}
