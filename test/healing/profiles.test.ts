import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LABELS, type Document, type Label, type Span } from "../../src/contract/index.js";
import { getHealingProfile, healSpans } from "../../src/healing/index.js";

const at = (text: string, surface: string, label: Label, from = 0): Span => {
  const i = text.indexOf(surface, from);
  return { start: i, end: i + surface.length, label, detectors: ["det"] };
};
const shown = (text: string, spans: Span[]) => spans.map((s) => [s.label, text.slice(s.start, s.end)]);

describe("healing profiles", () => {
  it("nl-BE, fr-BE and en are registered; an unknown profile lists the available ones", () => {
    for (const id of ["nl-BE", "fr-BE", "en", "none"]) expect(getHealingProfile(id).id).toBe(id);
    expect(() => getHealingProfile("de-DE")).toThrow(/en, fr-BE, nl-BE, none/);
  });

  it("nl-BE heals a Dutch note with French parts", () => {
    const text = "Verslag van dr. Peeters, maandag 13 maart 2023: Jan Van Damme (° 12/03/1980). Vu par le Dr Dupont le 1er mars 2023.";
    const document: Document = { document_id: "d", text, metadata: { patient: { given_name: "Jan", family_name: "Van Damme" } } };
    const out = healSpans(
      getHealingProfile("nl-BE"),
      [at(text, "Peeters", "Name:Caregiver"), at(text, "13 maart", "Date"), at(text, "12/03/1980", "Date"), at(text, "Dupont", "Name:Other"), at(text, "mars 2023", "Date")],
      { document, options: {} },
    );
    expect(shown(text, out)).toEqual([
      ["Name:Caregiver", "dr. Peeters"],
      ["Date", "maandag 13 maart 2023"],
      ["Name:Patient", "Jan Van Damme"],
      ["Age_Birthdate", "12/03/1980"],
      ["Name:Caregiver", "Dr Dupont"],
      ["Date", "1er mars 2023"],
    ]);
  });

  it("en heals English dates and ages, and leaves titles outside names (English annotation convention)", () => {
    const text = "Seen by Mr Smith on Monday, March 13, 2023; a 45-year-old man.";
    const out = healSpans(getHealingProfile("en"), [at(text, "Smith", "Name:Caregiver"), at(text, "March 13", "Date"), at(text, "45", "Age_Birthdate")], {
      document: { document_id: "d", text },
      options: {},
    });
    expect(shown(text, out)).toEqual([
      ["Name:Caregiver", "Smith"],
      ["Date", "Monday, March 13, 2023"],
      ["Age_Birthdate", "45-year-old"],
    ]);
  });

  it("keeps provenance: moved spans keep their detectors, created spans name the rule", () => {
    const text = "Jan Peeters kwam. Peeters belde.";
    const out = healSpans(getHealingProfile("nl-BE"), [at(text, "Jan", "Name:Patient"), at(text, "Peeters", "Name:Patient")], {
      document: { document_id: "d", text },
      options: { propagate_names: true },
    });
    expect(out.map((s) => [text.slice(s.start, s.end), s.detectors])).toEqual([
      ["Jan Peeters", ["det"]],
      ["Peeters", ["healing:propagate-names"]],
    ]);
  });
});

const TEXTS = [
  "Consult bij prof. dr. Peeters op maandag 12 maart 2023 om 14:30. Patiënt Jan Van Damme (° 12/03/1980), tel +32 475 12 34 56.",
  "Peeters, Jan, Dr. zag hem ook. Mme le Dr Dupont. Kenis Sandra Dokter Laridon Annick Dokter. Jan kwam terug.",
  "begin mei 2023 en zomer 2022, 12-14 maart 2023, 03/2021 - 05/2021. (03) 123 45 67 [Zaal 3] ANTWERPEN 1 www.uza.be/x.",
  "Le 1er mars 2023, vu par le Dr. Dupont-Martin (CHU Liège). Née le 3 août 1975. Âgée de 45 ans. lundi, 3/4.",
  "Seen by Dr. Smith on Monday, March 12, 2023; a 45-year-old man, DOB 04/05/1978. Mr J. P. O'Neil, consultant.",
  "Mevr. De Smet-Van den Broeck, 7 jaar 7 maand; 6-jarige; 14:30:00; volgend jaar; eind mei/begin juni.",
];
const metadata = fc.record({
  patient: fc.option(fc.record({ given_name: fc.constantFrom("Jan", "Marie Claire", "J.", "de"), family_name: fc.constantFrom("Van Damme", "Peeters", "De Smet-Van den Broeck", "Smith") }), { nil: undefined }),
  caregivers: fc.option(fc.array(fc.record({ given_name: fc.constantFrom("Sandra", "Jan", "Annick"), family_name: fc.constantFrom("Kenis", "Peeters", "Laridon", "Dupont") }), { maxLength: 2 }), { nil: undefined }),
  known_values: fc.option(fc.array(fc.record({ value: fc.constantFrom("123 45 67", "CHU Liège", "3/4"), label: fc.constantFrom(...LABELS) }), { maxLength: 2 }), { nil: undefined }),
});
const cases = fc.integer({ min: 0, max: TEXTS.length - 1 }).chain((i) => {
  const text = TEXTS[i];
  const span = fc
    .tuple(fc.integer({ min: 0, max: text.length - 1 }), fc.integer({ min: 1, max: 25 }), fc.constantFrom(...LABELS))
    .map(([start, length, label]): Span => ({ start, end: Math.min(text.length, start + length), label, detectors: ["det"] }));
  return fc.record({ text: fc.constant(text), spans: fc.array(span, { maxLength: 8 }), metadata, profile: fc.constantFrom("nl-BE", "fr-BE", "en"), propagate: fc.boolean() });
});

describe("healing is idempotent", () => {
  it("heal(heal(x)) = heal(x) for any spans, metadata and profile", () => {
    fc.assert(
      fc.property(cases, ({ text, spans, metadata: md, profile, propagate }) => {
        const ctx = { document: { document_id: "p", text, metadata: md } as Document, options: { propagate_names: propagate } };
        const once = healSpans(getHealingProfile(profile), spans, ctx);
        const twice = healSpans(getHealingProfile(profile), once, ctx);
        expect(twice).toEqual(once);
      }),
      { numRuns: 400 },
    );
  });
});
