// `deidstack score`: one system's predictions against a gold corpus, as a readable table or JSON.
import {
  applyReviewMarks,
  explicitAgeExclusions,
  loadReviewMarks,
  formatScore,
  loadCorpus,
  loadPredictions,
  scoreCorpus,
  scoreToJson,
  type CorpusFormat,
  type MissingDocumentPolicy,
  type OutOfScopePolicy,
  type PredictionFormat,
  type ReportFormat,
  type Scope,
  type SourcedWarnings,
  type UnknownDocumentPolicy,
} from "../../eval/index.js";
import { goldOptions } from "./gold-options.js";
import { systemName } from "./systems.js";

export interface ScoreCommandOptions {
  /** Gold corpus path (file or directory). */
  gold: string;
  /** Predictions path, optionally named: `NAME=path`. */
  pred: string;
  goldFormat?: CorpusFormat;
  /** Gold labels no map knows: `error` (default) or `other` (Anonymize_Other, counted). */
  unknownLabels?: "error" | "other";
  /** ASQ-PHI gold: every occurrence of a tagged value (`all`, default) or the first untaken one (`first`). */
  asqOccurrences?: "all" | "first";
  /** ASQ-PHI gold: match apostrophes exactly instead of treating ’ and ' alike. */
  asqExactApostrophes?: boolean;
  predFormat?: PredictionFormat;
  /** `all` (default) or `safe-harbor`. */
  scope?: Scope;
  /** With safe-harbor: `false-positive` (default) or `neither`. */
  outOfScope?: OutOfScopePolicy;
  /** Leave explicit ages under 90 out of the non-PII redaction numerator (ASQ-PHI sensitivity analysis). */
  excludeExplicitAges?: boolean;
  /** Metric ids to show (default: all). */
  metrics?: string[];
  /** Print JSON (`deidstack.score.v1`) instead of Markdown. */
  json?: boolean;
  /** Output format; overrides `json`. */
  format?: ReportFormat;
  /** Include per-document counts in JSON. */
  perDocument?: boolean;
  onMissingDocument?: MissingDocumentPolicy;
  onUnknownDocument?: UnknownDocumentPolicy;
  /** Review marks (deidstack review) read as extra gold: only the reviewed documents are scored (docs/review.md). */
  marks?: string;
}

export interface ScoreCommandResult {
  data: ReturnType<typeof scoreToJson>;
  output: string;
}

export async function scoreCommand(opts: ScoreCommandOptions): Promise<ScoreCommandResult> {
  const corpus = await loadCorpus(opts.gold, goldOptions(opts));
  const { name, path } = systemName(opts.pred);
  const predictions = await loadPredictions(path, {
    format: opts.predFormat,
    gold: corpus.documents,
    onUnknownDocument: opts.onUnknownDocument,
  });
  const gold = opts.marks ? applyReviewMarks(corpus.documents, predictions.predictions, await loadReviewMarks(opts.marks)) : corpus.documents;
  const score = scoreCorpus(gold, new Map([[name, predictions.predictions]]), {
    scope: opts.scope,
    outOfScope: opts.outOfScope,
    nonPiiExclusions: opts.excludeExplicitAges ? explicitAgeExclusions : undefined,
    metrics: opts.metrics,
    onMissingDocument: opts.onMissingDocument,
    onUnknownDocument: opts.marks ? "warn" : opts.onUnknownDocument,
  });
  const warnings: SourcedWarnings[] = [
    { source: `gold (${corpus.format})`, warnings: corpus.warnings },
    { source: `${name} (${predictions.format})`, warnings: predictions.warnings },
  ];
  const format: ReportFormat = opts.format ?? (opts.json ? "json" : "markdown");
  return {
    data: scoreToJson(score, { perDocument: opts.perDocument, warnings }),
    output: formatScore(score, format, { warnings }),
  };
}
