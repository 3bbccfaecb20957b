// Session thirteen: the organisation that provides a service a note arranges, named after "via" ("thuiszorg 3x/week
// via Zorgrijk", "vervoer via Rolmobiel", "tolk via Taalbrug Oost"). Home care, transport, interpreting, meals and
// alarms are bought from named providers, and a note names the provider only after the service: the service noun
// within a few words before "via" is the cue, the capitalised words after it the name. Software, channels and
// devices after "via" ("via Teams", "via de huisarts", "via CAD", "via AV-fistel") follow other nouns or have
// another shape, so they stay out.
import type { Analysis } from "./analysis.js";
import { PRIORITY, type Candidate } from "./candidate.js";
import { previousWords } from "./context.js";
import { LIST } from "./lexicon.js";
import { readProperName, unitAtToken } from "./proper.js";

/** Services of care at home: their provider is a healthcare organisation. */
const CARE_SERVICES: ReadonlySet<string> = new Set([
  "thuiszorg", "thuisverpleging", "thuishulp", "wijkverpleging", "kraamzorg", "gezinszorg", "gezinshulp", "poetshulp",
  "begeleiding", "thuisbegeleiding", "dagopvang", "dagverzorging", "nachtoppas", "oppas", "nachtzorg", "palliatieve",
  "aide", "soins", "infirmiere", "infirmier",
]);

/** Other services a note arranges: their provider is an organisation of another kind. */
const OTHER_SERVICES: ReadonlySet<string> = new Set([
  "vervoer", "ziekenvervoer", "rolstoelvervoer", "taxi", "tolk", "tolken", "tolkendienst", "vertaling", "maaltijden",
  "maaltijd", "maaltijdservice", "maaltijdbedeling", "personenalarm", "alarm", "noodoproep", "hulpmiddelen",
  "rolstoel", "uitkering", "budgetbeheer", "schuldhulp", "transport", "interprete", "interprète", "repas",
]);

/** How far back (words) the service noun may stand from "via": "tolk (telefonisch) via X", "thuiszorg 2x/week via X"; or first on the line. */
const SERVICE_WINDOW = 4;

export function serviceProviderCandidates(a: Analysis): Candidate[] {
  const out: Candidate[] = [];
  const tokens = a.tokens;
  for (let t = 1; t < tokens.length - 1; t++) {
    if (tokens[t].key !== "via" || tokens[t].kind !== "word") continue;
    // The service may also open the line as its subject or label ("Tolk: via telefoon, ... via X").
    const before = [...previousWords(a, t, SERVICE_WINDOW), tokens[a.lineStart[t]].key];
    let label: Candidate["label"] | undefined;
    for (const w of before) {
      if (CARE_SERVICES.has(w)) label = "Organization:Healthcare";
      else if (OTHER_SERVICES.has(w)) label = "Organization:Other";
      if (label) break;
    }
    if (!label) continue;
    const name = readProperName(a, t + 1, { maxUnits: 4, allowParticles: true, allowSentenceStart: false });
    if (!name || tokens[name.first].newlinesBefore > 0) continue;
    const unit = unitAtToken(a, name.first);
    if (!unit) continue;
    const surface = a.text.slice(tokens[name.first].start, tokens[name.last].end);
    // Acronyms of a few capitals name a kind of service or a channel ("via HA", "via RVT"), unless a list holds them.
    if (/^\p{Lu}{1,5}$/u.test(surface) && !(a.unitListBits[unit.index] & (LIST.hospital | LIST.hospitalAbbr | LIST.institution | LIST.employer))) continue;
    // A compound with a lower-case piece ("AV-fistel") is a thing, not a name.
    if (unit.last > unit.first && /^\p{Ll}/u.test(tokens[unit.last].text)) continue;
    out.push({ start: tokens[name.first].start, end: tokens[name.last].end, label, priority: PRIORITY.context, score: 0.6, rule: "org.service-provider" });
  }
  return out;
}
