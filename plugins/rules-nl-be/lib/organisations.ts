// Organisations: hospitals and their abbreviations, healthcare institutions, rooms and wards of an institution
// (Organization:Healthcare); employers, schools and clubs named after a context word (Organization:Other).
import { longestMatch, matchesAt, unitBits, type Analysis, type PhraseMatch, type Unit } from "./analysis.js";
import { PRIORITY, type Candidate } from "./candidate.js";
import {
  CAREGIVER_WORDS,
  COMPANY_FORMS,
  HEALTHCARE_TYPE_WORDS,
  SCHOOL_TYPE_WORDS,
  INSTITUTION_CONTEXT_WORDS,
  ORGANISATION_CUES,
  ORGANISATION_LINKS,
  lineLabel,
  nextWords,
  previousWords,
  wordSet,
} from "./context.js";
import { LIST, NAME_BITS, PLACE_BITS, WHITELIST_BITS } from "./lexicon.js";
import { isCapitalisedUnit, readProperName, unitAtToken } from "./proper.js";
import { isCompoundOfWords, isDictionaryWord, isUnknownLowerWord, isUnknownProper } from "./unknown.js";

const set = wordSet;

/** Words that alone never identify an institution ("Algemeen Ziekenhuis", "Sociale Dienst"). */
const GENERIC_ORGANISATION_WORDS = set(`
  algemeen algemene universitair universitaire ziekenhuis ziekenhuizen kliniek klinieken gasthuis centrum
  centra medisch medische psychiatrisch psychiatrische dienst diensten afdeling campus site sociale sociaal
  regionaal regionale stedelijk stedelijke zorg zorggroep vzw het de van en voor huis praktijk groepspraktijk
  huisartsenpraktijk thuiszorg thuisverpleging revalidatie revalidatiecentrum dagziekenhuis dagcentrum
  centre hospitalier hôpital hopital clinique cliniques universitaire universitaires de la du des le les et
  spoedgevallen spoed urgence urgences consultatie raadpleging kinesitherapie kine fysiotherapie apotheek
  jour nuit geriatrique pediatrique
  pharmacie groep group medical health care zorgcentrum woonzorgcentrum rusthuis residentie wzc rvt ocmw
  caw cgg mutualiteit ziekenfonds
  klinisch klinische interne chirurgische pediatrische acute
`);

/** Specialties and departments ("polikliniek Dermatologie", "dienst Geriatrie"): no proper name. */
const DEPARTMENT_WORD = /(?:logie|logy|chirurgie|iatrie|pedie|geneeskunde|kunde|therapie|revalidatie|zorg|care|diagnostiek|dialyse|verloskunde|spoed(?:gevallen)?|urgences?|radiologie|imagerie|ziekten|volwassenen|ouderen|jongeren|chemie|chimie|genetica|genetique|beeldvorming)$/;

export function isDepartmentWord(key: string): boolean {
  return DEPARTMENT_WORD.test(key);
}

/** Healthcare words inside a name make an organisation a healthcare one. */
const HEALTHCARE_WORDS = set(`
  ziekenhuis ziekenhuizen kliniek klinieken gasthuis zorg woonzorgcentrum wzc rusthuis rvt revalidatie
  revalidatiecentrum praktijk huisartsenpraktijk groepspraktijk apotheek thuiszorg thuisverpleging
  psychiatrisch psychiatrische cgg mutualiteit ziekenfonds clinique hôpital hopital pharmacie medisch medical
  health santé sante kine kinesitherapie fysiotherapie verpleging
`);

const SCHOOL_SUFFIXES = ["college", "atheneum", "instituut", "lyceum", "school"];
const HEALTHCARE_SUFFIXES = ["ziekenhuis", "kliniek", "gasthuis"];
const SAINT_PREFIXES = ["sint", "st", "heilig", "heilige", "onze lieve vrouw", "olv", "maria", "saint", "sainte"];


function candidate(a: Analysis, first: number, last: number, label: Candidate["label"], priority: number, score: number, rule: string): Candidate {
  return { start: a.tokens[first].start, end: a.tokens[last].end, label, priority, score, rule };
}

function unitsOf(a: Analysis, first: number, last: number): Unit[] {
  const out: Unit[] = [];
  for (let t = first; t <= last; t++) {
    const unit = unitAtToken(a, t);
    if (unit && unit.first === t) out.push(unit);
  }
  return out;
}

/** At least one word is specific (not generic, not a stop word): "Algemeen Ziekenhuis" alone names nothing. */
function hasSpecificWord(a: Analysis, first: number, last: number): boolean {
  return unitsOf(a, first, last).some(
    (u) => !GENERIC_ORGANISATION_WORDS.has(u.key) && !(unitBits(a, u) & (LIST.stopWord | LIST.hospitalPrefix)),
  );
}

function onlyPersonWords(a: Analysis, first: number, last: number): boolean {
  const units = unitsOf(a, first, last);
  return units.length > 0 && units.every((u) => (unitBits(a, u) & NAME_BITS) !== 0 || (unitBits(a, u) & LIST.interfix) !== 0);
}

function hasInstitutionContext(a: Analysis, first: number, excludeAmbiguous: boolean): boolean {
  const before = previousWords(a, first, 2);
  if (before.length === 0) return false;
  if (excludeAmbiguous && (before[0] === "bij" || before[0] === "van" || before[0] === "door" || before[0] === "met")) return false;
  if (INSTITUTION_CONTEXT_WORDS.has(before[0])) return true;
  // "in het Dr. Guislain", "naar de Sint-Jan"
  return (before[0] === "het" || before[0] === "de" || before[0] === "t") && before[1] !== undefined && INSTITUTION_CONTEXT_WORDS.has(before[1]);
}

function startsCapitalised(a: Analysis, t: number): boolean {
  const unit = unitAtToken(a, t);
  return unit !== undefined && (isCapitalisedUnit(a, unit) || a.tokens[t].kind === "number");
}

function lookupCandidates(a: Analysis): Candidate[] {
  const out: Candidate[] = [];
  for (let t = 0; t < a.tokens.length; t++) {
    const matches = matchesAt(a, t);
    if (matches.length === 0) continue;
    for (let k = matches.length - 1; k >= 0; k--) {
      const c = institutionMatch(a, matches[k]) ?? lowerCaseInstitutionMatch(a, matches[k]);
      if (c) {
        out.push(c);
        break;
      }
    }
  }
  return out;
}

/** Words of care services and their labels, before the organisation that provides them ("thuisverpleging X"). */
const CARE_SERVICE_CUES = set(`
  thuisverpleging thuisverpleegkundige thuiszorg gezinszorg kraamzorg poetshulp oppashulp thuishulp wijkverpleging
  wijkverpleegkundige arbeidsgeneeskunde bedrijfsgeneeskunde preventiedienst externe
  soins infirmiers domicile travail locatie vestiging
`);
const LOWER_INSTITUTION_LINKS = set("via bij van door met naar in uit vanuit op");
const LEADING_ARTICLES = set("de het t le la les l een the");

/** The word before token t on its line, skipping nothing; "(" and ":" count as cues of their own. */
function cueBefore(a: Analysis, t: number): string | undefined {
  const prev = a.tokens[t - 1];
  if (!prev || a.tokens[t].newlinesBefore > 0) return undefined;
  if (prev.kind === "punct") return prev.text === "(" || prev.text === ":" ? prev.text : undefined;
  return prev.key;
}

/**
 * "gezinszorg via zorgbedrijf gent", "eerder in az sint-jan", "(x-y)" after a nurse: a listed hospital or institution
 * of two pieces or more written in lower case, after a care-service word, a link word or a bracket. Phrases that
 * open with an article ("de linde") or that a dictionary holds whole stay words.
 */
function lowerCaseInstitutionMatch(a: Analysis, m: PhraseMatch): Candidate | undefined {
  if (!(m.bits & (LIST.hospital | LIST.institution)) || m.last === m.first || m.last - m.first > 6) return undefined;
  const first = a.tokens[m.first];
  if (first.kind !== "word" || !/^\p{Ll}/u.test(first.text) || unitAtToken(a, m.last)?.last !== m.last) return undefined;
  if (unitAtToken(a, m.first)?.first !== m.first || LEADING_ARTICLES.has(first.key)) return undefined;
  for (let t = m.first; t <= m.last; t++) if (a.tokens[t].kind === "word" && /\p{Lu}/u.test(a.tokens[t].text)) return undefined;
  const units = unitsOf(a, m.first, m.last);
  if (units.length === 1 && isDictionaryWord(a, units[0], true)) return undefined;
  if (!hasSpecificWord(a, m.first, m.last)) return undefined;
  // A listed phrase of ordinary words only ("vader en zoon") is a phrase, not a name; a hyphenated piece, a place or a
  // type abbreviation in front ("az sint-jan") makes the name.
  const prefixed = (unitBits(a, units[0]) & LIST.hospitalPrefix) !== 0;
  if (!prefixed && units.every((u) => u.last === u.first && (isDictionaryWord(a, u, true) || unitBits(a, u) & WHITELIST_BITS))) return undefined;
  const cue = cueBefore(a, m.first);
  const previous = previousWords(a, m.first, 3);
  const cued = cue === "(" || cue === ":" || (cue !== undefined && (LOWER_INSTITUTION_LINKS.has(cue) || CARE_SERVICE_CUES.has(cue) || INSTITUTION_CONTEXT_WORDS.has(cue))) ||
    previous.some((w) => CARE_SERVICE_CUES.has(w));
  if (!cued) return undefined;
  return candidate(a, m.first, m.last, "Organization:Healthcare", PRIORITY.lookup, 0.6, "org.lower-case");
}

