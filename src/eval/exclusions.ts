// Numerator exclusions for the non-PII redaction rate. ASQ-PHI leaves explicit ages under 90 unannotated; MedDeID
// (Methods, ASQ-PHI sensitivity) recomputed every system's rate without the redacted characters of such ages,
// found by the same rules for every system and whatever label a system gave them. These rules are our own English
// reading of that description: "N-year-old"/"N-month-old", "N yo"/"N y/o"/"N y", "age N", compact age–sex ("45M",
// "45 F"), and "over/under N" thresholds, for N < 90. Qualitative words ("elderly") are not ages here.
import type { Document } from "../contract/index.js";
import { mergeIntervals } from "../contract/index.js";
import type { Interval } from "./counts.js";

const NUMBER = String.raw`(\d{1,3}(?:\.\d+)?)`;
const AGE_PATTERNS: readonly RegExp[] = [
  new RegExp(String.raw`\b${NUMBER}[\s-]*(?:years?|yrs?|months?|mos?|weeks?|wks?|days?)[\s-]*old\b`, "gi"),
  new RegExp(String.raw`\b${NUMBER}\s*(?:y\/o|y\.o\.?|yo|yrs?|y)(?![A-Za-z])`, "gi"),
  new RegExp(String.raw`\bage[ds]?\s*(?:of\s+)?${NUMBER}\b`, "gi"),
  new RegExp(String.raw`\b${NUMBER}\s?(?:M|F)\b`, "g"),
  new RegExp(String.raw`\b(?:over|under|above|below|older than|younger than)\s+(?:the\s+)?(?:age\s+(?:of\s+)?)?${NUMBER}\b`, "gi"),
];

/** UTF-16 ranges of explicit ages under 90 in a text, merged. */
export function explicitAgeRanges(text: string): Interval[] {
  const found: Interval[] = [];
  for (const re of AGE_PATTERNS) {
    for (const m of text.matchAll(re)) {
      if (Number(m[1]) >= 90) continue;
      found.push({ start: m.index, end: m.index + m[0].length });
    }
  }
  return mergeIntervals(found);
}

/** For `ScoreOptions.nonPiiExclusions`: the explicit ages under 90 of each document. */
export function explicitAgeExclusions(doc: Document): Interval[] {
  return explicitAgeRanges(doc.text);
}
