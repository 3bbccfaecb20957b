// Statistics of a perturbation cell (one system, one dimension, one measure): the metric change Δ = perturbed −
// original (ratio of summed counts on each side), a paired sign-flip permutation test at the level of the
// resampling unit (MedDeID's stability analysis: document clusters, (1 + count) / (iterations + 1)), and
// Benjamini-Hochberg q-values over a family of cells.
import { createHash } from "node:crypto";
import { DeidError } from "../../contract/index.js";
import { columnOf, type CountMatrix } from "../matrix.js";
import type { MetricDefinition } from "../metrics/index.js";
import { Xoshiro128StarStar } from "../prng.js";

/** Seed of one cell's permutation stream: the run's seed and the cell's names, hashed (a cell's p-value never depends on the others). */
export function cellSeed(seed: number, ...names: string[]): number {
  const h = createHash("sha256").update([String(seed), ...names].join("\u0000")).digest();
  return h.readUIntBE(0, 6);
}

/** Whether a larger value of the measure is worse (non-PII redaction, text removed): then a loss is a rise. */
export function higherIsWorse(metric: MetricDefinition): boolean {
  return metric.family === "non-pii" || metric.family === "text";
}

function perDocument(matrix: CountMatrix, terms: MetricDefinition["numerator"]): Float64Array {
  const n = matrix.documentIds.length;
  const out = new Float64Array(n);
  for (const [field, k] of terms) {
    const col = columnOf(matrix, field);
    for (let i = 0; i < n; i++) out[i] += k * col[i];
  }
  return out;
}

export interface PermutationResult {
  /** Perturbed − original, or null when a denominator is 0. */
  delta: number | null;
  /** One-sided p-value for a loss (a drop, or a rise where higher is worse). */
  p_loss: number | null;
  p_two_sided: number | null;
  iterations: number;
  /** Resampling units whose counts differ between the two sides (only they can flip anything). */
  units_changed: number;
}

/**
 * Paired sign-flip permutation test: under "the perturbation changes nothing", each unit's original and perturbed
 * counts are exchangeable, so each iteration swaps them with probability ½ per unit and recomputes Δ. Both
 * matrices list the same documents in the same order.
 */
export function permutationTest(
  original: CountMatrix,
  perturbed: CountMatrix,
  metric: MetricDefinition,
  options: { iterations: number; seed: number; unitOf: Int32Array; units: number },
): PermutationResult {
  const n = original.documentIds.length;
  if (perturbed.documentIds.length !== n || perturbed.documentIds.some((id, i) => id !== original.documentIds[i])) {
    throw new DeidError("E_CONFIG", "perturbed and original count matrices must list the same documents in the same order");
  }
  const U = options.units;
  const no = new Float64Array(U), doo = new Float64Array(U), np = new Float64Array(U), dp = new Float64Array(U);
  const [a, b, c, d] = [perDocument(original, metric.numerator), perDocument(original, metric.denominator), perDocument(perturbed, metric.numerator), perDocument(perturbed, metric.denominator)];
  for (let i = 0; i < n; i++) {
    const u = options.unitOf[i];
    no[u] += a[i];
    doo[u] += b[i];
    np[u] += c[i];
    dp[u] += d[i];
  }
  let sNo = 0, sDo = 0, sNp = 0, sDp = 0;
  const changed: number[] = [];
  for (let u = 0; u < U; u++) {
    sNo += no[u];
    sDo += doo[u];
    sNp += np[u];
    sDp += dp[u];
    if (no[u] !== np[u] || doo[u] !== dp[u]) changed.push(u);
  }
  const observed = sDp === 0 || sDo === 0 ? null : sNp / sDp - sNo / sDo;
  if (observed === null) return { delta: null, p_loss: null, p_two_sided: null, iterations: options.iterations, units_changed: changed.length };
  const worse = higherIsWorse(metric) ? 1 : -1; // sign of a loss in Δ
  const rng = Xoshiro128StarStar.fromSeed(options.seed);
  const eps = 1e-12;
  let loss = 0;
  let two = 0;
  for (let it = 0; it < options.iterations; it++) {
    let xNo = sNo, xDo = sDo, xNp = sNp, xDp = sDp;
    let bits = 0;
    for (let k = 0; k < changed.length; k++) {
      if ((k & 31) === 0) bits = rng.nextUint32();
      if (bits & 1) {
        const u = changed[k];
        const dn = np[u] - no[u];
        const dd = dp[u] - doo[u];
        xNo += dn;
        xDo += dd;
        xNp -= dn;
        xDp -= dd;
      }
      bits >>>= 1;
    }
    const delta = xDp === 0 || xDo === 0 ? 0 : xNp / xDp - xNo / xDo;
    if (worse * delta >= worse * observed - eps) loss++;
    if (Math.abs(delta) >= Math.abs(observed) - eps) two++;
  }
  return {
    delta: observed,
    p_loss: (1 + loss) / (options.iterations + 1),
    p_two_sided: (1 + two) / (options.iterations + 1),
    iterations: options.iterations,
    units_changed: changed.length,
  };
}

/** Benjamini-Hochberg q-values (step-up, monotone, capped at 1); null p-values stay null and are not counted. */
export function benjaminiHochberg(pValues: readonly (number | null)[]): (number | null)[] {
  const idx = pValues.map((p, i) => ({ p, i })).filter((x): x is { p: number; i: number } => x.p !== null).sort((x, y) => x.p - y.p);
  const m = idx.length;
  const q: (number | null)[] = pValues.map(() => null);
  let min = 1;
  for (let k = m - 1; k >= 0; k--) {
    min = Math.min(min, (idx[k].p * m) / (k + 1));
    q[idx[k].i] = min;
  }
  return q;
}
