// Search-box queries and bare record fragments: short lines written in one case (all lower case or all capitals),
// where capitals say nothing and the shape of the line does. A town before a state code ("vinita ok",
// "PAWNEE CITY NE"), a state code that is the whole field ("WY"), and ages in query syntax ("ages 30 to 45",
// "pts 65+ flu", "patients over 70 falls").
import type { Candidate } from "./candidates.js";
import type { RulesEnLexicon } from "./lexicon.js";
import { canonicalWord, foldWord } from "./lexicon.js";
import { STOP_WORDS } from "./words.js";
import { nameLikeness } from "./namelike.js";

/** A query or a fragment: one line of at most this many characters. */
const SHORT_LINE = 100;

interface Line {
  text: string;
  start: number;
}

function shortLines(text: string): Line[] {
  const out: Line[] = [];
  for (let s = 0; s <= text.length; ) {
    let e = text.indexOf("\n", s);
    if (e < 0) e = text.length;
    const line = text.slice(s, e).replace(/\r$/, "");
    if (line.trim().length > 0 && line.length <= SHORT_LINE) out.push({ text: line, start: s });
    s = e + 1;
  }
  return out;
}

type LineCase = "lower" | "upper" | "mixed";
function lineCase(line: string): LineCase {
  const upper = /\p{Lu}/u.test(line);
  const lower = /\p{Ll}/u.test(line);
  if (lower && !upper) return "lower";
  if (upper && !lower) return "upper";
  return "mixed";
}

/** State codes that are also English words or clinical abbreviations: "in", "or", "me", "ok", "pa", "md", "ms". */
const WORDLIKE_STATE_CODES = new Set(["al", "co", "de", "hi", "id", "in", "la", "ma", "md", "me", "mo", "ms", "mt", "oh", "ok", "or", "pa"]);
/** Everyday words that are also listed towns and may stand before "ok", "in" or "me" in a fragment ("home ok"). */
const STATUS_TOWNS = new Set(["home", "early", "hope", "rest", "fine", "good", "comfort", "energy", "normal", "reading", "mobile", "bath", "walker", "unity", "wells"]);
/** After the state code: the line's end, a ZIP or a date, a comma or a semicolon. */
const AFTER_STATE = /^(?:\s*$|\s*[,;]|\s+\d)/u;

/**
 * "vinita ok", "PAWNEE CITY NE 68420", "ada ok 2019": a listed US town (one to three words) before a state code,
 * on a short line written in one case, the code written in the line's case and followed by the line's end, a ZIP, a
 * date or a comma. A town that is an everyday word before a code that is also a word ("home ok") is read so only
 * when the pair is the whole line and the word is no status word.
 */
