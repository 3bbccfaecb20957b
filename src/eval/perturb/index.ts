// Perturbation stability (MedDeID's stability analysis, generalised): perturbed copies of a gold corpus along
// named dimensions, with exact offsets, and per system × dimension × measure the metric change with a paired
// bootstrap interval, a paired sign-flip permutation test and Benjamini-Hochberg q-values (one family per
// system). Imports only src/contract (and src/eval).
import { DeidError, type Document } from "../../contract/index.js";
import { wordLanguageOf } from "../../contract/index.js";
import { bootstrapCompare, resamplingUnits, type ClusterBy } from "../bootstrap.js";
import type { CountMatrix } from "../matrix.js";
import { resolveMetric } from "../metrics/index.js";
import { Xoshiro128StarStar } from "../prng.js";
import { WarningTally } from "../warnings.js";
import { DIMENSIONS, PERTURB_DIMENSIONS, type PerturbDimension } from "./dimensions.js";
import { applyEdits } from "./edits.js";
import { benjaminiHochberg, cellSeed, higherIsWorse, permutationTest } from "./stats.js";

export { PERTURB_DIMENSIONS, parseDate, type PerturbDimension } from "./dimensions.js";
export { applyEdits, editFits, type TextEdit } from "./edits.js";
export { benjaminiHochberg, permutationTest } from "./stats.js";

export const PERTURBATION_FORMAT = "deidstack.perturbation.v1";

export function isPerturbDimension(x: string): x is PerturbDimension {
  return (PERTURB_DIMENSIONS as readonly string[]).includes(x);
}

export interface PerturbedCorpus {
  dimension: PerturbDimension;
  documents: Document[];
  /** Documents whose text changed, and gold spans whose text changed. */
  documents_changed: number;
  spans_changed: number;
  edits: number;
}

/**
 * A perturbed copy of a gold corpus along one dimension. Each document has its own PRNG stream (seed, dimension,
 * index), so a document's copy does not depend on the others; ids, patients and span order are kept.
 */
export function perturbCorpus(gold: readonly Document[], dimension: PerturbDimension, seed: number, language?: string): PerturbedCorpus {
  if (!isPerturbDimension(dimension)) throw new DeidError("E_CONFIG", `unknown perturbation dimension "${dimension}"; valid: ${PERTURB_DIMENSIONS.join(", ")}`);
  let documentsChanged = 0;
  let spansChanged = 0;
  let edits = 0;
  const documents = gold.map((doc, i) => {
    const rng = Xoshiro128StarStar.fromSeed(cellSeed(seed, "perturb", dimension, String(i)));
    const out = DIMENSIONS[dimension]({ doc, rng, language: wordLanguageOf(doc.metadata?.lang ?? language) });
    const copy = applyEdits(doc, out.edits, i);
    if (out.metadata !== undefined) copy.metadata = out.metadata;
    edits += out.edits.length;
    if (copy.text !== doc.text) documentsChanged++;
    (doc.spans ?? []).forEach((s, k) => {
      const t = copy.spans![k];
      if (doc.text.slice(s.start, s.end) !== copy.text.slice(t.start, t.end)) spansChanged++;
    });
    return copy;
  });
  return { dimension, documents, documents_changed: documentsChanged, spans_changed: spansChanged, edits };
}

export interface PerturbationOptions {
  measures: readonly string[];
  /** Sign-flip permutations per cell (default 10,000). */
  permutations?: number;
  /** Paired bootstrap replicates for the interval of Δ (default 10,000). */
  replicates?: number;
  seed?: number;
  cluster?: ClusterBy;
  confidence?: number;
  /** Cells with fewer changed resampling units are reported without a test (default 5, as MedDeID). */
  minUnitsChanged?: number;
  /** False discovery rate of the significance flag (default 0.05). */
  alpha?: number;
}

export interface PerturbationCell {
  system: string;
  dimension: PerturbDimension;
  measure: string;
  original: number | null;
  perturbed: number | null;
  /** Perturbed − original (proportion units). */
  delta: number | null;
  low: number | null;
  high: number | null;
  /** Loss in the measure's bad direction: original − perturbed, or perturbed − original where higher is worse. */
  loss: number | null;
  units_changed: number;
  eligible: boolean;
  p_loss: number | null;
  p_two_sided: number | null;
  /** BH q-value of p_loss within the system's family (every eligible dimension × measure of that system). */
  q_loss: number | null;
  significant_loss: boolean;
}

