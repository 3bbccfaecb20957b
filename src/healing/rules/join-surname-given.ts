// Policy (English annotation): a name written "SURNAME, Given" or, after a field label, "Surname, Given" is one span
// ("KHAN, Farzana", "From: Iwu, Samuel", "Patient: Thibodeaux, Margaux E."), whichever detector found each part. Two
// names after each other in running text ("Smith, Jones and Patel") stay apart: the first part must be written in
// capitals, or the line must start with a label ending in a colon right before it.
import type { Span } from "../../contract/index.js";
import type { HealingRule } from "../index.js";
import { byPosition, isNameLabel, mergedSpan } from "../spans.js";

const GAP = /^, ?$/;
const CAPITALS = /^[\p{Lu}][\p{Lu}'’\- ]*[\p{Lu}]$/u;
/** A field label at the start of its line just before the name: "Patient:", "From:", "Name :". */
const FIELD_BEFORE = /(?:^|\n)[ \t]*[\p{L}][\p{L} ./#]{0,24}:[ \t]{0,4}$/u;

export const joinSurnameGiven: HealingRule = (spans, { document }) => {
  const text = document.text;
  const sorted = [...spans].sort(byPosition);
  const out: Span[] = [];
  for (const s of sorted) {
    const prev = out[out.length - 1];
    if (prev && isNameLabel(prev.label) && isNameLabel(s.label) && s.start >= prev.end && s.start - prev.end <= 2 && GAP.test(text.slice(prev.end, s.start))) {
      const first = text.slice(prev.start, prev.end);
      const upperFirst = /^\p{Lu}/u.test(text.slice(s.start, s.end));
      if (upperFirst && !first.includes(" ") && (CAPITALS.test(first) || FIELD_BEFORE.test(text.slice(Math.max(0, prev.start - 40), prev.start)))) {
        out[out.length - 1] = mergedSpan([prev, s], prev.label === s.label ? prev.label : prev.label === "Name:Other" ? s.label : prev.label);
        continue;
      }
    }
    out.push(s);
  }
  return out;
};
