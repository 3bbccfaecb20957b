// Policy (beyond MedDeID, option propagate_names): a name found once is found everywhere it is written in the
// same document, whole or by its capitalised words of 3+ letters (titles and particles excepted). Each new span
// is grown at once like a detected one (title, initial period), so healing stays idempotent.
import { escapeRegExp, foldSameLength } from "../../contract/fold.js";
import type { Label, Span } from "../../contract/index.js";
import type { HealingLexicon } from "../lexicon.js";
import { isTitleOnly } from "../lexicon.js";
import type { HealingRule } from "../index.js";
import { healedSpan, isNameLabel, overlapping } from "../spans.js";
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
    if (options.propagate_names !== true) return [...spans];
    const text = document.text;
    const folded = foldSameLength(text);
    const needles = new Map<string, { label: Label; capitalised: boolean; whole: boolean }>();
    const names = spans.filter((s) => isNameLabel(s.label)).sort((a, b) => (LABEL_RANK[a.label] ?? 9) - (LABEL_RANK[b.label] ?? 9));
    const offer = (surface: string, label: Label, whole: boolean) => {
      const key = foldSameLength(surface);
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
    let out: Span[] = [...spans];
    const ordered = [...needles.entries()].sort((a, b) => Number(b[1].whole) - Number(a[1].whole) || b[0].length - a[0].length);
    for (const [key, { label, capitalised }] of ordered) {
      const re = new RegExp(`(?<![\\p{L}\\p{N}])${key.split(/\s+/).map(escapeRegExp).join("\\s+")}(?![\\p{L}\\p{N}])`, "gu");
      for (const m of folded.matchAll(re)) {
        const hit = { start: m.index!, end: m.index! + m[0].length };
        if (capitalised && !/^\p{Lu}/u.test(text[hit.start])) continue;
        if (out.some((o) => overlapping(o, hit))) continue;
        out.push(healedSpan(hit.start, hit.end, label, "propagate-names"));
      }
    }
    for (const grow of growers) out = grow(out, ctx);
    return out;
  };
}
