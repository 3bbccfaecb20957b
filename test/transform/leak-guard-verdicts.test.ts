// The leak guard was made cheaper in session twelve (a placeholder's replacement tested without a fold, needles of
// plain ASCII words without a fold or a cache, known values with separators found by a scan instead of a regex per
// value). It must find every leak the guard of the start of the session found, and no other: seeded leaks of every
// kind (missed spans, names written back, surrogates equal to their original or holding a known name, known values
// with other separators, identifiers and contact details left in the text, capitals, soft hyphens, decomposed
// accents) in random notes, and the old guard's verdicts (a frozen copy, with the frozen known-identifiers
// detection) compared with the new one's, leak by leak. Every text here is invented.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { foldNeedle, type Document, type Label, type Span, type TextAnalysis } from "../../src/contract/index.js";
import { findLeaks, isPlainAscii, needleOf, replaceSpans, tallyLeaks, type Leak, type LeakCounts, type TransformResult } from "../../src/transform/index.js";
import knownIdentifiers from "../../plugins/known-identifiers/index.js";
import patterns from "../../plugins/patterns/index.js";
import * as frozenKnown from "../support/known-identifiers-reference.js";
import { findLeaks as frozenFindLeaks } from "../support/leak-guard-reference.js";

const ctx = { baseDir: ".", language: "nl-BE", projectRoot: "." };
const known = await knownIdentifiers.create(knownIdentifiers.meta.configSchema.parse({}), ctx);
const pattern = await patterns.create(patterns.meta.configSchema.parse({ date_order: "day-first" }), ctx);
const frozenOptions = frozenKnown.configSchema.parse({});
const frozenKnownDetector = { detect: (d: Document, c: { analysis?: TextAnalysis }) => frozenKnown.detectKnownIdentifiers(d, frozenOptions, c.analysis) };
const signal = new AbortController().signal;

const GIVEN = ["Wout", "Marieke", "Noor", "Élodie", "Jan-Pieter", "Ine", "Sanne", "Bram"];
const FAMILY = ["Verhulst", "De Smedt", "Van Acker", "Lefèvre", "Çelik", "Ooms", "Bruggeman", "Vanderstraeten"];
const OTHER = ["Brandtmeier", "Kobus", "Oostwalle", "Zandhoven"];
const FILLER = [" kwam op controle. ", " Klachten stabiel.\n", "\nTel: ", "\nDossiernr: ", " e-mail: ", " volgens ", ", ", "\n\n", " door ", " bakker ", " | ", "\nGeb.datum: "];

type Fate = "placeholder" | "missed" | "written back" | "other surrogate" | "known surrogate";
const FATES: readonly Fate[] = ["placeholder", "placeholder", "placeholder", "placeholder", "missed", "written back", "other surrogate", "known surrogate"];

interface Piece {
  /** An index into the entity kinds below, or -1 for filler. */
  kind: number;
  pick: number;
  digits: string;
  fate: Fate;
}

const digitsArb = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 11, maxLength: 11 }).map((d) => d.join(""));
const pieceArb = fc.record({ kind: fc.integer({ min: -1, max: 11 }), pick: fc.nat(1000), digits: digitsArb, fate: fc.constantFrom(...FATES) });
const noteArb = fc.record({
  given: fc.constantFrom(...GIVEN),
  family: fc.constantFrom(...FAMILY),
  caregiver: fc.tuple(fc.constantFrom(...GIVEN), fc.constantFrom(...FAMILY)),
  value: digitsArb,
  birth: fc.tuple(fc.integer({ min: 1930, max: 2020 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 })),
  pieces: fc.array(pieceArb, { minLength: 1, maxLength: 24 }),
});

type Note = typeof noteArb extends fc.Arbitrary<infer T> ? T : never;

const two = (n: number) => String(n).padStart(2, "0");

