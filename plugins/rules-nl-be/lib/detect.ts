// The rules run over one text: every family proposes candidates, overlaps are resolved, spans come out.
import type { DetectedSpan } from "../../../src/contract/index.js";
import { addressCandidates, streetSuffixOf, type AddressRole } from "./addresses.js";
import { eachLookbehindMatch, lookbehindScan } from "./anchored.js";
import { analyse, type Analysis } from "./analysis.js";
import { PRIORITY, type Candidate } from "./candidate.js";
import { ageCandidates, dateCandidates } from "./dates.js";
import { ageFormCandidates } from "./age-forms.js";
import { dateFormCandidates } from "./date-forms.js";
import { LIST, NAME_BITS, PLACE_BITS, WHITELIST_BITS, type Lexicon } from "./lexicon.js";
import { longestMatch, matchesAt } from "./analysis.js";
import { isCapitalisedUnit } from "./proper.js";
import { tokenAtOrAfter } from "./tokenize.js";
import { isDictionaryWord } from "./unknown.js";
import { nameCandidates, shorthandSignatureCandidates } from "./names.js";
import { ocrCandidates } from "./ocr.js";
import { loneUnknownCandidates, unknownPlaceCandidates } from "./unknown.js";
import { organisationCandidates } from "./organisations.js";
import { professionCandidates } from "./professions.js";
import { numberWordCandidates } from "./number-words.js";
import { queryCandidates } from "./queries.js";
import { recordCandidates } from "./records.js";
import { serviceProviderCandidates } from "./service-providers.js";
import { practiceCandidates } from "./practices.js";
import { wardCandidates } from "./wards.js";
import { resolveOverlaps, toDetectedSpans } from "./resolve.js";
import { CAREGIVER_WORDS, RELATIVE_WORDS } from "./context.js";

const isCaregiverWord = (key: string): boolean => CAREGIVER_WORDS.has(key) || CAREGIVER_WORDS.has(key.normalize("NFD").replace(/\p{M}/gu, ""));

export interface RuleFamilies {
  names: boolean;
  addresses: boolean;
  organisations: boolean;
  dates: boolean;
  ages: boolean;
  professions: boolean;
}

export const ALL_FAMILIES: RuleFamilies = {
  names: true,
  addresses: true,
  organisations: true,
  dates: true,
  ages: true,
  professions: true,
};

/**
 * The role of the person named right before `start`: in the same block for an address (a practice address after
 * the doctor's name), or only a preposition away for a bare place ("Dr. Willems te Mechelen"). The names are sorted
 * by end once and found by binary search, so the finder costs O(log n) per address.
 */
function personNearFinder(text: string, names: readonly Candidate[]): (start: number, placeOnly: boolean) => AddressRole | undefined {
  const byEnd = [...names].sort((x, y) => x.end - y.end);
  return (start, placeOnly) => {
    let lo = 0;
    let hi = byEnd.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (byEnd[mid].end <= start) lo = mid + 1;
      else hi = mid;
    }
    const nearest = lo > 0 ? byEnd[lo - 1] : undefined;
    if (!nearest || start - nearest.end > 120) return undefined;
    const gap = text.slice(nearest.end, start);
    if (placeOnly && !/^\s*[,(]?\s*(?:uit|te|van|in|à|de|from)?\s*$/u.test(gap)) return undefined;
    if (/\n\s*\n/.test(gap) || (gap.match(/\n/g)?.length ?? 0) > 2) return undefined;
    if (nearest.label === "Name:Caregiver") return "Caregiver";
    if (nearest.label === "Name:Patient") return "Patient";
    return undefined;
  };
}

/** Appends without spreading (a spread of a very long array overflows the call stack). */
function append<T>(into: T[], items: readonly T[]): void {
  for (const item of items) into.push(item);
}

