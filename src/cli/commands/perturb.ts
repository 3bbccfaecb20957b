// `deidstack perturb`: perturbed copies of a gold corpus along named dimensions, every stack scored on the original
// and on each copy, written as a battery results folder whose report has the perturbation table and chart.
import { existsSync } from "node:fs";
import { basename, extname, resolve } from "node:path";
import type { Command } from "commander";
import { DeidError } from "../../contract/index.js";
import type { BatteryResult } from "../../battery/index.js";

export interface PerturbCommandOptions {
  gold: string;
  /** Stack presets or files, optionally named `NAME=ref`. */
  stacks: string[];
  dimensions?: string[];
  seed?: number;
  measures?: string[];
  permutations?: number;
  replicates?: number;
  cluster?: "document" | "patient";
  /** Keep each stack's leak guard (default off: detection is what is scored, and a refused document stops the run). */
  leakGuard?: boolean;
  /** Results folder; must not exist yet. */
  output: string;
  progress?: boolean;
}

const ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** A system id for a stack reference: `NAME=ref`, else the preset name or the file's base name. */
export function systemIdOf(ref: string): { id: string; stack: string } {
  const eq = ref.indexOf("=");
  if (eq > 0 && ID.test(ref.slice(0, eq))) return { id: ref.slice(0, eq), stack: ref.slice(eq + 1) };
  const id = basename(ref, extname(ref)).replace(/^preset:/, "").replace(/[^A-Za-z0-9._-]/g, "-");
  return { id: ID.test(id) ? id : `stack-${id}`, stack: ref };
}

/** The battery a perturb command runs, as a battery file would say it. */
export function perturbBatteryObject(opts: PerturbCommandOptions): Record<string, unknown> {
  if (opts.stacks.length === 0) throw new DeidError("E_CONFIG", "perturb needs at least one --stack");
  const systems = opts.stacks.map((ref) => {
    const { id, stack } = systemIdOf(ref);
    return { id, stack, leak_guard: opts.leakGuard ?? false };
  });
  const raw = {
    id: "perturb",
    title: `Perturbation stability on ${basename(opts.gold)}`,
    systems,
    // Relative paths resolve against the working directory (the plan's folder) and stay relative in the results.
    corpora: [{ id: basename(opts.gold, extname(opts.gold)).replace(/[^A-Za-z0-9._-]/g, "-") || "corpus", path: opts.gold }],
    bootstrap: { replicates: opts.replicates ?? 2000, seed: opts.seed ?? 1, cluster: opts.cluster ?? "document" },
    timing: { warmup_documents: 0, isolation: "none" },
    perturb: {
      ...(opts.dimensions ? { dimensions: opts.dimensions } : {}),
      ...(opts.measures ? { measures: opts.measures } : {}),
      seed: opts.seed ?? 1,
      permutations: opts.permutations ?? 10_000,
    },
  };
  return raw;
}

export interface PerturbCommandResult {
  dir: string;
  files: string[];
  result: BatteryResult;
}

export async function perturbCommand(opts: PerturbCommandOptions): Promise<PerturbCommandResult> {
  const { parseBatteryObject, runBattery, writeBatteryResults } = await import("../../battery/index.js");
  const out = resolve(opts.output);
  if (existsSync(out)) throw new DeidError("E_CONFIG", `output folder ${opts.output} exists already; name a new one`);
  const config = parseBatteryObject(perturbBatteryObject(opts), "deidstack perturb");
  const reporter = opts.progress ? (await import("./progress.js")).terminalProgress() : undefined;
  let result: BatteryResult;
  try {
    result = await runBattery({ config, baseDir: process.cwd(), source: "deidstack perturb" }, { onProgress: reporter?.onProgress });
  } finally {
    reporter?.stop();
  }
  const written = await writeBatteryResults(result, { exactDir: out });
  return { dir: written.dir, files: written.files, result };
}

/** One line per cell for the terminal. */
export function summarisePerturbation(result: BatteryResult): string {
  const lines: string[] = [];
  for (const p of result.perturbation ?? []) {
    for (const c of p.cells) {
      const f = (v: number | null) => (v === null ? "n/a" : `${v > 0 ? "+" : ""}${(v * 100).toFixed(2)}`);
      lines.push(`${p.corpus}\t${c.system}\t${c.dimension}\t${c.measure}\t${f(c.delta)} (${f(c.low)} to ${f(c.high)})\tq ${c.q_loss === null ? "n/a" : c.q_loss.toFixed(3)}${c.significant_loss ? "\tsignificant loss" : ""}`);
    }
  }
  return lines.join("\n");
}

const list = (v: string) => v.split(",").map((x) => x.trim()).filter(Boolean);
const collect = (v: string, acc: string[]) => [...acc, v];
const int = (v: string) => Number.parseInt(v, 10);

/** Declares the command on the CLI (main.ts calls this once). */
export function registerPerturbCommand(program: Command): void {
  program
    .command("perturb")
    .description("perturbed copies of a gold corpus (names, formats, casing, layout, typos, context); every stack scored on each; report with tests and chart")
    .requiredOption("--gold <corpus>", "gold corpus (any corpus format)")
    .requiredOption("--stack <[name=]preset|file>", "a stack to measure (repeat for each)", collect, [])
    .option("--dimensions <list>", "comma-separated: names,formats,casing,layout,typos,context (default all)", list)
    .option("--seed <seed>", "seed of the perturbations, permutations and bootstrap", int, 1)
    .option("--measures <ids>", "comma-separated metric ids (default span_recall,core_pii_recall)", list)
    .option("--permutations <n>", "sign-flip permutations per cell", int, 10_000)
    .option("--replicates <n>", "paired bootstrap replicates per cell", int, 2000)
    .option("--cluster <unit>", "document | patient", "document")
    .option("--leak-guard", "keep each stack's leak guard on (a refused document stops the run)")
    .requiredOption("-o, --output <dir>", "results folder to create")
    .action(async (o: { gold: string; stack: string[]; dimensions?: string[]; seed: number; measures?: string[]; permutations: number; replicates: number; cluster: "document" | "patient"; leakGuard?: boolean; output: string }) => {
      const r = await perturbCommand({ ...o, stacks: o.stack, progress: process.stderr.isTTY });
      process.stdout.write(summarisePerturbation(r.result) + "\n");
      process.stderr.write(`wrote ${r.files.length} files to ${r.dir}\n`);
    });
}
