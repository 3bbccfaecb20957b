// Forms of record and query text that no other rule reads: rural route boxes ("RR 3 Box 41B"), postcode districts
// named after their cue ("postcode ab12 and ab13"), a job named by its agent noun after "works as a" ("works as a
// drain layer for …"), an age with a short unit in a search query ("infant 7 wk croup"), and an age in the column
// after a patient's name on a header line ("Pt: Olwen Tarrant   M   44   Ref …").
import type { DetectedSpan } from "../../../src/contract/index.js";
import { groupMatches, type Candidate } from "./candidates.js";
import type { RulesEnLexicon } from "./lexicon.js";
import { UK_POSTCODE_AREAS } from "./places.js";
import { STOP_WORDS } from "./words.js";

/** "RR 2 Box 40", "R.R. 1, Box 9A", "Rural Route 3 Box 112", "HC 64 Box 7", "HCR 1 Box 30": US rural delivery. */
const RURAL_ROUTE = /(?<![\p{L}\d])(?:RR|R\.R\.|Rural\s+Route|RURAL\s+ROUTE|HCR?|Star\s+Route|STAR\s+ROUTE)\s?#?\d{1,3},?\s{1,2}(?:Box|BOX|box)\s{1,2}#?\d{1,5}[A-Za-z]?(?![\p{L}\d])/gud;

const AREAS = UK_POSTCODE_AREAS.split(" ").sort((a, b) => b.length - a.length).join("|");
const OUTWARD = String.raw`(?:${AREAS})\d{1,2}[a-z]?`;
/** "postcode ab12", "postcodes ky7, ky8 and ky9", "postal district ox4": outward codes after their cue. */
const POSTCODE_CUE = new RegExp(String.raw`(?<![\p{L}])(?:post\s?codes?|postal\s+(?:codes?|districts?)|postcode\s+(?:districts?|areas?|sectors?))\s{0,2}[:=]?\s{0,2}(${OUTWARD}(?:\s{0,2}(?:,|\/|&|and|or)?\s{1,2}${OUTWARD}){0,6})(?![\p{L}\d])`, "giud");
/** "pts in ab12 postcode district": an outward code before the cue. */
const POSTCODE_BEFORE_CUE = new RegExp(String.raw`(?<![\p{L}\d])(${OUTWARD})\s{1,2}post\s?code\s{1,2}(?:district|area|sector)s?(?![\p{L}])`, "giud");
const ONE_OUTWARD = new RegExp(String.raw`(?<![\p{L}\d])${OUTWARD}(?![\p{L}\d])`, "giu");

