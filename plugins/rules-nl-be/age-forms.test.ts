// Ages in short written forms (lib/age-forms.ts, session twelve): years and months with a semicolon, a number after a
// sex sign, a birth year with an apostrophe, years after "met/op haar/zijn", the age at the menarche or menopause, and
// a bare number in brackets after a client, resident or child word. The strings are invented for these tests.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../src/detectors/index.js";
import { loadRulesLexicon } from "./index.js";
import { ageFormCandidates } from "./lib/age-forms.js";
import { detectSpans } from "./lib/detect.js";
import type { Lexicon } from "./lib/lexicon.js";
import { parseMarkup, renderMarkup } from "./test-support/markup.js";

let lexicon: Lexicon;
beforeAll(() => {
  lexicon = loadRulesLexicon(PROJECT_ROOT);
});

function ages(marked: string): string {
  const { text } = parseMarkup(marked);
  return renderMarkup(text, detectSpans(text, lexicon).filter((s) => s.label === "Age_Birthdate"));
}

const CASES = [
  "Kind van [3;4 jaar](Age_Birthdate) met koorts.",
  "Ontwikkeling op [5;11 j](Age_Birthdate) normaal.",
  "Consult ♂, [58](Age_Birthdate), hoest",
  "♀ [71 jaar](Age_Birthdate), val thuis",
  "Dhr. Verlinst, geb. [’47](Age_Birthdate), COPD",
  "Mevrouw woont met haar [91 jaar](Age_Birthdate) nog alleen.",
  "Voorgeschiedenis: menarche [12j](Age_Birthdate), menopauze: [51 jaar](Age_Birthdate).",
  "Cliënt ([44](Age_Birthdate)) woont in een studio.",
  "Woont met dochtertje ([6](Age_Birthdate)) bij haar moeder.",
  // Negatives: a dose after a sex sign, a ratio with a semicolon, a count of years with a possessive noun.
  "♂ 2 x per dag",
  "♀ 71 kg",
  "score 3;4 bij opname",
  "Ratio 12;15 jaar gemiddeld",
  "Hij heeft met zijn 2 broers gesproken.",
  "Menarche onbekend.",
];

describe("age forms", () => {
  it.each(CASES)("%s", (marked) => {
    expect(ages(marked)).toBe(marked);
  });

  it("return spans inside the text with a digit, for any text of those characters", () => {
    const piece = fc.constantFrom("♀", "♂", ",", " ", "(", ")", ";", "'", "geb. ", "met haar ", "menarche ", "jaar", "j", "7", "12", "\n", "x");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 14 }), (pieces) => {
        const text = pieces.join("");
        for (const c of ageFormCandidates(text)) {
          expect(c.start).toBeGreaterThanOrEqual(0);
          expect(c.end).toBeLessThanOrEqual(text.length);
          expect(text.slice(c.start, c.end)).toMatch(/\d/);
        }
      }),
      { numRuns: 300 },
    );
  });
});
