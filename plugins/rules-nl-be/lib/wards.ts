// Session thirteen: the name of a ward or living group of a care home or hospital ("afdeling Zeester", "afd. Egel",
// "leefgroep Kompas"). Care homes name their wards after flowers, animals and places, and such a name points at one
// house; a hospital's department is named by its discipline ("afdeling Cardiologie", "afd. Interne Geneeskunde"),
// which identifies no one. So one capitalised word after the ward word counts unless it has a discipline's or a
// service's shape, is a medical word, a compass point or runs on into a longer title.
import type { Analysis } from "./analysis.js";
import { UNIT_TITLE } from "./analysis.js";
import { PRIORITY, type Candidate } from "./candidate.js";
import { LIST } from "./lexicon.js";
import { unitAtToken } from "./proper.js";

const WARD_WORDS: ReadonlySet<string> = new Set(["afdeling", "afd", "leefgroep", "woongroep", "zorgeenheid", "leefeenheid"]);

/** Endings of disciplines, services and kinds of unit: "Radiologie", "Verloskunde", "Longziekten", "Dagziekenhuis". */
const DISCIPLINE_SHAPE =
  /(?:ie|kunde|ziekten|gevallen|zorg|care|therapie|e|en|ing|eit|isch|huis|kliniek|centrum|unit|dienst|afdeling|hospitaal|opname|revalidatie|spoed|ic|iz|lab|labo)$/;

const COMPASS: ReadonlySet<string> = new Set(["noord", "oost", "zuid", "west", "links", "rechts", "boven", "beneden"]);

export function wardCandidates(a: Analysis): Candidate[] {
  const out: Candidate[] = [];
  const tokens = a.tokens;
  for (let t = 0; t < tokens.length - 1; t++) {
    if (tokens[t].kind !== "word" || !WARD_WORDS.has(tokens[t].key)) continue;
    let n = t + 1;
    if (tokens[n].text === "." && tokens[t].key === "afd") n++;
    const token = tokens[n];
    if (!token || token.newlinesBefore > 0 || token.kind !== "word") continue;
    const unit = unitAtToken(a, n);
    if (!unit || unit.first !== n || a.unitShape[unit.index] !== UNIT_TITLE) continue;
    // A code ("C3-Oost", "B2") is a ward's number, not its name.
    if (unit.end - unit.start < 4 || /\d/.test(a.text.slice(unit.start, unit.end)) || DISCIPLINE_SHAPE.test(unit.key) || COMPASS.has(unit.key)) continue;
    if (a.unitListBits[unit.index] & (LIST.medicalTerm | LIST.stopWord | LIST.profession | LIST.title)) continue;
    // "Maag-, Darm- en Leverziekten", "Interne Geneeskunde": the word opens a longer title.
    const next = tokens[unit.last + 1];
    if (next && next.newlinesBefore === 0 && (next.text === "-" || (next.kind === "word" && next.firstUpper))) continue;
    out.push({ start: unit.start, end: unit.end, label: "Organization:Healthcare", priority: PRIORITY.context, score: 0.55, rule: "org.ward" });
  }
  return out;
}