function institutionMatch(a: Analysis, m: PhraseMatch): Candidate | undefined {
  const isHospital = (m.bits & LIST.hospital) !== 0;
  const isInstitution = (m.bits & LIST.institution) !== 0;
  const isAlias = (m.bits & LIST.hospitalAlias) !== 0;
  const isAbbreviation = (m.bits & LIST.hospitalAbbr) !== 0 && !(m.bits & LIST.hospitalPrefix);
  if (!isHospital && !isInstitution && !isAlias && !isAbbreviation) return undefined;
  if (!startsCapitalised(a, m.first) || unitAtToken(a, m.last)?.last !== m.last) return undefined;
  const single = m.first === m.last || unitAtToken(a, m.first)?.last === m.last;
  if (isAbbreviation && single) {
    // "UZA", "ZOL": in capitals, as written by the hospitals themselves; "VUmc" with two capitals or more.
    const written = a.tokens[m.first].text;
    const capitals = written.replace(/[^\p{Lu}]/gu, "").length;
    if (!(a.tokens[m.first].upper || (capitals >= 2 && written.length >= 4)) || m.bits & WHITELIST_BITS) return undefined;
    return candidate(a, m.first, m.last, "Organization:Healthcare", PRIORITY.pattern, 0.8, "org.abbreviation");
  }
  if (!hasSpecificWord(a, m.first, m.last)) return undefined;
  if (isAlias && !isHospital && !isInstitution) {
    if (!hasInstitutionContext(a, m.first, true)) return undefined;
    return candidate(a, m.first, m.last, "Organization:Healthcare", PRIORITY.strong, 0.75, "org.alias");
  }
  const unit = unitAtToken(a, m.first);
  const bits = unit ? unitBits(a, unit) : 0;
  if (single) {
    // "in het Diakonessenhuis": a listed hospital that a medical-term list also holds counts after an institution word.
    const medicalOnly = (bits & WHITELIST_BITS) === LIST.medicalTerm && isHospital && a.tokens[m.first].title &&
      hasInstitutionContext(a, m.first, false);
    if (bits & (WHITELIST_BITS | PLACE_BITS) && !medicalOnly) return undefined;
    if (isHospital && !(bits & NAME_BITS)) {
      return candidate(a, m.first, m.last, "Organization:Healthcare", PRIORITY.lookup, 0.75, "org.hospital");
    }
    // One-word institution names ("Dialoog", "Agora") are ordinary words or names far too often.
    if (m.last - m.first > 4 || a.tokens[m.last].end - a.tokens[m.first].start < 4) return undefined;
    // After a bracket or a label's colon a capital opens no sentence of its own when a care-service word leads to it.
    const careCued = careServiceCued(a, m.first, m.last);
    if (a.tokens[m.first].sentenceStart && !(careCued && (cueBefore(a, m.first) === "(" || cueBefore(a, m.first) === ":"))) return undefined;
    if (!hasInstitutionContext(a, m.first, (bits & NAME_BITS) !== 0) && !careCued) return undefined;
    return candidate(a, m.first, m.last, "Organization:Healthcare", PRIORITY.lookup, 0.6, "org.institution-single");
  }
  if (onlyPersonWords(a, m.first, m.last) && !hasInstitutionContext(a, m.first, true)) return undefined;
  // A multi-word phrase that is all whitelisted words ("De Huisarts") is excluded by the lists' exceptions.
  return candidate(a, m.first, m.last, "Organization:Healthcare", isHospital ? PRIORITY.context : PRIORITY.lookup, isHospital ? 0.85 : 0.75,
    isHospital ? "org.hospital" : "org.institution");
}

/**
 * A one-word institution named for the care it gives: after a care-service word within three words or on a line
 * labelled by one ("Thuiszorg: X", "attestation pour la médecine du travail (X)", "vestiging X"), or, written in
 * capitals, after "van", "bij", "via", "door", "met" ("dr. Claes van XYZW").
 */
function careServiceCued(a: Analysis, first: number, last: number): boolean {
  const token = a.tokens[first];
  const cue = cueBefore(a, first);
  if (token.upper && token.text.length >= 4 && cue !== undefined && LOWER_INSTITUTION_LINKS.has(cue)) return true;
  const label = lineLabel(a, first);
  if (label !== undefined && CARE_SERVICE_CUES.has(label)) return true;
  if (cue === "(" && a.tokens[last + 1]?.text !== ")") return false;
  return previousWords(a, first, 3).some((w) => CARE_SERVICE_CUES.has(w));
}

/** "AZ Delta", "UZ Gent", "CHU de Liège", "ZNA Middelheim": a type abbreviation and a proper name. */
function prefixCandidates(a: Analysis): Candidate[] {
  const out: Candidate[] = [];
  for (let unitAt = 0; unitAt < a.units.length; unitAt++) {
    const unit = a.units[unitAt];
    const bits = unitBits(a, unit);
    if (!(bits & LIST.hospitalPrefix) || !a.tokens[unit.first].upper) continue;
    let next = unit.last + 1;
    if (!a.tokens[next] || a.tokens[next].newlinesBefore > 0 || !a.tokens[next].spaceBefore) continue;
    // "CHR du Val", "CHU de la Citadelle": a French particle after the abbreviation.
    const particle = a.tokens[next];
    if (particle.kind === "word" && /^\p{Ll}/u.test(particle.text) && FRENCH_PARTICLES.has(particle.key) && particle.key !== "d") next = pastArticle(a, next + 1);
    if (!a.tokens[next]) continue;
    const name = readProperName(a, next, { maxUnits: 3, allowParticles: true, allowSentenceStart: true });
    if (!name) continue;
    const units = unitsOf(a, name.first, name.last);
    if (units.every((u) => unitBits(a, u) & (LIST.extraWhitelist | LIST.medicalTerm | LIST.stopWord))) continue;
    out.push(candidate(a, unit.first, name.last, "Organization:Healthcare", PRIORITY.context, 0.85, "org.prefix"));
  }
  return out;
}

/** Two characters (or a hyphenated piece) before the type: "revalidatiecentrum", "MS-centrum", not "centrum". */
const COMPOUND_TYPES = ["centrum", "center", "kliniek", "ziekenhuis", "praktijk", "apotheek"];

/**
 * "MS-centrum", "revalidatiecentrum", "groepspraktijk": a compound ending in an institution type, with two
 * characters before the type of which the first is no space.
 */
function isCompoundHealthcareType(key: string): boolean {
  if (key.length <= 8) return false;
  for (const type of COMPOUND_TYPES) {
    if (key.length >= type.length + 2 && key.endsWith(type) && key.charCodeAt(key.length - type.length - 2) !== 32) return true;
  }
  return false;
}

/** French type words that name their institution after "de", "du", "des" or "d'": "hôpital de Jolimont". */
const FRENCH_TYPE_WORDS: ReadonlySet<string> = new Set(["hopital", "clinique", "polyclinique", "centre", "maison", "residence", "home", "cpas", "institut", "pharmacie"]);
const FRENCH_PARTICLES: ReadonlySet<string> = new Set(["de", "du", "des", "d"]);

/**
 * Where the name after a French type word starts: past "de repos (et de soins)" after "maison" and past "de", "du",
 * "des", "d'" ("maison de repos Le Ry des Glands", "hôpital de Jolimont", "CPAS d'Anderlecht").
 */
function frenchNameStart(a: Analysis, unit: Unit, next: number): number {
  if (!FRENCH_TYPE_WORDS.has(unit.key)) return next;
  let t = next;
  const key = (i: number): string | undefined => (a.tokens[i] && a.tokens[i].newlinesBefore === 0 ? a.tokens[i].key : undefined);
  if (unit.key === "maison" && key(t) === "de" && (key(t + 1) === "repos" || key(t + 1) === "soins")) {
    t += 2;
    if (key(t) === "et" && key(t + 1) === "de" && key(t + 2) === "soins") t += 3;
    return t;
  }
  // "centre de Bruxelles" is the town centre, "maison de Jean" his house.
  if (unit.key === "centre" || unit.key === "maison") return next;
  const particle = key(t);
  if (particle === undefined || !FRENCH_PARTICLES.has(particle) || !/^\p{Ll}/u.test(a.tokens[t].text)) return next;
  if (particle === "d") return a.tokens[t + 1] && "'’".includes(a.tokens[t + 1].text) ? t + 2 : next;
  return pastArticle(a, t + 1);
}

/** Past "la" or "l'" after "de" ("Centre médical de la Vallée", "hôpital de l'Espérance"). */
function pastArticle(a: Analysis, t: number): number {
  const token = a.tokens[t];
  if (!token || token.newlinesBefore > 0 || !/^\p{Ll}/u.test(token.text)) return t;
  if (token.key === "la") return t + 1;
  if (token.key === "l" && a.tokens[t + 1] && "'’".includes(a.tokens[t + 1].text)) return t + 2;
  return t;
}

/**
 * Type words made of a word and its qualifier ("Medisch Centrum", "maison médicale", "cabinet dentaire", "clinique
 * psychiatrique", "centre de santé mentale"), keys folded: the name follows the whole phrase, after "de"/"du"/"des"/
 * "d'" in French ("Pharmacie du Marché", "Cabinet dentaire des Fagnes", "Clinique psychiatrique Les Frênes").
 */
const QUALIFIED_TYPES: ReadonlyMap<string, readonly (readonly string[])[]> = new Map([
  ["medisch", [["centrum"], ["huis"]]],
  ["maison", [["medicale"]]],
  ["cabinet", [["dentaire"], ["medical"], ["infirmier"], ["de", "kinesitherapie"], ["de", "kine"], ["de", "logopedie"],
    ["de", "pediatrie"], ["de", "psychologie"], ["de", "dermatologie"], ["de", "gynecologie"], ["de", "kinesitherapeutes"]]],
  ["clinique", [["psychiatrique"], ["pediatrique"], ["veterinaire"], ["dentaire"]]],
  ["centre", [["medical"], ["hospitalier"], ["psychiatrique"], ["de", "sante", "mentale"], ["de", "guidance"], ["de", "revalidation"],
    ["de", "kinesitherapie"], ["de", "kine"], ["de", "radiologie"], ["de", "planning", "familial"], ["de", "readaptation"], ["pms"],
    ["psycho", "medico", "social"], ["de", "soins"], ["de", "dialyse"]]],
  // Schools and institutes with their kind: "École communale des X", "Institut supérieur du X", "Athénée royal de X".
  ["ecole", [["communale"], ["primaire"], ["fondamentale"], ["maternelle"], ["secondaire"], ["libre"], ["provinciale"], ["superieure"]]],
  ["institut", [["superieur"], ["provincial"], ["royal"], ["technique"], ["medical"], ["de", "pathologie"]]],
  ["athenee", [["royal"], ["provincial"], ["communal"]]],
  ["lycee", [["communal"], ["royal"], ["provincial"]]],
  ["praktijk", [["voor", "fysiotherapie"], ["voor", "kinesitherapie"]]],
]);

/** The token after the qualifier of a two-word type ("Medisch Centrum", "cabinet de kinésithérapie"), or -1. */
function qualifiedTypeEnd(a: Analysis, unit: Unit): number {
  const phrases = QUALIFIED_TYPES.get(unit.key);
  if (!phrases) return -1;
  for (const phrase of phrases) {
    let t = unit.last + 1;
    let ok = true;
    for (const word of phrase) {
      if (!a.tokens[t] || a.tokens[t].newlinesBefore > 0 || a.tokens[t].key !== word) {
        ok = false;
        break;
      }
      t++;
    }
    if (!ok) continue;
    const particle = a.tokens[t];
    if (particle && particle.newlinesBefore === 0 && FRENCH_PARTICLES.has(particle.key) && /^\p{Ll}/u.test(particle.text)) {
      if (particle.key !== "d") return pastArticle(a, t + 1);
      return a.tokens[t + 1] && "'’".includes(a.tokens[t + 1].text) ? t + 2 : t;
    }
    return t;
  }
  return -1;
}

