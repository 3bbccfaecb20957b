// What the caregiver-title rules share: the title-only name spans of a document that names a caregiver, found in
// position order, and the result once some titles have been folded into the caregiver spans beside them.
import type { Span } from "../../contract/index.js";
import type { HealingLexicon } from "../lexicon.js";
import { isTitleOnly } from "../lexicon.js";
import { filterSpans, mapSpans, sortedByPosition } from "../spans.js";

export interface TitleSpans {
  /** Every span, in position order. */
  sorted: readonly Span[];
  /** The title-only name spans, in position order. */
  titles: Span[];
  isTitleSpan: (s: Span) => boolean;
}

/** The title-only name spans, or undefined when no caregiver or no title-only span is there to join. */
export function caregiverTitleSpans(spans: readonly Span[], text: string, lex: HealingLexicon): TitleSpans | undefined {
  if (!spans.some((s) => s.label === "Name:Caregiver")) return undefined;
  const titleSpans = new Set(spans.filter((s) => (s.label === "Name:Other" || s.label === "Name:Caregiver") && isTitleOnly(text.slice(s.start, s.end), lex)));
  if (titleSpans.size === 0) return undefined;
  const isTitleSpan = (s: Span) => titleSpans.has(s);
  const sorted = sortedByPosition(spans);
  return { sorted, titles: sorted.filter(isTitleSpan), isTitleSpan };
}

/** How many of the titles (in position order) start before `at` (or at it, with `orAt`): a binary search. */
export function titlesStartingBefore(titles: readonly Span[], at: number, orAt = false): number {
  let lo = 0;
  let hi = titles.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (titles[mid].start < at || (orAt && titles[mid].start === at)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The spans without the consumed titles, each caregiver that took some replaced by its merged span. */
export function withTitlesJoined(sorted: readonly Span[], consumed: ReadonlySet<Span>, replaced: ReadonlyMap<Span, Span>): Span[] {
  return mapSpans(filterSpans(sorted, (s) => !consumed.has(s)), (s) => replaced.get(s) ?? s);
}
