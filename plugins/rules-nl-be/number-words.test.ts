// Ages and dates written in words (lib/number-words.ts): each case exact for the number-word rules alone, each with
// the duration or the bare number that the same rule must leave alone; a property checks offsets on any text.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { numberWordCandidates } from "./lib/number-words.js";
import { parseMarkup, renderMarkup } from "./test-support/markup.js";

const render = (marked: string): string => {
  const { text } = parseMarkup(marked);
  return renderMarkup(text, numberWordCandidates(text, true, true).map((c) => ({ start: c.start, end: c.end, label: c.label })));
};

const CASES: [rule: string, marked: string][] = [
  ["a copula", "mevrouw is [zesentachtig jaar](Age_Birthdate) en woont bij haar dochter"],
  ["a person word and van", "een man van [zeventig jaar](Age_Birthdate) met dyspnoe"],
  ["with oud", "Hij is nu [tweeëntwintig jaar oud](Age_Birthdate)."],
  ["the -jarige compound", "een [achtenvijftigjarige](Age_Birthdate) man"],
  ["French person word and de", "Homme de [soixante-trois ans](Age_Birthdate), marié"],
  ["French apposition", "Mme Collard, [quatre-vingt-quatre ans](Age_Birthdate), chute"],
  ["a child's months in brackets", "Noah ([negen maanden](Age_Birthdate)) eet slecht"],
  ["a date in words after a time word", "gezien op [vijf april](Date) komma"],
  ["a date with its year in words", "Vu le [seize avril deux mille vingt-deux](Date)."],
  ["a birth date in words", "Elle est née le [sept mai mil neuf cent quarante](Age_Birthdate) et habite"],
  // Negatives: durations, one year, a date without a cue.
  ["il y a", "il y a vingt ans"],
  ["sinds, with a word between", "sinds ongeveer twintig jaar, Sinds ruim een jaar"],
  ["a duration after", "ze is twintig jaar getrouwd"],
  ["one year", "Mevrouw is een jaar weduwe."],
  ["months without brackets", "na negen maanden therapie"],
  ["a date in words without a cue or year", "vijf april"],
];

describe("number words", () => {
  it.each(CASES)("%s", (_rule, marked) => {
    expect(render(marked)).toBe(marked);
  });

  it("follow the families", () => {
    const text = "Hij is zeventig jaar, gezien op vijf april.";
    expect(numberWordCandidates(text, false, true).map((c) => c.label)).toEqual(["Date"]);
    expect(numberWordCandidates(text, true, false).map((c) => c.label)).toEqual(["Age_Birthdate"]);
  });

  it("return candidates inside the text for any text of number words", () => {
    const word = fc.constantFrom("is", "zeventig", "jaar", "de", "soixante-trois", "ans", "(", ")", "maanden", "op", "vijf", "april", "le", "deux mille", "né", " ", ",");
    fc.assert(
      fc.property(fc.array(word, { maxLength: 12 }), (words) => {
        const text = words.join(" ");
        for (const c of numberWordCandidates(text, true, true)) {
          expect(c.start).toBeGreaterThanOrEqual(0);
          expect(c.end).toBeLessThanOrEqual(text.length);
          expect(c.end).toBeGreaterThan(c.start);
          expect(text.slice(c.start, c.end)).toBe(text.slice(c.start, c.end).trim());
        }
      }),
      { numRuns: 300 },
    );
  });
});
