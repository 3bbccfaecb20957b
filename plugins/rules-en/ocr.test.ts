import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ocrNormalise } from "./lib/ocr.js";

describe("OCR look-alikes are read one character for one", () => {
  it.each([
    ["scanned O3/O4/2O24 pg 2", "scanned 03/04/2024 pg 2"],
    ["Acct: 88O31722  DOB: O7/22/1946", "Acct: 88031722  DOB: 07/22/1946"],
    ["(5O3) 555-O161", "(503) 555-0161"],
    ["l2/O1/2O23", "12/01/2023"],
    ["HARGREAVES, DOR0THY M  D0B:", "HARGREAVES, DOROTHY M  DOB:"],
    ["ST. ANTH0NY HOSPlTAL DlSCHARGE LlST", "ST. ANTHONY HOSPITAL DISCHARGE LIST"],
    ["Fo11ow up, twice dai1y, Cardio1ogy to ca11", "Follow up, twice daily, Cardiology to call"],
    ["65 year o1d", "65 year old"],
  ])("%s", (input, expected) => {
    expect(ocrNormalise(input)).toBe(expected);
  });

  it.each(["O2 sat 94%, SpO2 97, B12 low, CD10 positive, Bed10, COVID-19, 5OO mg, O.4 mg, P0", "Hello world 2024", "Allison Lloyd", "IL-6 and I/O"])(
    "leaves clinical tokens and ordinary words alone: %s",
    (text) => {
      expect(ocrNormalise(text)).toBe(text);
    },
  );

  it("keeps the length (so every offset) and is idempotent on any text", () => {
    const alphabet = fc.constantFrom(..."0123456789OolIl|ABCDEFabcdef/.-:, \n😀é".split(""));
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 200 }).map((a) => a.join("")), (text) => {
        const once = ocrNormalise(text);
        expect(once.length).toBe(text.length);
        expect(ocrNormalise(once)).toBe(once);
      }),
      { numRuns: 500 },
    );
  });
});
