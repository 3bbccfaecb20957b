import { describe, expect, it } from "vitest";
import { checkPositive, detect, type PositiveCase } from "./testing.js";

const positives: PositiveCase[] = [
  // Belgium
  ["Tel: [[03 123 45 67]]", "Contactdetails", 0.9],
  ["gsm [[0477/12.34.56]]", "Contactdetails", 0.9],
  ["Bereikbaar op [[+32 477 12 34 56]].", "Contactdetails", 0.9],
  ["[[+32 477 12 34 56]]", "Contactdetails", 0.8],
  ["Secretariaat [[0032 2 123 45 67]].", "Contactdetails"],
  ["Tel. [[+32 (0)3 123 45 67]]", "Contactdetails"],
  ["Bel [[0477123456]] na 17u.", "Contactdetails", 0.9],
  ["Nummer [[0477123456]].", "Contactdetails", 0.8],
  ["tel. [[031234567]]", "Contactdetails", 0.9],
  ["Huisarts [[011 23 45 67]]", "Contactdetails"],
  ["Praktijk [[050/12 34 56]]", "Contactdetails"],
  ["Dienst [[02-123.45.67]]", "Contactdetails"],
  ["Fax: [[03 123 45 68]]", "Contactdetails", 0.9],
  ["Tél. : [[04 222 33 44]]", "Contactdetails", 0.9],
  ["Mobile [[0486 12 34 56]]", "Contactdetails"],
  // The Netherlands
  ["Mobiel [[06-12345678]]", "Contactdetails"],
  ["Kantoor [[020-1234567]]", "Contactdetails"],
  ["[[+31 6 12345678]]", "Contactdetails"],
  ["Rotterdam [[010 123 4567]]", "Contactdetails"],
  ["[[0031 20 123 4567]]", "Contactdetails"],
  // Unbroken ten digits with a leading 0, spaced separators, free-phone and shared-cost numbers.
  ["[[0305555555]]", "Contactdetails", 0.8],
  ["Bereikbaar op [[0305555555]].", "Contactdetails", 0.9],
  ["tel [[088 - 7555555]]", "Contactdetails", 0.9],
  ["tel [[0738-6853-07]]", "Contactdetails"],
  ["[[03 / 123 45 67]]", "Contactdetails"],
  ["[[0800 12 345]]", "Contactdetails", 0.8],
  ["[[0800-0123]]", "Contactdetails", 0.8],
  ["[[0900 1234567]]", "Contactdetails"],
  ["gratis nummer [[0800 - 1234]]", "Contactdetails"],
  // United States
  ["Call [[(555) 123-4567]].", "Contactdetails"],
  ["[[555-123-4567]]", "Contactdetails"],
  ["[[555.123.4567]]", "Contactdetails"],
  ["[[+1 555 123 4567]]", "Contactdetails"],
  ["[[1-800-555-1234]]", "Contactdetails"],
  ["phone: [[555 123 4567]]", "Contactdetails", 0.9],
  // United Kingdom
  ["[[+44 20 7946 0958]]", "Contactdetails"],
  ["[[07700 900123]]", "Contactdetails"],
  ["[[020 7946 0958]]", "Contactdetails"],
  ["[[0161 496 0000]]", "Contactdetails"],
  ["[[+44 (0)20 7946 0958]]", "Contactdetails"],
  // Boundaries
  ["Tel [[03 123 45 67]], fax [[03 123 45 68]].", "Contactdetails"],
  ["([[0477 12 34 56]])", "Contactdetails"],
  ["Tel [[03 123 45 67]] 8", "Contactdetails"],
  // Internal extensions after a phone or extension word.
  ["radioloog - tel. [[3941]]", "Contactdetails", 0.9],
  ["Queries: ext. [[8196]] or e-mail", "Contactdetails", 0.9],
  ["toestel [[512]]", "Contactdetails", 0.9],
  // An extension inside brackets, and after "bereikbaar via".
  ["Wachtarts (dr. Maes, pieper [[4638]]) verwittigd.", "Contactdetails", 0.9],
  ["De verpleegpost is bereikbaar via [[5917]].", "Contactdetails", 0.9],
];

const negatives: string[] = [
  // A US National Drug Code (4-4-2 with hyphens) in a drug list or an inventory export.
  "NDC 0613-6629-25 vial",
  "\"0842-5109-43\",\"Heparin\",\"vial\"",
  "Hb 12.3 g/dL",
  "2x500 mg",
  "1000 mg paracetamol",
  "0,5 mg",
  "031234567",
  "123 45 67",
  "03 123 45",
  "12/03/2023 14:30",
  "03/19/2024 14:22",
  "Signed 02/27/2024 11:40",
  "01/02/2023 12 u",
  "2023-03-12",
  "05.03.12-123.45",
  "1234567890",
  "+5 mg",
  "ISBN 978-3-16-148410-0",
  "Bloeddruk 120/80 mmHg, pols 72/min",
  "1 2 3 4 5 6 7 8 9 10",
  "0 1 2 3 4 5 6 7 8 9",
  "555 123 4567",
  "555/123/4567",
  "hotel 03123456",
  "Score 0 / 10",
  "2023 2024 2025",
  "leuko 10.500/mm3",
  "GSM 500 mg",
  "tel 03",
  "3941",
  "tel. 12",
  "ext. 123456",
  "08001234",
  "3 - 4 - 5",
  "120 / 80",
  "10 - 12 mg",
  "Score 08 / 10",
];

describe("phones", () => {
  it.each(positives)("finds %s", (...testCase) => {
    const { actual, expected } = checkPositive(testCase as PositiveCase);
    expect(actual).toEqual(expected);
  });

  it.each(negatives)("finds no phone in %s", (text) => {
    expect(detect(text).filter((s) => s.label === "Contactdetails")).toEqual([]);
  });

  it("does not read IBAN digit groups as a phone number", () => {
    expect(detect("NL91 ABNA 0417 1643 00").map((s) => s.label)).toEqual(["ID:Patient"]);
  });

  it("does not read a national register number as a phone number", () => {
    expect(detect("85.07.30-033.28").map((s) => s.label)).toEqual(["ID:Patient"]);
  });
});
