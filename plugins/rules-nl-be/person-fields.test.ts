// Names of session ten (issue 11): a person field whose value opens with a particle in capitals ("Naam : DE SMET") or
// is initials ("Voorletters: K.L."); a relative's given name that the extra whitelist holds as a language, right after
// the relative word ("zijn broer Frans"), but not after a verb of speaking; a lower-case given name after a form of
// address with the listed surname after it ("pt karel de smet"). The strings are invented for these tests.
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
  "Naam          : [VAN HOOF](Name:Patient)\nVoornaam      : [Lien](Name:Patient)",
  "Nom / Naam : [DE GROOTE](Name:Patient)",
  "Voorletters:    [K.L.](Name:Patient)\nRoepnaam: [Kees](Name:Patient)",
  "Zijn broer [Frans](Name:Other) komt morgen op bezoek.",
  "Hij spreekt met zijn vader Frans en Nederlands.",
  "pt [karel de smet](Name:Patient) kwam langs met zijn dochter.",
  "mw [anna peeters](Name:Patient) belde over de uitslag.",
  "pt [jan](Name:Patient) komt morgen terug.",
];

describe("person fields and relatives", () => {
  it.each(CASES)("%s", (marked) => {
    const { text } = parseMarkup(marked);
    expect(renderMarkup(text, detectSpans(text, lexicon).filter((s) => s.label.startsWith("Name:")))).toBe(marked);
  });
});
