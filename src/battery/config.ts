// battery.yaml: which systems (stack files, presets, or external tools as one-detector stacks) run on which gold
// corpora, and how they are timed, scored and compared. Protocols reuse the system and corpus entries.
import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { z } from "zod";
import { configError, configValue, DeidError, fsError, parseConfigText, type ConfigText } from "../contract/index.js";
import { CORPUS_FORMATS, resolveMetric } from "../eval/index.js";
import { PERTURB_DIMENSIONS } from "../eval/perturb/index.js";

const idSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, "use letters, digits, '.', '_' and '-' only");

export const stackSystemSchema = z
  .object({
    id: idSchema,
    /** A preset name (stacks/<name>.yaml) or a stack file, relative to the battery or protocol file. */
    stack: z.string().min(1),
    /** Documents processed at once (default: the stack's own setting). */
    concurrency: z.number().int().positive().optional(),
    /**
     * Overrides the stack's leak guard. A refused document stops a run, so an evaluation that scores detection
     * (as DeidSharp's did) may switch it off; the report says so. Default: the stack's own setting.
     */
    leak_guard: z.boolean().optional(),
  })
  .strict();

export const baselineSystemSchema = z
  .object({
    id: idSchema,
    /** An external tool's detector id (deid, philter, deduce, command-jsonl) or a plugin path. */
    baseline: z.string().min(1),
    with: z.record(z.string(), z.unknown()).default({}),
    /** Shared healing applied to the tool's spans (MedDeID's comparison did); default none: the tool as it is. */
    healing: z.string().nullable().default(null),
    language: z.string().min(2).default("nl-BE"),
    timeout_ms: z.number().int().positive().default(1_800_000),
    /** Documents in flight at once: the most a wrapper can gather into one batch. */
    concurrency: z.number().int().positive().default(32),
  })
  .strict();

export const systemSpecSchema = z.union([stackSystemSchema, baselineSystemSchema]);
export type SystemSpec = z.output<typeof systemSpecSchema>;

export const clusterSchema = z.enum(["document", "patient"]);

export const corpusSpecSchema = z
  .object({
    id: idSchema,
    /** File or folder, relative to the battery or protocol file. */
    path: z.string().min(1),
    format: z.enum(CORPUS_FORMATS).optional(),
    /** Expected sha256 of the corpus (a folder hashes its files with their relative paths). */
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/, "must be 64 lowercase hex digits")
      .optional(),
    /** Resampling unit for this corpus (overrides bootstrap.cluster). */
    cluster: clusterSchema.optional(),
    /** Foreign gold label → contract label, for corpora in other taxonomies. */
    label_map: z.record(z.string(), z.string()).optional(),
  })
  .strict();
export type CorpusSpec = z.output<typeof corpusSpecSchema>;

export const bootstrapSpecSchema = z
  .object({
    replicates: z.number().int().positive().max(1_000_000).default(10_000),
    seed: z.number().int().nonnegative().default(1),
    cluster: clusterSchema.default("document"),
    /** Coverage of the percentile intervals. */
    confidence: z.number().gt(0).lt(1).default(0.95),
  })
  .strict();

export const scoringSpecSchema = z
  .object({
    scope: z.enum(["all", "safe-harbor"]).default("all"),
    out_of_scope: z.enum(["false-positive", "neither"]).default("false-positive"),
  })
  .strict();

export const timingSpecSchema = z
  .object({
    /** Documents of the preliminary warm-up pass (not timed), or "all" for a full pass. */
    warmup_documents: z.union([z.number().int().nonnegative(), z.literal("all")]).default(10),
    /**
     * "process" (default): each system runs in a fresh Node process, so its timing shares no module caches, compiled
     * code or heap with the systems before it; "none": every system in the battery's own process.
     */
    isolation: z.enum(["process", "none"]).default("process"),
    /**
     * Timed passes over each corpus (after the one warm-up): the report gives their median and range, since one pass
     * of the same stack can take 3.8 s and the next 2.9 s on a shared machine.
     */
    passes: z.number().int().min(1).max(100).default(3),
  })
  .strict();

export const DEFAULT_TIMING = { warmup_documents: 10, isolation: "process", passes: 3 } as const;

