// Issue 14 start-up figures: CPU time of the compiled CLI (bin/deidstack.js → dist/) for `--version` and for a
// `rules-only` run on one note, each the median of several runs, with its target and met / NOT met. The first
// rules-only run after a build also builds the rules-nl-be lexicon cache; it is printed apart (no target).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");
const BIN = join(ROOT, "bin", "deidstack.js");
const PRELOAD = join(import.meta.dirname, "_cpu-at-exit.mjs");
const ROUNDS = Number(process.env.BENCH_STARTUP_ROUNDS ?? 5);

if (!existsSync(join(ROOT, "dist", "src", "cli", "main.js"))) {
  console.error("bench/startup: dist/ is missing: run `npm run build` first");
  process.exit(2);
}

/** CPU seconds (user + system, every thread) of one CLI run. */
function cpuOf(args: string[], cwd: string, entry: string[] = [BIN]): number {
  const r = spawnSync(process.execPath, ["--import", PRELOAD, ...entry, ...args], { cwd, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`deidstack ${args[0]} exited ${r.status}`);
  const m = /BENCH_CPU_US=(\d+)/.exec(r.stderr);
  if (!m) throw new Error("no CPU figure from the child");
  return Number(m[1]) / 1e6;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const dir = mkdtempSync(join(tmpdir(), "deidstack-startup-"));
const note = {
  document_id: "n1",
  text: "Dhr. Jan Peeters (°12/03/1961) werd op 04/05/2024 gezien door dr. Claes, AZ Groeninge, tel. 056 63 63 63.",
  metadata: { lang: "nl-BE", patient: { given_name: "Jan", family_name: "Peeters" } },
};
writeFileSync(join(dir, "note.jsonl"), JSON.stringify(note) + "\n");
const runArgs = ["run", "--stack", "rules-only", "note.jsonl", "-o", "out.jsonl"];

// A floor measured in the same run: node starting and exiting with the same preload.
const floor = median(
  Array.from({ length: ROUNDS }, () => {
    const r = spawnSync(process.execPath, ["--import", PRELOAD, "-e", "0"], { encoding: "utf8" });
    return Number(/BENCH_CPU_US=(\d+)/.exec(r.stderr)![1]) / 1e6;
  }),
);
const first = cpuOf(runArgs, dir);
const version = median(Array.from({ length: ROUNDS }, () => cpuOf(["--version"], dir)));
const help = median(Array.from({ length: ROUNDS }, () => cpuOf(["--help"], dir)));
const oneNote = median(Array.from({ length: ROUNDS }, () => cpuOf(runArgs, dir)));
// The same from the TypeScript sources through tsx (how bin/ ran before it ran dist/), for the ratio.
const fromSource = ["--import", createRequire(import.meta.url).resolve("tsx"), join(ROOT, "src", "cli", "main.ts")];
const versionTsx = median(Array.from({ length: ROUNDS }, () => cpuOf(["--version"], dir, fromSource)));
const oneNoteTsx = median(Array.from({ length: ROUNDS }, () => cpuOf(runArgs, dir, fromSource)));
rmSync(dir, { recursive: true, force: true });

const verdict = (value: number, target: number) => (value <= target ? "met" : "NOT met");
console.log(`node start and exit alone (floor): ${floor.toFixed(3)} CPU-s (median of ${ROUNDS})`);
console.log(`deidstack --help: ${help.toFixed(3)} CPU-s (no target)`);
console.log(`deidstack --version: ${version.toFixed(3)} CPU-s, target <= 0.300: ${verdict(version, 0.3)}`);
console.log(`rules-only run on one note: ${oneNote.toFixed(3)} CPU-s, target <= 1.000: ${verdict(oneNote, 1)}`);
console.log(
  `from sources through tsx: --version ${versionTsx.toFixed(3)} CPU-s (${(versionTsx / version).toFixed(1)}x), ` +
    `one note ${oneNoteTsx.toFixed(3)} CPU-s (${(oneNoteTsx / oneNote).toFixed(1)}x)`,
);
console.log(`  (first run after this build, lexicon cache state as found: ${first.toFixed(3)} CPU-s, no target)`);
