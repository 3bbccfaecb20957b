// Policy: a weekday written right before a date ("maandag 12 maart", "lundi, 3/4") belongs to the date.
import type { HealingLexicon } from "../lexicon.js";
import type { HealingRule } from "../index.js";
import { withBounds, mapSpans } from "../spans.js";

const WINDOW = 20;

export function extendWeekday(lex: HealingLexicon): HealingRule {
  const weekdayBefore = new RegExp(`(?<![\\p{L}\\p{N}])(?:${lex.weekday})\\.?\\s*,?\\s*$`, "iu");
  return (spans, { document }) => {
    // A span in the way ends inside (grown start, date start]: ends sorted once, one binary search per date.
    let ends: number[] | undefined;
    return mapSpans(spans, (s) => {
      if (s.label !== "Date") return s;
      const from = Math.max(0, s.start - WINDOW);
      const m = weekdayBefore.exec(document.text.slice(from, s.start));
      if (!m || m[0].length === 0) return s;
      const grown = { start: from + m.index, end: s.end };
      ends ??= spans.map((o) => o.end).sort((a, b) => a - b);
      if (anyIn(ends, grown.start, s.start)) return s;
      return withBounds(s, grown.start, grown.end);
    });
  };
}

/** Whether a sorted list holds a value in (lo, hi]. */
function anyIn(sorted: readonly number[], lo: number, hi: number): boolean {
  let a = 0;
  let b = sorted.length;
  while (a < b) {
    const mid = (a + b) >>> 1;
    if (sorted[mid] <= lo) a = mid + 1;
    else b = mid;
  }
  return a < sorted.length && sorted[a] <= hi;
}
