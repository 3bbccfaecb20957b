// Non-PII redaction: MedDeID eq. 2, and its decomposition (S4a) into false-positive spans and boundary extensions,
// which sum to it exactly.
import { ratio } from "./definition.js";

/** |R \ G_span| / |D \ G_span| (redacted characters in an exclusion set, if any, left out of the numerator). */
export const nonPiiRedactionRate = ratio(
  "non_pii_redaction_rate",
  "non-pii",
  "redacted characters outside gold / characters outside gold",
  "non_pii_chars_redacted",
  "non_pii_chars",
);

/** The part of the non-PII redaction made by predictions that overlap no gold span. */
export const nonPiiFalsePositiveRate = ratio(
  "non_pii_false_positive_rate",
  "non-pii",
  "non-PII characters redacted only by predictions that overlap no gold span / characters outside gold",
  "non_pii_chars_false_positive",
  "non_pii_chars",
);

/** The part made by predictions that overlap a gold span but extend beyond it. */
export const nonPiiBoundaryExtensionRate = ratio(
  "non_pii_boundary_extension_rate",
  "non-pii",
  "non-PII characters redacted by predictions that overlap gold / characters outside gold",
  "non_pii_chars_boundary_extension",
  "non_pii_chars",
);
