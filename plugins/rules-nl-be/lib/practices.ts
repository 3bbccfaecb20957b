// Session thirteen: a practice named after its discipline and a name ("Handtherapie Delvigne", "Logopedie
// Klankbord", "Praktijk logopedie Klankbord" on a letterhead). The discipline word stands right before the
// capitalised name, without a bracket, colon or title between: "Ergotherapie (Mira X):" reports a therapist,
// "Kinesitherapie Dr. X" a doctor, "Logopedie Donderdag" a day.
import type { Analysis } from "./analysis.js";
import { PRIORITY, type Candidate } from "./candidate.js";
import { MEDICAL_TITLES, SOCIAL_TITLES } from "./context.js";
import { LIST } from "./lexicon.js";
import { readProperName, unitAtToken } from "./proper.js";
import { isDictionaryWord } from "./unknown.js";

const DISCIPLINES: ReadonlySet<string> = new Set([
  "handtherapie", "ergotherapie", "kinesitherapie", "logopedie", "podologie", "osteopathie", "psychotherapie", "dietiek",
  "kinesitherapeute", "orthoptie", "vroedvrouwenpraktijk",
]);

const DAYS_AND_MONTHS: ReadonlySet<string> = new Set([
  "maandag", "dinsdag", "woensdag", "donderdag", "vrijdag", "zaterdag", "zondag", "lundi", "mardi", "mercredi", "jeudi",
  "vendredi", "samedi", "dimanche", "januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus",
  "september", "oktober", "november", "december",
]);

export function practiceCandidates(a: Analysis): Candidate[] {
  const out: Candidate[] = [];
  const tokens = a.tokens;
  for (let t = 0; t < tokens.length - 1; t++) {
    if (tokens[t].kind !== "word" || !DISCIPLINES.has(tokens[t].key)) continue;
    const discipline = unitAtToken(a, t);
    if (!discipline || discipline.first !== t || discipline.last !== t) continue;
    const next = tokens[t + 1];
    if (next.kind !== "word" || next.newlinesBefore > 0 || !next.spaceBefore || !next.title) continue;
    if (MEDICAL_TITLES.has(next.key) || SOCIAL_TITLES.has(next.key)) continue;
    const name = readProperName(a, t + 1, { maxUnits: 3, allowParticles: true, allowSentenceStart: true });
    if (!name) continue;
    const unit = unitAtToken(a, name.first);
    if (!unit || DAYS_AND_MONTHS.has(unit.key)) continue;
    // One ordinary word after a capitalised discipline may be a heading's word ("Logopedie Spraak"); after one in
    // lower case ("praktijk logopedie Klankbord") only a name is capitalised.
    if (tokens[t].firstUpper && name.last === unit.last && isDictionaryWord(a, unit) && !(a.unitListBits[unit.index] & (LIST.surname | LIST.interfixSurname))) continue;
    if (a.unitListBits[unit.index] & (LIST.stopWord | LIST.medicalTerm | LIST.title)) continue;
    // A capitalised discipline opens the name; one in lower case ("Praktijk logopedie X") is kept out of a letterhead's span.
    const start = tokens[t].firstUpper ? tokens[t].start : tokens[name.first].start;
    out.push({ start, end: tokens[name.last].end, label: "Organization:Healthcare", priority: PRIORITY.context, score: 0.55, rule: "org.practice" });
  }
  return out;
}
