// Search queries and terse lower-case lines ("karaca yusuf longfunctie", "zoek van der meer ct", "opnames isala
// maart 2024"): capitals carry no evidence there, so a name, place or hospital counts in lower case where a list and
// the position agree: the line is written in lower case, is short (or the whole note is), and the word is in a list
// but in no dictionary.
import type { Analysis, Unit } from "./analysis.js";
import { UNIT_LOWER, matchesAt } from "./analysis.js";
import { PRIORITY, type Candidate } from "./candidate.js";
import { LIST, WHITELIST_BITS } from "./lexicon.js";
import { isDictionaryWord } from "./unknown.js";

/** Words of at most this many letters in capitals may stand in a lower-case line (operators, "CT", "MRI", "BSN"). */
const MAX_CAPS_ABBREVIATION = 5;
/** A lower-case line of more words than this is prose, not a query (unless the whole note is in lower case). */
const MAX_QUERY_WORDS = 12;

const memo = new WeakMap<Analysis, Uint8Array>();

/** Per line number: 1 when the line reads like a query or a terse lower-case note. */
function queryLines(a: Analysis): Uint8Array {
  let lines = memo.get(a);
  if (lines) return lines;
  const lineCount = a.tokens.length === 0 ? 0 : a.lineOf[a.tokens.length - 1] + 1;
  lines = new Uint8Array(lineCount);
  const words = new Int32Array(lineCount);
  const capitalised = new Uint8Array(lineCount);
  let documentCapitalised = false;
  for (let tokenAt = 0; tokenAt < a.tokens.length; tokenAt++) {
    const token = a.tokens[tokenAt];
    if (token.kind === "punct") continue;
    const line = a.lineOf[token.index];
    words[line]++;
    if (token.firstUpper && !(token.upper && token.text.length <= MAX_CAPS_ABBREVIATION)) {
      capitalised[line] = 1;
      documentCapitalised = true;
    }
  }
  for (let line = 0; line < lineCount; line++) {
    lines[line] = words[line] > 0 && !capitalised[line] && (words[line] <= MAX_QUERY_WORDS || !documentCapitalised) ? 1 : 0;
  }
  memo.set(a, lines);
  return lines;
}

export function onQueryLine(a: Analysis, t: number): boolean {
  const lines = queryLines(a);
  return lines[a.lineOf[t]] === 1;
}

const LETTERS_ONLY = /^\p{L}+$/u;

/** A lower-case unit that a list holds and no dictionary knows, long enough not to be an abbreviation. */
export function isListedNonWord(a: Analysis, unit: Unit, mask: number, minLength = 4): boolean {
  if (a.unitShape[unit.index] !== UNIT_LOWER || unit.end - unit.start < minLength) return false;
  const bits = a.unitListBits[unit.index];
  if (!(bits & mask) || bits & (WHITELIST_BITS | LIST.dutchWord | LIST.frenchWord | LIST.title | LIST.hospitalPrefix)) return false;
  for (let t = unit.first; t <= unit.last; t += 2) if (a.tokens[t].kind !== "word" || !LETTERS_ONLY.test(a.tokens[t].text)) return false;
  return !isDictionaryWord(a, unit);
}

const ARTICLES: ReadonlySet<string> = new Set(["de", "het", "een", "la", "le", "les", "l", "the"]);

/**
 * A phrase of several words in lower case: a place that does not open with an article ("den haag", "bergen op
 * zoom"), or any listed phrase holding a word that no dictionary knows ("ziekenhuis rivierenland"), but not "de
 * toekomst" or "het begin", which institution lists also hold.
 */
function phraseStandsOut(a: Analysis, first: number, last: number, place: boolean): boolean {
  if (place && !ARTICLES.has(a.tokens[first].key)) return true;
  for (let t = first; t <= last; t++) {
    const u = a.unitOfToken[t];
    if (u < 0 || a.units[u].first !== t) continue;
    const unit = a.units[u];
    if (!(a.unitListBits[u] & LIST.stopWord) && unit.end - unit.start >= 3 && !isDictionaryWord(a, unit)) return true;
  }
  return false;
}

/** Prepositions right before a place: "je travaille à jette", "woont in mol", "afkomstig uit bree". */
const PLACE_PREPOSITIONS: ReadonlySet<string> = new Set(["a", "in", "te", "uit", "naar", "vers", "nabij"]);

/** A listed town that is also a word, right after a place preposition in a lower-case line ("à jette"). */
function placeAfterLocative(a: Analysis, unit: Unit, bits: number): boolean {
  if (!(bits & (LIST.municipality | LIST.postalLocality)) || unit.end - unit.start < 4 || bits & (LIST.stopWord | LIST.title)) return false;
  const before = a.tokens[unit.first - 1];
  return before !== undefined && before.kind === "word" && PLACE_PREPOSITIONS.has(before.key) && a.tokens[unit.first].newlinesBefore === 0;
}

const PLACE_MASK = LIST.municipality | LIST.postalLocality | LIST.province | LIST.region;
const HOSPITAL_MASK = LIST.hospital | LIST.hospitalAbbr | LIST.institution;

/** Places ("utrecht", "sint-niklaas", "den haag") and hospitals ("isala", "umcu") in lower-case query lines. */
export function queryCandidates(a: Analysis): Candidate[] {
  const out: Candidate[] = [];
  for (let unitAt = 0; unitAt < a.units.length; unitAt++) {
    const unit = a.units[unitAt];
    if (a.unitShape[unit.index] !== UNIT_LOWER || !onQueryLine(a, unit.first)) continue;
    const phrases = matchesAt(a, unit.first);
    let best: { last: number; bits: number } | undefined;
    for (let k = phrases.length - 1; k >= 0 && !best; k--) {
      const m = phrases[k];
      if (!(m.bits & (PLACE_MASK | HOSPITAL_MASK)) || a.lineOf[m.last] !== a.lineOf[m.first]) continue;
      // The phrase ends where a unit ends ("doel" of "doel-beveiligingscontext" is no place).
      const lastUnit = a.unitOfToken[m.last];
      if (lastUnit < 0 || a.units[lastUnit].last !== m.last) continue;
      if (m.last === unit.last ? isListedNonWord(a, unit, PLACE_MASK | HOSPITAL_MASK) || placeAfterLocative(a, unit, m.bits) : phraseStandsOut(a, m.first, m.last, (m.bits & PLACE_MASK) !== 0)) best = m;
    }
    if (!best) continue;
    const hospital = (best.bits & HOSPITAL_MASK) !== 0 && !(best.bits & PLACE_MASK);
    out.push({
      start: a.tokens[unit.first].start,
      end: a.tokens[best.last].end,
      label: hospital ? "Organization:Healthcare" : "Address_Location:Other",
      priority: PRIORITY.weak,
      score: 0.55,
      rule: hospital ? "query.hospital" : "query.place",
    });
  }
  return out;
}

