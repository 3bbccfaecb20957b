// Scoring a corpus: per system, per document counts (a count matrix) and point estimates from summed counts.
import { DeidError, type Document, type Span } from "../contract/index.js";
import { countDocument, type CountOptions, type Interval } from "./counts.js";
import { buildCountMatrix, totalsOf, type CountMatrix } from "./matrix.js";
import { allMetricsFor, evaluateMetric, resolveMetric, type MetricDefinition } from "./metrics/index.js";
import type { UnknownDocumentPolicy } from "./predictions.js";
import { WarningTally, type EvalWarning } from "./warnings.js";

export const SCORE_FORMAT = "deidstack.score.v1";

/** A gold document with no predictions: score it as predicting nothing (counted warning, default) or fail. */
export type MissingDocumentPolicy = "empty" | "error";

export interface ScoreOptions extends Omit<CountOptions, "nonPiiExclusions"> {
  /** Characters per document whose redaction is not counted as non-PII redaction (e.g. `explicitAgeExclusions`). */
  nonPiiExclusions?: (doc: Document) => readonly Interval[];
  onMissingDocument?: MissingDocumentPolicy;
  onUnknownDocument?: UnknownDocumentPolicy;
  /** Metric ids for the point estimates (default: every headline metric and the breakdowns the gold supports). */
  metrics?: readonly string[];
}

export interface SystemScore {
  name: string;
  matrix: CountMatrix;
  totals: Record<string, number>;
  /** Point estimates; null where the denominator is 0. */
  metrics: Record<string, number | null>;
  warnings: EvalWarning[];
}

export interface CorpusScore {
  format: typeof SCORE_FORMAT;
  options: {
    scope: NonNullable<CountOptions["scope"]>;
    out_of_scope: NonNullable<CountOptions["outOfScope"]>;
    typed_match: NonNullable<CountOptions["typedMatch"]>;
    non_pii_exclusions: boolean;
  };
  documents: number;
  metricIds: string[];
  systems: SystemScore[];
  /** Remarks on how to read the numbers (e.g. core-PII recall without subannotations). */
  notes: string[];
}

type PredictionsBySystem =
  | ReadonlyMap<string, ReadonlyMap<string, readonly Span[]>>
  | Readonly<Record<string, ReadonlyMap<string, readonly Span[]>>>;

function systemsOf(p: PredictionsBySystem): [string, ReadonlyMap<string, readonly Span[]>][] {
  return p instanceof Map ? [...p.entries()] : Object.entries(p);
}

/** Counts one system on the gold corpus, applying the missing/unknown document policies. */
export function countSystem(
  name: string,
  gold: readonly Document[],
  predictions: ReadonlyMap<string, readonly Span[]>,
  options: ScoreOptions = {},
): { matrix: CountMatrix; warnings: EvalWarning[] } {
  const warnings = new WarningTally();
  const goldIds = new Set(gold.map((d) => d.document_id));
  for (const id of predictions.keys()) {
    if (goldIds.has(id)) continue;
    if ((options.onUnknownDocument ?? "error") === "error") {
      throw new DeidError("E_INPUT_FORMAT", `system ${name}: predictions for document ${JSON.stringify(id)}, which the gold corpus lacks`);
    }
    warnings.add("unknown_document", "predictions for document ids not in the gold corpus were ignored");
  }
  const countOptions: CountOptions = { ...options, nonPiiExclusions: undefined };
  const rows = gold.map((doc, i) => {
    let spans = predictions.get(doc.document_id);
    if (spans === undefined) {
      if ((options.onMissingDocument ?? "empty") === "error") {
        throw new DeidError("E_INPUT_FORMAT", `system ${name}: no predictions for document ${JSON.stringify(doc.document_id)}`, { documentIndex: i });
      }
      warnings.add("missing_document", "gold documents without predictions were scored as predicting nothing");
      spans = [];
    }
    try {
      return countDocument(doc, spans, { ...countOptions, nonPiiExclusions: options.nonPiiExclusions?.(doc) });
    } catch (e) {
      if (e instanceof DeidError) throw new DeidError(e.code, `system ${name}: ${e.message}`, { ...e.context, documentIndex: i });
      throw e;
    }
  });
  const matrix = buildCountMatrix(
    gold.map((d) => d.document_id),
    gold.map((d) => d.patient_id),
    rows,
  );
  return { matrix, warnings: warnings.toArray() };
}

function notesFor(totals: Record<string, number>): string[] {
  const notes: string[] = [];
  const spans = totals.gold_spans ?? 0;
  const bare = totals.gold_spans_without_subannotations ?? 0;
  if (spans > 0 && bare === spans) {
    notes.push("gold has no subannotations: core_pii_recall counts whole gold spans and equals char_recall (annotation-character recall)");
  } else if (bare > 0) {
    notes.push(`${bare} of ${spans} gold spans have no subannotations: their characters count whole in core_pii_recall`);
  }
  if ((totals.out_of_scope_gold_spans ?? 0) > 0) notes.push(`${totals.out_of_scope_gold_spans} gold spans are out of scope (not PHI under the chosen scope)`);
  return notes;
}

/**
 * Scores every system on the gold corpus: count matrices (documents in gold order) and point estimates (ratios of
 * summed counts). Gold documents must carry their spans.
 */
function oneOf<T extends string>(name: string, value: T | undefined, allowed: readonly T[]): void {
  if (value !== undefined && !allowed.includes(value)) {
    throw new DeidError("E_CONFIG", `${name} must be one of ${allowed.join(", ")}; got ${JSON.stringify(value)}`);
  }
}

/** Rejects option values outside their sets (they arrive from the command line unchecked). */
export function checkScoreOptions(options: ScoreOptions): void {
  oneOf("scope", options.scope, ["all", "safe-harbor"]);
  oneOf("out-of-scope policy", options.outOfScope, ["false-positive", "neither"]);
  oneOf("typed match", options.typedMatch, ["label", "category"]);
  oneOf("missing-document policy", options.onMissingDocument, ["empty", "error"]);
  oneOf("unknown-document policy", options.onUnknownDocument, ["error", "warn"]);
}

export function scoreCorpus(gold: readonly Document[], predictionsBySystem: PredictionsBySystem, options: ScoreOptions = {}): CorpusScore {
  checkScoreOptions(options);
  if (gold.length === 0) throw new DeidError("E_INPUT_EMPTY", "the gold corpus has no documents");
  const systems = systemsOf(predictionsBySystem);
  if (systems.length === 0) throw new DeidError("E_CONFIG", "no system to score");
  const scored = systems.map(([name, predictions]) => {
    const { matrix, warnings } = countSystem(name, gold, predictions, options);
    return { name, matrix, totals: totalsOf(matrix), warnings };
  });
  const allFields = new Set(scored.flatMap((s) => Object.keys(s.totals)));
  const metrics: MetricDefinition[] = options.metrics ? options.metrics.map(resolveMetric) : allMetricsFor(allFields);
  return {
    format: SCORE_FORMAT,
    options: {
      scope: options.scope ?? "all",
      out_of_scope: options.outOfScope ?? "false-positive",
      typed_match: options.typedMatch ?? "label",
      non_pii_exclusions: options.nonPiiExclusions !== undefined,
    },
    documents: gold.length,
    metricIds: metrics.map((m) => m.id),
    systems: scored.map((s) => ({
      ...s,
      metrics: Object.fromEntries(
        metrics.map((m) => {
          const v = evaluateMetric(m, (f) => s.totals[f] ?? 0);
          return [m.id, Number.isFinite(v) ? v : null];
        }),
      ),
    })),
    notes: notesFor(scored[0].totals),
  };
}
