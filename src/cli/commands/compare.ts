// `deidstack compare`: several systems on one gold corpus, with a paired clustered bootstrap.
import {
  compareSystems,
  comparisonToJson,
  explicitAgeExclusions,
  formatComparison,
  loadCorpus,
  loadPredictions,
  type ClusterBy,
  type CorpusFormat,
  type MissingDocumentPolicy,
  type OutOfScopePolicy,
  type PredictionFormat,
  type ReportFormat,
  type Scope,
  type SourcedWarnings,
  type UnknownDocumentPolicy,
} from "../../eval/index.js";
import type { Span } from "../../contract/index.js";
import { goldOptions } from "./gold-options.js";
import { systemNames } from "./systems.js";

export interface CompareCommandOptions {
  gold: string;
  /** One `NAME=path` per system (at least one). */
  pred: string[];
  goldFormat?: CorpusFormat;
  /** Gold labels no map knows: `error` (default) or `other` (Anonymize_Other, counted). */
  unknownLabels?: "error" | "other";
  /** ASQ-PHI gold: every occurrence of a tagged value (`all`, default) or the first untaken one (`first`). */
  asqOccurrences?: "all" | "first";
  /** ASQ-PHI gold: match apostrophes exactly instead of treating ’ and ' alike. */
  asqExactApostrophes?: boolean;
  predFormat?: PredictionFormat;
  scope?: Scope;
  outOfScope?: OutOfScopePolicy;
  excludeExplicitAges?: boolean;
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
  onMissingDocument?: MissingDocumentPolicy;
  onUnknownDocument?: UnknownDocumentPolicy;
}

export interface CompareCommandResult {
  data: ReturnType<typeof comparisonToJson>;
  output: string;
}

export async function compareCommand(opts: CompareCommandOptions): Promise<CompareCommandResult> {
  const corpus = await loadCorpus(opts.gold, goldOptions(opts));
  const warnings: SourcedWarnings[] = [{ source: `gold (${corpus.format})`, warnings: corpus.warnings }];
  const bySystem = new Map<string, Map<string, Span[]>>();
  for (const { name, path } of systemNames(opts.pred)) {
    const set = await loadPredictions(path, { format: opts.predFormat, gold: corpus.documents, onUnknownDocument: opts.onUnknownDocument });
    bySystem.set(name, set.predictions);
    warnings.push({ source: `${name} (${set.format})`, warnings: set.warnings });
  }
  const comparison = compareSystems(corpus.documents, bySystem, {
    scope: opts.scope,
    outOfScope: opts.outOfScope,
    nonPiiExclusions: opts.excludeExplicitAges ? explicitAgeExclusions : undefined,
    onMissingDocument: opts.onMissingDocument,
    onUnknownDocument: opts.onUnknownDocument,
    bootstrapMetrics: opts.metrics,
    replicates: opts.bootstrap,
    seed: opts.seed,
    cluster: opts.cluster,
  });
  return { data: comparisonToJson(comparison, { warnings }), output: formatComparison(comparison, opts.format ?? "markdown", { warnings }) };
}
