// Identifiers → "ID:Patient" / "ID:Caregiver": IBAN (mod 97), Belgian national register numbers (mod 97),
// Dutch BSN (11-proof), US SSN, US NPI (Luhn) and record numbers after context words.
//
// Policy for check-digit identifiers: a passing checksum scores 1.0. Where the checksum is strong (mod 97 over 11+
// digits: IBAN, national register number) it suffices on its own. Where it is weak (the 11-proof passes for 1 in 11
// random 9-digit numbers, Luhn for 1 in 10), it needs a context word: a BSN right after "BSN"/"burgerservicenummer"
// scores 1.0; an NPI needs "NPI" right before it, or a passing Luhn with a provider word ("physician", "Dr", ...)
// within 40 characters before it. One exception keeps recall for Dutch notes: exactly 9 digits that pass the
// 11-proof, do not start with 0 (a Belgian landline) and are not part of a longer number count as a BSN at 0.8
// when Dutch is on. A number right after its own context word ("INSZ", "BSN", "MRN", "NPI", ...) is an identifier
// even when its checksum fails (a typo in an identifier is still an identifier): 0.9.
import {
  IBAN_LENGTHS,
  isValidBelgianNationalNumber,
  isValidBsn,
  isValidIban,
  isValidNhsNumber,
  isValidNpi,
  isValidSsn,
  type DetectedSpan,
  type Label,
} from "../../src/contract/index.js";
import type { Lexicon } from "./lexicon.js";
import {
  SCORE_CHECKSUM,
  SCORE_CONTEXT,
  SCORE_PATTERN,
  digitAt,
  isDigitCode,
  isValidDayMonth,
  anchoredPhrase,
  letterBefore,
  unitFollows,
  startOfWordBefore,
  matchAt,
  phraseBefore,
  span,
  wordCharAt,
  wordCharBefore,
  type TextScan,
} from "./text.js";

export interface IdentifierFamilies {
  iban: boolean;
  nationalRegisterNumbers: boolean;
  bsn: boolean;
  ssn: boolean;
  npi: boolean;
  recordNumbers: boolean;
}

export interface IdentifierRules {
  readonly families: IdentifierFamilies;
  readonly dutch: boolean;
  /** The last word of any record context ("nummer", "mrn", "dossier", "id"): a cheap test before the phrases. */
  readonly recordTrigger: RegExp;
  /** Answers of `recordTrigger` per word: the same few words come before most numbers. */
  readonly recordTriggerMemo: Map<string, boolean>;
  readonly patientRecordBefore: RegExp | null;
  /** Words that name a patient's number only before six digits or more ("Opn 0019364852"). */
  readonly weakRecordBefore: RegExp | null;
  readonly caregiverRecordBefore: RegExp | null;
  readonly otherRecordBefore: RegExp | null;
}

const NUMBER_WORD = "(?:nr|no|n°|nº|num|nummer|number|numéro|numero|#)";
const RECORD_TAIL = `\\.?(?:[ \\-]?${NUMBER_WORD}\\.?)?[ \\t]*[:#=|]?[ \\t]*(?:${NUMBER_WORD}\\.?[ \\t]*[:|]?[ \\t]*)?`;

/** Words that end multi-word contexts without being a number word ("patient ID", "numéro national"). */
const CONTEXT_TAIL_WORDS =
  "id|r[ée]f|national|patient|s[ée]jour|code|registratie|plate|pin|s[ée]rie|demande|mission|intervention|[ée]chantillon|pr[ée]l[èe]vement|examen|analyse|r[ée]f[ée]rence|rendez-vous|rdv|afspraak|aanvraag|onderzoek";

function recordContextRegex(sources: readonly string[]): RegExp | null {
  return sources.length === 0 ? null : anchoredPhrase(`(?:${sources.join("|")})${RECORD_TAIL}`);
}

export function compileIdentifierRules(lexicon: Lexicon, families: IdentifierFamilies): IdentifierRules {
  const contexts = [...lexicon.recordContexts, ...lexicon.weakRecordContexts, ...lexicon.caregiverRecordContexts, ...lexicon.otherRecordContexts];
  return {
    families,
    dutch: lexicon.languages.includes("nl"),
    recordTrigger: anchoredPhrase(`(?:${contexts.join("|")}|${NUMBER_WORD}|${CONTEXT_TAIL_WORDS})\\.?`),
    recordTriggerMemo: new Map(),
    patientRecordBefore: recordContextRegex(lexicon.recordContexts),
    weakRecordBefore: recordContextRegex(lexicon.weakRecordContexts),
    caregiverRecordBefore: recordContextRegex(lexicon.caregiverRecordContexts),
    otherRecordBefore: recordContextRegex(lexicon.otherRecordContexts),
  };
}

interface Found {
  start: number;
  end: number;
  label: Label;
  score: number;
}

/** A match at [start, end) is not glued to a longer number by a separator ("1.234.567.890.12"). */
function freeStanding(text: string, start: number, end: number): boolean {
  if (wordCharBefore(text, start) || wordCharAt(text, end)) return false;
  if ("./-,".includes(text[start - 1] ?? "") && digitAt(text, start - 2)) return false;
  if ("./-,".includes(text[end] ?? "") && digitAt(text, end + 1)) return false;
  return true;
}

function digitsOf(s: string): string {
  let digits = "";
  for (let i = 0; i < s.length; i++) if (isDigitCode(s.charCodeAt(i))) digits += s[i];
  return digits;
}

// ── IBAN ────────────────────────────────────────────────────────────────────────────────────────────────────────

