// Policy: "Van Berckelaer, Christophe, Dr." is one caregiver: a span inside such a name grows to all of it.
import type { HealingLexicon } from "../lexicon.js";
import type { HealingRule } from "../index.js";
import { contains, withBounds } from "../spans.js";

const WINDOW = 80;

export function trailingTitledCaregiver(lex: HealingLexicon): HealingRule {
  const word = "\\p{Lu}[\\p{L}'’\\-]*";
  const connector = [...lex.connectors].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");
  const nameWords = `(?:(?:${connector}|${word})\\s+){0,3}${word}`;
  const given = `(?:,\\s*${word}(?:\\s+${word}){0,2})?`;
  const pattern = new RegExp(`(?<![\\p{L}])${nameWords}${given},\\s*(?:${lex.titleChainAnyCase})`, "uy");
  return (spans, { document }) =>
    spans.map((s) => {
      if (s.label !== "Name:Caregiver") return s;
      const text = document.text;
      const from = Math.max(0, s.start - WINDOW);
      const to = Math.min(text.length, s.end + WINDOW);
      const window = text.slice(from, to);
      let best: { start: number; end: number } | undefined;
      for (let i = 0; i <= s.start - from; i++) {
        pattern.lastIndex = i;
        const m = pattern.exec(window);
        if (!m) continue;
        const match = { start: from + i, end: from + i + m[0].length };
        if (contains(match, s) && (!best || match.end - match.start < best.end - best.start)) best = match;
      }
      return best ? withBounds(s, best.start, best.end) : s;
    });
}
