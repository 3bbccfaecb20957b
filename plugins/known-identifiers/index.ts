// Known identifiers from note metadata: patient and caregiver names, known values and birth-date renderings.
import { z } from "zod";
import {
  analysisFor,
  BoundedCache,
  type DetectedSpan,
  type Document,
  type Label,
  type Person,
  type TextAnalysis,
  escapeRegExp,
  foldNeedle as foldText,
  mergeSortedRuns,
  type FoldedText,
} from "../../src/contract/index.js";
import { definePlugin } from "../../src/detectors/index.js";
import { birthDateRenderings, monthWords } from "./birthdate.js";

/** Particles that are names only next to another name part (MedDeID's connector blacklist, extended). */
const CONNECTORS = new Set(["de", "van", "der", "den", "het", "op", "la", "le", "du", "des", "ten", "ter", "te", "von", "di", "da", "del", "'t", "vd", "v."]);


/** A folded needle → regex source with flexible whitespace (and hyphens for names) between its parts. */
function flexibleSource(folded: string, nameLike: boolean): string {
  const parts = folded.split(nameLike ? /[\s\-]+/ : /\s+/).filter(Boolean).map(escapeRegExp);
  return parts.join(nameLike ? "[\\s\\-]+" : "\\s+");
}

function nameNeedles(person: Person, withParts: boolean): string[] {
  const needles = new Set<string>();
  const usable = (t: string) => t.replace(/[^\p{L}]/gu, "").length >= 2 && !CONNECTORS.has(t);
  const fg = foldText((person.given_name ?? "").trim());
  const ff = foldText((person.family_name ?? "").trim());
  const givenTokens = fg.split(/\s+/).filter(usable);
  const familyOk = usable(ff);
  if (familyOk) {
    needles.add(ff);
    if (givenTokens.length) {
      const given = givenTokens.join(" ");
      needles.add(`${given} ${ff}`);
      needles.add(`${ff} ${given}`);
      needles.add(`${givenTokens[0]} ${ff}`);
      needles.add(`${ff} ${givenTokens[0]}`);
    }
  }
  for (const tok of givenTokens) needles.add(tok);
  if (withParts) {
    for (const part of ff.split(/[\s\-]+/)) {
      if (part.replace(/[^\p{L}]/gu, "").length >= 3 && !CONNECTORS.has(part)) needles.add(part);
    }
  }
  return [...needles];
}

const SEPARATOR = /[\s\-]/;

function isWordCode(folded: string, i: number): boolean {
  const c = folded.charCodeAt(i);
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 65 && c <= 90);
  return WORD_CHAR.test(folded[i]);
}

/**
 * Word-bounded occurrences of normalised needles ("jan van dam") in folded text, the parts of a needle separated
 * by any run of whitespace or hyphens. Needles are grouped by their first word; each first word is found with
 * indexOf (native, no regex, no walk over every word of the text), kept where it is a whole word, and the word
 * starts found are taken in text order: at each the longest needle wins and the search resumes after it.
 */
export function findNeedles(folded: string, needles: readonly string[]): { start: number; end: number; needle: string }[] {
  const out: { start: number; end: number; needle: string }[] = [];
  forEachNeedle(folded, needles, (start, end, needle) => out.push({ start, end, needle }));
  return out;
}

/**
 * `findNeedles` without the list: each occurrence is handed to `hit` in text order as it is found, so a text of
 * thousands of occurrences keeps no object per occurrence alive beyond what `hit` keeps.
 */
