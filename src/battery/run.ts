// Runs a battery: every system over every corpus (set-up and one warm-up pass untimed, then timed end-to-end
// processing with healing, transform and writing), then one scorer and one paired bootstrap per corpus, so every
// system is measured on the same documents with the same replicates. Fail closed: any system failing on any
// document stops the battery, naming the system, corpus and document index.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { DeidError, OffsetMapper, type Document, type Label, type Span } from "../contract/index.js";
import {
  bootstrapCompare,
  defaultComparisonMetrics,
  evaluateMetric,
  loadCorpus,
  resolveMetric,
  scoreCorpus,
  type BootstrapResult,
  type ClusterBy,
  type CorpusScore,
  type CountMatrix,
  type EvalWarning,
} from "../eval/index.js";
import { analysePerturbation, perturbCorpus, type PerturbationCorpusResult, type PerturbDimension, type PerturbedCorpus } from "../eval/perturb/index.js";
import type { LoadedStack } from "../stack/index.js";
import type { BatteryPlan, CorpusSpec, SystemSpec } from "./config.js";
import { preloadChartRenderer } from "./charts.js";
import { sha256Path } from "./hashing.js";
import { isBaselineSystem, resolveSystem, systemSettings, type ResolvedSystem, type SystemOverride, type SystemSettings } from "./systems.js";
import { runSystemIsolated } from "./system-process.js";
import { CorpusFailure, runSystem, type SystemRunRequest, type SystemRunResult } from "./system-run.js";

export const BATTERY_RESULT_FORMAT = "deidstack.battery.v1";

export interface SystemInfo {
  id: string;
  kind: "stack" | "baseline";
  stack: { name: string; sha256: string; path: string };
  detectors: { id: string; use: string; version: string; kind: string }[];
  /** What the system ran with, whatever set it: the stack file, or the battery entry (see `overrides`). */
  settings: SystemSettings;
  /** Settings the battery or protocol entry changed from the stack file, or set for an external tool. */
  overrides: SystemOverride[];
}

export interface SystemTiming {
  system: string;
  corpus: string;
  documents: number;
  /** Code points of the corpus' texts. */
  characters: number;
  /**
   * Process start (isolated systems), stack creation, model loading, tool checks: once per system, measured on its
   * first corpus (`setup_corpus`); null on the others.
   */
  setup_s: number | null;
  /** The corpus on which set-up and warm-up were measured. */
  setup_corpus: string;
  warmup_documents: number;
  /** The warm-up pass (first corpus only, null on the others). */
  warmup_s: number | null;
  /** Timed passes over this corpus. */
  passes: number;
  /** Wall time of each timed pass, in order: end-to-end detection, healing, transform, leak guard, writing. */
  pass_wall_s: number[];
  /** Median of the passes; rates below are computed from it. */
  wall_s: number;
  wall_min_s: number;
  wall_max_s: number;
  documents_per_s: number;
  characters_per_s: number;
  /** Documents whose output differed between passes (0 for a deterministic system). */
  unstable_documents: number;
}

/** The median of a non-empty list. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export interface CorpusResult {
  id: string;
  path: string;
  format: string;
  sha256: string;
  documents: number;
  cluster: ClusterBy;
  gold_warnings: EvalWarning[];
  measures: string[];
  score: CorpusScore;
  bootstrap: BootstrapResult;
  /** Span recall per gold label (`span_recall[label=L]`), bootstrapped with the same method and seed. */
  label_bootstrap: BootstrapResult;
  timings: SystemTiming[];
}

