import "reflect-metadata";
import { describe, expect, it } from "vitest";
import { compileRulesEn, detectRulesEn } from "./lib/detect.js";
import { parseMarkup, renderMarkup } from "./test-support/markup.js";

const compiled = compileRulesEn();

// Search-box queries and bare record fragments (lib/short-texts.ts), with their exact extents.
const CASES: readonly string[] = [
  // A listed town before its state code, on a line in one case; an everyday word as the town only as the whole line.
  "[vinita ok]",
  "[idabel ok] [2019] asthma",
  "[COZAD NE]",
  "[wahoo ne], copd",
  // A state's code alone as a field.
  "[KS]",
  // Ages in query syntax.
  "ages [30] to [45] hpv catch-up",
  "pts [65]+ flu jab",
  "women [50]+ mammogram recall",
  "patients over [70] falls clinic",
  // "Surname, Given" on a line in one case: the given name may be an everyday word; an age after it is the person's.
  "[okafor, grace n] [44 yrs]",
  "[GAUTHIER, ROSE-ANNE] DOB [01/02/1950]",
  "PATIENT: [PRENDERGAST, GUY]",
  "[okafor, annabel k.], [77]",
];
const NEGATIVES: readonly string[] = [
  "home ok",
  "bp ok",
  "MS",
  "patients with bmi over 30",
  "mood ok, eating ok",
  "pts on 40+ units insulin",
  "fever, chills, rigors",
  "pain, nausea",
  "brown, rose",
];

describe("queries and fragments", () => {
  it.each(CASES.map((c) => [c]))("%s", (marked) => {
    const { text } = parseMarkup(marked);
    expect(renderMarkup(text, detectRulesEn(text, compiled))).toBe(marked);
  });
  it.each(NEGATIVES.map((c) => [c]))("%s", (text) => {
    expect(renderMarkup(text, detectRulesEn(text, compiled))).toBe(text);
  });
});
