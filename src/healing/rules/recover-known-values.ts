// Policy: values the caller knows (metadata.known_values) are found verbatim, else with any separators between
// their letters and digits ("12.34.56" for "123456"), and added with the caller's label where nothing covers them.
import { foldSameLength, escapeRegExp, isLabel, type Span } from "../../contract/index.js";
import { findWordBounded, findWordLiteral, foldedTextOf, perDocument } from "../cache.js";
import type { HealingRule } from "../index.js";
import { healedSpan, indexOf } from "../spans.js";

function occurrences(folded: string, value: string): { start: number; end: number }[] {
  const v = foldSameLength(value.trim());
  const alnum = [...v].filter((c) => /[\p{L}\p{N}]/u.test(c));
  if (alnum.length < 2) return [];
  const verbatim = /\s/.test(v) ? findWordBounded(folded, v.split(/\s+/).map(escapeRegExp).join("\\s+")) : findWordLiteral(folded, v);
  return verbatim.length ? verbatim : findWordBounded(folded, alnum.map(escapeRegExp).join("[\\s./()\\-]*"));
}

export const recoverKnownValues: HealingRule = (spans, { document }) => {
  const values = document.metadata?.known_values ?? [];
  if (values.length === 0) return [...spans];
  const hits = perDocument(document, "known-values", () => {
    const folded = foldedTextOf(document);
    return values
      .filter((kv) => kv && typeof kv.value === "string" && isLabel(kv.label))
      .flatMap((kv) => occurrences(folded, kv.value).map((hit) => ({ ...hit, label: kv.label })));
  });
  const out: Span[] = [...spans];
  const covered = indexOf(out, document.text.length);
  for (const hit of hits) {
    if (covered.covers(hit.start, hit.end)) continue;
    out.push(healedSpan(hit.start, hit.end, hit.label, "recover-known-values", { origin: "known_value" }));
    covered.add(hit.start, hit.end);
  }
  return out;
};
