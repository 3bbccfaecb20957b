// Healing rules hand back the list they were given when they change nothing (src/healing/spans.ts: mapSpans,
// filterSpans, sortedByPosition, unchangedSpans). What that must not change: each helper gives what the array method
// it stands for gives; no rule changes a list in place (every rule below runs on frozen lists); and the built-in
// profiles heal random documents exactly as they do when every rule's answer is copied into a new array, as the
// rules did before.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { Document, Label, Span } from "../../src/contract/index.js";
import { getHealingProfile, healSpans, type HealingProfile } from "../../src/healing/index.js";
import { byPosition, filterSpans, isSortedAndUnique, mapSpans, sortedByPosition } from "../../src/healing/spans.js";

const LABELS: readonly Label[] = ["Name:Patient", "Name:Caregiver", "Name:Other", "Date", "Age_Birthdate", "Contactdetails", "Address_Location:Other", "ID:Patient"];

const spanArb = (textLength: number) =>
  fc
    .tuple(fc.nat(textLength), fc.nat(12), fc.constantFrom(...LABELS), fc.subarray(["known-identifiers", "patterns", "rules-nl-be"], { minLength: 1 }))
    .map(([start, width, label, detectors]): Span => ({ start, end: Math.min(textLength, start + 1 + width), label, detectors }))
    .filter((s) => s.start < s.end);

const spansArb = fc.array(spanArb(60), { maxLength: 12 });

describe("rules hand back unchanged lists", () => {
  it("mapSpans gives what map gives, and the list itself exactly when every span comes back as it was", () => {
    fc.assert(
      fc.property(spansArb, fc.array(fc.boolean(), { maxLength: 12 }), (spans, changes) => {
        const f = (s: Span) => (changes[spans.indexOf(s)] ? { ...s, end: s.end + 1 } : s);
        const out = mapSpans(spans, f);
        expect(out).toEqual(spans.map(f));
        const same = spans.every((s) => f(s) === s);
        expect(out === spans).toBe(same);
      }),
      { numRuns: 2000 },
    );
  });

  it("filterSpans gives what filter gives, and the list itself exactly when every span is kept", () => {
    fc.assert(
      fc.property(spansArb, fc.array(fc.boolean(), { maxLength: 12 }), (spans, drops) => {
        const keep = (s: Span) => !drops[spans.indexOf(s)];
        const out = filterSpans(spans, keep);
        expect(out).toEqual(spans.filter(keep));
        expect(out === spans).toBe(spans.every(keep));
      }),
      { numRuns: 2000 },
    );
  });

  it("sortedByPosition gives the stable sort by position, the list itself when it is in order; isSortedAndUnique", () => {
    fc.assert(
      fc.property(spansArb, (spans) => {
        const reference = [...spans].sort(byPosition);
        const out = sortedByPosition(spans);
        expect(out).toEqual(reference);
        // The same objects in the same places: a stable sort, not an equal-looking copy.
        out.forEach((s, i) => expect(s).toBe(reference[i]));
        const inOrder = spans.every((s, i) => i === 0 || byPosition(spans[i - 1], s) <= 0);
        expect(out === spans).toBe(inOrder);
        expect(isSortedAndUnique(spans)).toBe(spans.every((s, i) => i === 0 || byPosition(spans[i - 1], s) < 0));
      }),
      { numRuns: 2000 },
    );
  });

  // Invented names and words only; pieces that give every rule something to do (titles, names of the metadata,
  // dates, ages, brackets, a plus sign, URLs, weekdays, initials, commas, hyphens, line breaks).
  const PIECES = [
    "dr. ", "Dr ", "mevrouw ", "prof. ", "Sorvanek ", "Ilse ", "Tamrak ", "Quillan ", "van ", "de ", "J. ", "I.T. ", "(", ")", "[", "]", "+32 ",
    "12/03/2021 ", "3 maart 2020 ", "maandag ", "14:30 ", "45 jaar ", "www.voorbeeld.be ", ", ", " - ", "\n", "  ", "KAMER 3 ", "zaal 2 ", "°", "2019-2021 ",
  ];
  const docArb = fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 14 }).map((xs) => xs.join(""));
  const METADATA: Document["metadata"] = {
    lang: "nl-BE",
    patient: { given_name: "Ilse", family_name: "Sorvanek", birth_date: "1970-03-12" },
    caregivers: [{ given_name: "Quillan", family_name: "Tamrak" }],
    known_values: [{ value: "KAMER 3", label: "Address_Location:Other" }],
  };
  const frozenCopying = (profile: HealingProfile): HealingProfile => ({
    ...profile,
    id: `${profile.id}-copying`,
    rules: profile.rules.map((r) => ({ name: r.name, apply: (spans, ctx) => [...r.apply(Object.freeze([...spans]), ctx)] })),
  });
  const frozenOnly = (profile: HealingProfile): HealingProfile => ({
    ...profile,
    id: `${profile.id}-frozen`,
    rules: profile.rules.map((r) => ({ name: r.name, apply: (spans, ctx) => r.apply(Object.freeze(spans as Span[]), ctx) })),
  });

  for (const id of ["nl-BE", "en", "fr-BE"]) {
    it(`the ${id} profile heals random documents as when every rule copied its answer, and changes no list in place`, () => {
      const profile = getHealingProfile(id);
      const copying = frozenCopying(profile);
      const frozen = frozenOnly(profile);
      fc.assert(
        fc.property(
          docArb.chain((text) => fc.tuple(fc.constant(text), fc.array(spanArb(text.length), { maxLength: 10 }), fc.boolean())),
          ([text, spans, propagate]) => {
            const options = { propagate_names: propagate };
            const doc = (): Document => ({ document_id: "d", text, metadata: METADATA });
            const reference = healSpans(copying, spans, { document: doc(), options });
            // Frozen lists throw on any change in place; a fresh document each time, so no memo is shared.
            expect(healSpans(frozen, spans, { document: doc(), options })).toEqual(reference);
            expect(healSpans(profile, spans, { document: doc(), options })).toEqual(reference);
          },
        ),
        { numRuns: 300 },
      );
    });
  }
});
