// Paired bootstrap speed and memory. Targets (issue 3): 10,000 replicates × 300 documents × 10 systems × 3 metrics
// ≤ 2 s; 10,000 replicates × 75,000 documents × 7 systems × 2 metrics ≤ 60 s and ≤ 1 GB RSS. Baseline, measured
// in the same run: a straightforward bootstrap that redraws documents per replicate and sums each system's counts
// separately, without a shared multiplicity vector or shared gold columns.
import { cpus, loadavg } from "node:os";
import { bootstrapCompare, buildCountMatrix, resolveMetric, Xoshiro128StarStar, type CountMatrix, type DocumentCounts } from "../src/eval/index.js";

const MB = 1024 * 1024;

/** Synthetic per-document counts for `systems` systems of varying quality on the same gold. */
function syntheticMatrices(documents: number, systems: number, seed: number): Map<string, CountMatrix> {
  const rng = Xoshiro128StarStar.fromSeed(seed);
  const gold = Array.from({ length: documents }, () => {
    const core = rng.nextBelow(120);
    const spans = rng.nextBelow(12);
    return { core, spans, nonPii: 800 + rng.nextBelow(2400), goldChars: core + rng.nextBelow(30) };
  });
  const ids = gold.map((_, i) => `d${i}`);
  const patients = gold.map((_, i) => `p${i >> 1}`);
  const out = new Map<string, CountMatrix>();
  for (let s = 0; s < systems; s++) {
    const quality = 0.8 + (0.19 * s) / Math.max(1, systems - 1);
    const rows: DocumentCounts[] = gold.map((g) => {
      const hit = Math.min(g.core, Math.round(g.core * quality + (rng.nextDouble() - 0.5) * 4));
      return {
        core_chars: g.core,
        core_chars_hit: Math.max(0, hit),
        gold_chars: g.goldChars,
        gold_chars_hit: Math.max(0, Math.min(g.goldChars, hit + 3)),
        non_pii_chars: g.nonPii,
        non_pii_chars_redacted: rng.nextBelow(20),
        gold_spans: g.spans,
        gold_spans_hit: Math.min(g.spans, Math.round(g.spans * quality)),
      };
    });
    out.set(`system-${s}`, buildCountMatrix(ids, patients, rows));
  }
  return out;
}

/** The naive design: per replicate and per system, redraw nothing shared and sum every field of every system. */
function naiveBootstrap(matrices: Map<string, CountMatrix>, metricIds: string[], replicates: number, seed: number): number {
  const metrics = metricIds.map(resolveMetric);
  const systems = [...matrices.values()];
  const n = systems[0].documentIds.length;
  const rng = Xoshiro128StarStar.fromSeed(seed);
  const draws = new Int32Array(n);
  let checksum = 0;
  for (let r = 0; r < replicates; r++) {
    for (let k = 0; k < n; k++) draws[k] = rng.nextBelow(n);
    for (const m of systems) {
      for (const metric of metrics) {
        let num = 0;
        let den = 0;
        for (const [f, c] of metric.numerator) for (let k = 0; k < n; k++) num += c * (m.columns[f]?.[draws[k]] ?? 0);
        for (const [f, c] of metric.denominator) for (let k = 0; k < n; k++) den += c * (m.columns[f]?.[draws[k]] ?? 0);
        checksum += den ? num / den : 0;
      }
    }
  }
  return checksum;
}

/** Wall-clock and CPU seconds (this process): on a shared machine, CPU time is the fair figure. */
function time<T>(f: () => T): { value: T; seconds: number; cpu: number } {
  const c0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const value = f();
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const c = process.cpuUsage(c0);
  return { value, seconds, cpu: (c.user + c.system) / 1e6 };
}

function report(label: string, t: { seconds: number; cpu: number }, target: number): void {
  const met = (x: number) => (x <= target ? "met" : "NOT met");
  console.log(
    `${label}: ${t.seconds.toFixed(2)} s wall (${met(t.seconds)}), ${t.cpu.toFixed(2)} s CPU (${met(t.cpu)}); target ≤ ${target} s`,
  );
}

console.log(`load average ${loadavg().map((x) => x.toFixed(1)).join(" ")} on ${cpus().length} CPUs`);

// Case 1: 300 documents × 10 systems × 3 metrics × 10,000 replicates.
{
  const matrices = syntheticMatrices(300, 10, 1);
  const metrics = ["core_pii_recall", "non_pii_redaction_rate", "span_recall"];
  bootstrapCompare(matrices, { metrics, replicates: 200, seed: 1 }); // warm-up (JIT)
  const fast = time(() => bootstrapCompare(matrices, { metrics, replicates: 10_000, seed: 1 }));
  report("300 docs × 10 systems × 3 metrics × 10,000 replicates", fast, 2);
  console.log(`  ${fast.value.estimates.length} estimates, ${fast.value.differences.length} paired differences`);
  const naive = time(() => naiveBootstrap(matrices, metrics, 10_000, 1));
  console.log(`  baseline (naive per-system sums): ${naive.cpu.toFixed(2)} s CPU; speed-up ${(naive.cpu / fast.cpu).toFixed(1)}×`);
  const patients = time(() => bootstrapCompare(matrices, { metrics, replicates: 10_000, seed: 1, cluster: "patient" }));
  console.log(`  clustered by patient (150 patients): ${patients.seconds.toFixed(2)} s wall, ${patients.cpu.toFixed(2)} s CPU`);
}

// Case 2: 75,000 documents × 7 systems × 2 metrics × 10,000 replicates (Technetium-I scale).
{
  const before = process.memoryUsage().rss;
  const matrices = syntheticMatrices(75_000, 7, 2);
  const metrics = ["char_recall", "non_pii_redaction_rate"];
  const built = process.memoryUsage().rss;
  const big = time(() => bootstrapCompare(matrices, { metrics, replicates: 10_000, seed: 1 }));
  const peakRss = process.resourceUsage().maxRSS * 1024; // maxRSS is in KiB
  report("75,000 docs × 7 systems × 2 metrics × 10,000 replicates", big, 60);
  console.log(
    `  peak RSS ${(peakRss / MB).toFixed(0)} MB (target ≤ 1024 MB: ${peakRss <= 1024 * MB ? "met" : "NOT met"}); ` +
      `count matrices ${((built - before) / MB).toFixed(0)} MB`,
  );
  const naive = time(() => naiveBootstrap(matrices, metrics, 50, 1));
  const naiveFull = (naive.cpu * 10_000) / 50;
  console.log(
    `  baseline (naive, 50 replicates, extrapolated to 10,000): ${naiveFull.toFixed(1)} s CPU; speed-up ${(naiveFull / big.cpu).toFixed(1)}×`,
  );
}
