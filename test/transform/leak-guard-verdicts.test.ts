// What the leak guard promises (src/transform/leak-guard.ts, policy at its top), stated as properties on random
// notes with seeded leaks, not as agreement with a copy of older code. A faulty transform leaves every kind of leak
// the guard handles: spans missed whose text is a known identifier (metadata names, the known value also with other
// separators, the birth date; in capitals, with a soft hyphen, with decomposed accents, spaced out), an identifier
// or contact detail the pattern detector finds, the original text of a replaced span left elsewhere, surrogates
// equal to their original and surrogates holding the patient's name. Every seeded leak is found, at its offsets in
// the released output, with its kind; nothing outside the seeded leaks is a verdict (a written-back date, a
// surrogate of another name, a trade word spelled like a replaced name, a missed name nobody knows); a note without
// one passes. Every text here is invented.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  belgianAccountCheck,
  foldNeedle,
  ibanCheckDigits,
  type Document,
  type Label,
  type Span,
} from "../../src/contract/index.js";
import {
  findLeaks,
  isPlainAscii,
  needleOf,
  replaceSpans,
  type Leak,
  type LeakKind,
  type TransformResult,
} from "../../src/transform/index.js";
import knownIdentifiers from "../../plugins/known-identifiers/index.js";
import patterns from "../../plugins/patterns/index.js";

const ctx = { baseDir: ".", language: "nl-BE", projectRoot: "." };
const known = await knownIdentifiers.create(knownIdentifiers.meta.configSchema.parse({}), ctx);
const pattern = await patterns.create(patterns.meta.configSchema.parse({ date_order: "day-first" }), ctx);
const signal = new AbortController().signal;

const GIVEN = ["Wobke", "Lieveke", "Tjitse", "Élodine", "Jo-Wiebke", "Oda", "Gijsje", "Tammo"];
const FAMILY = [
  "Vermalsbeek",
  "De Kruyfhoven",
  "Van Aerlebeke",
  "Lefrênoux",
  "Çetinöz",
  "Ommelaers",
  "Bruggevoorde",
  "Vanderstappelen",
];
/** Names nobody in the metadata has; the last is also a trade word, written in lower case in the filler. */
const OTHER = ["Brandtmeier", "Kobus", "Oostwalle", "Klompmaker"];
const FILLER = [
  " kwam op controle. ",
  " Klachten stabiel.\n",
  "\nTel: ",
  "\nDossiernr: ",
  " mailadres: ",
  " volgens ",
  ", ",
  "\n\n",
  " door ",
  " klompmaker ",
  " | ",
  "\nGeb.datum: ",
];

type Fate = "placeholder" | "missed" | "written back" | "other surrogate" | "known surrogate";
const FATES: readonly Fate[] = [
  "placeholder",
  "placeholder",
  "placeholder",
  "placeholder",
  "missed",
  "written back",
  "other surrogate",
  "known surrogate",
];

interface Piece {
  /** An index into the entity kinds below, or -1 for filler. */
  kind: number;
  pick: number;
  digits: string;
  fate: Fate;
}

const digitsArb = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 11, maxLength: 11 }).map((d) => d.join(""));
const pieceArb = fc.record({
  kind: fc.integer({ min: -1, max: 11 }),
  pick: fc.nat(1_000),
  digits: digitsArb,
  fate: fc.constantFrom(...FATES),
});
const noteArb = fc.record({
  given: fc.constantFrom(...GIVEN),
  family: fc.constantFrom(...FAMILY),
  caregiver: fc.tuple(fc.constantFrom(...GIVEN), fc.constantFrom(...FAMILY)),
  value: digitsArb,
  birth: fc.tuple(
    fc.integer({ min: 1930, max: 2020 }),
    fc.integer({ min: 1, max: 12 }),
    fc.integer({ min: 1, max: 28 }),
  ),
  pieces: fc.array(pieceArb, { minLength: 1, maxLength: 24 }),
});

type Note = typeof noteArb extends fc.Arbitrary<infer T> ? T : never;

const two = (n: number) => String(n).padStart(2, "0");

/** How a missed entity is a leak the guard knows of: it is a metadata value, or a pattern finds it, or neither. */
type Source = "known" | "pattern" | "unknown";