/** The text and label of an entity of kind `k` in a note (null: filler). */
function entity(note: Note, p: Piece): { text: string; label: Label } | null {
  const [y, m, d] = note.birth;
  const [cg, cf] = note.caregiver;
  const v = note.value;
  switch (p.kind) {
    case 0:
      return { text: `${note.given} ${note.family}`, label: "Name:Patient" };
    case 1:
      return { text: p.pick % 2 ? note.family.toUpperCase() : note.family, label: "Name:Patient" };
    case 2:
      return { text: p.pick % 3 === 0 ? `Dr. ${cg} ${cf}` : `${cf} ${cg[0]}.`, label: "Name:Caregiver" };
    case 3:
      // The known value as written in the metadata, or with other separators.
      return { text: p.pick % 2 ? v : `${v.slice(0, 6)}-${v.slice(6, 9)}.${v.slice(9)}`, label: "ID:Patient" };
    case 4:
      return { text: p.pick % 2 ? `${two(d)}/${two(m)}/${y}` : `${d}-${m}-${y}`, label: "Age_Birthdate" };
    case 5:
      return { text: `04${p.digits.slice(0, 2)} ${p.digits.slice(2, 4)} ${p.digits.slice(4, 6)} ${p.digits.slice(6, 8)}`, label: "Contactdetails" };
    case 6:
      return { text: `${note.given.toLowerCase().replace(/[^a-z]/g, "")}.${p.digits.slice(0, 3)}@zkh-test.be`, label: "Contactdetails" };
    case 7:
      return { text: OTHER[p.pick % OTHER.length], label: "Name:Other" };
    case 8:
      // A soft hyphen inside the family name, or its accents decomposed.
      return { text: p.pick % 2 ? note.family.slice(0, 3) + "\u00ad" + note.family.slice(3) : note.family.normalize("NFD"), label: "Name:Patient" };
    case 9:
      return { text: `${two(d)}.${two(m)}.${y}`, label: "Date" };
    case 10:
      return { text: `BE${p.digits.slice(0, 2)} ${p.digits.slice(2, 6)} ${p.digits.slice(6, 10)} ${p.digits.slice(0, 4)}`, label: "ID:Patient" };
    case 11:
      return { text: `${note.given} ${note.family}`.split("").join(p.pick % 2 ? " " : ""), label: "Name:Patient" };
    default:
      return null;
  }
}

/** A note, the spans a detector run would have given, and a (faulty) transform's result: each span meets its fate. */
function build(note: Note): { document: Document; result: TransformResult } {
  let text = "";
  const spans: (Span & { fate: Fate })[] = [];
  for (const p of note.pieces) {
    const e = entity(note, p);
    if (!e) {
      text += FILLER[p.pick % FILLER.length];
      continue;
    }
    const start = text.length;
    text += e.text;
    if (p.fate !== "missed") spans.push({ start, end: text.length, label: e.label, fate: p.fate });
    text += FILLER[p.pick % FILLER.length];
  }
  const document: Document = {
    document_id: "v",
    text,
    metadata: {
      lang: "nl-BE",
      patient: { given_name: note.given, family_name: note.family, birth_date: `${note.birth[0]}-${two(note.birth[1])}-${two(note.birth[2])}` },
      caregivers: [{ given_name: note.caregiver[0], family_name: note.caregiver[1] }],
      known_values: [{ value: note.value, label: "ID:Patient" }],
    },
  };
  const r = replaceSpans(text, spans, (s) => {
    const fate = (s as (typeof spans)[number]).fate;
    if (fate === "written back") return text.slice(s.start, s.end);
    if (fate === "other surrogate") return OTHER[(s.start + s.end) % OTHER.length];
    if (fate === "known surrogate") return `${note.family} ${note.given}`;
    return `[${s.label}]`;
  });
  return { document, result: { ...r, spans: r.spans.map(({ start, end, label, replacement }) => ({ start, end, label, replacement })), warnings: [] } };
}

