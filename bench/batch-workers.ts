// `--workers 2` against `--workers 1` on this machine: documents per second of processing (start-up excluded),
// CPU-bound stacks rules-only and no-llm, rounds interleaved, medians. Target ≥ 1.7× on 2 cores (issue 12).
// Two figures per stack:
// - end to end: the real CLI (`deidstack run`), so each worker's JIT warm-up is inside the figure;
// - steady state: the worker pool in this process, timed after a warm-up pass through every worker (what a run of
//   hundreds of thousands of notes sees for almost all of its documents).
// Each also prints the process's CPU per document and the cores it kept busy: a worker's JS thread is one core,
// V8's background compiler threads add to it. The ratio means something only on a quiet machine: the load
// average is printed before and after; on a shared machine whose load is above its core count no run can show 2×.
import "reflect-metadata";
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { WorkerPoolSource } from "../src/batch/pool.js";
import type { Document, IndexedDocument } from "../src/contract/index.js";
import { loadStack } from "../src/stack/index.js";
import { ROOT, cliRun, load, median, synthCorpus, verdict, workDir } from "./_batch.js";

const N = Number(process.env.BENCH_BATCH_DOCS ?? 600);
const ROUNDS = Number(process.env.BENCH_BATCH_ROUNDS ?? 3);
// V8 still optimises functions after 1,000 documents (README, Benchmarks): the steady figure starts after 1,500
// per worker, the regime in which a batch of 100,000 notes spends nearly all of its documents.
const STEADY_WARM = Number(process.env.BENCH_BATCH_WARM ?? 1500);
const STEADY = process.env.BENCH_BATCH_STEADY !== "0";
const TARGET = 1.7;
const dir = workDir("deidstack-bench-workers-");
const input = synthCorpus(dir, N);

interface Rate {
  docsPerS: number;
  cpuMsPerDoc: number;
  cores: number;
}

function fmt(r: Rate): string {
  return `${r.docsPerS.toFixed(1)} docs/s (${r.cpuMsPerDoc.toFixed(1)} CPU-ms/doc, ${r.cores.toFixed(2)} cores busy)`;
}

function medianRate(rs: Rate[]): Rate {
  return { docsPerS: median(rs.map((r) => r.docsPerS)), cpuMsPerDoc: median(rs.map((r) => r.cpuMsPerDoc)), cores: median(rs.map((r) => r.cores)) };
}

function endToEnd(stack: string, w: number, round: number): Rate {
  const { summary } = cliRun(["--stack", stack, input, "--workers", String(w), "--max-quarantine", "100%"], dir, `${stack}-${w}-${round}`);
  const docs = summary.documents_written + summary.documents_quarantined;
  const t = summary.timings;
  return { docsPerS: docs / t.processing_s, cpuMsPerDoc: (1000 * t.processing_cpu_s) / docs, cores: t.processing_cpu_s / t.processing_s };
}

async function steady(stackName: string, w: number, docs: Document[]): Promise<Rate> {
  const stack = await loadStack(join(ROOT, "stacks", `${stackName}.yaml`));
  const pool = await WorkerPoolSource.create(stack, { workers: w });
  const pass = async (n: number, offset: number) => {
    async function* items(): AsyncGenerator<IndexedDocument> {
      for (let i = 0; i < n; i++) yield { document: docs[(offset + i) % docs.length], index: i };
    }
    let k = 0;
    for await (const o of pool.outcomes(items())) if (o.index === k) k++;
    if (k !== n) throw new Error(`pool returned ${k} of ${n} outcomes in order`);
  };
  try {
    await pass(STEADY_WARM * w, 0); // every worker sees about STEADY_WARM documents before the clock starts
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    await pass(N, STEADY_WARM * w);
    const s = (performance.now() - t0) / 1000;
    const c = process.cpuUsage(c0);
    const cpu = (c.user + c.system) / 1e6;
    return { docsPerS: N / s, cpuMsPerDoc: (1000 * cpu) / N, cores: cpu / s };
  } finally {
    await pool.close(stack.config.timeouts.detector_ms);
  }
}

console.log(`${N} synth nl-BE notes, ${ROUNDS} interleaved rounds, ${availableParallelism()} cores; load average before: ${load()}`);
const docs = readFileSync(input, "utf8").trim().split("\n").map((l) => JSON.parse(l) as Document);
for (const stack of (process.env.BENCH_BATCH_STACKS ?? "rules-only,no-llm").split(",")) {
  const e2e: Record<number, Rate[]> = { 1: [], 2: [] };
  const st: Record<number, Rate[]> = { 1: [], 2: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const w of [1, 2]) {
      e2e[w].push(endToEnd(stack, w, round));
      if (STEADY) st[w].push(await steady(stack, w, docs));
    }
  }
  const report = (what: string, rs: Record<number, Rate[]>) => {
    const r1 = medianRate(rs[1]);
    const r2 = medianRate(rs[2]);
    const ratio = r2.docsPerS / r1.docsPerS;
    console.log(`${stack} ${what}: --workers 1 ${fmt(r1)}; --workers 2 ${fmt(r2)}; ratio ${ratio.toFixed(2)}× (target ≥ ${TARGET}×): ${verdict(ratio >= TARGET)}`);
  };
  report("end to end (CLI, JIT warm-up included)", e2e);
  if (STEADY) report(`steady state (pool after ${STEADY_WARM} documents per worker)`, st);
}
console.log(`load average after: ${load()}`);
