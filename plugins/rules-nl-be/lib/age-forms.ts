// Ages in short written forms that the sentence rules of lib/dates.ts do not read (session twelve, round eleven as
// development set): a child's age in years and months with a semicolon ("4;2 jaar", the paediatric notation), a
// number after a sex sign ("♀, 63", "♂ 62j"), a birth year with an apostrophe after a birth cue ("geb. '44",
// "° '38"), a number of years after "met/op haar/zijn" ("met zijn 90 jaar nog zelfstandig"), and the age at the
// menarche or the menopause written right after it ("menarche 11j", "menopauze: 52 jaar"). Each is one bounded
// regular expression run once over the text: linear.
import { PRIORITY, type Candidate } from "./candidate.js";

/** "4;2 jaar", "4;11 j": years, a semicolon and months (0–11), then a unit of years. */
const YEARS_SEMICOLON_MONTHS = /(?<![\p{L}\p{N};.,])(\d{1,2});(\d{1,2})[ ]?(?:jaar|jr|j)(?![\p{L}\p{N}])/gu;

/** "♀, 63", "♂ 62j", "♀ (71)": an age after a sex sign, closed by punctuation, a space or the end. */
const AFTER_SEX_SIGN = /[♀♂][ ]?(?:,[ ]?|\([ ]?|[ ])(\d{1,3}(?:[ ]?(?:j|jr|jaar|a|ans))?)(?=[ ]?[,;:).]|[ \t]*(?:\r?\n|$)|[ ](?!(?:kg|cm|mg|ml|mm|keer|maal|per)(?![\p{L}]))\p{L}{2})/gu;

/** "geb. '44", "geboren in '38", "° '62": a birth year of two digits after an apostrophe. */
const APOSTROPHE_BIRTH_YEAR = /(?:(?<![\p{L}])(?:geb|geboren|gebo|née?|born)\.?(?:[ ](?:in|en|op))?[ ]?:?[ ]?|[°º][ ]?)(['’]\d{2})(?![\p{N}'’/.-])/giu;

/** "met haar 88 jaar", "op zijn 80 jaar nog": a number of years after a possessive that a preposition opens. */
const POSSESSIVE_YEARS = /(?<![\p{L}])(?:met|op|à|avec)[ ](?:haar|zijn|z'n|hun|ses|son|sa)[ ](\d{1,3}[ ](?:jaar|jaren|ans))(?![\p{L}])/giu;

/** "menarche 11j", "menopauze: 52 jaar", "ménarche à 12 ans": the age right after the event word. */
const EVENT_AGE = /(?<![\p{L}])(?:menarche|menopauze|menopause|ménarche|ménopause)[ ]?(?::[ ]?|op[ ]|rond[ ]|à[ ]|at[ ])?(\d{1,2}[ ]?(?:j|jr|jaar|ans|a|y|yrs?))(?![\p{L}\p{N}])/giu;

function push(out: Candidate[], start: number, value: string, rule: string): void {
  out.push({ start, end: start + value.length, label: "Age_Birthdate", priority: PRIORITY.pattern, score: 0.6, rule });
}

export function ageFormCandidates(text: string): Candidate[] {
  const out: Candidate[] = [];
  if (text.includes(";")) {
    YEARS_SEMICOLON_MONTHS.lastIndex = 0;
    for (let m = YEARS_SEMICOLON_MONTHS.exec(text); m; m = YEARS_SEMICOLON_MONTHS.exec(text)) {
      if (Number(m[1]) > 18 || Number(m[2]) > 11) continue;
      push(out, m.index, m[0], "age.years-semicolon-months");
    }
  }
  if (text.includes("♀") || text.includes("♂")) {
    AFTER_SEX_SIGN.lastIndex = 0;
    for (let m = AFTER_SEX_SIGN.exec(text); m; m = AFTER_SEX_SIGN.exec(text)) {
      if (Number(/^\d+/.exec(m[1])?.[0]) > 110) continue;
      push(out, m.index + m[0].length - m[1].length, m[1], "age.after-sex-sign");
    }
  }
  if (text.includes("'") || text.includes("’")) {
    APOSTROPHE_BIRTH_YEAR.lastIndex = 0;
    for (let m = APOSTROPHE_BIRTH_YEAR.exec(text); m; m = APOSTROPHE_BIRTH_YEAR.exec(text)) {
      push(out, m.index + m[0].length - m[1].length, m[1], "age.apostrophe-birth-year");
    }
  }
  POSSESSIVE_YEARS.lastIndex = 0;
  for (let m = POSSESSIVE_YEARS.exec(text); m; m = POSSESSIVE_YEARS.exec(text)) {
    if (Number(/^\d+/.exec(m[1])?.[0]) > 110) continue;
    push(out, m.index + m[0].length - m[1].length, m[1], "age.possessive-years");
  }
  EVENT_AGE.lastIndex = 0;
  for (let m = EVENT_AGE.exec(text); m; m = EVENT_AGE.exec(text)) {
    if (Number(/^\d+/.exec(m[1])?.[0]) < 8) continue;
    push(out, m.index + m[0].length - m[1].length, m[1], "age.at-event");
  }
  return out;
}
