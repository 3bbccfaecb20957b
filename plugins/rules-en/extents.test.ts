import "reflect-metadata";
import { describe, expect, it } from "vitest";
import { compileRulesEn, detectRulesEn } from "./lib/detect.js";
import { parseMarkup, renderMarkup } from "./test-support/markup.js";

const compiled = compileRulesEn();

// The exact extents (not only overlap) of organisations and places whose names own more words on their line.
const CASES: readonly string[] = [
  // An organisation's kind word after the words found.
  "Primary ins: [Quarrendon Valley Health Plan]\nSecondary: none",
  "[WESTHOLM HEALTH PLAN]\nUtilization Management",
  "Referred to [Brackwater Orthopaedics & Sports Medicine] for review.",
  "He drives for the [Pellow Creek Grain Co-op] at harvest.",
  "[QUILLBY HOSPICE OF THE NORTH FELLS]    On-call 24h",
  // A heading's first words before an organisation found on its line.
  "To the school nurse\n[Tamsinford Pines Elementary School]\n[12 Larch Way]",
  // A state code or a postcode district after a town in a query; a ZIP after a state's name; a town before ST ZIP.
  "pneumoconiosis [corbin ky]",
  "tinnitus [hayle tr27]",
  "[Seaford, Delaware 19973]",
  "[1 Elm Row]\n[FORT QUELL WV 26799]\n",
];
// Not a body: a document's plan, a hospital's own unit, a heading without a kind word.
const UNCHANGED: readonly string[] = [
  "I enclose her Individual Healthcare Plan for school.",
  "WORK STATUS REPORT\nTo: Safety Dept.",
];

describe("extents of organisations and places", () => {
  it.each(CASES.map((c) => [c]))("%s", (marked) => {
    const { text } = parseMarkup(marked);
    expect(renderMarkup(text, detectRulesEn(text, compiled))).toBe(marked);
  });
  it.each(UNCHANGED.map((c) => [c]))("%s", (text) => {
    const found = renderMarkup(text, detectRulesEn(text, compiled));
    expect(found.includes("Plan]") || found.includes("[WORK")).toBe(false);
  });
});
