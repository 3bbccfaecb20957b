// Ages → "Age_Birthdate" in Dutch, French and English.
//
// Span extent: the number with its unit and a following "oud"/"old"/"of age" when written ("45-jarige",
// "45 jaar oud", "45 ans", "45-year-old", "45 years of age", "45 y/o"). A context phrase that introduces the age
// ("leeftijd:", "âgée de", "aged", "patiënte van") is not part of the span; after it the bare number counts
// ("aged 45" → "45"). Durations ("sinds 3 jr", "pendant 2 ans", "il y a 2 ans", "for 3 years", "45 pack years",
// "20 jaar gerookt") are not ages: unit-only forms that can be durations are vetoed by the word before or after.
import type { DetectedSpan } from "../../src/contract/index.js";
import type { Lexicon } from "./lexicon.js";
import {
  SCORE_CONTEXT,
  SCORE_PATTERN,
  anchoredPhrase,
  digitAt,
  letterAt,
  matchAt,
  nextWord,
  phraseBefore,
  previousWord,
  span,
  trimTrailingPunctuation,
  wordCharBefore,
  type TextScan,
} from "./text.js";

const NUMBER = "(\\d{1,3}(?:[.,]\\d)?)";
const END = "(?![\\p{L}\\p{N}])";

interface AgeRule {
  /** A phrase that must be the whole text before the number (`^...$`); absent when the unit alone makes an age. */
  readonly before?: RegExp;
  /** The last word of `before`: a cheap test that runs first. */
  readonly triggers?: ReadonlySet<string>;
  /** Sticky, from the number: number, unit and "oud"/"old". */
  readonly form: RegExp;
  readonly score: number;
  /** A duration word right before the number ("sinds", "pendant", "for") vetoes the match. */
  readonly vetoedByDuration?: boolean;
  /** Sticky, from the end of the match: words that make it a duration ("geleden", "plus tard"). */
  readonly vetoAfter?: RegExp;
  /** Words right before the number that veto the match ("il y a", "de"), as a `^...$` phrase. */
  readonly vetoBefore?: RegExp;
  /** The age must stand alone between brackets or commas: "(44j)", "(80 years)", ", 20 jaar,". */
  readonly enclosed?: boolean;
}

const ENCLOSED_UNITS = {
  nl: "jaar|jaren|jr|j|maand|maanden|mnd|weken|wk|dagen",
  fr: "ans|an|a|mois|semaines|sem|jours",
  en: "years|year|yrs|yr|y|months|month|mos|mo|weeks|wks|wk|days",
};

function enclosedRule(units: string): AgeRule {
  return { form: new RegExp(`${NUMBER}[ ]?(?:${units})\\.?${END}`, "iuy"), score: SCORE_PATTERN, enclosed: true, vetoedByDuration: true };
}

/** Words before a bracketed or comma-separated number of years that make it a duration ("roker (20 jaar)"). */
const DURATION_OWNERS: ReadonlySet<string> = new Set([
  "roker", "rookt", "gerookt", "roken", "rookte", "smoker", "smoked", "smoking", "smokes", "fumeur", "fumeuse", "fume",
  "tabac", "tabagisme", "alcohol", "drinkt", "duur", "duration", "durée", "sinds", "since", "depuis", "geleden",
  "ago", "gedurende", "for", "pendant", "behandeling", "therapie", "treatment", "traitement", "follow-up",
  "opvolging", "suivi", "diabetes", "diabète", "bekend", "known", "connu", "connue",
]);

/**
 * "(44j)", "(80 years)": brackets around the age alone; ", 20 jaar," or ", 20 jaar)": an apposition after a name;
 * "83 j, gehuwd": the first fact of a line.
 */
/** A dash between spaces after an age: the next fact of a record line ("31 a – NISS …"). */
const DASH_AFTER = /^ [–—-] /;
/** After a colon only years make an age ("ch. 3108 : 74 a,"): months and weeks there are a duration ("Arrêt : 4 semaines"). */
const YEARS_UNIT = /\d\s?(?:a|an|ans|j|jr|jaar|y|yr|yrs|years?)\.?$/i;