/**
 * Abbreviated care-service types before a name, counted only in capitals ("CAR X", "LDC X", "DVC X"; "car" is also a
 * French word): rehabilitation, service, day-care and child centres, medical-pedagogical institutes.
 */
const UPPER_TYPE_ABBREVIATIONS = set("car mpc mpi ldc dvc ckg msoc cbo cado pvt ggd");

/** Practitioners in the plural before the name of their practice. */
const PLURAL_PRACTICE_WORDS = set("huisartsen tandartsen kinesisten artsen vroedvrouwen verloskundigen");
/**
 * Disciplines that also name a practice when a capitalised name follows right after them ("Kinesitherapie Veerkracht");
 * a bracket after them holds the therapist ("Kinesitherapie (Sofie)"), so they are no type word elsewhere.
 */
const DISCIPLINE_TYPE_WORDS = set("kinesitherapie logopedie ergotherapie podologie osteopathie diëtetiek dietetiek");

/**
 * "gezondheidscentrum zwijnaarde", "cpas d'ixelles", "wzc hof ter beuk": a type word before one to three lower-case
 * words (particles inside) written without capitals, whose last word is a municipality or a name; departments,
 * generic and medical words and stop words end the search.
 * Returns the last token of the name, or -1.
 */
function lowerCaseName(a: Analysis, start: number): number | undefined {
  let last = -1;
  let words = 0;
  for (let t = start; t < a.tokens.length && words < 4; ) {
    const token = a.tokens[t];
    if (token.newlinesBefore > 0 || token.kind !== "word" || /[\p{Lu}\p{N}]/u.test(token.text)) break;
    const unit = unitAtToken(a, t);
    if (!unit) break;
    if (/[\p{Lu}\p{N}]/u.test(a.text.slice(unit.start, unit.end))) break;
    // "d'ixelles" is one unit; its name is the piece after the apostrophe.
    const whole = unit.first === t;
    const key = whole ? unit.key : token.key;
    if (whole && LOWER_NAME_PARTICLES.has(key)) {
      t = unit.last + 1;
      if (a.tokens[t] && "'’".includes(a.tokens[t].text)) t++;
      continue;
    }
    const bits = whole ? unitBits(a, unit) : a.tokenBits[t];
    if (isDepartmentWord(key) || GENERIC_ORGANISATION_WORDS.has(key) || bits & (LIST.stopWord | LIST.medicalTerm)) break;
    words++;
    const dictionary = whole ? isDictionaryWord(a, unit, true) : (bits & (LIST.dutchWord | LIST.frenchWord | WHITELIST_BITS)) !== 0;
    // A municipality names the institution; a name only when it is no ordinary word too ("bakker").
    const named = (bits & LIST.municipality) !== 0 || ((bits & NAME_BITS) !== 0 && !dictionary);
    if (named) last = unit.last;
    else if (!dictionary) break;
    t = unit.last + 1;
  }
  return last >= 0 ? last : undefined;
}
/** School words that are adjectives ("secundaire", "lagere"): no type word before a lower-case name. */
const LOWER_NAME_TYPES_EXCLUDED = set("secundaire lagere middelbare");
const LOWER_NAME_PARTICLES = set("de ter ten den der van d du des la le l");

const LOWER_SAINT = /^(?:sint|st|saint|sainte|heilig|heilige) \p{L}{3,}(?: \p{L}+)?$/u;

/** "WZC De Linde", "woonzorgcentrum Sint-Jozef", "huisartsenpraktijk 't Zand", "OCMW Gent". */
function typeWordCandidates(a: Analysis): Candidate[] {
  const out: Candidate[] = [];
  for (let unitAt = 0; unitAt < a.units.length; unitAt++) {
    const unit = a.units[unitAt];
    const qualified = qualifiedTypeEnd(a, unit);
    const upperType = UPPER_TYPE_ABBREVIATIONS.has(unit.key) && a.tokens[unit.first].upper;
    const discipline = DISCIPLINE_TYPE_WORDS.has(unit.key) && a.tokens[unit.first].firstUpper;
    if (qualified < 0 && !upperType && !discipline && !HEALTHCARE_TYPE_WORDS.has(unit.key) && !SCHOOL_TYPE_WORDS.has(unit.key) &&
      !isCompoundHealthcareType(unit.key) && !PLURAL_PRACTICE_WORDS.has(unit.key)) continue;
    const next = unit.last + 1;
    if (!a.tokens[next] || a.tokens[next].newlinesBefore > 0) continue;
    if (discipline && !(a.tokens[next].kind === "word" && a.tokens[next].title && a.tokens[next].spaceBefore)) continue;
    if (qualified >= 0 && (!a.tokens[qualified] || a.tokens[qualified].newlinesBefore > 0)) continue;
    let start = qualified >= 0 ? qualified : frenchNameStart(a, unit, next);
    // "residentie 't Hof", "WZC 'De Linde'"
    const quote = a.tokens[start].kind === "punct" && "'\"‘’“”".includes(a.tokens[start].text) ? start : -1;
    // The name is read after the quote, or after "'t" ("'t Kabouterke"); the span still starts at the type word.
    if (quote >= 0) start += a.tokens[start + 1]?.key === "t" && !a.tokens[start + 1].spaceBefore ? 2 : 1;
    if (!a.tokens[start]) continue;
    // "Huisartsen De Vlinder": a plural of practitioners names a practice only by an article-led name ("huisartsen
    // Peeters en Claes" are two doctors).
    if (PLURAL_PRACTICE_WORDS.has(unit.key) && !(NAME_ARTICLES.has(a.tokens[start].key) && /^\p{Lu}/u.test(a.tokens[start].text))) continue;
    const name = readProperName(a, start, { maxUnits: 4, allowParticles: true, allowSentenceStart: true, allowDigits: false });
    if (!name) {
      const lower = LOWER_NAME_TYPES_EXCLUDED.has(unit.key) ? undefined : lowerCaseName(a, start);
      if (lower) {
        const label = SCHOOL_TYPE_WORDS.has(unit.key) ? "Organization:Other" : "Organization:Healthcare";
        out.push(candidate(a, unit.first, lower, label, PRIORITY.lookup, 0.6, "org.type-word-lower"));
        continue;
      }
      // In lower case, a saint's name glued to its prefix still names the institution ("campus sint-ursula",
      // "clinique saint-jean", "wzc sint-jozef"): the prefix and the hyphen make it a proper name.
      const saint = unitAtToken(a, start);
      if (saint && saint.first === start && saint.last > saint.first && LOWER_SAINT.test(saint.key)) {
        const label = SCHOOL_TYPE_WORDS.has(unit.key) ? "Organization:Other" : "Organization:Healthcare";
        out.push(candidate(a, unit.first, saint.last, label, PRIORITY.pattern, 0.7, "org.type-word-saint"));
      }
      continue;
    }
    const units = unitsOf(a, name.first, name.last);
    if (units.every((u) => GENERIC_ORGANISATION_WORDS.has(u.key) || isDepartmentWord(u.key) || unitBits(a, u) & (WHITELIST_BITS & ~LIST.commonWord))) continue;
    const first = unit.first;
    let last = name.last;
    const closing = a.tokens[last + 1];
    if (quote >= 0 && closing && closing.kind === "punct" && "'\"‘’“”".includes(closing.text)) last = last + 1;
    const label = SCHOOL_TYPE_WORDS.has(unit.key) ? "Organization:Other" : "Organization:Healthcare";
    out.push(candidate(a, first, last, label, PRIORITY.pattern, 0.75, "org.type-word"));
  }
  return out;
}

/** The first of `suffixes` that `word` ends in after something more. */
function suffixOf(suffixes: readonly string[], word: string): string | undefined {
  for (const s of suffixes) if (word.length > s.length && word.endsWith(s)) return s;
  return undefined;
}

/** One-word names ending in a type: "Sint-Jozefskliniek", "Heilig-Hartziekenhuis", "Sint-Barbaracollege". */
function compoundCandidates(a: Analysis): Candidate[] {
  const out: Candidate[] = [];
  for (let unitAt = 0; unitAt < a.units.length; unitAt++) {
    const unit = a.units[unitAt];
    if (!isCapitalisedUnit(a, unit)) continue;
    const lastPiece = a.tokens[unit.last].key;
    const healthcare = suffixOf(HEALTHCARE_SUFFIXES, lastPiece);
    const suffix = healthcare ?? suffixOf(SCHOOL_SUFFIXES, lastPiece);
    if (!suffix) continue;
    const head = unit.key.slice(0, unit.key.length - suffix.length).replace(/s$/, "").trim();
    const headBits = a.lexicon.phrases.get(head) ?? 0;
    const saintly = SAINT_PREFIXES.some((p) => head.startsWith(p));
    if (!saintly && !(headBits & (NAME_BITS | PLACE_BITS))) continue;
    // "Nachtkliniek", "Kinderziekenhuis": a head that is an ordinary word (no place, no common given name) makes a kind
    // of ward, not a name.
    if (!saintly && !(headBits & (PLACE_BITS | LIST.commonFirstName)) && headBits & (LIST.dutchWord | LIST.frenchWord | LIST.commonWord)) continue;
    out.push(candidate(a, unit.first, unit.last, healthcare ? "Organization:Healthcare" : "Organization:Other", PRIORITY.pattern, 0.75,
      "org.compound"));
  }
  return out;
}

/** Type words written after the name: "Jessa Ziekenhuis", "Sint-Jozef Kliniek", "St. Mary's Hospital". */
const TRAILING_TYPE_WORDS = set("ziekenhuis ziekenhuizen kliniek gasthuis hospital clinic infirmary revalidatiecentrum zorgcentrum mutualiteit mutualité ziekenfonds");
/**
 * Type words after the name of a school or an insurer ("Hanzeborg Lyceum", "Westerduin College", "Vrijstraat
 * Zorgverzekeringen"): Organization:Other.
 */
const TRAILING_OTHER_TYPE_WORDS = set("college lyceum atheneum gymnasium athénée athenee zorgverzekeringen zorgverzekeraar zorgverzekering verzekeringen");
/**
 * Kinds of firm and corporation written after a family or place name ("Stoffels Transport", "Janssens Bouw", "X
 * Wonen", "X Accountants"): only after a listed name or place or a word no dictionary holds ("Beschermd Wonen" is a
 * kind of care, "Snel Transport" a phrase).
 */
