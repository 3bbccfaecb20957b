// Bare fragments of session ten (issue 11): a text that is only initials, initials and a surname that is also a
// word, a particle and a surname, a street by its suffix, a listed town in capitals; and one capital before an eponym
// (the disease, "M. Parkinson"), which stays no name. The strings are invented for these tests.
import { beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../src/detectors/index.js";
import { loadRulesLexicon } from "./index.js";
import { detectSpans } from "./lib/detect.js";
import type { Lexicon } from "./lib/lexicon.js";
import { parseMarkup, renderMarkup } from "./test-support/markup.js";

let lexicon: Lexicon;
beforeAll(() => {
  lexicon = loadRulesLexicon(PROJECT_ROOT);
});

const CASES = [
  "[K.L.](Name:Other)",
  "[M.v.d.S.](Name:Other)",
  "[B. Visser](Name:Other)",
  "[Van Hoeylandt](Name:Other)",
  "[van den Broeck](Name:Other)",
  "[Beukenlaan](Address_Location:Other)",
  "[Sint-Jansplein](Address_Location:Other)",
  "[LEUVEN](Address_Location:Other)",
  "M. Parkinson",
  "In de",
];

describe("bare fragments", () => {
  it.each(CASES)("%s", (marked) => {
    const { text } = parseMarkup(marked);
    expect(renderMarkup(text, detectSpans(text, lexicon))).toBe(marked);
  });
});
