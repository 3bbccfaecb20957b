// Report formatting: Markdown tables for people, CSV and versioned JSON for machines. Numbers and ids only.
import { DeidError } from "../contract/index.js";
import type { BootstrapResult } from "./bootstrap.js";
import type { Comparison } from "./compare.js";
import { COMPARE_FORMAT } from "./compare.js";
import type { CorpusScore } from "./score.js";
import type { EvalWarning } from "./warnings.js";

export type ReportFormat = "markdown" | "csv" | "json";

/** Warnings from one input (the gold corpus, one system's predictions). */
export interface SourcedWarnings {
  source: string;
  warnings: readonly EvalWarning[];
}

/** Proportion → percentage with fixed decimals; null → "n/a". */
export function percent(value: number | null | undefined, digits = 2): string {
  return value === null || value === undefined || !Number.isFinite(value) ? "n/a" : (value * 100).toFixed(digits);
}

function signedPoints(value: number | null, digits: number): string {
  if (value === null || !Number.isFinite(value)) return "n/a";
  const s = (value * 100).toFixed(digits);
  return value > 0 ? `+${s}` : s;
}

function interval(low: number | null, high: number | null, digits: number, signed = false): string {
  const f = signed ? (v: number | null) => signedPoints(v, digits) : (v: number | null) => percent(v, digits);
  return low === null || high === null ? "n/a" : `${f(low)} to ${f(high)}`;
}

function table(header: readonly string[], align: readonly ("l" | "r")[], rows: readonly (readonly string[])[]): string {
  const sep = align.map((a) => (a === "r" ? "---:" : "---"));
  return [header, sep, ...rows].map((r) => `| ${r.join(" | ")} |`).join("\n");
}

