// The perturbation dimensions: each turns one gold document into edits (src/eval/perturb/edits.ts), one factor at a
// time, driven by a seeded PRNG. Gold spans follow their text exactly; what a dimension changes is listed in
// docs/perturbation.md.
import { categoryOf, daysInMonth, type Document, type DocumentMetadata, type Person, type Span } from "../../contract/index.js";
import { MONTHS, NAME_CONNECTORS, NAME_TITLES, type WordLanguage } from "../../contract/index.js";
import type { Xoshiro128StarStar } from "../prng.js";
import type { TextEdit } from "./edits.js";
import { NAME_ORIGINS } from "./names.js";

export const PERTURB_DIMENSIONS = ["names", "formats", "casing", "layout", "typos", "context"] as const;
export type PerturbDimension = (typeof PERTURB_DIMENSIONS)[number];

export interface DimensionInput {
  doc: Document;
  rng: Xoshiro128StarStar;
  language: WordLanguage;
}

export interface DimensionOutput {
  edits: TextEdit[];
  /** Metadata that follows the text (renamed patient and caregivers); undefined: unchanged. */
  metadata?: DocumentMetadata;
}

const chance = (rng: Xoshiro128StarStar, p: number) => rng.nextDouble() < p;
const pick = <T>(rng: Xoshiro128StarStar, xs: readonly T[]): T => xs[rng.nextBelow(xs.length)];

function sortedSpans(doc: Document): Span[] {
  return [...(doc.spans ?? [])].sort((a, b) => a.start - b.start || a.end - b.end);
}

/** Offsets [start, end) of the text outside every gold span. */
function outsideRanges(doc: Document): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  let at = 0;
  for (const s of sortedSpans(doc)) {
    if (s.start > at) out.push({ start: at, end: s.start });
    at = Math.max(at, s.end);
  }
  if (at < doc.text.length) out.push({ start: at, end: doc.text.length });
  return out;
}

/** The pieces of a span an edit may touch: its sub-annotations, or the span itself when it has none. */
function pieces(s: Span): { start: number; end: number; category: string | null }[] {
  return s.subannotations?.length ? s.subannotations.map((x) => ({ start: x.start, end: x.end, category: x.category })) : [{ start: s.start, end: s.end, category: null }];
}

function matchCase(model: string, word: string): string {
  if (model.length > 1 && model === model.toUpperCase() && model !== model.toLowerCase()) return word.toUpperCase();
  if (model === model.toLowerCase() && model !== model.toUpperCase()) return word.toLowerCase();
  return word;
}

// ---------------------------------------------------------------- names

const NAME_STOP = new Set([...Object.values(NAME_TITLES).flat(), ...NAME_CONNECTORS].map((w) => w.toLowerCase()));
const NAME_WORD = /\p{L}[\p{L}\p{M}]*/gu;

class NameMap {
  private readonly map = new Map<string, string>();
  constructor(private readonly rng: Xoshiro128StarStar) {}

  /** The same original word of a kind becomes the same replacement, from another origin and another length. */
  replace(word: string, kind: "given" | "family"): string {
    const key = `${kind}\0${word.toLowerCase()}`;
    let r = this.map.get(key);
    if (r === undefined) {
      for (let tries = 0; tries < 8; tries++) {
        const origin = pick(this.rng, NAME_ORIGINS);
        r = pick(this.rng, kind === "given" ? origin.given : origin.family);
        if (r.toLowerCase() !== word.toLowerCase() && r.length !== word.length) break;
      }
      this.map.set(key, r!);
    }
    return matchCase(word, r!);
  }
}

function renameWords(text: string, from: number, to: number, kind: "given" | "family", names: NameMap, edits: TextEdit[]): void {
  for (const m of text.slice(from, to).matchAll(NAME_WORD)) {
    if (m[0].length < 2 || NAME_STOP.has(m[0].toLowerCase().replace(/\.$/, ""))) continue;
    edits.push({ start: from + m.index, end: from + m.index + m[0].length, text: names.replace(m[0], kind) });
  }
}