function isAsciiLetter(ch: string | undefined): boolean {
  if (ch === undefined) return false;
  const c = ch.charCodeAt(0) | 0x20;
  return c >= 97 && c <= 122;
}

function isAsciiAlnum(ch: string | undefined): boolean {
  return isAsciiLetter(ch) || (ch !== undefined && isDigitCode(ch.charCodeAt(0)));
}

/** Country letters just before the check digits; the IBAN is read over single spaces up to its country length. */
function ibanAt(text: string, s: number, e: number): Found | null {
  const start = s - 2;
  if (start < 0 || !isAsciiLetter(text[start]) || !isAsciiLetter(text[start + 1]) || wordCharBefore(text, start)) {
    return null;
  }
  if (e - s < 2) return null;
  const length = IBAN_LENGTHS[text.slice(start, start + 2).toUpperCase()];
  if (!length) return null;
  let compact = "";
  let i = start;
  while (i < text.length && compact.length < length) {
    const ch = text[i];
    if (isAsciiAlnum(ch)) {
      compact += ch;
      i++;
    } else if (ch === " " && compact.length >= 4 && isAsciiAlnum(text[i + 1])) i++;
    else break;
  }
  if (compact.length !== length || isAsciiAlnum(text[i]) || wordCharAt(text, i)) return null;
  if (isValidIban(compact)) return { start, end: i, label: "ID:Patient", score: SCORE_CHECKSUM };
  // Written the way banks print one ("NL37 RABO 0312 8846 51": capitals, groups of four), a number of the country's
  // length is an account even when its check digits fail (a typo, or a number made up for a form).
  return PRINTED_IBAN.test(text.slice(start, i)) ? { start, end: i, label: "ID:Patient", score: SCORE_PATTERN } : null;
}

const PRINTED_IBAN = /^[A-Z]{2}\d{2}(?: [A-Z0-9]{4})+(?: [A-Z0-9]{1,3})?$/;

// ── Belgian national register number ────────────────────────────────────────────────────────────────────────────

const RRN = /\d{2}[. ]?\d{2}[. ]?\d{2}[ .\-]?\d{3}[ .\-]?\d{2}(?!\d)/y;

function rrnAt(text: string, s: number): Found | null {
  const m = matchAt(RRN, text, s);
  if (!m) return null;
  const end = s + m[0].length;
  if (!freeStanding(text, s, end)) return null;
  if (isValidBelgianNationalNumber(digitsOf(m[0]))) return { start: s, end, label: "ID:Patient", score: SCORE_CHECKSUM };
  // "85.11.02-274.61": the printed form (dots and a dash) is the national number's alone; with a plausible birth day
  // and month (bis months +20/+40) it is one even when the check digits fail.
  const printed = PRINTED_RRN.exec(m[0]);
  if (!printed) return null;
  const month = Number(printed[2]) % 20;
  const day = Number(printed[3]);
  return month >= 0 && month <= 12 && Number(printed[2]) <= 52 && day <= 31 ? { start: s, end, label: "ID:Patient", score: SCORE_PATTERN } : null;
}

const PRINTED_RRN = /^(\d{2})\.(\d{2})\.(\d{2})-\d{3}\.\d{2}$/;

// ── Dutch BSN ───────────────────────────────────────────────────────────────────────────────────────────────────

const BSN = /(?:\d{9}|\d{8}|\d{4}\.\d{2}\.\d{3}|\d{3}([. ])\d{3}\1\d{3})(?!\d)/y;
const BSN_CONTEXT = anchoredPhrase("(?:bsn|burgerservice[- ]?nummer|sofi[- ]?nummer)(?:[ ]?(?:nr|no)\\.?)?[ \\t]*[:#]?[ \\t]*");

function bsnAt(text: string, s: number, rules: IdentifierRules): Found | null {
  const m = matchAt(BSN, text, s);
  if (!m) return null;
  const end = s + m[0].length;
  const digits = digitsOf(m[0]);
  if (!freeStanding(text, s, end) || !isValidBsn(digits)) return null;
  if (phraseBefore(text, s, BSN_CONTEXT, 32) >= 0) return { start: s, end, label: "ID:Patient", score: SCORE_CHECKSUM };
  if (rules.dutch && digits.length === 9 && digits[0] !== "0") return { start: s, end, label: "ID:Patient", score: SCORE_PATTERN };
  return null;
}

// ── US SSN ──────────────────────────────────────────────────────────────────────────────────────────────────────

const SSN = /(\d{3})([- ]?)(\d{2})\2(\d{4})(?!\d)/y;
const SSN_CONTEXT = anchoredPhrase("(?:ssn|social security(?: number| no\\.?| #)?)[ \\t]*[:#]?[ \\t]*");

function ssnAt(text: string, s: number): Found | null {
  const m = matchAt(SSN, text, s);
  if (!m) return null;
  const end = s + m[0].length;
  const [, area, sep, group, serial] = m;
  if (!freeStanding(text, s, end) || !isValidSsn(area, group, serial)) return null;
  if (phraseBefore(text, s, SSN_CONTEXT, 32) >= 0) return { start: s, end, label: "ID:Patient", score: SCORE_CONTEXT };
  return sep === "-" ? { start: s, end, label: "ID:Patient", score: SCORE_PATTERN } : null;
}

/**
 * A Social Security number printed with all but its last four digits masked ("***-**-4821", "XXX-XX-4821"), as
 * face sheets and claim forms show it: the four digits are still the patient's and are marked.
 */
const SSN_MASK = /(?:\*{3}|[xX]{3})-(?:\*{2}|[xX]{2})-$/;

