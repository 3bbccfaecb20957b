// Known identifiers from note metadata: patient and caregiver names, known values and birth-date renderings.
import { z } from "zod";
import type { DetectedSpan, Document, Label, Person } from "../../src/contract/index.js";
import { definePlugin } from "../../src/detectors/index.js";
import { birthDateRenderings, monthWords } from "./birthdate.js";
import { escapeRegExp, foldText } from "./fold.js";

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

/** Extends a name match left over initials of the person's given names ("J. P. Peeters"). */
function extendOverInitials(text: string, folded: string, start: number, initials: Set<string>): number {
  const before = text.slice(Math.max(0, start - 12), start);
  const m = /((?:\p{Lu}\.?[ \-]?){1,3})\s*$/u.exec(before);
  if (!m || m[1].trim() === "") return start;
  const letters = m[1].replace(/[^\p{L}]/gu, "");
  if (![...letters].every((c) => initials.has(foldText(c)))) return start;
  const newStart = start - m[0].length;
  // Initials must start a word.
  if (newStart > 0 && /[\p{L}\p{N}]/u.test(folded[newStart - 1])) return start;
  return newStart;
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
  })
  .strict();

export function detectKnownIdentifiers(document: Document, options: z.output<typeof configSchema>): DetectedSpan[] {
  const md = document.metadata;
  if (!md) return [];
  const text = document.text;
  const folded = foldText(text);
  const spans: DetectedSpan[] = [];
  const add = (start: number, end: number, label: Label, score: number) => spans.push({ start, end, label, score });

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
    const sources = [...owners.keys()].map((n) => flexibleSource(n, true));
    for (const m of findAll(folded, sources)) {
      for (const k of owners.get(normaliseNeedle(folded.slice(m.start, m.end))) ?? []) {
        add(extendOverInitials(text, folded, m.start, initials[k]), m.end, people[k].label, 1);
      }
    }
  }

  if (options.known_values) {
    for (const kv of md.known_values ?? []) {
      const fv = foldText(kv.value.trim());
      if (fv.replace(/[^\p{L}\p{N}]/gu, "").length < 2) continue;
      let hits = findAll(folded, [flexibleSource(fv, false)]);
      if (hits.length === 0) {
        const tolerant = separatorTolerantSource(fv);
        if (tolerant) hits = findAll(folded, [tolerant]);
      }
      for (const h of hits) add(h.start, h.end, kv.label, 1);
    }
  }

  if (options.birth_date && md.patient?.birth_date) {
    const renderings = new Set(birthDateRenderings(md.patient.birth_date).map((r) => foldText(r)));
    for (const h of findDateCandidates(folded)) {
      const candidate = folded.slice(h.start, h.end).replace(/\s+/g, " ");
      if (renderings.has(candidate)) add(h.start, h.end, "Age_Birthdate", 1);
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
    version: "1.0.0",
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
