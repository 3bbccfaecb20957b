// Policy: a span without a letter or digit identifies nothing and is dropped.
import type { HealingRule } from "../index.js";
import { hasEffectiveAlnumIn, filterSpans } from "../spans.js";

export const dropNonAlphanumeric: HealingRule = (spans, { document }) =>
  filterSpans(spans, (s) => hasEffectiveAlnumIn(document.text, s.start, s.end));
