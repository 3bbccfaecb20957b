// Policy: a title-only span right after a caregiver ("Peeters" + ", Dr.") belongs to that caregiver's span.
import type { Span } from "../../contract/index.js";
import type { HealingLexicon } from "../lexicon.js";
import type { HealingRule } from "../index.js";
import { hasEffectiveAlnumIn, mergedSpan, unchangedSpans } from "../spans.js";
import { caregiverTitleSpans, titlesStartingBefore, withTitlesJoined } from "./caregiver-titles.js";

export function caregiverTitleSuffix(lex: HealingLexicon): HealingRule {
  return (spans, { document }) => {
    const text = document.text;
    const found = caregiverTitleSpans(spans, text, lex);
    if (!found) return unchangedSpans(spans);
    const { sorted, titles, isTitleSpan } = found;
    const consumed = new Set<Span>();
    const replaced = new Map<Span, Span>();
    /**
     * The first title span in position order starting after `at` that is not consumed; a later one has a longer gap
     * holding this one's, so only this one can have a gap without letters or digits (it used to scan every span).
     */
    const firstTitleAfter = (at: number): Span | undefined => {
      for (let k = titlesStartingBefore(titles, at, true); k < titles.length; k++) if (!consumed.has(titles[k])) return titles[k];
      return undefined;
    };
    for (const target of sorted) {
      if (target.label !== "Name:Caregiver" || isTitleSpan(target) || consumed.has(target)) continue;
      const candidate = firstTitleAfter(target.end);
      const title = candidate && candidate !== target && !hasEffectiveAlnumIn(text, target.end, candidate.start) ? candidate : undefined;
      if (!title) continue;
      consumed.add(title);
      const end = text[title.end] === "." && text[title.end - 1] !== "." ? title.end + 1 : title.end;
      replaced.set(target, mergedSpan([target, title], "Name:Caregiver", target.start, end));
    }
    return withTitlesJoined(sorted, consumed, replaced);
  };
}
