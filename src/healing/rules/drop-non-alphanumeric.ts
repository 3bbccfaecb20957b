// Policy: a span without a letter or digit identifies nothing and is dropped.
import type { HealingRule } from "../index.js";
import { hasEffectiveAlnum } from "../spans.js";

export const dropNonAlphanumeric: HealingRule = (spans, { document }) =>
  spans.filter((s) => hasEffectiveAlnum(document.text.slice(s.start, s.end)));
