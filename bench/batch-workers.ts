// `--workers 2` against `--workers 1` on this machine: documents per second of processing (start-up excluded),
// CPU-bound stacks rules-only and no-llm, rounds interleaved, medians. Target ≥ 1.7× on 2 cores (issue 12).
// Two figures per stack:
// - end to end: the real CLI (`deidstack run`), so each worker's JIT warm-up is inside the figure;
// - steady state: the worker pool in this process, fed the JSONL lines as the CLI feeds them, timed after a
//   warm-up pass through every worker (what a run of hundreds of thousands of notes sees for almost all of its
//   documents).
// The wall-time ratio means something only on a quiet machine (the load average is printed before and after). What
// holds under load are the CPU accounts printed beside it, each thread's own CPU time from the system: the CLI
// thread's CPU per 1,000 documents, each worker's CPU before its first document, on its first 200 documents (JIT
// warm-up) and after them, V8's background threads (optimising compiler, garbage collector: the process's CPU less
// the threads'), and the bytes that cross between the threads per document. From them, the wall time two idle
// cores would need, max(busiest worker thread, process CPU / cores), and the ratio that gives.
import "reflect-metadata";
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { SharedLineSlabs, type RawLineItem } from "../src/batch/input-items.js";
import { WorkerPoolSource } from "../src/batch/pool.js";
import { threadCpuSeconds } from "../src/batch/thread-cpu.js";
import { loadStack } from "../src/stack/index.js";
import { ROOT, cliRun, load, median, synthCorpus, verdict, workDir, type WorkerCpuLite } from "./_batch.js";

const N = Number(process.env.BENCH_BATCH_DOCS ?? 600);
const ROUNDS = Number(process.env.BENCH_BATCH_ROUNDS ?? 3);
// V8 still optimises functions after 1,000 documents (README, Benchmarks): the steady figure starts after 1,500
// per worker, the regime in which a batch of 100,000 notes spends nearly all of its documents.
const STEADY_WARM = Number(process.env.BENCH_BATCH_WARM ?? 1500);
const STEADY = process.env.BENCH_BATCH_STEADY !== "0";
const TARGET = 1.7;
const CORES = availableParallelism();
const dir = workDir("deidstack-bench-workers-");
const input = synthCorpus(dir, N);

/** CPU seconds by thread over the timed documents (null where the system gives no per-thread CPU). */
interface Accounts {
  docs: number;
  process: number;
  main: number;
  /** Each worker thread's CPU over the timed documents. */
  workers: number[];
  /** CLI → workers and back, bytes per document (lines travel in shared memory, records in transferred buffers). */
  inBytesPerDoc?: number;
  outBytesPerDoc?: number;
  messagesPerDoc?: number;
  /** End to end only: per worker, CPU before its first document, and CPU-ms per document on its first documents and after them. */
  startup?: number;
  firstMsPerDoc?: number;
  laterMsPerDoc?: number;
  /** The collector's pauses on the worker threads over the timed documents (all workers together). */
  gc?: { scavenges: number; ms: number; major: number };
}

interface Rate {
  docsPerS: number;
  cpuMsPerDoc: number;
  cores: number;
  acct: Accounts | null;
}

function fmt(r: Rate): string {
  return `${r.docsPerS.toFixed(1)} docs/s (${r.cpuMsPerDoc.toFixed(1)} CPU-ms/doc, ${r.cores.toFixed(2)} cores busy)`;
}

/** The wall time two (CORES) idle cores would need for these accounts: the busiest worker thread, or all the CPU spread over the cores. */
function cpuBoundWall(a: Accounts): number {
  return Math.max(...a.workers, a.process / CORES);
}