/** "works as a …", "worked nights as an …", "stopped work as a …", "served … as a …": a work verb, then "as a". */
const AS_A_JOB = /(?<![\p{L}])(?:works?|worked|working|employed|employment|job|served|serves|serving|enlisted|trained|retired)(?:[ \t]{1,2}[\p{L}\d.'’-]{1,20}){0,8}?[ \t]{1,2}as[ \t]{1,2}an?(?:[ \t]{1,3}|[ \t]?\r?\n[ \t]{0,4})((?:[\p{L}\d][\p{L}\d'’-]*[ \t]){0,2}\p{L}[\p{L}'’-]*)(?=[ \t]*(?:[,.;:)(]|\r?\n|$)|[ \t]{1,2}(?:for|at|in|with|on|since|until|from|and|but|who|which|before|after|when|while|to|by)(?![\p{L}]))/giud;
/** Agent nouns: what a person who does a job is called ("filleter", "dispatcher", "crewmember", "lineman", "landlady"). */
const AGENT_END = /(?:[^aeiou]er|or|ist|man|men|woman|lady|ian|ess|smith|wright|hand|keeper|maker|monger|herd|ier|eer|ant)$/u;
/** Words in -er/-or that are no agent ("other", "never", "water", "floor", "color", "junior", "senior", "minor"). */
const NOT_AGENT = new Set(["other", "another", "never", "ever", "over", "under", "after", "later", "water", "paper", "number", "member", "matter", "order", "floor", "door", "color", "colour", "junior", "senior", "minor", "major", "error", "factor", "sister", "brother", "mother", "father", "daughter", "partner", "person", "woman", "man", "human", "german", "roman", "woman", "lady", "gentleman", "summer", "winter", "quarter", "volunteer", "career", "tenant", "servant", "migrant", "immigrant", "patient", "resident", "student", "adult", "infant", "child", "team", "group", "substitute", "replacement", "temp", "part", "whole", "side", "hobby", "favour", "favor", "result", "interpreter"]);

/** Durations and counts before a number with a unit: "x 6 wk", "for 15 y", "over 3 mo", "in 2 wks". */
const NOT_BEFORE_QUERY_AGE = /(?:\/\s{0,2}$|(?:^|[\s(])(?:x|f\/u|fu|review|repeat|rpt|for|over|past|last|within|after|each|every|q|in|since|about|approx|~|lasting|of|had|hx|history|ago|next|gestation|ga|pregnant|post|pod|day|week|weeks|wk|wks|and|to|-|–)\s{0,2}$)/iu;
/** "14 mo", "89yrs", "15 y", "6 wk", "3 yo" in a query line (no capitals, at most 80 characters). */
const QUERY_AGE = /(?<![\p{L}\d.\/:,\-–])(\d{1,3}\s?(?:mo|mos|wk|wks|y|yr|yrs))(?![\p{L}\d\/.%+])(?![ \t]{0,2}(?:ago|post|old|hx|history|of|course|duration|supply|smok|pack|fu|f\/u|follow|review|later|prior|before|after|since|x|rx|trial)(?![\p{L}]))/giud;

const BABY_BEFORE = /(?<![\p{L}])(?:infant|baby|newborn|neonate|boy|girl|son|daughter|twin)\s{1,2}$/iu;
const BABY_AFTER = /^\s{1,2}(?:preemie|premature|prem|baby|infant|newborn|neonate|boy|girl|male|female|m|f)(?![\p{L}])/iu;

/** The column after a patient's name on a header line: "   44   ", "   44y   ", "   M   44   ". */
const HEADER_AGE_AFTER_NAME = /^(?:[ \t]{2,8}|\t)(?:[MFmf][ \t]{2,8}|\t)?(\d{1,3}(?:\s?(?:y|yr|yrs|yo))?)(?=[ \t]{2,}|\t|[ \t]*\r?\n|[ \t]*$)/u;

/** A prescription's number on a pharmacy label: "Rx# 7730561", "RX No: 88120". */
const RX_NUMBER = /(?<![\p{L}])(?:Rx|RX)\s?(?:#|No\.?|Number)\s?:?\s{0,3}(\d{5,12}(?:-\d{1,3})?)(?![\d-])/gud;
/** The last four digits of a social security number after their cue: "SSN (last 4): 0917", "SS# last four 8806". */
const SSN_LAST4 = /(?<![\p{L}])(?:SSN|SS#|Social\s+Security(?:\s+(?:No\.?|Number))?)\s{0,2}\(?\s{0,2}last\s{1,2}(?:4|four)(?:\s{1,2}digits)?\s{0,2}\)?\s{0,2}[:#]?\s{0,3}(\d{4})(?!\d)/giud;
/** A UK driving licence number (DVLA): five letters of the surname (9 for padding), the birth date coded in six
 * digits (month + 50 for women), two initials, a digit and two check letters. */
const UK_DRIVING_LICENCE = /(?<![\p{L}\d])([A-Z9]{5}\d(?:[05][1-9]|[16][0-2])(?:0[1-9]|[12]\d|3[01])\d[A-Z9]{2}\d[A-Z]{2})(?![\p{L}\d])/gud;
/** "Age at booking: 31", "age at diagnosis 58": an age given with the event it was taken at. */
const AGE_AT_FIELD = /(?<![\p{L}])age\s+at\s+(?:booking|diagnosis|dx|onset|referral|admission|death|menarche|menopause|delivery|presentation|transplant|surgery|injury|first\s+(?:visit|contact|episode|symptoms?))\s{0,2}[:=]?\s{0,3}(\d{1,3})(?![\d.\/:])/giud;
/** "dx at 52", "dx @ 47" (a relative's or the patient's age when a disease was found), "deceased, 77,". */
const AGE_DX_AT = /(?<![\p{L}])dx\s{1,2}(?:at|@)\s{1,2}(?:age\s{1,2})?(\d{1,3})(?!\d|[.:\/]\d|\s?(?:am|pm|h|hrs?|hours?|weeks?|wks?|days?|months?|mos?|mg|%)(?![\p{L}]))/giud;
const AGE_DECEASED = /(?<![\p{L}])(?:deceased|died|dec'd|d\.)\s{0,2},\s{0,2}(\d{1,3})(?=\s{0,2}(?:[,;)]|\r?\n|$))/giud;

/** An age in brackets after a birth date in a column ("DOB:      3 Mar 1941 (84)"), the gap as wide as a form's. */
const AGE_AFTER_WIDE_DOB = /(?<![\p{L}])(?:DOB|D\.O\.B\.?|Date\s+of\s+birth)\s{0,2}:?[ \t]{3,16}(?:\d{1,2}\s[A-Za-z]{3,9}\.?\s(?:19|20)\d\d|\d{1,4}[.\/-]\d{1,2}[.\/-]\d{2,4}|[A-Za-z]{3,9}\.?\s\d{1,2},?\s(?:19|20)\d\d)[ \t]{0,2}\([ \t]?(\d{1,3})(?:[ \t]?(?:y|yrs?|years?|yo))?[ \t]?\)/giud;
/** Bank details: "sort code 40-11-62". */
const SORT_CODE = /(?<![\p{L}])sort\s?code\s{0,2}[:#]?\s{0,2}(\d{2}-\d{2}-\d{2})(?![\d-])/giud;
/** A vehicle's registration after its cue: "car reg KD17 XPT", "vehicle registration: MX62 0HU" (letters and digits). */
const VEHICLE_REG = /(?<![\p{L}])(?:car|vehicle|van)\s{1,2}reg(?:istration)?(?:\s{1,2}(?:no\.?|number))?\s{0,2}[:#]?\s{0,2}([A-Z0-9]{2,4}\s?[A-Z0-9]{3,4})(?![\p{L}\d])/giud;
/** Identifiers in XML exports by their element: "<GMC>…</GMC>", "<NHSNumber>…</NHSNumber>". */
const XML_ID = /<(GMC|NMC|HCPC|NPI|DEA|GPhC|NHS|NHSNumber|NHSNo|MRN|HospitalNumber|HospNo|CHI|SSN)>([^<\n]{4,24})<\/\1>/gud;
const CAREGIVER_ID_TAGS = new Set(["GMC", "NMC", "HCPC", "NPI", "DEA", "GPhC"]);

const PROPER = String.raw`\p{Lu}[\p{L}'’\-]+`;
/** A court with its place: "Wrenfield County District Court", "Wyle Magistrates' Court". */
const COURT = new RegExp(String.raw`(?<![\p{L}])((?:${PROPER}[ \t]){1,3}(?:District|County|Circuit|Superior|Magistrates['’]?|Family|Crown|Municipal|Probate|Juvenile|Civil|Criminal)[ \t]Court)(?![\p{L}])`, "gud");
/** A pit by its name: "Halbury Colliery", "Kessock No. 4 Mine" (a proper word that is no everyday word, or a number). */
const PIT = new RegExp(String.raw`(?<![\p{L}])((${PROPER})(?:[ \t]${PROPER})?[ \t](?:(No\.?[ \t]?\d{1,2})[ \t])?(?:Colliery|Mine|Mines|Pit))(?![\p{L}])`, "gud");
/** "University of <Place>" whatever the place's word. */
const UNIVERSITY_OF = new RegExp(String.raw`(?<![\p{L}])(University[ \t]of[ \t]${PROPER}(?:[ \t]${PROPER}){0,2})(?![\p{L}])`, "gud");
/** Landlords and housing bodies: "Harbourline Property Management", "Pennycress Housing Association". */
const HOUSING = new RegExp(String.raw`(?<![\p{L}])((?:${PROPER}[ \t]){1,2}(?:Property[ \t]Management|Property[ \t]Services|Housing[ \t](?:Association|Trust|Authority|Co-op)|Lettings))(?![\p{L}])`, "gud");
/** An insurer by two or three proper words before Mutual or Casualty ("Kestrel Plains Mutual"; "Eye Casualty" is a
 * department, "Private Medical ..." a kind of cover). */
const INSURER = new RegExp(String.raw`(?<![\p{L}])((?:${PROPER}[ \t]){2,3}(?:Mutual|Casualty)(?:[ \t](?:Insurance|Assurance|Company|Co\.?))?)(?![\p{L}])`, "gud");
const NOT_ORG_LEAD = /^(?:The|A|An|Dear|To|From|Re|Private|Medical|National|Health|Travel|Life|Eye|Minor|Major|And|Or|Of|In|At|For|With|Seen|Called|Cc|Per)$/u;

/** The line holding `at` when it is at most `max` characters long, else undefined (a bounded look: linear in the text). */
function shortLineOf(text: string, at: number, max: number): string | undefined {
  const from = Math.max(0, at - max - 1);
  const before = text.slice(from, at);
  const nl = before.lastIndexOf("\n");
  if (nl < 0 && from > 0) return undefined;
  const s = nl < 0 ? from : from + nl + 1;
  const after = text.slice(at, Math.min(text.length, s + max + 1));
  const nl2 = after.indexOf("\n");
  const e = nl2 < 0 ? at + after.length : at + nl2;
  if (nl2 < 0 && e < text.length) return undefined;
  return e - s <= max ? text.slice(s, e) : undefined;
}

export function formCandidates(text: string, original: string, lex: RulesEnLexicon, families: { places: boolean; ages: boolean; professions: boolean; identifiers: boolean }): Candidate[] {
  const out: Candidate[] = [];
  if (families.places) {
    for (const [s, e] of groupMatches(RURAL_ROUTE, text)) out.push({ start: s, end: e, label: "Address_Location:Other", score: 0.8, rule: "rural-route" });
    for (const [s, , m] of groupMatches(POSTCODE_CUE, text, 1)) {
      for (const c of m[1].matchAll(ONE_OUTWARD)) {
        const at = s + c.index;
        out.push({ start: at, end: at + c[0].length, label: "Address_Location:Other", score: 0.7, rule: "postcode-district" });
      }
    }
    for (const [s, e] of groupMatches(POSTCODE_BEFORE_CUE, text, 1)) out.push({ start: s, end: e, label: "Address_Location:Other", score: 0.7, rule: "postcode-district" });
  }
  if (families.places) {
    for (const re of [COURT, UNIVERSITY_OF, HOUSING, INSURER]) {
      for (const [s, e] of groupMatches(re, text, 1)) {
        if (NOT_ORG_LEAD.test(text.slice(s, e).split(/[ \t]/)[0])) continue;
        out.push({ start: s, end: e, label: "Organization:Other", score: 0.7, rule: "org-form" });
      }
    }
    for (const [s, e, m] of groupMatches(PIT, text, 1)) {
      if (NOT_ORG_LEAD.test(m[2]) || (!m[3] && lex.common.has(m[2].toLowerCase()))) continue;
      out.push({ start: s, end: e, label: "Organization:Other", score: 0.7, rule: "org-form" });
    }
  }
  if (families.identifiers) {
    for (const re of [SORT_CODE, VEHICLE_REG]) {
      for (const [s, e] of groupMatches(re, text, 1)) if (/\d/.test(text.slice(s, e)) && /[\p{L}]|-/u.test(text.slice(s, e))) out.push({ start: s, end: e, label: "Anonymize_Other", score: 0.7, rule: "id-form" });
    }
    for (const [s, e, m] of groupMatches(XML_ID, text, 2)) if (/\d/.test(m[2])) out.push({ start: s, end: e, label: CAREGIVER_ID_TAGS.has(m[1]) ? "ID:Caregiver" : "ID:Patient", score: 0.8, rule: "xml-id" });
    for (const re of [RX_NUMBER, SSN_LAST4, UK_DRIVING_LICENCE]) for (const [s, e] of groupMatches(re, text, 1)) out.push({ start: s, end: e, label: "ID:Patient", score: 0.8, rule: "id-form" });
  }
  if (families.ages) {
    for (const re of [AGE_AT_FIELD, AGE_DX_AT, AGE_DECEASED, AGE_AFTER_WIDE_DOB]) {
      for (const [s, e] of groupMatches(re, text, 1)) if (Number.parseInt(text.slice(s, e), 10) <= 115) out.push({ start: s, end: e, label: "Age_Birthdate", score: 0.7, rule: "age-form" });
    }
  }
  if (families.professions) {
    for (const [s0, e, m] of groupMatches(AS_A_JOB, text, 1)) {
      // "self-employed", "part-time" before the job are said of the work, not its name.
      const lead = /^(?:(?:self-employed|part-time|full-time|retired|former|semi-retired|freelance)[ \t])+/iu.exec(m[1]);
      const s = s0 + (lead ? lead[0].length : 0);
      const words = text.slice(s, e).split(/[ \t]/);
      const head = words[words.length - 1].toLowerCase();
      if (head.length < 5 || !AGENT_END.test(head) || NOT_AGENT.has(head)) continue;
      if (words.some((w) => STOP_WORDS.has(w.toLowerCase()) || lex.firstNames.has(w.toLowerCase()) && /^\p{Lu}/u.test(w))) continue;
      // Lower-case words as a job is written in running text ("a grain sampler"); a capital only at a line's start.
      if (words.some((w, i) => /^\p{Lu}/u.test(w) && !(i === 0 && /\n[ \t]*$/.test(text.slice(Math.max(0, s - 8), s))))) continue;
      out.push({ start: s, end: e, label: "Profession", score: 0.6, rule: "as-a-agent" });
    }
  }
  // A query is a short line without capitals; a line of a note that starts with a bullet or a space is no query.
  if (families.ages) {
    for (const [s, e] of groupMatches(QUERY_AGE, text, 1)) {
      // The line as written (names are capitalised in `text` on lines without capitals).
      const line = shortLineOf(original, s, 80);
      if (line === undefined || /\p{Lu}/u.test(line) || /[.;]\s/.test(line) || /^[\s\-*•]/u.test(line)) continue;
      if (NOT_BEFORE_QUERY_AGE.test(text.slice(Math.max(0, s - 12), s))) continue;
      if (Number.parseInt(text.slice(s, e), 10) > 115) continue;
      // Weeks are a pregnancy's or a course's ("20 wk anatomy scan") unless a baby is named beside them.
      if (/wks?$/i.test(text.slice(s, e)) && !BABY_BEFORE.test(text.slice(Math.max(0, s - 16), s)) && !BABY_AFTER.test(text.slice(e, e + 16))) continue;
      out.push({ start: s, end: e, label: "Age_Birthdate", score: 0.6, rule: "query-age-unit" });
    }
  }
  return out;
}

/** A line that is only a name in capitals ("TREMAYNE CONRAD JR", "BRANWEN", "TALLIS, EDWINA"): one to four words. */
const UPPER_NAME_LINE = /^[ \t]*(\p{Lu}[\p{Lu}'’\-]+(?:,?[ \t]\p{Lu}[\p{Lu}'’\-]*\.?){0,3})[ \t]*$/gmud;
const NAME_SUFFIX = new Set(["JR", "SR", "II", "III", "IV"]);

/** Capital lines that are a name and nothing else: each word a listed given name or surname (a suffix last), no
 * everyday, medical, clinical or place word; one word only when it is a listed given name. */
export function upperNameLines(original: string, lex: RulesEnLexicon): Candidate[] {
  const out: Candidate[] = [];
  for (const [s, e, m] of groupMatches(UPPER_NAME_LINE, original, 1)) {
    const words = m[1].split(/,?[ \t]/).map((w) => w.replace(/\.$/, ""));
    let given = 0;
    let sur = 0;
    let ok = true;
    for (let i = 0; i < words.length && ok; i++) {
      const w = words[i];
      if (NAME_SUFFIX.has(w) && i === words.length - 1 && i > 0) continue;
      const low = w.toLowerCase();
      if (w.length < 2 || lex.common.has(low) || lex.medical.has(low) || lex.clinicalAcronyms.has(w) || lex.eponyms.has(low) || (lex.places.has(low) && !lex.firstNames.has(low) && !lex.surnames.has(low)) || STOP_WORDS.has(low)) ok = false;
      else if (lex.firstNames.has(low)) given++;
      else if (lex.surnames.has(low)) sur++;
      else ok = false;
    }
    if (!ok || given === 0 || (words.length > 1 && given + sur < 2)) continue;
    out.push({ start: s, end: e, label: "Name:Other", score: 0.6, rule: "upper-name-line" });
  }
  return out;
}

/** An age in the column after a patient's or a client's name on a header line ("Pt: Olwen Tarrant   M   44   …"). */
export function headerAges(text: string, spans: DetectedSpan[]): DetectedSpan[] {
  const added: DetectedSpan[] = [];
  for (let i = 0; i < spans.length; i++) {
    const sp = spans[i];
    if (sp.label !== "Name:Patient" && sp.label !== "Name:Other") continue;
    const nextStart = i + 1 < spans.length ? spans[i + 1].start : text.length;
    const m = HEADER_AGE_AFTER_NAME.exec(text.slice(sp.end, Math.min(nextStart, sp.end + 40)));
    if (!m) continue;
    // The name opens its line after a patient's key ("Pt:", "Name -"): looked for within a bounded window.
    const from = Math.max(0, sp.start - 24);
    const before = text.slice(from, sp.start);
    const nl = before.lastIndexOf("\n");
    if (nl < 0 && from > 0) continue;
    if (!/^[ \t]*(?:pt|patient|name|client|resident)\s{0,2}[:\-]/iu.test(before.slice(nl + 1))) continue;
    if (Number.parseInt(m[1], 10) > 115) continue;
    const start = sp.end + m[0].length - m[1].length;
    added.push({ start, end: start + m[1].length, label: "Age_Birthdate", score: 0.7 });
  }
  if (added.length === 0) return spans;
  return [...spans, ...added].sort((a, b) => a.start - b.start || a.end - b.end);
}
