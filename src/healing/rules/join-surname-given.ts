// Policy (English annotation): a name written "SURNAME, Given" or, after a field label, "Surname, Given" is one span
// ("KHAN, Farzana", "From: Iwu, Samuel", "Patient: Quaye, Efua T."), whichever detector found each part. Two
// names after each other in running text ("Smith, Jones and Patel") stay apart: the first part must be written in
// capitals, or the line must start with a label ending in a colon right before it.
import type { Span } from "../../contract/index.js";
import type { HealingRule } from "../index.js";
import { byPosition, isNameLabel, mergedSpan } from "../spans.js";

const GAP = /^, ?$/;
const CAPITALS = /^[\p{Lu}][\p{Lu}'’\- ]*[\p{Lu}]$/u;
/** A field label at the start of its line just before the name: "Patient:", "From:", "Name :". */
const FIELD_BEFORE = /(?:^|\n)[ \t]*[\p{L}][\p{L} ./#]{0,24}:[ \t]{0,4}$/u;
/** A middle initial after the given name ("HALVORSEN, Brigit K", "Quaye, Efua T."): before the line's end, a
 * space, a comma, a semicolon or a bracket; not "I", not an "A" before a lower-case word (the article). */
const MIDDLE_INITIAL = /^[ \t]{1,2}(\p{Lu})(\.?)(?=$|[\s,;)])/u;

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
        const label = prev.label === s.label ? prev.label : prev.label === "Name:Other" ? s.label : prev.label;
        const next = sorted.find((x) => x.start >= s.end);
        const after = text.slice(s.end, Math.min(next ? next.start : text.length, s.end + 6));
        const m = MIDDLE_INITIAL.exec(after);
        const article = m !== null && m[1] === "A" && m[2] === "" && /^[ \t]+\p{Ll}/u.test(text.slice(s.end + m[0].length, s.end + m[0].length + 3));
        out[out.length - 1] = m && m[1] !== "I" && !article ? mergedSpan([prev, s], label, prev.start, s.end + m[0].length) : mergedSpan([prev, s], label);
        continue;
      }
    }
    out.push(s);
  }
  return out;
};
