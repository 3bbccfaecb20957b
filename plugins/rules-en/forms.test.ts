import "reflect-metadata";
import { describe, expect, it } from "vitest";
import { compileRulesEn, detectRulesEn } from "./lib/detect.js";
import { parseMarkup, renderMarkup } from "./test-support/markup.js";

const compiled = compileRulesEn();

// Forms of records and queries (lib/forms.ts), with their exact extents.
const CASES: readonly string[] = [
  // Rural route boxes.
  "Ms. [Odile Farraday]\n[RR 4 Box 27B]\n",
  "Address: [HC 71 Box 9], gravel lane",
  // Postcode districts after or before their cue.
  "asthma admissions postcode [ky8]",
  "home visits postcodes [hr2, hr3] and [hr4]",
  "pts in [ng17] postcode district",
  // A job named by its agent noun after a work verb and "as a".
  "He worked as a [drain layer] at the quarry until [2019].",
  "She stopped work as a [net mender] in spring.",
  "Works nights as a\n[tram conductor]. No sick pay.",
  // An age with a short unit in a query; weeks only beside a baby.
  "[colm reddan] [3 mo] reflux",
  "hip fracture [91yrs] nursing home",
  "baby [5 wk] jaundice",
  // An age in the column after a patient's name on a header line.
  "Pt: [Olwen Tarrant]   M   [44]   Ref [QX0071123]",
];
const NEGATIVES: readonly string[] = [
  "He worked as a team with the nurses. She works as a volunteer at weekends.",
  "ob ultrasound 20 wk anatomy scan",
  "ppi x 8 wk then review",
  "   - f/u 6 wks, sooner if needed",
];

describe("record and query forms", () => {
  it.each(CASES.map((c) => [c]))("%s", (marked) => {
    const { text } = parseMarkup(marked);
    expect(renderMarkup(text, detectRulesEn(text, compiled))).toBe(marked);
  });
  it.each(NEGATIVES.map((c) => [c]))("%s", (text) => {
    expect(renderMarkup(text, detectRulesEn(text, compiled))).toBe(text);
  });
});
