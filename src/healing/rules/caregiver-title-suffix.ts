// Policy: a title-only span right after a caregiver ("Peeters" + ", Dr.") belongs to that caregiver's span.
import type { Span } from "../../contract/index.js";
import type { HealingLexicon } from "../lexicon.js";
import { isTitleOnly } from "../lexicon.js";
import type { HealingRule } from "../index.js";
import { hasEffectiveAlnumIn, mergedSpan, unchangedSpans, mapSpans, filterSpans, sortedByPosition } from "../spans.js";

export function caregiverTitleSuffix(lex: HealingLexicon): HealingRule {
  return (spans, { document }) => {
    if (!spans.some((s) => s.label === "Name:Caregiver")) return unchangedSpans(spans);
    const text = document.text;
    const titleSpans = new Set(spans.filter((s) => (s.label === "Name:Other" || s.label === "Name:Caregiver") && isTitleOnly(text.slice(s.start, s.end), lex)));
    if (titleSpans.size === 0) return unchangedSpans(spans);
    const isTitleSpan = (s: Span) => titleSpans.has(s);
    const sorted = sortedByPosition(spans);
    const titles = sorted.filter(isTitleSpan);
    const consumed = new Set<Span>();
    const replaced = new Map<Span, Span>();
    /**
     * The first title span in position order starting after `at` that is not consumed; a later one has a longer gap
     * holding this one's, so only this one can have a gap without letters or digits (it used to scan every span).
     */
    const firstTitleAfter = (at: number): Span | undefined => {
      let lo = 0;
      let hi = titles.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (titles[mid].start <= at) lo = mid + 1;
        else hi = mid;
      }
      for (let k = lo; k < titles.length; k++) if (!consumed.has(titles[k])) return titles[k];
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
    return mapSpans(filterSpans(sorted, (s) => !consumed.has(s)), (s) => replaced.get(s) ?? s);
  };
}
