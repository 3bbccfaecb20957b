// Dates and ages in Dutch and French as Belgian notes mix them. A date after "°", "geboren (op)", "né(e) le",
// "geboortedatum" is a birth date (Age_Birthdate); ages are numbers with an age unit that are not durations.
import type { Label } from "../../../src/contract/index.js";
import { eachLookbehindMatch, lookbehindScan, type LookbehindScan } from "./anchored.js";
import { PRIORITY, type Candidate } from "./candidate.js";
import { AGE_CONTEXT_WORDS, BIRTH_CONTEXT_WORDS, DURATION_WORDS_AFTER, DURATION_WORDS_BEFORE, wordSet as set } from "./context.js";
import { foldKey } from "./normalize.js";
import { tokenAtOrAfter, type Token } from "./tokenize.js";

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

export const DATE_PATTERNS: { name: string; pattern: RegExp }[] = [
  // 12/03/2021, 12-03-21, 12.03.2021 (one separator throughout)
  { name: "dmy", pattern: new RegExp(`${DAY}([./-])${MONTH_NUM}\\1(?:${YEAR4}|\\d{2})(?![\\p{L}\\p{N}]|[./-]\\d)`, "uy") },
  // 17.IX.2021, 3/XII/1999
  { name: "roman", pattern: new RegExp(`${DAY}([./ -])(?:XII|XI|X|IX|VIII|VII|VI|V|IV|III|II|I)\\1(?:${YEAR4}|\\d{2})${E}`, "uy") },
  // 2021-03-12
  { name: "ymd", pattern: new RegExp(`${YEAR4}([-/.])${MONTH_NUM}\\1${DAY}(?![\\p{N}]|[./-]\\d)`, "uy") },
  // 12 maart 2021, 1er mars 2020, 12-mrt-2021, 12 mrt. '21, 12 maart
  { name: "d-month-y", pattern: new RegExp(`${DAY_WORD}(?:\\s*[-/.]\\s*|\\s+)${MONTH}(?:(?:\\s*[-/.]\\s*|\\s+)${YEAR})?${E}`, "iuy") },
  // 12-14 maart 2021
  // 12-14 maart 2021, "verzet van 19 naar 26 april", "le 3 ou 4 mai"
  { name: "range", pattern: new RegExp(`${DAY}\\s*(?:[-–]|au|tot(?:\\s+en\\s+met)?|t/m|naar|op|en|of|ou|et|à)\\s*${DAY}\\s+${MONTH}(?:\\s+${YEAR4})?${E}`, "iuy") },
  // maart 2021, sept. 2019, mars '21
  { name: "month-y", pattern: new RegExp(`${MONTH}\\s*(?:${YEAR4}|['’\`]\\d{2})${E}`, "iuy") },
  // zomer 2020, begin maart, eind 2019, début 2020
  { name: "season", pattern: new RegExp(`${SEASON}\\s*(?:${YEAR4}|${MONTH}(?:\\s+${YEAR4})?)${E}`, "iuy") },
  // "nacht 21-22/06", "du 3 au 4/05", "van 8 op 9/1": a day before a day and month
  // and "NACHT 17->18/03", "21 → 22/05": a night or a stay written with an arrow
  { name: "range-dm", pattern: new RegExp(`${DAY}\\s*(?:-+>|→|=>|[-–]|au|tot|t/m|op|en|et)\\s*${DAY}/${MONTH_NUM}(?:/(?:${YEAR4}|\\d{2}))?(?![\\p{L}\\p{N}]|[/.,]\\d)`, "iuy") },
  // "21 - 06 - 2025", "3 / 4 / 2019": one separator throughout with one space on each side, a four-digit year
  { name: "dmy-spaced", pattern: new RegExp(`${DAY} ([./-]) ${MONTH_NUM} \\1 ${YEAR4}(?![\\p{L}\\p{N}])`, "uy") },
  // 03/2021
  { name: "my", pattern: new RegExp(`${MONTH_NUM}[/-]${YEAR4}${E}`, "uy") },
  // 07NOV2019, 15mei21, 2Fév.2016: a day, a month and a year written together, in any case (forms, lab systems)
  { name: "compact", pattern: new RegExp(`${DAY}(?:${MONTHS_NL}|${MONTHS_FR}|${MONTHS_EN}|${MONTHS_NL_SHORT}|${MONTHS_FR_SHORT}|maa|mar|oct|aou|aoû|juin)\\.?(?:${YEAR4}|\\d{2})${E}`, "iuy") },
];

/** "lu 9/12", "me 11/12": a French two-letter weekday opening a line of a schedule, before a day and a month. */
const FRENCH_WEEKDAY_LINE = /(?:^|\n)[ \t]*((?:lu|ma|me|je|ve|sa|di)\.?[ \t]+)(?:0?[1-9]|[12]\d|3[01])\/(?:0?[1-9]|1[0-2])(?![\p{L}\p{N}]|[/.,]\d)/giu;

/** A weekday before a date belongs to it ("maandag 12 maart", "ma 12/03"). */
const WEEKDAY_BEFORE = new RegExp(`${B}${WEEKDAY},?\\s+$`, "iu");

/** d/m without year: a date only after a date-ish word ("op 12/03", "sinds 3/4"), never a score ("7/10"). */
const DAY_MONTH = new RegExp(`${DAY}[/]${MONTH_NUM}(?![\\p{L}\\p{N}]|[/.,]\\d)`, "uy");
const DAY_MONTH_CUES = new Set(["menstruatie", "lmp", "ddr", "regles", "naar", "op", "sinds", "sedert", "vanaf", "tot", "van", "dd", "datum", "le", "du", "au", "depuis", "jusqu'au", "tem", "t/m", "en", "controle", "gezien", "opname", "ontslag", "consultatie",
  // An examination or procedure dated by its day and month ("op CT 14/2", "echo 12/4", "OK 3/2").
  "ct", "mri", "nmr", "rx", "echo", "echografie", "scan", "petscan", "pet-ct", "scintigrafie", "biopsie", "punctie", "ecg", "eeg", "emg",
  "gastroscopie", "coloscopie", "colonoscopie", "bronchoscopie", "ok", "operatie", "ingreep", "bloedafname", "labo",
  // Days named relative to today before their date ("gisteren 3/3", "vannacht 14/5"; not before a score or a count,
  // see RELATIVE_DAY_CUES).
  "gisteren", "eergisteren", "vannacht", "hier"]);
const RELATIVE_DAY_CUES: ReadonlySet<string> = new Set(["gisteren", "eergisteren", "vannacht", "hier"]);
const NIGHT_OR_STAY_BEFORE = /(?:nacht|nachtdienst|nuit|weekend|week-end|opname|verblijf|séjour|sejour|hospitalisé|hospitalisée|opgenomen)\s+(?:van|du|de)\s*$/i;
const SCORE_CUES = /(?:score|vas|nrs|eva|pijn|pain|douleur|graad|grade|gcs|apgar|ratio|\/|x)\s*:?\s*(?:(?:van|de|of|from|tot|naar|à|a)\s+)?$/i;
const COMPACT_YMD = /(?:19|20)\d{6}(?!\p{N})/uy;
const CELL_SEPARATOR = /^[,;|\t]$/;
const CELL_EDGE = /^[,;|\t\n\r ]$/;