/** All rule candidates for a text, before overlap resolution (exposed for tests and debugging). */
/**
 * "Ellen (43)", "Mevrouw Ateş, 49, heeft": a bare number in parentheses or between commas after a name is an age,
 * also after a comma at the end of the line ("Bed 8: dhr. Peeters, 63"); so is one after a copula that ends its
 * clause ("Mevrouw Wouters is 87 en woont", "Dhr. X vandaag 93 geworden"), and a number of years in the next cell of
 * a row ("DE SMET Jan   66 j   M").
 */
/**
 * Shorthand lines of a ward list: "tk de wilde, 83j: pneumonie", "mw lauwers 64j", "ayodele bankole 58: …": a number of
 * years (a unit glued or after a space) right after a name, closed by a colon, a comma, a bracket, a dash, the
 * line's end or an abbreviation in capitals ("… 79 j COPD"); a bare number only before a colon that opens no clock
 * time.
 */
const SHORTHAND_AGE = /^,?[ ](\d{1,3})(?:(j|jr|a)|[ ](j|jr|jaar|a|ans))?\.?(?=([ ]?:(?![ ]?\d))|[ ]?[,;)]|[ \t]*(?:\r?\n|$)|[ ][-–][ ]|[ ]\p{Lu}{2,}(?![\p{Ll}]))/u;

/** "X Y<TAB>78<TAB>V<TAB>…": a number alone in the cell after a name and before a sex letter's cell is the age. */
const CELL_AGE_BEFORE_SEX = /^(?:\t|[ ]{2,})[ \t]*(\d{1,3})(?:\t|[ ]{2,})[ \t]*[MVFX](?=\t|[ ]{2,}|[ \t]*(?:\r?\n|$))/;

/** "2 kinderen (Sem 8 en Mila 5)": a bracket of names and bare numbers opened after a plural person word. */
const CHILDREN_BRACKET_BEFORE = /(?:kinderen|kindjes|zonen|dochters|kleinkinderen|tweeling|enfants|fils|filles|children)[ ]?\([^()\n]{0,60}$/iu;
const CHILD_NUMBER_AFTER = /^[ ](\d{1,2})(?=[ ]?[,;)]|[ ](?:en|et|and|&)[ ])/;

function agesAfterNames(text: string, names: readonly Candidate[]): Candidate[] {
  const out: Candidate[] = [];
  for (const n of names) {
    const child = CHILD_NUMBER_AFTER.exec(text.slice(n.end, n.end + 8));
    if (child && Number(child[1]) <= 30 && CHILDREN_BRACKET_BEFORE.test(text.slice(Math.max(0, n.start - 80), n.start))) {
      const start = n.end + 1;
      out.push({ start, end: start + child[1].length, label: "Age_Birthdate", priority: PRIORITY.pattern, score: 0.6, rule: "age.child-in-bracket" });
      continue;
    }
    const cell = CELL_AGE_BEFORE_SEX.exec(text.slice(n.end, n.end + 24));
    if (cell && Number(cell[1]) <= 110) {
      const start = n.end + cell[0].indexOf(cell[1]);
      out.push({ start, end: start + cell[1].length, label: "Age_Birthdate", priority: PRIORITY.pattern, score: 0.6, rule: "age.cell-before-sex" });
      continue;
    }
    const short = SHORTHAND_AGE.exec(text.slice(n.end, n.end + 16));
    if (short && (short[2] !== undefined || short[3] !== undefined || short[4] !== undefined) && Number(short[1]) <= 110) {
      const start = n.end + short[0].indexOf(short[1]);
      const end = n.end + short[0].length - (short[0].endsWith(".") ? 1 : 0);
      out.push({ start, end, label: "Age_Birthdate", priority: PRIORITY.pattern, score: 0.6, rule: "age.shorthand-after-name" });
      continue;
    }
    const m = /^(?:\s?\((\d{1,3})(?:\)|,[ ](?=[a-zà-ÿ]))|,[ ]?(\d{1,3})[ ]?(?:,|[ \t]*(?=\n|$))|\s(?:is|wordt|werd|was|vandaag|gisteren)\s(\d{2,3})(?=\s(?:en|geworden|jaar)\b|[,.;])|(?:[ ]{2,}|\t)[ \t]*(\d{1,3}[ ]?(?:j|jr|a|ans)\.?)(?=[ ]{2,}|\t|[ \t]*(?:\n|$))|,[ ]?(\d{1,3})\))/.exec(text.slice(n.end, n.end + 20));
    // "(Ilse, 14)": a number after a name that a bracket opens, closing the bracket.
    if (m && m[5] !== undefined && !/\([ ]?$/.test(text.slice(Math.max(0, n.start - 2), n.start))) continue;
    if (m && m[1] === undefined) m[1] = m[2] ?? m[3] ?? m[4] ?? m[5];
    if (!m || Number(/^\d+/.exec(m[1])?.[0]) > 120) continue;
    const start = n.end + m[0].indexOf(m[1]);
    out.push({ start, end: start + m[1].length, label: "Age_Birthdate", priority: PRIORITY.pattern, score: 0.6, rule: "age.after-name" });
  }
  return out;
}

