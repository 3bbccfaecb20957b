// Policy: title-only spans right before a caregiver ("Dr." + "Peeters") belong to that caregiver's span.
import type { Span } from "../../contract/index.js";
import type { HealingLexicon } from "../lexicon.js";
import { isTitleOnly } from "../lexicon.js";
import type { HealingRule } from "../index.js";
import { byPosition, hasEffectiveAlnum, mergedSpan } from "../spans.js";

export function caregiverTitlePrefix(lex: HealingLexicon): HealingRule {
  return (spans, { document }) => {
    if (!spans.some((s) => s.label === "Name:Caregiver")) return [...spans];
    const text = document.text;
    const titleSpans = new Set(spans.filter((s) => (s.label === "Name:Other" || s.label === "Name:Caregiver") && isTitleOnly(text.slice(s.start, s.end), lex)));
    if (titleSpans.size === 0) return [...spans];
    const isTitleSpan = (s: Span) => titleSpans.has(s);
    const gapOk = (a: Span, b: Span) => b.start > a.end && !hasEffectiveAlnum(text.slice(a.end, b.start));
    const sorted = [...spans].sort(byPosition);
    const consumed = new Set<Span>();
    const replaced = new Map<Span, Span>();
    for (const target of sorted) {
      if (target.label !== "Name:Caregiver" || isTitleSpan(target)) continue;
      const chain: Span[] = [];
      let next = target;
      for (;;) {
        const prev = sorted.filter((s) => s !== next && !consumed.has(s) && isTitleSpan(s) && s.end <= next.start).pop();
        if (!prev || !gapOk(prev, next)) break;
        chain.unshift(prev);
        next = prev;
      }
      if (chain.length === 0) continue;
      chain.forEach((c) => consumed.add(c));
      replaced.set(target, mergedSpan([...chain, target], "Name:Caregiver", chain[0].start, target.end));
    }
    return sorted.filter((s) => !consumed.has(s)).map((s) => replaced.get(s) ?? s);
  };
}