export interface BatteryResult {
  format: typeof BATTERY_RESULT_FORMAT;
  id: string;
  title?: string;
  source: string;
  started_at: string;
  finished_at: string;
  reference?: string;
  systems: SystemInfo[];
  corpora: CorpusResult[];
  /** How systems were timed (the battery's timing block). */
  timing: { warmup_documents: number | "all"; isolation: "process" | "none"; passes: number };
  /** Seconds per phase of the battery's own work and of the systems' work (for the overhead figure). */
  phases: { load_corpora_s: number; systems_s: number; scoring_s: number; bootstrap_s: number };
  /** With a perturb block: per perturbed corpus, every system × dimension × measure cell. */
  perturbation?: PerturbationCorpusResult[];
}

export type BatteryProgress =
  | { kind: "system"; system: string; corpus: string; phase: "setup" | "warmup" | "run"; total: number }
  | { kind: "document"; system: string; corpus: string; done: number; total: number }
  | { kind: "evaluate"; corpus: string };

export interface RunBatteryOptions {
  onProgress?: (event: BatteryProgress) => void;
}

interface LoadedCorpusEntry {
  spec: CorpusSpec;
  path: string;
  format: string;
  sha256: string;
  gold: Document[];
  inputs: Document[];
  characters: number;
  warnings: EvalWarning[];
}