function maskedSsnAt(text: string, s: number, e: number): Found | null {
  if (!SSN_MASK.test(text.slice(Math.max(0, s - 7), s)) || wordCharBefore(text, s - 7) || wordCharAt(text, e)) return null;
  return { start: s, end: e, label: "ID:Patient", score: SCORE_CONTEXT };
}

// ── US NPI ──────────────────────────────────────────────────────────────────────────────────────────────────────

const NPI = /\d{10}(?!\d)/y;
const NPI_CONTEXT = anchoredPhrase(
  "(?:npi|national provider identifier|provider (?:id|number|no\\.?))(?:[ ]?(?:number|no\\.?|#))?[ \\t]*[:#]?[ \\t]*",
);
const NPI_WEAK_CONTEXT = /(?<![\p{L}])(?:provider|prescriber|physician|attending|referring|doctor|dr|md)(?![\p{L}])/iu;

function npiAt(text: string, s: number): Found | null {
  const m = matchAt(NPI, text, s);
  if (!m) return null;
  const end = s + 10;
  if (!freeStanding(text, s, end)) return null;
  const valid = isValidNpi(m[0]);
  if (phraseBefore(text, s, NPI_CONTEXT, 40) >= 0) {
    return { start: s, end, label: "ID:Caregiver", score: valid ? SCORE_CHECKSUM : SCORE_CONTEXT };
  }
  if (valid && NPI_WEAK_CONTEXT.test(text.slice(Math.max(0, s - 40), s))) {
    return { start: s, end, label: "ID:Caregiver", score: SCORE_CHECKSUM };
  }
  return null;
}

// ── Record numbers after context words ─────────────────────────────────────────────────────────────────────────

const RECORD_ID = /[A-Za-z]{0,4}-?\d[A-Za-z0-9]*(?:[-./][A-Za-z0-9]+)*/y;
/** Digits written in groups of 3–4 ("972 046 2930"): one identifier when it follows its context word. */
const GROUPED_DIGITS = /\d{3,4}(?: \d{3,4}){1,3}(?!\d)/y;
const WHOLE_DATE = /^(\d{1,2})([./-])(\d{1,2})\2(\d{2}|\d{4})$/;

/** Letters that open an identifier and name it at the same time ("EPD5331282", "MRN12345"). */
const SELF_NAMED_PREFIXES: ReadonlySet<string> = new Set(["epd", "mrn", "pid", "ipp"]);

/** A bare "nr"/"no"/"n°" is a record-number label, unless it numbers a phone, a room or a house. */
const BARE_NUMBER_WORDS: ReadonlySet<string> = new Set(["nr", "nr.", "no", "no.", "n°", "nº", "#"]);
const NOT_RECORD_OWNERS: ReadonlySet<string> = new Set([
  "tel", "tel.", "telefoon", "gsm", "fax", "tél", "tél.", "phone", "kamer", "room", "chambre", "huis", "bus", "boîte",
  "bte", "lokaal", "bed", "lit", "box", "route", "versie", "version", "lot", "batch", "order",
]);
const BARE_LABEL_MIN_DIGITS = 6;
/** Digits an identifier needs after a weak record word ("Opn", "ordernr", "rit"): a year or a count has fewer. */
const WEAK_CONTEXT_MIN_DIGITS = 6;
/** A date in either order or a span of years ("12/31/2021", "2019-2020"): never a number after a weak record word. */
const DATE_OR_YEARS = /^\d{1,4}[./-]\d{1,2}[./-]\d{1,4}$|^(?:19|20)\d\d[-/](?:19|20)?\d\d$/;

/** Walks back over up to 4 letters and one hyphen that open an identifier ("A1234567", "AB-1234"). */
function identifierStart(text: string, s: number): number {
  let i = s;
  if (text[i - 1] === "-" && isAsciiLetter(text[i - 2])) i--;
  let letters = 0;
  while (letters < 4 && isAsciiLetter(text[i - 1])) {
    i--;
    letters++;
  }
  return wordCharBefore(text, i) ? s : i;
}

function looksLikeDate(id: string): boolean {
  if (id.length > 10 || id.length < 5) return false;
  const m = WHOLE_DATE.exec(id);
  return m !== null && isValidDayMonth(Number(m[1]), Number(m[3]));
}

function isRecordTrigger(word: string, rules: IdentifierRules): boolean {
  let answer = rules.recordTriggerMemo.get(word);
  if (answer === undefined) {
    answer = rules.recordTrigger.test(word);
    if (rules.recordTriggerMemo.size > 50_000) rules.recordTriggerMemo.clear();
    rules.recordTriggerMemo.set(word, answer);
  }
  return answer;
}

/** The identifier's extent: a grouped national register or NHS-style number, else one alphanumeric token. */
function identifierMatch(text: string, start: number, s: number): RegExpExecArray | null {
  if (start === s) {
    const grouped = matchAt(RRN, text, start) ?? matchAt(GROUPED_DIGITS, text, start);
    if (grouped) return grouped;
  }
  return matchAt(RECORD_ID, text, start);
}