function csvCell(v: string | number | boolean | null): string {
  if (v === null) return "";
  const s = String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function csv(rows: readonly (readonly (string | number | boolean | null)[])[]): string {
  return rows.map((r) => r.map(csvCell).join(",")).join("\n") + "\n";
}

const COUNT_ROWS: readonly [string, string][] = [
  ["gold spans", "gold_spans"],
  ["predicted spans", "pred_spans"],
  ["gold characters", "gold_chars"],
  ["core-PII characters", "core_chars"],
  ["characters outside gold", "non_pii_chars"],
];

function warningLines(sourced: readonly SourcedWarnings[]): string[] {
  return sourced.flatMap((s) => s.warnings.map((w) => `- ${s.source}: ${w.code} × ${w.count}: ${w.message}`));
}

/** JSON form of a score (`deidstack.score.v1`); per-document counts only when asked. */
export function scoreToJson(score: CorpusScore, opts: { perDocument?: boolean; warnings?: readonly SourcedWarnings[] } = {}) {
  return {
    format: score.format,
    options: score.options,
    documents: score.documents,
    metrics: score.metricIds,
    notes: score.notes,
    systems: score.systems.map((s) => ({
      name: s.name,
      metrics: s.metrics,
      totals: s.totals,
      warnings: s.warnings,
      ...(opts.perDocument
        ? {
            per_document: {
              document_ids: s.matrix.documentIds,
              counts: Object.fromEntries(Object.entries(s.matrix.columns).map(([f, col]) => [f, Array.from(col)])),
            },
          }
        : {}),
    })),
    input_warnings: opts.warnings ?? [],
  };
}

/** Markdown: one row per metric, one column per system (percentages), then counts, notes and warnings. */
export function scoreToMarkdown(score: CorpusScore, opts: { digits?: number; warnings?: readonly SourcedWarnings[]; metrics?: readonly string[] } = {}): string {
  const digits = opts.digits ?? 2;
  const names = score.systems.map((s) => s.name);
  const metricIds = opts.metrics ?? score.metricIds;
  const rows = metricIds.map((id) => [id, ...score.systems.map((s) => percent(s.metrics[id], digits))]);
  const parts = [
    `Scores (%) on ${score.documents} documents; scope ${score.options.scope}` +
      (score.options.scope === "all" ? "" : `, out-of-scope predictions counted as ${score.options.out_of_scope}`),
    "",
    table(["metric", ...names], ["l", ...names.map(() => "r" as const)], rows),
    "",
    table(
      ["count", ...names],
      ["l", ...names.map(() => "r" as const)],
      COUNT_ROWS.map(([label, field]) => [label, ...score.systems.map((s) => String(s.totals[field] ?? 0))]),
    ),
  ];
  if (score.notes.length) parts.push("", ...score.notes.map((n) => `Note: ${n}`));
  const warn = warningLines([...(opts.warnings ?? []), ...score.systems.map((s) => ({ source: s.name, warnings: s.warnings }))]);
  if (warn.length) parts.push("", "Warnings:", ...warn);
  return parts.join("\n") + "\n";
}

/** CSV: `system,metric,value` (proportions, empty when undefined). */
export function scoreToCsv(score: CorpusScore): string {
  const rows: (string | number | null)[][] = [["system", "metric", "value"]];
  for (const s of score.systems) for (const id of score.metricIds) rows.push([s.name, id, s.metrics[id]]);
  return csv(rows);
}

function checkFormat(format: string): void {
  if (!["markdown", "csv", "json"].includes(format)) throw new DeidError("E_CONFIG", `format must be markdown, csv or json; got ${JSON.stringify(format)}`);
}

export function formatScore(score: CorpusScore, format: ReportFormat, opts: { warnings?: readonly SourcedWarnings[]; metrics?: readonly string[] } = {}): string {
  checkFormat(format);
  if (format === "json") return JSON.stringify(scoreToJson(score, opts), null, 2) + "\n";
  if (format === "csv") return scoreToCsv(score);
  return scoreToMarkdown(score, opts);
}

/** JSON form of a comparison (`deidstack.compare.v1`): point estimates of every metric and the bootstrap. */
export function comparisonToJson(c: Comparison, opts: { warnings?: readonly SourcedWarnings[] } = {}) {
  const { replicates: _omitted, ...bootstrap } = c.bootstrap;
  return { format: COMPARE_FORMAT, score: scoreToJson(c.score, opts), bootstrap };
}

function methodLine(b: BootstrapResult): string {
  const m = b.method;
  return (
    `${Math.round(m.confidence * 100)}% percentile intervals from ${m.replicates} paired bootstrap replicates ` +
    `(seed ${m.seed}, ${m.prng}), resampling ${m.units} ${m.cluster === "patient" ? "patients" : "documents"} of ${m.documents} documents`
  );
}

export function comparisonToMarkdown(c: Comparison, opts: { digits?: number; warnings?: readonly SourcedWarnings[] } = {}): string {
  const d = opts.digits ?? 2;
  const b = c.bootstrap;
  const estimates = table(
    ["metric", "system", "estimate (%)", "95% CI"],
    ["l", "l", "r", "r"],
    b.estimates.map((e) => [e.metric, e.system, percent(e.estimate, d), interval(e.low, e.high, d)]),
  );
  const parts = [`Estimates: ${methodLine(b)}`, "", estimates];
  if (b.differences.length) {
    parts.push(
      "",
      "Paired differences (A − B, percentage points)",
      "",
      table(
        ["metric", "A", "B", "difference", "95% CI", "excludes 0"],
        ["l", "l", "l", "r", "r", "l"],
        b.differences.map((x) => [x.metric, x.system_a, x.system_b, signedPoints(x.estimate, d), interval(x.low, x.high, d, true), x.excludes_zero ? "yes" : "no"]),
      ),
    );
  }
  const undefinedRows = [...b.estimates, ...b.differences].filter((x) => x.undefined_replicates > 0).length;
  if (undefinedRows) parts.push("", `Note: ${undefinedRows} rows had replicates with a zero denominator, left out of their percentiles.`);
  if (c.score.notes.length) parts.push("", ...c.score.notes.map((n) => `Note: ${n}`));
  const warn = warningLines([
    ...(opts.warnings ?? []),
    ...c.score.systems.map((s) => ({ source: s.name, warnings: s.warnings })),
    { source: "bootstrap", warnings: b.warnings },
  ]);
  if (warn.length) parts.push("", "Warnings:", ...warn);
  return parts.join("\n") + "\n";
}

/** CSV: one row per estimate and per paired difference (proportions). */
export function comparisonToCsv(c: Comparison): string {
  const rows: (string | number | boolean | null)[][] = [
    ["kind", "metric", "system_a", "system_b", "estimate", "low", "high", "excludes_zero", "undefined_replicates"],
  ];
  for (const e of c.bootstrap.estimates) rows.push(["estimate", e.metric, e.system, "", e.estimate, e.low, e.high, "", e.undefined_replicates]);
  for (const x of c.bootstrap.differences) {
    rows.push(["difference", x.metric, x.system_a, x.system_b, x.estimate, x.low, x.high, x.excludes_zero, x.undefined_replicates]);
  }
  return csv(rows);
}

export function formatComparison(c: Comparison, format: ReportFormat, opts: { warnings?: readonly SourcedWarnings[] } = {}): string {
  checkFormat(format);
  if (format === "json") return JSON.stringify(comparisonToJson(c, opts), null, 2) + "\n";
  if (format === "csv") return comparisonToCsv(c);
  return comparisonToMarkdown(c, opts);
}
