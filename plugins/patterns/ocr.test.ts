// OCR look-alike letters inside digit runs are read as digits for the numeric families, one character for one.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readOcrDigits } from "./detect.js";
import { checkPositive, type PositiveCase } from "./testing.js";

const positives: PositiveCase[] = [
  ["geb. [[l9-O4-l956]]", "Date"],
  ["Spirometrie [[O7-O5-2O24]]: FEV1 1,42 l", "Date"],
  ["tel [[O65/31.22.O9]]", "Contactdetails"],
  ["sinds [[2O23]] klachten", "Date"],
  ["gsm [[O6-2l874593]]", "Contactdetails"],
  // Groups with a single real digit, read as digits because the whole chain is a number.
  ["Tel [[0486 l7 93 O5]]", "Contactdetails"],
  ["fax [[O5l/33 4l ll]]", "Contactdetails"],
];

describe("OCR digits", () => {
  it.each(positives)("finds %s", (...testCase) => {
    const { actual, expected } = checkPositive(testCase as PositiveCase);
    expect(actual).toEqual(expected);
  });

  it.each(["Tel0 123", "IO 12", "l'hôpital 12", "Hoofdstraat lO", "Olie 10 ml", "Il a 12 ans", "O2 2 l/min", "| 4302917 | Bos |"])("reads no digit into %s", (text) => {
    expect(readOcrDigits(text)).toBe(text);
  });

  it("keeps the length and every character outside a digit run with look-alikes", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("0", "1", "9", "O", "o", "l", "I", "|", "-", "/", ".", " ", "a", "é"), maxLength: 40 }), (text) => {
        const read = readOcrDigits(text);
        expect(read.length).toBe(text.length);
        for (let i = 0; i < text.length; i++) {
          if (read[i] !== text[i]) expect("OolI|").toContain(text[i]);
        }
      }),
    );
  });
});