function isEnclosed(text: string, s: number, end: number, lexicon: Lexicon): boolean {
  const after = text[end];
  let owner: string;
  if (text[s - 1] === "(" && after === ")") owner = previousWord(text, s - 1);
  else if (
    text[s - 1] === " " && (text[s - 2] === "," || (text[s - 2] === ":" && YEARS_UNIT.test(text.slice(s, end)))) &&
    (after === undefined || ",);\t\n".includes(after) || DASH_AFTER.test(text.slice(end, end + 3)))
  ) {
    // ", 20 jaar," and ", 14j" closing its line or cell ("scoliose, 14j\tmet mama"); a field's value before the next
    // fact (": 74 a, J1 post-op", "X, 31 a – NISS …").
    owner = previousWord(text, s - 2);
  } else if ((s === 0 || text[s - 1] === "\n") && (after === "," || after === ";")) {
    // "83 j, gehuwd, 2 kinderen": an age that opens a line of telegraphic facts.
    return true;
  } else return false;
  return !DURATION_OWNERS.has(owner) && !lexicon.durationWords.has(owner);
}

const NL_UNITS = "jaar|jaren|maand|maanden|mnd|week|weken|dag|dagen";
const NL_PERSONS = "pati[eë]nte?|man|vrouw|dame|heer|meisje|jongen|jongeman|kind|zoon|dochter|baby|zuigeling|broer|zus";
const FR_UNITS = "ans?|mois|semaines?|jours?";
const FR_PERSONS = "patiente?|homme|femme|enfant|b[ée]b[ée]|nourrisson|gar[çc]on|fille|fils|monsieur|madame|dame";

function nlRules(): AgeRule[] {
  return [
    {
      before: anchoredPhrase("leeftijd(?:[ ]+van)?[ \\t]*[:=]?[ \\t]*"),
      triggers: new Set(["leeftijd", "van"]),
      form: new RegExp(`${NUMBER}(?:[ ]?(?:jaar|jaren|jr|j)${END})?${END}`, "iuy"),
      score: SCORE_CONTEXT,
    },
    {
      before: anchoredPhrase(`(?:${NL_PERSONS})[ ]+van[ ]+`),
      triggers: new Set(["van"]),
      form: new RegExp(`${NUMBER}[ ]?(?:${NL_UNITS}|jr)(?:[ ]+oud)?${END}`, "iuy"),
      score: SCORE_CONTEXT,
    },
    { form: new RegExp(`${NUMBER}[- ]?(?:${NL_UNITS})[ ]+oud${END}`, "iuy"), score: SCORE_PATTERN },
    {
      form: new RegExp(`${NUMBER}[- ]?jarig(?:e|en)?${END}`, "iuy"),
      score: SCORE_PATTERN,
      vetoAfter: /[ ]+(?:opleiding|behandeling|follow-?up|opvolging|overleving|periode|studie|termijn|relatie|huwelijk|contract|garantie|ervaring|geschiedenis|evolutie|ziekteduur|voorgeschiedenis|traject|programma|cyclus|samenwerking|loopbaan)/iuy,
    },
    {
      form: new RegExp(`${NUMBER}[ ]?jr${END}`, "iuy"),
      score: SCORE_PATTERN,
      vetoedByDuration: true,
      vetoAfter: /\.?[ ]+(?:gerookt|geleden|lang|later|terug|rook|roken|pakjaren|py|follow|nadien|eerder|na|voor)(?![\p{L}])/iuy,
    },
  ];
}

