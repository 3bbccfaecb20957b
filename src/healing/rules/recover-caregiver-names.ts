// Policy: caregivers named in metadata are found in every written form ("Jan Peeters", "Peeters, Jan, Dr.",
// "dr. Peeters"), grown like detected caregivers, and added where they cut into no other span.
import { foldSameLength, type Span } from "../../contract/index.js";
import type { HealingLexicon } from "../lexicon.js";
import { findWordSequences, foldedTextOf, perDocument, wordSequenceSource, type WordSeparator, type WordSequence } from "../cache.js";
import type { HealingContext, HealingRule } from "../index.js";
import { healedSpan, indexOf, MaxEndIndex, unchangedSpans } from "../spans.js";
import { caregiverTitleLeft } from "./caregiver-title-left.js";
import { initialPeriod } from "./initial-period.js";
import { titledNameFragment } from "./titled-name-fragment.js";

/** A metadata name as folded words, any white space between them (`\s+`). */
function flexible(value: string): string[] {
  return foldSameLength(value.trim()).split(/\s+/).filter(Boolean);
}

function joined(a: readonly string[], between: WordSeparator, b: readonly string[]): WordSequence {
  const separators: WordSeparator[] = [...a.slice(1).map((): WordSeparator => "spaces"), between, ...b.slice(1).map((): WordSeparator => "spaces")];
  return { words: [...a, ...b], separators };
}

function alone(words: readonly string[]): WordSequence {
  return { words, separators: words.slice(1).map((): WordSeparator => "spaces") };
}

function caregiverForms(given: string, family: string, lex: HealingLexicon): WordSequence[] {
  const g = flexible(given);
  const f = flexible(family);
  const forms: WordSequence[] = [];
  if (g.length && f.length) forms.push(joined(g, "spaces", f), joined(f, "spaces", g), joined(f, "comma", g));
  for (const [raw, words] of [[given, g], [family, f]] as const) {
    if (words.length && !lex.connectors.has(foldSameLength(raw.trim()))) forms.push(alone(words));
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
    if (ctx.options.recover_names === false || caregivers.length === 0) return unchangedSpans(spans);
    // The matches depend on the document alone: found, made distinct and ordered once per document.
    const ordered = perDocument(ctx.document, `caregiver-names:${lex.languages.join(",")}:${titles ? "titled" : "bare"}`, () => {
      const folded = foldedTextOf(ctx.document);
      const found: { start: number; end: number }[] = [];
      // Every caregiver's forms tried as one alternation (longest regex source first, as when it was one regex),
      // by a word scan: no regex to compile per document.
      const forms = caregivers
        .flatMap((c) => caregiverForms(c.given_name ?? "", c.family_name ?? "", lex))
        .map((sequence) => ({ sequence, length: wordSequenceSource(sequence).length }));
      if (forms.length === 0) return found;
      forms.sort((a, b) => b.length - a.length);
      for (const m of findWordSequences(folded, forms.map((f) => f.sequence))) {
        // Titles around the name are found next to it, not tried at every position of the text.
        const start = titles ? m.start - (titleBefore.exec(folded.slice(Math.max(0, m.start - 48), m.start))?.[0].length ?? 0) : m.start;
        titleAfter.lastIndex = m.end;
        const end = titles ? m.end + (titleAfter.exec(folded)?.[0].length ?? 0) : m.end;
        found.push(expand(start, end, grow, ctx));
      }
      return [...new Map(found.map((m) => [`${m.start}:${m.end}`, m])).values()].sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
    });
    // Nothing to add: every span stays (the indexes below would answer no for every question).
    if (ordered.length === 0) return unchangedSpans(spans);
    // Longest first, a match is skipped when a span other than Name:Other has its exact bounds, when a span
    // strictly contains it, or when a span overlaps it that is not a name it may take over (a caregiver or other
    // name inside it): partial overlaps are not added either, the other span already settled where a name starts or
    // ends (e.g. after title rebalancing), and a second, shifted copy would merge two people into one. An added match
    // replaces the names inside it. Indexes keep every span ever present: one that is dropped lies inside an added
    // match, which answers every question the same way it did.
    const text = ctx.document.text;
    const isTakeable = (s: Span) => s.label === "Name:Caregiver" || s.label === "Name:Other";
    // Bounds as one number (start × (length + 1) + end: one per pair of bounds within the text), not a string per span.
    const stride = text.length + 1;
    const exact = new Set(spans.filter((s) => s.label !== "Name:Other").map((s) => s.start * stride + s.end));
    const anyIndex = indexOf(spans, text.length);
    const fixedIndex = indexOf(spans.filter((s) => !isTakeable(s)), text.length);
    const namesIndex = indexOf(spans.filter(isTakeable), text.length);
    const added: Span[] = [];
    const addedIndex = new MaxEndIndex(text.length + 1);
    for (const m of ordered) {
      if (exact.has(m.start * stride + m.end)) continue;
      if (anyIndex.strictlyCovers(m.start, m.end)) continue;
      if (fixedIndex.overlaps(m.start, m.end) || namesIndex.crossesOrContains(m.start, m.end)) continue;
      exact.add(m.start * stride + m.end);
      anyIndex.add(m.start, m.end);
      namesIndex.add(m.start, m.end);
      addedIndex.add(m.start, m.end);
      added.push(healedSpan(m.start, m.end, "Name:Caregiver", "recover-caregiver-names"));
    }
    if (added.length === 0) return unchangedSpans(spans);
    const out: Span[] = spans.filter((s) => !(isTakeable(s) && addedIndex.covers(s.start, s.end)));
    for (const a of added) out.push(a);
    return out;
  };
}

function expand(start: number, end: number, grow: HealingRule[], ctx: HealingContext): { start: number; end: number } {
  let s: Span[] = [{ start, end, label: "Name:Caregiver" }];
  for (const rule of grow) s = rule(s, ctx);
  return { start: s[0].start, end: s[0].end };
}
