// Wards and living groups named after flowers, animals and places (lib/wards.ts), against departments named by
// their discipline; and a compass point in a ward's code, which is no name. The strings are invented for these tests.
import { beforeAll, describe, expect, it } from "vitest";
import { rendered, testLexicon } from "./test-support/detected.js";

beforeAll(() => {
  testLexicon();
});

const render = (marked: string): string => rendered(marked);

const CASES: [rule: string, marked: string][] = [
  ["a ward named after a bird", "MDO afdeling [Meerkoet](Organization:Healthcare), overleg met de familie."],
  ["a ward after the abbreviation", "Bewoner van afd. [Egel](Organization:Healthcare), kamer 12."],
  ["living groups", "leefgroep [Zeester](Organization:Healthcare) en woongroep [Kompas](Organization:Healthcare)"],
  ["departments by discipline", "Afdeling Radiologie, afd. Longziekten, afdeling Verloskunde, afdeling Spoed, afdeling Materniteit."],
  ["a department whose title goes on", "afdeling Interne Geneeskunde en afdeling Maag-, Darm- en Leverziekten"],
  ["a ward's code", "afdeling C3-Noord, afd. B2"],
  ["a compass point after a ward's number is no name", "Rapportage afd. 2 Oost, kamer 14; team van afdeling B West"],
  ["a ward word in lower-case text", "Terug naar de afdeling met rollator."],
];

describe("ward names", () => {
  it.each(CASES)("%s", (_rule, marked) => {
    expect(render(marked)).toBe(marked);
  });
});
