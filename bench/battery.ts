// Battery overhead: everything a battery does besides the systems' own processing (loading and hashing corpora,
// scoring, the paired bootstrap, charts and reports, temporary output files), on 1,000 synthetic notes × 4 systems.
// Target (issue 8): overhead ≤ 5% of the battery's wall time. Baseline measured in the same run: each system's own
// processing (set-up, warm-up and timed pass), and the same stacks run by `deidstack run` outside the battery.
import "reflect-metadata";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { stringify } from "yaml";
import { batteryCommand } from "../src/cli/commands/battery.js";
import { runCommand } from "../src/cli/commands/run.js";
import { synthCommand } from "../src/cli/commands/synth.js";

const NOTES = Number(process.env.BENCH_NOTES ?? 1000);
const REPLICATES = Number(process.env.BENCH_REPLICATES ?? 10_000);
const dir = mkdtempSync(join(tmpdir(), "deidstack-bench-battery-"));

try {
  const corpus = join(dir, "corpus.jsonl");
  await synthCommand({ profile: "nl-BE", n: NOTES, seed: 8, output: corpus });
  const stack = (name: string, detectors: unknown[]) => {
    const file = join(dir, `${name}.yaml`);
    writeFileSync(file, stringify({ name, language: "nl-BE", detectors, healing: "nl-BE", transform: "placeholders", leak_guard: false, concurrency: { documents: 4 } }));
    return file;
  };
  // Four real systems of this project, from the full rule preset to single detectors.
  const systems = [
    { id: "rules-only", stack: "rules-only" },
    { id: "identifiers-patterns", stack: stack("identifiers-patterns", [{ use: "known-identifiers" }, { use: "patterns" }]) },
    { id: "rules-nl-be", stack: stack("rules-nl-be", [{ use: "rules-nl-be" }]) },
    { id: "patterns", stack: stack("patterns", [{ use: "patterns" }]) },
  ];
  const batteryFile = join(dir, "battery.yaml");
  writeFileSync(
    batteryFile,
    stringify({ id: "bench", systems, corpora: [{ id: "synth", path: corpus, cluster: "patient" }], bootstrap: { replicates: REPLICATES, seed: 1 }, timing: { warmup_documents: 10, passes: 1 } }),
  );

  // Baseline: the same preset through `deidstack run` (no battery around it).
  const runStart = performance.now();
  await runCommand({ stack: "rules-only", input: corpus, output: join(dir, "rules-only.out.jsonl") });
  const runSeconds = (performance.now() - runStart) / 1000;

  const r = await batteryCommand(batteryFile, { outputRoot: join(dir, "results") });
  const { overhead, result } = r;
  const phases = result.phases;
  const timings = result.corpora[0].timings;
  const f = (s: number | null) => (s === null ? "-" : s.toFixed(2)).padStart(8);
  console.log(`battery overhead: ${NOTES} notes × ${systems.length} systems, ${REPLICATES} bootstrap replicates; ${cpus().length} cores (${cpus()[0]?.model}), load ${loadavg()[0].toFixed(1)}`);
  console.log("system            set-up (s)  warm-up (s)  timed (s)  notes/s");
  for (const t of timings) console.log(`${t.system.padEnd(16)}${f(t.setup_s)}    ${f(t.warmup_s)}  ${f(t.wall_s)}  ${t.documents_per_s.toFixed(1).padStart(7)}`);
  console.log(`baseline: deidstack run rules-only on the same notes: ${runSeconds.toFixed(2)} s (battery's timed pass: ${timings[0].wall_s.toFixed(2)} s, set-up and warm-up apart)`);
  console.log(
    `battery's own work: load+hash corpus ${phases.load_corpora_s.toFixed(2)} s, scoring ${phases.scoring_s.toFixed(2)} s (each system scored while the next one starts), bootstrap ${phases.bootstrap_s.toFixed(2)} s, results folder (${r.files.length} files, charts and reports) ${r.reportSeconds.toFixed(2)} s`,
  );
  console.log(`total ${overhead.total_s.toFixed(2)} s, systems' own processing ${overhead.systems_own_s.toFixed(2)} s, overhead ${overhead.overhead_s.toFixed(2)} s`);
  const share = overhead.overhead_share * 100;
  console.log(`overhead share ${share.toFixed(2)}% of wall time (target ≤ 5%): ${share <= 5 ? "met" : "NOT met"}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