function renamePerson(p: Person | null | undefined, names: NameMap): Person | null | undefined {
  if (!p) return p;
  const map = (v: string | null | undefined, kind: "given" | "family") => (typeof v === "string" ? v.replace(NAME_WORD, (w) => (w.length < 2 || NAME_STOP.has(w.toLowerCase()) ? w : names.replace(w, kind))) : v);
  return { ...p, given_name: map(p.given_name, "given"), family_name: map(p.family_name, "family") };
}

export function perturbNames({ doc, rng }: DimensionInput): DimensionOutput {
  const names = new NameMap(rng);
  const edits: TextEdit[] = [];
  for (const s of sortedSpans(doc)) {
    if (categoryOf(s.label) !== "Name") continue;
    if (s.subannotations?.length) {
      for (const x of s.subannotations) {
        if (x.category === "given" || x.category === "family") renameWords(doc.text, x.start, x.end, x.category, names, edits);
        else if (x.category === "initials") {
          const t = doc.text.slice(x.start, x.end);
          t.replace(/\p{Lu}/gu, (c, k: number) => {
            const initial = names.replace(`${c}.`, "given")[0].toUpperCase();
            edits.push({ start: x.start + k, end: x.start + k + c.length, text: initial.length === c.length ? initial : c });
            return c;
          });
        }
      }
    } else {
      const words = [...doc.text.slice(s.start, s.end).matchAll(NAME_WORD)].filter((m) => m[0].length >= 2 && !NAME_STOP.has(m[0].toLowerCase()));
      words.forEach((m, k) => {
        const kind = words.length > 1 && k < words.length - 1 ? "given" : "family";
        edits.push({ start: s.start + m.index, end: s.start + m.index + m[0].length, text: names.replace(m[0], kind) });
      });
    }
  }
  if (edits.length === 0) return { edits };
  const md = doc.metadata;
  const metadata = md ? { ...md, patient: renamePerson(md.patient, names) ?? md.patient, caregivers: md.caregivers?.map((c) => renamePerson(c, names)!) ?? md.caregivers } : undefined;
  return { edits, metadata };
}

// ---------------------------------------------------------------- formats (dates and numbers)

interface ParsedDate {
  day: number;
  month: number;
  year: number;
}

function monthFromWord(word: string, language: WordLanguage): number | undefined {
  const w = word.toLowerCase().replace(/\.$/, "");
  for (const lang of [language, ...(["nl", "fr", "en"] as const).filter((l) => l !== language)]) {
    const m = MONTHS[lang];
    for (let i = 0; i < 12; i++) if (m.full[i] === w || m.abbr[i] === w || m.variants[i].includes(w)) return i + 1;
  }
  return undefined;
}

function fullYear(y: string): number {
  const n = Number(y);
  return y.length === 2 ? (n >= 50 ? 1900 + n : 2000 + n) : n;
}

export function parseDate(text: string, language: WordLanguage): ParsedDate | undefined {
  let m = /^(\d{1,2})([-./ ])(\d{1,2})\2(\d{4}|\d{2})$/.exec(text);
  if (m) return valid({ day: Number(m[1]), month: Number(m[3]), year: fullYear(m[4]) });
  m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (m) return valid({ day: Number(m[3]), month: Number(m[2]), year: Number(m[1]) });
  m = /^(\d{1,2})\s+(\p{L}+\.?)\s+(\d{4})$/u.exec(text);
  if (m) {
    const month = monthFromWord(m[2], language);
    if (month) return valid({ day: Number(m[1]), month, year: Number(m[3]) });
  }
  return undefined;
}

function valid(d: ParsedDate): ParsedDate | undefined {
  const inRange = d.year >= 1000 && d.year <= 2999 && d.month >= 1 && d.month <= 12;
  return inRange && d.day >= 1 && d.day <= daysInMonth(d.year, d.month) ? d : undefined;
}

type Part = [text: string, category: string];
const pad2 = (n: number) => String(n).padStart(2, "0");

