// Runs every rule family of rules-en over one text and reduces the candidates to disjoint spans.
import type { DetectedSpan, Label } from "../../../src/contract/index.js";
import { shortTextCandidates } from "./short-texts.js";
import { groupMatches, LineIndex, reduceCandidates, type Candidate } from "./candidates.js";
import { compileDateRules, findDates, type DateRules } from "./dates.js";
import { compileIdentifierRules, findIdentifiers, type IdentifierRules } from "./identifiers.js";
import { loadRulesEnLexicon, type RulesEnLexicon } from "./lexicon.js";
import { findNames } from "./people.js";
import { findPlaces } from "./places.js";
import { compileProfessionRules, findProfessions, type ProfessionRules } from "./professions.js";
import { ocrNormalise } from "./ocr.js";
import { restoreCaseAndNames } from "./case.js";
import { findTableCells } from "./tables.js";
import { findFields } from "./fields.js";
import { findCareNames } from "./care-names.js";
import { spanExtents } from "./extents.js";
import { formCandidates, headerAges, upperNameLines } from "./forms.js";
import { hl7Candidates, hl7HashLines, hl7QuotedValues } from "./hl7.js";
import { welshCandidates } from "./welsh.js";
import { recordRowCandidates } from "./records.js";
import { cueCandidates } from "./cues.js";
import { isCapitalised, tokenize, type Token } from "./tokens.js";
import { looksLikeName, nameLikeness, NAME_LIKE_ALONE } from "./namelike.js";
import { MONTH_WORDS, STOP_WORDS, WEEKDAY_WORDS } from "./words.js";

const STOP_WORDS_LOWER = new Set([...STOP_WORDS, ...MONTH_WORDS, ...WEEKDAY_WORDS]);

export interface RuleFamilies {
  names: boolean;
  places: boolean;
  identifiers: boolean;
  dates: boolean;
  ages: boolean;
  professions: boolean;
}

export interface RulesEnSettings {
  families: RuleFamilies;
  /** Lone listed names with no cue ("Maria", "Nguyen"). */
  lone_names: boolean;
  /** Relative dates ("yesterday", "3 days ago"): only in a date scope that asks for them. */
  relative_dates: boolean;
}

export const DEFAULT_SETTINGS: RulesEnSettings = {
  families: { names: true, places: true, identifiers: true, dates: true, ages: true, professions: true },
  lone_names: true,
  relative_dates: false,
};

export interface CompiledRulesEn {
  lexicon: RulesEnLexicon;
  identifiers: IdentifierRules;
  dates: DateRules;
  professions: ProfessionRules;
  settings: RulesEnSettings;
}

export function compileRulesEn(settings: RulesEnSettings = DEFAULT_SETTINGS): CompiledRulesEn {
  return { lexicon: loadRulesEnLexicon(), identifiers: compileIdentifierRules(), dates: compileDateRules(), professions: compileProfessionRules(), settings };
}

/** Every candidate, before reduction (for tests and rule counts). */
export function ruleCandidates(original: string, compiled: CompiledRulesEn): Candidate[] {
  const f = compiled.settings.families;
  // Every rule reads the OCR-normalised text ("2O24" → "2024", "DOR0THY" → "DOROTHY"): same length, same offsets.
  // Lines without any capital ("labs for hernandez") are read with their listed proper words capitalised.
  const restored = f.names || f.places ? restoreCaseAndNames(ocrNormalise(original), compiled.lexicon) : { text: ocrNormalise(original), names: [] };
  const text = restored.text;
  const tokens = f.names || f.places ? tokenize(text) : [];
  let out: Candidate[] = [];
  if (f.identifiers) {
    // In a message whose fields are separated by "#", a "#" opens a field, not a number ("PID#1##5520117^^^WGH").
    const ids = findIdentifiers(text, compiled.identifiers);
    const hashLines = hl7HashLines(text);
    out = out.concat(hashLines.length === 0 ? ids : ids.filter((c) => c.rule !== "hash-id" || !insideAny(hashLines, c.start)));
  }
  if (f.dates || f.ages) {
    out = out.concat(findDates(text, compiled.dates, { dates: f.dates, ages: f.ages, relative: compiled.settings.relative_dates }));
  }
  if (f.places) {
    out = out.concat(findPlaces(tokens, text, compiled.lexicon));
    // Record fields whose key names an organisation, a facility, a ward or a place ("Employer: …", "City: …").
    out = out.concat(findFields(text, compiled.lexicon, original));
    // Practices, care homes and home-care agencies named by a form ("The Orchard Practice", "carers from Kestrel Care").
    out = out.concat(findCareNames(text, compiled.lexicon));
    // "Letcher County", "Garrard County" (no gazetteer lists every county): a capitalised word that is no everyday word
    // before a division word, not the start of an organisation's or a building's name ("Garrard County Jail").
    for (const m of text.matchAll(COUNTY)) {
      const words = m[1].split(/\s/);
      const lex = compiled.lexicon;
      if (words.some((w) => lex.common.has(w.toLowerCase()) || lex.eponyms.has(w.toLowerCase()) || lex.medical.has(w.toLowerCase()) || MONTH_OR_DAY.test(w))) continue;
      out.push({ start: m.index, end: m.index + m[0].length, label: "Address_Location:Other", score: 0.7, rule: "division-shape" });
    }
  }
  if (f.professions) out = out.concat(findProfessions(text, compiled.professions, (w) => compiled.lexicon.firstNames.has(w) || compiled.lexicon.surnames.has(w)));
  if (f.names) {
    const lex = compiled.lexicon;
    // A cell of initials ("JB") is never everyday words; a cell of words is when each is a dictionary word and no name.
    const plainWords = (cell: string) =>
      !/^[\p{Lu}'’.\-]{1,5}$/u.test(cell) &&
      cell.split(/[\s,]+/).every((w) => {
        const low = w.toLowerCase();
        return low === "" || ((lex.common.has(low) || lex.medical.has(low)) && (lex.surnames.get(low) ?? Infinity) > 10000 && (lex.firstNames.get(low) ?? Infinity) > 2000);
      });
    const cells = findTableCells(text, plainWords, lex).filter((c) => c.label !== "ID:Patient" || f.identifiers);
    const names = findNames(tokens, text, compiled.lexicon, { loneNames: compiled.settings.lone_names })
      .concat(cells.filter((c) => c.label !== "ID:Patient" && c.rule !== "table-field-column"))
      .concat(compiled.settings.lone_names ? nameLines(tokens, text, lex) : []);
    out = out.concat(cells.filter((c) => c.label === "ID:Patient" || c.rule === "table-field-column"));
    // "read back at 10:02 by JQK.", "checked by MLK": a clinician's initials after "by" at the end of a clause.
    for (const m of text.matchAll(INITIALS_AFTER_BY)) {
      const v = m[1];
      if (lex.clinicalAcronyms.has(v) || NOT_INITIALS.has(v) || lex.common.has(v.toLowerCase())) continue;
      const s0 = m.index + m[0].length - v.length;
      names.push({ start: s0, end: s0 + v.length, label: "Name:Caregiver", score: 0.7, rule: "initials-after-by" });
    }
    // A user name or login after its cue ("orders placed under user jkowal2", "Registered by ..... tbaxter"): a
    // lower-case token with a digit, a dot or an underscore, or an initial before a listed surname.
    for (const m of original.matchAll(LOGIN_AFTER_CUE)) {
      const v = m[1];
      const s0 = m.index + m[0].length - v.length;
      const shaped = /[\d._]/.test(v) && /[a-z]{2}/.test(v) && !/^\d/.test(v);
      const initialSurname = v.length >= 5 && !lex.common.has(v) && !lex.medical.has(v) && ((lex.surnames.get(v.slice(1)) ?? Infinity) < 50000 || (lex.surnames.get(v.slice(2)) ?? Infinity) < 50000);
      if (!shaped && !initialSurname) continue;
      names.push({ start: s0, end: s0 + v.length, label: /by|as/.test(m[0].slice(0, m[0].length - v.length)) ? "Name:Caregiver" : "ID:Caregiver", score: 0.7, rule: "login" });
    }
    // The head or tail of a lower-case query read as a person ("wright j 72m", "dob 3/4/1961 brown").
    for (const [s0, e0] of restored.names) names.push({ start: s0, end: e0, label: "Name:Patient", score: 0.6, rule: "query-end-name" });
    out = out.concat(names);
    if (f.ages) out = out.concat(agesAfterNames(text, names));
  }
  if (f.places) out = out.concat(welshCandidates(text));
  if (f.places) out = out.concat(placesBeforeTypes(out, text, original));
  if (f.places) out = out.concat(addressChains(out, text, compiled.lexicon));
  if (f.names) out = out.concat(initialsAsNames(text));
  if (f.names && compiled.settings.lone_names) out = out.concat(lowerCaseNameQueries(original, compiled.lexicon));
  out = out.concat(formCandidates(text, original, compiled.lexicon, { places: f.places, ages: f.ages, professions: f.professions, identifiers: f.identifiers }));
  if (f.names && f.places && f.identifiers) out = out.concat(hl7Candidates(text), hl7QuotedValues(text, compiled.lexicon));
  if (f.names && compiled.settings.lone_names) out = out.concat(upperNameLines(original, compiled.lexicon));
  if (f.names && f.identifiers && f.places) out = out.concat(cueCandidates(text, compiled.lexicon));
  if (f.names || f.ages) out = out.concat(recordRowCandidates(text, compiled.lexicon, { names: f.names, ages: f.ages }));
  // Queries and bare fragments: a town before its state code, a state code alone, ages in query syntax.
  out = out.concat(shortTextCandidates(original, compiled.lexicon, { names: f.names && compiled.settings.lone_names, places: f.places, ages: f.ages }));
  return out;
}

/** Whether `at` lies in one of the sorted, disjoint [start, end) ranges (binary search). */
function insideAny(ranges: readonly [number, number][], at: number): boolean {
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (at < ranges[mid][0]) hi = mid - 1;
    else if (at >= ranges[mid][1]) lo = mid + 1;
    else return true;
  }
  return false;
}

