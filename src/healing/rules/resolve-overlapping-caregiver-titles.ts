// Policy: when a caregiver ending in ", Dr." and the next caregiver both claim that title, the first keeps it.
import type { Span } from "../../contract/index.js";
import type { HealingLexicon } from "../lexicon.js";
import { isTitleOnly } from "../lexicon.js";
import type { HealingRule } from "../index.js";
import { withBounds, sortedByPosition, mapSpans } from "../spans.js";

export function resolveOverlappingCaregiverTitles(lex: HealingLexicon): HealingRule {
  const endsWithCommaTitle = new RegExp(`,\\s*(?:${lex.titleChain})$`, "iu");
  return (spans, { document }) => {
    const text = document.text;
    const sorted = sortedByPosition(spans);
    const out = new Map<Span, Span>();
    let previous: Span | undefined;
    for (const s of sorted) {
      if (s.label !== "Name:Caregiver") continue;
      if (previous && s.start < previous.end && s.end > previous.end && endsWithCommaTitle.test(text.slice(previous.start, previous.end))) {
        const overlap = text.slice(s.start, previous.end);
        if (isTitleOnly(overlap, lex) || /^[\s.,]*$/.test(overlap)) {
          let start = previous.end;
          while (start < s.end && /[\s.,]/.test(text[start])) start++;
          if (start < s.end) out.set(s, withBounds(s, start, s.end));
        }
      }
      previous = out.get(s) ?? s;
    }
    return mapSpans(sorted, (s) => out.get(s) ?? s);
  };
}
