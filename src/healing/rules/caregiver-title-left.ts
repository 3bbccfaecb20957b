// Policy: a caregiver's name takes the title chain written right before it ("prof. dr. Peeters"), unless
// another span already holds that title.
import type { HealingLexicon } from "../lexicon.js";
import { isTitleOnly } from "../lexicon.js";
import type { HealingRule } from "../index.js";
import { indexOf, withBounds, type MaxEndIndex, mapSpans } from "../spans.js";

/** How far before a name a title chain may start. */
const WINDOW = 48;

export function caregiverTitleLeft(lex: HealingLexicon): HealingRule {
  const chainBefore = new RegExp(`(?:${lex.titleChain})\\s*$`, "iu");
  return (spans, { document }) => {
    // The title chain ends where the name starts, so the name itself never overlaps it: one index of all spans.
    let taken: MaxEndIndex | undefined;
    return mapSpans(spans, (s) => {
      if (s.label !== "Name:Caregiver") return s;
      const text = document.text;
      if (isTitleOnly(text.slice(s.start, s.end), lex)) return s;
      const from = Math.max(0, s.start - WINDOW);
      const m = chainBefore.exec(text.slice(from, s.start));
      if (!m || m[0].length === 0) return s;
      const grown = { start: from + m.index, end: s.start };
      taken ??= indexOf(spans, text.length);
      if (taken.overlaps(grown.start, grown.end)) return s;
      return withBounds(s, grown.start, s.end);
    });
  };
}
