// Names and ages in the rows of worklists, audit logs and lab rejection logs, where a column gap stands around a cell:
// "TALLISTER Jean" (a surname in capitals, then the given name), "QUARMBY-HALE, Odile" and "Harwell, Bram" (surname,
// comma, given name, alone in its cell), "92 F" and "8/12 M" (an age, in months or weeks as "n/12" or "n/52", and the sex).
import type { Candidate } from "./candidates.js";
import type { RulesEnLexicon } from "./lexicon.js";
import { nameLikeness } from "./namelike.js";
import { MONTH_WORDS, STOP_WORDS, WEEKDAY_WORDS } from "./words.js";

const WORD = String.raw`\p{Lu}[\p{L}'’]*(?:-\p{Lu}[\p{L}'’]*)*`;
/** A given name in title case ("Jean", "Mary-Beth"): a word in capitals after a surname in capitals is a heading's. */
const TITLE_WORD = String.raw`\p{Lu}\p{Ll}[\p{Ll}'’]*(?:-\p{Lu}\p{Ll}[\p{Ll}'’]*)*`;
const UPPER_WORD = String.raw`\p{Lu}{2}[\p{Lu}'’]*(?:-\p{Lu}[\p{Lu}'’]+)*`;
/** A cell's start: the line's start, a tab or two spaces. */
const CELL_START = String.raw`(?:^|(?<=\t|  ))`;
const CELL_END = String.raw`(?=\t|  |\r?$)`;
const UPPER_GIVEN = new RegExp(String.raw`${CELL_START}(${UPPER_WORD}) (${TITLE_WORD})(?: (\p{Lu})\.?)?(?=[\t ?]|\r?$)`, "gmu");
const COMMA_GIVEN = new RegExp(String.raw`${CELL_START}(${WORD}), (${TITLE_WORD})(?: (\p{Lu})\.?| (${TITLE_WORD}))?${CELL_END}`, "gmu");
const AGE_SEX = new RegExp(String.raw`${CELL_START}((?:\d{1,3}|\d{1,2}/(?:12|52)) ?[MF])${CELL_END}`, "gmu");

function plain(low: string): boolean {
  return STOP_WORDS.has(low) || MONTH_WORDS.has(low) || WEEKDAY_WORDS.has(low);
}

/** A given name: no stop, calendar or clinical word, nor a word used as a name ("Grace", "Will"); an everyday or
 * medical word only when a name list holds it. */
function givenName(lex: RulesEnLexicon, w: string): boolean {
  const low = w.toLowerCase();
  if (w.length < 2 || plain(low) || lex.wordFirstNames.has(low) || lex.clinicalAcronyms.has(w.toUpperCase()) || lex.eponyms.has(low)) return false;
  return (lex.firstNames.get(low) ?? Infinity) < 10000 || (!lex.common.has(low) && !lex.medical.has(low) && !lex.medicalProper.has(low));
}

/** A surname: no stop, calendar, clinical or eponym word; an everyday or medical word only when a frequent surname ("STEEL"). */
function surname(lex: RulesEnLexicon, w: string): boolean {
  if (lex.clinicalAcronyms.has(w.toUpperCase()) || w.length < 3) return false;
  return w
    .toLowerCase()
    .split("-")
    .every((p) => {
      if (p.length < 2 || plain(p) || lex.eponyms.has(p)) return false;
      return !(lex.common.has(p) || lex.medical.has(p) || lex.medicalProper.has(p)) || (lex.surnames.get(p) ?? Infinity) < 3000;
    });
}

/** One of the two is a listed name, or reads as one. */
function evidence(lex: RulesEnLexicon, family: string, given: string): boolean {
  const g = given.toLowerCase();
  const parts = family.toLowerCase().split("-");
  return lex.firstNames.has(g) || parts.some((p) => lex.surnames.has(p) || nameLikeness(p) >= 0.3) || nameLikeness(g) >= 0.3;
}

export function recordRowCandidates(text: string, lex: RulesEnLexicon, families: { names: boolean; ages: boolean }): Candidate[] {
  const out: Candidate[] = [];
  if (!text.includes("  ") && !text.includes("\t")) return out;
  if (families.names) for (const m of text.matchAll(UPPER_GIVEN)) {
    if (!surname(lex, m[1]) || !givenName(lex, m[2]) || !evidence(lex, m[1], m[2])) continue;
    out.push({ start: m.index, end: m.index + m[0].length, label: "Name:Patient", score: 0.7, rule: "row-upper-given" });
  }
  if (families.names) for (const m of text.matchAll(COMMA_GIVEN)) {
    if (!surname(lex, m[1]) || !givenName(lex, m[2]) || (m[4] !== undefined && !givenName(lex, m[4])) || !evidence(lex, m[1], m[2])) continue;
    out.push({ start: m.index, end: m.index + m[0].length, label: "Name:Patient", score: 0.7, rule: "row-surname-given" });
  }
  if (families.ages) for (const m of text.matchAll(AGE_SEX)) out.push({ start: m.index, end: m.index + m[0].length, label: "Age_Birthdate", score: 0.7, rule: "row-age-sex" });
  return out;
}
