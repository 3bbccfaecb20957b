// Dates and ages in Dutch and French as Belgian notes mix them. A date after "°", "geboren (op)", "né(e) le",
// "geboortedatum" is a birth date (Age_Birthdate); ages are numbers with an age unit that are not durations.
import type { Label } from "../../../src/contract/index.js";
import { PRIORITY, type Candidate } from "./candidate.js";
import { AGE_CONTEXT_WORDS, BIRTH_CONTEXT_WORDS, DURATION_WORDS_AFTER, DURATION_WORDS_BEFORE } from "./context.js";
import { foldKey } from "./normalize.js";

const MONTHS_NL = "januari|februari|maart|april|mei|juni|juli|augustus|september|oktober|november|december";
const MONTHS_NL_SHORT = "jan|feb|febr|mrt|apr|jun|jul|aug|sep|sept|okt|nov|dec";
const MONTHS_FR = "janvier|février|fevrier|mars|avril|mai|juin|juillet|août|aout|septembre|octobre|novembre|décembre|decembre";
const MONTHS_FR_SHORT = "janv|févr|fevr|fév|fev|avr|juil|déc";
const MONTHS_EN = "january|february|march|may|june|july|august|october";
const MONTH = `(?:${MONTHS_NL}|${MONTHS_FR}|${MONTHS_EN}|(?:${MONTHS_NL_SHORT}|${MONTHS_FR_SHORT})\\.?)`;
const WEEKDAY =
  "(?:maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|(?:ma|di|wo|do|vr|za|zo)\\.?)";
const DAY = "(?:0?[1-9]|[12]\\d|3[01])";
const DAY_WORD = `(?:${DAY}|1er|1ère|1ste|2de|3de)`;
const MONTH_NUM = "(?:0?[1-9]|1[0-2])";
const YEAR4 = "(?:19\\d{2}|20\\d{2})";
const YEAR = `(?:${YEAR4}|['’\`]?\\d{2})`;
const SEASON = "(?:lente|zomer|herfst|winter|voorjaar|najaar|printemps|été|ete|automne|hiver|begin|eind|einde|midden|half|medio|eind-|début|debut|fin|mi-)";
const B = "(?<![\\p{L}\\p{N}])";
const E = "(?![\\p{L}\\p{N}])";

const DATE_PATTERNS: { name: string; pattern: RegExp }[] = [
  // 12/03/2021, 12-03-21, 12.03.2021 (one separator throughout)
  { name: "dmy", pattern: new RegExp(`${B}${DAY}([./-])${MONTH_NUM}\\1(?:${YEAR4}|\\d{2})(?![\\p{L}\\p{N}]|[./-]\\d)`, "gu") },
  // 2021-03-12
  { name: "ymd", pattern: new RegExp(`${B}${YEAR4}([-/.])${MONTH_NUM}\\1${DAY}(?![\\p{N}]|[./-]\\d)`, "gu") },
  // 12 maart 2021, 1er mars 2020, 12-mrt-2021, 12 mrt. '21, 12 maart
  { name: "d-month-y", pattern: new RegExp(`${B}${DAY_WORD}(?:\\s*[-/.]\\s*|\\s+)${MONTH}(?:(?:\\s*[-/.]\\s*|\\s+)${YEAR})?${E}`, "giu") },
  // 12-14 maart 2021
  { name: "range", pattern: new RegExp(`${B}${DAY}\\s*[-–]\\s*${DAY}\\s+${MONTH}(?:\\s+${YEAR4})?${E}`, "giu") },
  // maart 2021, sept. 2019, mars '21
  { name: "month-y", pattern: new RegExp(`${B}${MONTH}\\s*(?:${YEAR4}|['’\`]\\d{2})${E}`, "giu") },
  // zomer 2020, begin maart, eind 2019, début 2020
  { name: "season", pattern: new RegExp(`${B}${SEASON}\\s*(?:${YEAR4}|${MONTH}(?:\\s+${YEAR4})?)${E}`, "giu") },
  // 03/2021
  { name: "my", pattern: new RegExp(`${B}${MONTH_NUM}[/-]${YEAR4}${E}`, "gu") },
];

/** A weekday before a date belongs to it ("maandag 12 maart", "ma 12/03"). */
const WEEKDAY_BEFORE = new RegExp(`${B}${WEEKDAY},?\\s+$`, "iu");

