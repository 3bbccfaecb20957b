// Span-level measures as DeidSharp reports them: any overlap counts, labels are ignored.
import { ratio } from "./definition.js";

/** Gold spans (entities) that any prediction overlaps / gold spans. A span nothing touches is leaked PHI. */
export const spanRecall = ratio("span_recall", "span", "gold spans any prediction overlaps / gold spans", "gold_spans_hit", "gold_spans");

/** Predicted spans that overlap a gold span / predicted spans. */
export const spanPrecision = ratio(
  "span_precision",
  "span",
  "predicted spans that overlap a gold span / predicted spans",
  "pred_spans_touching_gold",
  "pred_spans",
);