export interface PerturbationCorpusResult {
  format: typeof PERTURBATION_FORMAT;
  corpus: string;
  documents: number;
  cluster: ClusterBy;
  seed: number;
  permutations: number;
  replicates: number;
  confidence: number;
  alpha: number;
  min_units_changed: number;
  dimensions: { dimension: PerturbDimension; documents_changed: number; spans_changed: number; edits: number }[];
  cells: PerturbationCell[];
}

/**
 * Every cell of one corpus: for each system its count matrix on the original and on each perturbed copy (same
 * documents, same order). Δ's interval is the paired bootstrap of the two sides (one multiplicity vector per
 * replicate for both); p-values from the permutation test; q-values by Benjamini-Hochberg per system.
 */
export function analysePerturbation(
  corpus: string,
  original: ReadonlyMap<string, CountMatrix>,
  perturbed: ReadonlyMap<string, ReadonlyMap<PerturbDimension, CountMatrix>>,
  copies: readonly PerturbedCorpus[],
  options: PerturbationOptions,
): PerturbationCorpusResult {
  const permutations = options.permutations ?? 10_000;
  const replicates = options.replicates ?? 10_000;
  const seed = options.seed ?? 1;
  const cluster = options.cluster ?? "document";
  const confidence = options.confidence ?? 0.95;
  const minUnits = options.minUnitsChanged ?? 5;
  const alpha = options.alpha ?? 0.05;
  const metrics = options.measures.map(resolveMetric);
  const cells: PerturbationCell[] = [];
  let documents = 0;
  for (const [system, base] of original) {
    documents = base.documentIds.length;
    const { unitOf, units } = resamplingUnits(base, cluster, new WarningTally());
    const systemCells: PerturbationCell[] = [];
    for (const copy of copies) {
      const pert = perturbed.get(system)?.get(copy.dimension);
      if (!pert) throw new DeidError("E_CONFIG", `no counts of system ${system} on the ${copy.dimension} copy of corpus ${corpus}`);
      const boot = bootstrapCompare(
        new Map([
          ["perturbed", pert],
          ["original", base],
        ]),
        { metrics, replicates, seed: cellSeed(seed, "bootstrap", system, copy.dimension), cluster, confidence },
      );
      for (const metric of metrics) {
        const est = (name: string) => boot.estimates.find((e) => e.system === name && e.metric === metric.id)?.estimate ?? null;
        const diff = boot.differences.find((d) => d.metric === metric.id)!;
        const perm = permutationTest(base, pert, metric, { iterations: permutations, seed: cellSeed(seed, "permutation", system, copy.dimension, metric.id), unitOf, units });
        const eligible = perm.delta !== null && perm.units_changed >= minUnits;
        const sign = higherIsWorse(metric) ? 1 : -1;
        systemCells.push({
          system,
          dimension: copy.dimension,
          measure: metric.id,
          original: est("original"),
          perturbed: est("perturbed"),
          delta: diff.estimate,
          low: diff.low,
          high: diff.high,
          loss: diff.estimate === null ? null : sign * diff.estimate,
          units_changed: perm.units_changed,
          eligible,
          p_loss: eligible ? perm.p_loss : null,
          p_two_sided: eligible ? perm.p_two_sided : null,
          q_loss: null,
          significant_loss: false,
        });
      }
    }
    const q = benjaminiHochberg(systemCells.map((c) => c.p_loss));
    systemCells.forEach((c, k) => {
      c.q_loss = q[k];
      c.significant_loss = q[k] !== null && q[k]! < alpha && (c.loss ?? 0) > 0;
    });
    cells.push(...systemCells);
  }
  return {
    format: PERTURBATION_FORMAT,
    corpus,
    documents,
    cluster,
    seed,
    permutations,
    replicates,
    confidence,
    alpha,
    min_units_changed: minUnits,
    dimensions: copies.map((c) => ({ dimension: c.dimension, documents_changed: c.documents_changed, spans_changed: c.spans_changed, edits: c.edits })),
    cells,
  };
}
