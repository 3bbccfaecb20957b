// Policy (beyond MedDeID): two detections of one label separated by nothing, a space or a hyphen are one
// entity ("Jan" "Peeters", "Sint" "Jan", "12/03" "2023"). Two names of which the first ends or the second starts
// with a title are two people ("Kenis Sandra Dokter" "Laridon Annick Dokter").
import type { Span } from "../../contract/index.js";
import type { HealingLexicon } from "../lexicon.js";
import type { HealingRule } from "../index.js";
import { byPosition, isNameLabel, mergedSpan } from "../spans.js";

const JOINING_GAP = /^(?:| |-|‐)$/u;

export function joinSplitEntity(lex: HealingLexicon): HealingRule {
  const endsWithTitle = new RegExp(`(?<![\\p{L}])${lex.title}\\.?$`, "iu");
  const startsWithTitle = new RegExp(`^${lex.title}(?![\\p{L}])`, "iu");
  return (spans, { document }) => {
    const text = document.text;
    const sorted = [...spans].sort(byPosition);
    const joinable = (left: Span, right: Span, end: number) =>
      right.label === left.label &&
      right.start >= end &&
      JOINING_GAP.test(text.slice(end, right.start)) &&
      !(isNameLabel(left.label) && (endsWithTitle.test(text.slice(left.start, end)) || startsWithTitle.test(text.slice(right.start, right.end))));
    const out: Span[] = [];
    const used = new Set<Span>();
    for (const s of sorted) {
      if (used.has(s)) continue;
      const group = [s];
      let end = s.end;
      for (;;) {
        const next = sorted.find((n) => !used.has(n) && !group.includes(n) && joinable(s, n, end));
        // Another span starting inside the gap or before the candidate would be swallowed: do not join across it.
        if (!next || sorted.some((o) => o !== next && !group.includes(o) && o.start >= end && o.start < next.start)) break;
        group.push(next);
        end = next.end;
      }
      group.forEach((g) => used.add(g));
      out.push(group.length === 1 ? s : mergedSpan(group, s.label));
    }
    return out;
  };
}