/** Perturbation stability (docs/perturbation.md): perturbed copies of the corpora, scored like the originals. */
export const perturbSpecSchema = z
  .object({
    dimensions: z.array(z.enum(PERTURB_DIMENSIONS)).min(1).default([...PERTURB_DIMENSIONS]),
    /** Seed of the perturbations and of the permutation tests (the bootstrap block's seed drives the intervals). */
    seed: z.number().int().nonnegative().default(1),
    measures: z.array(z.string().min(1)).min(1).default(["span_recall", "core_pii_recall"]),
    permutations: z.number().int().positive().max(1_000_000).default(10_000),
    /** Corpus ids to perturb (default every corpus). */
    corpora: z.array(z.string().min(1)).min(1).optional(),
    /** False discovery rate of the "significant loss" flag (Benjamini-Hochberg, one family per system). */
    alpha: z.number().gt(0).lt(1).default(0.05),
    /** Cells with fewer changed resampling units get no test (MedDeID: 5). */
    min_units_changed: z.number().int().nonnegative().default(5),
  })
  .strict();
export type PerturbSpec = z.output<typeof perturbSpecSchema>;

export const batterySchema = z
  .object({
    id: idSchema,
    title: z.string().min(1).optional(),
    systems: z.array(systemSpecSchema).min(1),
    corpora: z.array(corpusSpecSchema).min(1),
    /** Metric ids bootstrapped and reported (default: char or core-PII recall, non-PII redaction, span recall and precision). */
    measures: z.array(z.string().min(1)).min(1).optional(),
    /** Paired differences are shown against this system (default: every pair). */
    reference: z.string().optional(),
    bootstrap: bootstrapSpecSchema.default({ replicates: 10_000, seed: 1, cluster: "document", confidence: 0.95 }),
    scoring: scoringSpecSchema.default({ scope: "all", out_of_scope: "false-positive" }),
    timing: timingSpecSchema.default(DEFAULT_TIMING),
    perturb: perturbSpecSchema.optional(),
  })
  .strict();

export type BatteryConfig = z.output<typeof batterySchema>;

/** A battery ready to run: its config and the folder its relative paths resolve against. */
export interface BatteryPlan {
  config: BatteryConfig;
  baseDir: string;
  /** Where it came from (a battery file, or a protocol file). */
  source: string;
}

/** Ids must be unique and the reference must name a system; measures must be known metrics. */
export function checkBatteryReferences(config: Pick<BatteryConfig, "systems" | "corpora" | "reference"> & { perturb?: PerturbSpec }, source: string): void {
  const seen = new Set<string>();
  config.systems.forEach((s, i) => {
    if (seen.has(s.id)) throw new DeidError("E_CONFIG", `${source}: system id "${s.id}" is used twice`, { field: `systems[${i}].id` });
    seen.add(s.id);
  });
  const corpora = new Set<string>();
  config.corpora.forEach((c, i) => {
    if (corpora.has(c.id)) throw new DeidError("E_CONFIG", `${source}: corpus id "${c.id}" is used twice`, { field: `corpora[${i}].id` });
    corpora.add(c.id);
  });
  if (config.reference !== undefined && !seen.has(config.reference)) {
    throw new DeidError("E_CONFIG", `${source}: reference "${config.reference}" is not one of the systems`, { field: "reference" });
  }
  config.perturb?.corpora?.forEach((id, i) => {
    if (!corpora.has(id)) throw new DeidError("E_CONFIG", `${source}: perturb names corpus "${id}", which is not one of the corpora`, { field: `perturb.corpora[${i}]` });
  });
  config.perturb?.measures.forEach((m, i) => {
    try {
      resolveMetric(m);
    } catch {
      throw new DeidError("E_CONFIG", `${source}: unknown perturbation measure "${m}"`, { field: `perturb.measures[${i}]` });
    }
  });
  if (config.perturb && new Set(config.perturb.dimensions).size !== config.perturb.dimensions.length) {
    throw new DeidError("E_CONFIG", `${source}: a perturbation dimension is listed twice`, { field: "perturb.dimensions" });
  }
}

/** Validates a battery object; the error lists every problem (with its line and column, given `locate`). */
export function parseBatteryObject(raw: unknown, source: string, locate?: ConfigText["locate"]): BatteryConfig {
  const parsed = batterySchema.safeParse(raw);
  if (!parsed.success) throw configError("E_CONFIG", source, parsed.error, locate ? { value: raw, locate } : configValue(raw), batterySchema);
  checkBatteryReferences(parsed.data, source);
  return parsed.data;
}

/** Reads a YAML (or JSON) configuration file; errors name the file and the line and column of a syntax error. */
export async function readConfigFile(path: string, what = "file"): Promise<ConfigText> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (err) {
    throw fsError("E_CONFIG", what, path, err);
  }
  return parseConfigText(text, path, "E_CONFIG");
}

export async function loadBatteryFile(path: string): Promise<BatteryPlan> {
  const abs = resolve(path);
  const text = await readConfigFile(abs, "battery file");
  const config = parseBatteryObject(text.value, abs, text.locate);
  return { config, baseDir: dirname(abs), source: abs };
}
