// Policy: a caregiver span ending in an abbreviated title ("Dr", "Prof") takes the period that follows it.
import type { HealingLexicon } from "../lexicon.js";
import type { HealingRule } from "../index.js";
import { withBounds, mapSpans } from "../spans.js";

export function titlePeriod(lex: HealingLexicon): HealingRule {
  const endsInTitle = new RegExp(`(?<![\\p{L}])${lex.title}$`, "iu");
  return (spans, { document }) =>
    mapSpans(spans, (s) => {
      if (s.label !== "Name:Caregiver" || document.text[s.end] !== ".") return s;
      return endsInTitle.test(document.text.slice(s.start, s.end)) ? withBounds(s, s.start, s.end + 1) : s;
    });
}