const TRAILING_FIRM_WORDS = set("wonen woningbouw welzijn bouw bouwbedrijf transport transporten logistiek techniek installatietechniek accountants advocaten notarissen makelaars catering schoonmaak");
const ABBREVIATED_SAINTS: ReadonlySet<string> = new Set(["st", "ste", "h", "o", "l", "v"]);

/** Capitals after a name that make it a medical centre ("Rivierduin MC", "Amstelland UMC"). */
const TRAILING_CAPITALS: ReadonlySet<string> = new Set(["mc", "umc", "mcl", "zgt"]);
/** Two words after a name ("Rivierduin Medisch Centrum", "Duinzicht Medical Center"). */
const TRAILING_PAIRS: ReadonlySet<string> = new Set(["medisch centrum", "medical center", "medical centre", "medisch center"]);

/**
 * A word a scan opened with "l" for a capital I ("lrenehof" before "Ziekenhuis"): an l before a consonant that no Dutch
 * word opens with, then lower-case letters, in no dictionary.
 */
function scannedCapitalI(a: Analysis, u: Unit): boolean {
  const text = a.tokens[u.first].text;
  return u.first === u.last && /^l[bcdfghkmnpqrstvwxz][a-z]{2,}$/.test(text) && !isDictionaryWord(a, u, true);
}

function trailingTypeCandidates(a: Analysis): Candidate[] {
  const out: Candidate[] = [];
  for (let unitAt = 0; unitAt < a.units.length; unitAt++) {
    const unit = a.units[unitAt];
    const capitals = TRAILING_CAPITALS.has(unit.key) && a.tokens[unit.first].upper;
    const pair = !capitals && (unit.key === "centrum" || unit.key === "center" || unit.key === "centre") && unit.first >= 2 &&
      TRAILING_PAIRS.has(`${a.tokens[unit.first - 1].key} ${unit.key}`) && a.tokens[unit.first - 1].title;
    const firm = TRAILING_FIRM_WORDS.has(unit.key) && a.tokens[unit.first].title;
    const other = TRAILING_OTHER_TYPE_WORDS.has(unit.key) || firm;
    if (!(TRAILING_TYPE_WORDS.has(unit.key) || other || capitals || pair) || !isCapitalisedUnit(a, unit) || unit.first === 0) continue;
    let first = -1;
    for (let t = unit.first - (pair ? 2 : 1), names = 0; t >= 0 && names < 3; ) {
      if (a.tokens[t + 1].newlinesBefore > 0) break;
      const token = a.tokens[t];
      if (token.kind === "punct") {
        if (token.text === "." && t > 0 && ABBREVIATED_SAINTS.has(a.tokens[t - 1].key)) {
          t--;
          continue;
        }
        break;
      }
      const u = unitAtToken(a, t);
      if (!u || !(isCapitalisedUnit(a, u) || scannedCapitalI(a, u)) || unitBits(a, u) & (LIST.stopWord | LIST.hospitalPrefix)) break;
      first = u.first;
      names++;
      if (a.tokens[u.first].sentenceStart) break;
      t = u.first - 1;
    }
    if (first < 0 || !hasSpecificWord(a, first, unit.last)) continue;
    if (firm && !unitsOf(a, first, unit.first - 1).some((u) => (unitBits(a, u) & (NAME_BITS | PLACE_BITS)) !== 0 || isUnknownProper(a, u))) continue;
    out.push(candidate(a, first, unit.last, other ? "Organization:Other" : "Organization:Healthcare", PRIORITY.pattern, 0.75, "org.trailing-type"));
  }
  return out;
}

/** "Campus Sint-Jozef": a named site of a hospital. Rooms, beds and wards with a number are no PII (the guideline). */
function campusCandidates(a: Analysis): Candidate[] {
  const out: Candidate[] = [];
  for (let unitAt = 0; unitAt < a.units.length; unitAt++) {
    const unit = a.units[unitAt];
    if (unit.key !== "campus") continue;
    const name = readProperName(a, unit.last + 1, { maxUnits: 3, allowParticles: true, allowSentenceStart: true });
    if (!name) {
      // "campus sint-ursula": in lower case, as after a type word.
      const saint = unitAtToken(a, unit.last + 1);
      if (saint && saint.first === unit.last + 1 && saint.last > saint.first && LOWER_SAINT.test(saint.key)) {
        out.push(candidate(a, unit.first, saint.last, "Organization:Healthcare", PRIORITY.pattern, 0.7, "org.campus"));
      }
      continue;
    }
    out.push(candidate(a, unit.first, name.last, "Organization:Healthcare", PRIORITY.pattern, 0.7, "org.campus"));
  }
  return out;
}

function labelForName(a: Analysis, first: number, last: number): Candidate["label"] {
  const healthcare = unitsOf(a, first, last).some((u) =>
    HEALTHCARE_WORDS.has(u.key) || HEALTHCARE_SUFFIXES.some((s) => u.key.endsWith(s)) || unitBits(a, u) & (LIST.hospital | LIST.hospitalPrefix));
  return healthcare ? "Organization:Healthcare" : "Organization:Other";
}

/** Where the organisation name starts after a cue: after a link word ("bij", "aan de", "chez") or a colon. */
function nameStartAfterCue(a: Analysis, cue: Unit): number {
  let t = cue.last + 1;
  let linked = false;
  for (let hops = 0; hops < 6 && t < a.tokens.length; hops++) {
    const token = a.tokens[t];
    if (token.newlinesBefore > 0 && !(a.tokens[t - 1]?.text === ":")) return -1;
    if (token.kind === "punct") {
      if (token.text === ":") {
        linked = true;
        t++;
        continue;
      }
      if (token.text === "'" || token.text === "’") {
        t++;
        continue;
      }
      return -1;
    }
    const next = unitAtToken(a, t);
    if (!next) return -1;
    if (linked && !ARTICLES.has(next.key)) return t;
    if (ORGANISATION_LINKS.has(next.key)) linked = true;
    // "werkgever Umicore", "ziekenfonds CM": a noun cue names the organisation right after it.
    else if (!ARTICLES.has(next.key) && isCapitalisedUnit(a, next)) return hops === 0 && NOUN_CUES.has(cue.key) ? t : -1;
    t = next.last + 1;
  }
  return -1;
}

const ARTICLES: ReadonlySet<string> = new Set(["de", "het", "la", "le", "l", "les", "the", "een", "une", "un"]);
/** Cues that are nouns for the organisation itself: the name may follow without a link word. */
const NOUN_CUES = set(
  "werkgever werkgeefster bedrijf firma mutualiteit mutualité mutualite ziekenfonds zorgverzekeraar verzekeraar employeur employer company leverancier fournisseur assureur",
);

/** A listed employer starting at token t, or at the article right before it ("de lijn", "het UWV"). */
function employerAt(a: Analysis, t: number): { first: number; last: number } | undefined {
  const article = t > 0 && a.tokens[t - 1].kind !== "punct" && ARTICLES.has(a.tokens[t - 1].key) ? t - 1 : -1;
  if (article >= 0) {
    const withArticle = longestMatch(a, article, LIST.employer);
    if (withArticle && withArticle.last >= t) return { first: article, last: withArticle.last };
  }
  const m = longestMatch(a, t, LIST.employer);
  return m ? { first: t, last: m.last } : undefined;
}

const EMPLOYER_LINKS: ReadonlySet<string> = new Set(["bij", "chez", "voor", "for", "at", "via"]);

/** Words that name no employer although the employer list holds them ("Plus", "Action", "Orange", "Match"). */
function isWordLike(a: Analysis, first: number, last: number): boolean {
  return unitsOf(a, first, last).every((u) => unitBits(a, u) & (WHITELIST_BITS | NAME_BITS | PLACE_BITS | LIST.dutchWord | LIST.frenchWord));
}

/**
 * "Hij werkt nu voor Proximus", "ex-Sabena", "Umicore (Hoboken)": a listed employer written with its capitals is one
 * anywhere, unless every word of it is also an ordinary word, a name or a place ("Action", "Match", "Philips").
 */
function employerCandidates(a: Analysis): Candidate[] {
  const out: Candidate[] = [];
  for (let t = 0; t < a.tokens.length; t++) {
    const m = longestMatch(a, t, LIST.employer);
    if (!m) continue;
    const units = unitsOf(a, m.first, m.last);
    // In lower case only right after "bij", "chez", "voor" ("werkt in de haven bij psa").
    const linked = t > 0 && EMPLOYER_LINKS.has(a.tokens[t - 1].key);
    if (units.length === 0 || !(linked || units.every((u) => isCapitalisedUnit(a, u) || ARTICLES.has(u.key)))) continue;
    // "Veilig Thuis", "Rode Kruis": two or more words each capitalised mid-sentence name the body even though each is a word.
    const titledPhrase = units.length >= 2 && !a.tokens[m.first].sentenceStart && units.every((u) => a.tokens[u.first].title);
    if (a.tokens[m.first].text.length + (m.last > m.first ? 1 : 0) < 3 || (isWordLike(a, m.first, m.last) && !titledPhrase)) continue;
    out.push(candidate(a, m.first, m.last, "Organization:Other", PRIORITY.weak, 0.6, "org.employer-listed"));
    t = m.last;
  }
  return out;
}

/** "werkt bij Colruyt", "studeert aan de KU Leuven", "Werkgever: Proximus", "travaille chez Delhaize". */
function cueCandidates(a: Analysis): Candidate[] {
  const out: Candidate[] = [];
  for (let unitAt = 0; unitAt < a.units.length; unitAt++) {
    const unit = a.units[unitAt];
    // A job names its employer too: "spoorwegarbeider bij de NMBS", "caissière chez Delhaize".
    if (!ORGANISATION_CUES.has(unit.key) && !(a.unitListBits[unit.index] & LIST.profession)) continue;
    // "kinesist: 3x per week": after a job and its colon, a count or a time is no employer.
    if (!ORGANISATION_CUES.has(unit.key) && a.tokens[unit.last + 1]?.text === ":" && /^\d/.test(a.tokens[unit.last + 2]?.text ?? "")) continue;
    const t = nameStartAfterCue(a, unit);
    if (t < 0) continue;
    // A listed employer in any case: "werkt bij colruyt", "chauffeur bij de lijn", "Werkgever: bpost".
    const listed = employerAt(a, t);
    if (listed) {
      out.push(candidate(a, listed.first, listed.last, "Organization:Other", PRIORITY.context, 0.7, "org.employer"));
      continue;
    }
    const name = readProperName(a, t, { maxUnits: 5, allowParticles: true, allowDigits: true, allowSentenceStart: true });
    if (!name) continue;
    const units = unitsOf(a, name.first, name.last);
    // "werkt in Gent" names a place, not an employer.
    if (units.length === 1 && unitBits(a, units[0]) & (WHITELIST_BITS | PLACE_BITS) && !(unitBits(a, units[0]) & LIST.hospital)) continue;
    out.push(candidate(a, name.first, name.last, labelForName(a, name.first, name.last), PRIORITY.context, 0.7, "org.cue"));
  }
  return out;
}

