// Word-level (token) measures: a word (a run of letters, digits and marks) is gold when any of its characters is
// gold and predicted when any is redacted.
import type { MetricDefinition } from "./definition.js";

export const tokenPrecision: MetricDefinition = {
  id: "token_precision",
  family: "token",
  description: "words both gold and redacted / words redacted",
  numerator: [["token_tp", 1]],
  denominator: [["token_tp", 1], ["token_fp", 1]],
};

export const tokenRecall: MetricDefinition = {
  id: "token_recall",
  family: "token",
  description: "words both gold and redacted / gold words",
  numerator: [["token_tp", 1]],
  denominator: [["token_tp", 1], ["token_fn", 1]],
};

export const tokenF1: MetricDefinition = {
  id: "token_f1",
  family: "token",
  description: "2·TP / (2·TP + FP + FN) over words",
  numerator: [["token_tp", 2]],
  denominator: [["token_tp", 2], ["token_fp", 1], ["token_fn", 1]],
};