/** The label the context before `start` gives to an identifier and where that context starts, or undefined. */
function recordContext(
  scan: TextScan, start: number, digitCount: number, rules: IdentifierRules, value: string, realDigits = digitCount,
): { label: Label; at: number } | undefined {
  const text = scan.text;
  const contexts: [RegExp | null, Label][] = [
    [rules.patientRecordBefore, "ID:Patient"],
    [rules.caregiverRecordBefore, "ID:Caregiver"],
    [rules.otherRecordBefore, "Anonymize_Other"],
  ];
  for (const [regex, label] of contexts) {
    const at = regex ? phraseBefore(text, start, regex, 48) : -1;
    if (at >= 0) return { label, at };
  }
  if (realDigits >= WEAK_CONTEXT_MIN_DIGITS && rules.weakRecordBefore && !DATE_OR_YEARS.test(value)) {
    const at = phraseBefore(text, start, rules.weakRecordBefore, 32, 3);
    if (at >= 0) return { label: "ID:Patient", at };
  }
  const word = scan.wordBefore(start);
  if (BARE_NUMBER_WORDS.has(word) && digitCount >= BARE_LABEL_MIN_DIGITS) {
    const at = startOfWordBefore(text, start);
    if (!NOT_RECORD_OWNERS.has(scan.wordBefore(at))) return { label: "ID:Patient", at };
  }
  return undefined;
}

/**
 * A Belgian RIZIV/INAMI number written in its own groups ("1-87126-30-004", "1.73524.69.580": 1 + 5 + 2 + 3 digits,
 * one separator throughout) is a caregiver's number without a context word: no date, dose or phone has that shape.
 */
const RIZIV_SHAPE = /[1-9]([-./ ])\d{5}\1\d{2}\1\d{3}(?![\p{L}\p{N}]|[-./]\d| \d)/uy;

function rizivShapeAt(text: string, s: number, e: number): Found | null {
  if (e - s !== 1 || wordCharBefore(text, s) || "-./".includes(text[s - 1] ?? "x")) return null;
  // Groups split by single spaces ("1 23456 78 901") must not go on from a number before them.
  if (text[e] === " " && /\d[ ./-]?$/.test(text.slice(Math.max(0, s - 2), s))) return null;
  const m = matchAt(RIZIV_SHAPE, text, s);
  return m ? { start: s, end: s + m[0].length, label: "ID:Caregiver", score: SCORE_PATTERN } : null;
}

/** Belgian licence plates since 2010 ("1-ABC-123") are distinctive enough without a context word. */
const BELGIAN_PLATE = /[1-9]-[A-Z]{3}-\d{3}(?![\p{L}\p{N}])/uy;

/**
 * Dutch plates ("sidecodes": "F-238-XB", "12-ABC-3", "AB-12-CD") are three hyphenated groups of capitals or digits,
 * six characters in all; the shape is common in codes, so only after a vehicle word within a few words.
 */
const DUTCH_PLATE = /(?:[A-Z]{1,3}|\d{1,3})-(?:[A-Z]{1,3}|\d{1,3})-(?:[A-Z]{1,3}|\d{1,3})(?![\p{L}\p{N}-])/uy;
const VEHICLE_CUE = /(?:kenteken|nummerplaat|plaat|immatriculation|plaque|license plate|registration)\b[^\n]{0,30}\n?[ \t]*$/iu;
/**
 * Dutch plates of the sidecodes since 2006 with three letters between digits ("52-RTF-8", "7-GZL-64"): no vowels,
 * as the registration authority issues them, so no word or code of a note has this shape; they need no vehicle word.
 */
const DUTCH_PLATE_BARE = /^(?:\d{2}-[BDFGHJKLNPRSTVXZ]{3}-\d|\d-[BDFGHJKLNPRSTVXZ]{3}-\d{2})$/;

function dutchPlateAt(text: string, s: number): Found | null {
  let start = s;
  while (start > 0 && s - start < 4 && /[A-Z-]/.test(text[start - 1])) start--;
  if (wordCharBefore(text, start)) return null;
  const plate = matchAt(DUTCH_PLATE, text, start);
  if (!plate || plate[0].replace(/-/g, "").length !== 6 || !/[A-Z]/.test(plate[0])) return null;
  if (!DUTCH_PLATE_BARE.test(plate[0]) && !VEHICLE_CUE.test(text.slice(Math.max(0, start - 48), start))) return null;
  return { start, end: start + plate[0].length, label: "Anonymize_Other", score: SCORE_CONTEXT };
}

function plateAt(text: string, s: number, e: number): Found | null {
  if (e - s === 1 && text[e] === "-" && !wordCharBefore(text, s)) {
    const plate = matchAt(BELGIAN_PLATE, text, s);
    if (plate) return { start: s, end: s + plate[0].length, label: "Anonymize_Other", score: SCORE_PATTERN };
  }
  return e - s <= 3 && (text[e] === "-" || text[s - 1] === "-") ? dutchPlateAt(text, s) : null;
}

/**
 * A compound that names a number ("cliëntnummer", "aansluitingsnummer", "staalnr.", "reg.nr.", "AGB-code",
 * "RIZIV-nummer"), right before the identifier or one word before it ("RIZIV-nummer huisarts: ..."). Numbers of
 * phones, rooms, houses, versions and batches are no identifiers of a person.
 */
const NUMBER_COMPOUND = /^(?:[\p{L}.]+-?)(?:nummer|nr\.?|code)$/u;
const NOT_PERSON_NUMBERS = /^(?:telefoon|tel|gsm|fax|mobiel|huis|kamer|bus|bed|versie|lot|batch|lijn|pagina|blz|post|order|route|bestel|artikel|serie|zaal|lokaal|toestel|pin|btw|kvk|ondernemings)/u;
const CAREGIVER_NUMBER_WORDS = /^(?:riziv|inami|agb|big|npi|uzi)/u;
/** Digits an identifier needs after a compound number word ("Staalnr.: 2403210577"). */
const COMPOUND_MIN_DIGITS = 4;

