// Recall per gold label and per subannotation category, read from breakdown fields such as
// `gold_chars[label=Date]`. Ids: `char_recall[label=Date]`, `core_pii_recall[label=Date]`,
// `span_recall[label=Date]`, `subannotation_recall[category=given]`.
import { breakdownField } from "../counts.js";
import type { MetricDefinition } from "./definition.js";
import { ratio } from "./definition.js";

const BY_LABEL: Record<string, { numerator: string; denominator: string; description: string }> = {
  char_recall: { numerator: "gold_chars_hit", denominator: "gold_chars", description: "gold characters of this label covered" },
  core_pii_recall: { numerator: "core_chars_hit", denominator: "core_chars", description: "core-PII characters of this label covered" },
  span_recall: { numerator: "gold_spans_hit", denominator: "gold_spans", description: "gold spans of this label overlapped" },
};

/** Parses `base[key=value]`. */
export function parseBreakdownId(id: string): { base: string; key: string; value: string } | undefined {
  const m = /^([a-z_]+)\[(label|category)=(.+)\]$/.exec(id);
  return m ? { base: m[1], key: m[2], value: m[3] } : undefined;
}

export function labelRecall(base: keyof typeof BY_LABEL, label: string): MetricDefinition {
  const spec = BY_LABEL[base];
  return ratio(
    `${base}[label=${label}]`,
    "breakdown",
    `${spec.description} (gold label ${label})`,
    breakdownField(spec.numerator, "label", label),
    breakdownField(spec.denominator, "label", label),
  );
}

export function subannotationRecall(category: string): MetricDefinition {
  return ratio(
    `subannotation_recall[category=${category}]`,
    "breakdown",
    `characters of subannotation category ${category} covered by any prediction`,
    breakdownField("subannotation_chars_hit", "category", category),
    breakdownField("subannotation_chars", "category", category),
  );
}

/** A breakdown metric from its id, or undefined when the id is not one. */
export function breakdownMetric(id: string): MetricDefinition | undefined {
  const parsed = parseBreakdownId(id);
  if (!parsed) return undefined;
  if (parsed.key === "label" && parsed.base in BY_LABEL) return labelRecall(parsed.base as keyof typeof BY_LABEL, parsed.value);
  if (parsed.key === "category" && parsed.base === "subannotation_recall") return subannotationRecall(parsed.value);
  return undefined;
}

/** The breakdown metrics a set of count fields supports (labels and categories seen in the gold). */
export function breakdownMetricsFor(fields: Iterable<string>): MetricDefinition[] {
  const labels = new Set<string>();
  const categories = new Set<string>();
  for (const f of fields) {
    const p = parseBreakdownId(f);
    if (p?.key === "label" && p.base === "gold_chars") labels.add(p.value);
    if (p?.key === "category" && p.base === "subannotation_chars") categories.add(p.value);
  }
  const out: MetricDefinition[] = [];
  for (const label of [...labels].sort()) {
    out.push(labelRecall("char_recall", label), labelRecall("core_pii_recall", label), labelRecall("span_recall", label));
  }
  for (const c of [...categories].sort()) out.push(subannotationRecall(c));
  return out;
}
