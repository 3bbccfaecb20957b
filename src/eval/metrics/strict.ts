// Exact-boundary matching comparable to the i2b2 2014 "strict" evaluation: sets of (start, end) fragments,
// untyped or with the label (or its category, by option).
import type { MetricDefinition } from "./definition.js";
import { ratio } from "./definition.js";

function f1(id: string, tp: string, gold: string, pred: string, description: string): MetricDefinition {
  // F1 = 2TP / (2TP + FP + FN) = 2TP / (|gold| + |pred|): still a ratio of summed counts.
  return { id, family: "strict", description, numerator: [[tp, 2]], denominator: [[gold, 1], [pred, 1]] };
}

/** Precision, recall and F1 of exact-boundary matching, from the `<id>_tp`, `<id>_gold` and `<id>_pred` counts. */
function exactMatch(id: "strict" | "strict_typed", matches: string) {
  const [tp, gold, pred] = [`${id}_tp`, `${id}_gold`, `${id}_pred`];
  return {
    precision: ratio(`${id}_precision`, "strict", `${matches} / predicted spans`, tp, pred),
    recall: ratio(`${id}_recall`, "strict", `${matches} / gold spans`, tp, gold),
    f1: f1(`${id}_f1`, tp, gold, pred, `harmonic mean of ${id.replace("_", " ")} precision and recall`),
  };
}

export const { precision: strictPrecision, recall: strictRecall, f1: strictF1 } = exactMatch("strict", "exact-boundary matches");
export const {
  precision: strictTypedPrecision,
  recall: strictTypedRecall,
  f1: strictTypedF1,
} = exactMatch("strict_typed", "exact-boundary matches with the same label");