function compoundNumberContext(scan: TextScan, start: number): { label: Label; at: number } | undefined {
  let at = start;
  for (let words = 0; words < 2; words++) {
    const word = scan.wordBefore(at);
    if (word === "") return undefined;
    const wordStart = startOfWordBefore(scan.text, at);
    if (NUMBER_COMPOUND.test(word) && word.length >= 4 && !NOT_PERSON_NUMBERS.test(word)) {
      return { label: CAREGIVER_NUMBER_WORDS.test(word) ? "ID:Caregiver" : "ID:Patient", at: wordStart };
    }
    // One plain word may stand between ("RIZIV-nummer huisarts:", "AGB-code praktijk:").
    if (!/^\p{Ll}{3,12}$/u.test(word)) return undefined;
    at = wordStart;
  }
  return undefined;
}

function recordAt(scan: TextScan, r: number, rules: IdentifierRules): Found | null {
  const text = scan.text;
  const s = scan.runs[r];
  const start = identifierStart(text, s);
  if (wordCharBefore(text, start)) return null;
  const selfNamed = start < s && SELF_NAMED_PREFIXES.has(text.slice(start, s).replace("-", "").toLowerCase());
  if (!selfNamed && !isRecordTrigger(start === s ? scan.wordBeforeRun(r) : scan.wordBefore(start), rules)) {
    const compound = compoundNumberContext(scan, start);
    if (!compound) return null;
    const m = identifierMatch(text, start, s);
    if (!m || m[0].length > 30) return null;
    const end = start + m[0].length;
    if (wordCharAt(text, end) || digitsOf(m[0]).length < COMPOUND_MIN_DIGITS || looksLikeDate(m[0])) return null;
    return { start, end, label: compound.label, score: SCORE_CONTEXT };
  }
  const m = identifierMatch(text, start, s);
  if (!m || m[0].length > 30) return null;
  const end = start + m[0].length;
  const digits = digitsOf(m[0]);
  if (wordCharAt(text, end) || digits.length < 2 || m[0].length < 3 || looksLikeDate(m[0])) return null;
  if (selfNamed) return { start, end, label: "ID:Patient", score: SCORE_CONTEXT };
  const context = recordContext(scan, start, digits.length, rules, m[0]);
  if (!context) return null;
  const nhs = /^nhs/i.test(text.slice(context.at, context.at + 3)) && isValidNhsNumber(digits);
  return { start, end, label: context.label, score: nhs ? SCORE_CHECKSUM : SCORE_CONTEXT };
}

// ── Codes shaped like references: letters and digit groups joined by separators ─────────────────────────────────

/** Letters and digits in groups joined by one hyphen, slash or dot each ("B23-558102", "KNO/TV/24-1187"). */
const CODE_TOKEN = /[A-Za-z0-9]+(?:[-./][A-Za-z0-9]+)*/y;
/** Words before a code that make it a batch, a version or a product, not a person's number. */
const NOT_PERSON_CODE_WORDS: ReadonlySet<string> = new Set([
  ...NOT_RECORD_OWNERS, "lot.", "lotnummer", "lotnr", "lotnr.", "charge", "versie", "v.", "artikel", "art.", "cnk", "ean",
  "model", "type", "ref.", "norm", "iso", "en", "atc", "icd", "icd-10", "dsm", "snomed", "loinc",
]);

const OWN_REFERENCE = /^(?:ons|onze|uw|mijn|notre|votre|n\/|v\/|our|your) ?r[ée]f/iu;

/** A protein or DNA variant: one amino-acid or nucleotide letter, a position, another ("G20210A", "R506Q"). */
const VARIANT = /^[ACDEFGHIKLMNPQRSTVWY]\d{2,6}[ACDEFGHIKLMNPQRSTVWY*X]$/;

/** Where a code that holds index `s` starts: back over letters, digits and single separators between them. */
function codeStart(text: string, s: number): number {
  let i = s;
  while (i > 0 && s - i < 30) {
    if (isAsciiAlnum(text[i - 1])) i--;
    else if ("-./".includes(text[i - 1]) && isAsciiAlnum(text[i - 2])) i--;
    else break;
  }
  return i;
}

/**
 * A reference, case or sample number written as a code ("Stansbiopt B23-558102", "PV nr GE.12.L3.004417/2024",
 * "Ons kenmerk: KNO/TV/24-1187", "polis XK-4410/99182"): a token that opens with letters, joins its groups with
 * hyphens, slashes or dots and holds at least five digits, four of them in a row. Test names, genes and scores
 * ("ICD-10", "CA-125", "HLA-B27") hold fewer, and sequence variants ("R506Q/G20210A") are none; batches, versions
 * and product codes have their own words before them. After a record word or a compound that names a number, any
 * code with two digits counts.
 */
