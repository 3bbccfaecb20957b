// Structured records: HL7 segments read by field position, and key-value fields (form lines, key=value lists, JSON,
// XML) read by the key that names the value. Values must have their field's shape; keys that name something else
// (a room, a batch, a phone where an identifier is asked) and values that are words stay unmarked.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Label } from "../../src/contract/index.js";
import { findRecordFields } from "./records.js";
import { checkPositive, detect, parseMarked, type PositiveCase } from "./testing.js";

const ALL = { identifiers: true, contacts: true, dates: true, ages: true, postalCodes: true };
const P = "ID:Patient" as const;
const C = "ID:Caregiver" as const;
const T = "Contactdetails" as const;
const A = "Age_Birthdate" as const;
const D = "Date" as const;

/** Marked text → the spans findRecordFields should return, in order. */
const fieldCases: [string, Label | Label[]][] = [
  // Key-value lines: aligned values, letters before the digits, groups with spaces, slashes and dashes.
  ["Polisnummer:              [[VZ 208 551 904]]", P],
  ["ZIS-nr:           [[4419027]]\nPieper:           [[5382]]", [P, T]],
  ["Dossier: [[KL 5208-13]]", P],
  ["Inschrijvingsnummer V.I.: [[214/ 0571923 - 07]]", P],
  ["Patiënt-ID: [[PX 220 119]]\nUw ref.: [[HA-2025-0412]]", [P, P]],
  ["Sein arts: [[3381]]", T],
  ["Naam: Tom Verbeke   Lft: [[52 jr]]   Gesl: M", A],
  ["Leeftijd: [[ca. 70 jaar]]", A],
  ["Geboortedatum ....... [[04/04/1988]]", A],
  // A key that is nothing but an identifier's name needs no colon.
  ["RIZIV  [[1 - 38127 - 52 - 004]]", C],
  ["Pat : Claes     N° [[00 5529 71]]", P],
  // key=value lists, JSON and XML exports.
  ["naam=Vos; dossier=[[A778812]]; arts=Dr. Coppens", P],
  ['{"insz": "[[64093012345]]", "telefoon": "[[011 22 33 44]]", "kamer": "412", "postcode": "[[3500]]"}', [P, T, "Address_Location:Other"]],
  ["<dossiernr>[[A778812]]</dossiernr>\n<geboortedatum>[[1955-01-17]]</geboortedatum>", [P, A]],
  // HL7: identifiers, the birth date, phones, a caregiver's number and date-times by position.
  [
    "MSH|^~\\&|ZIS|ZKH|LAB|ZKH|[[202503121030]]||ADT^A01|MSG00017|P|2.5\n" +
      "PID|1||[[4455123]]^^^ZKH^MR||Vos^Lotte||[[19870214]]|F|||Dorpsstraat 18^^Herent^^3020||[[0475112233]]\n" +
      "PV1|1|I|CARD^305^2||||[[01234]]^Claes^Bart\n" +
      "NK1|1|Vos^Tom|SPO||[[0476998877]]",
    [D, P, A, T, C, T],
  ],
  ["OBR|1|[[ORD448812]]|[[LAB99812]]|CBC^Bloedbeeld|||[[202503140745]]", [P, P, D]],
  // A date-time to the minute in a field the table does not name (a sender that counts PV1 fields differently).
  ["PID|1||[[4455123]]^^^ZKH^MR\nPV1|1|I|GER^2^B||||||||||||||||||||||||||||||||[[202411071530]]|[[20241112094500]]", [P, D, D]],
  // A sender that declares its own field separator in MSH-1 ("#" here): fields are counted on it.
  [
    "MSH#^~\\&#ZIS#ZKH#LAB#ZKH#[[202604021115]]##ADT^A01#CTL5617#P#2.5\n" +
      "PID#1##[[5521096]]^^^ZKH^PI##Zwartkop^Elvire##[[19790523]]#F\n" +
      "PV1#1#I#B2^114^1#U####[[38215]]^Wouters^Ottmar",
    [D, P, A, C],
  ],
  // A line that is only a record number.
  ["Zoekopdrachten\n- [[5531087]]\n[[6620914]]", [P, P]],
];

