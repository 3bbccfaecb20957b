// Character recall: MedDeID eq. 1 (core PII) and annotation-character recall over whole gold spans.
import { ratio } from "./definition.js";

/** |G_core ∩ R| / |G_core|: core-PII characters (subannotations minus formatting, additional_info, medical_info,
 * time, title; a span without subannotations counts whole) covered by any prediction, whatever its label. */
export const coreCharacterRecall = ratio(
  "core_pii_recall",
  "character",
  "core-PII characters covered by any prediction / core-PII characters",
  "core_chars_hit",
  "core_chars",
);

/** |G_span ∩ R| / |G_span|: gold characters covered by any prediction. */
export const annotationCharacterRecall = ratio(
  "char_recall",
  "character",
  "gold characters covered by any prediction / gold characters",
  "gold_chars_hit",
  "gold_chars",
);
