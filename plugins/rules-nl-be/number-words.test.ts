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
  ["a copula", "mevrouw is [vijfentachtig jaar](Age_Birthdate) en woonde alleen"],
  ["a person word and van", "een man van [zeventig jaar](Age_Birthdate) met dyspnoe"],
  ["with oud", "Hij is nu [tweeëntwintig jaar oud](Age_Birthdate)."],
  ["the -jarige compound", "een [vijfenzestigjarige](Age_Birthdate) man"],
  ["French person word and de", "Femme de [septante-deux ans](Age_Birthdate), veuve"],
  ["French apposition", "Mr Lhoest, [quatre-vingt-un ans](Age_Birthdate), dyspnée"],
  ["a child's months in brackets", "Louis ([zeven maanden](Age_Birthdate)) drinkt slecht"],
  ["a date in words after a time word", "gezien op [drie maart](Date) punt"],
  ["a date with its year in words", "Vu le [douze mars deux mille vingt-quatre](Date)."],
  ["a birth date in words", "Il est né le [trois juin mil neuf cent cinquante](Age_Birthdate) et vit"],
  // Negatives: durations, one year, a date without a cue.
  ["il y a", "il y a vingt ans"],
  ["sinds, with a word between", "sinds ongeveer twintig jaar, Sinds ruim een jaar"],
  ["a duration after", "ze is twintig jaar getrouwd"],
  ["one year", "Mevrouw is een jaar weduwe."],
  ["months without brackets", "na zeven maanden therapie"],
  ["a date in words without a cue or year", "drie maart"],
];

describe("number words", () => {
  it.each(CASES)("%s", (_rule, marked) => {
    expect(render(marked)).toBe(marked);
  });

  it("follow the families", () => {
    const text = "Hij is zeventig jaar, gezien op drie maart.";
    expect(numberWordCandidates(text, false, true).map((c) => c.label)).toEqual(["Date"]);
    expect(numberWordCandidates(text, true, false).map((c) => c.label)).toEqual(["Age_Birthdate"]);
  });

  it("return candidates inside the text for any text of number words", () => {
    const word = fc.constantFrom("is", "zeventig", "jaar", "de", "septante-deux", "ans", "(", ")", "maanden", "op", "drie", "maart", "le", "deux mille", "né", " ", ",");
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
