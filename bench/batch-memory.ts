// Peak RSS of `deidstack run --stack rules-only` over 100,000 synth nl-BE notes with default flags (one worker
// thread per core), and with --workers 1. Targets (issues 12, 14): ≤ 400 MB for the default run, and ≤ 400 MB per
// worker (the whole process's peak with one worker, main thread included).
import { cliRun, load, synthCorpus, verdict, workDir } from "./_batch.js";

const N = Number(process.env.BENCH_MEMORY_DOCS ?? 100_000);
const TARGET_MB = 400;
const dir = workDir("deidstack-bench-memory-");
const input = synthCorpus(dir, N, 11);
console.log(`${N} synth nl-BE notes; load average before: ${load()}`);
const one = cliRun(["--stack", "rules-only", input, "--workers", "1", "--max-quarantine", "100%"], dir, "w1").summary;
console.log(`--workers 1: peak RSS ${one.peak_rss_mb} MB (target ≤ ${TARGET_MB} MB per worker): ${verdict(one.peak_rss_mb <= TARGET_MB)}; ${one.documents_written} written, ${one.documents_quarantined} quarantined, ${one.timings.total_s.toFixed(0)} s`);
const def = cliRun(["--stack", "rules-only", input, "--max-quarantine", "100%"], dir, "default").summary;
console.log(
  `default flags (${def.workers} workers): peak RSS ${def.peak_rss_mb} MB (target ≤ ${TARGET_MB} MB): ${verdict(def.peak_rss_mb <= TARGET_MB)}, ${(def.peak_rss_mb / def.workers).toFixed(0)} MB per worker; ${def.documents_written} written, ${def.documents_quarantined} quarantined, ${def.timings.total_s.toFixed(0)} s`,
);
console.log(`load average after: ${load()}`);
