// The metric registry: stable ids → definitions. Order here is the order of report rows.
import { DeidError } from "../../contract/index.js";
import { breakdownMetric, breakdownMetricsFor } from "./breakdown.js";
import { annotationCharacterRecall, coreCharacterRecall } from "./character.js";
import type { MetricDefinition } from "./definition.js";
import {
  coarseLabelAccuracyMatched,
  coarseLabelRecall,
  exactLabelAccuracyMatched,
  exactLabelRecall,
  spanDetectionRecall,
} from "./label-fidelity.js";
import { nonPiiBoundaryExtensionRate, nonPiiFalsePositiveRate, nonPiiRedactionRate } from "./non-pii.js";
import { spanPrecision, spanRecall } from "./span.js";
import { strictF1, strictPrecision, strictRecall, strictTypedF1, strictTypedPrecision, strictTypedRecall } from "./strict.js";
import { textRemovedShare } from "./text-removed.js";
import { tokenF1, tokenPrecision, tokenRecall } from "./token.js";

export const METRICS: readonly MetricDefinition[] = [
  coreCharacterRecall,
  annotationCharacterRecall,
  nonPiiRedactionRate,
  nonPiiFalsePositiveRate,
  nonPiiBoundaryExtensionRate,
  textRemovedShare,
  spanRecall,
  spanPrecision,
  strictPrecision,
  strictRecall,
  strictF1,
  strictTypedPrecision,
  strictTypedRecall,
  strictTypedF1,
  tokenPrecision,
  tokenRecall,
  tokenF1,
  spanDetectionRecall,
  exactLabelAccuracyMatched,
  coarseLabelAccuracyMatched,
  exactLabelRecall,
  coarseLabelRecall,
];

const BY_ID = new Map(METRICS.map((m) => [m.id, m]));

export const METRIC_IDS: readonly string[] = METRICS.map((m) => m.id);

/** A metric from its stable id (including breakdown ids such as `char_recall[label=Date]`); unknown ids throw. */
export function resolveMetric(id: string): MetricDefinition {
  const m = BY_ID.get(id) ?? breakdownMetric(id);
  if (!m) throw new DeidError("E_CONFIG", `unknown metric ${JSON.stringify(id)}; valid: ${METRIC_IDS.join(", ")} and breakdowns like char_recall[label=Date]`);
  return m;
}

/** Every headline metric, then the breakdowns the given count fields support. */
export function allMetricsFor(fields: Iterable<string>): MetricDefinition[] {
  return [...METRICS, ...breakdownMetricsFor(fields)];
}

export * from "./definition.js";
export { parseBreakdownId } from "./breakdown.js";
export * from "./breakdown.js";
export * from "./character.js";
export * from "./non-pii.js";
export * from "./span.js";
export * from "./strict.js";
export * from "./token.js";
export * from "./label-fidelity.js";
export * from "./text-removed.js";
