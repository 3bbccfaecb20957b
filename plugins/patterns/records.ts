// Structured records (issue 11, round nine): values by the field that holds them, not by their own shape alone.
//
// 1. HL7 v2 segments ("PID|1||4455123^^^ZKH^MR||…"): fields are read by position. Identifiers (PID-2/3/4/18/19/20,
//    PV1-19, the order numbers of OBR/ORC-2/3, the policy number IN1-36, the first component of a caregiver's XCN
//    field), the birth date PID-7, date-times (MSH-7, EVN-2, PV1-44/45, OBR-7/8/14/22, ORC-9, OBX-14) and phone
//    fields (PID-13/14, NK1-5/6) become spans. A line counts as a segment only when it starts with a known segment
//    name and a "|" and a message header or PID has been seen in the text.
// 2. Key-value fields whose key names an identifier, a phone or pager, a birth date, an age or a postcode: "Polisnummer:   VZ
//    208 551 904", "ZIS-nr:    4419027", "Sein arts: 3381", "insz=64093012345", JSON ("\"insz\": \"640930…\"") and
//    XML (<dossiernr>A778812</dossiernr>). The key ends with ":", "=", a run of dots or an XML tag; the value runs
//    to the end of the line, a tab, two spaces, "|", ";" or the closing quote or tag, and must have the shape of
//    its field (an identifier holds at least four digits and at most four letters per group; a phone 8–15 digits,
//    an extension 3–5; an age 0–120 with an optional unit).
// 3. A line that is only a number of 7, 8 or 12 digits, maybe after a bullet: an identifier (not a date shape).
// One pass over the lines with bounded patterns: linear in the text.
import type { DetectedSpan, Label } from "../../src/contract/index.js";
import { SCORE_CONTEXT, SCORE_PATTERN, span } from "./text.js";

export interface RecordFamilies {
  identifiers: boolean;
  /** Postcodes after a postcode key ("\"postcode\": \"3500\""). */
  postalCodes?: boolean;
  contacts: boolean;
  dates: boolean;
  ages: boolean;
}

/** Folded key: lower case, no diacritics, letters and digits only. */
function fold(s: string): string {
  return s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9°]/g, "");
}

// ── HL7 v2 ─────────────────────────────────────────────────────────────────────────────────────────────────────────

const SEGMENT = /^(MSH|EVN|PID|PD1|PV1|PV2|NK1|ORC|OBR|OBX|IN1|GT1|AL1|DG1|NTE|TXA|SCH|RGS|AIL|AIP)\|/;
const SEGMENT_NAME = /^(?:MSH|EVN|PID|PD1|PV1|PV2|NK1|ORC|OBR|OBX|IN1|GT1|AL1|DG1|NTE|TXA|SCH|RGS|AIL|AIP)$/;

/** A message's delimiters: the field separator is MSH-1, the component and repetition separators open MSH-2. */
interface Hl7Delimiters {
  readonly field: string;
  readonly component: string;
  readonly repetition: string;
}

const STANDARD_DELIMITERS: Hl7Delimiters = { field: "|", component: "^", repetition: "~" };

/**
 * The delimiters a header line declares ("MSH#^~\&#…": a sender that separates fields with "#"): the character
 * after "MSH" and, right after it, two to four encoding characters closed by the same separator. Only a
 * punctuation mark other than "|" counts (the standard delimiters need no declaration); null otherwise.
 */