/** d/m without year: a date only after a date-ish word ("op 12/03", "sinds 3/4"), never a score ("7/10"). */
const DAY_MONTH = new RegExp(`${B}${DAY}[/]${MONTH_NUM}(?![\\p{L}\\p{N}]|[/.,]\\d)`, "gu");
const DAY_MONTH_CUES = new Set(["op", "sinds", "sedert", "vanaf", "tot", "van", "dd", "datum", "le", "du", "au", "depuis", "jusqu'au", "tem", "t/m", "en", "controle", "gezien", "opname", "ontslag", "consultatie"]);
const SCORE_CUES = /(?:score|vas|nrs|eva|pijn|pain|douleur|graad|grade|gcs|apgar|ratio|\/|x)\s*:?\s*$/i;

/** A bare year after a time word ("in 2019", "sinds 2015", "(2018)") or before a colon ("2019: ..."). */
const YEAR_ALONE = new RegExp(`${B}${YEAR4}${E}`, "gu");
const YEAR_CUES = new Set([
  "in", "sinds", "sedert", "vanaf", "tot", "van", "begin", "eind", "einde", "midden", "medio", "voorjaar", "najaar",
  "zomer", "winter", "lente", "herfst", "jaar", "en", "depuis", "année", "annee", "jusqu", "since", "until", "year", "anno",
  "circa", "ca", "rond", "omstreeks", "vers", "tussen", "entre", "augustus",
]);

/** Numbers that look like dates but sit in lab values, doses or versions. */
const NOT_A_DATE_AFTER = /^\s*(?:mg|ml|mmol|µg|ug|g\/|%|u\/|ie|mmhg|cm|mm|kg|x10)/i;

