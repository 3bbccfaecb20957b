// Policy: values the caller knows (metadata.known_values) are found verbatim, else with any separators between
// their letters and digits ("12.34.56" for "123456"), and added with the caller's label where nothing covers them.
import { foldSameLength, escapeRegExp } from "../../contract/fold.js";
import { isLabel, type Span } from "../../contract/index.js";
import type { HealingRule } from "../index.js";
import { contains, healedSpan } from "../spans.js";

const BOUNDED = (source: string) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${source})(?![\\p{L}\\p{N}])`, "gu");

function occurrences(folded: string, value: string): { start: number; end: number }[] {
  const v = foldSameLength(value.trim());
  const alnum = [...v].filter((c) => /[\p{L}\p{N}]/u.test(c));
  if (alnum.length < 2) return [];
  const verbatim = [...folded.matchAll(BOUNDED(v.split(/\s+/).map(escapeRegExp).join("\\s+")))];
  const hits = verbatim.length ? verbatim : [...folded.matchAll(BOUNDED(alnum.map(escapeRegExp).join("[\\s./()\\-]*")))];
  return hits.map((m) => ({ start: m.index!, end: m.index! + m[0].length }));
}

export const recoverKnownValues: HealingRule = (spans, { document }) => {
  const values = document.metadata?.known_values ?? [];
  if (values.length === 0) return [...spans];
  const folded = foldSameLength(document.text);
  const out: Span[] = [...spans];
  for (const kv of values) {
    if (!kv || typeof kv.value !== "string" || !isLabel(kv.label)) continue;
    for (const hit of occurrences(folded, kv.value)) {
      if (out.some((s) => contains(s, hit))) continue;
      out.push(healedSpan(hit.start, hit.end, kv.label, "recover-known-values", { origin: "known_value" }));
    }
  }
  return out;
};
