// Paired, clustered, nonparametric bootstrap (Efron & Tibshirani 1993) over per-document count vectors.
// Each replicate draws one multiplicity vector over resampling units (documents or patients) from
// Multinomial(n_units, uniform) and applies it to every system (paired); every metric is recomputed as a ratio of
// summed counts; intervals are percentiles. MedDeID (Hellemans et al. 2026, Statistics) and DeidSharp (Burkin 2026,
// §3.5) use this design.
import { DeidError } from "../contract/index.js";
import { columnOf, totalsOf, type CountMatrix } from "./matrix.js";
import { evaluateMetric, resolveMetric, type MetricDefinition } from "./metrics/index.js";
import { Xoshiro128StarStar } from "./prng.js";
import { WarningTally, type EvalWarning } from "./warnings.js";

export const BOOTSTRAP_FORMAT = "deidstack.bootstrap.v1";
export const DEFAULT_REPLICATES = 10_000;
export const DEFAULT_SEED = 1;

export type ClusterBy = "document" | "patient";

export interface BootstrapOptions {
  /** Metric ids (or definitions) to estimate. */
  metrics: readonly (string | MetricDefinition)[];
  /** Default 10,000. */
  replicates?: number;
  /** Non-negative integer; default 1. The same seed gives the same numbers on every machine. */
  seed?: number;
  /** Resampling unit: documents (default) or patients (a patient's documents stay together). */
  cluster?: ClusterBy;
  /** Coverage of the percentile intervals (default 0.95). */
  confidence?: number;
  /** Return every replicate's value per system and metric (memory: systems × metrics × replicates doubles). */
  keepReplicates?: boolean;
}

export interface IntervalEstimate {
  /** Point estimate from the full sample's summed counts; null when its denominator is 0. */
  estimate: number | null;
  low: number | null;
  high: number | null;
  /** Replicates whose denominator was 0 (left out of the percentiles). */
  undefined_replicates: number;
}

export interface SystemEstimate extends IntervalEstimate {
  system: string;
  metric: string;
}

export interface PairedDifference extends IntervalEstimate {
  metric: string;
  /** Difference = system_a − system_b, for every pair in input order (a before b). */
  system_a: string;
  system_b: string;
  excludes_zero: boolean;
}

export interface BootstrapMethod {
  prng: "xoshiro128** (state from SplitMix64 of the seed)";
  seed: number;
  replicates: number;
  cluster: ClusterBy;
  units: number;
  documents: number;
  resampling: "multinomial(n_units, uniform) multiplicities, one vector per replicate shared by all systems";
  statistic: "ratio of summed counts";
  interval: "percentile";
  quantile: "linear interpolation between order statistics (Hyndman-Fan type 7)";
  confidence: number;
}

export interface BootstrapResult {
  format: typeof BOOTSTRAP_FORMAT;
  method: BootstrapMethod;
  systems: string[];
  metrics: string[];
  estimates: SystemEstimate[];
  differences: PairedDifference[];
  warnings: EvalWarning[];
  /** Only with keepReplicates: replicates[system][metric] → values in replicate order (NaN = undefined). */
  replicates?: Record<string, Record<string, Float64Array>>;
}

