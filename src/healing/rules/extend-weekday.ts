// Policy: a weekday written right before a date ("maandag 12 maart", "lundi, 3/4") belongs to the date.
import type { HealingLexicon } from "../lexicon.js";
import type { HealingRule } from "../index.js";
import { overlapping, withBounds } from "../spans.js";

const WINDOW = 20;

export function extendWeekday(lex: HealingLexicon): HealingRule {
  const weekdayBefore = new RegExp(`(?<![\\p{L}\\p{N}])(?:${lex.weekday})\\.?\\s*,?\\s*$`, "iu");
  return (spans, { document }) =>
    spans.map((s) => {
      if (s.label !== "Date") return s;
      const from = Math.max(0, s.start - WINDOW);
      const m = weekdayBefore.exec(document.text.slice(from, s.start));
      if (!m || m[0].length === 0) return s;
      const grown = { start: from + m.index, end: s.end };
      if (spans.some((o) => o !== s && overlapping(o, grown) && !overlapping(o, s))) return s;
      return withBounds(s, grown.start, grown.end);
    });
}