function declaredDelimiters(line: string): Hl7Delimiters | null {
  const m = /^MSH([#!$%*+\/:;?@_`{}-])([\^~\\&!$%*+/:;?@_`{}-]{2,4})\1/.exec(line);
  if (!m || m[2].includes(m[1])) return null;
  const [component, repetition] = [m[2][0], m[2][1]];
  return component === repetition ? null : { field: m[1], component, repetition };
}

type FieldKind = "id" | "caregiverId" | "birth" | "date" | "phone";

/** Field number → kind, per segment (HL7 v2.5 positions). */
const HL7_FIELDS: Readonly<Record<string, Readonly<Record<number, FieldKind>>>> = {
  MSH: { 7: "date" },
  EVN: { 2: "date", 6: "date" },
  PID: { 2: "id", 3: "id", 4: "id", 7: "birth", 13: "phone", 14: "phone", 18: "id", 19: "id", 20: "id", 29: "date" },
  PD1: { 4: "caregiverId" },
  PV1: { 7: "caregiverId", 8: "caregiverId", 9: "caregiverId", 17: "caregiverId", 19: "id", 44: "date", 45: "date" },
  NK1: { 5: "phone", 6: "phone" },
  ORC: { 2: "id", 3: "id", 9: "date", 12: "caregiverId" },
  OBR: { 2: "id", 3: "id", 6: "date", 7: "date", 8: "date", 14: "date", 16: "caregiverId", 22: "date" },
  OBX: { 14: "date", 19: "date" },
  IN1: { 12: "date", 13: "date", 36: "id" },
  GT1: { 6: "phone", 7: "phone" },
  TXA: { 4: "date", 6: "date" },
  SCH: { 11: "date" },
};

const HL7_TIMESTAMP = /^(?:19|20)\d{6}(?:\d{2,6})?(?:\.\d+)?(?:[+-]\d{4})?$/;
/** A date-time of 12 to 14 digits (to the minute or second), with an optional zone. */
const HL7_DATE_TIME = /^(?:19|20)\d{10}(?:\d{2})?(?:[+-]\d{4})?$/;

const isDigit = (code: number): boolean => code >= 48 && code <= 57;

/** "202411071530": month 01–12, day 01–31 of that month, hour 00–23, minute 00–59. */
function isCalendarDateTime(value: string): boolean {
  const [year, month, day, hour, minute] = [value.slice(0, 4), value.slice(4, 6), value.slice(6, 8), value.slice(8, 10), value.slice(10, 12)].map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return month >= 1 && month <= 12 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour <= 23 && minute <= 59;
}

function hl7Value(text: string, start: number, end: number, kind: FieldKind, families: RecordFamilies, out: DetectedSpan[]): void {
  const value = text.slice(start, end);
  if (value.length === 0) return;
  const digits = value.match(/\d/g)?.length ?? 0;
  switch (kind) {
    case "id":
      if (families.identifiers && digits >= 3 && /^[A-Za-z0-9][A-Za-z0-9./-]*$/.test(value)) out.push(span(start, end, "ID:Patient", SCORE_CONTEXT));
      return;
    case "caregiverId":
      if (families.identifiers && digits >= 3 && /^[A-Za-z0-9][A-Za-z0-9./-]*$/.test(value)) out.push(span(start, end, "ID:Caregiver", SCORE_CONTEXT));
      return;
    case "birth":
      if (families.ages && HL7_TIMESTAMP.test(value)) out.push(span(start, end, "Age_Birthdate", SCORE_CONTEXT));
      return;
    case "date":
      if (families.dates && HL7_TIMESTAMP.test(value)) out.push(span(start, end, "Date", SCORE_CONTEXT));
      return;
    case "phone":
      if (families.contacts && ((digits >= 6 && digits <= 15 && /^[+(\d][\d ()./-]*$/.test(value)) || /^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(value))) {
        out.push(span(start, end, "Contactdetails", SCORE_CONTEXT));
      }
  }
}

/** The spans of one segment line [from, to). */
function hl7Segment(
  text: string,
  from: number,
  to: number,
  name: string,
  families: RecordFamilies,
  out: DetectedSpan[],
  delimiters: Hl7Delimiters = STANDARD_DELIMITERS,
): void {
  const { field: fieldSep, component: compSep, repetition: repSep } = delimiters;
  const kinds = HL7_FIELDS[name];
  if (!kinds) return;
  // MSH-1 is the field separator itself, so MSH's n-th field is the (n-1)-th piece after the name.
  const shift = name === "MSH" ? 1 : 0;
  let field = 0;
  let fieldStart = from + name.length + 1;
  for (let i = fieldStart; i <= to; i++) {
    if (i < to && text[i] !== fieldSep) continue;
    field++;
    const kind = kinds[field + shift];
    // A date-time to the minute in a field this table does not name ("…|||20241112094500|…", PV1 fields counted
    // differently by the sender): only a whole field of 12 to 14 digits that reads as a calendar date-time.
    if (!kind && families.dates && i - fieldStart >= 12 && i - fieldStart <= 19 && isDigit(text.charCodeAt(fieldStart))) {
      const value = text.slice(fieldStart, i);
      if (HL7_DATE_TIME.test(value) && isCalendarDateTime(value)) out.push(span(fieldStart, i, "Date", SCORE_CONTEXT));
    }
    if (kind) {
      // Repetitions ("~"), then the first component ("^") of each: the identifier, number or time itself; a phone
      // field may hold its number in a later component, so every component of a phone field is tried.
      let repStart = fieldStart;
      for (let j = fieldStart; j <= i; j++) {
        if (j < i && text[j] !== repSep) continue;
        let compStart = repStart;
        for (let k = repStart; k <= j; k++) {
          if (k < j && text[k] !== compSep) continue;
          hl7Value(text, compStart, k, kind, families, out);
          if (kind !== "phone") break;
          compStart = k + 1;
        }
        repStart = j + 1;
      }
    }
    fieldStart = i + 1;
  }
}

// ── Key-value fields ────────────────────────────────────────────────────────────────────────────────────────────

type KeyKind = "patientId" | "caregiverId" | "contact" | "birth" | "age" | "postal";

/** Keys of patient identifiers, folded; compounds that end in a number word are tried below. */
const PATIENT_ID_KEY =
  /^(?:n°|nº|id|pid|patid|patientid|mrn|bsn|insz|inss|niss|rrn|nn|epd|ead|zis|his|ipp|dossier|rijksregister|burgerservicenummer|numeronational|registrenational|ref|referentie|kenmerk|uwref|uwkenmerk|onsref|reference|votrereference|polis|polisnummer|lidnummer|lidnr|aansluitingsnummer|aansluitingsnr|inschrijvingsnummer|inschrijvingsnr|verzekerdennummer|identificatienummer|identificatie|matricule|patientnumber|recordnumber|ssn|nhs|nhsnumber|policynumber|memberid|membernumber|insuranceid|visitnumber|caseid|casenumber)$/;
const CAREGIVER_ID_KEY =
  /^(?:riziv|rizivnr|rizivnummer|inami|nrinami|numeroinami|big|bignr|bignummer|bigregistratie|agb|agbcode|nihii|nihdi|gebruiker|gebruikersid|gebruikerid|gebruikersnr|userid|user|login|loginid|utilisateur|operator|operateur)$/;
/** "Sein arts", "Pieper verpleging": a phone or pager word, maybe followed by whose it is. */
const CONTACT_KEY =
  /^(?:tel|telefoon|telefoonnr|telefoonnummer|telnr|gsm|gsmnr|gsmnummer|mobiel|mobielnummer|mobile|phone|telephone|fax|faxnr|pieper|piepernr|sein|seinnr|seinnummer|bip|semafoon|toestel|tst|intern|ext|poste|noodnummer|noodcontact|contactnr)(?:arts|verpleging|vpk|dienst|afdeling|huisarts|privé|prive|werk|thuis|patient|patiente|moeder|vader|partner)?$/;
const BIRTH_KEY = /^(?:geb|geboren|geboortedatum|gebdatum|gebdat|geboortejaar|gebjaar|dob|dateofbirth|birthdate|birthdate|datenaissance|datedenaissance|ddn|nele|neele|nee|ne)$/;
const AGE_KEY = /^(?:leeftijd|lft|leeft|lftd|age|ageans|leeftijdjaar)$/;
const POSTAL_KEY = /^(?:postcode|postnr|postnummer|codepostal|cp|zip|zipcode|postalcode)$/;
/** Keys that name an identifier and nothing else: their value may follow after spaces alone. */
const SPACED_KEY = /^(?:riziv|rizivnr|inami|big|agb|nihii|insz|inss|niss|rrn|bsn|mrn|pid|epd|ead|ipp|zisnr|hisnr|n°|nº|dossiernr|dossiernummer|patientnr|patientnummer|rijksregisternr|rijksregisternummer)$/;
/** Compounds naming a number ("Aanvraagnummer", "Staalnr", "Opnamenr"), unless a phone, room, bed, house or batch. */
const NUMBER_COMPOUND_KEY = /^[a-z]{2,}(?:nr|nummer|no|numero|id)$/;
const NOT_ID_KEY =
  /^(?:n|nr|no|numero)?(?:tel|telefoon|gsm|fax|mobiel|huis|kamer|chambre|bed|lit|bus|box|versie|lot|batch|charge|chargenr|pagina|page|blz|route|order|bestel|artikel|zaal|lokaal|toestel|post|btw|kvk|ondernemings|sessie|seance|zitting|lijn|ligne|volg|rang|stap|vlucht|tram|trein|cnk|ean|serie)/;

/** The kind of a key, or of its first word when the rest says whose it is ("Inschrijvingsnummer V.I."). */
function keyKind(key: string): KeyKind | undefined {
  const whole = keyKindOf(fold(key));
  if (whole || !key.includes(" ")) return whole;
  const first = keyKindOf(fold(key.slice(0, key.indexOf(" "))));
  return first === "patientId" || first === "caregiverId" ? first : undefined;
}

function keyKindOf(k: string): KeyKind | undefined {
  if (k.length === 0 || k.length > 30) return undefined;
  if (BIRTH_KEY.test(k)) return "birth";
  if (AGE_KEY.test(k)) return "age";
  if (POSTAL_KEY.test(k)) return "postal";
  if (CONTACT_KEY.test(k)) return "contact";
  if (CAREGIVER_ID_KEY.test(k)) return "caregiverId";
  if (PATIENT_ID_KEY.test(k)) return "patientId";
  if (NUMBER_COMPOUND_KEY.test(k) && !NOT_ID_KEY.test(k)) return "patientId";
  return undefined;
}

/**
 * An identifier as a field value: groups of letters and digits joined by single separators or spaced slashes and
 * dashes ("VZ 208 551 904", "214/ 0571923 - 07", "B-25-330812"), at least four digits in all, no group of more than
 * four letters before the first digit (a word is no identifier).
 */
const ID_VALUE = /^[A-Za-z]{0,4}[ .:/-]?\d[\dA-Za-z]*(?:(?:[ ]?[./-][ ]?|[ ])[\dA-Za-z]+){0,5}$/;
const DATE_VALUE = /^\d{1,2}[./-]\d{1,2}[./-](?:\d{2}|\d{4})$|^\d{4}-\d{2}-\d{2}$/;
/** Emergency and public service numbers ("1733", "112") identify no one. */
const SERVICE_NUMBERS: ReadonlySet<string> = new Set(["112", "100", "101", "110", "911", "999", "1733", "1777", "1813", "116", "070"]);
const PHONE_VALUE = /^(?:\+|00)?\(?\d[\d ()./-]*\d$/;
const AGE_VALUE =
  /^(?:[±~≈]|\+\/?-|ca\.?\s?|circa\s|ongeveer\s|bijna\s|ruim\s|environ\s)?(\d{1,3})\+?(?:\s?(?:j|jr|jaar|a|ans|an|y|yr|yrs|years|mnd|maanden|maand|mois|w|wk|weken|sem|d|dagen|jours))?\.?$/i;
const BIRTH_VALUE = /^(?:\d{1,2}[./-]\d{1,2}[./-](?:\d{2}|\d{4})|\d{4}[./-]\d{1,2}[./-]\d{1,2}|(?:19|20)\d{2}(?:\d{4})?)$/;

function keyValue(text: string, start: number, end: number, kind: KeyKind, families: RecordFamilies, out: DetectedSpan[]): void {
  // Trim the value and an enclosing quote.
  while (start < end && /[\s"']/.test(text[start])) start++;
  while (end > start && /[\s"',.]/.test(text[end - 1])) end--;
  // "RRN 85.07.30-033.28 lorem": words after an identifier are no part of it.
  if (kind === "patientId" || kind === "caregiverId") {
    for (let m = /\s\p{L}{3,}$/u.exec(text.slice(start, end)); m; m = /\s\p{L}{3,}$/u.exec(text.slice(start, end))) end = start + m.index;
  }
  if (end <= start || end - start > 40) return;
  const value = text.slice(start, end);
  const digits = value.match(/\d/g)?.length ?? 0;
  let label: Label | undefined;
  switch (kind) {
    case "patientId":
    case "caregiverId":
      if (families.identifiers && digits >= 4 && ID_VALUE.test(value) && !DATE_VALUE.test(value) && !/^\d{1,2}[:u]\d{2}$/.test(value)) {
        label = kind === "patientId" ? "ID:Patient" : "ID:Caregiver";
      }
      break;
    case "contact":
      if (families.contacts && PHONE_VALUE.test(value) && !SERVICE_NUMBERS.has(value) && !DATE_VALUE.test(value) && ((digits >= 3 && digits <= 5 && /^\d+$/.test(value)) || (digits >= 8 && digits <= 15))) {
        label = "Contactdetails";
      }
      break;
    case "birth":
      if (families.ages && BIRTH_VALUE.test(value)) label = "Age_Birthdate";
      break;
    case "postal":
      if (families.postalCodes && /^(?:B-?)?[1-9]\d{3}(?: ?[A-Z]{2})?$/.test(value)) label = "Address_Location:Other";
      break;
    case "age": {
      const m = AGE_VALUE.exec(value);
      if (families.ages && m && Number(m[1]) <= 120) label = "Age_Birthdate";
    }
  }
  if (label) out.push(span(start, end, label, SCORE_CONTEXT));
}

/**
 * "Key: value", "Key = value", "Key ........ value" at the start of a line or after a previous field (two spaces, a
 * tab, "|" or ";" before the key, or one space before a "key=" of a log line: "tijd=… gebruiker=u70312"), "\"key\": \"value\"" and "<key>value</key>". Keys are one to four words.
 */
const FIELD =
  /(?:^|[\t|;{,]|[ ]{2}|[ ](?=\p{L}[\p{L}\p{N}_.-]{0,30}=))[ \t]*(?:[-*•·]\s?|\d{1,2}[.)]\s)?"?(\p{L}[\p{L}\p{N}°º'’/.-]{0,30}(?:[ ][\p{L}(][\p{L}\p{N}°º'’/.)-]{0,30}){0,3})"?(?:[ \t]*(?::|=|\.{3,}|…+)[ \t.…]*|([ \t]+)(?=[A-Z]{0,4}[ .-]?\d))/gu;
/** A value ends at a tab, two spaces, "|", ";", a closing quote, the line's end, or the next "key=" of a log line. */
const VALUE_END = /\t|[ ]{2}|[|;]|",|"\s*[,}]|"$|[ ](?=\p{L}[\p{L}\p{N}_.-]{0,30}=)|\s*$/gu;
const XML_FIELD = /<([A-Za-z][\w.-]{0,40})>([^<\n]{1,60})<\/\1>/g;

function keyValueFields(text: string, from: number, to: number, families: RecordFamilies, out: DetectedSpan[]): void {
  const line = text.slice(from, to);
  if (line.length > 2000) return;
  FIELD.lastIndex = 0;
  for (let m = FIELD.exec(line); m; m = FIELD.exec(line)) {
    let kind = keyKind(m[1]);
    // Without a colon only a key that is nothing but an identifier's name opens a value ("RIZIV 1-38127-52-004").
    if (kind && m[2] !== undefined && !SPACED_KEY.test(fold(m[1]))) kind = undefined;
    const valueStart = m.index + m[0].length;
    if (!kind) {
      if (m[0].length === 0) FIELD.lastIndex++;
      continue;
    }
    VALUE_END.lastIndex = valueStart + 1;
    const e = VALUE_END.exec(line);
    const valueEnd = e ? e.index : line.length;
    keyValue(text, from + valueStart, from + valueEnd, kind, families, out);
    FIELD.lastIndex = Math.max(valueStart, valueEnd);
  }
  if (line.includes("</")) {
    XML_FIELD.lastIndex = 0;
    for (let m = XML_FIELD.exec(line); m; m = XML_FIELD.exec(line)) {
      const kind = keyKind(m[1]);
      const start = from + m.index + m[1].length + 2;
      if (kind) keyValue(text, start, start + m[2].length, kind, families, out);
    }
  }
}

/**
 * A line that holds nothing but a number of 7, 8 or 12 digits, maybe after a list bullet ("- 5531087", a pasted
 * record number): an identifier. Not a compact date (19870412); nine to eleven digits are left to the checksummed
 * families (BSN, NPI, national number), which name a failed checksum no identifier.
 */
const LONE_NUMBER = /^[ \t]*(?:[-*•·][ \t]*)?(\d{7,12})[ \t]*$/;

function loneNumber(text: string, from: number, end: number, out: DetectedSpan[]): void {
  const m = LONE_NUMBER.exec(text.slice(from, end));
  if (!m) return;
  const n = m[1];
  // Nine, ten and eleven digits are the shapes of BSN, NPI and national numbers: their checksums judge them.
  if (n.length >= 9 && n.length <= 11) return;
  if (n.length === 8 && /^(?:19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])$/.test(n)) return;
  const start = from + m[0].indexOf(n);
  out.push(span(start, start + n.length, "ID:Patient", SCORE_PATTERN));
}

/** A line that may hold a field: a colon, an equals sign, dot leaders, a closing XML tag or a spaced key's name. */
const FIELD_MARK = /[:=…]|\.{3}|<\/|(?:riziv|inami|big|agb|nihii|insz|inss|niss|rrn|bsn|mrn|pid|epd|ead|ipp|n[°º]|nr)(?![a-z])/i;

/**
 * `text` is the note as written; `numeric` the same note with OCR look-alike letters read as digits (same offsets).
 * Segments are split on the text as written (a "|" is also an OCR "1"), key-value fields are read in `numeric`.
 */
export function findRecordFields(text: string, numeric: string, families: RecordFamilies): DetectedSpan[] {
  const out: DetectedSpan[] = [];
  let hl7 = false;
  // Delimiters declared by the last header line that named its own (null: the standard "|", "^", "~").
  let declared: Hl7Delimiters | null = null;
  for (let from = 0; from <= text.length; ) {
    let to = text.indexOf("\n", from);
    if (to < 0) to = text.length;
    const end = to > from && text[to - 1] === "\r" ? to - 1 : to;
    const head = text.slice(from, Math.min(end, from + 4));
    if (head.startsWith("MSH")) declared = declaredDelimiters(text.slice(from, Math.min(end, from + 12)));
    const segment = SEGMENT.exec(head);
    if (declared && head.length === 4 && head[3] === declared.field && SEGMENT_NAME.test(head.slice(0, 3))) {
      hl7Segment(text, from, end, head.slice(0, 3), families, out, declared);
    } else if (segment && (hl7 || segment[1] === "MSH" || segment[1] === "PID" || (text.slice(from, end).match(/\|/g)?.length ?? 0) >= 5)) {
      hl7 = true;
      hl7Segment(text, from, end, segment[1], families, out);
    } else if (FIELD_MARK.test(text.slice(from, end))) {
      keyValueFields(numeric, from, end, families, out);
    } else if (families.identifiers && end - from <= 20) {
      loneNumber(numeric, from, end, out);
    }
    if (to >= text.length) break;
    from = to + 1;
  }
  return out;
}
