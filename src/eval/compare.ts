// Comparing systems: score every system on the same gold documents, then one paired bootstrap over all of them.
import type { Document, Span } from "../contract/index.js";
import { bootstrapCompare, type BootstrapOptions, type BootstrapResult } from "./bootstrap.js";
import { scoreCorpus, type CorpusScore, type ScoreOptions } from "./score.js";

export const COMPARE_FORMAT = "deidstack.compare.v1";

export interface CompareOptions extends ScoreOptions, Omit<BootstrapOptions, "metrics"> {
  /** Metrics to bootstrap (default: see defaultComparisonMetrics). Point estimates cover every metric. */
  bootstrapMetrics?: readonly string[];
}

export interface Comparison {
  format: typeof COMPARE_FORMAT;
  score: CorpusScore;
  bootstrap: BootstrapResult;
}

/**
 * The headline metrics of both source papers: core-PII recall when the gold has subannotations (else annotation
 * character recall), non-PII redaction, span recall and span precision.
 */
export function defaultComparisonMetrics(score: CorpusScore): string[] {
  const t = score.systems[0].totals;
  const hasSubannotations = (t.gold_spans ?? 0) > (t.gold_spans_without_subannotations ?? 0);
  return [hasSubannotations ? "core_pii_recall" : "char_recall", "non_pii_redaction_rate", "span_recall", "span_precision"];
}

export function compareSystems(
  gold: readonly Document[],
  predictionsBySystem: ReadonlyMap<string, ReadonlyMap<string, readonly Span[]>> | Readonly<Record<string, ReadonlyMap<string, readonly Span[]>>>,
  options: CompareOptions = {},
): Comparison {
  const score = scoreCorpus(gold, predictionsBySystem, options);
  const matrices = new Map(score.systems.map((s) => [s.name, s.matrix]));
  const bootstrap = bootstrapCompare(matrices, {
    metrics: options.bootstrapMetrics ?? defaultComparisonMetrics(score),
    replicates: options.replicates,
    seed: options.seed,
    cluster: options.cluster,
    confidence: options.confidence,
    keepReplicates: options.keepReplicates,
  });
  return { format: COMPARE_FORMAT, score, bootstrap };
}