function townsBeforeStateCodes(line: Line, lex: RulesEnLexicon): Candidate[] {
  const out: Candidate[] = [];
  const lc = lineCase(line.text);
  if (lc === "mixed") return out;
  const words = [...line.text.matchAll(/[\p{L}\p{M}]+(?:['’.\-][\p{L}\p{M}]+)*\.?/gu)].map((m) => ({ text: m[0], start: m.index, end: m.index + m[0].length }));
  for (let j = 1; j < words.length; j++) {
    const code = words[j];
    if (code.text.length !== 2 || !lex.stateAbbreviations.has(code.text.toUpperCase())) continue;
    if (!AFTER_STATE.test(line.text.slice(code.end))) continue;
    const low = code.text.toLowerCase();
    for (let n = Math.min(3, j); n >= 1; n--) {
      const town = words.slice(j - n, j);
      // Only spaces between the town's words and before the code.
      if (!/^\s+$/.test(line.text.slice(town[n - 1].end, code.start))) continue;
      if (town.some((w, i) => i > 0 && !/^\s+$/.test(line.text.slice(town[i - 1].end, w.start)))) continue;
      const key = town.map((w) => canonicalWord(foldWord(w.text.replace(/\.$/, "")))).join(" ");
      if (!isListedUsTown(key, lex)) continue;
      if (n === 1) {
        const w = key;
        const everyday = lex.common.has(w) || lex.medical.has(w) || lex.clinicalAcronyms.has(w.toUpperCase());
        if (everyday && WORDLIKE_STATE_CODES.has(low)) {
          const whole = /^\s*$/.test(line.text.slice(0, town[0].start)) && /^\s*$/.test(line.text.slice(code.end));
          if (!whole || STATUS_TOWNS.has(w) || lex.medical.has(w)) continue;
        }
      }
      out.push({ start: line.start + town[0].start, end: line.start + code.end, label: "Address_Location:Other", score: 0.8, rule: "short-town-state" });
      break;
    }
  }
  return out;
}

function isListedUsTown(key: string, lex: RulesEnLexicon): boolean {
  const kind = lex.placeKinds.get(key);
  return kind === "us-city";
}

/** A record field that is only a state's postal code ("WY", "NE"): not a code that is also a word or an abbreviation. */
function stateCodeFields(line: Line, lex: RulesEnLexicon): Candidate[] {
  const m = /^\s*(\p{Lu}{2})\s*$/u.exec(line.text);
  if (!m) return [];
  const code = m[1];
  if (!lex.stateAbbreviations.has(code) || WORDLIKE_STATE_CODES.has(code.toLowerCase()) || lex.clinicalAcronyms.has(code)) return [];
  const s = line.start + m.index + m[0].indexOf(code);
  return [{ start: s, end: s + 2, label: "Address_Location:Other", score: 0.6, rule: "state-code-field" }];
}

/** People counted in a query: a cohort's noun before an age or an age range. */
const COHORT = String.raw`(?:pts|patients|people|persons|adults|women|men|females|males|children|kids|boys|girls|residents|seniors|elderly|members|smokers|those)`;
/** "ages 30 to 45", "aged 18 to 24", "age 40 and 60"; "pts 65+", "women 50+", "age 70+"; "patients over 70 falls". */
const AGE_RANGE_TO = /(?<![\p{L}\d])(?:ages?|aged)\s{1,2}(\d{1,3})\s{1,2}(?:to|and|thru|through|–|-)\s{1,2}(\d{1,3})(?![\p{L}\d%.,]|\s?(?:mg|kg|g|ml|mmhg|cm|mm|%|h|hrs?|hours?|days?|wks?|weeks?|months?|mos?)(?![\p{L}]))/giu;
const AGE_PLUS = new RegExp(String.raw`(?<![\p{L}\d])(?:${COHORT}|ages?|aged)\s{1,2}(\d{1,3})\s?\+(?![\d])`, "giu");
const AGE_OVER = new RegExp(String.raw`(?<![\p{L}\d])(?:over|above|under|older\s+than|younger\s+than)\s{1,2}(\d{2,3})(?=\s*$|\s+(?:yrs?|years?|yo)?\s*(?:[\p{L}]|$))(?!\s?(?:mg|kg|g|ml|mmhg|cm|mm|h|hrs|hours|days|wks|weeks|months|mos|lbs?|units?|percent)(?![\p{L}]))`, "giu");
/** A measurement's name before "over 30" ("bmi over 30", "a1c over 9", "psa over 10"): a value, not an age. */
const MEASURE_BEFORE = /(?:bmi|a1c|hba1c|egfr|gfr|bp|sbp|dbp|hr|psa|ldl|hdl|tsh|inr|score|weight|wt|temp|glucose|bs|bg|sugar|sats?|spo2|fev1|phq-?9|gad-?7|mmse|moca|cr|creat|creatinine|k|na|hb|hgb|plt|wbc|crp|esr|ferritin|ast|alt|bili|lactate|trop|troponin|bnp|pulse|rate|count|level|levels|dose|dosing|mg|size|cm|mm|length|duration|days|weeks|months|hours|minutes|mins|than)\s*$/iu;

function queryAges(line: Line): Candidate[] {
  const out: Candidate[] = [];
  // A query or a fragment: no sentence (no capitalised word before lower-case words) and no measurement cue.
  if (lineCase(line.text) !== "lower") return out;
  const push = (s: number, e: number, rule: string) => out.push({ start: line.start + s, end: line.start + e, label: "Age_Birthdate", score: 0.6, rule });
  for (const m of line.text.matchAll(AGE_RANGE_TO)) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    if (a > b || b > 115) continue;
    const s1 = m.index + m[0].indexOf(m[1]);
    const s2 = m.index + m[0].lastIndexOf(m[2]);
    push(s1, s1 + m[1].length, "query-age-range");
    push(s2, s2 + m[2].length, "query-age-range");
  }
  for (const m of line.text.matchAll(AGE_PLUS)) {
    if (Number(m[1]) > 115) continue;
    const s = m.index + m[0].lastIndexOf(m[1]);
    push(s, s + m[1].length, "query-age-plus");
  }
  if (new RegExp(String.raw`(?<![\p{L}])${COHORT}(?![\p{L}])`, "iu").test(line.text)) {
    for (const m of line.text.matchAll(AGE_OVER)) {
      const v = Number(m[1]);
      if (v < 2 || v > 115) continue;
      const before = line.text.slice(Math.max(0, m.index - 24), m.index);
      if (MEASURE_BEFORE.test(before.replace(/\s+$/, " ").trimEnd())) continue;
      const s = m.index + m[0].lastIndexOf(m[1]);
      push(s, s + m[1].length, "query-age-over");
    }
  }
  return out;
}

/** A cue before a record's name on its own line ("patient:", "PT -", "name:"). */
const NAME_CUE = /^\s*(?:(?:patient|pt|name|resident|client)\s{0,2}[:\-]\s{0,3})?/iu;
/** What may follow a "Surname, Given" query: the line's end, a comma, a number, or a record's next key. */
const AFTER_QUERY_NAME = /^(?:\s*$|\s*,|\s+\d|\s+(?:dob|d\.o\.b\.?|born|mrn|nhs|age|aged|bed|ward|rm|room|[mf])(?![\p{L}]))/iu;
/** A bare age after the name at the line's end ("…, 91"), or with its unit. */
const AGE_AFTER_QUERY_NAME = /^\s*,\s{0,2}(\d{1,3})(?=\s*$|\s?(?:y|yo|yrs?|years?)(?![\p{L}]))/u;

/**
 * "dunmore, prisca n", "ROSSITER, ADA-GRACE DOB …", "patient: HALVERSEN, TOVE": a surname, a comma and a given name
 * (hyphenated parts each a given name), optionally a second given name or an initial, on a short line written in
 * one case: the comma makes the word after it a given name even where it is also an everyday word. The surname is
 * a listed surname (or an unlisted word that reads as a name, before a given name that is no everyday word) that no
 * dictionary or medical list knows; the name ends the line or stands before a number, a
 * comma or a record key. A bare age after it at the line's end is the person's.
 */
function surnameCommaGiven(line: Line, lex: RulesEnLexicon): Candidate[] {
  const lc = lineCase(line.text.replace(NAME_CUE, ""));
  if (lc === "mixed") return [];
  const cue = NAME_CUE.exec(line.text)?.[0] ?? "";
  const m = /^([\p{L}\p{M}]+(?:['’\-][\p{L}\p{M}]+)*),\s{1,2}([\p{L}\p{M}]+(?:-[\p{L}\p{M}]+)?)(?:\s{1,2}(\p{L}\.?(?![\p{L}\p{M}])|[\p{L}\p{M}]{2,}(?=[\s,]|$)))?/u.exec(line.text.slice(cue.length));
  if (!m) return [];
  const low = (w: string) => foldWord(w).replace(/\.$/, "");
  const everyday = (w: string) => lex.common.has(w) || lex.medical.has(w) || lex.medicalProper.has(w) || lex.eponyms.has(w) || STOP_WORDS.has(w) || lex.clinicalAcronyms.has(w.toUpperCase());
  const surname = low(m[1]);
  const given = low(m[2]).split("-");
  if (!given.every((g) => g.length >= 2 && lex.firstNames.has(g) && !lex.medical.has(g) && !STOP_WORDS.has(g))) return [];
  // A brand that is also a surname is still a surname before a comma and a given name; an unlisted surname must read
  // as a name, and then the given name must be no everyday word.
  const listed = lex.surnames.has(surname);
  if (lex.common.has(surname) || lex.medical.has(surname) || lex.eponyms.has(surname) || STOP_WORDS.has(surname) || lex.countries.has(surname)) return [];
  if (!listed && (nameLikeness(surname) < 0.3 || given.some((g) => everyday(g)))) return [];
  let nameEnd = m[0].length;
  if (m[3] !== undefined) {
    const third = low(m[3]);
    const initial = /^\p{L}\.?$/u.test(m[3]);
    if (!initial && (!lex.firstNames.has(third) || everyday(third))) nameEnd = m[0].length - m[3].length - (m[0].length - m[0].trimEnd().length);
  }
  const core = line.text.slice(cue.length, cue.length + nameEnd).trimEnd();
  const end = cue.length + core.length;
  if (!AFTER_QUERY_NAME.test(line.text.slice(end))) return [];
  const start = line.start + cue.length;
  const out: Candidate[] = [{ start, end: line.start + end, label: "Name:Patient", score: 0.75, rule: "query-surname-comma-given" }];
  const age = AGE_AFTER_QUERY_NAME.exec(line.text.slice(end));
  if (age && Number(age[1]) <= 115) {
    const s0 = line.start + end + age[0].length - age[1].length;
    out.push({ start: s0, end: s0 + age[1].length, label: "Age_Birthdate", score: 0.7, rule: "query-name-age" });
  }
  return out;
}

/** Candidates of the short lines of a text (queries and fragments), read in the original's case. */
export function shortTextCandidates(original: string, lex: RulesEnLexicon, families: { names: boolean; places: boolean; ages: boolean }): Candidate[] {
  let out: Candidate[] = [];
  for (const line of shortLines(original)) {
    if (families.places) out = out.concat(townsBeforeStateCodes(line, lex), stateCodeFields(line, lex));
    if (families.ages) out = out.concat(queryAges(line));
    if (families.names) out = out.concat(surnameCommaGiven(line, lex));
  }
  return out;
}