function codeAt(scan: TextScan, r: number, rules: IdentifierRules): Found | null {
  const text = scan.text;
  const s = scan.runs[r];
  const start = codeStart(text, s);
  if (start === s && !"-./".includes(text[s - 1] ?? "x")) return null;
  if (wordCharBefore(text, start) || "-./".includes(text[start - 1] ?? "x") || !isAsciiLetter(text[start])) return null;
  const m = matchAt(CODE_TOKEN, text, start);
  if (!m || m[0].length > 32 || start + m[0].length <= s) return null;
  const code = m[0];
  const end = start + code.length;
  if (wordCharAt(text, end) || ("-./".includes(text[end] ?? "x") && isAsciiAlnum(text[end + 1]))) return null;
  const digits = digitsOf(code).length;
  if (digits < 2 || looksLikeDate(code)) return null;
  // Sequence variants ("R506Q/G20210A", "V617F"): a letter, a position and a letter are no one's number.
  if (code.split(/[-./]/).some((group) => VARIANT.test(group))) return null;
  const word = scan.wordBefore(start);
  const context = isRecordTrigger(word, rules) ? recordContext(scan, start, Math.max(digits, BARE_LABEL_MIN_DIGITS), rules, code, digits) : undefined;
  // "Onze ref.: RT/lmb/26-0583": a letter's reference; a bare "ref." names a product's code.
  if (context && OWN_REFERENCE.test(text.slice(context.at, start))) return { start, end, label: context.label, score: SCORE_CONTEXT };
  if (NOT_PERSON_CODE_WORDS.has(word) || NOT_PERSON_CODE_WORDS.has(word.replace(/[.:]+$/, ""))) return null;
  if (context) return { start, end, label: context.label, score: SCORE_CONTEXT };
  const compound = compoundNumberContext(scan, start);
  if (compound) return { start, end, label: compound.label, score: SCORE_CONTEXT };
  if (digits < 5 || !/[-./]/.test(code) || !/\d{4}/.test(code) || code.length < 7) return null;
  return { start, end, label: "ID:Patient", score: SCORE_PATTERN };
}

// ── Bare identifiers: 7–12 digits as a field value or next to a name ────────────────────────────────────────────

/**
 * Words before a bare number that say it counts money, a phone, a room or a business, not a person. Compared with
 * the lower-cased word before the number (cue words and labels of record numbers are the families above).
 */
const NOT_BARE_ID_OWNERS: ReadonlySet<string> = new Set([
  ...NOT_RECORD_OWNERS, "mobiel", "gsm-nummer", "telefoonnummer", "telnr", "tel.nr", "tel.nr.", "fax.", "bedrag", "totaal",
  "prijs", "kost", "kosten", "eur", "euro", "usd", "btw", "kvk", "ondernemingsnummer", "lot.", "lotnummer", "batch", "pagina",
  "blz", "p.", "pp.", "art.", "artikel", "cnk", "ean", "barcode", "leukocyten", "trombocyten", "erytrocyten", "cellen",
  "kopieën", "aantal", "totaal:", "score", "stappen", "calorieën", "kcal", "stuks",
]);
const BARE_ID_MIN_DIGITS = 7;
const BARE_ID_MAX_DIGITS = 12;

/** The character index of the first non-space before `index` (or -1), past up to 3 spaces and tabs. */
function nonSpaceBefore(text: string, index: number): number {
  let i = index - 1;
  while (i >= 0 && index - i <= 3 && (text[i] === " " || text[i] === "\t" || text[i] === "\u00a0")) i--;
  return i;
}

/** True when a capitalised word (a name, "Patiënt") ends right before `index`, past a comma, a dash or a bracket. */
function capitalisedWordBefore(text: string, index: number): boolean {
  let i = nonSpaceBefore(text, index);
  if (i >= 0 && ",-–(".includes(text[i])) i = nonSpaceBefore(text, i);
  if (i < 0 || !letterBefore(text, i + 1)) return false;
  let start = i + 1;
  while (start > 0 && i + 1 - start < 30 && (letterBefore(text, start) || text[start - 1] === "'")) start--;
  const word = text.slice(start, i + 1);
  return /^\p{Lu}\p{Ll}+$/u.test(word) || (/^\p{Lu}{3,}$/u.test(word) && word.length <= 20 && /\p{Lu}{2}/u.test(word) && word !== word.toLowerCase());
}

/** True when a capitalised word starts right after `index`, past a comma, a dash or a bracket ("4839201 Peeters"). */
function capitalisedWordAfter(text: string, index: number): boolean {
  let i = index;
  while (i < text.length && i - index < 3 && " \t\u00a0".includes(text[i])) i++;
  if (",-–)".includes(text[i] ?? "x")) {
    i++;
    while (i < text.length && " \t\u00a0".includes(text[i])) i++;
  }
  return /^\p{Lu}\p{Ll}{2,}(?![\p{L}])/u.test(text.slice(i, i + 32));
}

/**
 * A bare run of 7–12 digits that names nobody's phone, money or room: after a field label and its colon or a cell
 * border ("ID: 7483920193", "Referentie: 20231104577", "| 4839201") or next to a capitalised word ("Jansen, 4839201",
 * "Verbeke Marc 20394857", "Patiënt 7729104"); a number alone proves nothing (a failed checksum stays no identifier). Not a phone shape (0 and 9–10 digits, a "+"),
 * not an amount or a count (a unit, "%", "/", a currency before), not part of a longer number or a date.
 */
function bareIdentifierAt(scan: TextScan, r: number): Found | null {
  const text = scan.text;
  const s = scan.runs[r];
  const e = scan.runs[r + 1];
  const len = e - s;
  if (len < BARE_ID_MIN_DIGITS || len > BARE_ID_MAX_DIGITS || !freeStanding(text, s, e)) return null;
  if (text[s] === "0" && (len === 9 || len === 10)) return null;
  if (text[s - 1] === "+" || text[s - 1] === "#" || text[e] === "/" || text[e] === "%" || unitFollows(text, e)) return null;
  if (/[€$£]/.test(text.slice(Math.max(0, s - 3), s)) || /^\s?(?:€|eur|euro)/i.test(text.slice(e, e + 6))) return null;
  const before = nonSpaceBefore(text, s);
  const word = scan.wordBefore(s);
  if (NOT_BARE_ID_OWNERS.has(word) || NOT_BARE_ID_OWNERS.has(word.replace(/[.:]+$/, ""))) return null;
  const field = before >= 0 && (text[before] === ":" || text[before] === "|" || text[before] === "\t" || text[before] === "=");
  // A number word before ("Nummer 12345675") is the record families' to judge, with their checksums and cues.
  const numberWord = BARE_NUMBER_WORDS.has(word) || /^(?:nummer|number|numéro|numero|num)$/.test(word);
  if (field || (!numberWord && capitalisedWordBefore(text, s)) || capitalisedWordAfter(text, e) || (!numberWord && recordWordEarlierOnLine(text, s))) {
    return { start: s, end: e, label: "ID:Patient", score: SCORE_PATTERN };
  }
  return null;
}