const WORD_COMPANY_FORMS: ReadonlySet<string> = new Set(["sa", "cv", "comm", "inc"]);

/** "Peeters Bouw NV", "Garage Janssens bvba", "Zorgnet vzw". */
function companyFormCandidates(a: Analysis): Candidate[] {
  const out: Candidate[] = [];
  for (let unitAt = 0; unitAt < a.units.length; unitAt++) {
    const unit = a.units[unitAt];
    if (!COMPANY_FORMS.has(unit.key) || unit.first === 0) continue;
    // "Appeler sa voisine": forms that are also words ("sa", "cv", "comm") count only in capitals ("Besix SA").
    if (WORD_COMPANY_FORMS.has(unit.key) && !a.tokens[unit.first].upper) continue;
    let first = -1;
    for (let t = unit.first - 1, units = 0; t >= 0 && units < 4; ) {
      const token = a.tokens[t];
      if (a.tokens[t + 1].newlinesBefore > 0) break;
      if (token.kind === "punct") {
        if (token.text === "&" || token.text === "-") {
          t--;
          continue;
        }
        break;
      }
      const u = unitAtToken(a, t);
      if (!u || !isCapitalisedUnit(a, u)) break;
      first = u.first;
      units++;
      if (a.tokens[u.first].sentenceStart) break;
      t = u.first - 1;
    }
    if (first < 0) continue;
    out.push(candidate(a, first, unit.last, labelForName(a, first, unit.last), PRIORITY.context, 0.75, "org.company"));
  }
  return out;
}

/** Clinical acronyms that follow "naar het", "in het", "op de" without naming an institution. */
const CLINICAL_ACRONYMS = set(`
  ic icu ccu mcu seh sehl ok ct mri nmr ecg eeg emg rx pet echo mdo epd his spoed cch ha hap huisartsenpost
  dagziekenhuis kno sd lab abc adl nicu picu mc pacu rvt wzc ocmw cgg caw vzw nv bv bvba
`);
const ACRONYM_CONTEXT = set("opgenomen opname overgeplaatst overgebracht overname verwezen doorverwezen ontslagen vanuit naar uit in door getransfereerd");
/** An emergency department written before its hospital's acronym ("SEH SKZW", "overdracht SEH ZWK", "EHBO AZX"). */
const EMERGENCY_WORDS = set("seh sehl ehbo spoedgevallen urgences");

/**
 * "verwezen door het UMCU", "overname OLVG", "opgenomen in het JBZ": an unlisted acronym in capitals (three to six
 * letters) right after a transfer or admission word is an institution; clinical acronyms are not ("naar het OK").
 */
function cuedAcronymCandidates(a: Analysis): Candidate[] {
  const out: Candidate[] = [];
  for (let unitAt = 0; unitAt < a.units.length; unitAt++) {
    const unit = a.units[unitAt];
    const token = a.tokens[unit.first];
    // "ZKNB-Oost": an acronym and a capitalised location glued by a hyphen is one name.
    const located = unit.last === unit.first + 2 && a.tokens[unit.first + 1].text === "-" && a.tokens[unit.last].title;
    if ((unit.first !== unit.last && !located) || !token.upper || token.kind !== "word" || token.text.length < 3 || token.text.length > 6) continue;
    if (CLINICAL_ACRONYMS.has(token.key) || a.unitListBits[unit.index] & (WHITELIST_BITS | LIST.hospitalPrefix)) continue;
    const right = a.tokens[unit.first - 1];
    // "SEH SKZW", "(foto's SEH ZKNB-Oost)": the emergency department of a hospital named right after it (a line in
    // capitals only when the two are all it holds: "SEH ZWK").
    const wholeLine = right !== undefined && a.lineStart[right.index] === right.index && (a.tokens[unit.last + 1]?.newlinesBefore ?? 1) > 0;
    if (right !== undefined && right.kind === "word" && right.upper && EMERGENCY_WORDS.has(right.key) && token.newlinesBefore === 0 &&
      a.text.slice(right.end, token.start) === " " && (!token.capsLine || wholeLine)) {
      out.push(candidate(a, unit.first, unit.last, "Organization:Healthcare", PRIORITY.pattern, 0.6, "org.emergency-acronym"));
      continue;
    }
    if (located || token.capsLine) continue;
    const before = previousWords(a, unit.first, 3);
    const hop = before[0] === "het" || before[0] === "de" || before[0] === "t" ? 1 : 0;
    const cue = before[hop];
    if (cue === undefined || !ACRONYM_CONTEXT.has(cue)) continue;
    // "in/naar/uit" alone are weak: they need the article ("in het JBZ") or a transfer word before them.
    if ((cue === "in" || cue === "naar" || cue === "uit" || cue === "door") && hop === 0 && !ACRONYM_CONTEXT.has(before[1] ?? "")) continue;
    out.push(candidate(a, unit.first, unit.last, "Organization:Healthcare", PRIORITY.pattern, 0.6, "org.cued-acronym"));
  }
  return out;
}

/** Words of applications, benefits, insurance and registration: the body they go through is named after them. */
const ADMINISTRATIVE_WORDS = set(`
  aangevraagd aanvragen aanvraag aangemeld aanmelding aanmelden gemeld melding melden ingeleverd inleveren ingediend
  indienen aangesloten aansluiting ingeschreven inschrijving evaluatie attest indicatie uitkering inkomen verzekerd
  verzekering keuring erkenning tegemoetkoming terugbetaling vergoeding toelage aangifte klacht bemiddeling advies
  rijbewijs rijgeschiktheid dossier
  demande demandé demandee introduit introduite affilié affiliée inscrit inscrite indemnités indemnites allocation
  reconnaissance remboursement intervention plainte déclaration declaration attestation certificat dossier avis
`);
/** Abbreviations of care roles and places that follow "bij de", "aan de", "via de" ("melding aan de VPK"). */
const ROLE_ACRONYMS = set("vpk verpl ha poh sv mw maw psy kine dr arts ta wijk sehv picc peg cvc ngs iv sc im po");
const ACRONYM_LINKS = set("via bij aan door");
/** Membership words right before the body ("aangesloten LM", "affiliée MC"); other administrative words need a link. */
const MEMBERSHIP_BEFORE = set("aansluiting aangesloten ingeschreven inschrijving affilie affiliee affiliation");

/**
 * "aanvraag voor een uitkering via het SVB", "aangifte bij de FOD", "advies X aangevraagd", "aangesloten LM":
 * an acronym in capitals (two to six letters, no clinical acronym, no short word of any dictionary) that an
 * application, a benefit, an insurance or a registration goes through: after "via", "bij", "aan", "door" (with
 * or without an article) with an administrative word earlier in the sentence, or right after a membership word.
 */
const CAPITALS_ONLY = /^\p{Lu}+$/u;

function administrativeAcronymCandidates(a: Analysis): Candidate[] {
  const out: Candidate[] = [];
  for (let unitAt = 0; unitAt < a.units.length; unitAt++) {
    const unit = a.units[unitAt];
    const token = a.tokens[unit.first];
    if (unit.first !== unit.last || !token.upper || token.kind !== "word" || token.text.length < 2 || token.text.length > 6) continue;
    if (token.capsLine || !CAPITALS_ONLY.test(token.text) || CLINICAL_ACRONYMS.has(unit.key) || ROLE_ACRONYMS.has(unit.key)) continue;
    // Short acronyms that a dictionary knows are words in capitals; from four letters on the cue decides.
    if (a.unitListBits[unit.index] & (WHITELIST_BITS | LIST.hospitalPrefix) || (token.text.length <= 3 && isDictionaryWord(a, unit, true))) continue;
    const before = previousWords(a, unit.first, 8);
    const hop = before[0] === "het" || before[0] === "de" || before[0] === "t" || before[0] === "le" || before[0] === "la" || before[0] === "l" ? 1 : 0;
    const link = before[hop];
    if (link === undefined) continue;
    const direct = MEMBERSHIP_BEFORE.has(link) || (hop === 0 && link === "advies" && nextWords(a, unit.last, 1)[0] === "aangevraagd");
    if (!direct && !(ACRONYM_LINKS.has(link) && before.slice(hop + 1).some((w) => ADMINISTRATIVE_WORDS.has(w)))) continue;
    out.push(candidate(a, unit.first, unit.last, "Organization:Other", PRIORITY.context, 0.6, "org.administrative-acronym"));
  }
  return out;
}

/** Referral, admission and transfer words before the institution that receives the patient. */
const REFERRAL_WORDS = set(`
  verwezen doorverwezen verwijzing verwijzen overgeplaatst overgebracht opgenomen opname kortverblijf getransfereerd transfer
  transfert transfere transferee hospitalise hospitalisee admis admise adresse adressee referred transferred
`);
const REFERRAL_LINKS = set("naar in op bij vers a au dans to");

/**
 * "Doorverwezen naar Revalis", "verwezen naar X voor een intake", "transfert vers X": a capitalised word in no
 * list and no dictionary (not a department, a place or a name) after a referral or admission word and its link.
 */
const LETTERS_AND_HYPHENS = /^[\p{L}-]+$/u;

function referralCandidates(a: Analysis): Candidate[] {
  const out: Candidate[] = [];
  for (let unitAt = 0; unitAt < a.units.length; unitAt++) {
    const unit = a.units[unitAt];
    const token = a.tokens[unit.first];
    if (token.capsLine) continue;
    if (!isCapitalisedUnit(a, unit)) {
      const lower = lowerReferral(a, unit);
      if (lower) out.push(lower);
      continue;
    }
    // "kortverblijf in De Boskant", "overgeplaatst naar Het Anker": an article-led name after a referral word and link.
    const articled = articledReferral(a, unit);
    if (articled) {
      out.push(articled);
      continue;
    }
    if (token.sentenceStart || a.unitListBits[unit.index] !== 0) continue;
    if (unit.end - unit.start < 4 || !LETTERS_AND_HYPHENS.test(a.text.slice(unit.start, unit.end)) || isDepartmentWord(unit.key)) continue;
    const before = previousWords(a, unit.first, 3);
    const hop = before[0] === "het" || before[0] === "de" || before[0] === "t" || before[0] === "le" || before[0] === "la" || before[0] === "l" ? 1 : 0;
    if (!REFERRAL_LINKS.has(before[hop] ?? "") || !REFERRAL_WORDS.has(before[hop + 1] ?? "")) continue;
    if (isDictionaryWord(a, unit, true)) continue;
    out.push(candidate(a, unit.first, unit.last, "Organization:Healthcare", PRIORITY.context, 0.6, "org.referral"));
  }
  return out;
}