/** The text, label and source of an entity of kind `k` in a note (null: filler); `lead` and `trail`: units of a title before the name or an initial
 * after it, which need not be found (neither identifies the person alone). */
function entity(
  note: Note,
  p: Piece,
): { text: string; label: Label; source: Source; lead?: number; trail?: number } | null {
  const [y, m, d] = note.birth;
  const [cg, cf] = note.caregiver;
  const v = note.value;
  switch (p.kind) {
    case 0:
      return { text: `${note.given} ${note.family}`, label: "Name:Patient", source: "known" };
    case 1:
      return { text: p.pick % 2 ? note.family.toUpperCase() : note.family, label: "Name:Patient", source: "known" };
    case 2:
      return p.pick % 3 === 0
        ? { text: `Dr. ${cg} ${cf}`, label: "Name:Caregiver", source: "known", lead: 4 }
        : { text: `${cf} ${cg[0]}.`, label: "Name:Caregiver", source: "known", trail: 3 };
    case 3:
      // The known value as written in the metadata, or with other separators.
      return {
        text: p.pick % 2 ? v : `${v.slice(0, 6)}-${v.slice(6, 9)}.${v.slice(9)}`,
        label: "ID:Patient",
        source: "known",
      };
    case 4:
      return {
        text: p.pick % 2 ? `${two(d)}/${two(m)}/${y}` : `${d}-${m}-${y}`,
        label: "Age_Birthdate",
        source: "known",
      };
    case 5:
      return {
        text: `047${p.digits[0]} ${p.digits.slice(1, 3)} ${p.digits.slice(3, 5)} ${p.digits.slice(5, 7)}`,
        label: "Contactdetails",
        source: "pattern",
      };
    case 6:
      return {
        text: `${note.given.toLowerCase().replace(/[^a-z]/g, "")}.${p.digits.slice(0, 3)}@zkh-test.be`,
        label: "Contactdetails",
        source: "pattern",
      };
    case 7:
      return { text: OTHER[p.pick % OTHER.length], label: "Name:Other", source: "unknown" };
    case 8:
      // A soft hyphen inside the family name, or its accents decomposed.
      return {
        text: p.pick % 2 ? note.family.slice(0, 3) + "\u00ad" + note.family.slice(3) : note.family.normalize("NFD"),
        label: "Name:Patient",
        source: "known",
      };
    case 9:
      return { text: `${two(d)}.${two(m)}.${y}`, label: "Date", source: "known" };
    case 10: {
      // An IBAN with valid check digits.
      const bban = p.digits.slice(0, 10) + belgianAccountCheck(p.digits.slice(0, 10));
      return {
        text: `BE${ibanCheckDigits("BE", bban)} ${bban.slice(0, 4)} ${bban.slice(4, 8)} ${bban.slice(8)}`,
        label: "ID:Patient",
        source: "pattern",
      };
    }
    case 11:
      // A name spaced out letter by letter (the family name's last word: a particle is never searched alone).
      return { text: note.family.split(" ").pop()!.split("").join(" "), label: "Name:Patient", source: "known" };
    default:
      return null;
  }
}

const isName = (label: Label) => label.startsWith("Name:");
const isDateLike = (label: Label) => label === "Date" || label === "Age_Birthdate";

/** Whether the guard, reading `missed` where `replaced` was replaced, must see the same original (policy 3). */
function sameOriginal(missed: string, replaced: string, label: Label): boolean {
  // Names in their own capitalisation or in capitals, other originals in any case; both sides folded.
  const keepCase = isName(label);
  const a = foldNeedle(missed, { keepCase });
  const b = foldNeedle(replaced, { keepCase });
  return a === b || (keepCase && a === b.toUpperCase());
}

/** A leak the faulty transform seeded: where it is in the output, and the kind of leak that must cover it. */
interface Seeded {
  start: number;
  end: number;
  kind: LeakKind;
  /** Units at its start and end that need not be covered (a title or an initial: see `entity`). */
  lead?: number;
  trail?: number;
  /** A leak the guard may leave to another verdict on the same note (see `build`). */
  optional?: boolean;
}

