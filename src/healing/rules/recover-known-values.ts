// Policy: values the caller knows (metadata.known_values) are found verbatim, else with any separators between
// their letters and digits ("12.34.56" for "123456"), and added with the caller's label where nothing covers them.
import { foldSameLength, isLabel, type Span } from "../../contract/index.js";
import { findWordLiteral, findWordSequences, foldedTextOf, perDocument, type WordSeparator } from "../cache.js";
import type { HealingRule } from "../index.js";
import { healedSpan, indexOf, unchangedSpans } from "../spans.js";

function occurrences(folded: string, value: string): { start: number; end: number }[] {
  const v = foldSameLength(value.trim());
  const alnum = [...v].filter((c) => /[\p{L}\p{N}]/u.test(c));
  if (alnum.length < 2) return [];
  // Word scans for what were the regexes `w1\s+w2…` and `c1[\s./()\-]*c2…`: nothing to compile per document.
  const spaced = (words: string[], sep: WordSeparator) => findWordSequences(folded, [{ words, separators: words.slice(1).map(() => sep) }]);
  const verbatim = /\s/.test(v) ? spaced(v.split(/\s+/), "spaces") : findWordLiteral(folded, v);
  return verbatim.length ? verbatim : spaced(alnum, "punctuation");
}

export const recoverKnownValues: HealingRule = (spans, { document }) => {
  const values = document.metadata?.known_values ?? [];
  if (values.length === 0) return unchangedSpans(spans);
  const hits = perDocument(document, "known-values", () => {
    const folded = foldedTextOf(document);
    return values
      .filter((kv) => kv && typeof kv.value === "string" && isLabel(kv.label))
      .flatMap((kv) => occurrences(folded, kv.value).map((hit) => ({ ...hit, label: kv.label })));
  });
  if (hits.length === 0) return unchangedSpans(spans);
  let out: Span[] | undefined;
  const covered = indexOf(spans, document.text.length);
  for (const hit of hits) {
    if (covered.covers(hit.start, hit.end)) continue;
    (out ??= [...spans]).push(healedSpan(hit.start, hit.end, hit.label, "recover-known-values", { origin: "known_value" }));
    covered.add(hit.start, hit.end);
  }
  return out ?? unchangedSpans(spans);
};
