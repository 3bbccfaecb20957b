/**
 * src/eval — one scorer for every system. Imports only src/contract.
 *
 * Flow: corpus adapter → gold Documents; predictions reader → spans per document; `countDocument` → one count vector
 * per document; `scoreCorpus` → per-system count matrices + point estimates; `bootstrapCompare` → paired percentile
 * intervals. Every rate is a ratio of summed per-document counts, so a bootstrap replicate is a weighted column sum.
 * Offsets in memory are UTF-16 indices into the gold text; characters are counted as code points.
 *
 * ```ts
 * import { loadCorpus, loadPredictions, scoreCorpus, bootstrapCompare } from "../eval/index.js";
 * const { documents: gold, warnings } = await loadCorpus("asq-phi.txt");            // format auto-detected
 * const a = await loadPredictions("a.jsonl", { gold });                               // `deidstack run` output
 * const b = await loadPredictions("b.jsonl", { gold });
 * const score = scoreCorpus(gold, { A: a.predictions, B: b.predictions }, { scope: "safe-harbor" });
 * const boot = bootstrapCompare(new Map(score.systems.map((s) => [s.name, s.matrix])),
 *   { metrics: ["span_recall", "span_precision"], replicates: 10_000, seed: 1, cluster: "patient" });
 * ```
 *
 * Public API
 * - `loadCorpus(path, options?: CorpusOptions) → Promise<{ format, documents: Document[], warnings: EvalWarning[] }>`
 *   formats: meddeid-jsonl, brat, asq-phi, physionet-deid, i2b2-2014, inception-json, doccano, label-studio
 *   (auto-detected from extension / directory / first bytes when `format` is omitted).
 * - `loadPredictions(path, { format?, gold?, labelMap?, onUnknownDocument?, corpus? }) → Promise<{ format,
 *   predictions: Map<document_id, Span[]>, warnings }>`: `deidstack run` JSONL (code-point offsets into the original
 *   text, spans without text), any MedDeID JSONL with spans, or any corpus format above.
 * - `countDocument(gold: Document, predicted: Span[], options?: CountOptions) → DocumentCounts` (numbers only).
 * - `scoreCorpus(gold, predictionsBySystem, options?: ScoreOptions) → CorpusScore` (`deidstack.score.v1`):
 *   per system a `CountMatrix` (Float64Array column per count field, one row per gold document), totals and point
 *   estimates of every metric.
 * - `bootstrapCompare(countsBySystem, { metrics, replicates = 10000, seed = 1, cluster = "document"|"patient",
 *   confidence = 0.95, keepReplicates? }) → BootstrapResult` (`deidstack.bootstrap.v1`): estimates with percentile
 *   intervals and paired differences for every pair of systems.
 * - `compareSystems(gold, predictionsBySystem, options)` → `{ score, bootstrap }` (`deidstack.compare.v1`).
 * - Reports: `formatScore`, `formatComparison` (markdown | csv | json), `scoreToJson`, `comparisonToJson`.
 * - Metrics: `METRICS`, `METRIC_IDS`, `resolveMetric(id)`, `evaluateMetric(def, total)`; breakdown ids
 *   `char_recall[label=L]`, `core_pii_recall[label=L]`, `span_recall[label=L]`, `subannotation_recall[category=C]`.
 * - Scope: `scope: "safe-harbor"` with `outOfScope: "false-positive" | "neither"`; numerator exclusions
 *   `explicitAgeExclusions` (ASQ-PHI's unannotated ages).
 * - PRNG: `Xoshiro128StarStar.fromSeed(seed)` (xoshiro128** seeded by SplitMix64).
 *
 * Definitions, policies for bad input and the PRNG are documented in docs/scoring.md.
 */
export { loadCorpus, detectCorpusFormat, CORPUS_ADAPTERS, CORPUS_FORMATS, isCorpusFormat } from "./corpora/index.js";
export type {
  CorpusFormat,
  CorpusOptions,
  LoadedCorpus,
  AsqPhiOptions,
  BratOptions,
  PhysionetOptions,
  InceptionOptions,
  LabelStudioOptions,
} from "./corpora/index.js";
export {
  parseAsqPhiBlocks,
  locateAsqValues,
  foldApostrophes,
  parseBratAnn,
  parsePhysionetText,
  parsePhiFile,
  parsePhraseFile,
  parseDoccanoRecords,
  labelResolver,
  type OffsetUnit,
  type UnknownLabelPolicy,
} from "./corpora/index.js";
export {
  loadPredictions,
  parsePredictionRecord,
  dedupeSpans,
  PREDICTION_FORMATS,
  type PredictionFormat,
  type PredictionOptions,
  type PredictionSet,
  type UnknownDocumentPolicy,
} from "./predictions.js";
export {
  countDocument,
  emptyCounts,
  goldEntities,
  breakdownField,
  codePointStarts,
  COUNT_FIELDS,
  type CountField,
  type CountOptions,
  type DocumentCounts,
  type Interval,
} from "./counts.js";
export { buildCountMatrix, columnOf, totalsOf, rowOf, type CountMatrix } from "./matrix.js";
export * from "./metrics/index.js";
export { scoreCorpus, countSystem, checkScoreOptions, SCORE_FORMAT, type ScoreOptions, type SystemScore, type CorpusScore, type MissingDocumentPolicy } from "./score.js";
export {
  bootstrapCompare,
  drawMultiplicities,
  resamplingUnits,
  quantileSorted,
  percentileInterval,
  BOOTSTRAP_FORMAT,
  DEFAULT_REPLICATES,
  DEFAULT_SEED,
  type BootstrapOptions,
  type BootstrapResult,
  type BootstrapMethod,
  type ClusterBy,
  type IntervalEstimate,
  type SystemEstimate,
  type PairedDifference,
} from "./bootstrap.js";
export { compareSystems, defaultComparisonMetrics, COMPARE_FORMAT, type CompareOptions, type Comparison } from "./compare.js";
export {
  formatScore,
  formatComparison,
  scoreToJson,
  scoreToMarkdown,
  scoreToCsv,
  comparisonToJson,
  comparisonToMarkdown,
  comparisonToCsv,
  percent,
  type ReportFormat,
  type SourcedWarnings,
} from "./report.js";
export { isOutOfScope, isAgeUnder90, isBareYear, numbersIn, type Scope, type OutOfScopePolicy } from "./scope.js";
export { explicitAgeExclusions, explicitAgeRanges } from "./exclusions.js";
export { Xoshiro128StarStar, splitMix64 } from "./prng.js";
export { REVIEW_MARK_FORMAT, applyReviewMarks, loadReviewMarks, parseReviewMarks, type ReviewMark } from "./review-marks.js";
export { WarningTally, type EvalWarning } from "./warnings.js";
