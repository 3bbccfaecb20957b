// Helpers for the batch benchmarks: a synth corpus on disk, a CLI run with --summary-json, the machine's load.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const CLI = join(ROOT, "bin", "deidstack.js");

export function workDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** `deidstack synth --profile nl-BE` notes (real generator output, metadata included). */
export function synthCorpus(dir: string, n: number, seed = 7): string {
  const out = join(dir, `synth-${n}-${seed}.jsonl`);
  const r = spawnSync(process.execPath, [CLI, "synth", "--profile", "nl-BE", "-n", String(n), "--seed", String(seed), "-o", out], { stdio: ["ignore", "ignore", "inherit"] });
  if (r.status !== 0) throw new Error(`synth failed (${r.status})`);
  return out;
}

export interface RunSummaryLite {
  documents_written: number;
  documents_quarantined: number;
  quarantine_by_code: Record<string, number>;
  timings: { startup_s: number; processing_s: number; total_s: number; processing_cpu_s: number };
  peak_rss_mb: number;
  workers: number;
  input: { documents: number };
  threads: { main_processing_cpu_s: number | null; workers: WorkerCpuLite[] } | null;
  transfer: { to_workers: { messages: number; documents: number; line_bytes: number }; from_workers: { messages: number; record_bytes: number } } | null;
}

export interface WorkerCpuLite {
  startup_cpu_s: number | null;
  documents: number;
  first_documents: number;
  first_cpu_s: number | null;
  cpu_s: number | null;
  gc?: { scavenges: number; scavenge_ms: number; major: number; major_ms: number };
}

/** Runs the real CLI and returns its summary and exit code. */
export function cliRun(args: string[], dir: string, tag: string): { code: number; summary: RunSummaryLite } {
  const summaryPath = join(dir, `summary-${tag}.json`);
  const out = join(dir, `out-${tag}.jsonl`);
  const r = spawnSync(process.execPath, [CLI, "run", ...args, "-o", out, "--summary-json", summaryPath, "--progress-interval", "3600"], { stdio: ["ignore", "ignore", "pipe"], maxBuffer: 64 << 20 });
  if (r.status !== 0 && r.status !== 3) throw new Error(`run failed (${r.status}): ${r.stderr.toString().slice(-400)}`);
  return { code: r.status, summary: JSON.parse(readFileSync(summaryPath, "utf8")) as RunSummaryLite };
}

export function load(): string {
  return loadavg().map((l) => l.toFixed(2)).join(" / ");
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

export function verdict(met: boolean): string {
  return met ? "met" : "NOT met";
}
