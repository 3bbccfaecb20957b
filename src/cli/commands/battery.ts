// `deidstack battery <battery.yaml>`: runs every system on every corpus and writes results/<id>/<timestamp>/.
import { performance } from "node:perf_hooks";
import { loadBatteryFile, overheadOf, runBattery, writeBatteryResults, type BatteryResult, type OverheadSummary } from "../../battery/index.js";
import { checkOutputFolder } from "./paths.js";
import { terminalProgress } from "./progress.js";

export interface BatteryCommandOptions {
  /** Folder under which results/<battery-id>/<timestamp>/ is written (default `results`). */
  outputRoot?: string;
  /** Show a progress bar on stderr. */
  progress?: boolean;
}

export interface BatteryCommandResult {
  dir: string;
  files: string[];
  /** Seconds spent writing the results folder (charts and reports included). */
  reportSeconds: number;
  result: BatteryResult;
  overhead: OverheadSummary;
}

export async function batteryCommand(path: string, opts: BatteryCommandOptions = {}): Promise<BatteryCommandResult> {
  const started = performance.now();
  checkOutputFolder(opts.outputRoot ?? "results");
  const plan = await loadBatteryFile(path);
  const reporter = opts.progress ? terminalProgress() : undefined;
  let result: BatteryResult;
  try {
    result = await runBattery(plan, { onProgress: reporter?.onProgress });
  } finally {
    reporter?.stop();
  }
  const written = await writeBatteryResults(result, { outputRoot: opts.outputRoot });
  const overhead = overheadOf(result, (performance.now() - started) / 1000);
  return { dir: written.dir, files: written.files, reportSeconds: written.reportSeconds, result, overhead };
}

/** One line per corpus and system for the terminal: recall measure and wall time. */
export function summariseBattery(result: BatteryResult): string {
  const lines: string[] = [];
  for (const c of result.corpora) {
    const measure = c.measures.find((m) => /recall$/.test(m)) ?? c.measures[0];
    for (const t of c.timings) {
      const e = c.bootstrap.estimates.find((x) => x.system === t.system && x.metric === measure);
      const fmt = (v: number | null | undefined) => (v === null || v === undefined ? "n/a" : (v * 100).toFixed(2));
      const spread = t.passes > 1 ? ` (${t.wall_min_s.toFixed(2)} to ${t.wall_max_s.toFixed(2)} s over ${t.passes} passes)` : "";
      lines.push(`${c.id}\t${t.system}\t${measure} ${fmt(e?.estimate)} (${fmt(e?.low)} to ${fmt(e?.high)})\t${t.wall_s.toFixed(2)} s${spread}`);
    }
  }
  return lines.join("\n");
}
