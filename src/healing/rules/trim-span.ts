// Policy: a span starts and ends on a letter or digit; edge punctuation and symbols are not identifying.
import type { HealingRule } from "../index.js";
import { isEffectivelyAlnum, withBounds } from "../spans.js";

export const trimSpan: HealingRule = (spans, { document }) =>
  spans.map((s) => {
    const text = document.text;
    let start = s.start;
    let end = s.end;
    while (start < end && !isEffectivelyAlnum(text[start])) start++;
    while (end > start && !isEffectivelyAlnum(text[end - 1])) end--;
    // A low surrogate at the end belongs to a letter outside the BMP.
    if (end < s.end && /[\uDC00-\uDFFF]/.test(text[end] ?? "")) end++;
    return start < end ? withBounds(s, start, end) : s;
  });
