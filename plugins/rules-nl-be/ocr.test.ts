// OCR inside words: every reading of a garbled word keeps its length (offsets stay the text's own), there are at
// most eight, and a reading counts only when a place or name list holds it.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../src/detectors/index.js";
import { loadRulesLexicon } from "./index.js";
import { detectSpans } from "./lib/detect.js";
import type { Lexicon } from "./lib/lexicon.js";
import { ocrReadings } from "./lib/ocr.js";
import { ocrTypeReadings } from "./lib/organisations.js";
import { parseMarkup, renderMarkup } from "./test-support/markup.js";

let lexicon: Lexicon;
beforeAll(() => {
  lexicon = loadRulesLexicon(PROJECT_ROOT);
});

describe("ocrReadings", () => {
  it("reads look-alike digits as letters, one character for one", () => {
    expect(ocrReadings("Tl1burg")).toContain("Tilburg");
    expect(ocrReadings("Amersf00rt")).toEqual(["Amersfoort"]);
    expect(ocrReadings("Tilburg")).toEqual([]);
    expect(ocrReadings("1234")).toEqual([]);
  });

  it("keeps the length, leaves no look-alike digit and never gives more than eight readings", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(..."abelmrstuzAT01|5"), minLength: 1, maxLength: 12 }), (word) => {
        const readings = ocrReadings(word);
        expect(readings.length).toBeLessThanOrEqual(8);
        for (const r of readings) {
          expect(r).toHaveLength(word.length);
          expect(r).not.toMatch(/[01|5]/);
        }
      }),
    );
  });
});

describe("ocrTypeReadings (institution type words a scan garbled)", () => {
  it("reads capitals with a lower-case l, look-alike digits and a doubled i", () => {
    expect(ocrTypeReadings("P0LIKLlNIEK")).toContain("polikliniek");
    expect(ocrTypeReadings("LABORAT0RIUM")).toContain("laboratorium");
    expect(ocrTypeReadings("Z1EKENHUIS")).toContain("ziekenhuis");
    expect(ocrTypeReadings("Tandartspraktiik")).toContain("tandartspraktijk");
    expect(ocrTypeReadings("POLIKLINIEK")).toEqual([]);
    expect(ocrTypeReadings("Polikliniek")).toEqual([]);
    expect(ocrTypeReadings("1234567")).toEqual([]);
  });

  it("keeps the length, leaves no look-alike digit and gives at most four lower-case readings", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(..."aeiklnKLNIEZ01|"), minLength: 1, maxLength: 16 }), (word) => {
        const readings = ocrTypeReadings(word);
        expect(readings.length).toBeLessThanOrEqual(4);
        for (const r of readings) {
          expect(r).toHaveLength(word.length);
          expect(r).not.toMatch(/[01|A-Z]/);
        }
        // A word without noise has no reading.
        // (A lower-case l counts as noise in a word otherwise in capitals, three or more of them: "EZlKN".)
        const lowerL = word.includes("l") && /^[A-Z01|l]+$/.test(word) && (word.match(/[A-Z]/g)?.length ?? 0) >= 3;
        if (!/[01|]/.test(word) && !word.includes("ii") && !lowerL) {
          expect(readings).toEqual([]);
        }
      }),
    );
  });
});

const CASES = [
  "Verwezen naar het ziekenhuis in [Tl1burg](Address_Location:Other).",
  "Opname in [Amersf00rt](Address_Location:Other), daarna naar [Ze1st](Address_Location:Other).",
  "Patiënt: [Bissch0p](Name:Other), A.M.",
  "Na sa1butamo1 geen reversibi1iteit, 1ongrevalidatie gepland.",
  "FEV1 1,42 l, HbA1c 53, controle over 2 weken.",
];

describe("garbled places and names", () => {
  it.each(CASES.map((c) => [c]))("%s", (marked) => {
    const { text } = parseMarkup(marked);
    expect(renderMarkup(text, detectSpans(text, lexicon))).toBe(marked);
  });

  it("follows the families", () => {
    const text = "Woont in Hi1versum.";
    expect(detectSpans(text, lexicon, { names: true, addresses: false, organisations: true, dates: true, ages: true, professions: true })).toEqual([]);
  });
});
