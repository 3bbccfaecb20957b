// Writes a battery's results folder: counts.json, estimates.csv, paired.csv, timing.csv, run.json, charts/*.svg,
// report.md and report.html. The folder appears only when every file is written (written beside it, then renamed).
import { cpus, platform, release } from "node:os";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { existsSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { DeidError, fsError } from "../contract/index.js";
import { SOFTWARE_VERSION } from "../stack/index.js";
import { batteryCharts, renderSvg, type ForestMarker } from "./charts.js";
import { perturbationChart, perturbationCsv } from "./perturb-report.js";
import { renderHtml, renderMarkdown, type ProtocolReportInfo, type RenderedChart } from "./report.js";
import type { BatteryResult, CorpusResult } from "./run.js";

export const COUNTS_FORMAT = "deidstack.battery-counts.v1";
export const RUN_FORMAT = "deidstack.battery-run.v1";
export const SOFTWARE = { name: "deidstack", version: SOFTWARE_VERSION } as const;

type Cell = string | number | boolean | null;

export function csv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const cell = (v: Cell) => {
    if (v === null) return "";
    const s = typeof v === "number" && !Number.isFinite(v) ? "" : String(v);
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [header, ...rows].map((r) => r.map(cell).join(",")).join("\n") + "\n";
}

export function estimatesCsv(corpora: readonly CorpusResult[]): string {
  return csv(
    ["corpus", "system", "metric", "estimate", "low", "high", "confidence", "replicates", "cluster", "undefined_replicates"],
    corpora.flatMap((c) =>
      c.bootstrap.estimates.map((e) => [c.id, e.system, e.metric, e.estimate, e.low, e.high, c.bootstrap.method.confidence, c.bootstrap.method.replicates, c.cluster, e.undefined_replicates]),
    ),
  );
}

export function pairedCsv(corpora: readonly CorpusResult[]): string {
  return csv(
    ["corpus", "metric", "system_a", "system_b", "difference", "low", "high", "excludes_zero", "confidence", "replicates"],
    corpora.flatMap((c) =>
      c.bootstrap.differences.map((d) => [c.id, d.metric, d.system_a, d.system_b, d.estimate, d.low, d.high, d.excludes_zero, c.bootstrap.method.confidence, c.bootstrap.method.replicates]),
    ),
  );
}

/** One row per corpus and system: set-up and warm-up (first corpus only; empty elsewhere), the median of the timed passes, their range and each pass. */
export function timingCsv(corpora: readonly CorpusResult[]): string {
  return csv(
    [
      "corpus",
      "system",
      "documents",
      "characters",
      "setup_s",
      "setup_corpus",
      "warmup_documents",
      "warmup_s",
      "passes",
      "wall_s",
      "wall_min_s",
      "wall_max_s",
      "pass_wall_s",
      "documents_per_s",
      "characters_per_s",
      "unstable_documents",
    ],
    corpora.flatMap((c) =>
      c.timings.map((t) => [
        t.corpus,
        t.system,
        t.documents,
        t.characters,
        t.setup_s,
        t.setup_corpus,
        t.warmup_documents,
        t.warmup_s,
        t.passes,
        t.wall_s,
        t.wall_min_s,
        t.wall_max_s,
        t.pass_wall_s.join(" "),
        t.documents_per_s,
        t.characters_per_s,
        t.unstable_documents,
      ]),
    ),
  );
}

/** Span recall per gold label with its interval, per corpus and system. */
export function labelsCsv(corpora: readonly CorpusResult[]): string {
  return csv(
    ["corpus", "system", "label", "gold_spans", "gold_spans_hit", "estimate", "low", "high", "confidence", "replicates"],
    corpora.flatMap((c) =>
      c.label_bootstrap.estimates.map((e) => {
        const label = /\[label=(.+)\]$/.exec(e.metric)![1];
        const totals = c.score.systems.find((s) => s.name === e.system)!.totals;
        return [c.id, e.system, label, totals[`gold_spans[label=${label}]`] ?? 0, totals[`gold_spans_hit[label=${label}]`] ?? 0, e.estimate, e.low, e.high, c.label_bootstrap.method.confidence, c.label_bootstrap.method.replicates];
      }),
    ),
  );
}

/**
 * Per-document counts of every system, column by column (one array per count field, documents in corpus order;
 * fields that are 0 in every document are left out), with each document's resampling unit: enough to redo every
 * estimate and bootstrap. Documents are identified by position only, never by text.
 */
export function countsJson(result: BatteryResult) {
  return {
    format: COUNTS_FORMAT,
    battery: result.id,
    layout: "columns: one array per count field, one value per document in corpus order; absent fields are 0",
    corpora: result.corpora.map((c) => {
      const unitOf = new Map<string, number>();
      const first = c.score.systems[0].matrix;
      const units = first.documentIds.map((id, i) => {
        if (c.cluster === "document") return i;
        const key = first.patientIds[i] ?? `\u0000${id}`;
        if (!unitOf.has(key)) unitOf.set(key, unitOf.size);
        return unitOf.get(key)!;
      });
      return {
        id: c.id,
        sha256: c.sha256,
        documents: c.documents,
        cluster: c.cluster,
        units,
        systems: c.score.systems.map((s) => ({
          id: s.name,
          totals: s.totals,
          columns: Object.fromEntries(Object.entries(s.matrix.columns).map(([field, column]) => [field, Array.from(column)])),
        })),
      };
    }),
  };
}

export interface OverheadSummary {
  total_s: number;
  /** Set-up, warm-up and timed passes of the systems. */
  systems_own_s: number;
  overhead_s: number;
  overhead_share: number;
}

/** Everything but the systems' own processing, given the whole battery's wall time. */
export function overheadOf(result: BatteryResult, totalSeconds: number): OverheadSummary {
  const own = result.corpora.flatMap((c) => c.timings).reduce((s, t) => s + (t.setup_s ?? 0) + (t.warmup_s ?? 0) + t.pass_wall_s.reduce((a, b) => a + b, 0), 0);
  const overhead = Math.max(0, totalSeconds - own);
  return { total_s: totalSeconds, systems_own_s: own, overhead_s: overhead, overhead_share: totalSeconds > 0 ? overhead / totalSeconds : 0 };
}

export function runJson(result: BatteryResult, reportSeconds: number) {
  return {
    format: RUN_FORMAT,
    software: SOFTWARE,
    id: result.id,
    title: result.title ?? null,
    source: result.source,
    started_at: result.started_at,
    finished_at: result.finished_at,
    reference: result.reference ?? null,
    /** Each system's detectors, the settings it ran with, and what the battery entry changed from its stack file. */
    systems: result.systems,
    timing: result.timing,
    corpora: result.corpora.map((c) => ({
      id: c.id,
      path: c.path,
      format: c.format,
      sha256: c.sha256,
      documents: c.documents,
      cluster: c.cluster,
      measures: c.measures,
      scoring: c.score.options,
      bootstrap: c.bootstrap.method,
      warnings: { gold: c.gold_warnings, bootstrap: c.bootstrap.warnings, systems: Object.fromEntries(c.score.systems.map((s) => [s.name, s.warnings])) },
      notes: c.score.notes,
    })),
    phases: { ...result.phases, report_s: reportSeconds },
    environment: { node: process.version, platform: `${platform()} ${release()}`, cpu: cpus()[0]?.model ?? "unknown", cores: cpus().length },
  };
}

export interface WriteOptions {
  /** Folder under which `<battery-id>/<timestamp>/` is created (default `results`). */
  outputRoot?: string;
  protocol?: ProtocolReportInfo;
  markers?: readonly ForestMarker[];
  /** Extra files (name → content) for the results folder, e.g. statements.json. */
  extraFiles?: Readonly<Record<string, string>>;
  now?: Date;
  /** Write into exactly this folder (it must not exist) instead of `<outputRoot>/<battery-id>/<timestamp>/`. */
  exactDir?: string;
}

export interface WrittenResults {
  dir: string;
  files: string[];
  reportSeconds: number;
}

function timestampName(now: Date): string {
  return now.toISOString().replace(/[:.]/g, "-");
}

export async function writeBatteryResults(result: BatteryResult, options: WriteOptions = {}): Promise<WrittenResults> {
  const started = performance.now();
  const root = resolve(options.outputRoot ?? "results", result.id);
  let dir = options.exactDir ? resolve(options.exactDir) : join(root, timestampName(options.now ?? new Date()));
  if (options.exactDir && existsSync(dir)) throw new DeidError("E_CONFIG", `results folder ${options.exactDir} exists already`);
  for (let k = 2; existsSync(dir); k++) dir = join(root, `${timestampName(options.now ?? new Date())}-${k}`);
  const staging = `${dir}.partial-${process.pid}`;
  try {
    await mkdir(join(staging, "charts"), { recursive: true });
  } catch (err) {
    throw fsError("E_CONFIG", "results folder", root, err, "choose another -o (a folder, created if missing)");
  }
  try {
    const charts: RenderedChart[] = [];
    const perturbCharts = (result.perturbation ?? []).map(perturbationChart).filter((c) => c !== undefined);
    for (const chart of [...batteryCharts(result.corpora, result.reference, options.markers), ...perturbCharts]) {
      charts.push({ chart, svg: await renderSvg(chart.spec), file: `charts/${chart.name}.svg` });
    }
    const files: Record<string, string> = {
      "counts.json": JSON.stringify(countsJson(result)) + "\n",
      "estimates.csv": estimatesCsv(result.corpora),
      "paired.csv": pairedCsv(result.corpora),
      "timing.csv": timingCsv(result.corpora),
      "labels.csv": labelsCsv(result.corpora),
      "report.md": renderMarkdown({ result, charts, software: SOFTWARE, protocol: options.protocol }),
      "report.html": renderHtml({ result, charts, software: SOFTWARE, protocol: options.protocol }),
      ...(result.perturbation ? { "perturbation.csv": perturbationCsv(result.perturbation), "perturbation.json": JSON.stringify(result.perturbation, null, 2) + "\n" } : {}),
      ...options.extraFiles,
    };
    for (const c of charts) files[c.file] = c.svg;
    const reportSeconds = (performance.now() - started) / 1000;
    files["run.json"] = JSON.stringify(runJson(result, reportSeconds), null, 2) + "\n";
    for (const [name, content] of Object.entries(files)) await writeFile(join(staging, name), content);
    await rename(staging, dir);
    return { dir, files: Object.keys(files).sort(), reportSeconds };
  } catch (err) {
    await rm(staging, { recursive: true, force: true });
    throw err;
  }
}