/** A note, its faulty transform's result, and the leaks the transform seeded in it. */
function build(note: Note): { document: Document; result: TransformResult; seeded: Seeded[] } {
  let text = "";
  let out = "";
  const spans: (Span & { replacement: string })[] = [];
  const missed: {
    start: number;
    end: number;
    text: string;
    label: Label;
    source: Source;
    lead?: number;
    trail?: number;
  }[] = [];
  const seeded: Seeded[] = [];
  for (const p of note.pieces) {
    const e = entity(note, p);
    if (!e) {
      const f = FILLER[p.pick % FILLER.length];
      text += f;
      out += f;
      continue;
    }
    const start = text.length;
    text += e.text;
    let replacement = e.text;
    if (p.fate === "missed")
      missed.push({
        start: out.length,
        end: out.length + e.text.length,
        text: e.text,
        label: e.label,
        source: e.source,
        lead: e.lead,
        trail: e.trail,
      });
    else {
      if (p.fate === "placeholder") replacement = `[${e.label}]`;
      else if (p.fate === "other surrogate")
        replacement = OTHER.find((o) => o.toLowerCase() !== e.text.toLowerCase() && !e.text.includes(o))!;
      else if (p.fate === "known surrogate") replacement = `${note.family} ${note.given}`;
      spans.push({ start, end: text.length, label: e.label, replacement });
      // Policy 4: a surrogate equal to its original, unless a date or age kept on purpose.
      if (p.fate === "written back" && !isDateLike(e.label))
        seeded.push({ start: out.length, end: out.length + replacement.length, kind: "unchangedSurrogates" });
      // Policy 1: a surrogate that reproduces a known identifier, the patient's name or its own (inside a date or age
      // replacement it is not looked at).
      const holdsKnown = p.fate === "known surrogate" || (p.fate === "written back" && e.source === "known");
      if (holdsKnown && !isDateLike(e.label))
        seeded.push({
          start: out.length,
          end: out.length + replacement.length,
          kind: "knownIdentifiers",
          ...(p.fate === "written back"
            ? { lead: e.lead, trail: e.trail, optional: e.label === "ID:Patient" && e.text !== note.value }
            : {}),
        });
    }
    out += replacement;
    const f = FILLER[p.pick % FILLER.length];
    text += f;
    out += f;
  }
  // known-identifiers looks for a known value with other separators only where it is not written as in the metadata
  // (a gap in detection, not in the guard: the value as written in the output is a verdict of its own, and a
  // redacted output is searched again).
  const asWritten = new RegExp(`(?<![\\p{L}\\p{N}])${note.value}(?![\\p{L}\\p{N}])`, "u").test(out);
  for (const m of missed) {
    // Policy 1 and 2: a known identifier, or an identifier or contact detail of the patterns, outside every replacement.
    if (m.source === "known")
      seeded.push({
        start: m.start,
        end: m.end,
        kind: "knownIdentifiers",
        lead: m.lead,
        trail: m.trail,
        optional: m.label === "ID:Patient" && m.text !== note.value,
      });
    if (m.source === "pattern") seeded.push({ start: m.start, end: m.end, kind: "patterns" });
    // Policy 3: the original of a span replaced by something else, found again outside every replacement.
    const twin = spans.some(
      (s) =>
        s.label === m.label &&
        s.replacement !== text.slice(s.start, s.end) &&
        sameOriginal(m.text, text.slice(s.start, s.end), s.label),
    );
    if (twin) seeded.push({ start: m.start, end: m.end, kind: "originalText" });
  }
  // `optional` marks the known value with other separators so far; it is optional only where the value is also as written.
  for (const s of seeded) if (s.optional) s.optional = asWritten;
  const document: Document = {
    document_id: "v",
    text,
    metadata: {
      lang: "nl-BE",
      patient: {
        given_name: note.given,
        family_name: note.family,
        birth_date: `${note.birth[0]}-${two(note.birth[1])}-${two(note.birth[2])}`,
      },
      caregivers: [{ given_name: note.caregiver[0], family_name: note.caregiver[1] }],
      known_values: [{ value: note.value, label: "ID:Patient" }],
    },
  };
  const r = replaceSpans(text, spans, (s) => (s as (typeof spans)[number]).replacement);
  expect(r.deidText).toBe(out);
  return {
    document,
    result: {
      ...r,
      spans: r.spans.map(({ start, end, label, replacement }) => ({ start, end, label, replacement })),
      warnings: [],
    },
    seeded,
  };
}

