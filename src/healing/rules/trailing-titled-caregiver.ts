// Policy: "Van Berckelaer, Christophe, Dr." is one caregiver: a span inside such a name grows to the smallest
// "Family, Given, Title" form around it.
import { perDocument } from "../cache.js";
import type { HealingLexicon } from "../lexicon.js";
import type { HealingRule } from "../index.js";
import { contains, withBounds, mapSpans } from "../spans.js";
import { escapeRegExp } from "../../contract/index.js";

const WINDOW = 80;
const LETTER = /\p{L}/u;

/** `/\p{L}/u.test(text[i])` without a regex for ASCII. */
function isLetterAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
  return LETTER.test(text[i]);
}

export function trailingTitledCaregiver(lex: HealingLexicon): HealingRule {
  const word = "\\p{Lu}[\\p{L}'’\\-]*";
  const connector = [...lex.connectors].map((c) => escapeRegExp(c)).join("|");
  const nameWords = `(?:(?:${connector}|${word})\\s+){0,3}${word}`;
  const given = `(?:,\\s*${word}(?:\\s+${word}){0,2})?`;
  const pattern = new RegExp(`(?<![\\p{L}])${nameWords}${given},\\s*(?:${lex.titleChainAnyCase})`, "uy");
  const memoKey = `trailing-titled-caregiver:${lex.languages.join(",")}`;
  const commaTitle = new RegExp(`,\\s*(?:${lex.titleChain})`, "iu");

  function smallestContaining(text: string, s: { start: number; end: number }): { start: number; end: number } | undefined {
    // Every such form ends in ", <title>": without one after the span there is nothing to find.
    if (!commaTitle.test(text.slice(s.start, s.end + WINDOW))) return undefined;
    let best: { start: number; end: number } | undefined;
    for (let i = Math.max(0, s.start - WINDOW); i <= s.start; i++) {
      // Forms start at the beginning of a word.
      if (!isLetterAt(text, i) || (i > 0 && isLetterAt(text, i - 1))) continue;
      pattern.lastIndex = i;
      const m = pattern.exec(text);
      if (!m) continue;
      const match = { start: i, end: i + m[0].length };
      if (contains(match, s) && (!best || match.end - match.start < best.end - best.start)) best = match;
    }
    return best;
  }

  return (spans, { document }) =>
    mapSpans(spans, (s) => {
      if (s.label !== "Name:Caregiver") return s;
      const memo = perDocument(document, memoKey, () => new Map<string, { start: number; end: number } | null>());
      const key = `${s.start}:${s.end}`;
      let found = memo.get(key);
      if (found === undefined) {
        found = smallestContaining(document.text, s) ?? null;
        memo.set(key, found);
      }
      return found ? withBounds(s, found.start, found.end) : s;
    });
}
