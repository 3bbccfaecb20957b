// Runs the enabled pattern families over one text. The text is scanned once for digit runs, which anchor every
// numeric family; e-mail, URL and IPv6 look for their own anchors ("@", a scheme or "www.", ":").
import type { DetectedSpan } from "../../src/contract/index.js";
import { compileAgeRules, findAges, type AgeRules } from "./ages.js";
import { findBareDomains, findEmails, findHandles, findIpAddresses, findUrls } from "./contacts.js";
import { compileDateRules, dayFirstRules, findDates, type DateRules } from "./dates.js";
import { compileIdentifierRules, findIdentifiers, findRepeatedIdentifiers, type IdentifierRules } from "./identifiers.js";
import { buildLexicon, type Language } from "./lexicon.js";
import { compilePhoneRules, findPhones, type PhoneRules } from "./phones.js";
import { compilePostalRules, findPostalCodes, type PostalRules } from "./postal.js";
import { findRecordFields } from "./records.js";
import { findTableCells } from "./tables.js";
import { scanText, sortAndDeduplicate } from "./text.js";

export const FAMILIES = [
  "dates",
  "phones",
  "emails",
  "urls",
  "iban",
  "nationalRegisterNumbers",
  "bsn",
  "ssn",
  "npi",
  "recordNumbers",
  "ipAddresses",
  "postalCodes",
  "ages",
] as const;
export type Family = (typeof FAMILIES)[number];

export interface PatternOptions {
  families: Record<Family, boolean>;
  languages: readonly Language[];
}

/** Everything compiled once per detector: regexes built from the chosen languages' words. */
export interface CompiledPatterns {
  readonly families: Readonly<Record<Family, boolean>>;
  /** Whether any identifier family is on (they share one pass). */
  readonly identifiersOn: boolean;
  readonly dates: DateRules;
  /** The date rules reading numbers day first only. */
  readonly datesDayFirst: DateRules;
  readonly phones: PhoneRules;
  readonly identifiers: IdentifierRules;
  readonly postal: PostalRules;
  readonly ages: AgeRules;
}

const IDENTIFIER_FAMILIES: readonly Family[] = ["iban", "nationalRegisterNumbers", "bsn", "ssn", "npi", "recordNumbers"];

export function compilePatterns(options: PatternOptions): CompiledPatterns {
  const lexicon = buildLexicon(options.languages);
  const f = options.families;
  const dates = compileDateRules(lexicon);
  return {
    families: { ...f },
    identifiersOn: IDENTIFIER_FAMILIES.some((family) => f[family]),
    dates,
    datesDayFirst: dayFirstRules(dates),
    phones: compilePhoneRules(lexicon),
    identifiers: compileIdentifierRules(lexicon, {
      iban: f.iban,
      nationalRegisterNumbers: f.nationalRegisterNumbers,
      bsn: f.bsn,
      ssn: f.ssn,
      npi: f.npi,
      recordNumbers: f.recordNumbers,
    }),
    postal: compilePostalRules(lexicon),
    ages: compileAgeRules(lexicon),
  };
}

/** All spans of the enabled families, sorted by (start, end, label), one per (start, end, label). */
export interface DetectOptions {
  /** Read numeric dates day first only ("01-13-2018" is no date). */
  dayFirst?: boolean;
  /**
   * Only what the leak guard keeps (src/transform/leak-guard.ts, labels of categories ID and Contactdetails): the
   * families that return dates, postal codes and ages alone are not run. Every other family runs as always (table
   * cells too: their ages decide which lines are headers), and no family's spans depend on those three, so the
   * identifier and contact spans are the ones of a full run, with the same scores.
   */
  identifiersAndContactsOnly?: boolean;
}

/** Letters OCR reads for digits: O/o for 0, l/I/| for 1. */
const OCR_DIGIT: Readonly<Record<string, string>> = { O: "0", o: "0", l: "1", I: "1", "|": "1" };

/** OCR_TOKEN's first and last character: a digit or a look-alike letter. */
function isOcrUnit(code: number): boolean {
  return (code >= 48 && code <= 57) || code === 79 || code === 111 || code === 108 || code === 73 || code === 124;
}

/** The end of the run nextOcrRun last found (read right after the call). */
let ocrRunEnd = 0;

/**
 * The start of the next match of /[0-9OolI|][0-9OolI|./\-]*[0-9OolI|]/g from `from` (the global scan's next match,
 * its end in ocrRunEnd), or -1: the scan's greedy run over the characters and separators, cut back to its last
 * digit or letter; a start with no such character after it is no match, and the scan tries the next position.
 */
function nextOcrRun(text: string, from: number): number {
  const n = text.length;
  for (let i = from; i < n; i++) {
    if (!isOcrUnit(text.charCodeAt(i))) continue;
    let last = -1;
    let j = i + 1;
    for (; j < n; j++) {
      const code = text.charCodeAt(j);
      if (isOcrUnit(code)) last = j;
      else if (code !== 46 && code !== 47 && code !== 45) break;
    }
    if (last < 0) {
      i = j - 1;
      continue;
    }
    ocrRunEnd = last + 1;
    return i;
  }
  return -1;
}

/** /[OolI|]/.test(run) and two digits or more in run, for run = text.slice(start, end). */
function holdsOcrLetterAndTwoDigits(text: string, start: number, end: number): boolean {
  let letter = false;
  let digits = 0;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code >= 48 && code <= 57) digits++;
    else if (code === 79 || code === 111 || code === 108 || code === 73 || code === 124) letter = true;
  }
  return letter && digits >= 2;
}

/**
 * A scanned note writes "l9-O4-l956", "O475/12.34.56" and "2O23": inside a run of digits, separators and those
 * letters that holds at least two real digits and no other letter, each letter is read as its digit. One
 * character for one, so offsets are unchanged; text without such runs is returned as it is.
 */
