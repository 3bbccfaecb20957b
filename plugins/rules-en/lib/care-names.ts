// Healthcare organisations named by a form rather than a list (written for deidstack):
// - UK general practices and care homes written "The <Name> Practice|Surgery|Care Home …", in title case, in capitals
//   (a letterhead) or in a lower-case query ("the orchard practice", "THE LARCH SURGERY");
// - care homes named like a house ("Linden House", "Bramwick Lodge") right before or after the words of a care home
//   ("Linden House nursing home", "a nursing home (Bramwick House, Fleet)");
// - home-care agencies after the cue of a care package ("carers from Kestrel Care", "package of care with Glen Ord
//   Care at Home");
// - nurseries and day care named by their type ("Tiny Oaks Learning Center") or in brackets after one ("nursery
//   (Bramble Babies, Leigh)", "at daycare (Wren Tots)") (Organization:Other).
import { LineIndex, type Candidate } from "./candidates.js";
import type { RulesEnLexicon } from "./lexicon.js";
import { MONTH_WORDS, STOP_WORDS, WEEKDAY_WORDS } from "./words.js";

/** Words before a practice's type that describe it rather than name it ("the local practice", "the GP surgery"). */
const NOT_PRACTICE_NAME = new Set([
  "local", "new", "old", "same", "usual", "main", "nearest", "other", "previous", "current", "nearby", "own", "first", "second", "big", "small",
  "private", "public", "rural", "village", "town", "city", "family", "dental", "general", "group", "gp", "gp's", "gps", "doctor's", "doctors",
  "doctors'", "his", "her", "their", "your", "our", "my", "patient's", "registered", "practice", "surgery", "whole", "entire", "receiving",
  "referring", "sending", "nursing", "care", "residential", "rest", "home", "medical", "health", "community", "day", "respite", "specialist",
  "eye", "knee", "hip", "back", "heart", "hand", "foot", "spine", "cataract", "hernia", "bypass", "planned", "emergency", "recent", "last",
  "next", "elective", "minor", "major", "keyhole", "open", "outpatient", "inpatient", "weight", "loss", "cosmetic", "plastic", "oral", "same-day",
]);
const PRACTICE_TYPE = String.raw`(?:practice|surgery|medical\s+(?:centre|center|practice)|health\s+(?:centre|center)|care\s+home|nursing\s+home|residential\s+home|rest\s+home)`;
const THE_PRACTICE = new RegExp(String.raw`(?<![\p{L}])(the|The|THE)[ \t]{1,2}((?:[\p{L}][\p{L}'’-]*[ \t]{1,2}){1,2}?)(${PRACTICE_TYPE})(?![\p{L}])`, "giud");

/** A house-like name of a care home ("Linden House", "Bramwick Lodge", "Mill Court"). */
const HOUSE_TYPE = String.raw`(?:House|Lodge|Manor|Grange|Court|Hall|Gardens|Mews)`;
const HOME_WORDS = String.raw`(?:nursing|care|residential|rest|retirement)\s+home`;
const HOUSE_BEFORE_HOME = new RegExp(String.raw`(?<![\p{L}])(\p{Lu}[\p{Ll}'’-]+(?:[ \t]\p{Lu}[\p{Ll}'’-]+)?[ \t]${HOUSE_TYPE})(?=[ \t]{1,2}${HOME_WORDS}(?![\p{L}]))`, "gud");
const HOUSE_AFTER_HOME = new RegExp(String.raw`(?<![\p{L}])${HOME_WORDS}[ \t]{0,2}(?:[(:,][ \t]{0,2}|called[ \t]{1,2})(\p{Lu}[\p{Ll}'’-]+(?:[ \t]\p{Lu}[\p{Ll}'’-]+)?[ \t]${HOUSE_TYPE})(?![\p{L}])`, "gud");

