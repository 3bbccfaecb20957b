// Exact-boundary matching comparable to the i2b2 2014 "strict" evaluation: sets of (start, end) fragments,
// untyped or with the label (or its category, by option).
import type { MetricDefinition } from "./definition.js";
import { ratio } from "./definition.js";

function f1(id: string, tp: string, gold: string, pred: string, description: string): MetricDefinition {
  // F1 = 2TP / (2TP + FP + FN) = 2TP / (|gold| + |pred|): still a ratio of summed counts.
  return { id, family: "strict", description, numerator: [[tp, 2]], denominator: [[gold, 1], [pred, 1]] };
}

export const strictPrecision = ratio("strict_precision", "strict", "exact-boundary matches / predicted spans", "strict_tp", "strict_pred");
export const strictRecall = ratio("strict_recall", "strict", "exact-boundary matches / gold spans", "strict_tp", "strict_gold");
export const strictF1 = f1("strict_f1", "strict_tp", "strict_gold", "strict_pred", "harmonic mean of strict precision and recall");

export const strictTypedPrecision = ratio(
  "strict_typed_precision",
  "strict",
  "exact-boundary matches with the same label / predicted spans",
  "strict_typed_tp",
  "strict_typed_pred",
);
export const strictTypedRecall = ratio(
  "strict_typed_recall",
  "strict",
  "exact-boundary matches with the same label / gold spans",
  "strict_typed_tp",
  "strict_typed_gold",
);
export const strictTypedF1 = f1(
  "strict_typed_f1",
  "strict_typed_tp",
  "strict_typed_gold",
  "strict_typed_pred",
  "harmonic mean of strict typed precision and recall",
);
