// Policy: title-only spans right before a caregiver ("Dr." + "Peeters") belong to that caregiver's span.
import type { Span } from "../../contract/index.js";
import type { HealingLexicon } from "../lexicon.js";
import { isTitleOnly } from "../lexicon.js";
import type { HealingRule } from "../index.js";
import { hasEffectiveAlnumIn, mergedSpan, unchangedSpans, mapSpans, filterSpans, sortedByPosition } from "../spans.js";

export function caregiverTitlePrefix(lex: HealingLexicon): HealingRule {
  return (spans, { document }) => {
    if (!spans.some((s) => s.label === "Name:Caregiver")) return unchangedSpans(spans);
    const text = document.text;
    const titleSpans = new Set(spans.filter((s) => (s.label === "Name:Other" || s.label === "Name:Caregiver") && isTitleOnly(text.slice(s.start, s.end), lex)));
    if (titleSpans.size === 0) return unchangedSpans(spans);
    const isTitleSpan = (s: Span) => titleSpans.has(s);
    const gapOk = (a: Span, b: Span) => b.start > a.end && !hasEffectiveAlnumIn(text, a.end, b.start);
    const sorted = sortedByPosition(spans);
    const titles = sorted.filter(isTitleSpan);
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
      let lo = 0;
      let hi = titles.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (titles[mid].start < at) lo = mid + 1;
        else hi = mid;
      }
      for (let k = unconsumedAtOrBefore(lo - 1); k >= 0; k = unconsumedAtOrBefore(k - 1)) if (titles[k].end <= at) return titles[k];
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
    return mapSpans(filterSpans(sorted, (s) => !consumed.has(s)), (s) => replaced.get(s) ?? s);
  };
}
