// Options shared by `score` and `compare`: the gold corpus, the predictions' format, and how the scorer counts.
import { DeidError, type Span } from "../../contract/index.js";
import {
  explicitAgeExclusions,
  loadPredictions,
  type CorpusFormat,
  type CorpusOptions,
  type LoadedCorpus,
  type MissingDocumentPolicy,
  type OutOfScopePolicy,
  type PredictionFormat,
  type Scope,
  type ScoreOptions,
  type SourcedWarnings,
  type UnknownDocumentPolicy,
} from "../../eval/index.js";

export interface GoldCommandOptions {
  goldFormat?: CorpusFormat;
  /** Gold labels no map knows: `error` (default) or `other` (Anonymize_Other, counted). */
  unknownLabels?: "error" | "other";
  /** ASQ-PHI gold: every occurrence of a tagged value (`all`, default) or the first untaken one (`first`). */
  asqOccurrences?: "all" | "first";
  /** ASQ-PHI gold: match apostrophes exactly instead of treating ’ and ' alike. */
  asqExactApostrophes?: boolean;
}

export interface ScoringCommandOptions extends GoldCommandOptions {
  /** Gold corpus path (file or directory). */
  gold: string;
  predFormat?: PredictionFormat;
  /** `all` (default) or `safe-harbor`. */
  scope?: Scope;
  /** With safe-harbor: `false-positive` (default) or `neither`. */
  outOfScope?: OutOfScopePolicy;
  /** Leave explicit ages under 90 out of the non-PII redaction numerator (ASQ-PHI sensitivity analysis). */
  excludeExplicitAges?: boolean;
  onMissingDocument?: MissingDocumentPolicy;
  onUnknownDocument?: UnknownDocumentPolicy;
}

/** How the scorer counts, as both commands were asked. */
export function scoringOptions(opts: ScoringCommandOptions): ScoreOptions {
  return {
    scope: opts.scope,
    outOfScope: opts.outOfScope,
    nonPiiExclusions: opts.excludeExplicitAges ? explicitAgeExclusions : undefined,
    onMissingDocument: opts.onMissingDocument,
    onUnknownDocument: opts.onUnknownDocument,
  };
}

/** One system's predictions on the gold corpus, with its warnings under its name and format. */
export async function systemPredictions(
  name: string,
  path: string,
  corpus: LoadedCorpus,
  opts: ScoringCommandOptions,
): Promise<{ predictions: Map<string, Span[]>; warnings: SourcedWarnings }> {
  const set = await loadPredictions(path, { format: opts.predFormat, gold: corpus.documents, onUnknownDocument: opts.onUnknownDocument });
  return { predictions: set.predictions, warnings: { source: `${name} (${set.format})`, warnings: set.warnings } };
}

/** The gold corpus's warnings, under its format. */
export function goldWarnings(corpus: LoadedCorpus): SourcedWarnings {
  return { source: `gold (${corpus.format})`, warnings: corpus.warnings };
}

export function goldOptions(opts: GoldCommandOptions): CorpusOptions {
  if (opts.asqOccurrences !== undefined && opts.asqOccurrences !== "all" && opts.asqOccurrences !== "first") {
    throw new DeidError("E_CONFIG", `--asq-occurrences must be all or first; got ${JSON.stringify(opts.asqOccurrences)}`);
  }
  if (opts.unknownLabels !== undefined && opts.unknownLabels !== "error" && opts.unknownLabels !== "other") {
    throw new DeidError("E_CONFIG", `--unknown-labels must be error or other; got ${JSON.stringify(opts.unknownLabels)}`);
  }
  return {
    format: opts.goldFormat,
    unknownLabels: opts.unknownLabels,
    asqPhi: { occurrences: opts.asqOccurrences, apostropheInsensitive: !opts.asqExactApostrophes },
  };
}
