// `--workers 2` against `--workers 1` on this machine: documents per second of processing (start-up excluded),
// CPU-bound stacks rules-only and no-llm, rounds interleaved, medians. Target ≥ 1.7× on 2 cores (issue 12).
// The figure means something only on a quiet machine: the load average is printed before and after.
import { availableParallelism } from "node:os";
import { cliRun, load, median, synthCorpus, verdict, workDir } from "./_batch.js";

const N = Number(process.env.BENCH_BATCH_DOCS ?? 600);
const ROUNDS = Number(process.env.BENCH_BATCH_ROUNDS ?? 3);
const TARGET = 1.7;
const dir = workDir("deidstack-bench-workers-");
const input = synthCorpus(dir, N);
console.log(`${N} synth nl-BE notes, ${ROUNDS} interleaved rounds, ${availableParallelism()} cores; load average before: ${load()}`);
for (const stack of (process.env.BENCH_BATCH_STACKS ?? "rules-only,no-llm").split(",")) {
  const rate: Record<number, number[]> = { 1: [], 2: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const w of [1, 2]) {
      const { summary } = cliRun(["--stack", stack, input, "--workers", String(w), "--max-quarantine", "100%"], dir, `${stack}-${w}-${round}`);
      rate[w].push((summary.documents_written + summary.documents_quarantined) / summary.timings.processing_s);
    }
  }
  const r1 = median(rate[1]);
  const r2 = median(rate[2]);
  const ratio = r2 / r1;
  console.log(`${stack}: --workers 1 ${r1.toFixed(1)} docs/s, --workers 2 ${r2.toFixed(1)} docs/s; ratio ${ratio.toFixed(2)}× (target ≥ ${TARGET}×): ${verdict(ratio >= TARGET)}`);
}
console.log(`load average after: ${load()}`);