function forEachNeedle(folded: string, needles: readonly string[], hit: (start: number, end: number, needle: string) => void): void {
  const byFirstWord = new Map<string, { parts: string[]; needle: string }[]>();
  for (const n of needles) {
    const parts = n.split(" ");
    const head = /^[\p{L}\p{N}]*/u.exec(parts[0])![0];
    // A needle whose first word is empty or holds a unit the word walk does not count (half of a surrogate pair)
    // can never be the whole word at a word start.
    if (!head || !isAllWordCodes(head)) continue;
    const list = byFirstWord.get(head);
    const candidate = { parts, needle: parts.join(" ") };
    if (list) list.push(candidate);
    else byFirstWord.set(head, [candidate]);
  }
  // Word starts as two number lists (offset, which head), not an object per occurrence: a text of thousands of
  // occurrences allocates little more than its matches.
  const heads: { parts: string[]; needle: string }[][] = [];
  const at: number[] = [];
  const headOf: number[] = [];
  /** Where the heads' occurrences begin in `at` (heads without any left out), then at.length: each run is in increasing order. */
  const runs: number[] = [0];
  const n = folded.length;
  for (const [head, candidates] of byFirstWord) {
    const h = heads.push(candidates) - 1;
    if (runs[runs.length - 1] !== at.length) runs.push(at.length);
    for (let i = folded.indexOf(head); i >= 0; i = folded.indexOf(head, i + 1)) {
      // The whole word starting here must be the head.
      if ((i > 0 && isWordCode(folded, i - 1)) || (i + head.length < n && isWordCode(folded, i + head.length))) continue;
      at.push(i);
      headOf.push(h);
    }
  }
  if (runs[runs.length - 1] !== at.length) runs.push(at.length);
  // The word starts in text order: the heads' sorted runs merged (no sort of every occurrence, and none at all when
  // one head occurs), as a stable sort by offset orders them.
  const order = runs.length > 2 ? mergeSortedRuns(at, runs) : null;
  let resumeAt = 0;
  for (let j = 0; j < at.length; j++) {
    const k = order ? order[j] : j;
    const start = at[k];
    if (start < resumeAt) continue;
    let bestEnd = -1;
    let best = "";
    for (const { parts, needle } of heads[headOf[k]]) {
      const end = matchParts(folded, start, parts);
      if (end > 0 && end > bestEnd) {
        bestEnd = end;
        best = needle;
      }
    }
    if (bestEnd > 0) {
      hit(start, bestEnd, best);
      resumeAt = bestEnd;
    }
  }
}

function isAllWordCodes(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (!isWordCode(s, i)) return false;
  return true;
}

/** End offset of `parts` matched at `pos` (separated by whitespace/hyphen runs, word-bounded), or -1. */
function matchParts(folded: string, pos: number, parts: readonly string[]): number {
  for (let k = 0; k < parts.length; k++) {
    if (!folded.startsWith(parts[k], pos)) return -1;
    pos += parts[k].length;
    if (k < parts.length - 1) {
      const sepStart = pos;
      while (pos < folded.length && SEPARATOR.test(folded[pos])) pos++;
      if (pos === sepStart) return -1;
    }
  }
  return pos < folded.length && isWordCode(folded, pos) ? -1 : pos;
}

/** Needles compare equal whatever whitespace or hyphens separate their parts. */
function normaliseNeedle(folded: string): string {
  return folded.split(/[\s\-]+/).filter(Boolean).join(" ");
}

function initialsOf(person: Person): Set<string> {
  return new Set(
    (person.given_name ?? "")
      .split(/[\s\-]+/)
      .filter(Boolean)
      .map((t) => foldText(t[0])),
  );
}

const WORD_CHAR = /[\p{L}\p{N}]/u;
const WHITE_SPACE = /\s/;
const UPPER = /\p{Lu}/u;

/** Notes of one patient share metadata, so their patterns repeat: keep the last compiled ones. */
const REGEXP_CACHE = new BoundedCache<string, RegExp>(512);

function cachedRegExp(source: string): RegExp {
  let re = REGEXP_CACHE.get(source);
  if (!re) {
    re = new RegExp(source, "g");
    REGEXP_CACHE.set(source, re);
  }
  re.lastIndex = 0;
  return re;
}

function isWordChar(c: string | undefined): boolean {
  return c !== undefined && WORD_CHAR.test(c);
}

/**
 * All word-bounded occurrences of any needle in the folded text (longest alternative first). Boundaries are
 * checked in code rather than with a Unicode lookbehind, which lets the regex engine scan for literal prefixes.
 */
