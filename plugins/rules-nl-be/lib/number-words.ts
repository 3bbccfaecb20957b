// Ages and dates written in words (issue 11, round nine), as dictated notes and letters write them: "mevrouw is
// zesentachtig jaar", "een achtenvijftigjarige man", "homme de soixante-trois ans", "Noah (negen maanden)", "op vijf
// april", "le seize avril deux mille vingt-deux", "née le sept mai mil neuf cent quarante".
//
// An age in words needs what makes a number of years an age and not a duration: a copula or a person word before
// it ("is", "was", "a", "est", "man van", "femme de", "âgée de"), an apposition ("Mme Collard, quatre-vingt-quatre ans,"), a
// bracket, or the "-jarige" compound; a word after it that makes it a duration ("geleden", "getrouwd", "plus tard")
// or a duration word before ("il y a", "depuis", "plus de") rules it out. Months and weeks are ages only in brackets
// or with "oud". A date in words is a day of 1–31 in words and a month name, with a year in digits or words after
// it; after "geboren (op)", "né(e) le" it is a birth date. Bounded patterns over the text: linear. Each pattern is
// tried only just before the hits of a cue it holds ("jarig", "jaar"/"ans", a month unit, a month name): see
// anchored.ts, which gives the matches of the whole-text scan.
import { eachAnchoredMatch, eachGlobalMatch, mayStartWord, stickyOf, type AnchoredPattern } from "./anchored.js";
import { PRIORITY, type Candidate } from "./candidate.js";

const NL_UNIT = "een|twee|drie|vier|vijf|zes|zeven|acht|negen";
const NL_TEEN = "tien|elf|twaalf|dertien|veertien|vijftien|zestien|zeventien|achttien|negentien";
const NL_TEN = "twintig|dertig|veertig|vijftig|zestig|zeventig|tachtig|negentig";
const NL_NUMBER = `(?:honderd(?:en)?)?(?:(?:${NL_UNIT})(?:en|ën)(?:${NL_TEN})|${NL_TEN}|${NL_TEEN}|${NL_UNIT})|honderd`;

const FR_UNIT = "une|un|deux|trois|quatre|cinq|six|sept|huit|neuf";
const FR_TEEN = "dix-sept|dix-huit|dix-neuf|dix|onze|douze|treize|quatorze|quinze|seize";
const FR_TEN = "quatre-vingts?|vingt|trente|quarante|cinquante|soixante|septante|huitante|octante|nonante";
const FR_NUMBER = `(?:cent[- ])?(?:(?:${FR_TEN})(?:[- ]et[- ](?:une|un|onze)|-(?:${FR_TEEN}|${FR_UNIT}))?|${FR_TEEN}|${FR_UNIT})|cent`;

const NUMBER = `(?:${NL_NUMBER}|${FR_NUMBER})`;
const END = "(?![\\p{L}\\p{N}])";
const START = "(?<![\\p{L}\\p{N}-])";

/** "achtenvijftigjarige", "zeventig-jarige": the compound is an age on its own. */
const JARIGE = new RegExp(`${START}(${NL_NUMBER})-?jarigen?e?${END}`, "giu");

