// `deidstack score`: one system's predictions against a gold corpus, as a readable table or JSON.
import { applyReviewMarks, loadReviewMarks, formatScore, loadCorpus, scoreCorpus, scoreToJson, type ReportFormat } from "../../eval/index.js";
import { goldOptions, goldWarnings, scoringOptions, systemPredictions, type ScoringCommandOptions } from "./gold-options.js";
import { systemName } from "./systems.js";

export interface ScoreCommandOptions extends ScoringCommandOptions {
  /** Predictions path, optionally named: `NAME=path`. */
  pred: string;
  /** Metric ids to show (default: all). */
  metrics?: string[];
  /** Print JSON (`deidstack.score.v1`) instead of Markdown. */
  json?: boolean;
  /** Output format; overrides `json`. */
  format?: ReportFormat;
  /** Include per-document counts in JSON. */
  perDocument?: boolean;
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
  const system = await systemPredictions(name, path, corpus, opts);
  const gold = opts.marks ? applyReviewMarks(corpus.documents, system.predictions, await loadReviewMarks(opts.marks)) : corpus.documents;
  const score = scoreCorpus(gold, new Map([[name, system.predictions]]), {
    ...scoringOptions(opts),
    metrics: opts.metrics,
    onUnknownDocument: opts.marks ? "warn" : opts.onUnknownDocument,
  });
  const warnings = [goldWarnings(corpus), system.warnings];
  const format: ReportFormat = opts.format ?? (opts.json ? "json" : "markdown");
  return {
    data: scoreToJson(score, { perDocument: opts.perDocument, warnings }),
    output: formatScore(score, format, { warnings }),
  };
}