function findAll(folded: string, sources: string[]): { start: number; end: number }[] {
  if (sources.length === 0) return [];
  const re = cachedRegExp([...new Set(sources)].sort((a, b) => b.length - a.length).join("|"));
  const out: { start: number; end: number }[] = [];
  let m: RegExpExecArray | null;
  while ((m = re.exec(folded)) !== null) {
    const start = m.index;
    const end = start + m[0].length;
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    if (isWordChar(folded[start - 1]) || isWordChar(folded[end])) {
      re.lastIndex = start + 1;
      continue;
    }
    out.push({ start, end });
  }
  return out;
}

/** Extends a name match left over initials of the person's given names ("J. P. Peeters"); works on the original text. */
function extendOverInitials(text: string, start: number, initials: Set<string>): number {
  // Initials end in a capital, a dot or a hyphen (then white space): without one, nothing to look at.
  let i = start - 1;
  while (i >= Math.max(0, start - 12) && WHITE_SPACE.test(text[i])) i--;
  const c = text.charCodeAt(i);
  if (i < Math.max(0, start - 12) || !(c === 0x2e || c === 0x2d || (c >= 0xd800 && c <= 0xdfff) || UPPER.test(text[i]))) return start;
  const before = text.slice(Math.max(0, start - 12), start);
  const m = /((?:\p{Lu}\.?[ \-]?){1,3})\s*$/u.exec(before);
  if (!m || m[1].trim() === "") return start;
  const letters = m[1].replace(/[^\p{L}]/gu, "");
  if (![...letters].every((c) => initials.has(foldText(c)))) return start;
  const newStart = start - m[0].length;
  // Initials must start a word.
  if (newStart > 0 && /[\p{L}\p{N}]/u.test(text[newStart - 1])) return start;
  return newStart;
}

/**
 * A person's full initials, given names then family name, folded: "jp" for Jan Peeters; for a family name with
 * particles both readings ("jv" and "jd" for Jan Van Dam). Empty without a given and a family name.
 */
function fullInitialsOf(person: Person): string[] {
  const words = (s: string | null | undefined) => foldText(s ?? "").split(/[\s\-]+/).filter((t) => /^\p{L}/u.test(t));
  const given = words(person.given_name).filter((t) => !CONNECTORS.has(t));
  const family = words(person.family_name);
  const main = family.find((t) => !CONNECTORS.has(t));
  if (given.length === 0 || main === undefined) return [];
  const head = given.map((t) => t[0]).join("");
  return [...new Set([head + family[0][0], head + main[0]])];
}

/**
 * Dotted initials ("J.P.", "J. P. M.": 2 to 4 single letters, each followed by a dot and at most one space) in folded
 * text, with their letters. Found from each dot with a bounded look around it, so the walk stays linear.
 */
function findDottedInitials(folded: string): { start: number; end: number; letters: string }[] {
  const out: { start: number; end: number; letters: string }[] = [];
  const isLetter = (i: number) => i >= 0 && i < folded.length && /\p{L}/u.test(folded[i]);
  let from = 0;
  for (let dot = folded.indexOf(".", from); dot >= 0; dot = folded.indexOf(".", from)) {
    from = dot + 1;
    const start = dot - 1;
    if (!isLetter(start) || isWordChar(folded[start - 1])) continue;
    let letters = folded[start];
    let end = dot + 1;
    while (letters.length < 4) {
      const next = folded.charCodeAt(end) === 0x20 ? end + 1 : end;
      if (!isLetter(next) || folded.charCodeAt(next + 1) !== 0x2e) break;
      letters += folded[next];
      end = next + 2;
    }
    if (letters.length < 2 || isWordChar(folded[end])) continue;
    out.push({ start, end, letters });
    from = end;
  }
  return out;
}

/**
 * A known value's separator-tolerant form: its alphanumerics (code points), matched with any run of white space
 * (what `\s` matches) or . / ( ) - between them ("3402 22.84" for "340222 84"). Undefined under two.
 */
function separatorTolerantChars(folded: string): string[] | undefined {
  const chars = [...folded].filter((c) => /[\p{L}\p{N}]/u.test(c));
  return chars.length < 2 ? undefined : chars;
}