/**
 * "mw. H. Jansen-de Wit (Riet)", "mr vanlaere (fons)", "echtg. (mariette)": a listed given name alone in brackets
 * right after a name, or after a relative word (abbreviated too), is the name the person goes by: a name of its own,
 * with the label of the name before it (Name:Other after a relative word).
 */
function bracketedGivenNames(a: Analysis, names: readonly Candidate[]): Candidate[] {
  const out: Candidate[] = [];
  const push = (open: number, label: Candidate["label"]): void => {
    const unit = a.units[a.unitOfToken[open + 1] ?? -1];
    const close = unit ? a.tokens[unit.last + 1] : undefined;
    if (!unit || unit.first !== open + 1 || !close || close.text !== ")" || close.start !== unit.end || a.tokens[open + 1].start !== a.tokens[open].end) return;
    const bits = a.unitListBits[unit.index];
    if (!(bits & LIST.firstName) || bits & (LIST.stopWord | LIST.medicalTerm | LIST.eponym | LIST.extraWhitelist) || unit.end - unit.start < 3) return;
    // A role in brackets ("(zus)", "(ASO)") says who the person is, not what they are called; so does an ordinary
    // word that is no common given name.
    if (RELATIVE_WORDS.has(unit.key) || isCaregiverWord(unit.key) || a.tokens[unit.first].upper) return;
    if (bits & (LIST.dutchWord | LIST.frenchWord | LIST.commonWord) && !(bits & LIST.commonFirstName)) return;
    out.push({ start: unit.start, end: unit.end, label, priority: PRIORITY.pattern, score: 0.6, rule: "name.bracketed-given" });
  };
  for (const n of names) {
    const t = tokenAtOrAfter(a.tokens, n.end);
    if (a.tokens[t]?.text === "(" && a.tokens[t].newlinesBefore === 0 && a.tokens[t].start - n.end <= 1) push(t, n.label);
  }
  for (let tokenAt = 0; tokenAt < a.tokens.length; tokenAt++) {
    const token = a.tokens[tokenAt];
    if (token.text !== "(" || token.index === 0) continue;
    let before = a.tokens[token.index - 1];
    if (before.text === "." && token.index >= 2) before = a.tokens[token.index - 2];
    if (before.kind === "word" && (RELATIVE_WORDS.has(before.key) || RELATIVE_ABBREVIATIONS.has(before.key)) && before.newlinesBefore === 0) {
      push(token.index, "Name:Other");
    }
  }
  return out;
}

/**
 * Session twelve: "dr. Vanden-\nbroucke": a name that a word processor wrapped at its hyphen goes on with the
 * lower-case piece that opens the next line (three letters or more, then punctuation, a space or the end); the name
 * is proposed again over both lines, with its own label.
 */
const WRAPPED_NAME_TAIL = /^-[ \t]*\r?\n[ \t]*(\p{Ll}{3,})(?=[\s.,;:)]|$)/u;

