// Policy: caregivers named in metadata are found in every written form ("Jan Peeters", "Peeters, Jan, Dr.",
// "dr. Peeters"), grown like detected caregivers, and added where they cut into no other span.
import { foldSameLength, escapeRegExp, type Span } from "../../contract/index.js";
import type { HealingLexicon } from "../lexicon.js";
import { findWordBounded, foldedTextOf, perDocument } from "../cache.js";
import type { HealingContext, HealingRule } from "../index.js";
import { contains, healedSpan, overlapping, strictlyContains } from "../spans.js";
import { caregiverTitleLeft } from "./caregiver-title-left.js";
import { initialPeriod } from "./initial-period.js";
import { titledNameFragment } from "./titled-name-fragment.js";

function flexible(value: string): string {
  return foldSameLength(value.trim())
    .split(/\s+/)
    .filter(Boolean)
    .map(escapeRegExp)
    .join("\\s+");
}

function caregiverForms(given: string, family: string, lex: HealingLexicon): string[] {
  const g = flexible(given);
  const f = flexible(family);
  const forms: string[] = [];
  if (g && f) forms.push(`${g}\\s+${f}`, `${f}\\s+${g}`, `${f}\\s*,\\s*${g}`);
  for (const [raw, src] of [[given, g], [family, f]] as const) {
    if (src && !lex.connectors.has(foldSameLength(raw.trim()))) forms.push(src);
  }
  return forms;
}

/**
 * `titles: false` (the en profile): the name alone, as English annotation writes it ("Dr [[Isobel Drummond]]",
 * "[[Jane Doe]], MD"); otherwise the titles around it belong to the span ("Kenis, Sandra, Dr.", "dr. Kenis").
 */
export function recoverCaregiverNames(lex: HealingLexicon, { titles = true }: { titles?: boolean } = {}): HealingRule {
  const grow = titles ? [initialPeriod, caregiverTitleLeft(lex), titledNameFragment(lex)] : [initialPeriod];
  const titleBefore = new RegExp(`(?:${lex.titleChain})\\s*$`, "iu");
  const titleAfter = new RegExp(`\\s*,\\s*(?:${lex.titleChain})(?![\\p{L}\\p{N}])`, "iuy");
  return (spans, ctx) => {
    const caregivers = ctx.document.metadata?.caregivers ?? [];
    if (ctx.options.recover_names === false || caregivers.length === 0) return [...spans];
    const matches = perDocument(ctx.document, `caregiver-names:${lex.languages.join(",")}:${titles ? "titled" : "bare"}`, () => {
      const folded = foldedTextOf(ctx.document);
      const found: { start: number; end: number }[] = [];
      // Every caregiver's forms in one pattern: one compilation and one scan per document.
      const forms = caregivers.flatMap((c) => caregiverForms(c.given_name ?? "", c.family_name ?? "", lex));
      if (forms.length === 0) return found;
      forms.sort((a, b) => b.length - a.length);
      for (const m of findWordBounded(folded, forms.join("|"))) {
        // Titles around the name are found next to it, not tried at every position of the text.
        const start = titles ? m.start - (titleBefore.exec(folded.slice(Math.max(0, m.start - 48), m.start))?.[0].length ?? 0) : m.start;
        titleAfter.lastIndex = m.end;
        const end = titles ? m.end + (titleAfter.exec(folded)?.[0].length ?? 0) : m.end;
        found.push(expand(start, end, grow, ctx));
      }
      return found;
    });
    let out: Span[] = [...spans];
    const ordered = [...new Map(matches.map((m) => [`${m.start}:${m.end}`, m])).values()].sort(
      (a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start,
    );
    for (const m of ordered) {
      const same = out.filter((s) => s.start === m.start && s.end === m.end);
      if (same.some((s) => s.label === "Name:Caregiver" || s.label !== "Name:Other")) continue;
      if (out.some((s) => strictlyContains(s, m))) continue;
      // Partial overlaps are not added either: the other span already settled where a name starts or ends
      // (e.g. after title rebalancing), and a second, shifted copy would merge two people into one.
      const blocked = out.some(
        (s) => overlapping(s, m) && !((s.label === "Name:Caregiver" || s.label === "Name:Other") && contains(m, s)),
      );
      if (blocked) continue;
      out = out.filter((s) => !((s.label === "Name:Other" || s.label === "Name:Caregiver") && contains(m, s)));
      out.push(healedSpan(m.start, m.end, "Name:Caregiver", "recover-caregiver-names"));
    }
    return out;
  };
}

function expand(start: number, end: number, grow: HealingRule[], ctx: HealingContext): { start: number; end: number } {
  let s: Span[] = [{ start, end, label: "Name:Caregiver" }];
  for (const rule of grow) s = rule(s, ctx);
  return { start: s[0].start, end: s[0].end };
}