/** Date renderings: each a list of (text, sub-annotation category) parts. */
export const DATE_FORMATS: readonly { id: string; render: (d: ParsedDate, lang: WordLanguage) => Part[] }[] = [
  { id: "dd/mm/yyyy", render: (d) => [[pad2(d.day), "day"], ["/", "formatting"], [pad2(d.month), "month"], ["/", "formatting"], [String(d.year), "year"]] },
  { id: "d-m-yy", render: (d) => [[String(d.day), "day"], ["-", "formatting"], [String(d.month), "month"], ["-", "formatting"], [pad2(d.year % 100), "year"]] },
  { id: "dd.mm.yyyy", render: (d) => [[pad2(d.day), "day"], [".", "formatting"], [pad2(d.month), "month"], [".", "formatting"], [String(d.year), "year"]] },
  { id: "yyyy-mm-dd", render: (d) => [[String(d.year), "year"], ["-", "formatting"], [pad2(d.month), "month"], ["-", "formatting"], [pad2(d.day), "day"]] },
  { id: "d month yyyy", render: (d, l) => [[String(d.day), "day"], [" ", "formatting"], [MONTHS[l].full[d.month - 1], "month"], [" ", "formatting"], [String(d.year), "year"]] },
  { id: "d mon. yyyy", render: (d, l) => [[String(d.day), "day"], [" ", "formatting"], [`${MONTHS[l].abbr[d.month - 1]}.`, "month"], [" ", "formatting"], [String(d.year), "year"]] },
];

function partsEdit(s: Span, parts: Part[]): TextEdit {
  const text = parts.map((p) => p[0]).join("");
  const edit: TextEdit = { start: s.start, end: s.end, text };
  if (s.subannotations?.length) {
    let at = 0;
    edit.subannotations = parts.map(([t, category]) => ({ start: at, end: (at += t.length), category }));
  }
  return edit;
}

/** A digit identifier regrouped: digits kept, separators changed (compact, pairs, threes, dots). */
const NUMBER_GROUPINGS: readonly { id: string; group: number; sep: string }[] = [
  { id: "compact", group: 0, sep: "" },
  { id: "threes", group: 3, sep: " " },
  { id: "pairs", group: 2, sep: " " },
  { id: "dots", group: 3, sep: "." },
  { id: "dashes", group: 4, sep: "-" },
];

export function perturbFormats({ doc, rng, language }: DimensionInput): DimensionOutput {
  const edits: TextEdit[] = [];
  for (const s of sortedSpans(doc)) {
    const text = doc.text.slice(s.start, s.end);
    const cat = categoryOf(s.label);
    if (cat === "Date") {
      const d = parseDate(text, language);
      if (!d) continue;
      const options = DATE_FORMATS.map((f) => f.render(d, language)).filter((parts) => parts.map((p) => p[0]).join("") !== text);
      edits.push(partsEdit(s, pick(rng, options)));
    } else if ((cat === "ID" || cat === "Contactdetails") && /^\+?[\d][\d .\-/]*\d$/.test(text)) {
      const digits = text.replace(/\D/g, "");
      if (digits.length < 6) continue;
      const main = s.subannotations?.find((x) => x.category !== "formatting")?.category ?? "id_identifier";
      const options = NUMBER_GROUPINGS.map((g) => {
        const parts: Part[] = [];
        if (text.startsWith("+")) parts.push(["+", "formatting"]);
        const size = g.group || digits.length;
        for (let i = 0; i < digits.length; i += size) {
          if (i > 0) parts.push([g.sep, "formatting"]);
          parts.push([digits.slice(i, i + size), main]);
        }
        return parts.filter((p) => p[0].length > 0);
      }).filter((parts) => parts.map((p) => p[0]).join("") !== text);
      // Sub-annotations must stay a partition: merge neighbours of the same category.
      const parts = pick(rng, options).reduce<Part[]>((acc, p) => {
        const last = acc[acc.length - 1];
        if (last && last[1] === p[1]) last[0] += p[0];
        else acc.push([p[0], p[1]]);
        return acc;
      }, []);
      edits.push(partsEdit(s, parts));
    }
  }
  return { edits };
}

// ---------------------------------------------------------------- casing

function recase(text: string, upper: boolean): string {
  let out = "";
  for (const ch of text) {
    const c = upper ? ch.toUpperCase() : ch.toLowerCase();
    out += c.length === ch.length ? c : ch;
  }
  return out;
}

