// Dates → "Date": numeric d/m/y, ISO, m/yyyy, d/m without a year (guarded), textual dates with nl/fr/en month
// words, and a weekday in front of any of them. Every candidate is anchored at a digit run and checked against
// the calendar.
import type { DetectedSpan } from "../../src/contract/index.js";
import { AMBIGUOUS_LOWERCASE_MONTHS, type Lexicon } from "./lexicon.js";
import {
  SCORE_CONTEXT,
  SCORE_PATTERN,
  VERSION_WORDS,
  acronymBefore,
  alternation,
  digitAt,
  isValidDayMonth,
  letterAt,
  nextWord,
  matchAt,
  anchoredPhrase,
  phraseBefore,
  previousWord,
  span,
  unitFollows,
  wordCharAt,
  wordCharBefore,
  type TextScan,
} from "./text.js";

const SP = "[ \\t\\u00a0]+";
const YEAR_AFTER_MONTH = "(\\d{4}|['’]\\d{2})(?!\\d)";
const APOSTROPHES = "'’";

export interface DateRules {
  readonly lexicon: Lexicon;
  /** "12 maart 2023", "1er janvier", "3rd of March, 2021", "3 mrt. '21" (sticky). */
  readonly dayMonthWords: RegExp;
  /** "12-mrt-2023", "12/Mar/21" (sticky). */
  readonly dayDashMonth: RegExp;
  /** A month word with its dot, comma and spaces, the whole text before a number ("mei ", "March "). */
  readonly monthWordBefore: RegExp;
  /** The month word at the start of `monthWordBefore` (sticky). */
  readonly monthWord: RegExp;
  /** A weekday with its dot, comma and spaces, the whole text before a date ("maandag ", "Monday, "). */
  readonly weekdayBefore: RegExp;
  /** Lower-case weekday words, a cheap test before `weekdayBefore`. */
  readonly weekdays: ReadonlySet<string>;
  /** "3rd, 2021" after an English month word (sticky). */
  readonly dayAfterMonth: RegExp;
  /** "2019 augustus 1", "2011 mei 17": year, month word, day (sticky). */
  readonly yearMonthDay: RegExp;
  /** Whether "12/31/2021" may be read month first: only with English on and not told to read day first. */
  readonly monthFirst: boolean;
}

/** The same rules reading numeric dates day first only (a Dutch or French note: "01-13-2018" is no date). */
export function dayFirstRules(rules: DateRules): DateRules {
  return rules.monthFirst ? { ...rules, monthFirst: false } : rules;
}

