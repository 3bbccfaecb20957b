// A metric is a ratio of linear combinations of summed count fields. Keeping it as data lets the bootstrap
// recompute any metric from resampled sums without knowing what the metric means.

/** `[field, coefficient]`: the contribution of one summed count field. */
export type Term = readonly [field: string, coefficient: number];

export type MetricFamily = "character" | "non-pii" | "span" | "strict" | "token" | "label-fidelity" | "text" | "breakdown";

export interface MetricDefinition {
  /** Stable id used in reports, protocols and the CLI, e.g. `core_pii_recall` or `char_recall[label=Date]`. */
  id: string;
  family: MetricFamily;
  description: string;
  numerator: readonly Term[];
  denominator: readonly Term[];
}

/** Sum of coefficient × total over the terms. */
export function combine(terms: readonly Term[], total: (field: string) => number): number {
  let s = 0;
  for (const [field, k] of terms) s += k * total(field);
  return s;
}

/** The metric's value for the given totals; NaN when the denominator is 0 (no evidence either way). */
export function evaluateMetric(metric: MetricDefinition, total: (field: string) => number): number {
  const d = combine(metric.denominator, total);
  return d === 0 ? Number.NaN : combine(metric.numerator, total) / d;
}

/** A plain ratio numerator / denominator of two fields. */
export function ratio(id: string, family: MetricFamily, description: string, numerator: string, denominator: string): MetricDefinition {
  return { id, family, description, numerator: [[numerator, 1]], denominator: [[denominator, 1]] };
}

/** Every field a set of metrics reads. */
export function fieldsOf(metrics: readonly MetricDefinition[]): string[] {
  const out = new Set<string>();
  for (const m of metrics) for (const [f] of [...m.numerator, ...m.denominator]) out.add(f);
  return [...out];
}