function previousWord(text: string, offset: number): string {
  const m = /([\p{L}\p{N}'’/]+)[\s:,(]*$/u.exec(text.slice(Math.max(0, offset - 30), offset));
  return m ? foldKey(m[1]) : "";
}

function previousWordsOf(text: string, offset: number, count: number): string[] {
  const window = text.slice(Math.max(0, offset - 80), offset);
  const line = window.slice(window.lastIndexOf("\n") + 1);
  const words = line.split(/[^\p{L}\p{N}'’]+/u).filter((w) => w.length > 0).map(foldKey);
  return words.slice(-count).reverse();
}

function nextWordsOf(text: string, offset: number, count: number): string[] {
  const window = text.slice(offset, offset + 60);
  const line = window.split(/[\n.;]/)[0];
  return line.split(/[^\p{L}\p{N}'’-]+/u).filter((w) => w.length > 0).map(foldKey).slice(0, count);
}

/** "° 12/03/1980", "geboren op 12 maart 1980", "né le 3 mars 1950", "geboortedatum: 12/03/1980". */
function isBirthDate(text: string, start: number): boolean {
  const before = text.slice(Math.max(0, start - 40), start);
  if (/[°º]\s*:?\s*$/.test(before)) return true;
  const words = previousWordsOf(text, start, 4);
  return words.some((w, i) => BIRTH_CONTEXT_WORDS.has(w) && i <= 3);
}

function dateLabel(text: string, start: number): Label {
  return isBirthDate(text, start) ? "Age_Birthdate" : "Date";
}

function extendOverWeekday(text: string, start: number): number {
  const m = WEEKDAY_BEFORE.exec(text.slice(Math.max(0, start - 14), start));
  return m ? start - m[0].length : start;
}

export function dateCandidates(text: string): Candidate[] {
  const out: Candidate[] = [];
  for (const { name, pattern } of DATE_PATTERNS) {
    for (const m of text.matchAll(pattern)) {
      const end = m.index + m[0].length;
      if (name === "dmy" && NOT_A_DATE_AFTER.test(text.slice(end, end + 6))) continue;
      const start = extendOverWeekday(text, m.index);
      out.push({ start, end, label: dateLabel(text, m.index), priority: PRIORITY.strong, score: 0.9, rule: `date.${name}` });
    }
  }
  for (const m of text.matchAll(DAY_MONTH)) {
    const before = text.slice(Math.max(0, m.index - 20), m.index);
    if (SCORE_CUES.test(before)) continue;
    const weekdayStart = extendOverWeekday(text, m.index);
    const cue = previousWord(text, m.index);
    if (weekdayStart === m.index && !DAY_MONTH_CUES.has(cue) && !isBirthDate(text, m.index)) continue;
    out.push({ start: weekdayStart, end: m.index + m[0].length, label: dateLabel(text, m.index), priority: PRIORITY.pattern, score: 0.6,
      rule: "date.day-month" });
  }
  for (const m of text.matchAll(YEAR_ALONE)) {
    const end = m.index + m[0].length;
    const cue = previousWord(text, m.index);
    const inParentheses = text[m.index - 1] === "(" && text[end] === ")";
    const beforeColon = /^\s?:/.test(text.slice(end, end + 2)) && !/^\s?:\s?\d/.test(text.slice(end, end + 4));
    const birthYear = /[°º]\s*$/.test(text.slice(Math.max(0, m.index - 3), m.index));
    if (!YEAR_CUES.has(cue) && !inParentheses && !beforeColon && !birthYear && !isBirthDate(text, m.index)) continue;
    if (NOT_A_DATE_AFTER.test(text.slice(end, end + 6))) continue;
    out.push({ start: m.index, end, label: dateLabel(text, m.index), priority: PRIORITY.pattern, score: 0.6, rule: "date.year" });
  }
  return out;
}

const AGE_UNITS_YEARS = "jaar|jaren|jr|j|ans|an|years?|yrs?|yo|y";
const AGE_UNITS_SHORT = "maanden|maand|mnd|weken|week|wk|dagen|dag|mois|semaines|semaine|jours|jour|months?|weeks?|days?";
const AGE_PATTERN = new RegExp(
  `${B}(\\d{1,3})(?:[.,]5)?\\s*(?:(-?\\s?jarige?)|(?:-\\s?)?(${AGE_UNITS_YEARS}|${AGE_UNITS_SHORT})\\.?${E}(\\s+(?:oud|old))?)`,
  "giu",
);
const AGE_LABEL = new RegExp(`${B}(?:leeftijd|âge|age)\\s*:?\\s*(\\d{1,3})(?:\\s*(?:${AGE_UNITS_YEARS}))?\\.?${E}`, "giu");
const FRENCH_AGE = new RegExp(`${B}(?:âgée?|agée?|aged)\\s+(?:de\\s+)?(\\d{1,3})\\s*(?:ans|years?)${E}`, "giu");

function isDuration(text: string, start: number, end: number): boolean {
  const before = previousWordsOf(text, start, 3);
  if (before[0] !== undefined && DURATION_WORDS_BEFORE.has(before[0])) return true;
  // "il y a 3 ans", "meer dan 5 jaar"
  if (before[0] === "a" && before[1] === "y" && before[2] === "il") return true;
  if (before[0] === "dan" && (before[1] === "meer" || before[1] === "minder")) return true;
  const after = nextWordsOf(text, end, 2);
  return after[0] !== undefined && DURATION_WORDS_AFTER.has(after[0]);
}

function hasAgeContext(text: string, start: number): boolean {
  const before = previousWordsOf(text, start, 4);
  if (before.some((w) => AGE_CONTEXT_WORDS.has(w))) return true;
  const window = text.slice(Math.max(0, start - 40), start);
  // "(65 j)", "M/65j", and "Peeters, 65 jaar" (a capitalised word, usually the name, before the comma).
  return /(?:\(|\/)\s*$/.test(window) || /[\p{Lu}][\p{L}'’-]+\.?\s*,\s*$/u.test(window);
}

export function ageCandidates(text: string): Candidate[] {
  const out: Candidate[] = [];
  for (const m of text.matchAll(AGE_PATTERN)) {
    const value = Number(m[1]);
    if (value > 125) continue;
    const jarige = m[2] !== undefined;
    const unit = (m[3] ?? "").toLowerCase();
    const old = m[4] !== undefined;
    const end = m.index + m[0].length - (old ? m[4].length : 0);
    const yearUnit = jarige || new RegExp(`^(?:${AGE_UNITS_YEARS})$`, "i").test(unit);
    if (/^(?:j|y|an)$/i.test(unit) && !hasAgeContext(text, m.index) && !old) continue;
    if (!jarige && !old) {
      if (isDuration(text, m.index, end)) continue;
      if (!hasAgeContext(text, m.index)) continue;
      if (!yearUnit && !/(?:baby|zuigeling|kind|nourrisson|bébé|bebe|infant|leeftijd|âge|age)\W*(?:van|de|of)?\s*$/iu.test(text.slice(Math.max(0, m.index - 25), m.index))) continue;
    }
    out.push({ start: m.index, end, label: "Age_Birthdate", priority: PRIORITY.strong, score: jarige || old ? 0.9 : 0.7, rule: "age.unit" });
  }
  for (const pattern of [AGE_LABEL, FRENCH_AGE]) {
    for (const m of text.matchAll(pattern)) {
      const numberStart = m.index + m[0].indexOf(m[1]);
      out.push({ start: numberStart, end: m.index + m[0].length, label: "Age_Birthdate", priority: PRIORITY.strong, score: 0.85,
        rule: "age.label" });
    }
  }
  return out;
}
