// Policy: a title-only span right after a caregiver ("Peeters" + ", Dr.") belongs to that caregiver's span.
import type { Span } from "../../contract/index.js";
import type { HealingLexicon } from "../lexicon.js";
import { isTitleOnly } from "../lexicon.js";
import type { HealingRule } from "../index.js";
import { byPosition, hasEffectiveAlnum, mergedSpan } from "../spans.js";

export function caregiverTitleSuffix(lex: HealingLexicon): HealingRule {
  return (spans, { document }) => {
    if (!spans.some((s) => s.label === "Name:Caregiver")) return [...spans];
    const text = document.text;
    const titleSpans = new Set(spans.filter((s) => (s.label === "Name:Other" || s.label === "Name:Caregiver") && isTitleOnly(text.slice(s.start, s.end), lex)));
    if (titleSpans.size === 0) return [...spans];
    const isTitleSpan = (s: Span) => titleSpans.has(s);
    const sorted = [...spans].sort(byPosition);
    const consumed = new Set<Span>();
    const replaced = new Map<Span, Span>();
    for (const target of sorted) {
      if (target.label !== "Name:Caregiver" || isTitleSpan(target) || consumed.has(target)) continue;
      const title = sorted.find(
        (s) => s !== target && !consumed.has(s) && isTitleSpan(s) && s.start > target.end && !hasEffectiveAlnum(text.slice(target.end, s.start)),
      );
      if (!title) continue;
      consumed.add(title);
      const end = text[title.end] === "." && text[title.end - 1] !== "." ? title.end + 1 : title.end;
      replaced.set(target, mergedSpan([target, title], "Name:Caregiver", target.start, end));
    }
    return sorted.filter((s) => !consumed.has(s)).map((s) => replaced.get(s) ?? s);
  };
}