function fmtAcct(a: Accounts): string {
  const per1000 = (s: number) => ((1000 * s) / a.docs).toFixed(2);
  const worker = a.workers.reduce((x, y) => x + y, 0);
  const background = a.process - worker - a.main;
  const parts = [
    `CLI thread ${per1000(a.main)} CPU-s per 1,000 docs`,
    `worker threads ${per1000(worker)}`,
    `V8 background threads ${per1000(background)} (${((100 * background) / worker).toFixed(0)}% of the workers')`,
    `share outside the worker threads ${((100 * (a.process - worker)) / worker).toFixed(0)}%`,
  ];
  if (a.startup !== undefined) {
    const later = Number.isFinite(a.laterMsPerDoc) ? `${a.laterMsPerDoc!.toFixed(2)} after` : "none after";
    parts.push(`per worker ${a.startup.toFixed(2)} CPU-s before its first document, ${a.firstMsPerDoc!.toFixed(2)} CPU-ms/doc on its first 200, ${later}`);
  }
  if (a.gc) parts.push(`collector pauses on the worker threads ${per1000(a.gc.ms / 1000)} s per 1,000 docs (${((1000 * a.gc.scavenges) / a.docs).toFixed(0)} scavenges, ${((1000 * a.gc.major) / a.docs).toFixed(1)} major)`);
  if (a.inBytesPerDoc !== undefined) {
    parts.push(`${(a.inBytesPerDoc / 1024).toFixed(1)} KB of lines in (shared memory) / ${(a.outBytesPerDoc! / 1024).toFixed(1)} KB of records out (transferred) per doc, neither copied between threads; ${a.messagesPerDoc!.toFixed(2)} messages per doc`);
  }
  return parts.join("; ");
}

function medianRate(rs: Rate[]): Rate {
  return { docsPerS: median(rs.map((r) => r.docsPerS)), cpuMsPerDoc: median(rs.map((r) => r.cpuMsPerDoc)), cores: median(rs.map((r) => r.cores)), acct: medianAcct(rs.map((r) => r.acct)) };
}

