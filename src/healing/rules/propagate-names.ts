// Policy (beyond MedDeID, option propagate_names): a name found once is found everywhere it is written in the
// same document, whole or by its capitalised words of 3+ letters (titles and particles excepted). Each new span
// is grown at once like a detected one (title, initial period), so healing stays idempotent.
import { escapeRegExp, foldSameLength, type Label, type Span } from "../../contract/index.js";
import { type HealingLexicon, isTitleOnly } from "../lexicon.js";
import type { HealingRule } from "../index.js";
import { findWordBounded, foldedTextOf } from "../cache.js";
import { healedSpan, indexOf, isNameLabel, unchangedSpans } from "../spans.js";
import { caregiverTitleLeft } from "./caregiver-title-left.js";
import { initialPeriod } from "./initial-period.js";
import { relabelTitledNames } from "./relabel-titled-names.js";
import { titlePeriod } from "./title-period.js";
import { titledNameFragment } from "./titled-name-fragment.js";
import { trailingTitledCaregiver } from "./trailing-titled-caregiver.js";

const LABEL_RANK: Record<string, number> = { "Name:Patient": 0, "Name:Caregiver": 1, "Name:Other": 2 };

export function propagateNames(lex: HealingLexicon): HealingRule {
  const growers = [titlePeriod(lex), initialPeriod, caregiverTitleLeft(lex), titledNameFragment(lex), relabelTitledNames(lex), trailingTitledCaregiver(lex)];
  return (spans, ctx) => {
    const { document, options } = ctx;
    if (options.propagate_names !== true) return unchangedSpans(spans);
    const text = document.text;
    const needles = new Map<string, { label: Label; capitalised: boolean; whole: boolean }>();
    const names = spans.filter((s) => isNameLabel(s.label)).sort((a, b) => (LABEL_RANK[a.label] ?? 9) - (LABEL_RANK[b.label] ?? 9));
    if (names.length === 0) return unchangedSpans(spans);
    const offer = (surface: string, label: Label, whole: boolean) => {
      const key = foldSameLength(surface).replace(/\s+/g, " ");
      if (!needles.has(key)) needles.set(key, { label, capitalised: /^\p{Lu}/u.test(surface), whole });
    };
    for (const s of names) {
      const surface = text.slice(s.start, s.end).trim();
      if ((surface.match(/\p{L}/gu)?.length ?? 0) >= 3) offer(surface, s.label, true);
      for (const w of surface.match(/\p{L}[\p{L}'’\-]*/gu) ?? []) {
        if (w.length < 3 || !/^\p{Lu}/u.test(w) || lex.connectors.has(w.toLowerCase()) || isTitleOnly(w, lex)) continue;
        offer(w, s.label, false);
      }
    }
    if (needles.size === 0) return unchangedSpans(spans);
    // One pass over the text: whole names before their words, longer before shorter.
    const ordered = [...needles.keys()].sort((a, b) => Number(needles.get(b)!.whole) - Number(needles.get(a)!.whole) || b.length - a.length);
    const folded = foldedTextOf(document);
    const created: Span[] = [];
    const taken = indexOf(spans, text.length);
    for (const hit of findWordBounded(folded, ordered.map((k) => k.split(" ").map(escapeRegExp).join("\\s+")).join("|"))) {
      const needle = needles.get(folded.slice(hit.start, hit.end).replace(/\s+/g, " "));
      if (!needle || (needle.capitalised && !/^\p{Lu}/u.test(text[hit.start]))) continue;
      if (taken.overlaps(hit.start, hit.end)) continue;
      const s = healedSpan(hit.start, hit.end, needle.label, "propagate-names");
      created.push(s);
      taken.add(s.start, s.end);
    }
    if (created.length === 0) return unchangedSpans(spans);
    let out: Span[] = [...spans, ...created];
    for (const grow of growers) out = grow(out, ctx);
    return out;
  };
}