const ORDINARY_TAIL_BITS = LIST.dutchWord | LIST.frenchWord | LIST.commonWord | LIST.stopWord | LIST.medicalTerm;

function namesOverWrappedHyphen(a: Analysis, names: readonly Candidate[]): Candidate[] {
  const text = a.text;
  const out: Candidate[] = [];
  for (const n of names) {
    if (text.charCodeAt(n.end) !== 45) continue;
    const m = WRAPPED_NAME_TAIL.exec(text.slice(n.end, n.end + 40));
    if (!m || !/\p{Lu}/u.test(text.slice(n.start, n.end))) continue;
    // "dr. X-\nvandaag": a word any list holds opens a new clause, not the rest of the name.
    const tail = tokenAtOrAfter(a.tokens, n.end + m[0].length - m[1].length);
    if (a.tokenBits[tail] & ORDINARY_TAIL_BITS || isDictionaryWord(a, a.units[a.unitOfToken[tail]], true)) continue;
    out.push({ ...n, end: n.end + m[0].length, priority: PRIORITY.context, rule: "name.wrapped-hyphen" });
  }
  return out;
}

/** Short forms of relative words in handovers ("echtg.", "echtgen.", "dr." is a title, not a relative). */
const RELATIVE_ABBREVIATIONS: ReadonlySet<string> = new Set(["echtg", "echtgen", "ptn", "partn", "mantelz"]);

/** Person words after which ", 83," or " (83)" is an age: "man, 83, COPD", "vrouw (71) met dyspnoe". */
const AGE_OWNERS = /(?<![\p{L}])(?:man|vrouw|dame|heer|jongen|meisje|jongeman|patiënte?|patiente?|homme|femme|garçon|fille|male|female|cliënte?|cliente?|bewoner|bewoonster|zoon|zoontje|dochter|dochtertje|kleinzoon|kleindochter)$/iu;

function agesAfterPersonWords(text: string): Candidate[] {
  const out: Candidate[] = [];
  const re = /(?:,[ ]?(\d{1,3})[ ]?[,;]|[ ]?\((\d{1,3})\))/gu;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const value = m[1] ?? m[2];
    if (Number(value) > 110 || !AGE_OWNERS.test(text.slice(Math.max(0, m.index - 12), m.index))) continue;
    const start = m.index + m[0].indexOf(value);
    out.push({ start, end: start + value.length, label: "Age_Birthdate", priority: PRIORITY.pattern, score: 0.6, rule: "age.after-person-word" });
  }
  return out;
}

/**
 * "sinds zijn 15e", "rond hun 50e", "vanaf haar 12de levensjaar": an ordinal after a possessive that ends its clause
 * (or names the year of life) is an age, not a rank ("zijn 3e opname" goes on with a noun).
 */
export const POSSESSIVE_ORDINAL = /(?<![\p{L}])(?:zijn|haar|hun|z'n|d'r)\s(\d{1,3}(?:e|ste|de))(?=\s?[,.;:)]|\s(?:levensjaar|verjaardag)(?![\p{L}])|\s*$)/giu;

const POSSESSIVE_ORDINAL_SCAN = lookbehindScan(POSSESSIVE_ORDINAL);

function agesAfterPossessives(text: string): Candidate[] {
  const out: Candidate[] = [];
  eachLookbehindMatch(POSSESSIVE_ORDINAL_SCAN, text, (m) => {
    if (Number(/^\d+/.exec(m[1])?.[0]) > 110) return;
    const start = m.index + m[0].length - m[1].length;
    out.push({ start, end: start + m[1].length, label: "Age_Birthdate", priority: PRIORITY.pattern, score: 0.6, rule: "age.possessive-ordinal" });
  });
  return out;
}

