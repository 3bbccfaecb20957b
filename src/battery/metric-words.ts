// Metric ids in words for the report's tables and charts, with the direction in which a system is better: a reader
// should not have to know that `non_pii_redaction_rate` is over-redaction, where less is better.
import { parseBreakdownId } from "../eval/index.js";

export type Better = "higher" | "lower";

interface MetricWords {
  title: string;
  better: Better;
}

/** Every headline metric of src/eval/metrics (a test keeps this complete). */
export const METRIC_WORDS: Readonly<Record<string, MetricWords>> = {
  core_pii_recall: { title: "Core-PII character recall", better: "higher" },
  char_recall: { title: "Character recall", better: "higher" },
  non_pii_redaction_rate: { title: "Non-PII characters redacted", better: "lower" },
  non_pii_false_positive_rate: { title: "Non-PII redacted by false positives", better: "lower" },
  non_pii_boundary_extension_rate: { title: "Non-PII redacted by boundary overreach", better: "lower" },
  text_removed_share: { title: "Non-PII text removed", better: "lower" },
  span_recall: { title: "Span recall", better: "higher" },
  span_precision: { title: "Span precision", better: "higher" },
  strict_precision: { title: "Exact-boundary precision", better: "higher" },
  strict_recall: { title: "Exact-boundary recall", better: "higher" },
  strict_f1: { title: "Exact-boundary F1", better: "higher" },
  strict_typed_precision: { title: "Exact-boundary, exact-label precision", better: "higher" },
  strict_typed_recall: { title: "Exact-boundary, exact-label recall", better: "higher" },
  strict_typed_f1: { title: "Exact-boundary, exact-label F1", better: "higher" },
  token_precision: { title: "Token precision", better: "higher" },
  token_recall: { title: "Token recall", better: "higher" },
  token_f1: { title: "Token F1", better: "higher" },
  span_detection_recall: { title: "Span detection recall", better: "higher" },
  exact_label_accuracy_matched: { title: "Exact label accuracy (matched spans)", better: "higher" },
  coarse_label_accuracy_matched: { title: "Coarse label accuracy (matched spans)", better: "higher" },
  exact_label_recall: { title: "Exact-label recall", better: "higher" },
  coarse_label_recall: { title: "Coarse-label recall", better: "higher" },
  subannotation_recall: { title: "Sub-annotation recall", better: "higher" },
};

/** What a metric id says, in words: `span_recall[label=Date]` → "Span recall, gold label Date". */
export function metricTitle(id: string): string {
  const b = parseBreakdownId(id);
  if (b) return `${METRIC_WORDS[b.base]?.title ?? b.base}, ${b.key === "label" ? "gold label" : "category"} ${b.value}`;
  return METRIC_WORDS[id]?.title ?? id;
}

/** The direction in which a metric is better (unknown ids: higher, as for every recall and precision). */
export function betterDirection(id: string): Better {
  const b = parseBreakdownId(id);
  return METRIC_WORDS[b ? b.base : id]?.better ?? "higher";
}

/** "higher is better" / "lower is better". */
export function directionCue(id: string): string {
  return `${betterDirection(id)} is better`;
}

/** A short arrow for table headers: ↑ higher is better, ↓ lower is better. */
export function directionArrow(id: string): string {
  return betterDirection(id) === "higher" ? "↑" : "↓";
}