/** Whether the words before token t are a referral word and its link ("verwezen naar", "opname in"), an article between. */
function afterReferral(a: Analysis, t: number, bare: boolean): boolean {
  const before = previousWords(a, t, 3);
  const hop = before[0] === "het" || before[0] === "de" || before[0] === "t" || before[0] === "le" || before[0] === "la" || before[0] === "l" ? 1 : 0;
  if (REFERRAL_LINKS.has(before[hop] ?? "") && REFERRAL_WORDS.has(before[hop + 1] ?? "")) return true;
  // "opname X 2019": the admission noun right before the name, nothing between.
  const prev = a.tokens[t - 1];
  return bare && prev !== undefined && prev.kind === "word" && (prev.key === "opname" || prev.key === "opnames");
}

/**
 * "overgeplaatst naar meerzicht", "transfer naar sint-jozef", "opname rijndal 2019": a lower-case word in no list
 * and no dictionary (five letters or more, not shaped like a drug or a clinical noun), or a lower-case saint's
 * name, right after a referral or admission word and its link.
 */
function lowerReferral(a: Analysis, unit: Unit): Candidate | undefined {
  const token = a.tokens[unit.first];
  if (token.kind !== "word" || token.firstUpper || token.sentenceStart && token.newlinesBefore > 0) return undefined;
  // Cheap first: the word before (past an article) must be a referral link or the admission noun.
  let before = a.tokens[unit.first - 1];
  if (before && before.kind === "word" && NAME_ARTICLES.has(before.key)) before = a.tokens[unit.first - 2];
  if (!before || before.kind !== "word" || !(REFERRAL_LINKS.has(before.key) || before.key === "opname" || before.key === "opnames")) return undefined;
  const saint = unit.last > unit.first && LOWER_SAINT.test(unit.key);
  // A compound of two dictionary words ("fertiliteitspoli") or an adjective ("-iele") is no name.
  if (!saint && (!isUnknownLowerWord(a, unit) || isCompoundOfWords(a, unit.key) || /(?:iele|ale|ieve|ische)$/.test(unit.key))) return undefined;
  if (!afterReferral(a, unit.first, true)) return undefined;
  return candidate(a, unit.first, unit.last, "Organization:Healthcare", PRIORITY.context, 0.55, "org.referral-lower");
}

/** The article-led name (a capitalised article and one or two capitalised units, no place) after a referral word. */
function articledReferral(a: Analysis, unit: Unit): Candidate | undefined {
  const token = a.tokens[unit.first];
  if (unit.first !== unit.last || !NAME_ARTICLES.has(token.key) || !token.title || token.sentenceStart) return undefined;
  const name = readProperName(a, unit.last + 1, { maxUnits: 2, allowParticles: false, allowSentenceStart: false });
  if (!name || a.tokens[unit.last + 1].newlinesBefore > 0) return undefined;
  const units = unitsOf(a, name.first, name.last);
  if (units.some((u) => unitBits(a, u) & (PLACE_BITS | LIST.stopWord) || isDepartmentWord(u.key))) return undefined;
  // "De Panne" is a town: the article and the name together may be listed as a place.
  if ((a.lexicon.phrases.get(`${token.key} ${units[0].key}`) ?? 0) & PLACE_BITS) return undefined;
  if (!afterReferral(a, unit.first, false)) return undefined;
  return candidate(a, unit.first, name.last, "Organization:Healthcare", PRIORITY.context, 0.55, "org.referral-articled");
}

/** "AZKB", "UZXY": a hospital type abbreviation glued to one to three more capitals, written as one acronym. */
const GLUED_PREFIXES = ["az", "uz", "chu", "chr", "umc", "gza", "zna", "asz"];

const FOUR_TO_SIX_CAPITALS = /^\p{Lu}{4,6}$/u;

function gluedPrefixCandidates(a: Analysis): Candidate[] {
  const out: Candidate[] = [];
  for (let unitAt = 0; unitAt < a.units.length; unitAt++) {
    const unit = a.units[unitAt];
    const token = a.tokens[unit.first];
    if (unit.first !== unit.last || !token.upper || token.capsLine || !FOUR_TO_SIX_CAPITALS.test(token.text)) continue;
    if (a.unitListBits[unit.index] & (WHITELIST_BITS | LIST.hospitalPrefix) || isDictionaryWord(a, unit, true)) continue;
    const prefix = GLUED_PREFIXES.find((p) => unit.key.startsWith(p) && unit.key.length - p.length <= 3);
    if (!prefix) continue;
    out.push(candidate(a, unit.first, unit.last, "Organization:Healthcare", PRIORITY.pattern, 0.6, "org.glued-prefix"));
  }
  return out;
}

/** Words of a ward or a living group before its proper name ("afd. De Meander", "unité Les Mélèzes"). */
const WARD_WORDS = set("afdeling afd unit unite pavillon paviljoen leefgroep woongroep woonleefgroep");
const NAME_ARTICLES = set("de het t les le la l");

/**
 * "afd. De Meander", "unité Les Mélèzes", "leefgroep 't Kompas": a ward or living group named by an article and a
 * capitalised word (a department is named by its specialty: "afdeling Neurologie").
 */
function wardCandidates(a: Analysis): Candidate[] {
  const out: Candidate[] = [];
  for (let unitAt = 0; unitAt < a.units.length; unitAt++) {
    const unit = a.units[unitAt];
    if (!WARD_WORDS.has(unit.key)) continue;
    let t = unit.last + 1;
    if (a.tokens[t]?.text === "." && unit.key === "afd") t++;
    const article = a.tokens[t];
    if (!article || article.kind !== "word" || article.newlinesBefore > 0 || !NAME_ARTICLES.has(article.key) || !/^\p{Lu}/u.test(article.text)) {
      // "'t Kompas": the apostrophe opens the article.
      if (!(article?.text === "'" && a.tokens[t + 1]?.key === "t")) {
        const ward = namedWard(a, t);
        if (ward) out.push(ward);
        continue;
      }
      t++;
    }
    let next = t + 1;
    if (a.tokens[next]?.text === "'" || a.tokens[next]?.text === "’") next++;
    const name = readProperName(a, next, { maxUnits: 2, allowParticles: false, allowSentenceStart: true });
    if (!name || a.tokens[next].newlinesBefore > 0 || isDepartmentWord(unitAtToken(a, next)?.key ?? "")) continue;
    out.push(candidate(a, article && article.text === "'" ? t - 1 : t, name.last, "Organization:Healthcare", PRIORITY.context, 0.65, "org.ward"));
  }
  return out;
}

/** Ward types in brackets after a ward's name ("afd. X (PG)": psychogeriatric; "(SO)", "(KSW)"). */
const WARD_TYPE_IN_BRACKETS = /^[ \t]?\(\p{Lu}{2,4}\)/u;

/**
 * "afd. Zonnedauw", "afdeling Berkenhof (PG)": a ward named by one capitalised word right after the ward word, in no
 * dictionary (or, when a ward type in brackets follows, any word that is no department); never a number or a
 * specialty ("afdeling Neurologie", "afd. 2").
 */
function namedWard(a: Analysis, t: number): Candidate | undefined {
  const token = a.tokens[t];
  if (!token || token.kind !== "word" || token.newlinesBefore > 0 || !token.title) return undefined;
  const unit = unitAtToken(a, t);
  if (!unit || unit.first !== t || unit.first !== unit.last || isDepartmentWord(unit.key) || GENERIC_ORGANISATION_WORDS.has(unit.key)) return undefined;
  if (a.unitListBits[unit.index] & (LIST.stopWord | LIST.medicalTerm | PLACE_BITS)) return undefined;
  const typed = WARD_TYPE_IN_BRACKETS.test(a.text.slice(unit.end, unit.end + 8));
  if (!typed && !isUnknownProper(a, unit)) return undefined;
  return candidate(a, t, t, "Organization:Healthcare", PRIORITY.context, 0.6, "org.ward-named");
}

/**
 * "thuisverpleegkundige Els (XYZ)", "infirmière à domicile (Anne, ABC)": an unlisted acronym in capitals (two to six
 * letters, no clinical or role acronym) closing a bracket, with a care-service word in the six words before it.
 */
function careServiceAcronymCandidates(a: Analysis): Candidate[] {
  const out: Candidate[] = [];
  for (let unitAt = 0; unitAt < a.units.length; unitAt++) {
    const unit = a.units[unitAt];
    const token = a.tokens[unit.first];
    if (unit.first !== unit.last || !token.upper || token.capsLine || token.text.length < 2 || token.text.length > 6) continue;
    if (a.tokens[unit.last + 1]?.text !== ")") continue;
    const previous = a.tokens[unit.first - 1];
    if (!previous || (previous.text !== "(" && previous.text !== ",")) continue;
    if (!CAPITALS_ONLY.test(token.text) || CLINICAL_ACRONYMS.has(unit.key) || ROLE_ACRONYMS.has(unit.key) || a.unitListBits[unit.index] & WHITELIST_BITS) continue;
    if (!previousWords(a, unit.first, 6).some((w) => CARE_SERVICE_CUES.has(w))) continue;
    out.push(candidate(a, unit.first, unit.last, "Organization:Healthcare", PRIORITY.context, 0.6, "org.care-acronym"));
  }
  return out;
}

/** Public bodies known by an acronym that is also a word ("ONE", "RVA"): only written in capitals, outside a capitals line. */
const CAPITAL_BODIES = set("one onem rva aviq iriscare forem fedasil vdab ocmw cpas");

function capitalBodyCandidates(a: Analysis): Candidate[] {
  const out: Candidate[] = [];
  for (let unitAt = 0; unitAt < a.units.length; unitAt++) {
    const unit = a.units[unitAt];
    const token = a.tokens[unit.first];
    if (unit.first !== unit.last || !token.upper || token.capsLine || !CAPITAL_BODIES.has(unit.key)) continue;
    out.push(candidate(a, unit.first, unit.last, "Organization:Other", PRIORITY.context, 0.65, "org.capital-body"));
  }
  return out;
}

