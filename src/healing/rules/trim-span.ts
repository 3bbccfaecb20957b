// Policy: a span starts and ends on a letter or digit; edge punctuation and symbols are not identifying.
import type { HealingRule } from "../index.js";
import { isEffectivelyAlnum, withBounds, mapSpans } from "../spans.js";

/**
 * An identifier written `#A44812`, `#12345678`: the `#` is part of the form (English notes write an order or a
 * reference number that way), so it stays when it opens the span, touches the value, follows no letter or digit
 * (`MRN#55021986` keeps its `#` with the cue) and the value has a digit.
 */
function keepsHash(text: string, start: number, end: number, label: string): boolean {
  if (text[start] !== "#" || !(label.startsWith("ID:") || label === "Anonymize_Other")) return false;
  if (start + 1 >= end || !/[A-Za-z0-9]/.test(text[start + 1])) return false;
  if (start > 0 && /[\p{L}\p{N}]/u.test(text[start - 1])) return false;
  return /\d/.test(text.slice(start + 1, end));
}

function trim(keepHash: boolean): HealingRule {
  return (spans, { document }) =>
    mapSpans(spans, (s) => {
      const text = document.text;
      let start = s.start;
      let end = s.end;
      while (start < end && !isEffectivelyAlnum(text[start]) && !(keepHash && keepsHash(text, start, end, s.label))) start++;
      while (end > start && !isEffectivelyAlnum(text[end - 1])) end--;
      // A low surrogate at the end belongs to a letter outside the BMP.
      if (end < s.end && /[\uDC00-\uDFFF]/.test(text[end] ?? "")) end++;
      return start < end ? withBounds(s, start, end) : s;
    });
}

export const trimSpan: HealingRule = trim(false);

/** The en profile's trim: as trim-span, but an identifier's leading `#` stays (`#A44812`). */
export const trimSpanKeepHash: HealingRule = trim(true);