/** A login's cue and the login: "user jkowal2", "username: a.patel", "logged in as tbaxter", "entered by ..... rmoss". */
const LOGIN_AFTER_CUE = /(?<![\p{L}])(?:user(?:\s?name|\s?id)?|login(?:\s+id)?|log-?in|logged\s+(?:in\s+)?(?:as|by)|signed\s+in\s+as|(?:registered|entered|created|amended|edited|updated|recorded)\s+by)(?:\s{0,3}[:=#]|\s{0,2}\.{2,})?\s{1,3}([a-z][a-z0-9._]{2,19})(?![\p{L}\d@]|\.[a-z])/giu;

const LOWER_PARTICLES = new Set(["van", "von", "der", "den", "de", "la", "le", "du", "da", "di", "del", "dos", "das", "ter", "ten", "bin", "ibn", "al", "el", "ap"]);
const NOT_NAME_LOWER = new Set([
  "pt", "pts", "mr", "mrs", "ms", "dr", "dob", "mrn", "re", "fyi", "pls", "thx", "bloods", "obs", "meds", "labs", "notes", "chart", "list",
  // Kin words that are also listed given names ("nanna", "papa"): what a relative is called, not who.
  "nanna", "nana", "nan", "nanny", "gran", "granny", "grandma", "grandpa", "gramps", "papa", "mama", "mamma", "mummy", "daddy", "nonna", "nonno",
  "abuela", "abuelo", "oma", "opa", "auntie", "aunty", "bubbe", "yiayia", "baba", "dada", "nene", "lola", "lolo", "tita", "tito", "bibi", "ammi", "abba",
]);

/**
 * A search query written without capitals that is a person's name, or opens with one: "nkechi", "ivo bakrač",
 * "ghorbani shirin", "nwosu, perpetua", "m. delacroix-baptiste", "aderinsola adebayo-cole antenatal". Each word of the
 * name is a listed given name or surname or reads as a name (lib/namelike.ts), none is a dictionary, medical, month or
 * stop word; a name alone on its line needs one listed word (a single word: a listed given name or surname that also
 * reads as a name); a name before other words needs two name words, one listed, and only everyday, medical or number
 * words after it.
 */
function lowerCaseNameQueries(original: string, lex: RulesEnLexicon): Candidate[] {
  const out: Candidate[] = [];
  const WORD = /[\p{L}\p{M}]+(?:['’\-][\p{L}\p{M}]+)*\.?|\d[\d\/.:\-]*|[^\s\p{L}\p{M}\d]/gu;
  for (let s = 0; s <= original.length; ) {
    let e = original.indexOf("\n", s);
    if (e < 0) e = original.length;
    const line = original.slice(s, e);
    if (line.length > 0 && line.length <= 80 && !/\p{Lu}/u.test(line) && /\p{Ll}/u.test(line)) {
      const words = [...line.matchAll(WORD)].map((m) => ({ text: m[0], start: s + m.index, end: s + m.index + m[0].length }));
      let run = 0;
      let listed = 0;
      let nameWords = 0;
      for (const w of words) {
        if (w.text === "," && run > 0 && run === 1) {
          run++;
          continue;
        }
        const kind = lowerNameWord(w.text, lex);
        if (kind === "none") break;
        if (kind === "listed") listed++;
        if (kind !== "particle" && kind !== "initial") nameWords++;
        run++;
      }
      while (run > 0 && (words[run - 1].text === "," || LOWER_PARTICLES.has(words[run - 1].text))) run--;
      // "visser b. 1938": an initial before a number is "born", not a name's.
      if (run > 1 && /^\p{L}\.$/u.test(words[run - 1].text) && /^\d/.test(words[run]?.text ?? "")) run--;
      const rest = words.slice(run);
      const alone = rest.length === 0;
      const single = nameWords === 1 && run === 1;
      const singleOk = single && alone && lowerNameWord(words[0].text, lex) === "listed" && nameLikeness(words[0].text) >= 0.3;
      const restEveryday = rest.every((w) => /^[\d\W]/u.test(w.text) || lex.common.has(w.text.replace(/\.$/, "")) || lex.medical.has(w.text.replace(/\.$/, "")) || lex.clinicalAcronyms.has(w.text.toUpperCase()));
      const ok = run > 0 && listed >= 1 && (singleOk || (nameWords >= 2 && nameWords <= 4 && (alone || restEveryday)));
      if (ok) {
        const last = words[run - 1];
        out.push({ start: words[0].start, end: last.text.endsWith(".") && last.text.length > 2 ? last.end - 1 : last.end, label: "Name:Patient", score: 0.6, rule: "lower-name-query" });
      }
    }
    s = e + 1;
  }
  return out;
}

function lowerNameWord(w: string, lex: RulesEnLexicon): "listed" | "namelike" | "initial" | "particle" | "none" {
  if (/^\p{L}\.$/u.test(w)) return "initial";
  if (LOWER_PARTICLES.has(w)) return "particle";
  const parts = w.replace(/\.$/, "").split(/-/);
  let listed = false;
  for (const p0 of parts) {
    const p = p0.replace(/^(?:o|d)['’]/, "");
    // The second part of a double-barrelled name may be a word that is also a surname ("adebayo-cole").
    const partOfCompound = parts.length > 1 && p !== parts[0] && lex.surnames.has(p);
    if (p.length < 2 || NOT_NAME_LOWER.has(p) || STOP_WORDS_LOWER.has(p) || (!partOfCompound && (lex.common.has(p) || lex.medical.has(p) || lex.medicalProper.has(p) || lex.eponyms.has(p)))) return "none";
    if (lex.clinicalAcronyms.has(p.toUpperCase()) || lex.countries.has(p) || (lex.places.has(p) && !lex.firstNames.has(p) && !lex.surnames.has(p))) return "none";
    if (lex.firstNames.has(p) || lex.surnames.has(p)) listed = true;
    else if (nameLikeness(p) < 0.1) return "none";
  }
  return listed ? "listed" : "namelike";
}


/** "pt initials j.j.p.", "Initials JT": initials after the word that names them. */
const INITIALS_AFTER_CUE = /(?<![\p{L}])(?:[Ii]nitials|INITIALS)\s{0,2}[:\-]?\s{1,3}((?:\p{L}\.){2,4}|\p{Lu}{2,4})(?![\p{L}\d])/gud;
/** Dotted initials alone on a line ("J.R.", "E.V.M."), or before an age at a line's start ("k.w. 55yo"). */
const INITIALS_LINE = /^[ \t]*((?:\p{L}\.){2,4})(?=[ \t]*$|[ \t]+\d{1,3}\s?(?:yo|y\/o|y|yrs?|m|f|mo|mos|wk|wks)?(?![\p{L}\d]))/gmud;
/** Abbreviations written like initials ("e.g.", "a.m.", "p.r.n.", "U.S."). */
const INITIALS_RUNNING = /(?=\p{Lu}\.\p{Lu}\.)(?<=(?:(?<![\p{L}])(?:[Pp]t|PT|[Pp]atient|PATIENT|[Cc]lient|[Rr]esident)|[Rr]e:|RE:)\s{1,2})((?:\p{Lu}\.){2,3})(?![\p{L}\d])/gud;
const INITIALS_BEFORE_AGE = /(?<![\p{L}\d.])((?:\p{Lu}\.){2,3})(?=,?\s{1,2}(?:is|was|has|had|presented|presents|reports|states|denies|\d{1,3}\s?(?:y\/o|yo|y\.o\.|yrs?|mo|mos|wk|wks|[MF])(?![\p{L}\d])))/gud;
const NOT_DOTTED_INITIALS = new Set(["eg", "ie", "am", "pm", "po", "pr", "iv", "im", "sc", "od", "bd", "bid", "tid", "qid", "qd", "qds", "tds", "prn", "npo", "sob", "us", "uk", "usa", "nb", "ps", "md", "rn", "do", "bs", "ms", "na", "nhs", "dob", "etc", "vs", "aka", "rip", "asap", "ok", "ad", "bc", "ce", "bce", "mr", "dr", "st", "no", "op", "ot", "pt", "ed", "er"]);

function initialsAsNames(text: string): Candidate[] {
  const out: Candidate[] = [];
  for (const [s0, e0] of groupMatches(INITIALS_AFTER_CUE, text, 1)) {
    const v = text.slice(s0, e0).replace(/\.$/, "");
    if (NOT_DOTTED_INITIALS.has(v.replace(/\./g, "").toLowerCase())) continue;
    out.push({ start: s0, end: e0, label: "Name:Patient", score: 0.75, rule: "initials-after-cue" });
  }
  // "J.M. is the 23 y/o who …", "Pt O.M., 59F", "Re: advice - J.M. 7 mo FTT": a person's dotted capitals after a
  // patient cue, or before an age or a verb of a person.
  for (const re of [INITIALS_RUNNING, INITIALS_BEFORE_AGE]) {
    for (const [s0, e0] of groupMatches(re, text, 1)) {
      if (NOT_DOTTED_INITIALS.has(text.slice(s0, e0).replace(/\./g, "").toLowerCase())) continue;
      out.push({ start: s0, end: e0, label: "Name:Patient", score: 0.65, rule: "initials-running" });
    }
  }
  for (const [s0, e0] of groupMatches(INITIALS_LINE, text, 1)) {
    if (NOT_DOTTED_INITIALS.has(text.slice(s0, e0).replace(/\./g, "").toLowerCase())) continue;
    out.push({ start: s0, end: e0, label: "Name:Patient", score: 0.6, rule: "initials-line" });
  }
  return out;
}

/** Rules whose place is a town or a district by its name alone (not a street, a postcode or a county). */
const TOWN_RULES = new Set(["place", "world-place", "unlisted-place-after-residence", "field-place", "named-street", "proper-before-service", "facility-list"]);
/** Words that end an organisation or a facility named by its place ("Pinecrest Manor", "Fairmont State", "Eastlake Fire
 * Dept", "Hartwell Community Health", "Lincoln High"), and the label they give. */
const TYPE_AFTER_PLACE: ReadonlyMap<string, Label> = new Map<string, Label>([
  ...["hospital", "hospitals", "clinic", "clinics", "surgery", "practice", "health", "healthcare", "associates", "orthopaedics", "orthopedics", "behavioral",
    "behavioural", "manor", "lodge", "hospice", "infirmary", "rehab", "rehabilitation", "pharmacy", "pediatrics", "paediatrics", "dermatology", "cardiology",
    "oncology", "neurology", "urology", "radiology", "imaging", "dental", "dentistry", "medical", "physicians", "partners", "living", "home", "nursing", "house"]
    .map((w) => [w, "Organization:Healthcare"] as [string, Label]),
  ...["school", "schools", "academy", "college", "university", "state", "high", "elementary", "primary", "middle", "daycare", "nursery", "preschool",
    "dept", "department", "council", "co-op", "coop", "cooperative", "transit", "farms", "dairy", "dairies", "poultry", "ltd", "inc", "llc", "llp", "plc",
    "group", "works", "mills", "motors", "logistics", "haulage", "freight", "foods", "construction", "industries", "rescue", "ems", "police"]
    .map((w) => [w, "Organization:Other"] as [string, Label]),
]);
/** Words between the place and its type ("Clarendon Street Clinic", "Ridgeway Neuro Associates", "Marshall County Health
 * Dept", "Brookhaven Assisted Living", "Kingsmead Health Centre"); a type word may be one of them. */
const BETWEEN_PLACE_AND_TYPE = new Set([
  "community", "county", "city", "fire", "police", "sheriff's", "health", "family", "medical", "street", "road", "lane", "neuro", "ortho", "peds",
  "pediatric", "paediatric", "dental", "eye", "heart", "senior", "assisted", "nursing", "care", "kids", "dairy", "surgical", "primary", "urgent",
  "women's", "children's", "rehabilitation", "rehab", "behavioral", "behavioural", "mental", "memory", "sleep", "skin", "spine", "vein", "sports",
  "general", "regional", "memorial", "junior", "high", "grammar", "middle", "elementary", "christian", "catholic", "day", "animal", "veterinary", "orthopaedic",
  "orthopedic", "centre", "center", "valley", "park", "healthcare",
]);
/** A street names a facility only with a facility's type ("Clarendon Street Clinic", "Elm Road Surgery"). */
const STREET_FACILITY_TYPES = new Set(["clinic", "surgery", "practice", "medical", "health", "hospital", "pharmacy", "dental"]);
/** After a type, the second word of a compound type ("Health Centre", "Care Home", "Fire Dept", "High School"). */
const TYPE_SECOND = new Set(["centre", "center", "home", "school", "dept", "department", "clinic", "associates", "practice", "group", "living", "college", "rescue", "services", "partners", "trust", "hospital", "care", "unit"]);

/**
 * A town or district found alone, right before type words on its line, names the organisation or the facility that the
 * type words end: "pinecrest manor", "fairmont state", "eastlake fire dept", "ridgeway neuro associates". On a line
 * with capitals the type words must be capitalised too ("a Flagstaff wound care clinic" is a place and a service).
 */
function placesBeforeTypes(cands: readonly Candidate[], text: string, original: string): Candidate[] {
  const out: Candidate[] = [];
  const WORD = /[ ]([\p{L}][\p{L}'’\-]*)/uy;
  let lines: LineIndex | undefined;
  for (const c of cands) {
    if (!TOWN_RULES.has(c.rule) || !(c.label.startsWith("Address_Location") || (c.rule === "facility-list" && c.label === "Organization:Healthcare"))) continue;
    const [, le] = (lines ??= new LineIndex(original)).lineOf(c.start);
    const lower = !lines.test(c.start, "capitals", (line) => /\p{Lu}/u.test(line));
    let i = c.end;
    let end = -1;
    let label: Label | undefined;
    let lastTypeWord = "";
    for (let n = 0; n < 4; n++) {
      WORD.lastIndex = i;
      const m = WORD.exec(text);
      if (!m || m.index + m[0].length > le) break;
      const w = m[1];
      const low = w.toLowerCase().replace(/’/g, "'");
      if (!lower && !/^\p{Lu}/u.test(w)) break;
      const type = TYPE_AFTER_PLACE.get(low);
      if (type && !(low === "health" && n === 0 && !TYPE_SECOND.has(nextWord(text, m.index + m[0].length, le)))) {
        end = m.index + m[0].length;
        lastTypeWord = low;
        label = type;
        // One compound tail ("Health Centre", "Fire Dept", "High School"), then the name ends.
        const second = nextWord(text, end, le);
        if (TYPE_SECOND.has(second) && (lower || /^ \p{Lu}/u.test(text.slice(end, end + 2)))) end += 1 + second.length;
        break;
      }
      if (!BETWEEN_PLACE_AND_TYPE.has(low)) break;
      i = m.index + m[0].length;
    }
    if (end > 0 && label && (c.rule !== "named-street" || STREET_FACILITY_TYPES.has(lastTypeWord))) out.push({ start: c.start, end, label, score: 0.7, rule: "place-before-type" });
  }
  return out;
}

/** Rules whose span ends an address line with a postcode or a state and ZIP ("Llanelli SA14 8HT", "Columbia, MO 65201"). */
const ADDRESS_END_RULES = new Set(["uk-postcode", "uk-postcode-lower", "city-state", "state-zip"]);
/** Words that end a facility's, a department's or a person's part of a letterhead line: the address starts after them. */
const NOT_ADDRESS_WORDS = new Set(["hospital", "clinic", "centre", "center", "practice", "surgery", "infirmary", "hospice", "pharmacy", "department", "dept", "unit", "ward", "service", "services", "trust", "school", "college", "university", "team", "office", "dr", "mr", "mrs", "ms", "miss", "prof", "md", "rn", "tel", "fax", "phone", "email", "nhs", "ref"]);
/** Units and buildings that open an address part ("Flat 7", "Unit 4"). */
const ADDRESS_UNITS = new Set(["flat", "unit", "apt", "apartment", "suite", "ste", "house", "court", "lodge", "cottage", "farm", "croft", "block", "floor"]);
/** Small words inside a street, a district or a town ("Heol y Bryn", "Stratford upon Avon", "Bóthar na Trá"). */
const ADDRESS_CONNECTORS = new Set(["y", "yr", "na", "an", "on", "upon", "the", "of", "le", "la", "de", "du", "by", "next", "in", "under", "over", "and"]);

/**
 * A letterhead's or a form's address written on one line before its postcode or state: up to four comma-separated
 * parts before the town ("Maesgwyn Road, Felinfoel, Llanelli SA14 8HT", "Flat 7, Ashworth Mill, Cobden Lane, Bolton BL3
 * 4RT", "2150 W Broadway, Columbia, MO"). Each part is capitalised words, numbers and small connectors; a part that
 * names a facility, a department or a person (a type or a title word, a specialty) ends the address.
 */
function addressChains(cands: readonly Candidate[], text: string, lex: RulesEnLexicon): Candidate[] {
  const out: Candidate[] = [];
  for (const c of cands) {
    if (!ADDRESS_END_RULES.has(c.rule)) continue;
    let start = c.start;
    for (let n = 0; n < 4; n++) {
      // ", " right before the part found so far, on the same line.
      let k = start - 1;
      while (k >= 0 && (text[k] === " " || text[k] === "\t")) k--;
      if (k < 0 || text[k] !== "," || start - k > 3) break;
      // The part runs back to the previous comma, colon, bullet or the line's start (never over 60 characters).
      let b = k - 1;
      while (b >= 0 && k - b <= 60 && !",:;·|•()[]\n".includes(text[b])) b--;
      if (k - b > 60) break;
      const part = text.slice(b + 1, k);
      if (!addressPartOk(part, lex)) break;
      start = b + 1 + (part.length - part.trimStart().length);
    }
    // A letterhead's lines above its postcode line (a street, a district): up to two whole lines of address parts, each
    // with a number or a street word, or only words that name a place ("14 Hollins Lane", "Marple Bridge").
    for (let n = 0; n < 2; n++) {
      // Only when the address starts its line, and the line above is short (searched within 61 characters).
      let ls = start;
      while (ls > 0 && start - ls <= 8 && (text[ls - 1] === " " || text[ls - 1] === "\t")) ls--;
      if (ls === 0 || text[ls - 1] !== "\n") break;
      const pe = ls - 1;
      const above = text.slice(Math.max(0, pe - 61), pe);
      const nl = above.lastIndexOf("\n");
      if (nl < 0 && pe > 61) break;
      const ps = nl < 0 ? 0 : pe - above.length + nl + 1;
      const line = text.slice(ps, pe);
      if (line.trim().length === 0 || line.length > 60) break;
      const parts = line.split(",");
      let ok = true;
      for (const part of parts) ok &&= addressPartOk(part, lex);
      const words = line.split(/[\s,]+/).filter((w) => w.length > 0);
      const streetish = /\d/.test(line) || words.some((w) => STREET_WORDS.has(w.toLowerCase()));
      // A line of names that no list knows as places is a person's name line ("Jane Smith"), not a district.
      const placeish = words.every((w) => lex.places.has(w.toLowerCase()) || (!lex.common.has(w.toLowerCase()) && /^\p{Lu}\p{Ll}+$/u.test(w) && (lex.firstNames.get(w.toLowerCase()) ?? Infinity) > 5000) || ADDRESS_CONNECTORS.has(w.toLowerCase()));
      if (!streetish && words.some((w) => (lex.firstNames.get(w.toLowerCase()) ?? Infinity) < 5000 && !lex.places.has(w.toLowerCase()))) break;
      if (!ok || !(streetish || placeish)) break;
      start = ps + (line.length - line.trimStart().length);
    }
    if (start < c.start) out.push({ start, end: c.end, label: c.label, score: 0.7, rule: "address-chain" });
  }
  return out;
}

const ADDRESS_PART = /^[ \t]*((?:[\p{Lu}\d][\p{L}\p{M}\d'’.\-\/]*)(?:[ \t][\p{L}\p{M}\d][\p{L}\p{M}\d'’.\-\/]*){0,4})[ \t]*$/u;
/** Street words that make a line a street line of a letterhead. */
const STREET_WORDS = new Set(["road", "rd", "street", "st", "lane", "ln", "avenue", "ave", "drive", "dr", "close", "way", "court", "grove", "place", "crescent", "terrace", "mews", "gardens", "square", "hill", "row", "walk", "parade", "heol", "ffordd", "stryd", "boulevard", "blvd", "pike", "highway", "hwy", "building", "house", "plaza"]);

/** One comma-separated part of an address: capitalised words, numbers and small connectors, no column gap, no word that
 * names a facility, a department, a person's title, a specialty, a medical word or a country. */
function addressPartOk(part: string, lex: RulesEnLexicon): boolean {
  const m = ADDRESS_PART.exec(part);
  if (!m || /\S(?: {3,}|\t)\S/.test(m[1])) return false;
  return !m[1].split(/[ \t]+/).some((w) => {
    const low = w.toLowerCase().replace(/[.’']+$/g, "");
    if (/^\d/.test(w)) return false;
    if (/^\p{Ll}/u.test(w)) return !ADDRESS_CONNECTORS.has(low);
    const named = lex.firstNames.has(low) || lex.surnames.has(low) || lex.places.has(low) || ADDRESS_UNITS.has(low);
    return NOT_ADDRESS_WORDS.has(low) || lex.facilityModifiers.has(low) || (lex.medical.has(low) && !named) || lex.clinicalAcronyms.has(w) || STOP_WORDS.has(low) || lex.countries.has(low);
  });
}

function nextWord(text: string, at: number, limit: number): string {
  const m = /^ ([\p{L}][\p{L}'’\-]*)/u.exec(text.slice(at, Math.min(limit, at + 24)));
  return m ? m[1].toLowerCase() : "";
}

const COUNTY = /(?<![\p{L}\p{M}'’.-])(\p{Lu}\p{Ll}{2,}(?: \p{Lu}\p{Ll}{2,})?) (?:County|Parish|Borough)(?![\p{L}])(?![ \t]+(?:\p{Lu}|[Hh]ospital|[Hh]ealth|[Cc]ouncil|[Jj]ail|[Cc]ourt|[Ss]chool|[Ss]heriff|[Ff]air|[Ll]ine|[Rr]oad|[Gg]eneral|[Mm]edical|[Mm]emorial|[Cc]ommission|[Dd]ept|[Dd]epartment|[Cc]linic|[Gg]aol|[Pp]olice|[Ff]ire|EMS))/gu;
const MONTH_OR_DAY = /^(?:January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|The|This|That|Our|Your|Their|His|Her|Each|Every|Any)$/;

const INITIALS_AFTER_BY = /(?<![\p{L}])by\s{1,2}([A-Z]{2,3})(?=\s{0,2}(?:[.;)]|\(|$|\n))/gu;
/** Services and roles written in capitals after "by" ("seen by GP.", "reviewed by ENT)"). */
const NOT_INITIALS = new Set(["GP", "GPS", "ED", "AE", "ENT", "ICU", "ITU", "HDU", "CCU", "NICU", "PICU", "OT", "PT", "SLT", "SALT", "SW", "RN", "NP", "PA", "MD", "DO", "EMS", "SHO", "FY", "SPR", "ST", "CT", "MRI", "USS", "ECG", "EKG", "DR", "MR", "MRS", "MS", "ANP", "ACP", "CNS", "HCA", "CSW", "DN", "DNS", "CPN", "OOH", "NHS", "VA", "CPS", "APS", "MDT", "PCP", "OBS", "OB", "GYN", "IR", "GI", "ID", "TB", "HIV", "UK", "US", "USA", "ER", "OR", "IV", "PO", "IM", "SC", "AM", "PM", "TTO", "TTA", "RMO", "HO", "SHO", "REG", "CONS", "ALS", "BLS", "ACLS", "PALS", "RRT", "MET", "AMU", "SAU", "CDU", "MAU", "EAU"]);

const NAME_PARTICLES = new Set(["van", "von", "der", "den", "de", "la", "le", "du", "da", "di", "del", "della", "dos", "das", "ter", "ten", "bin", "ibn", "al", "el"]);

/**
 * A line that is only a name ("Xu Mingzhe", "Van der Merwe", "OKWUOSA, CHIDI E.", "Grace Adeyemi-Clarke"): two to
 * five words, each capitalised (particles aside), with a listed name or a particle among them, no medical, place or
 * dictionary word unless it is a frequent given name or surname ("Grace"), and the letters of an unlisted word
 * reading as a name. One pass over the tokens.
 */
function nameLines(tokens: readonly Token[], text: string, lex: RulesEnLexicon): Candidate[] {
  const out: Candidate[] = [];
  for (let k = 0; k < tokens.length; ) {
    let e = k + 1;
    while (e < tokens.length && !tokens[e].newlineBefore) e++;
    let line = tokens.slice(k, e);
    k = e;
    // Credentials after the name stay outside ("Gethin Evans, MCSP", "Hollie Banerjee MRPharmS").
    const credential = (t: Token) => t.kind === "word" && t.text.length >= 2 && (t.shape === "upper" || t.shape === "mixed") && !lex.firstNames.has(t.low) && !lex.surnames.has(t.low);
    while (line.length > 2 && credential(line[line.length - 1]) && line.slice(0, -1).some((t) => t.kind === "word" && t.shape === "title")) {
      line = line.slice(0, -1);
      if (line[line.length - 1].text === ",") line = line.slice(0, -1);
    }
    const words = line.filter((t) => t.kind === "word");
    if (words.length < 2 || words.length > 6 || line.some((t) => t.kind === "num" || (t.kind === "punct" && !/^[,.'’\-]$/.test(t.text)))) continue;
    let listed = 0;
    let particles = 0;
    let ok = true;
    for (const w of words) {
      if (NAME_PARTICLES.has(w.low) && w !== words[words.length - 1]) {
        particles++;
        continue;
      }
      // An initial ("E", "R").
      if (w.text.length === 1 && /\p{Lu}/u.test(w.text)) continue;
      // Not a word in lower case, nor an abbreviation no list names ("QEUH ED").
      if (!isCapitalised(w) || (w.shape === "upper" && w.text.length <= 5 && !lex.firstNames.has(w.low) && !lex.surnames.has(w.low))) {
        ok = false;
        break;
      }
      const first = lex.firstNames.get(w.low);
      const last = lex.surnames.get(w.low);
      const common = lex.common.has(w.low) || lex.medical.has(w.low) || lex.medicalProper.has(w.low) || lex.eponyms.has(w.low) || lex.clinicalAcronyms.has(w.text);
      if (common && !((first ?? Infinity) < 1000 || (last ?? Infinity) < 2000)) {
        ok = false;
        break;
      }
      if (lex.places.has(w.low) && first === undefined && last === undefined) {
        ok = false;
        break;
      }
      if (first !== undefined || last !== undefined) listed++;
      else if (!looksLikeName(w.text, NAME_LIKE_ALONE - 0.3)) {
        ok = false;
        break;
      }
    }
    if (!ok || (listed === 0 && particles === 0)) continue;
    const a = words[0];
    let b = line[line.length - 1];
    if (b.kind === "punct" && b.text !== "." ) b = words[words.length - 1];
    out.push({ start: a.start, end: b.end, label: "Name:Other", score: 0.65, rule: "name-line" });
  }
  return out;
}

const AGE_AFTER_NAME = /^(?:,\s{0,2}|\s{0,2}\(\s{0,2})(\d0s|\d{1,3}(?:\s{0,2}(?:years?|yrs?|yo|y|months?|mos?|mo|weeks?|wks?|days?|[MF]))?)(?=\s{0,2}(?:[,;)\n|]|\.(?:\s|$)|$)|\s{2,}|\t)/;
/** "Mateo 8 mo bronchiolitis", "Ada Obi 29F", "Ben Carr 6y", "Sam Hale 40s": a number with an age unit (or a decade)
 * right after a name, no comma. */
const AGE_UNIT_AFTER_NAME = /^\s{1,2}(\d{1,3}\s{0,2}(?:yo|y\/o|y\.o\.|yrs?|mo|mos|m\/o|[MF])|\d{1,3}[MFy]|\d0s|\d{1,2}\s{1,2}months?(?!\s{1,2}(?:ago|post|after|later|since|of|prior|before|follow|f\/u|fu|review|history|hx|old|on|off|course|supply)(?![\p{L}])))(?![\p{L}\d\/])/u;

/** "Carys 16 gillick", "mrs o'driscoll 87 fall", "Ffion 16 wants": a bare number between a name and a lower-case word
 * that is neither a unit nor a plural noun ("Jones 3 falls", "Smith 2 stents" are counts; a verb in -s is no noun). */
const AGE_BARE_AFTER_NAME = /^\s{1,2}([1-9]\d{0,2})(?=\s{1,2}(?:#|\p{Ll})|[ \t]*(?:\n|$)|\s{1,2}\p{Lu}\p{Ll})(?!\s{1,2}(?:mg|mcg|micrograms?|g|kg|ml|mls|l|units?|iu|tabs?|tablets?|caps?|capsules?|puffs?|drops?|sachets?|x|times|days?|d|weeks?|wks?|w|months?|mos?|m|years?|yrs?|y|hrs?|hours?|h|mins?|minutes?|secs?|am|pm|cm|mm|doses?|bpm|mmhg|lbs?|oz|st|nd|rd|th|pills?|cigarettes|cigs|packs?|visits?|attempts?|episodes?|of|to|and|or|out|per|stone|percent|beds?|bays?|floors?|steps?|feet|ft|inches|in)(?![\p{L}]))(?!\s{1,2}(?!(?:has|is|was|wants|needs|says|feels|reports|presents|states|complains|denies|lives|takes|seems|looks|attends|goes|comes|keeps|gets|does|refuses|declines|requests|asks)(?![\p{L}]))\p{Ll}+s(?![\p{L}]))/u;
/** "Mr. Grabowski is 84, lives alone": the number said of the named person. */
const AGE_IS_AFTER_NAME = /^\s{1,2}(?:is|was|turned|turns|is\s+now)\s{1,2}(\d{1,3})(?=\s{0,2}(?:[,;.)]|$|\n|and\s|with\s|today|now))(?![.,]\d)/u;

/** "Mateo Cole-Ibáñez, 14 months", "pt: Ada Obi, 29, flat 12b", "Ellen (43)": a number right after a name is an age. */
/** A table with an age column: "Name | Age | Bed" or "PATIENT     AGE   DX". */
const AGE_COLUMN = /(?:^|\n)[^\n]*?(?:\||\t| {2,})\s*age\s*(?:\||\t| {2,}|\n|$)|(?:^|\n)\s*age\s*(?:\||\t| {2,})/i;
/** The next cell after a name in such a table: "[[Mbeki]]            [[71]]    sepsis". */
const AGE_CELL_AFTER_NAME = /^(?:\t| {2,}|\s{0,3}\|\s{0,3})(\d{1,3})(?=[ \t]*(?:\||\t| {2,}|\n|$))/;

function agesAfterNames(text: string, names: readonly Candidate[]): Candidate[] {
  const out: Candidate[] = [];
  let ageColumn: boolean | undefined;
  for (const n of names) {
    const after = text.slice(n.end, n.end + 24);
    let cell: RegExpExecArray | null = null;
    if (n.label !== "Name:Caregiver" && (AGE_CELL_AFTER_NAME.test(after))) {
      // Asked once per text, only when a name is followed by a number in the next cell.
      ageColumn ??= AGE_COLUMN.test(text.slice(0, 4096));
      if (ageColumn) cell = AGE_CELL_AFTER_NAME.exec(after);
    }
    // Not after a clinician ("f/u Dr. Wong 2 wks" is a time).
    const m = cell ?? AGE_AFTER_NAME.exec(after) ?? (n.label === "Name:Caregiver" ? null : AGE_UNIT_AFTER_NAME.exec(after) ?? AGE_IS_AFTER_NAME.exec(text.slice(n.end, n.end + 32)) ?? AGE_BARE_AFTER_NAME.exec(after));
    if (!m) continue;
    const value = Number.parseInt(m[1], 10);
    if (value > 115) continue;
    const s = n.end + m[0].length - m[1].length;
    out.push({ start: s, end: s + m[1].length, label: "Age_Birthdate", score: 0.7, rule: "age-after-name" });
  }
  return out;
}

const STREET_END = /(?:street|st|road|rd|lane|ln|avenue|ave|drive|dr|close|crescent|terrace|way|grove|place|court|ct|boulevard|blvd|gardens|mews|row|square|walk|hill|parade)\.?$/i;
const ADDRESS_GAP = /^,?[ \t]{1,2}$/;

/**
 * One address written in pieces is one span: "Whitton Road, Hounslow", "Walkley, S6 5DD", "Suite 150, Houston, TX"
 * (pieces joined by a comma or a space on one line, one of them with a digit or the first ending in a street type;
 * not "Leeds, Bradford"), and a system before its hospital: "Mercy St. Vincent", "Aurora St. Luke's".
 */
function joinPieces(text: string, spans: DetectedSpan[]): DetectedSpan[] {
  const out: DetectedSpan[] = [];
  for (const sp of spans) {
    const prev = out[out.length - 1];
    if (prev) {
      const gap = text.slice(prev.end, sp.start);
      const address = prev.label.startsWith("Address_Location") && sp.label.startsWith("Address_Location") && ADDRESS_GAP.test(gap) &&
        (/\d/.test(text.slice(prev.start, prev.end)) || /\d/.test(text.slice(sp.start, sp.end)) || STREET_END.test(text.slice(prev.start, prev.end)));
      const facility = prev.label === "Organization:Healthcare" && sp.label === "Organization:Healthcare" && gap === " ";
      if (address || facility) {
        const label = address && sp.label === "Address_Location:Patient" ? sp.label : prev.label;
        out[out.length - 1] = { ...prev, end: sp.end, label };
        continue;
      }
    }
    out.push(sp);
  }
  return out;
}

/**
 * An organisation's name keeps a capital "The" before it and the apostrophe of a plural possessive after it
 * ("The Limes Surgery", "The Anchor Inn", "St Thomas'"); a lower-case "the" stays outside.
 */
function organisationEdges(text: string, spans: DetectedSpan[]): DetectedSpan[] {
  return spans.map((sp, i) => {
    if (!sp.label.startsWith("Organization")) return sp;
    let { start, end } = sp;
    const prevEnd = i > 0 ? spans[i - 1].end : 0;
    if (start >= 4 && start - 4 >= prevEnd && text.startsWith("The ", start - 4) && (start === 4 || !/[\p{L}\d]/u.test(text[start - 5]))) start -= 4;
    const nextStart = i + 1 < spans.length ? spans[i + 1].start : text.length;
    if (end < nextStart && (text[end] === "'" || text[end] === "\u2019") && text[end - 1] === "s" && (end + 1 >= text.length || !/[\p{L}\d]/u.test(text[end + 1]))) end += 1;
    return start === sp.start && end === sp.end ? sp : { ...sp, start, end };
  });
}

/** A nickname in quotes between a given name and a surname: 'Harold "Hal" Brenner', 'Mr Ifeanyi ("Iffy") Chukwu'. */
const NICKNAME_GAP = /^\s{1,2}\(?["“'‘][\p{L}][\p{L}'’.\- ]{0,18}["”'’]\)?\s{1,2}$/u;
const CLOSING_GAP = /^["”]\)?\s{1,2}$/u;
/** The rest of a hyphenated given name or surname glued to a name: "Amelia" + "-Rose", "Ji" + "-hoon". */
const HYPHEN_TAIL = /^-\p{L}[\p{L}'’]{1,20}(?![\p{L}\d-])/u;

/**
 * A name is one span over a quoted nickname inside it and over the hyphenated rest of its last word ("Amelia-Rose",
 * "Kim, Ji-hoon"). The parts may come from different rules; the nickname may also be a span of its own.
 */
function nameEdges(text: string, spans: DetectedSpan[], lex: RulesEnLexicon): DetectedSpan[] {
  const out: DetectedSpan[] = [];
  for (let i = 0; i < spans.length; i++) {
    let sp = spans[i];
    if (sp.label.startsWith("Name:")) {
      const nextStart = i + 1 < spans.length ? spans[i + 1].start : text.length;
      const tail = HYPHEN_TAIL.exec(text.slice(sp.end, Math.min(nextStart, sp.end + 24)));
      // Not a compound with an everyday word ("63F. Spanish-speaking", "Smith-type").
      if (tail && !(lex.common.has(tail[0].slice(1).toLowerCase()) && !lex.firstNames.has(tail[0].slice(1).toLowerCase()) && !lex.surnames.has(tail[0].slice(1).toLowerCase()))) sp = { ...sp, end: sp.end + tail[0].length };
      const prev = out[out.length - 1];
      if (prev && prev.label.startsWith("Name:")) {
        // The nickname alone may have been found too: look past it to the surname.
        let j = i;
        while (j < spans.length && spans[j].label.startsWith("Name:") && spans[j].end - prev.end < 28 && !NICKNAME_GAP.test(text.slice(prev.end, spans[j].start)) && j - i < 2) j++;
        const last = j < spans.length ? spans[j] : undefined;
        // Or the first part already holds the opening quote and the nickname ('Harold "Hal' + '" ' + 'Brenner').
        const prevText = text.slice(prev.start, prev.end);
        const gap = text.slice(prev.end, sp.start);
        const open =
          (/\s["“][\p{L}][\p{L}'’.\- ]{0,18}$/u.test(prevText) && CLOSING_GAP.test(gap)) ||
          (/\s\(?["“][\p{L}][\p{L}'’.\- ]{0,18}["”]\)?$/u.test(prevText) && /^\s{1,2}$/.test(gap));
        if (open && sp.start > prev.end) {
          out[out.length - 1] = { ...prev, end: sp.end, label: prev.label === "Name:Other" ? sp.label : prev.label };
          continue;
        }
        if (last && last.label.startsWith("Name:") && last.start > prev.end && NICKNAME_GAP.test(text.slice(prev.end, last.start))) {
          out[out.length - 1] = { ...prev, end: last.end, label: prev.label === "Name:Other" ? last.label : prev.label };
          i = j;
          continue;
        }
      }
    }
    out.push(sp);
  }
  return out;
}

/** The rest of a word broken at a line wrap or by OCR: "Grabczyk- owa", "Lewandow-\nska", "Market Harbor- ough". */
const WRAP_TAIL = /^-(?:[ \t]{1,2}|[ \t]?\r?\n[ \t]*)(\p{Ll}{2,14})(?![\p{L}\d'’-])/u;
const WRAP_NOT_TAIL = new Set(["and", "or", "to", "the", "with", "for", "of", "in", "on", "at", "by", "from", "not", "no", "yes", "was", "is", "are", "has", "had", "but", "then", "who", "she", "he", "they", "we"]);
/** A middle initial after "SURNAME, Given" ("HALVORSEN, Brigit K", "Quaye, Efua T.") or a given initial after
 * a surname and a comma ("Quaye, E."): before the line's end, a space, a comma, a semicolon or a bracket. */
const MIDDLE_INITIAL = /^[ \t]{1,2}(\p{Lu}\.?)(?=$|[\s,;)])/u;
const COMMA_INITIAL = /^,[ \t]{1,2}(\p{Lu}\.)(?=$|[\s,;)])/u;

/** Names, places and organisations take the rest of a wrapped word and a trailing initial of the comma form. */
function wrapAndInitialEdges(text: string, spans: DetectedSpan[]): DetectedSpan[] {
  return spans.map((sp, i) => {
    const nextStart = i + 1 < spans.length ? spans[i + 1].start : text.length;
    const after = text.slice(sp.end, Math.min(nextStart, sp.end + 24));
    const proper = sp.label.startsWith("Name:") || sp.label.startsWith("Address_Location") || sp.label.startsWith("Organization");
    if (!proper) return sp;
    let end = sp.end;
    const wrap = /\p{Lu}\p{Ll}*$/u.test(text.slice(Math.max(sp.start, sp.end - 20), sp.end)) ? WRAP_TAIL.exec(after) : null;
    if (wrap && !WRAP_NOT_TAIL.has(wrap[1])) end = sp.end + wrap[0].length;
    else if (sp.label.startsWith("Name:")) {
      const own = text.slice(sp.start, sp.end);
      const m = own.includes(",") && /^\p{Lu}/u.test(own) ? MIDDLE_INITIAL.exec(after) : /^\p{Lu}[\p{L}'’-]+$/u.test(own) ? COMMA_INITIAL.exec(after) : null;
      if (m && m[1][0] !== "I" && !(m[1][0] === "A" && m[1].length === 1 && /^[ \t]+\p{Ll}/u.test(after.slice(m[0].length)))) end = sp.end + m[0].length;
    }
    return end === sp.end ? sp : { ...sp, end };
  });
}

/**
 * The name a person goes by, given after their name: 'Kerensa Brackwell ("Tolly")', 'Fennimore Stroud (known as Fen)',
 * 'Oswin Quarshie, aka "OQ"', 'lorcan pettifer aka big l'. Quoted, or after a cue: "known as", "aka", "goes by",
 * "nicknamed", "prefers to be called"; one or two words, capitalised unless quoted or on a line without capitals.
 */
const NICKNAME_AFTER = /^[ \t]{0,4}(?:(\()[ \t]?|,[ \t]{1,2}|[ \t])?(?:(?:(?:also\s)?known\sas|aka|a\.k\.a\.?|goes\sby|nicknamed|nickname:?|(?:prefers|likes|wants|asks)\sto\sbe\scalled)[ \t]{1,2})?(["“‘'])?([\p{L}][\p{L}'’.\-]{0,15}(?:[ \t][\p{L}][\p{L}'’.\-]{0,15})?)(["”’'])?/u;
const NICKNAME_CUE = /(?:known\sas|aka|a\.k\.a|goes\sby|nicknamed|nickname|(?:prefers|likes|wants|asks)\sto\sbe\scalled)/u;
/** What a relative or a role is called, not a person's own name ("Nan", "Doc", "the boss"). */
const NOT_NICKNAME = new Set(["nan", "nana", "mum", "mom", "dad", "doc", "boss", "the", "a", "an", "him", "her", "them", "by", "to", "in", "and", "or", "nok", "pt", "patient", "son", "daughter", "wife", "husband", "brother", "sister", "mother", "father", "friend", "partner", "dnr", "dnacpr"]);
function nicknamesAfterNames(text: string, spans: DetectedSpan[], lex: RulesEnLexicon): DetectedSpan[] {
  const added: DetectedSpan[] = [];
  for (let i = 0; i < spans.length; i++) {
    const sp = spans[i];
    if (!sp.label.startsWith("Name:")) continue;
    const nextStart = i + 1 < spans.length ? spans[i + 1].start : text.length;
    const m = NICKNAME_AFTER.exec(text.slice(sp.end, Math.min(text.length, sp.end + 48)));
    if (!m) continue;
    const [, bracket, open, value, close] = m;
    const cue = NICKNAME_CUE.test(m[0].slice(0, m[0].length - value.length - (close?.length ?? 0)));
    const quoted = open !== undefined && close !== undefined && (open === "'" || open === "‘" ? close === "'" || close === "’" : close === "\"" || close === "”");
    if (!quoted && !cue) continue;
    // Without a cue the quote must follow the name at once or in brackets ('("Tolly")', ' "Tolly"').
    const words = value.split(/[ \t]/);
    if (words.some((w) => NOT_NICKNAME.has(w.toLowerCase()) || STOP_WORDS.has(w.toLowerCase()))) continue;
    const lineStart = text.lastIndexOf("\n", sp.start) + 1;
    const lowerLine = !/\p{Lu}/u.test(text.slice(lineStart, sp.end));
    if (!quoted && !lowerLine && words.some((w) => !/^\p{Lu}/u.test(w))) continue;
    if (!quoted && words.length > 1 && !lowerLine) continue;
    if (words.some((w) => lex.clinicalAcronyms.has(w.toUpperCase()) && !/^\p{Lu}\p{Ll}/u.test(w))) continue;
    if (bracket && !quoted && !cue) continue;
    const start = sp.end + m[0].length - value.length - (close?.length ?? 0);
    const end = start + value.length;
    if (end > nextStart) continue;
    added.push({ start, end, label: sp.label, score: 0.7 });
  }
  if (added.length === 0) return spans;
  return [...spans, ...added].sort((a, b) => a.start - b.start || a.end - b.end);
}

/** The employer in brackets after a job: "team leader (Brackley Foods, night shift)", 'plasterer ("Quenby & Sons")'. */
const EMPLOYER_IN_BRACKETS = /^[ \t]{0,2}\([ \t]?["“]?(\p{Lu}[\p{L}'’.\-]*(?:[ \t](?:\p{Lu}[\p{L}'’.\-]*|&|of|the|and|de|du)){0,4})["”]?(?=[ \t]{0,2}[),;])/u;
/** Words in brackets after a job that say how or when it is done, not where. */
const NOT_EMPLOYER = new Set(["retired", "retd", "former", "part", "part-time", "full", "full-time", "self", "self-employed", "unemployed", "currently", "now", "since", "night", "nights", "days", "weekends", "prn", "locum", "agency", "bank", "previously", "formerly", "until", "not", "no", "on", "off", "temp", "temporary", "contract", "seasonal", "volunteer", "voluntary", "unpaid", "paid", "ft", "pt", "mornings", "evenings", "sick", "furloughed", "disabled", "age", "aged"]);
function employersAfterJobs(text: string, spans: DetectedSpan[], lex: RulesEnLexicon): DetectedSpan[] {
  const added: DetectedSpan[] = [];
  const dropped = new Set<number>();
  for (let i = 0; i < spans.length; i++) {
    const sp = spans[i];
    if (sp.label !== "Profession") continue;
    const m = EMPLOYER_IN_BRACKETS.exec(text.slice(sp.end, Math.min(text.length, sp.end + 64)));
    if (!m) continue;
    const words = m[1].split(/[ \t]/);
    const first = words[0].toLowerCase();
    if (NOT_EMPLOYER.has(first) || STOP_WORDS.has(first) || MONTH_WORDS.has(first) || WEEKDAY_WORDS.has(first) || lex.clinicalAcronyms.has(words[0].toUpperCase())) continue;
    // One word that is a listed given name is a person ("a plumber (Mike)"), a credential in capitals is none.
    if (words.length === 1 && (lex.firstNames.has(first) || /^\p{Lu}{1,5}$/u.test(words[0]) && !lex.listAcronyms.has(first))) continue;
    const start = sp.end + m[0].length - m[1].length - (/["”]$/.test(m[0]) ? 1 : 0);
    const end = start + m[1].length;
    // Names or places found inside the employer's name give way to it ("Quenby & Sons Plastering").
    let j = i + 1;
    while (j < spans.length && spans[j].start < end && spans[j].end <= end && /^(?:Name|Address_Location)/.test(spans[j].label)) j++;
    if (j < spans.length && spans[j].start < end) continue;
    for (let k = i + 1; k < j; k++) dropped.add(k);
    added.push({ start, end, label: "Organization:Other", score: 0.7 });
  }
  if (added.length === 0) return spans;
  return [...spans.filter((_, k) => !dropped.has(k)), ...added].sort((a, b) => a.start - b.start || a.end - b.end);
}

export function detectRulesEn(text: string, compiled: CompiledRulesEn): DetectedSpan[] {
  const lex = compiled.lexicon;
  const spans = wrapAndInitialEdges(text, employersAfterJobs(text, nicknamesAfterNames(text, nameEdges(text, spanExtents(text, organisationEdges(text, joinPieces(text, reduceCandidates(ruleCandidates(text, compiled)))), lex), lex), lex), lex));
  return compiled.settings.families.ages ? headerAges(text, spans) : spans;
}
