// Policy: a time of day after a date ("12/03/2023 14:30") is not part of the date span.
import type { HealingRule } from "../index.js";
import { withBounds, mapSpans } from "../spans.js";

const DATE_THEN_TIME = /^(.*[\p{L}\p{N}.'’])\s+(?:[01]?\d|2[0-3])[:hu][0-5]\d(?::[0-5]\d)?$/u;

export const trimTrailingTime: HealingRule = (spans, { document }) =>
  mapSpans(spans, (s) => {
    if (s.label !== "Date") return s;
    const m = DATE_THEN_TIME.exec(document.text.slice(s.start, s.end));
    return m ? withBounds(s, s.start, s.start + m[1].length) : s;
  });