/** The run whose CPU-bound wall time is the median stands for all of them. */
function medianAcct(as: (Accounts | null)[]): Accounts | null {
  if (as.some((a) => a === null)) return null;
  const sorted = [...(as as Accounts[])].sort((a, b) => cpuBoundWall(a) - cpuBoundWall(b));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

type GcAccount = NonNullable<WorkerCpuLite["gc"]>;
function gcOf(ws: { gc?: GcAccount }[], before?: ({ gc?: GcAccount } | undefined)[]): Accounts["gc"] {
  if (ws.some((x) => !x.gc)) return undefined;
  const sum = (f: (g: GcAccount) => number) => ws.reduce((s, x, i) => s + f(x.gc!) - (before?.[i]?.gc ? f(before[i]!.gc!) : 0), 0);
  return { scavenges: sum((g) => g.scavenges), ms: sum((g) => g.scavenge_ms + g.major_ms), major: sum((g) => g.major) };
}

function endToEnd(stack: string, w: number, round: number): Rate {
  const { summary } = cliRun(["--stack", stack, input, "--workers", String(w), "--max-quarantine", "100%"], dir, `${stack}-${w}-${round}`);
  const docs = summary.documents_written + summary.documents_quarantined;
  const t = summary.timings;
  const ws = summary.threads?.workers ?? [];
  let acct: Accounts | null = null;
  // A worker that was replaced (stopped, crashed) took its account with it: then the accounts would cover only
  // part of the documents, and none are given.
  const counted = ws.reduce((s, x) => s + x.documents, 0) === docs;
  if (summary.threads?.main_processing_cpu_s != null && ws.length === w && counted && ws.every((x) => x.cpu_s !== null && x.first_cpu_s !== null && x.startup_cpu_s !== null)) {
    const first = ws.reduce((s, x) => s + x.first_documents, 0);
    const tr = summary.transfer!;
    acct = {
      docs,
      process: t.processing_cpu_s,
      main: summary.threads.main_processing_cpu_s,
      workers: ws.map((x) => x.cpu_s!),
      startup: ws.reduce((s, x) => s + x.startup_cpu_s!, 0) / w,
      firstMsPerDoc: (1000 * ws.reduce((s, x) => s + x.first_cpu_s!, 0)) / first,
      laterMsPerDoc: (1000 * ws.reduce((s, x) => s + x.cpu_s! - x.first_cpu_s!, 0)) / (docs - first),
      inBytesPerDoc: tr.to_workers.line_bytes / docs,
      outBytesPerDoc: tr.from_workers.record_bytes / docs,
      messagesPerDoc: (tr.to_workers.messages + tr.from_workers.messages) / docs,
      gc: gcOf(ws),
    };
  }
  return { docsPerS: docs / t.processing_s, cpuMsPerDoc: (1000 * t.processing_cpu_s) / docs, cores: t.processing_cpu_s / t.processing_s, acct };
}

async function steady(stackName: string, w: number, lines: Buffer[]): Promise<Rate> {
  const stack = await loadStack(join(ROOT, "stacks", `${stackName}.yaml`));
  const pool = await WorkerPoolSource.create(stack, { workers: w });
  const slabs = new SharedLineSlabs();
  // The lines as the CLI feeds them: each worker reads (decodes, parses, validates) its own.
  const pass = async (n: number, offset: number) => {
    async function* items(): AsyncGenerator<RawLineItem> {
      for (let i = 0; i < n; i++) yield { index: i, line: i + 1, raw: slabs.copy(lines[(offset + i) % lines.length]), encoding: "utf-8", maxDocumentBytes: 5_000_000 };
    }
    let k = 0;
    for await (const o of pool.outcomes(items())) if (o.index === k && !("runError" in o)) k++;
    if (k !== n) throw new Error(`pool returned ${k} of ${n} outcomes in order`);
  };
  const workerAccounts = async () => {
    await pool.stats();
    return pool.accounts().workers;
  };
  try {
    await pass(STEADY_WARM * w, 0); // every worker sees about STEADY_WARM documents before the clock starts
    const a0 = await workerAccounts();
    const w0 = a0.map((a) => a.cpu_s);
    const m0 = threadCpuSeconds();
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    await pass(N, STEADY_WARM * w);
    const s = (performance.now() - t0) / 1000;
    const c = process.cpuUsage(c0);
    const m1 = threadCpuSeconds();
    const a1 = await workerAccounts();
    const w1 = a1.map((a) => a.cpu_s);
    const cpu = (c.user + c.system) / 1e6;
    const ok = m0 !== null && m1 !== null && w0.length === w && w1.length === w && [...w0, ...w1].every((x) => x !== null);
    const acct = ok ? { docs: N, process: cpu, main: m1 - m0, workers: w1.map((x, i) => x! - w0[i]!), gc: gcOf(a1, a0) } : null;
    return { docsPerS: N / s, cpuMsPerDoc: (1000 * cpu) / N, cores: cpu / s, acct };
  } finally {
    await pool.close(stack.config.timeouts.detector_ms);
  }
}

console.log(`${N} synth nl-BE notes, ${ROUNDS} interleaved rounds, ${CORES} cores; load average before: ${load()}`);
const lines = readFileSync(input).toString("latin1").trim().split("\n").map((l) => Buffer.from(l, "latin1"));
for (const stack of (process.env.BENCH_BATCH_STACKS ?? "rules-only,no-llm").split(",")) {
  const e2e: Record<number, Rate[]> = { 1: [], 2: [] };
  const st: Record<number, Rate[]> = { 1: [], 2: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const w of [1, 2]) {
      e2e[w].push(endToEnd(stack, w, round));
      if (STEADY) st[w].push(await steady(stack, w, lines));
    }
  }
  const report = (what: string, rs: Record<number, Rate[]>) => {
    const r1 = medianRate(rs[1]);
    const r2 = medianRate(rs[2]);
    const ratio = r2.docsPerS / r1.docsPerS;
    console.log(`${stack} ${what}: --workers 1 ${fmt(r1)}; --workers 2 ${fmt(r2)}; ratio ${ratio.toFixed(2)}× (target ≥ ${TARGET}×): ${verdict(ratio >= TARGET)}`);
    if (r1.acct && r2.acct) {
      console.log(`  CPU accounts --workers 1: ${fmtAcct(r1.acct)}`);
      console.log(`  CPU accounts --workers 2: ${fmtAcct(r2.acct)}`);
      const bound = cpuBoundWall(r1.acct) / r1.acct.docs / (cpuBoundWall(r2.acct) / r2.acct.docs);
      console.log(`  ratio ${CORES} idle cores would give by these accounts: ${bound.toFixed(2)}× (target ≥ ${TARGET}×): ${verdict(bound >= TARGET)} (an estimate that holds under load; the wall ratio above is the figure)`);
    } else console.log(`  (no per-thread CPU accounts on this system)`);
  };
  report("end to end (CLI, JIT warm-up included)", e2e);
  if (STEADY) report(`steady state (pool after ${STEADY_WARM} documents per worker)`, st);
}
console.log(`load average after: ${load()}`);
