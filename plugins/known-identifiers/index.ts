// Known identifiers from note metadata: patient and caregiver names, known values and birth-date renderings.
import { z } from "zod";
import type { DetectedSpan, Document, Label, Person } from "../../src/contract/index.js";
import { definePlugin } from "../../src/detectors/index.js";
import { birthDateRenderings, monthWords } from "./birthdate.js";
import { escapeRegExp, foldForMatching, foldNeedle as foldText, originalRange, type FoldedText } from "../../src/contract/fold.js";

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
 * by any run of whitespace or hyphens. Needles are indexed by their first word, so the text is walked word by word
 * with one hash lookup each; at each word the longest needle wins and the walk resumes after it.
 */
function findNeedles(folded: string, needles: readonly string[]): { start: number; end: number; needle: string }[] {
  const byFirstWord = new Map<string, string[][]>();
  for (const n of needles) {
    const parts = n.split(" ");
    const head = /^[\p{L}\p{N}]*/u.exec(parts[0])![0];
    const list = byFirstWord.get(head);
    if (list) list.push(parts);
    else byFirstWord.set(head, [parts]);
  }
  const out: { start: number; end: number; needle: string }[] = [];
  let i = 0;
  const n = folded.length;
  while (i < n) {
    if (!isWordCode(folded, i) || (i > 0 && isWordCode(folded, i - 1))) {
      i++;
      continue;
    }
    let j = i;
    while (j < n && isWordCode(folded, j)) j++;
    const candidates = byFirstWord.get(folded.slice(i, j));
    let best: { end: number; needle: string } | undefined;
    for (const parts of candidates ?? []) {
      const end = matchParts(folded, i, parts);
      if (end > 0 && (!best || end > best.end)) best = { end, needle: parts.join(" ") };
    }
    if (best) {
      out.push({ start: i, end: best.end, needle: best.needle });
      i = best.end;
    } else i = j;
  }
  return out;
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

/** Notes of one patient share metadata, so their patterns repeat: keep the last compiled ones. */
const REGEXP_CACHE = new Map<string, RegExp>();
const REGEXP_CACHE_SIZE = 512;

function cachedRegExp(source: string): RegExp {
  let re = REGEXP_CACHE.get(source);
  if (re) {
    re.lastIndex = 0;
    return re;
  }
  re = new RegExp(source, "g");
  if (REGEXP_CACHE.size >= REGEXP_CACHE_SIZE) REGEXP_CACHE.delete(REGEXP_CACHE.keys().next().value!);
  REGEXP_CACHE.set(source, re);
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

/** Separator-tolerant source for a known value: its alphanumerics with any run of space . / ( ) - between. */
function separatorTolerantSource(folded: string): string | undefined {
  const chars = [...folded].filter((c) => /[\p{L}\p{N}]/u.test(c));
  if (chars.length < 2) return undefined;
  return chars.map(escapeRegExp).join("[\\s./()\\-]*");
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

const BIRTH_DATE_CACHE = new Map<string, Set<string>>();

function birthDateSet(iso: string): Set<string> {
  let set = BIRTH_DATE_CACHE.get(iso);
  if (!set) {
    set = new Set(birthDateRenderings(iso).map((r) => foldText(r)));
    if (BIRTH_DATE_CACHE.size >= 1024) BIRTH_DATE_CACHE.delete(BIRTH_DATE_CACHE.keys().next().value!);
    BIRTH_DATE_CACHE.set(iso, set);
  }
  return set;
}

function findDateCandidates(folded: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  for (const m of folded.matchAll(DATE_CANDIDATE)) {
    const start = m.index!;
    const end = start + m[0].length;
    if (isWordChar(folded[start - 1]) || isWordChar(folded[end])) continue;
    out.push({ start, end });
  }
  return out;
}

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

export function detectKnownIdentifiers(document: Document, options: z.output<typeof configSchema>): DetectedSpan[] {
  const md = document.metadata;
  if (!md) return [];
  const text = document.text;
  // Matching runs on folded text (NFC/NFD, accents, case, invisible characters, look-alike letters, spaced letters,
  // line-break hyphenation); every hit is mapped back to exact offsets of the original text.
  const fold = foldForMatching(text);
  const folded = fold.text;
  const spans: DetectedSpan[] = [];
  const add = (start: number, end: number, label: Label, score: number) => spans.push({ start, end, label, score });
  const addFolded = (f: FoldedText, start: number, end: number, label: Label) => {
    const r = originalRange(f, start, end);
    add(r.start, r.end, label, 1);
  };

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
  if (owners.size) {
    const initials = people.map(({ person }) => initialsOf(person));
    const needles = [...owners.keys()];
    const folds = LINE_BREAK_HYPHEN.test(text) ? [fold, foldForMatching(text, { joinLineBreakHyphens: false })] : [fold];
    for (const f of folds) {
      for (const m of findNeedles(f.text, needles)) {
        const r = originalRange(f, m.start, m.end);
        for (const k of owners.get(m.needle)!) add(extendOverInitials(text, r.start, initials[k]), r.end, people[k].label, 1);
      }
    }
    if (options.initials) {
      const byInitials = new Map<string, number[]>();
      people.forEach(({ person }, k) => {
        for (const full of fullInitialsOf(person)) byInitials.set(full, [...(byInitials.get(full) ?? []), k]);
      });
      if (byInitials.size) {
        for (const h of findDottedInitials(folded)) {
          for (const k of byInitials.get(h.letters) ?? []) addFolded(fold, h.start, h.end, people[k].label);
        }
      }
    }
  }

  if (options.known_values) {
    for (const kv of md.known_values ?? []) {
      const fv = foldText(kv.value.trim());
      if (fv.replace(/[^\p{L}\p{N}]/gu, "").length < 2) continue;
      // Verbatim first (whitespace-flexible); values that start with a word character take the word index.
      let hits = isWordCode(fv, 0) ? findNeedles(folded, [fv.split(/\s+/).join(" ")]) : findAll(folded, [flexibleSource(fv, false)]);
      if (hits.length === 0) {
        const tolerant = separatorTolerantSource(fv);
        if (tolerant) hits = findAll(folded, [tolerant]);
      }
      for (const h of hits) addFolded(fold, h.start, h.end, kv.label);
    }
  }

  if (options.birth_date && md.patient?.birth_date) {
    const renderings = birthDateSet(md.patient.birth_date);
    for (const h of findDateCandidates(folded)) {
      const candidate = folded.slice(h.start, h.end).replace(/\s+/g, " ");
      if (renderings.has(candidate)) addFolded(fold, h.start, h.end, "Age_Birthdate");
    }
  }

  const seen = new Set<string>();
  return spans
    .filter((s) => {
      const k = `${s.start}:${s.end}:${s.label}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    })
    .sort((a, b) => a.start - b.start || a.end - b.end);
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
      id: "known-identifiers",
      detect: (document) => detectKnownIdentifiers(document, options),
    };
  },
});
