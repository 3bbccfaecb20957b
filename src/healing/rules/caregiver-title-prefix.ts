// Policy: title-only spans right before a caregiver ("Dr." + "Peeters") belong to that caregiver's span.
import type { Span } from "../../contract/index.js";
import type { HealingLexicon } from "../lexicon.js";
import type { HealingRule } from "../index.js";
import { hasEffectiveAlnumIn, mergedSpan, unchangedSpans } from "../spans.js";
import { caregiverTitleSpans, titlesStartingBefore, withTitlesJoined } from "./caregiver-titles.js";

export function caregiverTitlePrefix(lex: HealingLexicon): HealingRule {
  return (spans, { document }) => {
    const text = document.text;
    const found = caregiverTitleSpans(spans, text, lex);
    if (!found) return unchangedSpans(spans);
    const { sorted, titles, isTitleSpan } = found;
    const gapOk = (a: Span, b: Span) => b.start > a.end && !hasEffectiveAlnumIn(text, a.end, b.start);
    const titleIndex = new Map(titles.map((t, k) => [t, k]));
    const consumed = new Set<Span>();
    const replaced = new Map<Span, Span>();
    // skip[k]: the nearest title at or before k not consumed yet (path-compressed), so consumed chains are jumped.
    const skip = Int32Array.from(titles, (_, k) => k);
    const unconsumedAtOrBefore = (k: number): number => {
      let r = k;
      while (r >= 0 && skip[r] !== r) r = skip[r];
      for (let x = k; x >= 0 && skip[x] !== x; ) {
        const nextX = skip[x];
        skip[x] = r;
        x = nextX;
      }
      return r;
    };
    const consume = (t: Span) => {
      consumed.add(t);
      const k = titleIndex.get(t);
      if (k !== undefined) skip[k] = k - 1;
    };
    /**
     * The last title span in position order that ends at or before `at` and is not consumed: from the last title
     * starting before `at`, backwards over unconsumed titles only (it used to filter every span for every step).
     */
    const lastTitleBefore = (at: number): Span | undefined => {
      for (let k = unconsumedAtOrBefore(titlesStartingBefore(titles, at) - 1); k >= 0; k = unconsumedAtOrBefore(k - 1)) if (titles[k].end <= at) return titles[k];
      return undefined;
    };
    for (const target of sorted) {
      if (target.label !== "Name:Caregiver" || isTitleSpan(target)) continue;
      const chain: Span[] = [];
      let next = target;
      for (;;) {
        const prev = lastTitleBefore(next.start);
        if (!prev || !gapOk(prev, next)) break;
        chain.unshift(prev);
        next = prev;
      }
      if (chain.length === 0) continue;
      chain.forEach(consume);
      replaced.set(target, mergedSpan([...chain, target], "Name:Caregiver", chain[0].start, target.end));
    }
    return withTitlesJoined(sorted, consumed, replaced);
  };
}
