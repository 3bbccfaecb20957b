// Policy: one span per (start, end, label), with every detector that found it; sorted by position.
import type { HealingRule } from "../index.js";
import { deduplicateSpans, isSortedAndUnique, unchangedSpans } from "../spans.js";

export const deduplicate: HealingRule = (spans) => (isSortedAndUnique(spans) ? unchangedSpans(spans) : deduplicateSpans(spans));