/** Whether a UTF-16 unit is one of the separators a tolerant value may hold: `\s` (without the u flag) or . / ( ) -. */
function isTolerantSeparator(c: number): boolean {
  if (c < 128) return c === 0x20 || (c >= 0x09 && c <= 0x0d) || c === 0x2e || c === 0x2f || c === 0x28 || c === 0x29 || c === 0x2d;
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/**
 * The word-bounded occurrences of a separator-tolerant value in folded text, as `findAll` with the regex of its
 * characters joined by `[\s./()\-]*` finds them (leftmost first, resuming after a hit, one unit after a hit that is
 * not word-bounded), by indexOf and a walk instead of a regex. A known value is new with every patient, so its
 * regex was compiled for each note and run once, in V8's regex interpreter (the leak guard runs it on every
 * output where the value was replaced). The match at a start is unique: the characters are letters or digits,
 * never separators, so the greedy separator runs never give anything back.
 */
export function findTolerant(folded: string, chars: readonly string[]): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  const first = chars[0];
  const n = folded.length;
  let from = 0;
  for (let at = folded.indexOf(first); at >= 0; at = folded.indexOf(first, from)) {
    let pos = at + first.length;
    for (let k = 1; k < chars.length && pos >= 0; k++) {
      while (pos < n && isTolerantSeparator(folded.charCodeAt(pos))) pos++;
      pos = folded.startsWith(chars[k], pos) ? pos + chars[k].length : -1;
    }
    if (pos < 0 || isWordChar(folded[at - 1]) || isWordChar(folded[pos])) {
      from = at + 1;
      continue;
    }
    out.push({ start: at, end: pos });
    from = pos;
  }
  return out;
}

/**
 * Date-shaped substrings of folded text (numeric with separators, compact 8 digits, textual day-month-year in any
 * order). Each candidate is then compared with the birth date's renderings, which is much faster than searching for
 * every rendering.
 */
const MONTH_WORDS = monthWords()
  .map((w) => foldText(w))
  .sort((a, b) => b.length - a.length)
  .join("|");

const DATE_CANDIDATE = new RegExp(
  [
    "\\d{1,4}[/.\\-]\\d{1,2}[/.\\-]'?\\d{2,4}",
    "\\d{8}",
    `\\d{1,2}(?:st|nd|rd|th|er)?(?:\\s+of)?[\\s\\-]+(?:${MONTH_WORDS})\\.?[\\s\\-]+'?\\d{2,4}`,
    `(?:${MONTH_WORDS})\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}`,
  ].join("|"),
  "g",
);

const BIRTH_DATE_CACHE = new BoundedCache<string, Set<string>>(1024);

function birthDateSet(iso: string): Set<string> {
  let set = BIRTH_DATE_CACHE.get(iso);
  if (!set) {
    set = new Set(birthDateRenderings(iso).map((r) => foldText(r)));
    BIRTH_DATE_CACHE.set(iso, set);
  }
  return set;
}

/**
 * Calls `hit` for each word-bounded date-shaped substring of folded text that is one of the renderings. Each
 * candidate is looked up as it is found, without a list of candidates, and sliced or respaced only where needed:
 * a text of thousands of dates allocates little more than its hits.
 */
function forEachBirthDate(folded: string, renderings: Set<string>, hit: (start: number, end: number) => void): void {
  const re = DATE_CANDIDATE;
  re.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(folded)) !== null) {
    const start = m.index;
    const end = start + m[0].length;
    if (isWordChar(folded[start - 1]) || isWordChar(folded[end])) continue;
    const candidate = WHITESPACE.test(m[0]) ? m[0].replace(WHITESPACE_RUNS, " ") : m[0];
    if (renderings.has(candidate)) hit(start, end);
  }
}
const WHITESPACE = /\s/;
const WHITESPACE_RUNS = /\s+/g;