/** Every gold span in upper or in lower case (chosen per span), one edit per sub-annotation. */
export function perturbCasing({ doc, rng }: DimensionInput): DimensionOutput {
  const edits: TextEdit[] = [];
  for (const s of sortedSpans(doc)) {
    const upper = chance(rng, 0.5);
    for (const p of pieces(s)) {
      const t = doc.text.slice(p.start, p.end);
      const c = recase(t, upper);
      if (c !== t) edits.push({ start: p.start, end: p.end, text: c });
    }
  }
  return { edits };
}

// ---------------------------------------------------------------- layout

/** Whitespace outside spans doubled, turned into tabs or line breaks; line breaks doubled or joined; spaces inside spans sometimes doubled or broken. */
export function perturbLayout({ doc, rng }: DimensionInput): DimensionOutput {
  const edits: TextEdit[] = [];
  for (const r of outsideRanges(doc)) {
    for (const m of doc.text.slice(r.start, r.end).matchAll(/[ \t]+|\r?\n/g)) {
      const start = r.start + m.index;
      const end = start + m[0].length;
      if (!chance(rng, 0.35)) continue;
      const ws = m[0].includes("\n") ? pick(rng, ["\n\n", " ", "  \n", "\n \n"]) : pick(rng, ["  ", "\t", "\n", "   "]);
      if (ws !== m[0]) edits.push({ start, end, text: ws });
    }
  }
  for (const s of sortedSpans(doc)) {
    for (const p of pieces(s)) {
      if (p.category !== null && p.category !== "formatting") continue;
      for (const m of doc.text.slice(p.start, p.end).matchAll(/ /g)) {
        const at = p.start + m.index;
        if (at === s.start || at + 1 === s.end || !chance(rng, 0.25)) continue;
        edits.push({ start: at, end: at + 1, text: pick(rng, ["  ", "\n"]) });
      }
    }
  }
  return { edits };
}

// ---------------------------------------------------------------- typos and OCR noise

const KEYBOARD_ROWS = ["qwertyuiop", "asdfghjkl", "zxcvbnm"];
const NEIGHBOURS = new Map<string, string>();
for (const row of KEYBOARD_ROWS) for (let i = 0; i < row.length; i++) NEIGHBOURS.set(row[i], (row[i - 1] ?? "") + (row[i + 1] ?? ""));
const OCR: readonly [string, string][] = [
  ["o", "0"], ["O", "0"], ["0", "O"], ["l", "1"], ["1", "l"], ["I", "l"], ["e", "c"], ["rn", "m"], ["m", "rn"], ["5", "S"], ["S", "5"], ["é", "e"], ["è", "e"], ["8", "B"],
];

/** One typo or OCR confusion inside `word` (positions relative to it), or undefined when none fits. */
function typoIn(word: string, rng: Xoshiro128StarStar, minLength: number): { at: number; length: number; text: string } | undefined {
  const ocr = OCR.flatMap(([from, to]) => {
    const out: { at: number; length: number; text: string }[] = [];
    for (let i = word.indexOf(from); i >= 0; i = word.indexOf(from, i + 1)) out.push({ at: i, length: from.length, text: to });
    return out;
  });
  const kind = rng.nextBelow(5);
  const letters = [...word.matchAll(/\p{L}/gu)].map((m) => m.index).filter((i) => word.charCodeAt(i) < 0xd800 || word.charCodeAt(i) > 0xdfff);
  if (letters.length === 0) return ocr.length ? pick(rng, ocr) : undefined;
  const i = pick(rng, letters);
  const ch = word[i];
  switch (kind) {
    case 0: {
      const n = NEIGHBOURS.get(ch.toLowerCase());
      if (!n) return ocr.length ? pick(rng, ocr) : undefined;
      const r = n[rng.nextBelow(n.length)];
      return { at: i, length: 1, text: ch === ch.toUpperCase() ? r.toUpperCase() : r };
    }
    case 1:
      return word.length > minLength ? { at: i, length: 1, text: "" } : { at: i, length: 1, text: ch + ch };
    case 2:
      return { at: i, length: 1, text: ch + ch };
    case 3:
      return i + 1 < word.length && /\p{L}/u.test(word[i + 1]) && word[i + 1] !== ch ? { at: i, length: 2, text: word[i + 1] + ch } : { at: i, length: 1, text: ch + ch };
    default:
      return ocr.length ? pick(rng, ocr) : { at: i, length: 1, text: ch + ch };
  }
}