/** "20230811": a compact year-month-day that is a real date from 1900 to 2099. */
function isCompactDate(core: string): boolean {
  const m = /^((?:19|20)\d{2})(\d{2})(\d{2})$/.exec(core);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return month >= 1 && month <= 12 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Dose and measurement units that four digits and two capitals also spell ("1250 MG" is a dose, not a postcode). */
const UNIT_PAIRS = /^(?:MG|ML|KG|GR|IE|UI|IU|MM|CM|DL|MU|CC|MS|HZ|SS|SA|SD)$/;

/**
 * A fragment that is only an age ("101 jaar", "45 j", "72 ans", "3 mnd", "8 mois") or only a listed job
 * ("glazenwasser"); only a year ("1998") or a compact date ("20230811"); only a Belgian postal code that is no year
 * ("8500", with "postcode" or "code postal" before it too) or a Dutch postcode ("3581 KM"). A text that holds
 * nothing else was written for what it names: a year alone is a date, four digits that are a postal code a place.
 */
function fragmentCandidates(text: string, a: Analysis, families: RuleFamilies): Candidate[] {
  if (text.length > 40) return [];
  const start = text.length - text.trimStart().length;
  const end = text.trimEnd().length;
  const core = text.slice(start, end);
  const ageFragment = /^\d{1,3}\s?(?:jaar|jr|j|ans|an|years?|yrs?|mnd|maand(?:en)?|mois|weken|wk|sem(?:aines?)?|dagen|jours)\.?(?:\s(?:oud|old))?$/iu;
  if (families.ages && ageFragment.test(core) && Number(/^\d+/.exec(core)?.[0]) <= 125) {
    return [{ start, end, label: "Age_Birthdate", priority: PRIORITY.pattern, score: 0.6, rule: "age.fragment" }];
  }
  if (families.dates && (/^(?:19|20)\d{2}$/.test(core) || isCompactDate(core))) {
    return [{ start, end, label: "Date", priority: PRIORITY.pattern, score: 0.6, rule: "date.fragment" }];
  }
  if (families.addresses) {
    const postal = /^(?:(?:postcode|code postal|cp|pc)\s?:?\s?)?(?:B-?)?([1-9]\d{3})$/iu.exec(core);
    const year = postal && /^(?:19|20)\d{2}$/.test(postal[1]);
    if (postal && !year && a.lexicon.postalLocalities.has(postal[1])) {
      const at = start + core.length - postal[1].length;
      return [{ start: at, end, label: "Address_Location:Other", priority: PRIORITY.pattern, score: 0.6, rule: "address.postal-fragment" }];
    }
    const dutch = /^[1-9]\d{3} ?([A-Z]{2})$/.exec(core);
    if (dutch && !UNIT_PAIRS.test(dutch[1])) {
      return [{ start, end, label: "Address_Location:Other", priority: PRIORITY.pattern, score: 0.6, rule: "address.postal-fragment" }];
    }
  }
  // "ZNA", "UZA", "AZ Delta": a fragment that is only a listed hospital or network, in capitals.
  if (families.organisations && a.units.length >= 1 && a.units.length <= 4) {
    const m = matchesAt(a, a.units[0].first).findLast((x) => x.bits & (LIST.hospital | LIST.hospitalAbbr | LIST.hospitalPrefix));
    const first = a.units[0];
    if (m && first.start === start && a.tokens[m.last].end === end && a.tokens[first.first].upper && first.end - first.start >= 2) {
      return [{ start, end, label: "Organization:Healthcare", priority: PRIORITY.pattern, score: 0.6, rule: "org.fragment" }];
    }
  }
  const bare = bareFragment(a, start, end, families);
  if (bare) return [bare];
  if (families.professions && a.units.length === 1) {
    const unit = a.units[0];
    const bits = a.unitListBits[unit.index];
    // A caregiver's job alone ("Huisarts", "Médecin") is no PII: only a patient's or relative's own job is.
    if (unit.start === start && unit.end === end && bits & LIST.profession && !(bits & (NAME_BITS | PLACE_BITS)) && !isCaregiverWord(unit.key)) {
      return [{ start, end, label: "Profession", priority: PRIORITY.pattern, score: 0.5, rule: "profession.fragment" }];
    }
  }
  return [];
}

/**
 * A bare fragment that is only a name or a place of a shape the sentence rules need context for: initials alone
 * ("K.L.", "M.v.d.S."), initials before a surname that is also a word ("B. Visser"), a particle and a capitalised
 * surname ("Van Hoeylandt", "de Wachter", "ter Beek Smit"), a street by its suffix or its list ("Beukenlaan"), a listed
 * municipality in capitals ("LEUVEN").
 */
function bareFragment(a: Analysis, start: number, end: number, families: RuleFamilies): Candidate | undefined {
  const tokens = a.tokens;
  if (tokens.length === 0 || tokens.length > 12 || tokens[0].start !== start || tokens[tokens.length - 1].end !== end) return undefined;
  if (tokens.some((t) => t.newlinesBefore > 0)) return undefined;
  const name = (): Candidate => ({ start, end, label: "Name:Other", priority: PRIORITY.pattern, score: 0.55, rule: "name.fragment" });
  if (families.names) {
    // Initials and the short forms of "van de(r/n)" ("v.d."), up to a final capitalised surname.
    let t = 0;
    let initials = 0;
    for (;;) {
      const letter = tokens[t];
      const dot = tokens[t + 1];
      if (!letter || !dot || dot.text !== "." || letter.kind !== "word" || letter.text.length > 2) break;
      const isInitial = letter.text.length === 1 && letter.upper;
      const isParticle = /^(?:v|d|vd|vd|de|v\.d)$/i.test(letter.text) && !letter.upper;
      if (!isInitial && !isParticle) break;
      if (isInitial) initials++;
      t += 2;
      if (tokens[t]?.text === "-") t++;
    }
    if (initials >= 2 && t === tokens.length) return name();
    // "M. Crohn" is morbus Crohn: an eponym after one capital is the disease.
    if (initials >= 1 && t === tokens.length - 1 && tokens[t].kind === "word" && tokens[t].firstUpper && !(a.tokenBits[t] & LIST.eponym)) return name();
    // A lone listed surname or given name in title case that only a plain word list also holds ("Wouters" is also
    // a rare Dutch plural): a text that is only this word was written for the name. Not a common, medical, stop or
    // whitelisted word, nor a place.
    if (a.units.length === 1 && tokens.length <= 3) {
      const unit = a.units[0];
      const bits = a.unitListBits[unit.index];
      if (unit.first === 0 && unit.last === tokens.length - 1 && a.unitShape[unit.index] === 1 && unit.end - unit.start >= 4 &&
        bits & (LIST.surname | LIST.interfixSurname) && !(bits & (WHITELIST_BITS | PLACE_BITS | LIST.hospital | LIST.street | LIST.profession))) {
        return name();
      }
    }
    // "Van Hoeylandt", "de Wachter", "Van der Auwera": a particle phrase and one or two capitalised units.
    const particle = longestMatch(a, 0, LIST.interfix);
    if (particle && particle.last < tokens.length - 1) {
      const rest = a.units.filter((u) => u.first > particle.last);
      const last = rest[rest.length - 1];
      if (rest.length >= 1 && rest.length <= 2 && rest[0].first === particle.last + 1 && last.last === tokens.length - 1 &&
        rest.every((u) => isCapitalisedUnit(a, u)) &&
        (a.unitListBits[last.index] & (LIST.surname | LIST.interfixSurname) || !isDictionaryWord(a, last, true))) {
        return name();
      }
    }
  }
  if (families.addresses && a.units.length === 1 && a.units[0].first === 0 && a.units[0].last === tokens.length - 1) {
    const unit = a.units[0];
    const bits = a.unitListBits[unit.index];
    if (bits & (WHITELIST_BITS & ~LIST.commonWord)) return undefined;
    // A country alone identifies no one, also where a street list holds its name.
    if (bits & LIST.country && !(bits & (LIST.municipality | LIST.province))) return undefined;
    const place = (): Candidate => ({ start, end, label: "Address_Location:Other", priority: PRIORITY.pattern, score: 0.55, rule: "address.fragment" });
    if (isCapitalisedUnit(a, unit) && (streetSuffixOf(unit)?.strong || (bits & LIST.street && !isDictionaryWord(a, unit, true)))) return place();
    if (tokens[0].upper && unit.end - unit.start >= 4 && bits & LIST.municipality) return place();
  }
  return undefined;
}

export function ruleCandidates(text: string, lexicon: Lexicon, families: RuleFamilies = ALL_FAMILIES): Candidate[] {
  const a = analyse(text, lexicon);
  const candidates: Candidate[] = fragmentCandidates(text, a, families);
  const names = families.names ? nameCandidates(a) : [];
  append(candidates, names);
  if (families.names) append(candidates, bracketedGivenNames(a, names));
  if (families.names) append(candidates, namesOverWrappedHyphen(a, names));
  if (families.organisations) append(candidates, organisationCandidates(a));
  if (families.organisations) append(candidates, serviceProviderCandidates(a));
  if (families.organisations) append(candidates, wardCandidates(a));
  if (families.organisations) append(candidates, practiceCandidates(a));
  if (families.addresses) append(candidates, addressCandidates(a, personNearFinder(text, names)));
  if (families.names || families.addresses) append(candidates, ocrCandidates(a, families));
  if (families.addresses) append(candidates, unknownPlaceCandidates(a));
  if (families.names) append(candidates, loneUnknownCandidates(a));
  if (families.names) append(candidates, shorthandSignatureCandidates(a));
  if (families.addresses || families.organisations) {
    append(candidates, queryCandidates(a).filter((c) => (c.label === "Organization:Healthcare" ? families.organisations : families.addresses)));
  }
  if (families.dates) {
    const dates = dateCandidates(text, a.tokens);
    append(candidates, families.ages ? dates : dates.filter((d) => d.label !== "Age_Birthdate"));
    append(candidates, dateFormCandidates(text));
  }
  if (families.ages) {
    append(candidates, ageCandidates(text, a.tokens));
    append(candidates, agesAfterNames(text, names));
    append(candidates, agesAfterPersonWords(text));
    append(candidates, agesAfterPossessives(text));
    append(candidates, ageFormCandidates(text));
  }
  if (families.professions) {
    const jobs = professionCandidates(a);
    append(candidates, jobs);
    if (jobs.length > 0 && families.ages) dropYearsOfAJob(text, candidates, jobs);
  }
  append(candidates, recordCandidates(a, families));
  if (families.ages || families.dates) append(candidates, numberWordCandidates(text, families.ages, families.dates));
  return withoutLabelWords(a, candidates);
}

/** "40 jaar", "20 ans": a number of years that a job right after it turns into a duration ("was 40 jaar schipper"). */
const YEARS_ONLY = /^\d{1,2}\s?(?:jaar|jaren|jr|ans|years)$/u;

function dropYearsOfAJob(text: string, candidates: Candidate[], jobs: readonly Candidate[]): void {
  const jobStarts = new Set(jobs.map((j) => j.start));
  let kept = 0;
  for (const c of candidates) {
    if (c.label === "Age_Birthdate" && YEARS_ONLY.test(text.slice(c.start, c.end))) {
      let e = c.end;
      while (text[e] === " ") e++;
      if (e > c.end && jobStarts.has(e)) continue;
    }
    candidates[kept++] = c;
  }
  candidates.length = kept;
}

/** A gap of three spaces or more, or a tab: the next column of a form or table. */
const COLUMN_GAP = /[ ]{3,}|\t/g;

/**
 * Words of a form or a table's header are no names or places: a capitalised ordinary word (Dutch, French, English)
 * right before a field's colon ("Voornaam / Prénom:", "Taal / Langue:", "Heure :", "Lit :"), or a cell of a header
 * line (three cells or more between tabs, pipes or wide gaps, one or two capitalised words each: "Parameter   Waarde
 * Eenheid"), unless it is a common given name ("Rose:" may be a speaker). A person's name that runs over a column gap
 * ("PEETERS     Voornaam") ends at the gap. Only name and place candidates are looked at: cheap.
 */
function withoutLabelWords(a: Analysis, candidates: Candidate[]): Candidate[] {
  let out: Candidate[] | undefined;
  for (let i = 0; i < candidates.length; i++) {
    const c = candidates[i];
    let keep: Candidate[] | undefined;
    if (c.label.startsWith("Name:") || c.label.startsWith("Address_Location:")) {
      const parts = c.label.startsWith("Name:") ? columnParts(a.text, c) : [c];
      keep = parts.filter((p) => !isLabelWord(a, p.start, p.end));
      if (keep.length === 1 && keep[0] === c) keep = undefined;
    }
    if (keep && !out) out = candidates.slice(0, i);
    if (out) {
      if (keep) for (const k of keep) out.push(k);
      else out.push(c);
    }
  }
  return out ?? candidates;
}

/** A name candidate split at its column gaps ("Peeters Jan\tClaes Eva" holds two cells); itself when it has none. */
function columnParts(text: string, c: Candidate): Candidate[] {
  const surface = text.slice(c.start, c.end);
  if (!surface.includes("\t") && !surface.includes("   ")) return [c];
  const parts: Candidate[] = [];
  let from = 0;
  COLUMN_GAP.lastIndex = 0;
  for (let m = COLUMN_GAP.exec(surface); ; m = COLUMN_GAP.exec(surface)) {
    const to = m ? m.index : surface.length;
    const piece = surface.slice(from, to);
    const lead = piece.length - piece.trimStart().length;
    const core = piece.trim();
    if (core.length > 0) parts.push({ ...c, start: c.start + from + lead, end: c.start + from + lead + core.length });
    if (!m) break;
    from = m.index + m[0].length;
  }
  return parts;
}

function isLabelWord(a: Analysis, start: number, end: number): boolean {
  const t = tokenAtOrAfter(a.tokens, start);
  const token = a.tokens[t];
  if (!token || token.start !== start || token.kind !== "word" || !token.firstUpper) return false;
  const unit = a.units[a.unitOfToken[t]];
  if (!unit || unit.start !== start || unit.end !== end) return false;
  const bits = a.unitListBits[unit.index];
  // "Afl.:", "Vpl.:": an abbreviated field label.
  if (end - start <= 5 && /^\.[ \t]*:/.test(a.text.slice(end, end + 3))) return true;
  if (bits & LIST.commonFirstName || !isDictionaryWord(a, unit)) return false;
  // "Heure :", and the first half of a bilingual label ("Voornaam / Prénom :").
  if (/^[ \t]*(?::|\/[ \t]*[\p{L}'’ ]{2,24}:)/u.test(a.text.slice(end, end + 30))) return true;
  return onHeaderLine(a.text, start);
}

/**
 * The line holding `offset` reads like a table header: three cells or more, each one or two words opening with a
 * capital, none a field ("Naam: X") or a value that opens with a digit.
 */
function onHeaderLine(text: string, offset: number): boolean {
  const from = text.lastIndexOf("\n", offset - 1) + 1;
  let to = text.indexOf("\n", offset);
  if (to < 0) to = text.length;
  if (to - from > 200) return false;
  const line = text.slice(from, to);
  const cells = line.split(/\t|[ ]{2,}|[ ]?\|[ ]?/).map((cell) => cell.trim()).filter((cell) => cell.length > 0);
  // Digits may sit inside a title ("SpO2"), not make a cell of their own (a value, a time).
  return cells.length >= 3 && cells.every((cell) => cell.split(" ").length <= 2 && /^\p{Lu}/u.test(cell) && !/:|(?:^|\s)\d/.test(cell));
}

export function detectSpans(text: string, lexicon: Lexicon, families: RuleFamilies = ALL_FAMILIES): DetectedSpan[] {
  if (text.length === 0) return [];
  return toDetectedSpans(resolveOverlaps(ruleCandidates(text, lexicon, families)));
}