export const configSchema = z
  .object({
    patient_names: z.boolean().default(true),
    caregiver_names: z.boolean().default(true),
    /** Also match single parts of compound family names ("Peeters" of "Janssens-Peeters"). */
    family_name_parts: z.boolean().default(true),
    known_values: z.boolean().default(true),
    birth_date: z.boolean().default(true),
    /** A person's dotted full initials ("J.P." for Jan Peeters). */
    initials: z.boolean().default(true),
  })
  .strict();

/** Words hyphenated across a line break: matched a second time with the hyphen kept, for compound names. */
const LINE_BREAK_HYPHEN = /\p{L}[-\u2010\u2011][ \t]*\r?\n/u;
/** What LINE_BREAK_HYPHEN needs, without a letter class tried at every position: most notes fail this at once. */
const MAYBE_LINE_BREAK_HYPHEN = /[-\u2010\u2011][ \t]*\r?\n/;

/** What a note's metadata asks to search for, derived once per metadata object and options (see `planFor`). */
interface SearchPlan {
  people: { person: Person; label: Label }[];
  /** Normalised needle → the people it names. */
  owners: Map<string, number[]>;
  needles: string[];
  initials: Set<string>[];
  /** Full initials → the people they name (empty unless the initials option is on). */
  byInitials: Map<string, number[]>;
  knownValues: { label: Label; wordNeedle?: string; source?: string; tolerant?: string[] }[];
  renderings?: Set<string>;
}

function buildPlan(md: NonNullable<Document["metadata"]>, options: z.output<typeof configSchema>): SearchPlan {
  const people: { person: Person; label: Label }[] = [];
  if (options.patient_names && md.patient) people.push({ person: md.patient, label: "Name:Patient" });
  if (options.caregiver_names) for (const c of md.caregivers ?? []) people.push({ person: c, label: "Name:Caregiver" });
  // One pattern for every person of the note: normalised needle → the people it names.
  const owners = new Map<string, number[]>();
  people.forEach(({ person }, k) => {
    for (const n of nameNeedles(person, options.family_name_parts)) {
      const key = normaliseNeedle(n);
      const list = owners.get(key);
      if (!list) owners.set(key, [k]);
      else if (!list.includes(k)) list.push(k);
    }
  });
  const byInitials = new Map<string, number[]>();
  if (owners.size && options.initials) {
    people.forEach(({ person }, k) => {
      for (const full of fullInitialsOf(person)) byInitials.set(full, [...(byInitials.get(full) ?? []), k]);
    });
  }
  const knownValues: SearchPlan["knownValues"] = [];
  if (options.known_values) {
    for (const kv of md.known_values ?? []) {
      const fv = foldText(kv.value.trim());
      if (fv.replace(/[^\p{L}\p{N}]/gu, "").length < 2) continue;
      // Verbatim first (whitespace-flexible); values that start with a word character take the word index.
      knownValues.push(
        isWordCode(fv, 0)
          ? { label: kv.label, wordNeedle: fv.split(/\s+/).join(" "), tolerant: separatorTolerantChars(fv) }
          : { label: kv.label, source: flexibleSource(fv, false), tolerant: separatorTolerantChars(fv) },
      );
    }
  }
  return {
    people,
    owners,
    needles: [...owners.keys()],
    initials: owners.size ? people.map(({ person }) => initialsOf(person)) : [],
    byInitials,
    knownValues,
    renderings: options.birth_date && md.patient?.birth_date ? birthDateSet(md.patient.birth_date) : undefined,
  };
}

/**
 * Metadata is read, never changed, so what it asks to search for is derived once per metadata object and options
 * object: the leak guard re-runs this detector on the de-identified text with the same metadata.
 */
const PLANS = new WeakMap<object, WeakMap<object, SearchPlan>>();

function planFor(md: NonNullable<Document["metadata"]>, options: z.output<typeof configSchema>): SearchPlan {
  let byOptions = PLANS.get(md);
  if (!byOptions) {
    byOptions = new WeakMap();
    PLANS.set(md, byOptions);
  }
  let plan = byOptions.get(options);
  if (!plan) {
    plan = buildPlan(md, options);
    byOptions.set(options, plan);
  }
  return plan;
}