const guardOptions = { signal, documentIndex: 0 };
const newGuard = (d: Document, r: TransformResult) => findLeaks(d, r, { ...guardOptions, knownIdentifierDetectors: [known], patternDetectors: [pattern] });
const oldGuard = (d: Document, r: TransformResult) => frozenFindLeaks(d, r, { ...guardOptions, knownIdentifierDetectors: [frozenKnownDetector], patternDetectors: [pattern] });

describe("leak guard: the same verdicts as the guard of the start of session twelve", () => {
  it("finds exactly the leaks the old guard finds in random notes with seeded leaks of every kind", async () => {
    const seen: LeakCounts = { knownIdentifiers: 0, patterns: 0, originalText: 0, unchangedSurrogates: 0 };
    let clean = 0;
    await fc.assert(
      fc.asyncProperty(noteArb, async (note) => {
        const { document, result } = build(note);
        const fresh: Leak[] = await newGuard({ ...document }, result);
        const old: Leak[] = await oldGuard({ ...document }, result);
        expect(fresh).toEqual(old);
        const t = tallyLeaks(fresh);
        for (const k of Object.keys(t) as (keyof LeakCounts)[]) seen[k] += t[k];
        if (fresh.length === 0) clean++;
      }),
      { numRuns: 600 },
    );
    // The seeded faults reach every kind of leak, and some notes pass.
    for (const k of Object.keys(seen) as (keyof LeakCounts)[]) expect(seen[k], k).toBeGreaterThan(0);
    expect(clean).toBeGreaterThan(0);
  });

  it("finds a known value left with other separators, as the old guard does", async () => {
    const note: Note = {
      given: "Noor",
      family: "Ooms",
      caregiver: ["Bram", "Verhulst"],
      value: "12345678901",
      birth: [1970, 5, 6],
      pieces: [
        { kind: 0, pick: 0, digits: "00000000000", fate: "placeholder" },
        { kind: 3, pick: 0, digits: "00000000000", fate: "missed" },
      ],
    };
    const { document, result } = build(note);
    const fresh = await newGuard(document, result);
    expect(fresh.map((l) => [l.kind, l.label])).toContainEqual(["knownIdentifiers", "ID:Patient"]);
    expect(fresh).toEqual(await oldGuard(document, result));
  });
});

describe("leak guard: needles of plain ASCII originals", () => {
  const plainWord = fc.stringMatching(/^[A-Za-z0-9]{2,9}$/);
  const separator = fc.constantFrom(" ", "  ", "/", ".", "-", ", ", " - ", ":", "'");
  it("folds names, dates and numbers of printable ASCII as foldNeedle does", () => {
    fc.assert(
      fc.property(plainWord, fc.array(fc.tuple(separator, plainWord), { maxLength: 4 }), (first, rest) => {
        const s = first + rest.map(([sep, w]) => sep + w).join("");
        expect(isPlainAscii(s)).toBe(true);
        for (const keepCase of [true, false]) expect(needleOf(s, keepCase)).toBe(foldNeedle(s, { keepCase }).replace(/ +/g, " ").trim());
      }),
      { numRuns: 3000 },
    );
  });

  it("takes printable ASCII without a backtick or a single-letter word, and folds every text as foldNeedle does", () => {
    const unit = fc.constantFrom("a", "Z", "q", "7", " ", "  ", "-", "'", ".", "/", "`", "\n", "\t", "’", "é", "\u00ad", "Ａ", "е", "~");
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 12 }), (units) => {
        const s = units.join("");
        expect(isPlainAscii(s)).toBe(/^[\x20-\x5f\x61-\x7e]*$/.test(s) && !/(?<![A-Za-z0-9])[A-Za-z](?![A-Za-z0-9])/.test(s));
        for (const keepCase of [true, false]) expect(needleOf(s, keepCase)).toBe(foldNeedle(s, { keepCase }).replace(/ +/g, " ").trim());
      }),
      { numRuns: 5000 },
    );
  });
});