export function readOcrDigits(text: string): string {
  let out: string | undefined;
  for (let at = nextOcrRun(text, 0); at >= 0; at = nextOcrRun(text, ocrRunEnd)) {
    const start = at;
    const end = ocrRunEnd;
    // Most runs are plain numbers: they are passed over without a match array or a substring.
    if (!holdsOcrLetterAndTwoDigits(text, start, end)) continue;
    const run = text.slice(start, end);
    // Not part of a word ("Tel0", "Hoofdstraat"): letters or digits may not touch the run.
    if (/[\p{L}\p{N}]/u.test(text[start - 1] ?? "") || /[\p{L}\p{N}]/u.test(text[end] ?? "")) continue;
    out ??= text;
    const fixed = run.replace(/[OolI|]/g, (ch) => OCR_DIGIT[ch]);
    out = out.slice(0, start) + fixed + out.slice(end);
  }
  return readOcrDigitChains(out ?? text);
}

/** Groups of digits and look-alike letters joined by single spaces, slashes, dots or hyphens ("0486 l7 93 O5"). */
const OCR_CHAIN = /(?<![\p{L}\p{N}|])[0-9OolI]+(?![\p{L}\p{N}|])(?:[ ./-][0-9OolI]+(?![\p{L}\p{N}|])){1,6}/gu;

/**
 * A phone or an identifier scanned in groups ("0486 l7 93 O5", "O5l/33 4l ll"): a group may hold fewer than two real
 * digits when its chain of groups holds at least four real digits and eight digit-like characters in all; then each
 * look-alike letter of the chain is read as its digit. Letters or digits may not touch the chain.
 */
export function readOcrDigitChains(text: string): string {
  let out: string | undefined;
  OCR_CHAIN.lastIndex = 0;
  for (let m = OCR_CHAIN.exec(text); m; m = OCR_CHAIN.exec(text)) {
    const run = m[0];
    if (!/[OolI]/.test(run)) continue;
    const start = m.index;
    const end = start + run.length;
    if (/[\p{L}\p{N}]/u.test(text[start - 1] ?? "") || /[\p{L}\p{N}]/u.test(text[end] ?? "")) continue;
    const digits = run.match(/[0-9]/g)?.length ?? 0;
    const digitLike = run.replace(/[ ./-]/g, "").length;
    if (digits < 4 || digitLike < 8) continue;
    out ??= text;
    out = out.slice(0, start) + run.replace(/[OolI]/g, (ch) => OCR_DIGIT[ch]) + out.slice(end);
  }
  return out ?? text;
}

/** The spans of `extra` that overlap none of `sorted` (sorted by start; a merge walk, linear after sorting). */
function withoutOverlaps(extra: DetectedSpan[], sorted: readonly DetectedSpan[]): DetectedSpan[] {
  const out: DetectedSpan[] = [];
  const ordered = [...extra].sort((x, y) => x.start - y.start);
  let i = 0;
  let reach = -1;
  for (const e of ordered) {
    while (i < sorted.length && sorted[i].start < e.end) {
      reach = Math.max(reach, sorted[i].end);
      i++;
    }
    // `reach` is the furthest end of the spans that start before e.end (or before an earlier, longer extra's end:
    // then a span may be counted that does not touch e, and e is dropped; never one kept that overlaps).
    if (reach <= e.start) out.push(e);
  }
  return out;
}

export function detectPatterns(text: string, compiled: CompiledPatterns, options: DetectOptions = {}): DetectedSpan[] {
  const f = compiled.families;
  // Numeric families read OCR look-alike letters as digits; the text-based families read the text as written.
  const numeric = readOcrDigits(text);
  const scan = scanText(numeric);
  const all = !options.identifiersAndContactsOnly;
  let spans: DetectedSpan[] = [];
  if (f.dates && all) spans = spans.concat(findDates(scan, options.dayFirst ? compiled.datesDayFirst : compiled.dates));
  if (f.phones) spans = spans.concat(findPhones(scan, compiled.phones));
  if (f.emails) spans = spans.concat(findEmails(text), findHandles(text));
  if (f.urls) spans = spans.concat(findUrls(text), findBareDomains(text));
  if (compiled.identifiersOn) spans = spans.concat(findIdentifiers(scan, compiled.identifiers));
  if (f.ipAddresses) spans = spans.concat(findIpAddresses(scan));
  if (f.postalCodes && all) spans = spans.concat(findPostalCodes(scan, compiled.postal));
  if (f.ages && all) spans = spans.concat(findAges(scan, compiled.ages));
  if (f.ages || f.recordNumbers || f.postalCodes || f.phones) {
    spans = spans.concat(
      findTableCells(numeric, { ages: f.ages, identifiers: f.recordNumbers, postalCodes: f.postalCodes && all, contacts: f.phones }),
    );
  }
  if (f.recordNumbers || f.phones || f.dates || f.ages) {
    // Record fields only add what no other family found: where one did, its span and label stand.
    const fields = findRecordFields(text, numeric, {
      identifiers: f.recordNumbers,
      contacts: f.phones,
      dates: f.dates && all,
      ages: f.ages && all,
      postalCodes: f.postalCodes && all,
    });
    if (fields.length > 0) spans = spans.concat(withoutOverlaps(fields, sortAndDeduplicate(spans)));
  }
  if (f.recordNumbers && spans.length > 0) {
    const repeated = findRepeatedIdentifiers(scan, spans);
    if (repeated.length > 0) spans = spans.concat(withoutOverlaps(repeated, sortAndDeduplicate(spans)));
  }
  return sortAndDeduplicate(spans);
}
