// Policy: a name fragment ("el" of "Paelinck") grows to the whole word, and to the title chain right before it
// unless another span holds that title.
import type { HealingLexicon } from "../lexicon.js";
import { isTitleOnly } from "../lexicon.js";
import type { HealingRule } from "../index.js";
import { indexOf, withBounds, type MaxEndIndex, mapSpans } from "../spans.js";

const LETTERS_ONLY = /^[\p{L}'’\-]+$/u;
const isLetter = (c: string | undefined) => c !== undefined && /[\p{L}'’]/u.test(c);

export function titledNameFragment(lex: HealingLexicon): HealingRule {
  const chainBefore = new RegExp(`(?:${lex.titleChain})\\s*$`, "iu");
  return (spans, { document }) => {
    // The title chain ends where the name's word starts, before the span: one index of all spans.
    let taken: MaxEndIndex | undefined;
    return mapSpans(spans, (s) => {
      if (s.label !== "Name:Caregiver" && s.label !== "Name:Other") return s;
      const text = document.text;
      const surface = text.slice(s.start, s.end);
      if (!LETTERS_ONLY.test(surface) || isTitleOnly(surface, lex)) return s;
      let start = s.start;
      let end = s.end;
      while (isLetter(text[start - 1])) start--;
      while (isLetter(text[end])) end++;
      const m = chainBefore.exec(text.slice(Math.max(0, start - 48), start));
      const titleStart = m && m[0].length > 0 ? Math.max(0, start - 48) + m.index : start;
      if (titleStart < start && !(taken ??= indexOf(spans, text.length)).overlaps(titleStart, start)) start = titleStart;
      return withBounds(s, start, end);
    });
  };
}