const ISO = /(\d{4})([-/.])(\d{1,2})\2(\d{1,2})(?!\d)(?:T\d{2}:\d{2}(?::\d{2}(?:[.,]\d{1,9})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?/y;
const DAY_MONTH_YEAR = /(\d{1,2})([./-])(\d{1,2})\2(\d{4}|\d{2}|['’]\d{2})(?!\d)/y;
const MONTH_YEAR = /(\d{1,2})([./-])(\d{4})(?!\d)/y;
const DAY_MONTH = /(\d{1,2})([./-])(\d{1,2})(?!\d)/y;
const YEAR_ONLY = new RegExp(YEAR_AFTER_MONTH, "y");

export function compileDateRules(lexicon: Lexicon): DateRules {
  const months = alternation(lexicon.months.keys());
  const ordinals = alternation(lexicon.ordinalSuffixes);
  const weekdays = alternation(lexicon.weekdays);
  return {
    lexicon,
    dayMonthWords: new RegExp(
      `(\\d{1,2})(?:${ordinals})?${SP}(?:of${SP})?(${months})(?![\\p{L}])(\\.)?(?:,?${SP}${YEAR_AFTER_MONTH})?`,
      "iuy",
    ),
    dayDashMonth: new RegExp(`(\\d{1,2})([-/])(${months})(?![\\p{L}])(?:\\2(\\d{4}|\\d{2}|['’]\\d{2})(?!\\d))?`, "iuy"),
    monthWordBefore: anchoredPhrase(`(?:${months})\\.?,?${SP}`),
    monthWord: new RegExp(`${months}`, "iuy"),
    weekdayBefore: anchoredPhrase(`(?:${weekdays})\\.?,?${SP}`),
    weekdays: new Set(lexicon.weekdays),
    dayAfterMonth: new RegExp(`(\\d{1,2})(?:st|nd|rd|th)?(?![\\p{L}\\d])(?:,?${SP}${YEAR_AFTER_MONTH})?`, "iuy"),
    yearMonthDay: new RegExp(`(\\d{4})${SP}(${months})(?![\\p{L}])\\.?${SP}(\\d{1,2})(?!\\d)`, "iuy"),
    monthFirst: lexicon.languages.includes("en"),
  };
}

interface Found {
  start: number;
  end: number;
  score: number;
}

function monthNumber(rules: DateRules, word: string): number | undefined {
  const lower = word.toLowerCase();
  if (AMBIGUOUS_LOWERCASE_MONTHS.has(lower) && word[0] === lower[0]) return undefined;
  return rules.lexicon.months.get(lower);
}

/** The year as a number when written with 4 digits ("2023"); undefined for "23" and "'23". */
function fourDigitYear(year: string): number | undefined {
  return year.length === 4 && year[0] !== "'" && year[0] !== "’" ? Number(year) : undefined;
}

function plausibleYear(year: string): boolean {
  const y = fourDigitYear(year);
  return y === undefined || (y >= 1800 && y <= 2199);
}

/** Day-first or (in English) month-first reading of two numbers. */
function validDayMonthEitherWay(a: number, b: number, rules: DateRules, year?: number): boolean {
  if (isValidDayMonth(a, b, year)) return true;
  return rules.monthFirst && isValidDayMonth(b, a, year);
}

/** A number chain continues with the same separator and a digit (part of "1.2.3.4" or "12/03/2023/5"). */
function continuesWith(text: string, index: number, separator: string): boolean {
  return text[index] === separator && digitAt(text, index + 1);
}

/** "05.03.12-123.45": a two-digit-year date glued to more digits is part of a longer number. */
function continuesWithNumber(text: string, index: number): boolean {
  return "./-".includes(text[index] ?? "x") && digitAt(text, index + 1);
}

function isVersionContext(text: string, start: number): boolean {
  return VERSION_WORDS.has(previousWord(text, start));
}

function tryIso(text: string, s: number, e: number): Found | null {
  if (e - s !== 4) return null;
  const m = matchAt(ISO, text, s);
  if (!m) return null;
  const end = s + m[0].length;
  const [, y, sep, mo, d] = m;
  if (!plausibleYear(y) || !isValidDayMonth(Number(d), Number(mo), Number(y))) return null;
  if (wordCharAt(text, end) || continuesWith(text, end, sep)) return null;
  return { start: s, end, score: SCORE_PATTERN };
}

/** Words before a fraction or triple that make it a score or a measurement ("Apgar 8/9/10", "TA 15/10", "VAS 10/10"). */
const SCORE_WORDS: ReadonlySet<string> = new Set([
  "apgar", "vas", "nrs", "mmse", "moca", "emv", "gcs", "score", "scores", "visus", "pijn", "pijnscore", "katz", "bmi", "sat",
  "ta", "rr", "bp", "bd", "tension", "bloeddruk", "pression", "ratio", "verhouding", "kracht", "spierkracht", "mrc",
]);

function scoreWordBefore(text: string, s: number): boolean {
  let i = s;
  while (i > 0 && (text[i - 1] === " " || text[i - 1] === ":") && s - i < 3) i--;
  let j = i;
  while (j > 0 && i - j < 12 && /\p{L}/u.test(text[j - 1])) j--;
  return SCORE_WORDS.has(text.slice(j, i).toLowerCase());
}

/** "VAS van 7/10 naar 3/10": a line with two "n/10" holds scores out of ten, not the 10th month. */
function tenthsOnLine(text: string, s: number): boolean {
  const lineStart = text.lastIndexOf("\n", s) + 1;
  const lineEnd = text.indexOf("\n", s);
  const line = text.slice(lineStart, lineEnd < 0 ? text.length : lineEnd);
  let count = 0;
  for (const m of line.matchAll(/(?<![\d/])\d{1,2}\s?\/\s?10(?![\d/])/g)) if (++count >= 2) return m !== undefined;
  return false;
}

function tryDayMonthYear(text: string, s: number, rules: DateRules): Found | null {
  const m = matchAt(DAY_MONTH_YEAR, text, s);
  if (!m) return null;
  const end = s + m[0].length;
  const [, d, sep, mo, y] = m;
  if (wordCharAt(text, end) || continuesWith(text, end, sep)) return null;
  if (text[s - 1] === sep && digitAt(text, s - 2)) return null;
  if (!plausibleYear(y) || !validDayMonthEitherWay(Number(d), Number(mo), rules, fourDigitYear(y))) return null;
  if (y.length !== 4 && (unitFollows(text, end) || isVersionContext(text, s) || continuesWithNumber(text, end) || scoreWordBefore(text, s))) return null;
  return { start: s, end, score: SCORE_PATTERN };
}

function tryMonthYear(text: string, s: number): Found | null {
  const m = matchAt(MONTH_YEAR, text, s);
  if (!m) return null;
  const end = s + m[0].length;
  const [, mo, sep, y] = m;
  if (sep !== "/" && mo.length !== 2) return null;
  if (Number(mo) < 1 || Number(mo) > 12 || !plausibleYear(y)) return null;
  if (wordCharAt(text, end) || continuesWith(text, end, sep) || (text[s - 1] === sep && digitAt(text, s - 2))) return null;
  if (unitFollows(text, end)) return null;
  return { start: s, end, score: SCORE_PATTERN };
}

/**
 * "12/03" without a year. Fractions, scores and ratios look the same ("CRP 5/10", "NYHA 3/4"), so it counts only
 * when both parts have two digits and one is zero-padded ("12/03", "05/11"), or when a date word or a weekday
 * comes right before and at least one part has two digits ("op 15/12", "maandag 3/12"), or when both parts have two
 * digits and one is over 12 ("naar 15/10").
 */
function tryDayMonth(scan: TextScan, r: number, rules: DateRules): Found | null {
  const text = scan.text;
  const s = scan.runs[r];
  const m = matchAt(DAY_MONTH, text, s);
  if (!m) return null;
  const end = s + m[0].length;
  const [, a, sep, b] = m;
  // A colon right after is a time ("12/03:15") unless a space follows ("d.d. 28/11: Clexane").
  const colonTime = text[end] === ":" && digitAt(text, end + 1);
  if (wordCharAt(text, end) || colonTime || continuesWith(text, end, sep) || continuesWith(text, end, ",")) return null;
  if ((text[s - 1] === sep || text[s - 1] === ",") && digitAt(text, s - 2)) return null;
  if (!validDayMonthEitherWay(Number(a), Number(b), rules)) return null;
  if (unitFollows(text, end) || text[end] === "/" || isVersionContext(text, s)) return null;
  if (sep === "/" && b === "10" && tenthsOnLine(text, s)) return null;
  const word = scan.wordBeforeRun(r);
  const weekday = phraseBefore(text, s, rules.weekdayBefore, 16) >= 0;
  const dateWord = rules.lexicon.dateContextWords.has(word) || weekday;
  const twoDigits = a.length === 2 && b.length === 2;
  const padded = twoDigits && (a[0] === "0" || b[0] === "0") && sep !== ".";
  // "wo 3-4", "vr 8/11": a weekday right before makes even two one-digit parts a date.
  if (weekday && sep !== "." && isValidDayMonth(Number(a), Number(b))) return { start: s, end, score: SCORE_CONTEXT };
  if (dateWord && (a.length === 2 || b.length === 2)) return { start: s, end, score: SCORE_CONTEXT };
  if (padded && !acronymBefore(text, s)) return { start: s, end, score: SCORE_PATTERN };
  // "naar 15/10", "afgenomen 21-11": a day past 12 cannot be the numerator of a score out of a month's number, so two
  // two-digit parts of which one is over 12 are a date, unless a score or measurement word comes before ("TA 15/10").
  const over12 = twoDigits && sep !== "." && Math.max(Number(a), Number(b)) >= 13 && Math.min(Number(a), Number(b)) <= 12;
  if (over12 && !acronymBefore(text, s) && !scoreWordBefore(text, s)) return { start: s, end, score: SCORE_PATTERN };
  // "Heropname 28/8", "tot en met 19/1", "21-22/3": a two-digit day past 12 before a slash and a one-digit month is
  // no fraction or score either; a day written before it with a hyphen is the start of the range.
  const dayPast12 = sep === "/" && a.length === 2 && b.length === 1 && Number(a) >= 13 && b !== "0";
  if (dayPast12 && !acronymBefore(text, s) && !scoreWordBefore(text, s)) {
    const range = /(?:^|[^\p{N}\p{L}./-])(\d{1,2})-$/u.exec(text.slice(Math.max(0, s - 4), s));
    if (range && Number(range[1]) >= 1 && Number(range[1]) < Number(a)) return { start: s - range[1].length - 1, end, score: SCORE_PATTERN };
    if (!(".-".includes(text[s - 1] ?? "x") && digitAt(text, s - 2))) return { start: s, end, score: SCORE_PATTERN };
  }
  return null;
}

function tryDayMonthWords(text: string, s: number, rules: DateRules): Found | null {
  const m = matchAt(rules.dayMonthWords, text, s);
  if (!m) return null;
  const [, d, monthWord, dot, year] = m;
  const month = monthNumber(rules, monthWord);
  const end = year ? s + m[0].length : s + m[0].length - (dot ? 1 : 0);
  if (month && isValidDayMonth(Number(d), month, year ? fourDigitYear(year) : undefined) && !wordCharAt(text, end)) {
    return { start: s, end, score: SCORE_PATTERN };
  }
  return null;
}

function tryDayDashMonth(text: string, s: number, rules: DateRules): Found | null {
  const dash = matchAt(rules.dayDashMonth, text, s);
  if (dash) {
    const [, d, , monthWord, year] = dash;
    const month = monthNumber(rules, monthWord);
    const end = s + dash[0].length;
    if (month && isValidDayMonth(Number(d), month, year ? fourDigitYear(year) : undefined) && !wordCharAt(text, end)) {
      return { start: s, end, score: SCORE_PATTERN };
    }
  }
  return null;
}

/** "janv." → "janv", "mid-march" → "march". */
function monthPart(word: string): string {
  const w = word.endsWith(".") ? word.slice(0, -1) : word;
  const hyphen = w.lastIndexOf("-");
  return hyphen < 0 ? w : w.slice(hyphen + 1);
}

/** "mei 2023", "janv. 2020", "March '21", "March 3rd, 2021": a month word right before the number. */
function tryMonthFirst(scan: TextScan, r: number, rules: DateRules): Found | null {
  const word = scan.wordBeforeRun(r);
  if (word === "" || !rules.lexicon.months.has(word.endsWith(".") || word.includes("-") ? monthPart(word) : word)) return null;
  const text = scan.text;
  const s = scan.runs[r];
  const numberStart = s > 0 && APOSTROPHES.includes(text[s - 1]) ? s - 1 : s;
  const monthStart = phraseBefore(text, numberStart, rules.monthWordBefore, 16);
  if (monthStart < 0) return null;
  const monthWord = (matchAt(rules.monthWord, text, monthStart) as RegExpExecArray)[0];
  if (monthNumber(rules, monthWord) === undefined) return null;
  const year = matchAt(YEAR_ONLY, text, numberStart);
  if (year) {
    const end = numberStart + year[0].length;
    if (!wordCharAt(text, end) && plausibleYear(year[1])) return { start: monthStart, end, score: SCORE_PATTERN };
    return null;
  }
  if (numberStart !== s || !rules.lexicon.monthsBeforeDay.has(monthWord.toLowerCase())) return null;
  const day = matchAt(rules.dayAfterMonth, text, s);
  if (!day) return null;
  const end = s + day[0].length;
  const month = monthNumber(rules, monthWord) as number;
  if (wordCharAt(text, end) || !isValidDayMonth(Number(day[1]), month, day[2] ? fourDigitYear(day[2]) : undefined)) {
    return null;
  }
  return { start: monthStart, end, score: SCORE_PATTERN };
}

/**
 * A year on its own (1900–2099) counts after a word that introduces a time ("sinds 2008", "depuis 2010",
 * "since 2022") or alone in brackets ("(2014)"). Never with a unit or another digit group after it, so counts and
 * doses ("in 2000 ml", "2 000") stay out.
 */
function tryYear(scan: TextScan, r: number, rules: DateRules): Found | null {
  const text = scan.text;
  const s = scan.runs[r];
  const e = scan.runs[r + 1];
  const bracketed = text[s - 1] === "(" && text[e] === ")";
  const afterTimeWord = !bracketed && rules.lexicon.yearContextWords.has(scan.wordBeforeRun(r));
  if (!bracketed && !afterTimeWord && !historyItemYear(text, s, e, rules)) return null;
  const year = Number(text.slice(s, e));
  if (year < 1900 || year > 2099 || wordCharAt(text, e) || unitFollows(text, e)) return null;
  if ("./,-:".includes(text[e] ?? "x") && digitAt(text, e + 1)) return null;
  if ((text[e] === " " && digitAt(text, e + 1)) || ("./,-".includes(text[s - 1] ?? "x") && digitAt(text, s - 2))) return null;
  return { start: s, end: e, score: afterTimeWord ? SCORE_CONTEXT : SCORE_PATTERN };
}

const LINES_UP_TO_HEADING = 8;

/**
 * "Voorgeschiedenis: 2011 CVA, 2018 AF; 2022 TIA", "Antécédents :\n- 2016 cholécystectomie": a year that opens an
 * item of a medical history (after the heading's colon, a comma, a semicolon or a bullet, or alone at the start of a
 * line under the heading) and is followed by a word dates that event. The heading must be on the year's line or on
 * a line above it with no blank line between (a list under its heading).
 */
function historyItemYear(text: string, s: number, e: number, rules: DateRules): boolean {
  const heading = rules.lexicon.historyHeading;
  if (!heading || !/^(?::?[ \t]+)\p{L}/u.test(text.slice(e, e + 4))) return false;
  let i = s - 1;
  while (i >= 0 && (text[i] === " " || text[i] === "\t")) i--;
  const lineStart = text.lastIndexOf("\n", s - 1) + 1;
  let atLineStart = i < lineStart;
  if (!atLineStart && "-•*–".includes(text[i])) {
    let j = i - 1;
    while (j >= lineStart && (text[j] === " " || text[j] === "\t")) j--;
    atLineStart = j < lineStart;
  }
  if (!atLineStart && !":,;".includes(text[i])) return false;
  if (heading.test(text.slice(lineStart, s))) return true;
  if (!atLineStart) return false;
  let end = lineStart - 1;
  for (let n = 0; n < LINES_UP_TO_HEADING && end > 0; n++) {
    const start = text.lastIndexOf("\n", end - 1) + 1;
    const line = text.slice(start, end);
    if (line.trim() === "") return false;
    if (heading.test(line)) return true;
    end = start - 1;
  }
  return false;
}

/** "2019 augustus 1", "2011 mei 17": a year, a month word and a day (Dutch registers write dates this way too). */
function tryYearMonthDay(text: string, s: number, rules: DateRules): Found | null {
  if (text[s + 4] !== " " && text[s + 4] !== "\t" && text[s + 4] !== "\u00a0") return null;
  const m = matchAt(rules.yearMonthDay, text, s);
  if (!m) return null;
  const [, y, monthWord, d] = m;
  const month = monthNumber(rules, monthWord);
  const end = s + m[0].length;
  if (!month || !plausibleYear(y) || !isValidDayMonth(Number(d), month, Number(y)) || wordCharAt(text, end)) return null;
  if ("./,-:".includes(text[end] ?? "x") && digitAt(text, end + 1)) return null;
  return { start: s, end, score: SCORE_PATTERN };
}

const SPACED_DATE = /(\d{1,2}) (\d{1,2}) ((?:19|20)\d{2})(?!\d)/y;

/**
 * Whether the digit groups at [s, end) are glued to a word, or are one part of a longer chain of digit groups
 * (a phone number, a list of values): a space or a separator with a digit right behind it on either side.
 */
function inDigitChain(text: string, s: number, end: number): boolean {
  if (wordCharAt(text, end) || (text[end] === " " && digitAt(text, end + 1)) || ("./,-:".includes(text[end] ?? "x") && digitAt(text, end + 1))) {
    return true;
  }
  return (text[s - 1] === " " || "./,-".includes(text[s - 1] ?? "x")) && digitAt(text, s - 2);
}

/**
 * "23 10 2011": day, month and a four-digit year separated by single spaces. Not inside a longer chain of digit
 * groups (a phone number, a list of values) and never before a unit.
 */
function trySpacedDate(text: string, s: number, rules: DateRules): Found | null {
  const m = matchAt(SPACED_DATE, text, s);
  if (!m) return null;
  const end = s + m[0].length;
  if (inDigitChain(text, s, end)) return null;
  if (!validDayMonthEitherWay(Number(m[1]), Number(m[2]), rules, Number(m[3])) || unitFollows(text, end)) return null;
  return { start: s, end, score: SCORE_PATTERN };
}

/** "21 - 06 - 2023", "9 / 4 / 2022", "07 . 11 . 22": one separator throughout with spaces around it. */
const SPACED_SEPARATOR_DATE = /(\d{1,2})[ \t]?([./-])[ \t]?(\d{1,2})[ \t]?\2[ \t]?(\d{4}|\d{2})(?!\d)/y;

/**
 * A day, a month and a year joined by one separator written with spaces around it ("21 - 06 - 2023", typed or
 * scanned forms). A two-digit year only when day and month have two digits too ("07 . 11 . 22"); never inside a
 * longer chain of numbers or before a unit.
 */
function trySpacedSeparatorDate(text: string, s: number, rules: DateRules): Found | null {
  const m = matchAt(SPACED_SEPARATOR_DATE, text, s);
  if (!m || !/\s/.test(m[0])) return null;
  const [, d, , mo, y] = m;
  const end = s + m[0].length;
  if (y.length === 2 && (d.length !== 2 || mo.length !== 2)) return null;
  if (wordCharAt(text, end) || /^[ \t]?[./,:-][ \t]?\d/.test(text.slice(end, end + 3)) || (text[end] === " " && digitAt(text, end + 1))) return null;
  if (/\d[ \t]?[./,-][ \t]?$/.test(text.slice(Math.max(0, s - 3), s))) return null;
  if (!plausibleYear(y) || !validDayMonthEitherWay(Number(d), Number(mo), rules, fourDigitYear(y)) || unitFollows(text, end)) return null;
  if (y.length === 2 && scoreWordBefore(text, s)) return null;
  return { start: s, end, score: SCORE_PATTERN };
}

/** "2022 11 07": a four-digit year, a two-digit month and a two-digit day separated by single spaces. */
const SPACED_YEAR_FIRST = /((?:19|20)\d{2}) (\d{2}) (\d{2})(?!\d)/y;

function trySpacedYearFirst(text: string, s: number): Found | null {
  const m = matchAt(SPACED_YEAR_FIRST, text, s);
  if (!m) return null;
  const end = s + m[0].length;
  if (inDigitChain(text, s, end)) return null;
  if (!isValidDayMonth(Number(m[3]), Number(m[2]), Number(m[1])) || unitFollows(text, end)) return null;
  return { start: s, end, score: SCORE_PATTERN };
}

/** Cheap test before the day-month regex: a month word follows the day (after an ordinal and "of"). */
function monthWordFollows(text: string, e: number, rules: DateRules): boolean {
  let i = e;
  while (i < text.length && i - e < 3 && letterAt(text, i)) i++;
  while (i < text.length && i - e < 6 && (text[i] === " " || text[i] === "\t" || text[i] === "\u00a0")) i++;
  let word = nextWord(text, i, 0);
  if (word === "of") word = nextWord(text, i + 2);
  return rules.lexicon.months.has(word);
}

function dateAt(scan: TextScan, r: number, rules: DateRules): Found | null {
  const text = scan.text;
  const s = scan.runs[r];
  const e = scan.runs[r + 1];
  if (wordCharBefore(text, s)) return null;
  const len = e - s;
  const next = text[e];
  const numericSeparator = next === "/" || next === "." || next === "-";
  if (len === 4) {
    return (numericSeparator && digitAt(text, e + 1) ? tryIso(text, s, e) : null) ?? tryMonthFirst(scan, r, rules) ??
      tryYearMonthDay(text, s, rules) ?? (next === " " && digitAt(text, e + 1) ? trySpacedYearFirst(text, s) : null) ??
      tryYear(scan, r, rules);
  }
  if (len > 2) return null;
  if (numericSeparator && digitAt(text, e + 1)) {
    return (
      tryDayMonthYear(text, s, rules) ??
      tryMonthYear(text, s) ??
      tryMonthFirst(scan, r, rules) ??
      tryDayMonth(scan, r, rules)
    );
  }
  if ((next === "-" || next === "/") && letterAt(text, e + 1)) return tryDayDashMonth(text, s, rules) ?? tryMonthFirst(scan, r, rules);
  if (numericSeparator) return (text[e + 1] === " " ? trySpacedSeparatorDate(text, s, rules) : null) ?? tryMonthFirst(scan, r, rules);
  if (next === " " && digitAt(text, e + 1)) return trySpacedDate(text, s, rules) ?? tryMonthFirst(scan, r, rules);
  if ((next === " " || next === "\t") && "./-".includes(text[e + 1] ?? "x")) return trySpacedSeparatorDate(text, s, rules) ?? tryMonthFirst(scan, r, rules);
  return (monthWordFollows(text, e, rules) ? tryDayMonthWords(text, s, rules) : null) ?? tryMonthFirst(scan, r, rules);
}

/** Extends a date to the left over a weekday ("maandag 12/03/2023", "lundi 3 mars", "Monday, March 3"). */
function withWeekday(scan: TextScan, found: Found, rules: DateRules): Found {
  const text = scan.text;
  const word = scan.wordBefore(found.start);
  if (!rules.weekdays.has(word.endsWith(".") ? word.slice(0, -1) : word)) return found;
  const start = phraseBefore(text, found.start, rules.weekdayBefore, 16);
  return start < 0 ? found : { ...found, start };
}

export function findDates(scan: TextScan, rules: DateRules): DetectedSpan[] {
  const runs = scan.runs;
  const out: DetectedSpan[] = [];
  let consumed = 0;
  for (let r = 0; r < runs.length; r += 2) {
    const s = runs[r];
    if (s < consumed) continue;
    const found = dateAt(scan, r, rules);
    if (!found) continue;
    const withDay = withWeekday(scan, found, rules);
    for (const day of daysSharingMonth(scan.text, withDay.start, consumed)) out.push(span(day.start, day.end, "Date", withDay.score));
    out.push(span(withDay.start, withDay.end, "Date", withDay.score));
    consumed = withDay.end;
  }
  return out.length > 1 ? out.sort((x, y) => x.start - y.start || x.end - y.end) : out;
}

/** A day number right before `end`, after the list separator that ends the text before it (sticky from the end). */
const LISTED_DAY = /(?:^|[^\p{L}\p{N}.,/-])(\d{1,2})(?:,[ ]?|[ ](?:en|et|and|&)[ ]|\/)$/u;
/** A date that opens with its day and a month word ("22 januari", "9 février 2024"). */
const DAY_THEN_MONTH_WORD = /^\d{1,2}(?:ste|de|e|er|st|nd|rd|th)?[ ]\p{L}/u;

/**
 * "13, 15, 20 en 22 januari", "nacht 14/15 jan", "les 3 et 5 mars": days listed before one month word share it; each
 * is a date of its own. Only days 1–31 joined by a comma, "en"/"et"/"and" or a slash, back to the previous date.
 */
function daysSharingMonth(text: string, start: number, floor: number): { start: number; end: number }[] {
  if (!DAY_THEN_MONTH_WORD.test(text.slice(start, start + 8))) return [];
  const days: { start: number; end: number }[] = [];
  let at = start;
  while (days.length < 10) {
    const m = LISTED_DAY.exec(text.slice(Math.max(floor, at - 12), at));
    if (!m) break;
    const dayEnd = at - (m[0].length - m[0].indexOf(m[1]) - m[1].length);
    const dayStart = dayEnd - m[1].length;
    const day = Number(m[1]);
    if (day < 1 || day > 31 || dayStart < floor || (dayStart > 0 && /[\p{L}\p{N}.,/-]/u.test(text[dayStart - 1]))) break;
    days.push({ start: dayStart, end: dayEnd });
    at = dayStart;
  }
  return days;
}
