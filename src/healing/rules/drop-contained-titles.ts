// Policy: a title-only span inside a caregiver's span says nothing more and is dropped.
import type { HealingLexicon } from "../lexicon.js";
import { isTitleOnly } from "../lexicon.js";
import type { HealingRule } from "../index.js";
import { indexOf, filterSpans, unchangedSpans } from "../spans.js";

export function dropContainedTitles(lex: HealingLexicon): HealingRule {
  return (spans, { document }) => {
    const caregivers = spans.filter((s) => s.label === "Name:Caregiver");
    if (caregivers.length === 0) return unchangedSpans(spans);
    const inside = indexOf(caregivers, document.text.length);
    return filterSpans(
      spans,
      (s) =>
        s.label === "Name:Caregiver" ||
        !inside.covers(s.start, s.end) ||
        !isTitleOnly(document.text.slice(s.start, s.end), lex),
    );
  };
}
