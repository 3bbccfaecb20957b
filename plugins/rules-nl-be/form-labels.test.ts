// Words of forms and table headers are no names or places (session ten, issue 11): an ordinary capitalised word
// before a field's colon, the first half of a bilingual label, an abbreviated label, a cell of a header line, a word
// after a unit's letter and a period ("g/L. Kalium"); and a name that runs over a column gap is split into its cells. Common given names before a colon stay names (a speaker),
// values stay values. The strings are invented for these tests.
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

function namesAndPlaces(marked: string): string {
  const { text } = parseMarkup(marked);
  return renderMarkup(text, detectSpans(text, lexicon).filter((s) => /^(?:Name|Address_Location):/.test(s.label)));
}

const CASES = [
  "Achternaam / Nom : [JANSSENS](Name:Patient)        Roepnaam / Surnom : [Koen](Name:Patient)",
  "Taal / Langue : NL",
  "Arrivée : 14:20   Heure : 14:35   Box : 4",
  "Kamer : 12 – Lit : raam",
  "Afd.: C3   Verpl.: 2",
  "Onderzoek        Waarde       Eenheid\nCreatinine       88           µmol/l",
  "Ochtend\tMiddag\tAvond\n[Peeters Jan](Name:Other)\t[Claes Eva](Name:Other)\t[Wouters Ann](Name:Other)",
  "Mevrouw [Lemmens](Name:Patient) woont in [Hasselt](Address_Location:Patient).",
  "Uur\tPols\tSaturatie\tSpO2\n08:00\t72\t97\t2",
  "Albumine 38 g/L. Eetlust matig, natrium 139.",
  "Schaal van Norton 14 P. Wonde droog.",
  "Besproken met [J. Peeters](Name:Other) van de sociale dienst.",
];

describe("form labels, header cells and column gaps", () => {
  it.each(CASES)("%s", (marked) => {
    expect(namesAndPlaces(marked)).toBe(marked);
  });
});
