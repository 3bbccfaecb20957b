// Label fidelity (MedDeID S6): core-PII gold spans matched one-to-one to predictions by core overlap (labels never
// influence the matching), then labels compared exactly or by category.
import { ratio } from "./definition.js";

export const spanDetectionRecall = ratio(
  "span_detection_recall",
  "label-fidelity",
  "core-PII gold spans matched to a prediction / core-PII gold spans",
  "fidelity_matched",
  "fidelity_gold_spans",
);
export const exactLabelAccuracyMatched = ratio(
  "exact_label_accuracy_matched",
  "label-fidelity",
  "matched pairs with the same label / matched pairs",
  "fidelity_exact",
  "fidelity_matched",
);
export const coarseLabelAccuracyMatched = ratio(
  "coarse_label_accuracy_matched",
  "label-fidelity",
  "matched pairs with the same category / matched pairs",
  "fidelity_coarse",
  "fidelity_matched",
);
export const exactLabelRecall = ratio(
  "exact_label_recall",
  "label-fidelity",
  "matched pairs with the same label / core-PII gold spans",
  "fidelity_exact",
  "fidelity_gold_spans",
);
export const coarseLabelRecall = ratio(
  "coarse_label_recall",
  "label-fidelity",
  "matched pairs with the same category / core-PII gold spans",
  "fidelity_coarse",
  "fidelity_gold_spans",
);