/** Belgian mutualities by their short or one-word names: "CM", "MC", "Helan", "Solidaris". */
const MUTUALITY_NAMES = set("cm lm oz mc ml hziv caami nzvl vnz helan solidaris partenamut vivium hulpkas");
const MUTUALITY_CUES = set(`
  mutualiteit mutualiteiten ziekenfonds verzekeringsinstelling mutualité mutualite mutuelle mutualités mutualites
  aangesloten affilié affiliée affilie affiliee aansluiting affiliation
`);
/** What a mutuality pays or lends, before "bij/van/via (de) CM": a cue as strong as the word mutuality. */
const MUTUALITY_SERVICES = set(`
  thuiszorgforfait forfait huurtoestel uitleendienst uitleen terugbetaling tegemoetkoming premie tussenkomst
  uitkering ziekte-uitkering indemnites indemnite remboursement pret
`);
const MEMBERSHIP_WORDS_AFTER = set("aansluitingsnummer lidnummer rijksregisternummer affiliation inschrijvingsnummer");

/**
 * "Bij de mutualiteit (CM)", "Verzekeringsinstelling: Helan", "ingeschreven bij de CM met aansluitingsnummer",
 * "indemnités de mutuelle (mc)": a mutuality's short name after a mutuality word or before a membership number.
 * Without the cue "CM" is a centimetre or a cardiomyopathy and "Helan" a given name.
 */
function mutualityCandidates(a: Analysis): Candidate[] {
  const out: Candidate[] = [];
  for (let unitAt = 0; unitAt < a.units.length; unitAt++) {
    const unit = a.units[unitAt];
    if (unit.first !== unit.last || !MUTUALITY_NAMES.has(unit.key)) continue;
    const token = a.tokens[unit.first];
    const short = token.text.length <= 3;
    if (short && !token.upper && !(a.tokens[unit.first - 1]?.text === "(" && a.tokens[unit.last + 1]?.text === ")")) continue;
    const before = previousWords(a, unit.first, 4, true);
    const label = lineLabel(a, unit.first);
    const after = nextWords(a, unit.last, 3);
    const cued = before.some((w) => MUTUALITY_CUES.has(w) || MUTUALITY_SERVICES.has(w)) || (label !== undefined && MUTUALITY_CUES.has(label)) ||
      after.some((w) => MEMBERSHIP_WORDS_AFTER.has(w));
    if (!cued) continue;
    out.push(candidate(a, unit.first, unit.last, "Organization:Other", PRIORITY.context, 0.7, "org.mutuality"));
  }
  return out;
}

/** Words after a letterhead's acronym that make it a care institution ("XYZ – Laboratorium Klinische Chemie"). */
const LETTERHEAD_WORDS = set(`
  laboratorium labo laboratoire ziekenhuis kliniek centrum center centre medisch medische medical diagnostisch
  diagnostisch huisartsenpraktijk praktijk apotheek pharmacie clinique hopital institut instituut
`);

/**
 * "XYZ – Laboratorium Klinische Chemie", "ABC-DE medisch centrum", "*** KLMN – Cardiologie ***": an
 * acronym in capitals (two to eight letters, a hyphen allowed) opening a line, then a dash or nothing, then a care
 * word or a department: the institution's letterhead.
 */
function letterheadCandidates(a: Analysis): Candidate[] {
  const out: Candidate[] = [];
  for (let unitAt = 0; unitAt < a.units.length; unitAt++) {
    const unit = a.units[unitAt];
    const token = a.tokens[unit.first];
    if (!token.upper || token.capsLine) continue;
    // Only punctuation (bullets, stars) between the line's start and the acronym.
    const lineFirst = a.lineStart[unit.first];
    let opens = true;
    for (let t = lineFirst; t < unit.first && opens; t++) if (a.tokens[t].kind !== "punct") opens = false;
    if (!opens || token.kind !== "word") continue;
    const written = a.text.slice(unit.start, unit.end);
    if (written.length < 2 || written.length > 9 || !/^\p{Lu}+(?:-\p{Lu}+)?$/u.test(written)) continue;
    if (token.capsLine || written.length > 7 || CLINICAL_ACRONYMS.has(unit.key) || ROLE_ACRONYMS.has(unit.key) || CAREGIVER_WORDS.has(unit.key) ||
      isDictionaryWord(a, unit, true)) continue;
    let t = unit.last + 1;
    if (a.tokens[t] && a.tokens[t].newlinesBefore === 0 && "-–—·|".includes(a.tokens[t].text)) t++;
    const next = a.tokens[t];
    if (!next || next.newlinesBefore > 0 || next.kind !== "word") continue;
    const key = unitAtToken(a, t)?.key ?? next.key;
    if (!LETTERHEAD_WORDS.has(key) && !isDepartmentWord(key)) continue;
    if (a.unitListBits[unit.index] & LIST.hospitalPrefix && next.title) continue;
    out.push(candidate(a, unit.first, unit.last, "Organization:Healthcare", PRIORITY.pattern, 0.6, "org.letterhead"));
  }
  return out;
}

// ── Businesses named after their kind ────────────────────────────────────────────────────────────────────────────

/** Kinds of shops, firms and workplaces that head their own name ("Bakkerij X", "Garage X", "Brasserie X"). */
const BUSINESS_TYPE_WORDS = set(`
  bakkerij banketbakkerij slagerij beenhouwerij brouwerij stokerij garage carrosserie restaurant brasserie bistro
  eethuis eetcafe frituur snackbar cafe taverne herberg hotel pension camping kapsalon kapperszaak schoonheidssalon
  winkel supermarkt buurtsuper drogisterij drukkerij schrijnwerkerij houtzagerij kwekerij boomkwekerij tuincentrum
  manege firma handelszaak notariskantoor advocatenkantoor uitzendbureau interimkantoor reisbureau makelaardij
  rijschool sportschool fitnesscentrum taxi koerierdienst dierenkliniek dierenartspraktijk
  boulangerie patisserie boucherie bistrot hotel entreprise societe firme atelier usine magasin supermarche
  librairie agence imprimerie menuiserie
`);
/** Compounds that end in a kind of firm ("transportbedrijf", "boekhoudkantoor", "meubelfabriek", "fietsenwinkel"). */
const BUSINESS_SUFFIXES = ["bedrijf", "kantoor", "bureau", "fabriek", "winkel", "handel", "centrale", "zaak"];
const NAME_OPENING_ARTICLES = set("de het t le la les l den");

function isBusinessType(key: string): boolean {
  if (BUSINESS_TYPE_WORDS.has(key)) return true;
  if (key.includes(" ")) return false;
  for (const suffix of BUSINESS_SUFFIXES) if (key.length >= suffix.length + 3 && key.endsWith(suffix)) return true;
  return false;
}

/**
 * "Bakkerij Vermeulen", "Garage Van Hoof", "restaurant Le Petit Chef", "Transportbedrijf Hoekman", "Café 't Hoekske":
 * a kind of business and the capitalised name right after it on its line (at most four units) name an employer or
 * a place of work, with no cue word. The name must hold a word no dictionary knows, a listed name or place, or open
 * with an article ("Hotel De Zwaan"); a weekday or an ordinary word alone ("winkel Maandag") names nothing.
 */
function businessCandidates(a: Analysis): Candidate[] {
  const out: Candidate[] = [];
  for (let unitAt = 0; unitAt < a.units.length; unitAt++) {
    const unit = a.units[unitAt];
    if (unit.first !== unit.last || !isBusinessType(unit.key)) continue;
    let next = unit.last + 1;
    const token = a.tokens[next];
    if (!token || token.newlinesBefore > 0 || !token.spaceBefore) continue;
    // "Café 't Hoekske": the apostrophe of "'t" opens the name.
    if ((token.text === "'" || token.text === "’") && a.tokens[next + 1]?.key === "t") next++;
    const name = readProperName(a, next, { maxUnits: 4, allowParticles: true, allowSentenceStart: true, allowDigits: false });
    const opening = a.tokens[next];
    if (!name && !(opening && opening.key === "t" && a.tokens[next + 1] && isCapitalisedUnit(a, unitAtToken(a, next + 1) ?? unit))) continue;
    const last = name ? name.last : (readProperName(a, next + 1, { maxUnits: 3, allowParticles: true, allowSentenceStart: true })?.last ?? -1);
    if (last < 0) continue;
    const units = unitsOf(a, next, last);
    const articled = NAME_OPENING_ARTICLES.has(a.tokens[next].key) && units.length >= 2;
    const specific = units.some((u) => (unitBits(a, u) & (NAME_BITS | PLACE_BITS)) !== 0 || (!isDictionaryWord(a, u) && !NAME_OPENING_ARTICLES.has(u.key)));
    if (!articled && !specific) continue;
    if (units.every((u) => GENERIC_ORGANISATION_WORDS.has(u.key) || isDepartmentWord(u.key))) continue;
    out.push(candidate(a, unit.first, last, "Organization:Other", PRIORITY.pattern, 0.65, "org.business"));
  }
  return out;
}

// ── Public bodies of a town ──────────────────────────────────────────────────────────────────────────────────────

/** Bodies and services a town runs, named by "van" and the town ("bibliotheek van X", "OCMW van X"). */
const TOWN_BODY_WORDS = set(`
  bibliotheek stadsbibliotheek openbare academie muziekacademie kunstacademie gemeentebestuur stadsbestuur gemeentehuis
  stadhuis ocmw politie politiezone brandweer jeugddienst sportdienst gemeenteschool stadsschool
`);
const TOWN_LINKS = set("van");

/**
 * "de stedelijke bibliotheek van X", "het OCMW van X", "muziekacademie van X": a body or service of a town and the
 * listed town after "van" (capitalised) name an employer or an institution; a lower-case adjective before the body
 * ("stedelijke", "openbare") joins it.
 */
function townBodyCandidates(a: Analysis): Candidate[] {
  const out: Candidate[] = [];
  for (let unitAt = 0; unitAt < a.units.length; unitAt++) {
    const unit = a.units[unitAt];
    if (unit.first !== unit.last || !TOWN_BODY_WORDS.has(unit.key)) continue;
    const link = a.tokens[unit.last + 1];
    if (!link || link.newlinesBefore > 0 || !TOWN_LINKS.has(link.key)) continue;
    const town = unitAtToken(a, unit.last + 2);
    if (!town || town.first !== unit.last + 2 || a.tokens[town.first].newlinesBefore > 0 || !isCapitalisedUnit(a, town)) continue;
    const match = longestMatch(a, town.first, LIST.municipality | LIST.postalLocality);
    if (!match || match.last !== town.last) continue;
    // "stedelijke", "gemeentelijke", "openbare": an adjective of the body joins it.
    const before = a.tokens[unit.first - 1];
    const first = before && before.kind === "word" && before.newlinesBefore === 0 && /^(?:stedelijke?|gemeentelijke?|openbare|provinciale?)$/u.test(before.key) ? before.index : unit.first;
    out.push(candidate(a, first, town.last, "Organization:Other", PRIORITY.pattern, 0.65, "org.town-body"));
  }
  return out;
}