function frRules(): AgeRule[] {
  return [
    {
      before: anchoredPhrase("(?:âgée?|agée?|âgé\\(e\\)|âge|age)[ ]+de[ ]+"),
      triggers: new Set(["de"]),
      form: new RegExp(`${NUMBER}[ ]?(?:${FR_UNITS})${END}`, "iuy"),
      score: SCORE_CONTEXT,
    },
    {
      before: anchoredPhrase(`(?:${FR_PERSONS})[ ]+(?:de[ ]+|d'|d’)`),
      triggers: new Set(["de", "d"]),
      form: new RegExp(`${NUMBER}[ ]?(?:${FR_UNITS})${END}`, "iuy"),
      score: SCORE_CONTEXT,
    },
    {
      form: new RegExp(`${NUMBER}[ ]?ans${END}`, "iuy"),
      score: SCORE_PATTERN,
      vetoedByDuration: true,
      vetoBefore: anchoredPhrase("(?:y a|de|d'|d’)[ ]*"),
      vetoAfter: /[ ]+(?:plus tard|auparavant|apr[èe]s|avant|d'[ée]volution|d’[ée]volution|de suivi|de tabagisme|de traitement|de mariage|paquets?)/iuy,
    },
  ];
}

function enRules(): AgeRule[] {
  return [
    {
      before: anchoredPhrase("(?:aged|age)(?:[ ]+of)?[ \\t]*[:=]?[ \\t]*"),
      triggers: new Set(["aged", "age", "of"]),
      form: new RegExp(`${NUMBER}(?:[ ]?(?:years?|yrs?|y)${END})?${END}`, "iuy"),
      score: SCORE_CONTEXT,
    },
    { form: new RegExp(`${NUMBER}[- ]?(?:y/o|y\\.o\\.?|yo|yr old|yrs old)${END}`, "iuy"), score: SCORE_PATTERN },
    {
      form: new RegExp(`${NUMBER}[- ](?:year|yr|month|mo|week|wk|day)s?[- ]old${END}`, "iuy"),
      score: SCORE_PATTERN,
    },
    { form: new RegExp(`${NUMBER}[ ](?:years?|yrs?)[ ]of[ ]age${END}`, "iuy"), score: SCORE_PATTERN },
  ];
}

export interface AgeRules {
  readonly lexicon: Lexicon;
  readonly rules: readonly AgeRule[];
  /** Every context rule's trigger words. */
  readonly triggers: ReadonlySet<string>;
}

export function compileAgeRules(lexicon: Lexicon): AgeRules {
  const langs = lexicon.languages;
  const withContext: AgeRule[] = [];
  const plain: AgeRule[] = [];
  for (const rule of [
    ...(langs.includes("nl") ? [...nlRules(), enclosedRule(ENCLOSED_UNITS.nl)] : []),
    ...(langs.includes("fr") ? [...frRules(), enclosedRule(ENCLOSED_UNITS.fr)] : []),
    ...(langs.includes("en") ? [...enRules(), enclosedRule(ENCLOSED_UNITS.en)] : []),
  ]) {
    (rule.before ? withContext : plain).push(rule);
  }
  // Context rules first: their score is higher and their span is the same or longer.
  const triggers = new Set(withContext.flatMap((rule) => [...(rule.triggers ?? [])]));
  return { lexicon, rules: [...withContext, ...plain], triggers };
}

function ageValue(number: string): number {
  return Number(number.replace(",", "."));
}

/** Index just after the number and one optional space or hyphen: where a unit would start. */
function unitStart(text: string, e: number): number {
  let i = e;
  if ((text[i] === "." || text[i] === ",") && digitAt(text, i + 1) && !digitAt(text, i + 2)) i += 2;
  if (text[i] === " " || text[i] === "-") i++;
  return i;
}

/** Every word that can start the unit of a unit-carried age; any other word after the number rules them out. */
const UNIT_WORDS: ReadonlySet<string> = new Set([
  "jaar", "jaren", "jarig", "jarige", "jarigen", "jr", "j", "wk", "wks", "sem", "maand", "maanden", "mnd", "week", "weken", "dag", "dagen",
  "ans", "an", "a", "mois", "semaine", "semaines", "jour", "jours",
  "yo", "y", "year", "years", "yr", "yrs", "month", "months", "mo", "mos", "wk", "wks", "weeks", "day", "days",
]);

function ageAt(scan: TextScan, r: number, rules: AgeRules): { end: number; score: number } | null {
  const text = scan.text;
  const s = scan.runs[r];
  const unitAt = unitStart(text, scan.runs[r + 1]);
  const unitMayFollow = letterAt(text, unitAt) && UNIT_WORDS.has(nextWord(text, unitAt, 0));
  const word = scan.wordBeforeRun(r);
  if (!unitMayFollow && !rules.triggers.has(word)) return null;
  for (const rule of rules.rules) {
    if (rule.triggers ? !rule.triggers.has(word) : !unitMayFollow) continue;
    const m = matchAt(rule.form, text, s);
    if (!m || ageValue(m[1]) > 130) continue;
    if (rule.before && phraseBefore(text, s, rule.before, 40) < 0) continue;
    if (rule.vetoedByDuration && rules.lexicon.durationWords.has(word)) continue;
    if (rule.vetoBefore && phraseBefore(text, s, rule.vetoBefore, 8) >= 0) continue;
    if (rule.vetoAfter) {
      rule.vetoAfter.lastIndex = s + m[0].length;
      if (rule.vetoAfter.test(text)) continue;
    }
    const end = trimTrailingPunctuation(text, s, s + m[0].length);
    if (rule.enclosed && !isEnclosed(text, s, s + m[0].length, rules.lexicon)) continue;
    return { end, score: rule.score };
  }
  return null;
}

/**
 * An age in brackets right after a birth date ("DOB 03.05.1941 (83)", "geb. 03/05/1941 ( 83 )", "née le … (83)"): a
 * header line of a patient list or a letter prints the age so (session thirteen). The date must follow a birth word
 * on its line; the bracket holds only 0–120.
 */
const AGE_AFTER_BIRTH_DATE = /\d{1,2}[./-]\d{1,2}[./-](?:\d{4}|\d{2})[ \t]{0,3}\([ ]?(\d{1,3})[ ]?\)/gy;
const BIRTH_WORD = /(?:^|[^\p{L}])(?:dob|d\.o\.b\.?|date of birth|born|geb\.?|geboren|geboortedatum|n[ée]e?(?: le)?|date de naissance|ddn|°)[ \t]*[:.]?[ \t]*$/iu;

function agesAfterBirthDates(text: string, out: DetectedSpan[]): void {
  for (let i = text.indexOf("("); i >= 0; i = text.indexOf("(", i + 1)) {
    // The date before the bracket starts at most 14 characters before it.
    for (let from = Math.max(0, i - 14); from < i - 5; from++) {
      if (!digitAt(text, from) || digitAt(text, from - 1)) continue;
      AGE_AFTER_BIRTH_DATE.lastIndex = from;
      const m = AGE_AFTER_BIRTH_DATE.exec(text);
      if (!m || Number(m[1]) > 120) continue;
      const lineStart = text.lastIndexOf("\n", from - 1) + 1;
      if (!BIRTH_WORD.test(text.slice(Math.max(lineStart, from - 40), from))) break;
      const start = m.index + m[0].lastIndexOf(m[1]);
      out.push(span(start, start + m[1].length, "Age_Birthdate", SCORE_CONTEXT));
      break;
    }
  }
}

export function findAges(scan: TextScan, rules: AgeRules): DetectedSpan[] {
  const { text, runs } = scan;
  const out: DetectedSpan[] = [];
  let consumed = 0;
  for (let r = 0; r < runs.length; r += 2) {
    const s = runs[r];
    if (s < consumed || runs[r + 1] - s > 3 || wordCharBefore(text, s)) continue;
    if ((text[s - 1] === "." || text[s - 1] === "," || text[s - 1] === "/") && digitAt(text, s - 2)) continue;
    const found = ageAt(scan, r, rules);
    if (!found) continue;
    out.push(span(s, found.end, "Age_Birthdate", found.score));
    consumed = found.end;
  }
  const bracketed: DetectedSpan[] = [];
  agesAfterBirthDates(text, bracketed);
  // Both lists are in text order: one merge walk keeps the bracketed ages that overlap no age found above.
  let j = 0;
  const kept: DetectedSpan[] = [];
  for (const b of bracketed) {
    while (j < out.length && out[j].end <= b.start) j++;
    if (j >= out.length || out[j].start >= b.end) kept.push(b);
  }
  return kept.length > 0 ? out.concat(kept) : out;
}