/** A word naming a person's number earlier on the line ("Het BSN op het formulier (316927408)", "Verzekeraar / nr. : X / 673015295"). */
const RECORD_WORD_ON_LINE =
  /(?<![\p{L}])(?:bsn|burgerservicenummer|insz|niss|rijksregister(?:nummer)?|pati[eë]nt(?:en)?nummer|dossiernummer|dossiernr|epd|mrn|polisnummer|polis|lidnummer|aansluitingsnummer|verzekerde?|verzekeraar|ziekenfonds|mutualiteit|nr|nummer|num[ée]ro|n°)(?![\p{L}])[^\n]{0,48}$/iu;
/** Words on the line that make its numbers a phone's, a batch's or an order's. */
const NOT_PERSON_LINE = /(?<![\p{L}])(?:tel|telefoon|gsm|fax|mobiel|pieper|lot|batch|charge|bestel|order|artikel|cnk|ean|kamer|bed|factuur|btw|kvk|ondernemings)/iu;

function recordWordEarlierOnLine(text: string, s: number): boolean {
  // At most 60 characters back, cut at the line's start: constant work per number.
  let window = text.slice(Math.max(0, s - 60), s);
  const lineBreak = window.lastIndexOf("\n");
  if (lineBreak >= 0) window = window.slice(lineBreak + 1);
  return RECORD_WORD_ON_LINE.test(window) && !NOT_PERSON_LINE.test(window);
}

// ── All identifier families over the digit runs ────────────────────────────────────────────────────────────────

// ── Identifiers with a letter prefix: "Q00731846", "VR26001873" ──────────────────────────────────────────────────

/** A record word earlier on the line, plural too ("twee dossiers, Q00731846 en Q00799102"). */
const PREFIXED_ID_CUE =
  /(?<![\p{L}])(?:dossiers?|dossiernummers?|dossiernrs?|nummers?|nrs?|ids?|pati[eë]ntnummers?|pati[eë]nt-?ids?|referenties?|kenmerk|epd|ead|mrn|pid|ipp|num[ée]ros?|records?)(?![\p{L}])[^\n]{0,40}$/iu;

/**
 * One to three capitals glued to six to twelve digits, standing free ("Q00731846", "VR26001873"): an identifier
 * when it is all the text holds (a bare fragment) or when a record word stands earlier on its line (within 40
 * characters). Anchored on the digit run; the letters before it are read back at most three characters.
 */
function prefixedIdAt(scan: TextScan, r: number): Found | null {
  const text = scan.text;
  const s = scan.runs[r];
  const e = scan.runs[r + 1];
  if (e - s < 6 || e - s > 12 || wordCharAt(text, e)) return null;
  let start = s;
  while (start > 0 && s - start < 3 && /[A-Z]/.test(text[start - 1])) start--;
  if (start === s || wordCharBefore(text, start)) return null;
  const alone = text.length <= 40 && text.slice(0, start).trim() === "" && text.slice(e).trim() === "";
  if (!alone && !PREFIXED_ID_CUE.test(text.slice(Math.max(0, start - 60), start))) return null;
  return { start, end: e, label: "ID:Patient", score: alone ? SCORE_PATTERN : SCORE_CONTEXT };
}

// ── Belgian payment references and e-prescriptions ─────────────────────────────────────────────────────────────

/**
 * A Belgian structured communication ("+++064/0641/29317+++", "***…***"): 3 + 4 + 5 digits between three pluses or
 * asterisks, the last two digits the first ten mod 97 (97 for 0). It ties a payment to one patient's invoice; the
 * span is the digits. The shape alone is distinctive (0.9); a passing check scores 1.0.
 */
const STRUCTURED_COMMUNICATION = /(\d{3})\/(\d{4})\/(\d{5})[ ]?(?:\+{3}|\*{3})/y;

function structuredCommunicationAt(text: string, s: number, e: number): Found | null {
  if (e - s !== 3 || !/(?:\+{3}|\*{3})[ ]?$/.test(text.slice(Math.max(0, s - 4), s))) return null;
  const m = matchAt(STRUCTURED_COMMUNICATION, text, s);
  if (!m) return null;
  const digits = m[1] + m[2] + m[3];
  const check = Number(digits.slice(0, 10)) % 97 || 97;
  const end = s + m[1].length + m[2].length + m[3].length + 2;
  return { start: s, end, label: "ID:Patient", score: check === Number(digits.slice(10)) ? SCORE_CHECKSUM : SCORE_CONTEXT };
}

/** The RID of a Belgian electronic prescription (Recip-e): "BEP" and nine capitals or digits ("BEP0K4X7TR2Q"). */
const PRESCRIPTION_RID = /^BEP[0-9A-Z]{9}$/;

