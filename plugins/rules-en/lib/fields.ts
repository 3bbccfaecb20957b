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

export type FieldKind = "org" | "facility" | "home" | "ward" | "place" | "residence";

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
};

export function fieldLabel(kind: FieldKind): Label {
  return LABEL[kind];
}

/** Where a key may start: the line start (after a bullet or an item number) or a column gap, "|", ";", "{" or ",". */
const KEY_AT = /(?:^|\t| {2,}|\|\s*|;\s*|\{\s*|,\s*)(?:[-*•]\s+|\d{1,2}[.)]\s+)?(["']?)([A-Za-z][A-Za-z'’ _\-/]{1,38}?(?:\(s\))?)\1\s?(?::|=|\.{3,})[ \t]*/gu;

/** Key: value fields, JSON pairs and XML elements of the kinds above. One pass over the lines. */
export function findFields(text: string, lex: RulesEnLexicon, original: string = text): Candidate[] {
  if (!/[:=<]/.test(text)) return [];
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
  if (!/[:=]/.test(line)) return;
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
      if (c === "\t" || c === "|" || c === ";" || c === "," || c === "(" || c === '"' || c === "<" || c === "[" || (c === " " && text[i + 1] === " ") || (c === " " && text[i + 1] === "-" && text[i + 2] === " ")) {
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
  const v = readFieldValue(text, from, limit, kind, lowerLine);
  if (!v || v.end <= v.start) return;
  if (!acceptFieldValue(text.slice(v.start, v.end), kind, lex, weak)) return;
  out.push({ start: v.start, end: v.end, label: LABEL[kind], score: 0.6, rule: `field-${kind}` });
}
