// `deidstack compare`: several systems on one gold corpus, with a paired clustered bootstrap.
import { compareSystems, comparisonToJson, formatComparison, loadCorpus, type ClusterBy, type ReportFormat, type SourcedWarnings } from "../../eval/index.js";
import type { Span } from "../../contract/index.js";
import { goldOptions, goldWarnings, scoringOptions, systemPredictions, type ScoringCommandOptions } from "./gold-options.js";
import { systemNames } from "./systems.js";

export interface CompareCommandOptions extends ScoringCommandOptions {
  /** One `NAME=path` per system (at least one). */
  pred: string[];
  /** Bootstrap replicates (default 10,000). */
  bootstrap?: number;
  /** PRNG seed (default 1). */
  seed?: number;
  /** Resampling unit (default document). */
  cluster?: ClusterBy;
  /** markdown (default), csv or json (`deidstack.compare.v1`). */
  format?: ReportFormat;
  /** Metrics to bootstrap (default: core_pii_recall or char_recall, non_pii_redaction_rate, span_recall, span_precision). */
  metrics?: string[];
}

export interface CompareCommandResult {
  data: ReturnType<typeof comparisonToJson>;
  output: string;
}

export async function compareCommand(opts: CompareCommandOptions): Promise<CompareCommandResult> {
  const corpus = await loadCorpus(opts.gold, goldOptions(opts));
  const warnings: SourcedWarnings[] = [goldWarnings(corpus)];
  const bySystem = new Map<string, Map<string, Span[]>>();
  for (const { name, path } of systemNames(opts.pred)) {
    const system = await systemPredictions(name, path, corpus, opts);
    bySystem.set(name, system.predictions);
    warnings.push(system.warnings);
  }
  const comparison = compareSystems(corpus.documents, bySystem, {
    ...scoringOptions(opts),
    bootstrapMetrics: opts.metrics,
    replicates: opts.bootstrap,
    seed: opts.seed,
    cluster: opts.cluster,
  });
  return { data: comparisonToJson(comparison, { warnings }), output: formatComparison(comparison, opts.format ?? "markdown", { warnings }) };
}
