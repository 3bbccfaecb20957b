// Fields of structured records (forms, exports, registration sheets, JSON and XML records) whose key names an
// organisation, a facility, a named ward or a place: "Employer: <value>", "School: <value>", "Insurer: <value>",
// "GP practice: <value>", "Care home: <value>", "Ward: <value>", "City: <value>", "Place of birth: <value>",
// `"employer": "<value>"`, `<city><value></city>`. The key is the cue the value itself lacks; the value must still
// look like a name (capitalised words, or any words on a line written without capitals), must not be a null entry
// ("N/A", "none", "unemployed", "self", "home") or a country, and must not be made only of generic words
// ("Primary School", "Maternity", "Left arm"). Keys are matched at the start of a line or after a column gap; the
// value runs to the end of its line, a column gap, "|", ";", ",", "(", a quote or a tag, and stops at the first
// lower-case word that is no connector. Names, ages, dates and identifiers after their keys are other families'.
// Linear in the text: one pass over the lines, one bounded regex per segment.
import type { Label } from "../../../src/contract/index.js";
import type { Candidate } from "./candidates.js";
import { foldWord, phraseWords, type RulesEnLexicon } from "./lexicon.js";

export type FieldKind = "org" | "facility" | "home" | "ward" | "place" | "residence" | "patient" | "nickname" | "middle" | "initials" | "other-person" | "caregiver" | "job";

const KEYS: ReadonlyMap<string, FieldKind> = new Map<string, FieldKind>([
  ...(
    [
      "employer", "employer name", "current employer", "last employer", "previous employer", "former employer", "employers", "company", "company name",
      "workplace", "place of work", "place of employment", "work place", "business", "business name", "organisation", "organization",
      "school", "school name", "school attended", "current school", "college", "university", "nursery", "daycare", "day care", "childcare",
      "preschool", "pre school", "insurer", "insurance", "insurance company", "insurance provider", "insurance carrier", "insurance co", "carrier",
      "primary insurance", "secondary insurance", "health insurance", "health plan", "payer", "payor", "primary payer", "secondary payer",
      "union", "club", "church", "congregation", "employer school", "school employer",
    ] as const
  ).map((k) => [k, "org"] as [string, FieldKind]),
  ...(
    [
      "hospital", "hospital name", "referring hospital", "receiving hospital", "admitting hospital", "transferring hospital", "sending hospital",
      "transferred from", "transferred to", "transfer from", "transfer to", "admitted from", "discharged to", "discharge destination", "destination",
      "facility", "facility name", "referring facility", "receiving facility", "sending facility", "treating facility", "practice", "practice name",
      "gp practice", "gp surgery", "registered practice", "gp practice name", "surgery", "clinic", "clinic name", "site", "location",
      "agency", "home health agency", "care agency", "hospice", "pharmacy",
      "preferred pharmacy", "nominated pharmacy", "dispensing pharmacy", "pharmacy name", "lab", "laboratory", "performing lab", "reporting lab",
      "ordering facility", "trust", "health board", "provider organisation", "provider organization", "dentist", "dental practice",
      "optician", "opticians",
    ] as const
  ).map((k) => [k, "facility"] as [string, FieldKind]),
  ...(["care home", "nursing home", "residential home", "care facility", "placement", "home name", "residential care home", "rest home", "retirement home"] as const).map(
    (k) => [k, "home"] as [string, FieldKind],
  ),
  ...(
    [
      "name", "patient name", "pt name", "patient", "full name", "name of patient", "surname", "last name", "family name", "forename", "forenames", "first name",
      "given name", "given names", "middle name", "middle names", "client name", "resident name", "service user", "child name", "child", "baby name",
      "maiden name", "previous name", "former name", "birth name", "legal name", "patient surname", "patient forename", "patient first name", "patient last name",
    ] as const
  ).map((k) => [k, "patient"] as [string, FieldKind]),
  ...(["preferred name", "known as", "nickname", "alias", "aka", "also known as", "goes by", "preferred first name", "prefers to be called"] as const).map(
    (k) => [k, "nickname"] as [string, FieldKind],
  ),
  ...(["middle", "middle initial", "middle initials"] as const).map((k) => [k, "middle"] as [string, FieldKind]),
  ...(["initials", "pt initials", "patient initials", "subject initials", "client initials"] as const).map((k) => [k, "initials"] as [string, FieldKind]),
  ...(
    [
      "next of kin", "nok", "nok name", "emergency contact", "emergency contact name", "contact name", "contact person", "relative", "carer", "carer name",
      "main carer", "parent", "parent guardian", "guardian", "mother", "father", "mother name", "father name", "spouse", "partner", "husband", "wife", "son",
      "daughter", "informant", "escort", "accompanied by", "power of attorney", "lpa", "poa", "advocate", "landlord", "employer contact", "witness",
    ] as const
  ).map((k) => [k, "other-person"] as [string, FieldKind]),
  ...(
    [
      "gp", "gp name", "registered gp", "usual gp", "pcp", "primary care physician", "primary care provider", "referring physician", "referring doctor",
      "referring clinician", "referrer", "referred by", "consultant", "named consultant", "attending", "attending physician", "surgeon", "physician",
      "doctor", "clinician", "provider", "practitioner", "nurse", "named nurse", "key worker", "keyworker", "care coordinator", "care co ordinator",
      "social worker", "therapist", "registered by", "entered by", "recorded by", "completed by", "signed by", "reviewed by", "seen by", "author",
      "dictated by", "typed by", "requested by", "ordering physician", "ordering provider", "prescriber", "midwife", "health visitor", "case manager",
    ] as const
  ).map((k) => [k, "caregiver"] as [string, FieldKind]),
  ...(["occupation", "job", "job title", "profession", "trade", "current occupation", "previous occupation", "former occupation", "usual occupation", "occupation employer"] as const).map(
    (k) => [k, "job"] as [string, FieldKind],
  ),
  ...(["ward", "ward name", "named ward"] as const).map((k) => [k, "ward"] as [string, FieldKind]),
  ...(
    [
      "city", "town", "city town", "town city", "village", "county", "state", "province", "region", "district", "borough", "suburb", "locality",
      "place of birth", "birthplace", "birth place", "city of birth", "town of birth", "country of birth city", "born in", "hometown", "home town",
      "municipality", "parish", "city state", "neighbourhood", "neighborhood",
    ] as const
  ).map((k) => [k, "place"] as [string, FieldKind]),
  ...(["residence", "place of residence", "usual residence", "lives in", "resides in", "home city", "home town city"] as const).map(
    (k) => [k, "residence"] as [string, FieldKind],
  ),
]);