/** "20241117": a real date from 1900 to 2099 written as year, month and day. */
function isRealYmd(core: string): boolean {
  const [year, month, day] = [Number(core.slice(0, 4)), Number(core.slice(4, 6)), Number(core.slice(6, 8))];
  const date = new Date(Date.UTC(year, month - 1, day));
  return month >= 1 && month <= 12 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A clock time right after a day and month ("8/5 16:40", "27/1 om 9u15"). */
const DAY_MONTH_TIME_AFTER = /^[ \t]+(?:om[ \t]+|à[ \t]+|a[ \t]+)?(?:[01]?\d|2[0-3])(?:[:.hu][0-5]\d)(?![\p{N}])/u;

/** Only spaces between the line's start and `offset`. */
function lineOpensAt(text: string, offset: number): boolean {
  for (let i = offset - 1; i >= 0; i--) {
    const ch = text[i];
    if (ch === "\n") return true;
    if (ch !== " " && ch !== "\t") return false;
  }
  return true;
}

/** "d-m" with a hyphen is a date only after these ("t/m 7-11", "vanaf 3-4"); "3-4 dagen" is a count. */
const HYPHEN_DAY_MONTH_CUE_BEFORE = /(?:^|[^\p{L}])(?:t\/m|tem|tot|vanaf|sinds|sedert|du|au|depuis|jusqu['’]au)\s+$/iu;
const HYPHEN_DAY_MONTH = new RegExp(`${DAY}-${MONTH_NUM}(?![\\p{L}\\p{N}]|[-/.,]\\d)`, "uy");
const COUNT_AFTER = /^\s*(?:dagen|dag|d|weken|week|wk|maanden|mnd|jaar|jaren|j|uur|u|h|keer|x|mg|ml|g|kg|cm|mm|tabletten|tabl|jours?|semaines?|mois|ans?|fois)(?![\p{L}])/iu;
/** "... 7/10 ... 3/10": a line with two tenths holds scores. */
const TENTHS = /\d\s?\/\s?10(?!\d)/g;

/** Holidays name a day (the annotators mark them as dates): "op Koningsdag", "à la Toussaint". */
const HOLIDAYS: ReadonlySet<string> = new Set(
  `koningsdag koningsnacht kerstmis kerstdag kerstavond oudejaarsavond oudejaar oudjaar nieuwjaarsdag nieuwjaar pasen
  paasmaandag paaszondag pinksteren pinkstermaandag hemelvaartsdag hemelvaart allerheiligen allerzielen sinterklaasavond
  moederdag vaderdag bevrijdingsdag valentijnsdag wapenstilstand aswoensdag suikerfeest offerfeest noel toussaint paques
  pentecote ascension reveillon saint-sylvestre nouvel-an`.split(/\s+/).filter(Boolean),
);

const HOLIDAY_PREPOSITIONS: ReadonlySet<string> = new Set(["op", "met", "rond", "tijdens", "na", "sinds", "vanaf", "tot", "voor", "a", "pendant", "avant", "apres", "depuis", "vers", "since"]);

/** "d/10" on a line that holds another "n/10" is a score ("VAS 7/10 ... tot 3/10"). */
function tenthsOnLine(text: string, offset: number, surface: string): boolean {
  if (!/\/\s?10$/.test(surface)) return false;
  const lineStart = text.lastIndexOf("\n", offset) + 1;
  const lineEnd = text.indexOf("\n", offset);
  return (text.slice(lineStart, lineEnd < 0 ? text.length : lineEnd).match(TENTHS)?.length ?? 0) >= 2;
}

function holidays(c: TextContext, out: Candidate[]): void {
  for (let tIndex = 0; tIndex < c.tokens.length; tIndex++) {
    const t = c.tokens[tIndex];
    if (t.kind !== "word" || !HOLIDAYS.has(t.key)) continue;
    // Written as a proper noun ("Koningsdag", "la Toussaint"), or in lower case right after a time preposition
    // ("op kerstavond", "rond pasen"); not "kerstmis" inside a lower-case shopping list.
    if (!t.firstUpper && !HOLIDAY_PREPOSITIONS.has(c.tokens[t.index - 1]?.key ?? "")) continue;
    out.push({ start: t.start, end: t.end, label: "Date", priority: PRIORITY.lookup, score: 0.55, rule: "date.holiday" });
  }
}

/** Letters, numbers and units after a bare year that make it an amount: "2000 pg/ml", "1950 E". */
const AMOUNT_AFTER_YEAR = /^\s*(?:pg|ng|µg|ug|mcg|mg|g|kg|ml|l|cc|ie|e|u|ui|iu|mmol|µmol|umol|kcal|cal|x|keer|stuks|st|eur|euro|€|%|\/|-\s?\d|[.,]\d)(?![\p{L}])/iu;
/** Lab analytes whose values can look like a year ("CK 2010", "LDH 1980"). */
const YEAR_LIKE_VALUES: ReadonlySet<string> = new Set(["ck", "cpk", "ldh", "bnp", "ntprobnp", "probnp", "ferritine", "ferritin", "ggt", "alk", "af", "trombo", "tc", "ast", "alt", "got", "gpt", "gewicht", "poids", "weight"]);

/**
 * "CVA 2019,", "Hysterectomie 2008.", "(huiduitslag, 1994)", "Boostrix 2022,": a bare year right after an event
 * word (a procedure, a diagnosis, a vaccine) and closed by punctuation or the line's end is when it happened.
 */
function yearAfterEvent(c: TextContext, offset: number, end: number): boolean {
  const year = Number(c.text.slice(offset, end));
  if (year < 1930 || year > 2039) return false;
  // "vastgesteld 2017 (biopsie)": a bracket after the year closes it too.
  if (!/^[ \t]*(?:[,.;)(]|\r?\n|$)/.test(c.text.slice(end, end + 3)) || /^[.,]\d/.test(c.text.slice(end, end + 2))) return false;
  const i = tokenAtOrAfter(c.tokens, offset) - 1;
  const prev = c.tokens[i];
  if (!prev || prev.end > offset || c.text.slice(prev.end, offset).includes("\n")) return false;
  if (prev.kind === "punct") {
    // "(huiduitslag, 1994)": a year after a comma inside brackets.
    return prev.text === "," && c.text[end] === ")" && c.tokens[i - 1]?.kind === "word";
  }
  if (!/\p{L}{2}/u.test(prev.text) || /\d/.test(prev.text)) return false;
  if (NOT_YEAR_OWNERS.has(prev.key) || YEAR_LIKE_VALUES.has(prev.key)) return false;
  return !AMOUNT_AFTER_YEAR.test(c.text.slice(end, end + 6));
}

/** Words before a number at the end of a line that make it an amount, a code or a count, not a year. */
const NOT_YEAR_OWNERS: ReadonlySet<string> = new Set([
  "mg", "ml", "g", "kg", "dosis", "dose", "aantal", "nr", "nummer", "kamer", "bed", "code", "postcode", "bus", "x", "totaal", "score",
  "eur", "euro", "kcal", "ie", "stuks", "pagina", "versie", "model", "type", "lot", "batch", "numéro", "numero", "chambre",
  "pols", "hartslag", "gewicht", "stappen", "meter", "km", "m", "ml/dag", "diurese", "vocht", "calorieën", "plaatjes",
]);

/**
 * "zoek meijer t ct thorax 2022", "dossiers dr. Claeys kinderpsychiatrie 2023": a recent year that ends a line
 * after a word (search queries and record lists date their items this way).
 */
function yearEndsQuery(c: TextContext, offset: number, end: number): boolean {
  const year = Number(c.text.slice(offset, end));
  if (year < 1990 || year > 2039 || !/^[ \t]*(?:\r?\n|$)/.test(c.text.slice(end, end + 3))) return false;
  if (!/\p{Ll}[ \t]$/u.test(c.text.slice(Math.max(0, offset - 2), offset))) return false;
  const cue = previousWord(c, offset);
  return cue !== undefined && !NOT_YEAR_OWNERS.has(cue);
}

/** A bare year after a time word ("in 2019", "sinds 2015", "(2018)") or before a colon ("2019: ..."). */
const YEAR_ALONE = new RegExp(`${YEAR4}${E}`, "uy");
const YEAR_CUES = new Set([
  "in", "sinds", "sedert", "vanaf", "tot", "van", "begin", "eind", "einde", "midden", "medio", "voorjaar", "najaar",
  "zomer", "winter", "lente", "herfst", "jaar", "en", "depuis", "année", "annee", "jusqu", "since", "until", "year", "anno",
  "circa", "ca", "rond", "omstreeks", "vers", "tussen", "entre", "augustus",
  // A holiday before the year dates it ("kerst 2023", "pasen 2022", "Toussaint 2021").
  "kerst", "kerstmis", "pasen", "pinksteren", "nieuwjaar", "oudjaar", "carnaval", "krokus", "krokusvakantie", "paasvakantie",
  "zomervakantie", "kerstvakantie", "herfstvakantie", "noel", "paques", "toussaint", "christmas", "easter",
]);

/** Numbers that look like dates but sit in lab values, doses or versions. */
const NOT_A_DATE_AFTER = /^\s*(?:mg|ml|mmol|µg|ug|g\/|%|u\/|ie|mmhg|cm|mm|kg|x10)/i;

/** The text and its tokens: context words are read from the tokens (already folded). */
interface TextContext {
  readonly text: string;
  readonly tokens: readonly Token[];
}

const GLUE = "-'’";

/** Keys of the words before `offset` on the same line, nearest first; hyphenated words stay whole ("follow up"). */
function wordsBefore(c: TextContext, offset: number, count: number): string[] {
  const { tokens } = c;
  const out: string[] = [];
  let i = tokenAtOrAfter(tokens, offset) - 1;
  if (i >= 0 && c.text.slice(tokens[i].end, offset).includes("\n")) return out;
  while (i >= 0 && out.length < count) {
    if (tokens[i].kind !== "punct") {
      let key = tokens[i].key;
      while (i >= 2 && GLUE.includes(tokens[i - 1].text) && !tokens[i - 1].spaceBefore && !tokens[i].spaceBefore && tokens[i - 2].kind !== "punct") {
        key = `${tokens[i - 2].key} ${key}`;
        i -= 2;
      }
      out.push(key);
    }
    if (tokens[i].newlinesBefore > 0) break;
    i--;
  }
  return out;
}

/** Keys of the words after `offset` within the line and sentence, nearest first. */
function wordsAfter(c: TextContext, offset: number, count: number): string[] {
  const out: string[] = [];
  for (let i = tokenAtOrAfter(c.tokens, offset); i < c.tokens.length && out.length < count; i++) {
    const t = c.tokens[i];
    if (t.start < offset) continue;
    if (t.newlinesBefore > 0 && (out.length > 0 || c.text.slice(offset, t.start).includes("\n"))) break;
    if (t.kind === "punct") {
      if (t.text === "." || t.text === ";") break;
      continue;
    }
    let key = t.key;
    while (i + 2 < c.tokens.length && GLUE.includes(c.tokens[i + 1].text) && !c.tokens[i + 1].spaceBefore && !c.tokens[i + 2].spaceBefore &&
      c.tokens[i + 2].kind !== "punct") {
      key = `${key} ${c.tokens[i + 2].key}`;
      i += 2;
    }
    out.push(key);
  }
  return out;
}

/** The word right before `offset`, across spaces, colons, commas and an opening parenthesis only. */
function previousWord(c: TextContext, offset: number): string {
  for (let i = tokenAtOrAfter(c.tokens, offset) - 1; i >= 0; i--) {
    const t = c.tokens[i];
    if (t.end > offset) continue;
    if (t.kind !== "punct") return t.key;
    if (t.text !== ":" && t.text !== "," && t.text !== "(") return "";
  }
  return "";
}

function isBirthDate(c: TextContext, start: number): boolean {
  const before = c.text.slice(Math.max(0, start - 6), start);
  if (/[°º]\s*:?\s*$/.test(before)) return true;
  return wordsBefore(c, start, 4).some((w) => BIRTH_CONTEXT_WORDS.has(w));
}

function dateLabel(c: TextContext, start: number): Label {
  return isBirthDate(c, start) ? "Age_Birthdate" : "Date";
}

function extendOverWeekday(text: string, start: number): number {
  const m = WEEKDAY_BEFORE.exec(text.slice(Math.max(0, start - 14), start));
  return m ? start - m[0].length : start;
}

/** Words that can open a textual date ("maart 2020", "zomer 2019", "begin maart", "mi-mars"). */
const DATE_WORD_KEYS: ReadonlySet<string> = new Set(
  `${MONTHS_NL}|${MONTHS_NL_SHORT}|${MONTHS_FR}|${MONTHS_FR_SHORT}|${MONTHS_EN}|lente|zomer|herfst|winter|voorjaar|najaar|printemps|ete|automne|hiver|begin|eind|einde|midden|half|medio|debut|fin|mi`
    .split("|")
    .map(foldKey),
);

const startMemo = new WeakMap<readonly Token[], { numbers: number[]; words: number[] }>();

/** Offsets where a number starts, and where a date word starts. Tokens start at word boundaries. */
function startOffsets(tokens: readonly Token[]): { numbers: number[]; words: number[] } {
  const memo = startMemo.get(tokens);
  if (memo) return memo;
  const numbers: number[] = [];
  const words: number[] = [];
  for (let tAt = 0; tAt < tokens.length; tAt++) {
    const t = tokens[tAt];
    if (t.kind === "punct") continue;
    const code = t.text.charCodeAt(0);
    if (code >= 48 && code <= 57) numbers.push(t.start);
    else if (DATE_WORD_KEYS.has(t.key)) words.push(t.start);
  }
  startMemo.set(tokens, { numbers, words });
  return { numbers, words };
}

/** The patterns the numbers are read with one by one after DATE_PATTERNS, by their name for mayStartNumericDate (tests). */
export const NUMBER_START_PATTERNS: readonly { name: string; pattern: RegExp }[] = [
  { name: "day-month", pattern: DAY_MONTH },
  { name: "hyphen-day-month", pattern: HYPHEN_DAY_MONTH },
  { name: "year", pattern: YEAR_ALONE },
];

/** The length of the run of ASCII digits at `offset`. */
function digitRunAt(text: string, offset: number): number {
  let i = offset;
  for (let code = text.charCodeAt(i); code >= 48 && code <= 57; code = text.charCodeAt(++i));
  return i - offset;
}

/**
 * Whether a numeric date pattern can match at a number's start, from the length of its run of digits and the unit
 * after it: a day or month is one or two digits, a year four, and dmy, roman, ymd and my need their separator right
 * after; so do a day and month alone ("day-month" with "/", "hyphen-day-month" with "-") and a year alone ("year"). Most
 * numbers in a note (doses, values, counts) fail this, and the patterns are not tried there.
 */
export function mayStartNumericDate(name: string, text: string, offset: number): boolean {
  const run = digitRunAt(text, offset);
  const next = text.charCodeAt(offset + run);
  switch (name) {
    case "dmy":
      return run <= 2 && (next === 46 || next === 47 || next === 45);
    case "roman":
      return run <= 2 && (next === 46 || next === 47 || next === 45 || next === 32);
    case "dmy-spaced":
      return run <= 2 && next === 32;
    case "ymd":
      return run === 4 && (next === 46 || next === 47 || next === 45);
    case "my":
      return run <= 2 && (next === 47 || next === 45);
    case "day-month":
      return run <= 2 && next === 47;
    case "hyphen-day-month":
      return run <= 2 && next === 45;
    case "year":
      return run === 4;
    case "d-month-y":
    case "range":
    case "range-dm":
    case "compact":
      return run <= 2;
    default:
      // A pattern not listed here is tried at every number.
      return true;
  }
}

function stickyAt(pattern: RegExp, text: string, offset: number): RegExpExecArray | null {
  pattern.lastIndex = offset;
  return pattern.exec(text);
}

const SCORE_BEFORE = /(?:apgar|emv|gcs|vas|nrs|score)[ :]*$/iu;

export const NUMERIC_PATTERNS: ReadonlySet<string> = new Set(["dmy", "ymd", "roman", "d-month-y", "range", "range-dm", "dmy-spaced", "my", "compact"]);

/** A compact date has a letter right after its one or two day digits; other numbers skip its regex. */
function mayBeCompactDate(text: string, offset: number): boolean {
  return letterAt(text, offset + 1) || (letterAt(text, offset + 2) && text.charCodeAt(offset + 1) >= 48 && text.charCodeAt(offset + 1) <= 57);
}

function letterAt(text: string, i: number): boolean {
  const raw = text.charCodeAt(i);
  const code = raw | 32;
  return (code >= 97 && code <= 122) || raw > 127;
}

/** Full month names (no abbreviations): alone they are a date only after a time word ("in oktober", "en mars"). */
const FULL_MONTHS: ReadonlySet<string> = new Set(`${MONTHS_NL}|${MONTHS_FR}|${MONTHS_EN}`.split("|").map(foldKey));
const MONTH_ALONE_CUES: ReadonlySet<string> = new Set([
  "in", "en", "sinds", "sedert", "vanaf", "begin", "eind", "einde", "midden", "half", "medio", "tot", "tijdens", "depuis",
  "debut", "fin", "mi", "courant", "since", "until", "early", "late", "mid", "during", "maand", "mois",
  // "de scan van maart", "l'écho de juin", "ten laatste mei", "uiterlijk april"
  "van", "de", "d", "vroegste", "laatste", "uiterlijk", "ten", "keer",
]);

/** Months that are also given names or the planet: capitalised in brackets they are no date ("(Mars)", "(April)"). */
const NAME_MONTHS: ReadonlySet<string> = new Set(["mars", "march", "may", "mei", "mai", "april", "avril", "june", "juni", "august", "augustus"]);

/** "in oktober", "begin maart", "en octobre", "(november)": a month on its own points to a month (the guideline marks it). */
function monthsAlone(c: TextContext, out: Candidate[]): void {
  for (let i = 1; i < c.tokens.length; i++) {
    const t = c.tokens[i];
    if (t.kind !== "word" || !FULL_MONTHS.has(t.key) || t.upper) continue;
    // "Mars" and "May" capitalised mid-sentence are names or the planet; "mei" after "in" is the month.
    if (t.firstUpper && !t.sentenceStart && (t.key === "mars" || t.key === "may" || t.key === "march")) continue;
    const prev = c.tokens[i - 1];
    // "(november)": a month alone in brackets dates what the sentence tells.
    const bracketed = prev.text === "(" && c.tokens[i + 1]?.text === ")" && !(t.firstUpper && NAME_MONTHS.has(t.key));
    if (prev.kind === "punct" && !bracketed) continue;
    if (!bracketed && !MONTH_ALONE_CUES.has(prev.key) && !(prev.key === "de" && c.tokens[i - 2]?.key === "mois")) continue;
    out.push({ start: t.start, end: t.end, label: "Date", priority: PRIORITY.lookup, score: 0.55, rule: "date.month" });
  }
}

const FULL_WEEKDAYS: ReadonlySet<string> = new Set(
  "maandag dinsdag woensdag donderdag vrijdag zaterdag zondag lundi mardi mercredi jeudi vendredi samedi dimanche".split(" "),
);
/** "mardi 16 14h15", "woensdag 9, om 11u": a weekday and a day of the month, then a clock time or punctuation. */
const WEEKDAY_DAY = new RegExp(`\\p{L}+[ \\t]+${DAY}(?=[ \\t]+(?:om[ \\t]+|à[ \\t]+)?(?:[01]?\\d|2[0-3])[:hu.][0-5]\\d(?!\\p{N})|[ \\t]*[,;)]|[ \\t]*\\.(?!\\d)|[ \\t]*(?:\\n|$))`, "uy");

function weekdayAndDay(c: TextContext, out: Candidate[]): void {
  for (let tIndex = 0; tIndex < c.tokens.length; tIndex++) {
    const t = c.tokens[tIndex];
    if (t.kind !== "word" || !FULL_WEEKDAYS.has(t.key)) continue;
    const m = stickyAt(WEEKDAY_DAY, c.text, t.start);
    if (m) out.push({ start: t.start, end: t.start + m[0].length, label: "Date", priority: PRIORITY.pattern, score: 0.6, rule: "date.weekday-day" });
  }
}

/** A scanned number: digits with look-alike letters ("l7", "2Ol8", "O9"), or a month with look-alike digits ("n0vember"). */
const OCR_NUMBER = /^(?=.*\d)(?=.*[OolI])[\dOolI]{2,4}$/;
const OCR_LETTERS_ONLY = /^[OolI]{2,4}$/;
const DATE_SEPARATORS = "/.-";
const OCR_WORD = /^(?=.*[01])[\p{L}01]{3,}$/u;
const OCR_DIGIT: Record<string, string> = { O: "0", o: "0", l: "1", I: "1" };
/** The numeric date shapes read again over the repaired text, with spaces allowed around the separators. */
const OCR_DATE_PATTERNS: readonly RegExp[] = [
  new RegExp(`${DAY}[ \\t]?([./-])[ \\t]?${MONTH_NUM}[ \\t]?\\1[ \\t]?(?:${YEAR4}|\\d{2})(?![\\p{L}\\p{N}]|[./-]\\d)`, "uy"),
  new RegExp(`${DAY_WORD}(?:\\s*[-/.]\\s*|\\s+)${MONTH}(?:(?:\\s*[-/.]\\s*|\\s+)${YEAR})?${E}`, "iuy"),
  new RegExp(`${YEAR4}${E}`, "uy"),
];

const isDigitCode = (code: number): boolean => code >= 48 && code <= 57;
const isLookalikeLetter = (code: number): boolean => code === 79 || code === 111 || code === 108 || code === 73;

/**
 * Cheap test before the regexes: a token of two to four look-alike letters, or one holding a digit and a letter of
 * which one is a look-alike ("2Ol8", "n0vember"). Most tokens are all letters or all digits and leave at once.
 */
function mixesDigitsAndLookalikes(text: string): boolean {
  // A digit first, second or last, or a short token opening with a look-alike letter; else no scan damage.
  const n = text.length;
  if (!(isDigitCode(text.charCodeAt(0)) || isDigitCode(text.charCodeAt(1)) || isDigitCode(text.charCodeAt(n - 1)) ||
    (n <= 4 && isLookalikeLetter(text.charCodeAt(0))))) return false;
  let digit = false;
  let letter = false;
  let lookalike = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 48 && code <= 57) {
      digit = true;
      if (code <= 49) lookalike = true;
    } else {
      letter = true;
      if (isLookalikeLetter(code)) lookalike = true;
    }
  }
  return lookalike && (digit ? letter : text.length <= 4);
}

/**
 * "l7/O9/2Ol8", "O3 n0vember 2Ol9", "(ingreep 2Ol6)": dates of a scanned text, with "O"/"o" read as 0 and "l"/"I" as 1
 * inside numbers and 0/1 read as o/l inside a month. The text is repaired character for character (offsets stay), only
 * when a token has such a mix, and a date must hold one repaired token; a bare year still needs its cue.
 */
function scannedDates(c: TextContext, out: Candidate[]): void {
  let chars: string[] | undefined;
  const repaired: Token[] = [];
  for (let tIndex = 0; tIndex < c.tokens.length; tIndex++) {
    const t = c.tokens[tIndex];
    if (t.kind === "punct" || t.text.length > 9 || !mixesDigitsAndLookalikes(t.text)) continue;
    // "Ol/O9": a token of look-alike letters only counts glued to a date separator.
    const number = OCR_NUMBER.test(t.text) || (OCR_LETTERS_ONLY.test(t.text) && (DATE_SEPARATORS.includes(c.text[t.end] ?? " ") ||
      DATE_SEPARATORS.includes(c.text[t.start - 1] ?? " ")));
    const word = !number && OCR_WORD.test(t.text) && FULL_MONTHS.has(foldKey(t.text.replace(/0/g, "o").replace(/1/g, "l")));
    if (!number && !word) continue;
    chars ??= Array.from({ length: c.text.length }, (_, i) => c.text[i]);
    for (let i = t.start; i < t.end; i++) {
      const ch = c.text[i];
      chars[i] = number ? (OCR_DIGIT[ch] ?? ch) : ch === "0" ? "o" : ch === "1" ? "l" : ch;
    }
    repaired.push(t);
  }
  if (!chars) return;
  const text = chars.join("");
  const tokens = c.tokens;
  const fixed: TextContext = { text, tokens };
  const done = new Set<number>();
  for (const r of repaired) {
    // The date starts at the repaired token or up to four tokens before it ("25 n0vember", "O8 - l1 - 2Ol9").
    const at = tokenAtOrAfter(tokens, r.start);
    for (let k = Math.max(0, at - 4); k <= at; k++) {
      const start = tokens[k].start;
      if (done.has(start) || !/\d/.test(text[start]) || (start > 0 && /[\p{L}\p{N}]/u.test(text[start - 1]))) continue;
      for (let p = 0; p < OCR_DATE_PATTERNS.length; p++) {
        const m = stickyAt(OCR_DATE_PATTERNS[p], text, start);
        if (!m || start + m[0].length < r.end) continue;
        // A year alone needs a time word or an event word, as undamaged years do.
        if (p === 2 && !(YEAR_CUES.has(previousWord(fixed, start)) || yearAfterEvent(fixed, start, start + m[0].length) || isBirthDate(fixed, start))) continue;
        out.push({ start, end: start + m[0].length, label: dateLabel(c, start), priority: PRIORITY.pattern, score: 0.6, rule: "date.scanned" });
        done.add(start);
        break;
      }
    }
  }
}

/** "2 2 / 0 7 / 1 9 6 0", "1 9 6 7 - 0 5 - 2 2", "1 4 / 0 5": a date typed or scanned with a space between digits. */
const SPACED_DIGITS_DMY = /(\d(?: \d)?) ?([./-]) ?(\d(?: \d)?) ?\2 ?(\d \d \d \d|\d \d)(?![ ]?\d)/y;
const SPACED_DIGITS_YMD = /(\d \d \d \d) ?([./-]) ?(\d \d) ?\2 ?(\d \d)(?![ ]?\d)/y;
const SPACED_DIGITS_DM = /(\d(?: \d)?) ?\/ ?(\d(?: \d)?)(?![ ]?[\d/.-])/y;

/**
 * Dates of a letter-spaced text (a space between every two characters): only from a single-digit token followed by
 * a space and a digit; the day, month and year read without their spaces must be a date. A day and month alone count
 * after a date cue or between brackets ("le 1 4 / 0 5", "( 0 7 / 0 3 )").
 */
function letterSpacedDates(c: TextContext, out: Candidate[]): void {
  const { text } = c;
  for (let tIndex = 0; tIndex < c.tokens.length; tIndex++) {
    const t = c.tokens[tIndex];
    if (t.end - t.start !== 1 || t.kind !== "number" || text[t.end] !== " " || !isDigitCode(text.charCodeAt(t.end + 1))) continue;
    if (t.start > 0 && (isDigitCode(text.charCodeAt(t.start - 2)) && text[t.start - 1] === " ")) continue;
    const ymd = stickyAt(SPACED_DIGITS_YMD, text, t.start);
    const dmy = ymd ? null : stickyAt(SPACED_DIGITS_DMY, text, t.start);
    const m = ymd ?? dmy;
    if (m) {
      const [y, mo, d] = ymd ? [m[1], m[3], m[4]] : [m[4], m[3], m[1]];
      const day = Number(d.replace(/ /g, ""));
      const month = Number(mo.replace(/ /g, ""));
      const year = Number(y.replace(/ /g, ""));
      if (day >= 1 && day <= 31 && month >= 1 && month <= 12 && (year < 100 || (year >= 1900 && year <= 2099))) {
        out.push({ start: t.start, end: t.start + m[0].length, label: dateLabel(c, t.start), priority: PRIORITY.pattern, score: 0.6, rule: "date.letter-spaced" });
      }
      continue;
    }
    const dm = stickyAt(SPACED_DIGITS_DM, text, t.start);
    if (!dm || !dm[0].includes(" ")) continue;
    const day = Number(dm[1].replace(/ /g, ""));
    const month = Number(dm[2].replace(/ /g, ""));
    if (!(day >= 1 && day <= 31 && month >= 1 && month <= 12)) continue;
    const bracketed = /\([ ]?$/.test(text.slice(Math.max(0, t.start - 2), t.start)) && /^[ ]?\)/.test(text.slice(t.start + dm[0].length, t.start + dm[0].length + 2));
    if (!bracketed && !DAY_MONTH_CUES.has(previousWord(c, t.start))) continue;
    out.push({ start: t.start, end: t.start + dm[0].length, label: dateLabel(c, t.start), priority: PRIORITY.pattern, score: 0.55, rule: "date.letter-spaced" });
  }
}

export function dateCandidates(text: string, tokens: readonly Token[]): Candidate[] {
  const c: TextContext = { text, tokens };
  const out: Candidate[] = [];
  monthsAlone(c, out);
  weekdayAndDay(c, out);
  scannedDates(c, out);
  letterSpacedDates(c, out);
  holidays(c, out);
  FRENCH_WEEKDAY_LINE.lastIndex = 0;
  for (let m = FRENCH_WEEKDAY_LINE.exec(text); m; m = FRENCH_WEEKDAY_LINE.exec(text)) {
    const start = m.index + m[0].indexOf(m[1]);
    out.push({ start, end: m.index + m[0].length, label: "Date", priority: PRIORITY.pattern, score: 0.6, rule: "date.weekday-line" });
  }
  const { numbers, words } = startOffsets(tokens);
  for (const { name, pattern } of DATE_PATTERNS) {
    const numeric = NUMERIC_PATTERNS.has(name);
    for (const offset of numeric ? numbers : words) {
      if (numeric && !mayStartNumericDate(name, text, offset)) continue;
      if (name === "compact" && !mayBeCompactDate(text, offset)) continue;
      const m = stickyAt(pattern, text, offset);
      if (!m) continue;
      const end = m.index + m[0].length;
      if ((name === "dmy" || name === "dmy-spaced") && NOT_A_DATE_AFTER.test(text.slice(end, end + 6))) continue;
      // "pijn 3-4/10" is a score.
      // "de nacht van 14 op 15/10", "nuit du 14 au 15/10": a night or a stay written as a range is October's.
      const before = text.slice(Math.max(0, m.index - 20), m.index);
      if (name === "range-dm" && ((/\/10$/.test(m[0]) && !NIGHT_OR_STAY_BEFORE.test(before)) || SCORE_CUES.test(before))) continue;
      // "van 2020-05-16 tot 28/05/2020", "24-8-17 tot 2/9/17": the first number ends another date.
      if (name === "range-dm" && /\d[-/.]$/.test(text.slice(Math.max(0, m.index - 2), m.index))) continue;
      // "Apgar 8/9/10", "EMV 4/5/6": three scores with a two-digit "year" are no date.
      if (name === "dmy" && m[0].length <= 8 && SCORE_BEFORE.test(text.slice(Math.max(0, m.index - 12), m.index))) continue;
      const start = extendOverWeekday(text, m.index);
      out.push({ start, end, label: dateLabel(c, m.index), priority: PRIORITY.strong, score: 0.9, rule: `date.${name}` });
    }
  }
  for (const offset of numbers) {
    const dayMonth = mayStartNumericDate("day-month", text, offset) ? stickyAt(DAY_MONTH, text, offset) : null;
    if (dayMonth) {
      const before = text.slice(Math.max(0, offset - 20), offset);
      const weekdayStart = extendOverWeekday(text, offset);
      const cue = previousWord(c, offset);
      const after = text.slice(offset + dayMonth[0].length, offset + dayMonth[0].length + 8);
      // After a relative day a fraction of ten or a count is a score or a dose ("gisteren 7/10 pijn").
      const relativeScore = RELATIVE_DAY_CUES.has(cue) && (/\/10$/.test(dayMonth[0]) || COUNT_AFTER.test(after));
      const cued = weekdayStart !== offset || (DAY_MONTH_CUES.has(cue) && !relativeScore) || isBirthDate(c, offset) ||
        // "tot en met 30/4"
        (cue === "met" && /(?:^|[^\p{L}])tot en met\s+$/iu.test(before)) ||
        // "belde 8/5 16:40": a time after it
        DAY_MONTH_TIME_AFTER.test(after) ||
        // "22/11 Nacht rustig": a day and month opening a line of a log (not a fraction: "1/2 tablet")
        (lineOpensAt(text, offset) && /^(?:\d\d\/\d|\d\/\d\d)/.test(dayMonth[0]) && /^[ \t]+\p{L}/u.test(after) && !COUNT_AFTER.test(after));
      if (!SCORE_CUES.test(before) && cued && !tenthsOnLine(text, offset, dayMonth[0])) {
        out.push({ start: weekdayStart, end: offset + dayMonth[0].length, label: dateLabel(c, offset), priority: PRIORITY.pattern,
          score: 0.6, rule: "date.day-month" });
      }
    }
    const hyphenated = dayMonth || !mayStartNumericDate("hyphen-day-month", text, offset) ? null : stickyAt(HYPHEN_DAY_MONTH, text, offset);
    // "(CAG op 9-3)": after "op" too when a bracket, a full stop, a comma or the line's end closes it.
    const closedAfterOp = hyphenated !== null && /(?:^|[^\p{L}])op\s+$/iu.test(text.slice(Math.max(0, offset - 5), offset)) &&
      /^[ \t]*(?:[).,;]|\r?\n|$)/.test(text.slice(offset + hyphenated[0].length, offset + hyphenated[0].length + 3));
    if (hyphenated && (closedAfterOp || HYPHEN_DAY_MONTH_CUE_BEFORE.test(text.slice(Math.max(0, offset - 12), offset))) && !COUNT_AFTER.test(text.slice(offset + hyphenated[0].length, offset + hyphenated[0].length + 12))) {
      out.push({ start: offset, end: offset + hyphenated[0].length, label: dateLabel(c, offset), priority: PRIORITY.pattern, score: 0.6, rule: "date.day-month" });
    }
    // "…,B12,20241117,12.40": a compact year-month-day alone in a cell of a comma, semicolon, pipe or tab table.
    if (text.charCodeAt(offset) === 50 || text.charCodeAt(offset) === 49) {
      const compact = stickyAt(COMPACT_YMD, text, offset);
      if (compact && isRealYmd(compact[0]) && CELL_EDGE.test(text[offset - 1] ?? "") && CELL_EDGE.test(text[offset + 8] ?? "\n") &&
        (CELL_SEPARATOR.test(text[offset - 1] ?? "") || CELL_SEPARATOR.test(text[offset + 8] ?? ""))) {
        out.push({ start: offset, end: offset + 8, label: dateLabel(c, offset), priority: PRIORITY.pattern, score: 0.6, rule: "date.compact-cell" });
      }
    }
    const year = mayStartNumericDate("year", text, offset) ? stickyAt(YEAR_ALONE, text, offset) : null;
    if (year) {
      const end = offset + year[0].length;
      const cue = previousWord(c, offset);
      const inParentheses = text[offset - 1] === "(" && text[end] === ")";
      const beforeColon = /^\s?:/.test(text.slice(end, end + 2)) && !/^\s?:\s?\d/.test(text.slice(end, end + 4));
      const birthYear = /[°º]\s*$/.test(text.slice(Math.max(0, offset - 3), offset));
      // "(2019, 2022 à l'hôpital de Lagos)": a list of years opened by a bracket.
      // "(2016, ingreep in ...)", "(2011: ...)": a recent year opening a bracket before a comma or a colon.
      const yearList = (text[offset - 1] === "(" && /^(?:,\s?(?:19|20)\d\d(?!\d)|[,:]\s?\p{L})/u.test(text.slice(end, end + 7)) &&
        Number(year[0]) >= 1930 && Number(year[0]) <= 2039) ||
        /\((?:19|20)\d\d,\s?$/.test(text.slice(Math.max(0, offset - 8), offset));
      const cued = YEAR_CUES.has(cue) || inParentheses || yearList || beforeColon || birthYear || isBirthDate(c, offset) || yearEndsQuery(c, offset, end) ||
        yearAfterEvent(c, offset, end);
      if (cued && !NOT_A_DATE_AFTER.test(text.slice(end, end + 6))) {
        out.push({ start: offset, end, label: dateLabel(c, offset), priority: PRIORITY.pattern, score: 0.6, rule: "date.year" });
      }
    }
  }
  return out;
}

const AGE_UNITS_YEARS = "jaar|jaren|jr|j|ans|an|years?|yrs?|yo|y";
const AGE_UNITS_SHORT = "maanden|maand|mnd|weken|week|wk|dagen|dag|mois|semaines|semaine|jours|jour|months?|weeks?|days?";
const AGE_PATTERN = new RegExp(
  `(\\d{1,3})(?:[.,]5)?\\s*(?:(-?\\s?jarige?)|(?:-\\s?)?(${AGE_UNITS_YEARS}|${AGE_UNITS_SHORT})(-old)?\\.?${E}(\\s+(?:oud|old|de\\s+vie))?)`,
  "iuy",
);
const AGE_LABEL = new RegExp(`(?:leeftijd|âge|age)\\s*:?\\s*(\\d{1,3})(?:\\s*(?:${AGE_UNITS_YEARS}))?\\.?${E}`, "iuy");
const FRENCH_AGE = new RegExp(`(?:âgée?|agée?|aged)\\s+(?:de\\s+)?(\\d{1,3})\\s*(?:ans|years?)${E}`, "iuy");

const YEAR_UNIT = new RegExp(`^(?:${AGE_UNITS_YEARS})$`, "i");
/** Months, weeks and days are ages only for the very young ("baby van 3 maanden"). */
const YOUNG_CHILD_BEFORE = /(?:baby|zuigeling|kind|kindje|kleintje|pasgeborene|neonaat|nourrisson|bébé|bebe|infant|leeftijd|âge|age|zoontje|dochtertje|jongetje|meisje|broertje|zusje|neefje|nichtje|kleinzoon|kleindochter|peuter|tweeling|petit|petite)\W*(?:van|de|of)?\s*$/iu;
/**
 * "Lien Desmedt, 11 maanden (° …)", "Noah, 6 weken,": months, weeks or days in apposition after a capitalised
 * word (the child's name) and a comma, closed by punctuation, a bracket or the line's end.
 */
const NAME_COMMA_BEFORE = /[\p{Lu}][\p{L}'’-]+\s*,\s*(?:nu\s+)?$/u;
const CLOSED_AFTER = /^[ \t]*(?:[.,;:(]|\r?\n|$)/;
const CHILD_AGE_LIMIT: Readonly<Record<string, number>> = { m: 36, w: 60, d: 60 };

function childAgeInApposition(c: TextContext, start: number, end: number, unit: string, value: number): boolean {
  const kind = /^(?:maand|mnd|mois|month)/.test(unit) ? "m" : /^(?:week|wk|weken|semaine|weeks?)/.test(unit) ? "w" : /^(?:dag|jour|day)/.test(unit) ? "d" : "";
  if (!kind || value > CHILD_AGE_LIMIT[kind]) return false;
  return NAME_COMMA_BEFORE.test(c.text.slice(Math.max(0, start - 30), start)) && CLOSED_AFTER.test(c.text.slice(end, end + 3));
}

function isDuration(c: TextContext, start: number, end: number): boolean {
  const before = wordsBefore(c, start, 3);
  if (before[0] !== undefined && DURATION_WORDS_BEFORE.has(before[0])) return true;
  // "il y a 3 ans", "meer dan 5 jaar"
  if (before[0] === "a" && before[1] === "y" && before[2] === "il") return true;
  // "meer dan 5 jaar"; "jonger dan 16 jaar", "plus de 65 ans": a threshold, nobody's age.
  if (before[0] === "dan" && (before[1] === "meer" || before[1] === "minder" || before[1] === "jonger" || before[1] === "ouder")) return true;
  if (before[0] === "de" && (before[1] === "moins" || before[1] === "plus")) return true;
  // "is 40 jaar weduwe" is a duration; "is 71 jaar, weduwe, …" lists facts: a comma ends the number's phrase.
  if (/^[ \t]*[,;]/.test(c.text.slice(end, end + 3))) return false;
  const after = wordsAfter(c, end, 2);
  return after[0] !== undefined && DURATION_WORDS_AFTER.has(after[0]);
}

/** Events dated by the age at which they happened ("gestorven op 66 jaar", "vastgesteld op 40 jaar"). */
const AGE_EVENT_WORDS = set(`
  overleden overleed gestorven stierf overlijden gediagnosticeerd diagnose gediagnostiseerd vastgesteld ontdekt
  debuut geopereerd bevallen menarche menopauze getrouwd
  eerste zindelijk liep stapte koortsconvulsie koortsstuip première premier first
  décédé décédée decede decedee mort morte diagnostiqué diagnostiquée diagnostique
  died diagnosed
`);
const AT_AGE_LINKS: ReadonlySet<string> = new Set(["op", "a", "at", "rond", "omstreeks", "vers"]);
/** Words after "op 3 jaar" that make it a span of time ("op 3 jaar tijd"). */
const AT_AGE_SPAN_AFTER: ReadonlySet<string> = new Set(["tijd", "tijds", "interval", "termijn", "later", "afstand", "geleden", "na", "apres", "plus", "after", "later"]);

/** "op 66 jaar" after a word of death, diagnosis or an operation in the same clause (within five words). */
function ageAtEvent(c: TextContext, start: number, end: number): boolean {
  const before = wordsBefore(c, start, 6);
  if (before[0] === undefined || !AT_AGE_LINKS.has(before[0])) return false;
  if (!before.slice(1).some((w) => AGE_EVENT_WORDS.has(w))) return false;
  const after = wordsAfter(c, end, 1);
  return after[0] === undefined || !AT_AGE_SPAN_AFTER.has(after[0]);
}

/** "Mw. X is 56 jaar", "hij wordt 80 jaar", "il a 45 ans" (not "il y a 2 ans"): a copula right before the number. */
const AGE_VERBS: ReadonlySet<string> = new Set(["is", "was", "wordt", "werd", "ben", "word", "zijn", "est", "a", "avait", "aura"]);

/** The age starting at `start` ("66 jaar") is followed by punctuation or the line's end. */
function closedAfterAge(text: string, start: number): boolean {
  const m = /^\d{1,3}\s*(?:jaar|jaren|jr|j|ans|years?)(?![\p{L}])/iu.exec(text.slice(start, start + 12));
  return m !== null && /^[ \t]*(?:[.,;)]|\r?\n|$)/.test(text.slice(start + m[0].length, start + m[0].length + 3));
}

function hasAgeContext(c: TextContext, start: number): boolean {
  const before = wordsBefore(c, start, 4);
  if (before.some((w) => AGE_CONTEXT_WORDS.has(w))) return true;
  if (before[0] !== undefined && AGE_VERBS.has(before[0]) && !(before[0] === "a" && before[1] === "y")) return true;
  const window = c.text.slice(Math.max(0, start - 40), start);
  // "°30/05/1957, 66 jaar." and "INSZ 59.04.18-213.66 - 65 jaar": an age in apposition after a date or a number,
  // closed by punctuation or the line's end.
  if ((/(?:\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|(?:19|20)\d\d)\)?\s*,\s*$/.test(window) || /[\p{L}\d.]\s[-–]\s*$/u.test(window)) &&
    closedAfterAge(c.text, start)) return true;
  // "Fien (nu 7 jaar)": "nu" opening an apposition.
  if (before[0] === "nu" && /[(,]\s*nu\s+$/iu.test(window)) return true;
  // "(65 j)", "M/65j", and "Peeters, 65 jaar" (a capitalised word, usually the name, before the comma).
  return /(?:\(|\/)\s*$/.test(window) || /[\p{Lu}][\p{L}'’-]+\.?\s*,\s*$/u.test(window);
}

const AGE_LABEL_KEYS: ReadonlySet<string> = new Set(["leeftijd", "age", "agee", "aged"]);

/** "M/65", "V/72": sex and age; "65M", "72V", "45F": the sex marker fused to the number (the whole token). */
const SEX_SLASH_AGE = /(?<![\p{L}\p{N}])[MVFmvf] ?\/ ?(\d{1,3})(?![\p{L}\p{N}]|[/.,]\d)/uy;
const AGE_SEX = /(\d{1,3})[MVF](?![\p{L}\p{N}])/uy;
/** "moeder leeft nog (85)", "vader overleden (79)": verbs of living and dying between a relative and the age. */
const LIVING_WORDS: ReadonlySet<string> = new Set(["leeft", "nog", "overleden", "vit", "encore", "décédé", "décédée", "decede", "decedee", "living", "alive", "died"]);
/** "patiënte (45)", "dochter (12)": a number alone in parentheses after an age word. */
const PARENTHESISED_NUMBER = /\((\d{1,3})\)/y;

const SEX_AGE_BIRTH = /[MVF][ \t]{1,3}(\d{1,3})[ \t]+°?[ ]?\d{1,2}[./-]\d{1,2}[./-](?:\d{4}|\d{2})(?!\d)/y;

/** "(2 en 10)", "(4, 6 et 9)": numbers listed in brackets. */
const PARENTHESISED_LIST = /\((\d{1,2})(?:\s?,\s?\d{1,2})*\s+(?:en|et|and|&)\s+\d{1,2}\)/y;
const PLURAL_PERSON_WORDS = set("kinderen zonen dochters kleinkinderen tweeling broers zussen zusjes broertjes enfants fils filles children sons daughters");

/** Person nouns whose "van 84", "de 77" is an age when the clause goes on without a unit ("een heer van 84 die"). */
const PERSON_OF_AGE_NOUNS = set(`
  man vrouw dame heer meneer mevrouw jongen meisje jongeman jongedame patiënt patiënte patient patiente toerist toeriste
  kind kindje weduwe weduwnaar homme femme garçon garcon fille enfant monsieur madame woman boy girl child
`);
const OF_AGE_LINKS: ReadonlySet<string> = new Set(["van", "de", "of"]);
/** Words that may follow the age: the clause goes on ("met", "die", "uit") or ends. */
const AFTER_BARE_AGE = set("met die en uit in wordt werd is was heeft had komt kwam woont avec qui et de with who and from");

function personOfAge(c: TextContext, t: Token, out: Candidate[]): void {
  const value = Number(t.text);
  if (!(value >= 1 && value <= 110) || !/^\d+$/.test(t.text)) return;
  const i = tokenAtOrAfter(c.tokens, t.start);
  const link = c.tokens[i - 1];
  const noun = c.tokens[i - 2];
  if (!link || !noun || !OF_AGE_LINKS.has(link.key) || !PERSON_OF_AGE_NOUNS.has(noun.key) || link.newlinesBefore > 0 || t.newlinesBefore > 0) return;
  const next = c.tokens[i + 1];
  if (next && next.newlinesBefore === 0) {
    if (next.kind === "punct") {
      if (!",.;)".includes(next.text) || /\d/.test(c.text[next.end] ?? "")) return;
    } else if (!AFTER_BARE_AGE.has(next.key)) return;
  }
  out.push({ start: t.start, end: t.end, label: "Age_Birthdate", priority: PRIORITY.pattern, score: 0.6, rule: "age.person-of" });
}

/** "45M", "8F": an age fused with a sex letter in one word token. */
const FUSED_AGE_SEX_WORD = /^\d{1,3}[MVF]$/;

function sexAndAge(c: TextContext, out: Candidate[]): void {
  for (let tIndex = 0; tIndex < c.tokens.length; tIndex++) {
    const t = c.tokens[tIndex];
    if (t.kind === "word" && t.text.length === 1 && "MVFmvf".includes(t.text) && c.text[t.end] !== undefined) {
      const m = stickyAt(SEX_SLASH_AGE, c.text, t.start);
      if (m && Number(m[1]) <= 110) {
        const start = m.index + m[0].length - m[1].length;
        out.push({ start, end: start + m[1].length, label: "Age_Birthdate", priority: PRIORITY.strong, score: 0.7, rule: "age.sex-slash" });
      }
    }
    if (t.kind === "word" && t.text.length <= 4 && FUSED_AGE_SEX_WORD.test(t.text) && !wordsBefore(c, t.start, 1).some((w) => w === "tel" || w === "maat")) {
      const m = stickyAt(AGE_SEX, c.text, t.start);
      if (m && Number(m[1]) <= 110 && Number(m[1]) > 0) {
        out.push({ start: t.start, end: t.end, label: "Age_Birthdate", priority: PRIORITY.strong, score: 0.6, rule: "age.fused-sex" });
      }
    }
    if (t.kind === "number" && t.text.length <= 3) personOfAge(c, t, out);
    // "VAN DAM, R.   M 71   07/09/1954": a sex letter, an age and a birth date in an identification strip.
    if (t.kind === "word" && t.text.length === 1 && (t.text === "M" || t.text === "V" || t.text === "F")) {
      const strip = stickyAt(SEX_AGE_BIRTH, c.text, t.start);
      if (strip && Number(strip[1]) <= 110) {
        const start = t.start + strip[0].indexOf(strip[1], 1);
        out.push({ start, end: start + strip[1].length, label: "Age_Birthdate", priority: PRIORITY.pattern, score: 0.6, rule: "age.sex-age-birth" });
      }
    }
    if (t.text === "(" && t.kind === "punct") {
      const list = stickyAt(PARENTHESISED_LIST, c.text, t.start);
      if (list && PLURAL_PERSON_WORDS.has(wordsBefore(c, t.start, 1)[0] ?? "")) {
        // "twee zonen (2 en 10)": every number of the list is one child's age.
        const values = [...list[0].matchAll(/\d+/g)];
        if (values.every((v) => Number(v[0]) >= 1 && Number(v[0]) <= 110)) {
          for (const v of values) {
            out.push({ start: t.start + v.index, end: t.start + v.index + v[0].length, label: "Age_Birthdate", priority: PRIORITY.pattern, score: 0.6,
              rule: "age.parenthesised-list" });
          }
        }
        continue;
      }
      const m = stickyAt(PARENTHESISED_NUMBER, c.text, t.start);
      if (!m || Number(m[1]) > 110) continue;
      // "dochter (12)", and "moeder leeft nog (85)": a person word up to three words before, with a verb of living.
      const before = wordsBefore(c, t.start, 3);
      if (before[0] === undefined || !(AGE_CONTEXT_WORDS.has(before[0]) || (LIVING_WORDS.has(before[0]) || LIVING_WORDS.has(before[1] ?? "")) && before.some((w) => AGE_CONTEXT_WORDS.has(w)))) continue;
      out.push({ start: t.start + 1, end: t.start + 1 + m[1].length, label: "Age_Birthdate", priority: PRIORITY.pattern, score: 0.6, rule: "age.parenthesised" });
    }
  }
}

// Ages written in words ("quatre-vingt-deux ans", "septante-deux ans", "tweeënzeventig jaar"). Small numbers are
// durations as often as ages ("deux ans"), so below twenty an age word must come before, as for digits.
const FR_NUMBER_WORDS: Record<string, number> = {
  un: 1, une: 1, deux: 2, trois: 3, quatre: 4, cinq: 5, six: 6, sept: 7, huit: 8, neuf: 9, dix: 10, onze: 11,
  douze: 12, treize: 13, quatorze: 14, quinze: 15, seize: 16, vingt: 20, vingts: 20, trente: 30, quarante: 40,
  cinquante: 50, soixante: 60, septante: 70, huitante: 80, octante: 80, nonante: 90, cent: 100,
};
const NL_UNITS: Record<string, number> = { een: 1, twee: 2, drie: 3, vier: 4, vijf: 5, zes: 6, zeven: 7, acht: 8, negen: 9 };
const NL_TENS: Record<string, number> = {
  tien: 10, elf: 11, twaalf: 12, dertien: 13, veertien: 14, vijftien: 15, zestien: 16, zeventien: 17, achttien: 18,
  negentien: 19, twintig: 20, dertig: 30, veertig: 40, vijftig: 50, zestig: 60, zeventig: 70, tachtig: 80, negentig: 90,
};
const FR_WORD = `(?:${Object.keys(FR_NUMBER_WORDS).sort((a, b) => b.length - a.length).join("|")})`;
const NL_NUMBER = `(?:honderd(?:en)?)?(?:(?:${Object.keys(NL_UNITS).join("|")})[eë]n)?(?:${Object.keys(NL_TENS).sort((a, b) => b.length - a.length).join("|")})|honderd`;
const WORD_AGE = new RegExp(
  `(?:(${FR_WORD}(?:(?:-|\\s+)(?:et(?:-|\\s+))?${FR_WORD}){0,3})\\s+ans|(${NL_NUMBER})\\s+(?:jaar|jaren)(?:\\s+oud)?)${E}`,
  "iuy",
);
/** Whether a token may open an age in words: a French number word, or a Dutch one (they all end in a ten or "honderd"). */
const FR_NUMBER_KEYS: ReadonlySet<string> = new Set(Object.keys(FR_NUMBER_WORDS));

function mayOpenWordAge(key: string): boolean {
  return FR_NUMBER_KEYS.has(key) || key.endsWith("tig") || key.endsWith("tien") || key === "elf" || key === "twaalf" || key.startsWith("honderd");
}

/** The value of a French number in words, or NaN when the words do not form one ("deux deux"). */
function frenchNumber(words: readonly string[]): number {
  let total = 0;
  let last = Infinity;
  for (let i = 0; i < words.length; i++) {
    let v = Object.hasOwn(FR_NUMBER_WORDS, words[i]) ? FR_NUMBER_WORDS[words[i]] : Number.NaN;
    if (words[i] === "quatre" && (words[i + 1] === "vingt" || words[i + 1] === "vingts")) {
      v = 80;
      i++;
    }
    if (v === 100) {
      total = (total || 1) * 100;
      last = 100;
      continue;
    }
    // Parts go down in size ("soixante-dix-sept" = 60 + 10 + 7), never up.
    if (v >= last && !(last === 10 && v < 10) && !(last >= 20 && v <= 19)) return Number.NaN;
    total += v;
    last = v;
  }
  return total;
}

function dutchNumber(word: string): number {
  // "negentig", "zeventig": a ten whose own letters hold "en" is no unit plus a ten.
  if (NL_TENS[word.toLowerCase()] !== undefined) return NL_TENS[word.toLowerCase()];
  const m = /^(honderd(?:en)?)?(?:([a-z]+?)[eë]n)?([a-z]+)$/iu.exec(word.toLowerCase());
  if (!m) return Number.NaN;
  if (word.toLowerCase() === "honderd") return 100;
  const tens = NL_TENS[m[3]];
  const units = m[2] ? NL_UNITS[m[2]] : 0;
  if (tens === undefined || units === undefined || (units > 0 && tens < 20)) return Number.NaN;
  return (m[1] ? 100 : 0) + tens + units;
}

/** "toen hij 7 was"; "Hij is 62,", "De heer is 62 en"; "haar 90ste verjaardag" ("quand elle avait 12 ans" has its unit). */
export const AGE_WHEN = /(?<![\p{L}])(?:toen|als|wanneer)\s+(?:hij|zij|ze|ik)\s+(\d{1,2})\s+(?:was|werd|is)(?![\p{L}])/giu;
export const AGE_COPULA = /(?<![\p{L}])(?:hij|zij|ze|pati[eë]nte?|pt|meneer|mevrouw|de heer|dhr\.?|mevr\.?|mw\.?|il|elle)\s+(?:is|was|wordt|werd|a|avait)\s+(\d{1,3})(?=\s*(?:,(?!\s*\d)|;|\.(?!\d)|en\s+\D|et\s+\D))/giu;
export const AGE_BIRTHDAY = /(?<![\p{L}\p{N}])(\d{1,3})(?:ste|de|e|ème|eme)\s+(?:verjaardag|anniversaire|birthday)(?![\p{L}])/giu;
/** "(6 en 9 jaar)": a bare number joined to an age by "en", "et" or a comma shares its unit. */
const AGE_BEFORE_AGE = /(?<![\p{L}\p{N}.,/])(\d{1,2})\s+(?:en|et|of|ou)\s+$/u;

/** The clause patterns, each searched without its leading lookbehind and checked for it where it matched. */
const CLAUSE_SCANS: readonly { scan: LookbehindScan; birthday: boolean }[] = [AGE_WHEN, AGE_COPULA, AGE_BIRTHDAY].map((re) => ({
  scan: lookbehindScan(re),
  birthday: re === AGE_BIRTHDAY,
}));

function agesInClauses(c: TextContext, out: Candidate[]): void {
  for (const { scan, birthday } of CLAUSE_SCANS) {
    eachLookbehindMatch(scan, c.text, (m) => {
      const value = Number(m[1]);
      if (value < 1 || value > 110) return;
      const at = birthday ? m.index : m.index + m[0].lastIndexOf(m[1]);
      const length = birthday ? m[0].search(/\s/) : m[1].length;
      out.push({ start: at, end: at + length, label: "Age_Birthdate", priority: PRIORITY.context, score: 0.65, rule: "age.clause" });
    });
  }
  const ages = out.filter((x) => x.rule === "age.unit");
  for (const age of ages) {
    const m = AGE_BEFORE_AGE.exec(c.text.slice(Math.max(0, age.start - 8), age.start));
    if (!m || Number(m[1]) < 1) continue;
    let start = age.start - m[0].length;
    out.push({ start, end: start + m[1].length, label: "Age_Birthdate", priority: PRIORITY.context, score: 0.65, rule: "age.shared-unit" });
    // "(13, 10 en 6 jaar)": the numbers listed before it with commas share the unit too.
    for (let k = 0; k < 8; k++) {
      const listed = AGE_LISTED_BEFORE.exec(c.text.slice(Math.max(0, start - 6), start));
      if (!listed || Number(listed[1]) < 1) break;
      start -= listed[0].length;
      out.push({ start, end: start + listed[1].length, label: "Age_Birthdate", priority: PRIORITY.context, score: 0.65, rule: "age.shared-unit" });
    }
  }
}

/** "13, " before a listed age: one more member of the list. */
const AGE_LISTED_BEFORE = /(?<![\p{L}\p{N}.,/])(\d{1,2}),\s?$/u;

const JARIGE_WORD = /^(.+?)-?jarige?$/;

function wordAges(c: TextContext, out: Candidate[]): void {
  for (let tIndex = 0; tIndex < c.tokens.length; tIndex++) {
    const t = c.tokens[tIndex];
    // "negentigjarige", "vijfenzeventigjarige": a Dutch number word fused with "jarig(e)".
    const fused = t.kind === "word" && (t.key.endsWith("jarig") || t.key.endsWith("jarige")) ? JARIGE_WORD.exec(t.key) : null;
    if (fused) {
      const value = dutchNumber(fused[1]);
      if (value >= 1 && value <= 120) out.push({ start: t.start, end: t.end, label: "Age_Birthdate", priority: PRIORITY.strong, score: 0.8, rule: "age.words" });
      continue;
    }
    if (t.kind !== "word" || !mayOpenWordAge(t.key) || (t.start > 0 && /[\p{L}\p{N}-]/u.test(c.text[t.start - 1]))) continue;
    const m = stickyAt(WORD_AGE, c.text, t.start);
    if (!m) continue;
    const value = m[1] !== undefined ? frenchNumber(m[1].toLowerCase().split(/[-\s]+/).filter((w) => w !== "et")) : dutchNumber(m[2]);
    if (!(value >= 1 && value <= 120)) continue;
    const end = m.index + m[0].length;
    if (isDuration(c, m.index, end)) continue;
    if (value < 20 && !hasAgeContext(c, m.index)) continue;
    out.push({ start: m.index, end, label: "Age_Birthdate", priority: PRIORITY.strong, score: 0.7, rule: "age.words" });
  }
}

/**
 * A shorthand age in a row or an identification strip: "° 27.04.1936   V   89j", "Merkens J.  71j M": a number
 * of years with "j", "jr" or "a" (glued or after one space) between column gaps (two spaces or a tab), or beside a
 * sex letter, with the line's end, a gap or a sex letter after it. A duration in a row ("dag 3") has no such unit.
 */
const ROW_SHORTHAND_AGE = /(?:^|\t|[ ]{2}|(?<![\p{L}\p{N}])[MVF][ \t]+)(\d{1,3}) ?(?:j|jr|a)\.?(?=[ \t]*$|\t|[ ]{2}|[ ]+[MVF](?![\p{L}\p{N}]))/gmu;
/** A row about a person: a birth mark, a birth date, a sex letter on its own or an initial after a name ("Merkens J."). */
const PERSON_ROW = /[°º]|\d{1,2}[./-]\d{1,2}[./-](?:19|20)\d\d|(?<![\p{L}\p{N}])[MVF](?![\p{L}\p{N}.])|\p{Lu}\p{Ll}+ \p{Lu}\.(?!\p{L})/u;
/** "5j 11m", "2 j 3 m", "1a 6m", "3 jaar 2 mnd": a child's years and months written together. */
const YEARS_AND_MONTHS = /(?<![\p{L}\p{N}.,/])(\d{1,2}) ?(?:j|jr|jaar|a|ans) ?(\d{1,2}) ?(?:m|mnd|maand|maanden|mois)(?![\p{L}\p{N}])/gu;
/**
 * "wordt 100 op 18 december", "werd 90 in maart", "wordt 85 volgende week": a birthday, a bare number of years (50
 * or more) after "wordt"/"werd" and before the day it falls on ("De dosis wordt 50 op dag 3" has no date).
 */
const TURNS_AGE = /(?<![\p{L}])(?:wordt|werd|fête|fete|fêtera|turns|turned)(?:\s+(?:binnenkort|morgen|vandaag|ses|zijn|haar))?\s+(\d{2,3})(?=\s+(?:op|le|on)\s+\d{1,2}(?![\d/.:-])|\s+(?:in|en|in)\s+(?:januari|februari|maart|april|mei|juni|juli|augustus|september|oktober|november|december|janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre)|\s+(?:volgende|deze|vorige|next|this|la\s+semaine|cette)\s+(?:week|maand|semaine|mois|month)|\s+(?:vandaag|morgen|binnenkort|aujourd'hui|demain|today|tomorrow)(?![\p{L}]))/giu;

function shorthandAges(c: TextContext, out: Candidate[]): void {
  const text = c.text;
  if (/\d ?(?:j|jr|a)\b/.test(text)) {
    ROW_SHORTHAND_AGE.lastIndex = 0;
    // Each line is tested once (matches come in order): linear in the text.
    let lineTo = -1;
    let personRow = false;
    for (let m = ROW_SHORTHAND_AGE.exec(text); m; m = ROW_SHORTHAND_AGE.exec(text)) {
      const value = Number(m[1]);
      if (value > 120) continue;
      if (m.index > lineTo) {
        const lineFrom = text.lastIndexOf("\n", m.index) + 1;
        lineTo = text.indexOf("\n", m.index);
        if (lineTo < 0) lineTo = text.length;
        personRow = PERSON_ROW.test(text.slice(lineFrom, lineTo));
      }
      if (!personRow) continue;
      const start = m.index + m[0].search(/\d/);
      let end = m.index + m[0].length;
      if (text[end - 1] === ".") end--;
      out.push({ start, end, label: "Age_Birthdate", priority: PRIORITY.context, score: 0.65, rule: "age.row-shorthand" });
    }
  }
  YEARS_AND_MONTHS.lastIndex = 0;
  for (let m = YEARS_AND_MONTHS.exec(text); m; m = YEARS_AND_MONTHS.exec(text)) {
    if (Number(m[1]) > 18 || Number(m[2]) > 11) continue;
    const end = m.index + m[0].length;
    if (isDuration(c, m.index, end)) continue;
    out.push({ start: m.index, end, label: "Age_Birthdate", priority: PRIORITY.strong, score: 0.7, rule: "age.years-months" });
  }
  TURNS_AGE.lastIndex = 0;
  for (let m = TURNS_AGE.exec(text); m; m = TURNS_AGE.exec(text)) {
    const value = Number(m[1]);
    if (value < 50 || value > 115) continue;
    const start = m.index + m[0].length - m[1].length;
    out.push({ start, end: start + m[1].length, label: "Age_Birthdate", priority: PRIORITY.context, score: 0.65, rule: "age.turns" });
  }
}

const YEAR_UNIT_SHORT = /^(?:j|jr|y|yr|a|an|ans)$/i;
/** A person noun right after an age in shorthand: "67j man", "8 j meisje", "72 a femme". */
const PERSON_AFTER_AGE = /^[ ](?:man|vrouw|jongen|meisje|heer|dame|patiënte?|patiente?|pte|homme|femme|garçon|garcon|fille|male|female)(?![\p{L}\p{N}])/iu;

export function ageCandidates(text: string, tokens: readonly Token[]): Candidate[] {
  const c: TextContext = { text, tokens };
  const out: Candidate[] = [];
  const { numbers } = startOffsets(tokens);
  for (const offset of numbers) {
    const m = stickyAt(AGE_PATTERN, text, offset);
    if (!m) continue;
    const value = Number(m[1]);
    if (value > 125) continue;
    // "65-jarige" and "58-year-old" say outright that the number is an age.
    const jarige = m[2] !== undefined || m[4] !== undefined;
    const unit = (m[3] ?? "").toLowerCase();
    const old = m[5] !== undefined;
    let end = m.index + m[0].length - (old ? m[5].length : 0);
    // "52 jaar." ends a sentence; only abbreviated units ("jr.", "j.") keep their period.
    if (text[end - 1] === "." && !/^(?:jr|j|mnd|wk|yrs?|y|yo)$/i.test(unit)) end--;
    const yearUnit = jarige || YEAR_UNIT.test(unit);
    // "overleden op 52 jaar", "eerste koortsconvulsie op 18 maanden", "décédé à 61 ans": the age at an event.
    const atEvent = !jarige && !old && ageAtEvent(c, m.index, end);
    // "67j man, gevallen", "45 j vrouw met dyspneu": a number of years right before the person it describes.
    const person = !jarige && !old && YEAR_UNIT_SHORT.test(unit) && PERSON_AFTER_AGE.test(text.slice(end, end + 16));
    if (/^(?:j|y|an)$/i.test(unit) && !hasAgeContext(c, m.index) && !old && !atEvent && !person) continue;
    if (!jarige && !old && !atEvent) {
      if (isDuration(c, m.index, end)) continue;
      if (person) {
        out.push({ start: m.index, end, label: "Age_Birthdate", priority: PRIORITY.strong, score: 0.7, rule: "age.unit" });
        continue;
      }
      if (!hasAgeContext(c, m.index)) continue;
      if (!yearUnit && !YOUNG_CHILD_BEFORE.test(text.slice(Math.max(0, m.index - 25), m.index)) &&
        !childAgeInApposition(c, m.index, end, unit, value)) continue;
    }
    out.push({ start: m.index, end, label: "Age_Birthdate", priority: PRIORITY.strong, score: jarige || old ? 0.9 : 0.7, rule: "age.unit" });
  }
  sexAndAge(c, out);
  shorthandAges(c, out);
  wordAges(c, out);
  agesInClauses(c, out);
  for (let tAt = 0; tAt < tokens.length; tAt++) {
    const t = tokens[tAt];
    if (!AGE_LABEL_KEYS.has(t.key)) continue;
    for (const pattern of [AGE_LABEL, FRENCH_AGE]) {
      const m = stickyAt(pattern, text, t.start);
      if (!m) continue;
      const numberStart = m.index + m[0].indexOf(m[1]);
      out.push({ start: numberStart, end: m.index + m[0].length, label: "Age_Birthdate", priority: PRIORITY.strong, score: 0.85,
        rule: "age.label" });
    }
  }
  return out;
}