/** A copula, a person word with "van"/"de", "âgé(e) de", an apposition comma or an opening bracket, then the age. */
const AGE_BEFORE =
  /(?:(?<![\p{L}])(?:is|was|wordt|werd|inmiddels|nu|bijna|ruim|ongeveer|circa|ca\.|a|avait|est|était|etait|aura|fête|fete|âgée?|agée?|âgé\(e\))|(?<![\p{L}])(?:man|vrouw|dame|heer|meisje|jongen|kind|patiënte?|patiente?|homme|femme|enfant|garçon|fille|monsieur|madame|dame)\s(?:van|de|d')|[,(])\s?$/iu;
/** Duration words right before: "il y a", "depuis", "plus de", "sinds", "al". */
const DURATION_BEFORE = /(?<![\p{L}])(?:y\sa|depuis|pendant|durant|plus\sde|moins\sde|sinds|sedert|gedurende|al|reeds|voor|na|binnen|over)\s(?:\p{L}+\.?\s)?$/iu;
/** "een jaar", "un an" are durations: one year is never read as an age. */
const YEARS = new RegExp(`${START}(?!(?:een|un|une)\\s)(${NUMBER})\\s(?:jaar|ans)(?:\\soud)?${END}`, "giu");
/** Words after a number of years that make it a duration. */
const DURATION_AFTER = /^\s(?:geleden|lang|later|terug|getrouwd|gehuwd|samen|gerookt|gewerkt|ervaring|nadien|daarna|plus\stard|auparavant|après|apres|avant|de\smariage|d'évolution|de\ssuivi|de\stabagisme|de\straitement|d'ancienneté)/iu;
/** A child's age in months or weeks in brackets, or with "oud". */
const CHILD = new RegExp(`(?:\\(\\s?(${NUMBER})\\s(?:maanden|maand|weken|mois|semaines)\\s?\\)|${START}(${NUMBER})\\s(?:maanden|weken)\\soud${END})`, "giu");

const NL_DAY = "(?:een|twee|drie|vier|vijf|zes|zeven|acht|negen|tien|elf|twaalf|dertien|veertien|vijftien|zestien|zeventien|achttien|negentien|twintig|(?:een|twee|drie|vier|vijf|zes|zeven|acht|negen)(?:en|ën)twintig|dertig|eenendertig)";
const FR_DAY = "(?:premier|1er|un|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze|treize|quatorze|quinze|seize|dix-sept|dix-huit|dix-neuf|vingt|vingt-et-un|vingt et un|vingt-(?:deux|trois|quatre|cinq|six|sept|huit|neuf)|trente|trente-et-un|trente et un)";
const MONTH =
  "(?:januari|februari|maart|april|mei|juni|juli|augustus|september|oktober|november|december|janvier|février|fevrier|mars|avril|mai|juin|juillet|août|aout|septembre|octobre|novembre|décembre|decembre)";
/** A year after the month: digits, or words ("deux mille vingt-quatre", "mil neuf cent cinquante", "negentienhonderdvijftig"). */
const YEAR_WORDS = `(?:\\d{4}|(?:deux\\smille|mille|mil)(?:\\s(?:neuf\\scent|huit\\scent))?(?:\\s(?:${FR_NUMBER}))?|(?:negentienhonderd|tweeduizend)(?:\\s?(?:${NL_NUMBER}))?)`;
const MONTH_WORD = new RegExp(MONTH, "iu");
const DATE_WORDS = new RegExp(`${START}((?:${NL_DAY}|${FR_DAY})\\s${MONTH}(?:\\s${YEAR_WORDS})?)${END}`, "giu");
const BIRTH_BEFORE = /(?:geboren(?:\sop)?|geb\.|née?|né\(e\)\sle|née?\sle|°)\s?$/iu;
/** "vijf april" needs a time word before or a year after: "op", "le", "du", "au", "vanaf", "sinds", "tot", "depuis". */
const DATE_CUE = /(?<![\p{L}])(?:op|le|du|au|vanaf|sinds|tot|depuis|jusqu'au|jusqu’au|dès|des|vers|rond|van|ce|dit)\s$/iu;

/**
 * How far before its cue hit a match can start, in UTF-16 units: the longest number (27, "cent quatre-vingt-dix-sept")
 * or day (14) in words, a bracket and a space, with room to spare (speed.test.ts checks the bound against the
 * patterns' longest strings).
 */
export const NUMBER_WORD_REACH = 40;

/** The numbers and days in words, for the test of the reach bound. */
export const NUMBER_WORD_FORMS = { dutchNumber: NL_NUMBER, number: NUMBER, day: `(?:${NL_DAY}|${FR_DAY})` } as const;

const anchored = (global: RegExp, cue: RegExp, mayStart: AnchoredPattern["mayStart"] = mayStartWord): AnchoredPattern =>
  ({ sticky: stickyOf(global), cue, reach: NUMBER_WORD_REACH, mayStart });

/** The four scans, each with the cue its matches hold: the unit word of an age, a space and a month name of a date. */
export const NUMBER_WORD_SCANS = {
  jarige: { global: JARIGE, anchored: anchored(JARIGE, /jarig/giu) },
  years: { global: YEARS, anchored: anchored(YEARS, /\s(?:jaar|ans)/giu) },
  child: { global: CHILD, anchored: anchored(CHILD, /\s(?:maand|weken|mois|semaines)/giu, (text, at) => text.charCodeAt(at) === 40 || mayStartWord(text, at)) },
  dateWords: { global: DATE_WORDS, anchored: anchored(DATE_WORDS, new RegExp(`\\s${MONTH}`, "giu")) },
} as const;

type Scan = (which: keyof typeof NUMBER_WORD_SCANS, text: string, visit: (m: RegExpExecArray) => void) => void;
const anchoredScan: Scan = (which, text, visit) => eachAnchoredMatch(NUMBER_WORD_SCANS[which].anchored, text, visit);
const globalScan: Scan = (which, text, visit) => eachGlobalMatch(NUMBER_WORD_SCANS[which].global, text, visit);

export function numberWordCandidates(text: string, ages: boolean, dates: boolean): Candidate[] {
  return collect(text, ages, dates, anchoredScan);
}

/** The same candidates from whole-text scans of each pattern (the formulation replaced), for tests. */
export function numberWordCandidatesByGlobalScans(text: string, ages: boolean, dates: boolean): Candidate[] {
  return collect(text, ages, dates, globalScan);
}

function collect(text: string, ages: boolean, dates: boolean, each: Scan): Candidate[] {
  const out: Candidate[] = [];
  const years = ages && /jaar|ans|jarig|maand|weken|mois|semaines/i.test(text);
  const months = dates && MONTH_WORD.test(text);
  if (!years && !months) return out;
  const add = (start: number, end: number, label: "Age_Birthdate" | "Date", rule: string): void => {
    out.push({ start, end, label, priority: PRIORITY.pattern, score: 0.6, rule });
  };
  if (years) {
    each("jarige", text, (m) => add(m.index, m.index + m[0].length, "Age_Birthdate", "age.words-jarige"));
    each("years", text, (m) => {
      const before = text.slice(Math.max(0, m.index - 24), m.index);
      if (!AGE_BEFORE.test(before) || DURATION_BEFORE.test(before) || DURATION_AFTER.test(text.slice(m.index + m[0].length, m.index + m[0].length + 24))) return;
      add(m.index, m.index + m[0].length, "Age_Birthdate", "age.words");
    });
    each("child", text, (m) => {
      const value = m[1] ?? m[2];
      const start = m.index + m[0].indexOf(value);
      const end = m[1] !== undefined ? m.index + m[0].replace(/\s?\)$/, "").length : m.index + m[0].length;
      add(start, end, "Age_Birthdate", "age.words-child");
    });
  }
  if (months) {
    each("dateWords", text, (m) => {
      const before = text.slice(Math.max(0, m.index - 16), m.index);
      const hasYear = /\s(?:\d{4}|deux|mille|mil|negentienhonderd|tweeduizend)/iu.test(m[1].slice(m[1].search(MONTH_WORD)));
      const birth = BIRTH_BEFORE.test(before);
      if (!birth && !hasYear && !DATE_CUE.test(before)) return;
      add(m.index, m.index + m[1].length, birth && ages ? "Age_Birthdate" : "Date", "date.words");
    });
  }
  return out;
}
