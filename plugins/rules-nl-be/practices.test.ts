// A practice named after its discipline and a name (lib/practices.ts), against a therapist's report, a doctor, a
// day and a heading after the same words. The strings are invented for these tests.
import { beforeAll, describe, expect, it } from "vitest";
import { rendered, testLexicon } from "./test-support/detected.js";

beforeAll(() => {
  testLexicon();
});

const organisations = (marked: string): string => rendered(marked, (label) => label.startsWith("Organization"));

const CASES: [rule: string, marked: string][] = [
  ["a practice by its discipline and a surname", "Ergotherapie bij [Handtherapie Delvigne](Organization:Healthcare) in de stad."],
  ["a letterhead with the discipline in lower case", "Praktijk logopedie [Klankkast](Organization:Healthcare)\nMira Hulpiau, logopediste"],
  ["a day after the discipline", "Logopedie Donderdag om 10u, podologie maandag."],
  ["a therapist's report in brackets", "Ergotherapie (Mira Hulpiau): zelfstandig in wassen."],
];

describe("practices by discipline", () => {
  it.each(CASES)("%s", (_rule, marked) => {
    expect(organisations(marked)).toBe(marked);
  });
});
