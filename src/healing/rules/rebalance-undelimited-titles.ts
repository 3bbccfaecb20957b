// Policy: in "Kenis Sandra Dokter Laridon Annick Dokter" each title follows its own name: a title that starts
// the second caregiver moves to the end of the first, and the second takes the title after it.
import type { Span } from "../../contract/index.js";
import type { HealingLexicon } from "../lexicon.js";
import type { HealingRule } from "../index.js";
import { withBounds, sortedByPosition, mapSpans } from "../spans.js";

export function rebalanceUndelimitedTitles(lex: HealingLexicon): HealingRule {
  const leadingTitle = new RegExp(`^(?:${lex.titleChain})`, "iu");
  const trailingTitle = new RegExp(`^\\s+(?:${lex.titleChain})`, "iu");
  return (spans, { document }) => {
    const text = document.text;
    const sorted = sortedByPosition(spans);
    const out = new Map<Span, Span>();
    const caregivers = sorted.filter((s) => s.label === "Name:Caregiver");
    for (let i = 0; i + 1 < caregivers.length; i++) {
      const first = out.get(caregivers[i]) ?? caregivers[i];
      const second = caregivers[i + 1];
      if (second.start <= first.end || !/^\s+$/.test(text.slice(first.end, second.start))) continue;
      const lead = leadingTitle.exec(text.slice(second.start, second.end));
      if (!lead || lead[0].includes(",")) continue;
      const trail = trailingTitle.exec(text.slice(second.end));
      if (!trail) continue;
      const nameStart = second.start + lead[0].length + (/^\s+/.exec(text.slice(second.start + lead[0].length))?.[0].length ?? 0);
      if (nameStart >= second.end) continue;
      out.set(caregivers[i], withBounds(first, first.start, second.start + lead[0].length));
      out.set(second, withBounds(second, nameStart, second.end + trail[0].length));
    }
    return mapSpans(sorted, (s) => out.get(s) ?? s);
  };
}