/**
 * Typos and OCR confusions in the context (words of 4+ letters, 8% of them) and in gold spans (30% of distinct span
 * texts): every occurrence of one span text gets the same error, so the gold stays consistent; note metadata keeps
 * the correct spelling, as a record would.
 */
export function perturbTypos({ doc, rng }: DimensionInput): DimensionOutput {
  const edits: TextEdit[] = [];
  for (const r of outsideRanges(doc)) {
    for (const m of doc.text.slice(r.start, r.end).matchAll(/\p{L}{4,}/gu)) {
      if (!chance(rng, 0.08)) continue;
      const t = typoIn(m[0], rng, 3);
      if (t) edits.push({ start: r.start + m.index + t.at, end: r.start + m.index + t.at + t.length, text: t.text });
    }
  }
  const decided = new Map<string, { piece: number; at: number; length: number; text: string } | null>();
  for (const s of sortedSpans(doc)) {
    const ps = pieces(s);
    const key = `${doc.text.slice(s.start, s.end)}\0${ps.map((p) => `${p.start - s.start}:${p.end - s.start}:${p.category}`).join(",")}`;
    let d = decided.get(key);
    if (d === undefined) {
      d = null;
      const candidates = ps.map((p, k) => ({ p, k })).filter(({ p }) => p.category !== "formatting" && p.end - p.start >= 2);
      if (candidates.length && chance(rng, 0.3)) {
        const { p, k } = pick(rng, candidates);
        const t = typoIn(doc.text.slice(p.start, p.end), rng, 2);
        if (t && !(t.text === "" && p.end - p.start - t.length < 1)) d = { piece: k, ...t };
      }
      decided.set(key, d);
    }
    if (d) {
      const p = ps[d.piece];
      edits.push({ start: p.start + d.at, end: p.start + d.at + d.length, text: d.text });
    }
  }
  return { edits };
}

// ---------------------------------------------------------------- context removal and insertion

/** Neutral clinical sentences without identifiers, per language, for context insertion. */
export const FILLER: Record<WordLanguage, readonly string[]> = {
  nl: [
    "Patiënt voelt zich vandaag iets beter.",
    "Geen nieuwe klachten gemeld.",
    "Vitale parameters binnen de normale grenzen.",
    "Verdere opvolging zoals afgesproken.",
    "Medicatie ongewijzigd verdergezet.",
    "Wondzorg verloopt vlot, geen tekenen van infectie.",
  ],
  fr: [
    "Le patient se sent un peu mieux aujourd'hui.",
    "Pas de nouvelle plainte.",
    "Paramètres vitaux dans les limites de la normale.",
    "Suivi comme convenu.",
    "Traitement poursuivi sans modification.",
  ],
  en: [
    "The patient feels somewhat better today.",
    "No new complaints reported.",
    "Vital signs within normal limits.",
    "Follow-up as agreed.",
    "Medication continued unchanged.",
  ],
};

/** Lines without a gold span removed (30%), and neutral sentences inserted before lines (30%). */
export function perturbContext({ doc, rng, language }: DimensionInput): DimensionOutput {
  const edits: TextEdit[] = [];
  const spans = sortedSpans(doc);
  const text = doc.text;
  let lineStart = 0;
  while (lineStart <= text.length) {
    let lineEnd = text.indexOf("\n", lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    const hasSpan = spans.some((s) => s.start < lineEnd + 1 && s.end > lineStart);
    const roll = rng.nextDouble();
    if (!hasSpan && lineEnd > lineStart && lineEnd < text.length && roll < 0.3) {
      edits.push({ start: lineStart, end: lineEnd + 1, text: "" });
    } else if (roll >= 0.7 && !spans.some((s) => s.start < lineStart && lineStart < s.end)) {
      edits.push({ start: lineStart, end: lineStart, text: `${pick(rng, FILLER[language])}\n` });
    }
    if (lineEnd >= text.length) break;
    lineStart = lineEnd + 1;
  }
  return { edits };
}

export const DIMENSIONS: Readonly<Record<PerturbDimension, (input: DimensionInput) => DimensionOutput>> = {
  names: perturbNames,
  formats: perturbFormats,
  casing: perturbCasing,
  layout: perturbLayout,
  typos: perturbTypos,
  context: perturbContext,
};