/** A home-care agency after the cue of a care package: "carers from Kestrel Care", "POC with Glen Ord Care at Home". */
const CARE_AGENCY = /(?<![\p{L}])(?:carers?\s+(?:are\s+)?(?:from|with|via)|package\s+of\s+care\s+(?:\w+\s+){0,2}?(?:with|from|by|via)|care\s+package\s+(?:\w+\s+){0,2}?(?:with|from|by|via)|POC\s+(?:with|from|by|via)|care\s+agency:?|care\s+provider:?|domiciliary\s+care:?|home\s+care\s+(?:agency|provider):?)[ \t]{1,2}((?:\p{Lu}[\p{L}'’-]*[ \t]){1,3}(?:Care|Homecare|Home\s+Care|Healthcare|Care\s+at\s+Home|Care\s+Services|Support|Support\s+Services)(?![\p{L}]))/gud;

/** Childcare named by its type: "Tiny Oaks Learning Center", "Bramble Babies Day Nursery". */
const CHILDCARE_TYPE = /(?<![\p{L}])((?:\p{Lu}[\p{Ll}'’-]+[ \t]){1,3}(?:Learning[ \t](?:Center|Centre)|Day[ \t]Nursery|Childcare|Child[ \t]Care(?:[ \t](?:Center|Centre))?|Daycare|Day[ \t]Care|Pre-?[Ss]chool|Playgroup|Kids[ \t]Club|Nursery[ \t]School|Montessori))(?![\p{L}])/gud;
/** Childcare named in brackets or after a colon after the word for it: "nursery (Bramble Babies, Leigh)", "Nursery: Wren Tots". */
const CHILDCARE_AFTER = /(?<![\p{L}])(?:[Dd]ay\s?[Cc]are|[Nn]ursery|NURSERY|[Pp]re-?[Ss]chool|[Cc]r[eè]che|[Cc]hildminder|[Pp]laygroup|[Cc]hild\s?[Cc]are|[Aa]fter-school\s+club)[ \t]{0,2}(?:\([ \t]?|:[ \t]{1,2})((?:\p{Lu}[\p{Ll}'’-]+)(?:[ \t](?:\p{Lu}[\p{Ll}'’-]+|&|of)){0,3})(?=[ \t]{0,2}[),;\n—–-]|[ \t]{1,2}on[ \t])/gud;

export function findCareNames(text: string, lex: RulesEnLexicon): Candidate[] {
  const out: Candidate[] = [];
  let lines: LineIndex | undefined;
  for (const m of text.matchAll(THE_PRACTICE)) {
    const [, the, nameRaw, type] = m;
    const name = nameRaw.trim().split(/[ \t]+/);
    const words = [the, ...name, ...type.split(/\s+/)];
    const lower = words.every((w) => !/\p{Lu}/u.test(w));
    const upper = words.every((w) => !/\p{Ll}/u.test(w));
    const title = /^\p{Lu}/u.test(the) && words.every((w, i) => i === 0 || /^\p{Lu}/u.test(w) || /^(?:of|and|&)$/.test(w));
    if (!lower && !upper && !title) continue;
    // "surgery" is an operation in a sentence: a practice only in title case or capitals, never in lower case.
    if (lower && /^surgery$/i.test(type)) continue;
    if (lower && (lines ??= new LineIndex(text)).test(m.index, "capitals", (line) => /\p{Lu}/u.test(line))) continue;
    // Every word may name it ("The Old Forge Practice"), one at least must be no describing word; none is a stop,
    // calendar, medical-only or acronym word ("the local GP practice", "the knee surgery", "the ENT surgery").
    const low = name.map((w) => w.toLowerCase());
    const bad = (l: string, w: string) => l.length < 2 || STOP_WORDS.has(l) || MONTH_WORDS.has(l) || WEEKDAY_WORDS.has(l) || (lex.medical.has(l) && !lex.common.has(l)) || lex.clinicalAcronyms.has(w.toUpperCase()) || lex.countries.has(l);
    const naming = (l: string) => l.length >= 3 && !NOT_PRACTICE_NAME.has(l) && !lex.facilityModifiers.has(l);
    if (low.some((l, i) => bad(l, name[i])) || !low.some(naming)) continue;
    out.push({ start: m.index, end: m.index + m[0].length, label: "Organization:Healthcare", score: 0.7, rule: "the-practice" });
  }
  for (const re of [HOUSE_BEFORE_HOME, HOUSE_AFTER_HOME]) {
    for (const m of text.matchAll(re)) {
      const g = m.indices![1];
      const first = m[1].split(/[ \t]/)[0].toLowerCase();
      if (STOP_WORDS.has(first) || lex.medical.has(first) || NOT_PRACTICE_NAME.has(first)) continue;
      out.push({ start: g[0], end: g[1], label: "Organization:Healthcare", score: 0.7, rule: "care-home-house" });
    }
  }
  for (const m of text.matchAll(CARE_AGENCY)) {
    const g = m.indices![1];
    const first = m[1].split(/[ \t]/)[0].toLowerCase();
    if (STOP_WORDS.has(first) || NOT_PRACTICE_NAME.has(first) || lex.facilityModifiers.has(first)) continue;
    out.push({ start: g[0], end: g[1], label: "Organization:Healthcare", score: 0.7, rule: "care-agency" });
  }
  for (const re of [CHILDCARE_TYPE, CHILDCARE_AFTER]) {
    for (const m of text.matchAll(re)) {
      const g = m.indices![1];
      const first = m[1].split(/[ \t]/)[0].toLowerCase();
      if (STOP_WORDS.has(first) || NOT_PRACTICE_NAME.has(first) || lex.facilityModifiers.has(first) || MONTH_WORDS.has(first) || WEEKDAY_WORDS.has(first) || lex.countries.has(first)) continue;
      out.push({ start: g[0], end: g[1], label: "Organization:Other", score: 0.7, rule: "childcare" });
    }
  }
  return out;
}