export function detectKnownIdentifiers(document: Document, options: z.output<typeof configSchema>, given?: TextAnalysis): DetectedSpan[] {
  const md = document.metadata;
  if (!md) return [];
  const text = document.text;
  // Matching runs on folded text (NFC/NFD, accents, case, invisible characters, look-alike letters, spaced letters,
  // line-break hyphenation); every hit is mapped back to exact offsets of the original text.
  const analysis = analysisFor(text, given);
  const fold = analysis.matching();
  const folded = fold.text;
  const spans: DetectedSpan[] = [];
  const add = (start: number, end: number, label: Label, score: number) => spans.push({ start, end, label, score });
  // originalRange without an object per hit.
  const addFolded = (f: FoldedText, start: number, end: number, label: Label) => add(f.starts ? f.starts[start] : start, f.ends ? f.ends[end - 1] : end, label, 1);
  const { people, owners, needles, initials, byInitials, knownValues, renderings } = planFor(md, options);

  if (owners.size) {
    const folds = MAYBE_LINE_BREAK_HYPHEN.test(text) && LINE_BREAK_HYPHEN.test(text) ? [fold, analysis.matching({ joinLineBreakHyphens: false })] : [fold];
    for (const f of folds) {
      const { starts, ends } = f;
      forEachNeedle(f.text, needles, (s, e, needle) => {
        // originalRange without an object per occurrence.
        const start = starts ? starts[s] : s;
        const end = ends ? ends[e - 1] : e;
        for (const k of owners.get(needle)!) add(extendOverInitials(text, start, initials[k]), end, people[k].label, 1);
      });
    }
    if (byInitials.size) {
      for (const h of findDottedInitials(folded)) {
        for (const k of byInitials.get(h.letters) ?? []) addFolded(fold, h.start, h.end, people[k].label);
      }
    }
  }

  for (const kv of knownValues) {
    let hits = kv.wordNeedle !== undefined ? findNeedles(folded, [kv.wordNeedle]) : findAll(folded, [kv.source!]);
    if (hits.length === 0 && kv.tolerant) hits = findTolerant(folded, kv.tolerant);
    for (const h of hits) addFolded(fold, h.start, h.end, kv.label);
  }

  if (renderings) forEachBirthDate(folded, renderings, (start, end) => addFolded(fold, start, end, "Age_Birthdate"));

  return orderedUnique(spans);
}

/**
 * The spans in text order, each (start, end, label) once: the first of equal spans is kept (the sort is stable),
 * found among the spans of the same range without a key string per span. Compacts `spans` in place (no second
 * array of every span) and returns it.
 */
export function orderedUnique(spans: DetectedSpan[]): DetectedSpan[] {
  let ordered = true;
  for (let i = 1; i < spans.length && ordered; i++) ordered = spans[i - 1].start < spans[i].start || (spans[i - 1].start === spans[i].start && spans[i - 1].end <= spans[i].end);
  if (!ordered) spans.sort((a, b) => a.start - b.start || a.end - b.end);
  let kept = 0;
  let group = 0;
  spanLoop: for (let j = 0; j < spans.length; j++) {
    const s = spans[j];
    const last = kept > 0 ? spans[kept - 1] : undefined;
    if (!last || last.start !== s.start || last.end !== s.end) group = kept;
    else for (let i = group; i < kept; i++) if (spans[i].label === s.label) continue spanLoop;
    spans[kept++] = s;
  }
  spans.length = kept;
  return spans;
}

export default definePlugin({
  meta: {
    id: "known-identifiers",
    version: "1.2.0",
    description: "Patient and caregiver names, known values and birth-date renderings taken from note metadata",
    labels: ["Name:Patient", "Name:Caregiver", "Age_Birthdate", "ID:Patient", "ID:Caregiver", "Contactdetails", "Address_Location:Patient"],
    configSchema,
    kind: "deterministic",
  },
  create(options) {
    return {
      detect: (document, ctx) => detectKnownIdentifiers(document, options, ctx?.analysis),
    };
  },
});
