// Dates in short written forms that lib/dates.ts does not read (session twelve, round eleven as development set): a
// day and month with a hyphen or a full stop after an admission, sampling or examination word ("Opname 14-3 met …",
// "afn 3-11 08:15", "RX knie 12.04 10u"), two years of a period ("2018 - 2021", "2015 tot 2019"), and a year that
// opens its line before a colon ("2016: appendectomie"). Each is one bounded regular expression over the text: linear.
import { PRIORITY, type Candidate } from "./candidate.js";

const DAY = "(?:0?[1-9]|[12]\\d|3[01])";
const MONTH = "(?:0?[1-9]|1[0-2])";

/**
 * An event word, at most one body part or view after it, then the day and month. The month after a full stop has two
 * digits ("12.04", never "2.5"); what follows is the end, punctuation, a clock time or a preposition, never a unit,
 * a count or a further number ("opname 3-4 dagen" is a stay).
 */
const EVENT_DAY_MONTH = new RegExp(
  `(?<![\\p{L}])(?:opname|opn|ontslag|afname|afn|bloedafname|staalname|rx|ct|mri|nmr|echo|ok|operatie|ingreep|consult|raadpleging|controle|bevalling|partus)\\.?` +
    `(?:[ ](?:thorax|abdomen|schedel|knie|heup|enkel|pols|schouder|bekken|hals|hart|buik|longen|wervelzuil|cwz|lwz))?[ ]` +
    `(${DAY}(?:-${MONTH}|\\.(?:0[1-9]|1[0-2])))` +
    `(?=[ \\t]*(?:\\r?\\n|$)|[ ]?[,;:)]|\\.(?!\\d)|[ ](?:\\d{1,2}[:u.h]\\d{2}|\\d{1,2}u(?![\\p{L}])|om|in|te|met|op|van|door|naar|en|via|bij|na|voor)(?![\\p{L}]))`,
  "giu",
);

/** "2018 - 2021", "2015–2019", "2015 tot 2019": the two years of a period, the second after the first. */
const YEAR_RANGE = /(?<![\p{L}\p{N}.,/-])((?:19|20)\d{2})(?:[ ]?[-–][ ]?|[ ](?:tot|t\/m|tem|à|au|to)[ ])((?:19|20)\d{2})(?![\p{N}.,/-]|[ ]?(?:mg|ml|g|kg|µg|mcg|ie|eh|stuks|kcal|m|km|cm|mm|%)(?![\p{L}]))/giu;

/** "2016: appendectomie": a year that opens its line before a colon (a history listed by year). */
const YEAR_OPENING_LINE = /(?:^|\n)[ \t]*(?:[-•*][ \t]*)?((?:19|20)\d{2})[ \t]?:(?!\d)/gu;

function push(out: Candidate[], start: number, value: string, rule: string): void {
  out.push({ start, end: start + value.length, label: "Date", priority: PRIORITY.pattern, score: 0.6, rule });
}

export function dateFormCandidates(text: string): Candidate[] {
  const out: Candidate[] = [];
  EVENT_DAY_MONTH.lastIndex = 0;
  for (let m = EVENT_DAY_MONTH.exec(text); m; m = EVENT_DAY_MONTH.exec(text)) {
    push(out, m.index + m[0].length - m[1].length, m[1], "date.event-day-month");
  }
  YEAR_RANGE.lastIndex = 0;
  for (let m = YEAR_RANGE.exec(text); m; m = YEAR_RANGE.exec(text)) {
    const [from, to] = [Number(m[1]), Number(m[2])];
    if (to <= from || to - from > 60) continue;
    push(out, m.index, m[1], "date.year-range");
    push(out, m.index + m[0].length - m[2].length, m[2], "date.year-range");
  }
  YEAR_OPENING_LINE.lastIndex = 0;
  for (let m = YEAR_OPENING_LINE.exec(text); m; m = YEAR_OPENING_LINE.exec(text)) {
    push(out, m.index + m[0].lastIndexOf(m[1]), m[1], "date.year-opening-line");
  }
  return out;
}
