// Policy: a phone number keeps the "+" of its country code.
import type { HealingRule } from "../index.js";
import { withBounds } from "../spans.js";

export const leadingPlus: HealingRule = (spans, { document }) =>
  spans.map((s) => (s.label === "Contactdetails" && document.text[s.start - 1] === "+" ? withBounds(s, s.start - 1, s.end) : s));