const negatives: string[] = [
  // Keys that number rooms, beds, batches or houses; values that are words, dates, times or too short.
  "Kamernr: 2104\nLotnr: 448812\nHuisnr.: 1234",
  "Dossier: zie boven\nReferentie: 12",
  "Dossier: 12/03/2024\nID: 10:30",
  "Tel: 112\nWachtdienst: 1733\nPieper: 12",
  "Leeftijd: onbekend\nLeeftijd: 135",
  // Words after an identifier are not part of it; a sentence with a colon is no field of these kinds.
  "Opmerking: 3 x 500 mg per dag",
  "Besluit: patiënt mag naar huis",
  // A lone phone shape, a compact date or a short number on its own line is no record number.
  "0475123456\n19870412\n123456\n- 12",
  // A line with pipes that is no HL7 segment.
  "PIDX|1||4455123\n| Naam | Kamer |",
  // "#" fields without a header that declares them; a header that declares no separator of its own.
  "PID#1##5521096^^^ZKH^PI##Zwartkop^Elvire##19790523#F",
  "MSH#aa#ZIS\nPID#1##5521096",
  // Twelve digits in an unnamed field that are no calendar date-time (month 13, hour 25), or only a date.
  "PID|1||ZKH^MR\nPV1|1|I|GER|202413011045|202411072545|20241107",
];

describe("record fields", () => {
  it.each(fieldCases.map((c) => [c[0], c]))("marks %j", (_m, testCase) => {
    const [marked, labels] = testCase as [string, Label | Label[]];
    const { text, spans } = parseMarked(marked);
    const expected = spans.map((s, i) => ({ ...s, label: Array.isArray(labels) ? labels[i] : labels }));
    expect(findRecordFields(text, text, ALL).map(({ start, end, label }) => ({ start, end, label }))).toEqual(expected);
  });

  it.each(negatives.map((n) => [n]))("leaves %j alone", (text) => {
    expect(findRecordFields(text, text, ALL)).toEqual([]);
  });

  it("follows the families", () => {
    const text = "Dossier: A778812\nPieper: 5382\nLeeftijd: 71\nGeboren: 03/05/1950";
    expect(findRecordFields(text, text, { ...ALL, identifiers: false }).map((s) => s.label)).toEqual([T, A, A]);
    expect(findRecordFields(text, text, { ...ALL, contacts: false, ages: false }).map((s) => s.label)).toEqual([P]);
  });

  it("reads pipes as written and values with OCR digits", () => {
    // "|" is also an OCR "1": the segment is split on the text as written.
    const text = "PID|1||4455123||Vos^Lotte||19870214|F|||x^^y^^3020||0475112233";
    const ocr = text.replace(/\|/g, "1");
    expect(findRecordFields(text, ocr, ALL).map((s) => s.label)).toEqual([P, A, T]);
  });

  it("adds no span where another family already found one, through the whole detector", () => {
    const cases: PositiveCase[] = [
      ["Polisnummer:              [[VZ 208 551 904]]", P],
      ["BSN: [[123456782]]", P],
    ];
    for (const c of cases) {
      const { actual, expected } = checkPositive(c);
      expect(actual).toEqual(expected);
    }
    expect(detect("RRN 85.07.30-033.28 lorem").length).toBe(1);
  });

  it("returns spans inside the text, trimmed, without separators, for any field-like text", () => {
    const key = fc.constantFrom("Dossier", "ID", "Pieper", "Leeftijd", "Geb.", "RIZIV", "N°", "naam", "PID|1|", "OBR|1|", "");
    const sep = fc.constantFrom(": ", "=", " ..... ", "  ", "\t", " ", "\": \"", "|", "^");
    const value = fc.oneof(fc.constantFrom("A778812", "12 34 56", "5382", "71 j", "03/05/1950", "x^y", "19870214"), fc.string({ maxLength: 8 }));
    const field = fc.tuple(key, sep, value).map(([k, s, v]) => k + s + v);
    fc.assert(
      fc.property(fc.array(fc.array(field, { minLength: 1, maxLength: 4 }).map((f) => f.join("   ")), { maxLength: 5 }), (lines) => {
        const text = lines.join("\n");
        for (const s of findRecordFields(text, text, ALL)) {
          expect(s.start).toBeGreaterThanOrEqual(0);
          expect(s.end).toBeLessThanOrEqual(text.length);
          expect(s.end).toBeGreaterThan(s.start);
          const v = text.slice(s.start, s.end);
          expect(v).toBe(v.trim());
          expect(v).not.toMatch(/[|\n\t^"]/);
        }
      }),
      { numRuns: 300 },
    );
  });
});