/** The kind of a field key as written ("Place of Birth", "gp_practice", "Employer/School", "SCHOOL NAME"), or undefined. */
/** Facility keys that also name a service or a body site: their values need more (acceptFieldValue's `weak`). */
const WEAK_KEYS = new Set(["clinic", "clinic name", "site", "location", "destination", "placement", "agency", "unit", "surgery", "lab", "laboratory", "union", "carrier", "trust"]);

export function weakFieldKey(key: string): boolean {
  return WEAK_KEYS.has(normaliseKey(key));
}

function normaliseKey(key: string): string {
  return foldWord(key)
    .replace(/\(s\)/g, "")
    .replace(/'s\b/g, "")
    .replace(/[_\-/.]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

export function fieldKind(key: string): FieldKind | undefined {
  return KEYS.get(normaliseKey(key));
}

/** Values that say there is no such thing, or name none ("N/A", "Unemployed", "Self", "Home", "Medicare"). */
const NULL_VALUE = new Set(
  (
    "n a|na|none|nil|null|unknown|not known|not applicable|not stated|not recorded|not given|declined|refused|tbc|tbd|tba|same|same as above|as above|" +
    "see above|see below|other|various|several|multiple|yes|no|unemployed|retired|self|self employed|selfemployed|student|homemaker|housewife|househusband|" +
    "disabled|not employed|not working|off work|on benefits|home|home address|own home|usual residence|private|self pay|self-pay|uninsured|medicare|" +
    "medicaid|nhs|n/k|nk|unk|homeschooled|home schooled|home educated|not in school|left school|full time|part time|casual|agency staff|n|x|tba|pending|" +
    "awaiting|none known|no fixed abode|nfa|homeless|ward|unit|bay|room|bed|the|a|an"
  ).split("|"),
);

const PROGRAMMES = new Set(["medicare", "medicaid", "nhs", "private", "self", "self-pay", "self-funded", "council-funded", "chc", "hse", "workers", "workers'", "none", "no"]);

/** Words a value may carry between capitalised words ("University of Leicester", "Kessler & Voight"). */
const CONNECTORS = new Set(["of", "the", "and", "&", "for", "on", "upon", "in", "at", "de", "la", "le", "du", "da", "van", "von", "der", "y", "under"]);

/** Organisation type words: a value of everyday words is a name when it carries one ("Buckeye Tool & Die Ltd"). */
const ORG_TYPE = new Set(
  (
    "ltd|limited|inc|incorporated|llc|llp|plc|co|corp|corporation|company|group|holdings|partners|partnership|associates|industries|services|" +
    "logistics|haulage|transport|freight|construction|builders|farms|farm|dairies|dairy|foods|works|mills|motors|garage|bakery|brewery|" +
    "academy|school|college|university|institute|trust|foundation|council|bank|club|church|chapel|society|union|nursery|" +
    "hotel|inn|store|stores|supermarket|shop|cafe|restaurant|studio|studios|agency|consulting|solutions|systems|technologies|labs|" +
    "hospital|clinic|surgery|practice|centre|center|home|lodge|house|manor|court|hall|care|health|healthcare|pharmacy|hospice|"
  ).split("|"),
);

const CALENDAR = new Set(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december", "am", "pm", "today", "tomorrow", "yesterday", "morning", "afternoon", "evening", "night"]);

/** A first word that makes a value generic ("Local Council", "Primary School"). */
function openingGeneric(low: string, lex: RulesEnLexicon): boolean {
  return lex.facilityModifiers.has(low) || GENERIC.test(low);
}

const GENERIC = /^(?:primary|secondary|high|middle|junior|infant|infants|senior|sixth|form|grammar|upper|lower|left|right|north|south|east|west|main|front|back|side|level|floor|year|grade|class|room|bay|bed|ward|unit|site|campus|building|block|wing|office|department|dept|service|services|team|school|college|nursery|work|job|company|business|employer|insurance|plan|home|house|residential|nursing|care|theatre|theater|lounge|suite|area|reception|outpatients?|inpatients?|day|same|local|other|another)$/;

/** Words that say what a value is, not which one ("Primary School", "Elderly Care", "Left arm"). */
function genericWord(low: string, lex: RulesEnLexicon): boolean {
  return lex.facilityModifiers.has(low) || medicalOnly(low, lex) || CONNECTORS.has(low) || GENERIC.test(low);
}

/** A medical word that no place or surname list names (the medical vocabulary also lists towns: "Lakeland"). */
function medicalOnly(low: string, lex: RulesEnLexicon): boolean {
  return lex.medical.has(low) && !lex.places.has(low) && !lex.surnames.has(low);
}

export interface FieldValue {
  start: number;
  end: number;
}

/**
 * The value of a field from `start` on one line (up to `limit`): capitalised words (with connectors between them),
 * or any words on a line without capitals; stops at a column gap, a delimiter or a lower-case word. The place kinds
 * take one ", <State code or listed place>" after the name ("Cedar Falls, IA").
 */
export function readFieldValue(text: string, start: number, limit: number, kind: FieldKind, lowerLine: boolean): FieldValue | undefined {
  const WORD = /[\p{L}\p{M}][\p{L}\p{M}'’.\-]*/uy;
  let i = start;
  let end = -1;
  let words = 0;
  while (i < limit && words < 8) {
    WORD.lastIndex = i;
    const m = WORD.exec(text);
    if (!m || m.index !== i) {
      // "&" between words.
      if (text[i] === "&" && end > 0) {
        i++;
        if (text[i] === " ") i++;
        continue;
      }
      break;
    }
    let w = m[0].replace(/[.'’\-]+$/, (tail) => (/^\.$/.test(tail) ? tail : ""));
    if (w === "") break;
    const low = foldWord(w);
    const capital = /^\p{Lu}/u.test(w);
    if (!capital && !lowerLine) {
      if (end > 0 && CONNECTORS.has(low)) {
        i += m[0].length;
        if (text[i] === " ") i++;
        else break;
        continue;
      }
      break;
    }
    if (lowerLine && end > 0 && CONNECTORS.has(low)) {
      i += m[0].length;
      if (text[i] === " ") i++;
      else break;
      continue;
    }
    // A trailing dot belongs to an abbreviation ("Co.", "St."), not to a sentence.
    if (w.endsWith(".") && !/^(?:co|st|mt|ft|inc|ltd|corp|dr)\.$/i.test(w)) w = w.slice(0, -1);
    end = i + w.length;
    words++;
    i = i + m[0].length;
    if (text[i] === " " && i + 1 < limit && text[i + 1] !== " ") i++;
    else break;
  }
  if (end < 0) return undefined;
  // "Cedar Falls, IA", "Tralee, Co. Kerry": one place after a comma.
  if ((kind === "place" || kind === "residence") && text.slice(end, end + 2) === ", ") {
    const more = /^(?:\p{Lu}{2}(?![\p{L}])|(?:Co\.?\s)?\p{Lu}[\p{Ll}\p{M}'’\-]+(?:\s\p{Lu}[\p{Ll}\p{M}'’\-]+)?)/u.exec(text.slice(end + 2, limit));
    if (more) end = end + 2 + more[0].length;
  }
  return { start, end };
}

/** Whether a value read after a key of `kind` names something: not a null entry, a country or generic words. */
export function acceptFieldValue(value: string, kind: FieldKind, lex: RulesEnLexicon, weak = false): boolean {
  const low = foldWord(value).replace(/[.,]+$/, "").trim();
  if (low === "" || NULL_VALUE.has(low) || NULL_VALUE.has(low.replace(/[^a-z ]/g, " ").replace(/\s+/g, " ").trim())) return false;
  const words = low.split(/[\s&]+/).filter((w) => w !== "");
  if (words.length === 0) return false;
  // An eponym, a drug or a device ("Surgery: Whipple", "Carrier: Lyme") is no name here either.
  if (words.length === 1 && (lex.eponyms.has(words[0]) || lex.medicalProper.has(words[0]))) return false;
  // Public programmes and schemes are no organisation's name ("Medicare A", "NHS", "Private").
  if (PROGRAMMES.has(words[0])) return false;
  const country = phraseWords(value).join(" ");
  if (lex.countries.candidates(phraseWords(value)[0] ?? "").some((p) => p.join(" ") === country)) return false;
  // An acronym no list names, a clinical acronym ("AMU", "ICU") or a value of one letter.
  if (/^\p{Lu}{1,5}$/u.test(value) && !lex.listAcronyms.has(low) && !lex.stateAbbreviations.has(value)) return false;
  if (words.every((w) => w.length <= 1)) return false;
  // The medical vocabulary also lists towns and surnames ("Lakeland"): those stay proper words.
  const proper = (w: string) => !lex.common.has(w) && !CONNECTORS.has(w) && !medicalOnly(w, lex);
  const listedName = (w: string) => lex.places.has(w) || (lex.surnames.get(w) ?? Infinity) < 20000 || (lex.firstNames.get(w) ?? Infinity) < 4000;
  if (kind === "place" || kind === "residence") {
    // A listed place, a state code, or a word no dictionary knows ("State: Alert" is no place).
    const key = phraseWords(value).join(" ");
    if (lex.places.candidates(phraseWords(value)[0] ?? "").some((p) => p.join(" ") === key) || lex.worldPlaces.has(key) || lex.stateAbbreviations.has(value)) return true;
    return words.some((w) => proper(w) && w.length >= 3);
  }
  if (kind === "ward") {
    // Wards named after birds, trees, places or people ("Kestrel", "Rowan"), never after a specialty or a number.
    return words.every((w) => !genericWord(w, lex) && !lex.commonSmall.has(w) && !/\d/.test(w));
  }
  if (words.every((w) => genericWord(w, lex) || ORG_TYPE.has(w) || CALENDAR.has(w))) return false;
  if (weak) {
    // "Clinic:", "Site:", "Location:" also name a service or a body site ("Physio MSK", "Orthotics", "Left arm"): only a
    // value that ends in a facility type or carries a listed place or name, in two words or more, is a facility.
    const last = phraseWords(value);
    const typed = last.length >= 2 && ORG_TYPE.has(last[last.length - 1]) && !openingGeneric(last[0], lex);
    const listed = words.length >= 2 && words.some((w) => (lex.places.has(w) || (lex.surnames.get(w) ?? Infinity) < 20000) && !lex.commonSmall.has(w)) && !/\p{Lu}{2,}$/u.test(value);
    const unknown = words.length >= 2 && words.some((w) => proper(w) && w.length >= 4) && !/\p{Lu}{2,}$/u.test(value);
    return typed || listed || unknown;
  }
  if (words.some((w) => proper(w) && w.length >= 3)) return true;
  if (words.length === 1) return listedName(words[0]) && !lex.commonSmall.has(words[0]);
  // Care homes are named by everyday words ("The Laurels", "Oak Lodge").
  if (kind === "home") return !words.some((w) => CALENDAR.has(w));
  // Everyday words: a name when they carry a type word or an ampersand and open with no generic word.
  return (ORG_TYPE.has(words[words.length - 1]) || value.includes("&")) && !openingGeneric(words[0], lex) && !words.some((w) => CALENDAR.has(w));
}

const LABEL: Record<FieldKind, Label> = {
  org: "Organization:Other",
  facility: "Organization:Healthcare",
  home: "Organization:Healthcare",
  ward: "Organization:Healthcare",
  place: "Address_Location:Other",
  residence: "Address_Location:Patient",
  patient: "Name:Patient",
  nickname: "Name:Patient",
  middle: "Name:Patient",
  initials: "Name:Patient",
  "other-person": "Name:Other",
  caregiver: "Name:Caregiver",
  job: "Profession",
};

/** The shape of a job's head word: an agent noun or a listed kind of worker. */
const JOB_HEAD = /^(?:[\p{L}'’\-]{2,}(?:er|or|ist|ian|man|woman|keeper|smith|wright|eer|ant|ent|ier|yer|ee|ess|ic|ard|ster|ent)|chef|cook|nurse|nun|monk|priest|vicar|pastor|rabbi|imam|clerk|guard|pilot|porter|maid|nanny|tutor|coach|judge|poet|artist|model|dj|soldier|sailor|marine|medic|barista|chef|carer|aide|valet|student|apprentice|trainee|intern|cadet|barber|butcher|baker|plumber|roofer|welder|cleaner|lifeguard|postie|dentist|vet)$/u;

/** A job field that names none ("Occupation: unemployed", "Job: none", "Work: off sick"). */
const JOB_NULL = /^(?:unemployed|not employed|not working|none|nil|unknown|n\/?a|retired|off sick|sick leave|on benefits|student nurse placement|various|other|housewife|homemaker|carer|full time carer|disabled|long term sick|looking for work|jobseeker|job seeker|see above|as above|full time|part time|employed|self employed|self-employed)$/;

const PERSON_KINDS = new Set<FieldKind>(["patient", "nickname", "middle", "initials", "other-person", "caregiver"]);

/** Whether values of this kind are people's names (read by readNameValue). */
export function personKind(kind: FieldKind): boolean {
  return PERSON_KINDS.has(kind);
}

/** Titles before a name value ("Dr. Anjali Menon"): outside the span. */
const TITLE = /^(?:dr|mr|mrs|ms|miss|mx|master|prof|sr|sister|nurse|rev|fr|capt|sgt)\.?\s+/i;
/** A role in capitals before the name ("HCA Nóra", "SN Ade", "FY1 Rhys"): outside the span. */
const ROLE_BEFORE = /^(?:HCA|SN|RN|RGN|RMN|ANP|ACP|CSW|SHO|FY1|FY2|HCP|NP|PA|CNS|SpR|StR|CT1|CT2|ST\d|OT|PT|SLT|SW|EMT|LPN|CNA|MA)\s+(?=\p{Lu})/u;
/** Roles and credentials written after a comma where a given name would be ("Becky Ross, Staff Nurse"). */
const ROLE_WORDS = new Set(["nurse", "nurses", "specialist", "physician", "consultant", "staff", "practitioner", "sister", "matron", "therapist", "doctor", "surgeon", "registrar", "midwife", "visitor", "worker", "officer", "manager", "coordinator", "lead", "assistant", "technician", "pharmacist", "dietitian", "gp", "locum", "trainee", "student", "junior", "senior", "community", "respiratory", "district", "charge"]);
/** Capitals that open the next field or are no name ("JOHN SMITH DOB …", "ANN LEE MRN"). */
const NOT_NAME_CAPS = /^(?:DOB|D\.O\.B|MRN|NHS|DOD|AGE|SEX|ID|NO|TEL|PH|MOB|ADDR|GP|PCP|RE|FAO|URN|CHI|HOSP|UNIT|BED|WARD|REF|DR|MR|MRS|MS|RN|MD|DO|NP|PA|LPN|EMT|PT|OT)$/;
const PARTICLE = /^(?:van|von|der|den|de|la|le|du|da|di|del|della|dos|das|ter|ten|bin|ibn|al|el|ap|ó|o)$/i;

/**
 * A person's name as a field value: a title skipped, then up to six capitalised words, words in capitals or initials
 * (any case on a line without capitals), particles between them ("van der", "de la", "al"), one ", Given" after a
 * surname; stops at a lower-case word, a digit, a word that opens the next field ("Sex:") or capitals that name a field.
 */
export function readNameValue(text: string, start: number, limit: number, lowerLine: boolean): FieldValue | undefined {
  let i = start;
  const title = TITLE.exec(text.slice(i, limit)) ?? ROLE_BEFORE.exec(text.slice(i, limit));
  if (title) i += title[0].length;
  const first = i;
  const WORD = /[\p{L}\p{M}][\p{L}\p{M}'’\-]*/uy;
  let end = -1;
  let words = 0;
  let comma = false;
  while (i < limit && words < 6) {
    WORD.lastIndex = i;
    const m = WORD.exec(text);
    if (!m || m.index !== i || m.index + m[0].length > limit) break;
    const w = m[0].replace(/['’\-]+$/, "");
    if (w === "") break;
    const initial = /^\p{L}$/u.test(w);
    const after = text.slice(i + w.length, i + w.length + 3);
    if (/^\s?:/.test(after) || /^\.{2}/.test(after) || /^ \.{2}/.test(after)) break;
    const particle = PARTICLE.test(w);
    if (!lowerLine && !/^\p{Lu}/u.test(w) && !(particle && words > 0)) break;
    if (w.length >= 2 && /^\p{Lu}+$/u.test(w) && NOT_NAME_CAPS.test(w)) break;
    end = i + w.length;
    words++;
    i = end;
    // An initial keeps its dot ("J.R.", "A. Castellino").
    if (initial && text[i] === ".") {
      i++;
      end = i;
      if (/\p{L}/u.test(text[i] ?? "")) continue;
    }
    // "DOE, JANE A": one comma between a surname and the given names (not "Hughes, Ashton Health Centre", "Ada Obi, RN").
    if (text[i] === "," && !comma && words === 1 && text[i + 1] === " " && i + 2 < limit) {
      const nx = text[i + 2];
      const rest = /^[\p{L}\p{M}'’\-]+(?: [\p{L}\p{M}'’\-]+\.?){0,4}/u.exec(text.slice(i + 2, limit))?.[0] ?? "";
      const restWords = rest.split(" ").map((w) => foldWord(w.replace(/\.$/, "")));
      const notGiven = restWords.some((w) => ORG_TYPE.has(w) || GENERIC.test(w) || ROLE_WORDS.has(w)) || /^\p{Lu}{2,5}$/u.test(restWords.length === 1 ? rest : "") || /^(?:\p{Lu}\.?){2,4}$/u.test(rest) || /^[A-Z][a-z]+[A-Z]/.test(rest);
      if ((/\p{Lu}/u.test(nx) || (lowerLine && /\p{Ll}/u.test(nx))) && !notGiven) {
        comma = true;
        i += 2;
        continue;
      }
      break;
    }
    if (text[i] === " " && i + 1 < limit && text[i + 1] !== " ") i++;
    else break;
  }
  if (end <= first) return undefined;
  return { start: first, end };
}

/** Whether a name read after a key of a person kind is one: not a null entry, a role or everyday words only. */
export function acceptNameValue(value: string, kind: FieldKind, lex: RulesEnLexicon): boolean {
  const low = foldWord(value).replace(/[,]+$/, "").trim();
  if (low === "" || NULL_VALUE.has(low) || PERSON_NULL.has(low) || PERSON_NULL.has(low.replace(/\.$/, ""))) return false;
  const words = low.split(/[\s,]+/).map((w) => w.replace(/\.$/, "")).filter((w) => w !== "");
  if (words.length === 0) return false;
  if (kind === "initials") return /^(?:\p{L}\.?){2,4}$/u.test(value.replace(/\s/g, "")) && !NOT_INITIALS.has(value.replace(/[.\s]/g, "").toUpperCase());
  // A middle name is an initial or a listed given name ("Middle: J", "Middle: Rose").
  if (kind === "middle") return words.length <= 2 && words.every((w) => w.length === 1 || lex.firstNames.has(w));
  // Middle initials and nicknames are names by their key ("Known as: Wen", "Preferred name: Ray", "Middle: J").
  if (kind === "nickname") return !words.every((w) => PERSON_NULL.has(w));
  const listed = (w: string) => (lex.firstNames.get(w) ?? Infinity) < 30000 || (lex.surnames.get(w) ?? Infinity) < 60000;
  const everyday = (w: string) => w.length === 1 || ((lex.common.has(w) || lex.medical.has(w)) && !listed(w)) || PERSON_NULL.has(w) || CONNECTORS.has(w) || PARTICLE.test(w);
  if (words.every((w) => everyday(w) || lex.clinicalAcronyms.has(w.toUpperCase()))) return false;
  // Two or three capitals alone are initials or an acronym: only a patient's key takes them ("Name: JT").
  if (words.length === 1 && /^\p{Lu}{2,3}$/u.test(value) && kind !== "patient") return false;
  return true;
}

/** Roles, relations and services written where a name is asked for ("Informant: Wife", "Referred by: GP"). */
const PERSON_NULL = new Set(
  (
    "patient|pt|self|wife|husband|son|daughter|mother|father|mum|mom|dad|parent|parents|partner|spouse|friend|neighbour|neighbor|carer|relative|family|sister|" +
    "brother|aunt|uncle|niece|nephew|grandmother|grandfather|grandson|granddaughter|guardian|staff|nurse|doctor|gp|consultant|registrar|team|ward|" +
    "agency|police|ambulance|paramedic|paramedics|crew|ems|social services|on call|locum|duty|doctor on call|triage|reception|admin|system|auto|" +
    "unknown male|unknown female|not given|withheld|anonymous|same|see above|as above|pending|tbc|none given|declined to give|baby|infant|child|male|female|" +
    "boy|girl|man|woman|mr|mrs|ms|dr|miss|daughter in law|son in law|next of kin|nok|power of attorney|attorney|solicitor"
  ).split("|"),
);
const NOT_INITIALS = new Set(["NA", "NK", "UK", "US", "USA", "NHS", "PM", "AM", "NB", "PS", "EG", "IE", "MD", "RN", "DO", "OK", "NO", "YES", "TBC", "NKA", "NKDA", "UNK", "GP", "ED", "AE"]);

export function fieldLabel(kind: FieldKind): Label {
  return LABEL[kind];
}

/** Where a key may start: the line start (after a bullet or an item number) or a column gap, "|", ";", "{" or ",". */
const KEY_AT = /(?:^|\t| {2,}|\|\s*|;\s*|\{\s*|,\s*)(?:[-*•]\s+|\d{1,2}[.)]\s+)?(["']?)([A-Za-z][A-Za-z'’ _\-/]{1,38}?(?:\(s\))?)\1\s?(?::|=|\.{3,})[ \t]*/gu;

/** Key: value fields, JSON pairs and XML elements of the kinds above. One pass over the lines. */
export function findFields(text: string, lex: RulesEnLexicon, original: string = text): Candidate[] {
  if (!/[:=<]|\.{3}/.test(text)) return [];
  const out: Candidate[] = [];
  for (let s = 0; s <= text.length; ) {
    let e = text.indexOf("\n", s);
    if (e < 0) e = text.length;
    if (e - s > 2 && e - s < 4000) fieldsOfLine(text, s, e, lex, !/\p{Lu}/u.test(original.slice(s, e)), out);
    s = e + 1;
  }
  return out;
}

const XML = /<([A-Za-z][A-Za-z_\-]{1,38})>([^<\n]{1,120})<\/\1>/gu;

function fieldsOfLine(text: string, s: number, e: number, lex: RulesEnLexicon, lowerLine: boolean, out: Candidate[]): void {
  const line = text.slice(s, e);
  for (const m of line.matchAll(XML)) {
    const kind = fieldKind(m[1]);
    if (!kind) continue;
    const vs = s + m.index + m[1].length + 2;
    push(text, vs + (m[2].length - m[2].trimStart().length), vs + m[2].trimEnd().length, kind, weakFieldKey(m[1]), lex, lowerLine, out);
  }
  if (!/[:=]|\.{3}/.test(line)) return;
  KEY_AT.lastIndex = 0;
  for (const m of line.matchAll(KEY_AT)) {
    const kind = fieldKind(m[2]);
    if (!kind) continue;
    const vs = s + m.index + m[0].length;
    // The value's own quote (JSON) or the segment's end: a column gap, a delimiter, the line's end.
    let limit = e;
    const quoted = text[vs] === '"';
    const from = quoted ? vs + 1 : vs;
    for (let i = from; i < e; i++) {
      const c = text[i];
      if (c === "\t" || c === "|" || c === ";" || (c === "," && !PERSON_KINDS.has(kind)) || c === "(" || c === '"' || c === "<" || c === "[" || (c === " " && text[i + 1] === " ") || (c === " " && text[i + 1] === "-" && text[i + 2] === " ")) {
        // A place keeps its ", ST" (read by readFieldValue).
        if (c === "," && !quoted) {
          const k2 = kind === "place" || kind === "residence";
          if (k2) {
            limit = Math.min(e, i + 40);
            const stop = text.slice(i + 1, limit).search(/[\t|;(<"]| {2}|,/);
            if (stop >= 0) limit = i + 1 + stop;
            break;
          }
        }
        limit = i;
        break;
      }
    }
    push(text, from, limit, kind, weakFieldKey(m[2]), lex, lowerLine, out);
  }
}

function push(text: string, from: number, limit: number, kind: FieldKind, weak: boolean, lex: RulesEnLexicon, lowerLine: boolean, out: Candidate[]): void {
  if (kind === "job") {
    // "Occupation .......... brewer", "Job title: track welder": the value up to a delimiter or the employer after it,
    // without "retired" or "former" before it; lower-case words are a job's own case.
    const seg = text.slice(from, limit);
    const m = /^(?:(?:retired|former|ex-|semi-retired|part-time|full-time|self-employed)\s+)?([\p{L}][\p{L}'’\-]*(?: (?!(?:at|for|with|in|since|until|and|but|from|on|of)(?![\p{L}]))[\p{L}][\p{L}'’\-]*){0,3})/iu.exec(seg);
    if (!m) return;
    const s0 = from + m[0].length - m[1].length;
    const value = m[1];
    const low = foldWord(value);
    // The last word names a person who does the job ("brewer", "headteacher", "cook"), not an activity ("volunteers at").
    const last = low.split(" ").pop() ?? "";
    if (NULL_VALUE.has(low) || JOB_NULL.test(low) || /\d/.test(value) || !JOB_HEAD.test(last)) return;
    if (!lowerLine && /^\p{Lu}{2,}$/u.test(value)) return;
    out.push({ start: s0, end: s0 + value.length, label: "Profession", score: 0.6, rule: "field-job" });
    return;
  }
  if (PERSON_KINDS.has(kind)) {
    const n = readNameValue(text, from, limit, lowerLine);
    if (n && n.end > n.start && acceptNameValue(text.slice(n.start, n.end), kind, lex)) {
      out.push({ start: n.start, end: n.end, label: LABEL[kind], score: 0.6, rule: `field-${kind}` });
    }
    return;
  }
  const v = readFieldValue(text, from, limit, kind, lowerLine);
  if (!v || v.end <= v.start) return;
  if (!acceptFieldValue(text.slice(v.start, v.end), kind, lex, weak)) return;
  out.push({ start: v.start, end: v.end, label: LABEL[kind], score: 0.6, rule: `field-${kind}` });
}
