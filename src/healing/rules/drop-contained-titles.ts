// Policy: a title-only span inside a caregiver's span says nothing more and is dropped.
import type { HealingLexicon } from "../lexicon.js";
import { isTitleOnly } from "../lexicon.js";
import type { HealingRule } from "../index.js";
import { contains } from "../spans.js";

export function dropContainedTitles(lex: HealingLexicon): HealingRule {
  return (spans, { document }) => {
    const caregivers = spans.filter((s) => s.label === "Name:Caregiver");
    return spans.filter(
      (s) =>
        s.label === "Name:Caregiver" ||
        !isTitleOnly(document.text.slice(s.start, s.end), lex) ||
        !caregivers.some((c) => contains(c, s)),
    );
  };
}