/** Quantile of sorted finite values, linear interpolation between order statistics (type 7). */
export function quantileSorted(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  const h = (n - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, n - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

/** Percentile interval of the finite values; the count of NaN values is reported separately. */
export function percentileInterval(values: Float64Array, confidence: number): { low: number; high: number; undefined: number } {
  const finite = values.filter((v) => !Number.isNaN(v)).sort();
  const alpha = (1 - confidence) / 2;
  return { low: quantileSorted(finite, alpha), high: quantileSorted(finite, 1 - alpha), undefined: values.length - finite.length };
}

/** Draws multinomial(n, uniform over n units) multiplicities into `out` (length n). */
export function drawMultiplicities(rng: Xoshiro128StarStar, out: Int32Array): void {
  rng.fillMultinomialCounts(out);
}

/**
 * Resampling unit of each document: itself, or its patient (units numbered by first appearance). Documents without a
 * patient id form a unit of their own, counted in the warnings.
 */
export function resamplingUnits(matrix: CountMatrix, cluster: ClusterBy, warnings: WarningTally): { unitOf: Int32Array; units: number } {
  const n = matrix.documentIds.length;
  const unitOf = new Int32Array(n);
  if (cluster === "document") {
    for (let i = 0; i < n; i++) unitOf[i] = i;
    return { unitOf, units: n };
  }
  const byPatient = new Map<string, number>();
  let units = 0;
  for (let i = 0; i < n; i++) {
    const p = matrix.patientIds[i];
    if (p === undefined) {
      warnings.add("document_without_patient", "documents without a patient_id were resampled as patients of their own");
      unitOf[i] = units++;
      continue;
    }
    let u = byPatient.get(p);
    if (u === undefined) byPatient.set(p, (u = units++));
    unitOf[i] = u;
  }
  return { unitOf, units };
}

function sameColumn(a: Float64Array, b: Float64Array): boolean {
  if (a === b) return true;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function aggregate(column: Float64Array, unitOf: Int32Array, units: number): Float64Array {
  const out = new Float64Array(units);
  for (let i = 0; i < column.length; i++) out[unitOf[i]] += column[i];
  return out;
}

/** A metric compiled to indices into the unique unit columns. */
interface CompiledMetric {
  num: { col: number; k: number }[];
  den: { col: number; k: number }[];
}

interface Design {
  /** Unique columns in blocks of four: blocks[k][4u + j] is column 4k + j of unit u (padding columns are 0). */
  blocks: Float64Array[];
  columns: number;
  compiled: CompiledMetric[][]; // [system][metric]
}

/** Unit-level columns for every field the metrics read, identical columns shared across systems (gold-only ones). */
function buildDesign(
  matrices: readonly CountMatrix[],
  metrics: readonly MetricDefinition[],
  unitOf: Int32Array,
  units: number,
): Design {
  const unique: { field: string; values: Float64Array }[] = [];
  const indexOf = (matrix: CountMatrix, field: string): number => {
    const values = aggregate(columnOf(matrix, field), unitOf, units);
    const found = unique.findIndex((u) => u.field === field && sameColumn(u.values, values));
    if (found >= 0) return found;
    unique.push({ field, values });
    return unique.length - 1;
  };
  const compiled = matrices.map((matrix) =>
    metrics.map((m) => ({
      num: m.numerator.map(([field, k]) => ({ col: indexOf(matrix, field), k })),
      den: m.denominator.map(([field, k]) => ({ col: indexOf(matrix, field), k })),
    })),
  );
  const blocks = Array.from({ length: Math.ceil(unique.length / 4) }, () => new Float64Array(units * 4));
  unique.forEach((u, c) => {
    const block = blocks[c >> 2];
    const j = c & 3;
    for (let i = 0; i < units; i++) block[(i << 2) + j] = u.values[i];
  });
  return { blocks, columns: blocks.length * 4, compiled };
}

/**
 * sums[4k + j] = Σ_u multiplicities[u] · blocks[k][4u + j]. Columns are stored in blocks of four, unit-major, so each
 * pass reads one block sequentially into four local accumulators; no branch on zero multiplicities (a mispredicted
 * branch costs more than the multiply). About 2.5× faster in V8 than one row-major pass accumulating into the array.
 */
export function weightedColumnSums(blocks: readonly Float64Array[], multiplicities: Int32Array, sums: Float64Array): void {
  const units = multiplicities.length;
  for (let k = 0; k < blocks.length; k++) {
    const block = blocks[k];
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    for (let u = 0; u < units; u++) {
      const m = multiplicities[u];
      const b = u << 2;
      s0 += m * block[b];
      s1 += m * block[b + 1];
      s2 += m * block[b + 2];
      s3 += m * block[b + 3];
    }
    const c = k << 2;
    sums[c] = s0;
    sums[c + 1] = s1;
    sums[c + 2] = s2;
    sums[c + 3] = s3;
  }
}

function ratioOf(m: CompiledMetric, sums: Float64Array): number {
  let num = 0;
  let den = 0;
  for (const t of m.num) num += t.k * sums[t.col];
  for (const t of m.den) den += t.k * sums[t.col];
  return den === 0 ? Number.NaN : num / den;
}

function finiteOrNull(x: number): number | null {
  return Number.isFinite(x) ? x : null;
}

function checkSameDocuments(names: readonly string[], matrices: readonly CountMatrix[]): void {
  const first = matrices[0].documentIds;
  matrices.forEach((m, s) => {
    if (m.documentIds.length !== first.length || m.documentIds.some((id, i) => id !== first[i])) {
      throw new DeidError("E_CONFIG", `system ${names[s]} was counted on other documents (or another order) than ${names[0]}`);
    }
  });
}

/**
 * Paired bootstrap over systems' count matrices (same documents, same order): point estimates with percentile
 * intervals for every system and metric, and paired differences for every pair of systems.
 */
export function bootstrapCompare(
  countsBySystem: ReadonlyMap<string, CountMatrix> | Readonly<Record<string, CountMatrix>>,
  options: BootstrapOptions,
): BootstrapResult {
  const entries = countsBySystem instanceof Map ? [...countsBySystem.entries()] : Object.entries(countsBySystem);
  if (entries.length === 0) throw new DeidError("E_CONFIG", "bootstrap needs at least one system");
  const names = entries.map(([n]) => n);
  const matrices = entries.map(([, m]) => m);
  checkSameDocuments(names, matrices);
  const replicates = options.replicates ?? DEFAULT_REPLICATES;
  if (!Number.isInteger(replicates) || replicates < 1) throw new DeidError("E_CONFIG", "replicates must be a positive integer");
  const confidence = options.confidence ?? 0.95;
  if (!(confidence > 0 && confidence < 1)) throw new DeidError("E_CONFIG", "confidence must be between 0 and 1");
  const seed = options.seed ?? DEFAULT_SEED;
  const cluster = options.cluster ?? "document";
  if (cluster !== "document" && cluster !== "patient") throw new DeidError("E_CONFIG", `cluster must be document or patient; got ${JSON.stringify(cluster)}`);
  const metrics = options.metrics.map((m) => (typeof m === "string" ? resolveMetric(m) : m));
  if (metrics.length === 0) throw new DeidError("E_CONFIG", "bootstrap needs at least one metric");
  const warnings = new WarningTally();
  const { unitOf, units } = resamplingUnits(matrices[0], cluster, warnings);
  if (units === 0) throw new DeidError("E_INPUT_EMPTY", "bootstrap over an empty corpus");
  const design = buildDesign(matrices, metrics, unitOf, units);

  const values = matrices.map(() => metrics.map(() => new Float64Array(replicates)));
  const rng = Xoshiro128StarStar.fromSeed(seed);
  const multiplicities = new Int32Array(units);
  const sums = new Float64Array(design.columns);
  for (let r = 0; r < replicates; r++) {
    drawMultiplicities(rng, multiplicities);
    weightedColumnSums(design.blocks, multiplicities, sums);
    for (let s = 0; s < matrices.length; s++) {
      const compiledS = design.compiled[s];
      for (let j = 0; j < metrics.length; j++) values[s][j][r] = ratioOf(compiledS[j], sums);
    }
  }

  const points = matrices.map((m) => {
    const totals = totalsOf(m);
    return metrics.map((metric) => evaluateMetric(metric, (f) => totals[f] ?? 0));
  });
  const estimates: SystemEstimate[] = [];
  names.forEach((system, s) =>
    metrics.forEach((metric, j) => {
      const iv = percentileInterval(values[s][j], confidence);
      estimates.push({
        system,
        metric: metric.id,
        estimate: finiteOrNull(points[s][j]),
        low: finiteOrNull(iv.low),
        high: finiteOrNull(iv.high),
        undefined_replicates: iv.undefined,
      });
    }),
  );
  const differences: PairedDifference[] = [];
  metrics.forEach((metric, j) => {
    for (let a = 0; a < names.length; a++) {
      for (let b = a + 1; b < names.length; b++) {
        const diff = new Float64Array(replicates);
        for (let r = 0; r < replicates; r++) diff[r] = values[a][j][r] - values[b][j][r];
        const iv = percentileInterval(diff, confidence);
        const low = finiteOrNull(iv.low);
        const high = finiteOrNull(iv.high);
        differences.push({
          metric: metric.id,
          system_a: names[a],
          system_b: names[b],
          estimate: finiteOrNull(points[a][j] - points[b][j]),
          low,
          high,
          undefined_replicates: iv.undefined,
          excludes_zero: low !== null && high !== null && (low > 0 || high < 0),
        });
      }
    }
  });

  const result: BootstrapResult = {
    format: BOOTSTRAP_FORMAT,
    method: {
      prng: "xoshiro128** (state from SplitMix64 of the seed)",
      seed,
      replicates,
      cluster,
      units,
      documents: matrices[0].documentIds.length,
      resampling: "multinomial(n_units, uniform) multiplicities, one vector per replicate shared by all systems",
      statistic: "ratio of summed counts",
      interval: "percentile",
      quantile: "linear interpolation between order statistics (Hyndman-Fan type 7)",
      confidence,
    },
    systems: names,
    metrics: metrics.map((m) => m.id),
    estimates,
    differences,
    warnings: warnings.toArray(),
  };
  if (options.keepReplicates) {
    result.replicates = Object.fromEntries(names.map((n, s) => [n, Object.fromEntries(metrics.map((m, j) => [m.id, values[s][j]]))]));
  }
  return result;
}
