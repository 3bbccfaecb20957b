import { describe, expect, it } from "vitest";
import { checkPositive, detect, type PositiveCase } from "./testing.js";

const L = "Address_Location:Other" as const;

const positives: PositiveCase[] = [
  ["Kerkstraat 12, [[2000 Antwerpen]]", L, 0.9],
  ["[[B-1000 Bruxelles]]", L, 0.9],
  ["Woont in [[9000 Gent]].", L, 0.8],
  ["[[3000 Leuven]]", L],
  ["[[4000 Liège]]", L],
  ["[[9100 Sint-Niklaas]]", L],
  ["[[1348 Louvain-la-Neuve]]", L],
  ["[[8660 De Panne]]", L],
  ["[[7100 La Louvière]]", L],
  ["Rue de la Loi 16, [[1000 Bruxelles]]", L],
  ["[[2000 ANTWERPEN]]", L],
  ["Stationsstraat 5 bus 3\n[[1930 Zaventem]]", L, 0.9],
  ["Postcode: [[2020 Antwerpen]]", L],
  ["[[1234 AB Amsterdam]]", L, 0.9],
  ["[[1234AB Utrecht]]", L],
  ["Boston, [[MA 02115]]", L, 0.9],
  ["New York, [[NY 10001-1234]]", L],
  ["London [[SW1A 1AA]]", L, 0.8],
  ["Manchester [[M1 1AE]]", L],
  ["Birmingham [[B33 8TH]]", L],
  ["[[EC1A 1BB]]", L],
  // A Dutch postcode alone, with or without the space (a fragment, a table cell, before a comma).
  ["[[1234 AB]]", L, 0.8],
  ["[[1234AB]]", L, 0.8],
  ["Postcode: [[3581 CX]]", L],
  ["[[3512 PH]], Utrecht", L],
];

const negatives: string[] = [
  "in 2019 Opname",
  "sinds 2015 Diabetes",
  "2000 mg",
  "1000 IE vitamine D",
  "1500 Kcal",
  "2020 Patiënt gezien",
  "In 1990 Appendectomie",
  "3000 De patiënt",
  "1000 patiënten",
  "T2 N0 M0",
  "pT2 N1",
  "MA 0211",
  "ma 02115",
  "1234 SS Amsterdam",
  "Furosemide 1250 MG",
  "1250 MG",
  "500 ML NaCl",
  "1234 AB 5678",
  "12.1234 AB",
  "Tel 9000",
];

describe("postal codes", () => {
  it.each(positives)("finds %s", (...testCase) => {
    const { actual, expected } = checkPositive(testCase as PositiveCase);
    expect(actual).toEqual(expected);
  });

  it.each(negatives)("finds no postal code in %s", (text) => {
    expect(detect(text).filter((s) => s.label === L)).toEqual([]);
  });

  it("reads US and UK codes only when English is on", () => {
    expect(detect("Boston, MA 02115", { languages: ["nl"] })).toEqual([]);
    expect(detect("London SW1A 1AA", { languages: ["nl", "fr"] })).toEqual([]);
  });

  it("reads Belgian and Dutch codes only when Dutch or French is on (an English clock time is no postcode)", () => {
    const english = { languages: ["en" as const] };
    expect(detect("1420 Arrived to floor from PACU.", english).filter((s) => s.label === L)).toEqual([]);
    expect(detect("0930 Seen by team\n1545 Transferred", english).filter((s) => s.label === L)).toEqual([]);
    expect(detect("Kerkstraat 12, 2000 Antwerpen", english).filter((s) => s.label === L)).toEqual([]);
    expect(detect("1234 AB Amsterdam", english).filter((s) => s.label === L)).toEqual([]);
    expect(detect("Boston, MA 02115", english).map((s) => s.label)).toEqual([L]);
    expect(detect("Kerkstraat 12, 2000 Antwerpen", { languages: ["fr"] }).map((s) => s.label)).toEqual([L]);
    expect(detect("Woont in 9000 Gent.", { languages: ["nl", "en"] }).map((s) => s.label)).toEqual([L]);
  });
});