/** Code points in a string (surrogate pairs count once). */
export function codePointLength(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/** What a system may see of a gold document: text, patient and metadata, never the gold spans. */
export function systemInput(document: Document): Document {
  const input: Document = { document_id: document.document_id, text: document.text };
  if (document.patient_id !== undefined) input.patient_id = document.patient_id;
  if (document.metadata !== undefined) input.metadata = document.metadata;
  return input;
}

/** Output spans (code points of the original text) → predictions (UTF-16). */
export function predictionsFromOutput(document: Document, spans: readonly Record<string, unknown>[]): Span[] {
  const mapper = new OffsetMapper(document.text);
  return spans.map((s) => ({ start: mapper.toUtf16(s.begin as number), end: mapper.toUtf16(s.end as number), label: s.label as Label }));
}

function inContext(err: unknown, system: string, corpus: string): unknown {
  if (err instanceof DeidError) return new DeidError(err.code, `system ${system}, corpus ${corpus}: ${err.message}`);
  return err;
}

async function loadCorpora(plan: BatteryPlan): Promise<LoadedCorpusEntry[]> {
  const out: LoadedCorpusEntry[] = [];
  for (const spec of plan.config.corpora) {
    const path = resolve(plan.baseDir, spec.path);
    const loaded = await loadCorpus(path, { format: spec.format, labelMap: spec.label_map });
    const sha256 = await sha256Path(path);
    if (spec.sha256 !== undefined && spec.sha256 !== sha256) {
      throw new DeidError("E_CONFIG", `corpus ${spec.id} (${spec.path}) has sha256 ${sha256}, not the ${spec.sha256} the plan names`);
    }
    const inputs = loaded.documents.map(systemInput);
    const characters = inputs.reduce((n, d) => n + codePointLength(d.text), 0);
    out.push({ spec, path, format: loaded.format, sha256, gold: loaded.documents, inputs, characters, warnings: loaded.warnings });
  }
  return out;
}

function warmupCount(plan: BatteryPlan, documents: number): number {
  const w = plan.config.timing.warmup_documents;
  return w === "all" ? documents : Math.min(w, documents);
}

function systemInfo(spec: SystemSpec, resolved: ResolvedSystem, detectors: SystemInfo["detectors"]): SystemInfo {
  const { stack } = resolved;
  return {
    id: spec.id,
    kind: isBaselineSystem(spec) ? "baseline" : "stack",
    stack: { name: stack.config.name, sha256: stack.sha256, path: stack.path },
    detectors,
    settings: systemSettings(stack),
    overrides: resolved.overrides,
  };
}

/**
 * One corpus score from the systems' separate scores (each system is scored as soon as it has run). Point estimates
 * cover every metric any system's counts support, as scoreCorpus would give for all systems at once.
 */
export function mergeScores(parts: readonly CorpusScore[]): CorpusScore {
  const metricIds = [...new Set(parts.flatMap((p) => p.metricIds))];
  const systems = parts.flatMap((p) => p.systems).map((s) => {
    const missing = metricIds.filter((id) => !(id in s.metrics));
    if (missing.length === 0) return s;
    const metrics = { ...s.metrics };
    for (const id of missing) {
      const v = evaluateMetric(resolveMetric(id), (f) => s.totals[f] ?? 0);
      metrics[id] = Number.isFinite(v) ? v : null;
    }
    return { ...s, metrics };
  });
  return { ...parts[0], metricIds, systems };
}

interface PerturbedEntry {
  /** Corpus id of the copy: `<corpus>~<dimension>`. */
  id: string;
  /** Index of the original corpus. */
  parent: number;
  copy: PerturbedCorpus;
  inputs: Document[];
}

/** The perturbed copies a plan asks for, original corpus by corpus, dimension by dimension. */
function perturbedCorpora(plan: BatteryPlan, corpora: readonly LoadedCorpusEntry[]): PerturbedEntry[] {
  const spec = plan.config.perturb;
  if (!spec) return [];
  const out: PerturbedEntry[] = [];
  corpora.forEach((corpus, parent) => {
    if (spec.corpora && !spec.corpora.includes(corpus.spec.id)) return;
    for (const dimension of spec.dimensions) {
      const copy = perturbCorpus(corpus.gold, dimension, spec.seed);
      out.push({ id: `${corpus.spec.id}~${dimension}`, parent, copy, inputs: copy.documents.map(systemInput) });
    }
  });
  return out;
}

function analyseAll(
  plan: BatteryPlan,
  corpora: readonly LoadedCorpusEntry[],
  results: readonly CorpusResult[],
  perturbed: readonly PerturbedEntry[],
  matrices: readonly Map<string, Map<PerturbDimension, CountMatrix>>[],
): PerturbationCorpusResult[] {
  const spec = plan.config.perturb!;
  return corpora.flatMap((corpus, c) => {
    const copies = perturbed.filter((p) => p.parent === c).map((p) => p.copy);
    if (copies.length === 0) return [];
    const original = new Map(results[c].score.systems.map((s) => [s.name, s.matrix]));
    return [
      analysePerturbation(corpus.spec.id, original, matrices[c] ?? new Map(), copies, {
        measures: spec.measures,
        permutations: spec.permutations,
        replicates: plan.config.bootstrap.replicates,
        seed: spec.seed,
        cluster: results[c].cluster,
        confidence: plan.config.bootstrap.confidence,
        minUnitsChanged: spec.min_units_changed,
        alpha: spec.alpha,
      }),
    ];
  });
}

/** Gold labels with at least one gold span in the corpus, sorted. */
export function goldLabels(score: CorpusScore): string[] {
  const labels = new Set<string>();
  for (const s of score.systems) {
    for (const [field, n] of Object.entries(s.totals)) {
      const m = /^gold_spans\[label=(.+)\]$/.exec(field);
      if (m && n > 0) labels.add(m[1]);
    }
  }
  return [...labels].sort();
}

/** Metric ids to bootstrap: the plan's, checked before anything runs, else the comparison defaults. */
function checkMeasures(measures: readonly string[] | undefined): void {
  for (const m of measures ?? []) resolveMetric(m);
}

export async function runBattery(plan: BatteryPlan, options: RunBatteryOptions = {}): Promise<BatteryResult> {
  const progress = options.onProgress ?? (() => {});
  const startedAt = new Date();
  checkMeasures(plan.config.measures);
  const resolvedSystems: ResolvedSystem[] = [];
  for (const spec of plan.config.systems) resolvedSystems.push(await resolveSystem(spec, plan.baseDir, plan.source));
  const stacks: LoadedStack[] = resolvedSystems.map((r) => r.stack);
  let corpora: LoadedCorpusEntry[] = [];
  /** Perturbed copies, run by every system after the originals (untimed in the report). */
  let perturbed: PerturbedEntry[] = [];
  const perturbedMatrices: Map<string, Map<PerturbDimension, CountMatrix>>[] = [];
  let scores: CorpusScore[][] = [];
  let timings: SystemTiming[][] = [];
  let loadSeconds = 0;
  // The corpora are read while the first system's process starts and loads its modules.
  const loaded = (async () => {
    const start = performance.now();
    corpora = await loadCorpora(plan);
    perturbed = perturbedCorpora(plan, corpora);
    loadSeconds = (performance.now() - start) / 1000;
    scores = corpora.map(() => []);
    timings = corpora.map(() => []);
    return corpora;
  })();
  loaded.catch(() => {});
  const systems: SystemInfo[] = [];
  const work = await mkdtemp(join(tmpdir(), "deidstack-battery-"));
  const run = plan.config.timing.isolation === "process" ? runSystemIsolated : runSystem;
  const scoreOptions = { scope: plan.config.scoring.scope, outOfScope: plan.config.scoring.out_of_scope };
  let scoringSeconds = 0;
  /** Scores one system on every corpus (the battery's own work, done while the next system starts). */
  const scoreSystem = (id: string, predictions: Map<string, Span[]>[]) => {
    const start = performance.now();
    corpora.forEach((corpus, c) => scores[c].push(scoreCorpus(corpus.gold, { [id]: predictions[c] }, scoreOptions)));
    scoringSeconds += (performance.now() - start) / 1000;
  };
  let pendingScoring: (() => void) | undefined;
  const takePendingScoring = () => {
    const job = pendingScoring;
    pendingScoring = undefined;
    job?.();
  };
  const requestFor = (s: number, list: readonly LoadedCorpusEntry[]): SystemRunRequest => ({
    stack: stacks[s],
    // The originals are timed (passes); the perturbed copies only scored (one pass).
    corpora: [...list.map((c) => ({ id: c.spec.id, inputs: c.inputs, passes: plan.config.timing.passes })), ...perturbed.map((p) => ({ id: p.id, inputs: p.inputs, passes: 1 }))],
    warmup: warmupCount(plan, list[0].inputs.length),
    workDir: work,
    filePrefix: String(s),
  });
  const t = performance.now();
  try {
    for (const [s, spec] of plan.config.systems.entries()) {
      const request = s === 0 ? loaded.then((list) => requestFor(0, list)) : requestFor(s, corpora);
      // While the first system starts, the battery loads its chart renderer; while later ones start, it scores the
      // system before.
      const whileStarting = s === 0 ? preloadChartRenderer : takePendingScoring;
      let result: SystemRunResult;
      try {
        result = await run(
          request,
          (p) =>
            progress(p.done === 0 ? { kind: "system", system: spec.id, corpus: p.corpus, phase: p.phase, total: p.total } : { kind: "document", system: spec.id, corpus: p.corpus, done: p.done, total: p.total }),
          { whileStarting },
        );
      } catch (err) {
        await loaded; // a corpus that cannot be read is reported as such, not as the system's failure
        if (err instanceof CorpusFailure) throw inContext(err.failure, spec.id, err.corpus);
        throw inContext(err, spec.id, corpora[0].spec.id);
      }
      systems.push(systemInfo(spec, resolvedSystems[s], result.detectors));
      const inputsOf = (c: number) => (c < corpora.length ? corpora[c].inputs : perturbed[c - corpora.length].inputs);
      const allPredictions = result.corpora.map((pass, c) => {
        const byDocument = new Map<string, Span[]>();
        inputsOf(c).forEach((d, i) => byDocument.set(d.document_id, predictionsFromOutput(d, pass.spans[i] as unknown as Record<string, unknown>[])));
        return byDocument;
      });
      const predictions = allPredictions.slice(0, corpora.length);
      const perturbedPredictions = allPredictions.slice(corpora.length);
      pendingScoring = () => {
        scoreSystem(spec.id, predictions);
        const start = performance.now();
        perturbed.forEach((p, k) => {
          const m = scoreCorpus(p.copy.documents, { [spec.id]: perturbedPredictions[k] }, scoreOptions).systems[0].matrix;
          const bySystem = (perturbedMatrices[p.parent] ??= new Map());
          let byDimension = bySystem.get(spec.id);
          if (!byDimension) bySystem.set(spec.id, (byDimension = new Map()));
          byDimension.set(p.copy.dimension, m);
        });
        scoringSeconds += (performance.now() - start) / 1000;
      };
      result.corpora.slice(0, corpora.length).forEach((pass, c) => {
        const corpus = corpora[c];
        const total = corpus.inputs.length;
        const wall = median(pass.pass_wall_s);
        timings[c].push({
          system: spec.id,
          corpus: corpus.spec.id,
          documents: total,
          characters: corpus.characters,
          setup_s: c === 0 ? result.setup_s : null,
          setup_corpus: corpora[0].spec.id,
          warmup_documents: c === 0 ? warmupCount(plan, corpora[0].inputs.length) : 0,
          warmup_s: c === 0 ? result.warmup_s : null,
          passes: pass.pass_wall_s.length,
          pass_wall_s: pass.pass_wall_s,
          wall_s: wall,
          wall_min_s: Math.min(...pass.pass_wall_s),
          wall_max_s: Math.max(...pass.pass_wall_s),
          documents_per_s: wall > 0 ? total / wall : Number.POSITIVE_INFINITY,
          characters_per_s: wall > 0 ? corpus.characters / wall : Number.POSITIVE_INFINITY,
          unstable_documents: pass.unstable_documents,
        });
      });
    }
    takePendingScoring();
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  const systemsSeconds = (performance.now() - t) / 1000;

  let bootstrapSeconds = 0;
  const results: CorpusResult[] = corpora.map((corpus, c) => {
    progress({ kind: "evaluate", corpus: corpus.spec.id });
    const score = mergeScores(scores[c]);
    const measures = plan.config.measures ? [...plan.config.measures] : defaultComparisonMetrics(score);
    const cluster = corpus.spec.cluster ?? plan.config.bootstrap.cluster;
    const start = performance.now();
    const method = { replicates: plan.config.bootstrap.replicates, seed: plan.config.bootstrap.seed, cluster, confidence: plan.config.bootstrap.confidence };
    const matrices = new Map(score.systems.map((s) => [s.name, s.matrix]));
    const bootstrap = bootstrapCompare(matrices, { metrics: measures, ...method });
    const label_bootstrap = bootstrapCompare(matrices, { metrics: goldLabels(score).map((l) => `span_recall[label=${l}]`), ...method });
    bootstrapSeconds += (performance.now() - start) / 1000;
    return {
      id: corpus.spec.id,
      path: corpus.spec.path,
      format: corpus.format,
      sha256: corpus.sha256,
      documents: corpus.gold.length,
      cluster,
      gold_warnings: corpus.warnings,
      measures,
      score,
      bootstrap,
      label_bootstrap,
      timings: timings[c],
    };
  });
  const perturbation = plan.config.perturb ? analyseAll(plan, corpora, results, perturbed, perturbedMatrices) : undefined;
  return {
    ...(perturbation ? { perturbation } : {}),
    format: BATTERY_RESULT_FORMAT,
    id: plan.config.id,
    title: plan.config.title,
    source: plan.source,
    started_at: startedAt.toISOString(),
    finished_at: new Date().toISOString(),
    reference: plan.config.reference,
    systems,
    corpora: results,
    timing: { ...plan.config.timing },
    phases: { load_corpora_s: loadSeconds, systems_s: systemsSeconds, scoring_s: scoringSeconds, bootstrap_s: bootstrapSeconds },
  };
}
