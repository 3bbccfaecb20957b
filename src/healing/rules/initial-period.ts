// Policy: a name span ending in an initial ("Peeters J") takes the period after it ("Peeters J.").
import type { HealingRule } from "../index.js";
import { isNameLabel, withBounds, mapSpans } from "../spans.js";

export const initialPeriod: HealingRule = (spans, { document }) =>
  mapSpans(spans, (s) => {
    if (!isNameLabel(s.label) || document.text[s.end] !== ".") return s;
    const text = document.text.slice(s.start, s.end);
    return /(?:^|[^\p{L}\p{N}])\p{Lu}$/u.test(text) ? withBounds(s, s.start, s.end + 1) : s;
  });