const guard = (d: Document, r: TransformResult) =>
  findLeaks(d, r, { signal, documentIndex: 0, knownIdentifierDetectors: [known], patternDetectors: [pattern] });

/** The units of [start, end) of `text` that are not white space, none of them inside a leak of `kind`. */
function uncovered(text: string, s: Seeded, leaks: readonly Leak[]): number[] {
  const left: number[] = [];
  if (s.optional) return left;
  for (let i = s.start + (s.lead ?? 0); i < s.end - (s.trail ?? 0); i++) {
    if (/\s/.test(text[i])) continue;
    if (!leaks.some((l) => l.kind === s.kind && l.start <= i && i < l.end)) left.push(i);
  }
  return left;
}

describe("leak guard: what it promises on notes with seeded leaks", () => {
  it("finds every seeded leak at its offsets with its kind, gives no verdict outside them, and passes notes without one", async () => {
    const seenKinds: Record<LeakKind, number> = {
      knownIdentifiers: 0,
      patterns: 0,
      originalText: 0,
      unchangedSurrogates: 0,
    };
    let clean = 0;
    await fc.assert(
      fc.asyncProperty(noteArb, async (note) => {
        const { document, result, seeded } = build(note);
        const leaks = await guard({ ...document }, result);
        for (const s of seeded)
          expect(uncovered(result.deidText, s, leaks), `a seeded ${s.kind} leak at ${s.start}-${s.end}`).toEqual([]);
        for (const l of leaks)
          expect(
            seeded.some((s) => s.start < l.end && l.start < s.end),
            `a ${l.kind} verdict at ${l.start}-${l.end} outside every seeded leak`,
          ).toBe(true);
        for (const s of seeded) seenKinds[s.kind]++;
        if (seeded.length === 0) clean++;
      }),
      { numRuns: 600 },
    );
    // The seeded faults reach every kind of leak, and some notes have none.
    for (const k of Object.keys(seenKinds) as LeakKind[]) expect(seenKinds[k], k).toBeGreaterThan(0);
    expect(clean).toBeGreaterThan(0);
  });

  it("finds a known value left with other separators, and the patient's name in a surrogate", async () => {
    const note: Note = {
      given: "Tjitse",
      family: "Ommelaers",
      caregiver: ["Gijsje", "Bruggevoorde"],
      value: "40718293056",
      birth: [1970, 5, 6],
      pieces: [
        { kind: 0, pick: 0, digits: "00000000000", fate: "known surrogate" },
        { kind: 3, pick: 0, digits: "00000000000", fate: "missed" },
      ],
    };
    const { document, result, seeded } = build(note);
    const leaks = await guard(document, result);
    expect(leaks.map((l) => [l.kind, l.label])).toEqual([
      ["knownIdentifiers", "Name:Patient"],
      ["knownIdentifiers", "ID:Patient"],
    ]);
    for (const s of seeded) expect(uncovered(result.deidText, s, leaks)).toEqual([]);
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
        for (const keepCase of [true, false])
          expect(needleOf(s, keepCase)).toBe(foldNeedle(s, { keepCase }).replace(/ +/g, " ").trim());
      }),
      { numRuns: 3_000 },
    );
  });

  it("takes printable ASCII without a backtick or a single-letter word, and folds every text as foldNeedle does", () => {
    const unit = fc.constantFrom(
      "a",
      "Z",
      "q",
      "7",
      " ",
      "  ",
      "-",
      "'",
      ".",
      "/",
      "`",
      "\n",
      "\t",
      "’",
      "é",
      "\u00ad",
      "Ａ",
      "е",
      "~",
    );
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 12 }), (units) => {
        const s = units.join("");
        expect(isPlainAscii(s)).toBe(
          /^[\x20-\x5f\x61-\x7e]*$/.test(s) && !/(?<![A-Za-z0-9])[A-Za-z](?![A-Za-z0-9])/.test(s),
        );
        for (const keepCase of [true, false])
          expect(needleOf(s, keepCase)).toBe(foldNeedle(s, { keepCase }).replace(/ +/g, " ").trim());
      }),
      { numRuns: 5_000 },
    );
  });
});