function prescriptionRidAt(text: string, s: number): Found | null {
  let start = s;
  while (start > 0 && s - start < 12 && /[0-9A-Z]/.test(text[start - 1])) start--;
  if (!text.startsWith("BEP", start) || wordCharBefore(text, start)) return null;
  let end = s;
  while (end < text.length && end - start < 13 && /[0-9A-Z]/.test(text[end])) end++;
  if (wordCharAt(text, end) || !PRESCRIPTION_RID.test(text.slice(start, end))) return null;
  // Only the first digit run of the RID anchors it, so a RID is found once.
  for (let i = start; i < s; i++) if (isDigitCode(text.charCodeAt(i))) return null;
  return { start, end, label: "ID:Patient", score: SCORE_CONTEXT };
}

function record(found: Found | null, k: number, consumed: number[], out: DetectedSpan[]): void {
  if (!found) return;
  out.push(span(found.start, found.end, found.label, found.score));
  consumed[k] = found.end;
}

/** Another digit group follows the run ending at `e`, directly or after one separator ("85.07", "123 45"). */
function groupFollows(text: string, e: number): boolean {
  return digitAt(text, e) || (" .-".includes(text[e] ?? "x") && digitAt(text, e + 1));
}

/** Tries each enabled family at a digit run [s, e); the length of the run is a cheap filter before each regex. */
function identifiersAt(scan: TextScan, r: number, rules: IdentifierRules, consumed: number[], out: DetectedSpan[]): void {
  const text = scan.text;
  const s = scan.runs[r];
  const e = scan.runs[r + 1];
  const f = rules.families;
  const len = e - s;
  if (f.iban && s >= consumed[0]) record(ibanAt(text, s, e), 0, consumed, out);
  if (f.nationalRegisterNumbers && s >= consumed[1] && (len === 11 || ((len === 2 || len === 6) && groupFollows(text, e)))) {
    record(rrnAt(text, s), 1, consumed, out);
  }
  if (f.bsn && s >= consumed[2] && (len === 8 || len === 9 || ((len === 3 || len === 4) && groupFollows(text, e)))) {
    record(bsnAt(text, s, rules), 2, consumed, out);
  }
  if (f.ssn && s >= consumed[3] && (len === 9 || (len === 3 && groupFollows(text, e)))) record(ssnAt(text, s), 3, consumed, out);
  if (f.ssn && s >= consumed[3] && len === 4) record(maskedSsnAt(text, s, e), 3, consumed, out);
  if (f.npi && s >= consumed[4] && len === 10) record(npiAt(text, s), 4, consumed, out);
  // A record number has at least two digits: a lone digit must go on with a separator or letters ("1-23456", "6DDH199").
  if (f.recordNumbers && s >= consumed[5] && (len >= 2 || "-./".includes(text[e] ?? "x") || isAsciiLetter(text[e]))) {
    // A bare number that another family already named (an NPI, a BSN) is not named twice.
    const taken = out.length > 0 && out[out.length - 1].end > s;
    record(
      recordAt(scan, r, rules) ?? structuredCommunicationAt(text, s, e) ?? prescriptionRidAt(text, s) ?? plateAt(text, s, e) ?? rizivShapeAt(text, s, e) ??
        (taken ? null : codeAt(scan, r, rules) ?? bareIdentifierAt(scan, r) ?? prefixedIdAt(scan, r)),
      5, consumed, out,
    );
  } else if (f.recordNumbers && s >= consumed[5] && len === 1 && text[e] === " ") {
    record(rizivShapeAt(text, s, e), 5, consumed, out);
  }
}

export function findIdentifiers(scan: TextScan, rules: IdentifierRules): DetectedSpan[] {
  const runs = scan.runs;
  const out: DetectedSpan[] = [];
  // Each family keeps its own scan position so that families may overlap each other.
  const consumed = [0, 0, 0, 0, 0, 0];
  for (let r = 0; r < runs.length; r += 2) identifiersAt(scan, r, rules, consumed, out);
  return out;
}

// ── Repeated identifiers ───────────────────────────────────────────────────────────────────────────────────────

const REPEAT_MIN_DIGITS = 6;

/**
 * An identifier found once (after its cue word, in its column, by its checksum) is the same identifier where its
 * digits stand again in the text without a cue ("PatNr 000736481" … a barcode line "*000736481*"): every other digit
 * run of six digits or more that spells a found identifier exactly, standing free (no letter or digit beside it).
 * One pass over the digit runs with a set of the found identifiers' digits: linear.
 */
export function findRepeatedIdentifiers(scan: TextScan, found: readonly DetectedSpan[]): DetectedSpan[] {
  const text = scan.text;
  const known = new Map<string, Label>();
  for (const f of found) {
    if (!f.label.startsWith("ID:") || f.end - f.start < REPEAT_MIN_DIGITS) continue;
    const value = text.slice(f.start, f.end);
    if (/^\d+$/.test(value)) known.set(value, f.label);
  }
  if (known.size === 0) return [];
  const taken = new Set(found.map((f) => f.start));
  const out: DetectedSpan[] = [];
  const runs = scan.runs;
  for (let r = 0; r < runs.length; r += 2) {
    const s = runs[r];
    const e = runs[r + 1];
    if (e - s < REPEAT_MIN_DIGITS || taken.has(s) || wordCharBefore(text, s) || wordCharAt(text, e)) continue;
    if ("./-,".includes(text[s - 1] ?? "") && digitAt(text, s - 2)) continue;
    if ("./-,".includes(text[e] ?? "") && digitAt(text, e + 1)) continue;
    const label = known.get(text.slice(s, e));
    if (label) out.push(span(s, e, label, SCORE_CONTEXT));
  }
  return out;
}
