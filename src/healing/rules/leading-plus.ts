// Policy: a phone number keeps the "+" of its country code.
import type { HealingRule } from "../index.js";
import { withBounds, mapSpans } from "../spans.js";

export const leadingPlus: HealingRule = (spans, { document }) =>
  mapSpans(spans, (s) => (s.label === "Contactdetails" && document.text[s.start - 1] === "+" ? withBounds(s, s.start - 1, s.end) : s));
