import { describe, expect, it } from "vitest";
import { type Document, type DocumentMetadata, foldSameLength as foldText } from "../../src/contract/index.js";
import { birthDateRenderings } from "./birthdate.js";
import { DetectorTester } from "../../test/support/detector-tester.js";
import plugin, { configSchema, detectKnownIdentifiers } from "./index.js";

const options = configSchema.parse({});
const metadata: DocumentMetadata = {
  patient: { given_name: "Jan Frédéric", family_name: "Van den Bossche-Peeters", birth_date: "1980-03-07" },
  caregivers: [{ given_name: "An", family_name: "Smet" }],
  known_values: [
    { value: "12.34.56-789", label: "ID:Patient" },
    { value: "0470 12 34 56", label: "Contactdetails" },
  ],
};

function found(text: string, md: DocumentMetadata = metadata): [string, string][] {
  const doc: Document = { document_id: "t", text, metadata: md };
  return detectKnownIdentifiers(doc, options).map((s) => [text.slice(s.start, s.end), s.label]);
}

const tester = new DetectorTester(plugin);
const withMetadata = (code: string) => ({ code, metadata });

tester.run("known-identifiers: the metadata's names, values and birth date", {
  invalid: [
    "Patiënt [[Jan Van den Bossche-Peeters|PAT]] werd gezien.",
    "Dhr. [[VAN DEN BOSSCHE-PEETERS|PAT]]",
    "[[Frederic|PAT]] kwam alleen.",
    "Mevr. [[Peeters|PAT]] belde.",
    "[[J.F. Van den Bossche-Peeters|PAT]]",
    "Gezien door dr. [[An Smet|CARE]].",
    "[[Smet|CARE]], [[An|CARE]]",
    "RRN 12 34 56 789 en [[12.34.56-789|ID_P]]",
    "RRN [[123456789|ID_P]] zonder scheiding",
    "GSM [[0470/12.34.56|CONTACT]]",
    "Geboren [[07/03/1980|AGE]], ook [[7-3-80|AGE]] en [[7 maart 1980|AGE]], [[7 mars 1980|AGE]], [[March 7, 1980|AGE]] en [[1980-03-07|AGE]].",
  ].map(withMetadata),
  valid: ["Geen naam, geen nummer: 12 34 56.", "De van der Berg-regel en de la Tour."].map(withMetadata),
});

describe("known-identifiers", () => {

  // The patient is "Jan Frédéric Van den Bossche-Peeters", metadata in NFC.
  it.each<[string, string, string]>([
    ["NFD text", "Gezien: Fre\u0301de\u0301ric.", "Fre\u0301de\u0301ric"],
    ["soft hyphen", "Mevr. Pee\u00adters belde.", "Pee\u00adters"],
    ["zero-width space", "Mevr. Pee\u200bters belde.", "Pee\u200bters"],
    ["line-break hyphenation", "Mevr. Pee-\nters belde.", "Pee-\nters"],
    ["compound name broken at its hyphen", "Dhr. Van den Bossche-\nPeeters belde.", "Van den Bossche-\nPeeters"],
    ["full-width", "Mevr. Ｐｅｅｔｅｒｓ belde.", "Ｐｅｅｔｅｒｓ"],
    ["Cyrillic look-alikes", "Mevr. Рееtеrs belde.", "Рееtеrs"],
    ["spaced letters", "Naam: P e e t e r s, kamer 4.", "P e e t e r s"],
    ["dotted letters", "Naam: P.E.E.T.E.R.S, kamer 4.", "P.E.E.T.E.R.S"],
    ["full initials", "Pt. J.F.V. op consult.", "J.F.V."],
    ["full initials after the particles", "Pt. J. F. B. op consult.", "J. F. B."],
  ])("finds a disguised name: %s", (_what, text, expected) => {
    expect(found(text).map(([t]) => t)).toContain(expected);
  });

  it("finds a known value and a birth date written in full-width digits or NFD", () => {
    expect(found("RRN １２.３４.５６-７８９ gezien")).toEqual([["１２.３４.５６-７８９", "ID:Patient"]]);
    expect(found("Geboren 7 maart 1980.", { patient: { birth_date: "1980-03-07" } })).toEqual([["7 maart 1980", "Age_Birthdate"]]);
    expect(found("Gezien door dr. Ánne Smet.", { caregivers: [{ given_name: "A\u0301nne".normalize("NFC"), family_name: "Smet" }] })).toEqual([["Ánne Smet", "Name:Caregiver"]]);
  });

  it.each([
    "Jansen en Janssens zijn andere mensen.",
    "De Van den Bosschestraat is lang.",
    "Smeth en Ansem zijn geen treffers.",
    "Dosis 17/03/1980 mg is geen geboortedatum",
    "Nummer 112.34.56-7890 is langer.",
    "Zonder metadata niets.",
  ])("finds nothing in %s", (text) => {
    expect(found(text)).toEqual([]);
  });

  it("does not use connector particles alone", () => {
    expect(found("De patiënt van de dienst", { patient: { given_name: "de", family_name: "Van" } })).toEqual([]);
  });

  it("returns nothing without metadata", () => {
    expect(detectKnownIdentifiers({ document_id: "x", text: "Jan Peeters" }, options)).toEqual([]);
  });

  it("folding keeps length and removes accents and case", () => {
    for (const t of ["Frédéric", "ÉCOLE", "İstanbul", "naïve’s", "😀é"]) expect(foldText(t)).toHaveLength(t.length);
    expect(foldText("Frédéric’s")).toBe("frederic's");
  });

  it("renders birth dates in nl, fr and en", () => {
    const r = birthDateRenderings("2001-11-01");
    for (const x of ["1/11/2001", "01.11.2001", "1 november 2001", "1er novembre 2001", "november 1st, 2001", "1 nov. 2001", "2001-11-01", "01/11/'01"]) {
      expect(r).toContain(x);
    }
    expect(birthDateRenderings("not a date")).toEqual([]);
  });
});