// ── Institution names garbled by OCR ──────────────────────────────────────────────────────────────────────────

/** Characters a scan reads for letters inside an institution's type word: 0 for o, 1 and | for i or l. */
const OCR_NOISE = /[01|]/;
const OCR_MAX_READINGS = 4;

/**
 * The readings of a word a scan garbled ("P0LIKLlNIEK", "HUlSARTSENPRAKTIJK", "LABORAT0RIUM", "Z1EKENHUIS",
 * "Tandartspraktiik"), folded, or none when the word shows no noise: 0 → o, | → i, 1 → i or l, a lower-case l
 * inside a word otherwise in capitals → i, and "ii" → "ij". One character for one, at most four readings.
 */
/** The answer for a word without noise, shared: most words have none, and a new empty list per word was garbage. */
const NO_READINGS: readonly string[] = Object.freeze([]);

export function ocrTypeReadings(word: string): readonly string[] {
  if (word.length < 5 || word.length > 40) return NO_READINGS;
  const lowerL = word.includes("l") && /^[\p{Lu}01|l]+$/u.test(word) && (word.match(/\p{Lu}/gu)?.length ?? 0) >= 3;
  const digits = OCR_NOISE.test(word);
  const doubleI = word.includes("ii");
  if (!lowerL && !digits && !doubleI) return NO_READINGS;
  if (digits && !/\p{L}{2}/u.test(word)) return NO_READINGS;
  let base = word;
  if (lowerL) base = base.replace(/l/g, "I");
  base = base.replace(/0/g, "o").replace(/\|/g, "i");
  const variants = base.includes("1") ? [base.replace(/1/g, "i"), base.replace(/1/g, "l")] : [base];
  const out: string[] = [];
  for (const v of variants) {
    const folded = v.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
    out.push(folded);
    if (folded.includes("ii")) out.push(folded.replace(/ii/g, "ij"));
  }
  return out.slice(0, OCR_MAX_READINGS);
}

/** Whether a (folded) reading is an institution's type word, before or after its name. */
function isTypeReading(r: string): "before" | "after" | undefined {
  if (HEALTHCARE_TYPE_WORDS.has(r) || isCompoundHealthcareType(r) || r.endsWith("laboratorium") || r.endsWith("huisartsenwacht")) return "before";
  if (TRAILING_TYPE_WORDS.has(r)) return "after";
  return undefined;
}

/** Particles and saints inside an institution's name ("Polikliniek de Weide", "Praktijk De Vuurtoren"). */
const OCR_NAME_PARTICLES = set("de het t ter ten den der van sint st sainte saint la le du des");

/** A token that may continue an institution's name on the same line after `prev`: no column gap, no punctuation. */
function continuesName(a: Analysis, prev: number, t: number): boolean {
  const token = a.tokens[t];
  if (!token || token.newlinesBefore > 0) return false;
  const gap = a.text.slice(a.tokens[prev].end, token.start);
  if (gap.length > 2 || gap.includes("\t")) return false;
  return token.kind === "word" && token.letters;
}

/**
 * "P0LIKLlNIEK DE WElDE", "HUlSARTSENPRAKTIJK OOSTHOEK", "Tandartspraktiik De Vuurtoren", "Z1EKENHUIS
 * ZUID-WEST", "Rivierenland Z1ekenhuis": a type word that a scan garbled, read back, and the capitalised words
 * of the name beside it on the same line (at most four, across single or double spaces, never across punctuation,
 * a tab or a wider gap). Only tokens with look-alike digits, a lower-case l among capitals or "ii" are read: cheap.
 */
function ocrTypeCandidates(a: Analysis): Candidate[] {
  const out: Candidate[] = [];
  for (let tokenAt = 0; tokenAt < a.tokens.length; tokenAt++) {
    const token = a.tokens[tokenAt];
    if (token.kind !== "word" || token.end - token.start < 5) continue;
    let side: "before" | "after" | undefined;
    const readings = ocrTypeReadings(token.text);
    for (let r = 0; r < readings.length; r++) if ((side = isTypeReading(readings[r]))) break;
    if (!side) continue;
    const t = token.index;
    let first = t;
    let last = t;
    let named = 0;
    const step = side === "before" ? 1 : -1;
    for (let words = 0; words < 4; words++) {
      const k = step > 0 ? last + 1 : first - 1;
      if (k < 0 || !(step > 0 ? continuesName(a, last, k) : continuesName(a, k, first))) break;
      // A unit: hyphenated names ("ZUID-WEST", "SINT-LUCAS") are one.
      const unit = unitAtToken(a, k);
      const from = unit && unit.last - unit.first <= 4 ? unit.first : k;
      const to = unit && unit.last - unit.first <= 4 ? unit.last : k;
      if ((step > 0 && from !== k) || (step < 0 && to !== k)) break;
      const next = a.tokens[from];
      const key = unit ? unit.key : next.key;
      const particle = OCR_NAME_PARTICLES.has(key);
      if (!particle && !next.firstUpper && !/^[01|l]\p{Lu}/u.test(next.text)) break;
      if (!particle && (GENERIC_ORGANISATION_WORDS.has(key) || isDepartmentWord(key) || (unit && unitBits(a, unit) & LIST.stopWord))) break;
      if (step > 0) last = to;
      else first = from;
      if (!particle) named++;
    }
    // A trailing particle ("… De") names nothing.
    while (last > t && OCR_NAME_PARTICLES.has(a.tokens[last].key)) last--;
    if (named === 0) continue;
    out.push(candidate(a, first, last, "Organization:Healthcare", PRIORITY.pattern, 0.65, "org.ocr-type"));
  }
  return out;
}

/** Heads of "-apotheek" compounds that name a kind of medicine supply, not a pharmacy's name. */
const NOT_PHARMACY_HEADS = set("ziekenhuis huis thuis reis dienst centrale web online zieken nood trommel buurt");
/** Disciplines of a practice written after its name ("X Podotherapie", "X Fysiotherapie"). */
const TRAILING_DISCIPLINES = set("podotherapie fysiotherapie kinesitherapie logopedie ergotherapie podologie osteopathie diëtetiek dietetiek tandheelkunde mondzorg");

/**
 * Session twelve: "de Lindeapotheek", "(X Podotherapie)": a capitalised one-word pharmacy name in "-apotheek" whose
 * head is three letters or more and no kind of medicine supply ("Huisapotheek", "Ziekenhuisapotheek"), mid-sentence;
 * and a practice named by a capitalised name before its discipline, on one line.
 */
function pharmacyAndPracticeCandidates(a: Analysis): Candidate[] {
  const out: Candidate[] = [];
  for (let unitAt = 0; unitAt < a.units.length; unitAt++) {
    const unit = a.units[unitAt];
    const first = a.tokens[unit.first];
    if (first.kind !== "word" || !first.firstUpper) continue;
    if (unit.first === unit.last && unit.key.endsWith("apotheek") && unit.key.length >= 11 && first.title && !first.sentenceStart) {
      const head = unit.key.slice(0, -"apotheek".length);
      if (!NOT_PHARMACY_HEADS.has(head) && !NOT_PHARMACY_HEADS.has(head.replace(/s$/, "")) && /^\p{L}+$/u.test(head)) out.push(candidate(a, unit.first, unit.last, "Organization:Healthcare", PRIORITY.pattern, 0.7, "org.pharmacy-compound"));
      continue;
    }
    if (!TRAILING_DISCIPLINES.has(unit.key) || unitAt === 0) continue;
    const name = a.units[unitAt - 1];
    const nameFirst = a.tokens[name.first];
    if (nameFirst.kind !== "word" || !nameFirst.title || first.newlinesBefore > 0 || unit.start - name.end !== 1) continue;
    if (HEALTHCARE_TYPE_WORDS.has(name.key) || DISCIPLINE_TYPE_WORDS.has(name.key)) continue;
    if (!(unitBits(a, name) & (NAME_BITS | PLACE_BITS)) && isWordLike(a, name.first, name.last)) continue;
    out.push(candidate(a, name.first, unit.last, "Organization:Healthcare", PRIORITY.pattern, 0.7, "org.name-discipline"));
  }
  return out;
}

export function organisationCandidates(a: Analysis): Candidate[] {
  const out: Candidate[] = [];
  const families = [letterheadCandidates, lookupCandidates, prefixCandidates, typeWordCandidates, compoundCandidates, trailingTypeCandidates, campusCandidates,
    cueCandidates, companyFormCandidates, cuedAcronymCandidates, employerCandidates, mutualityCandidates, capitalBodyCandidates,
    administrativeAcronymCandidates, referralCandidates, gluedPrefixCandidates, wardCandidates, careServiceAcronymCandidates, ocrTypeCandidates, businessCandidates, townBodyCandidates, pharmacyAndPracticeCandidates];
  for (const family of families) for (const c of family(a)) out.push(c);
  return withBracketedAbbreviations(a, out);
}

/**
 * "Streekziekenhuis Midden-Kempen (SMK)", "Institut X (IXY)": an acronym in brackets right after an organisation,
 * whose capitals it abbreviates, is its abbreviation, with the same label ("afd. De Meander (PG)" names a ward type).
 */
/** Whether the capitals of `acronym` appear in order among the capitals of `name`, the first matching its first. */
function abbreviates(acronym: string, name: string): boolean {
  const capitals = name.replace(/[^\p{Lu}]/gu, "");
  const letters = acronym.replace(/[^\p{Lu}]/gu, "");
  if (capitals.length === 0 || letters[0] !== capitals[0]) return false;
  let i = 0;
  for (const ch of capitals) if (ch === letters[i]) i++;
  return i === letters.length;
}

function withBracketedAbbreviations(a: Analysis, found: Candidate[]): Candidate[] {
  const extra: Candidate[] = [];
  for (const c of found) {
    const m = /^[ \t]?\((\p{Lu}[\p{Lu}\p{Ll}]{1,7})\)/u.exec(a.text.slice(c.end, c.end + 12));
    if (!m || !/\p{Lu}.*\p{Lu}/u.test(m[1]) || !abbreviates(m[1], a.text.slice(c.start, c.end))) continue;
    const start = c.end + m[0].indexOf("(") + 1;
    extra.push({ start, end: start + m[1].length, label: c.label, priority: c.priority, score: c.score, rule: "org.bracketed-abbreviation" });
  }
  return extra.length > 0 ? found.concat(extra) : found;
}
