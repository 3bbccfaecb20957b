// The stack file (YAML or JSON): what runs, in which order of phases, with which options.
import { createHash } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { z } from "zod";
import { configError, configValue, DeidError, nearest, parseConfigText, type ConfigText } from "../contract/index.js";
import { PROJECT_ROOT } from "../detectors/index.js";
import { DEFAULT_HEALING_OPTIONS, healingOptionsSchema } from "../healing/options.js";
import { SITE_DENY_ID, SITE_PATTERNS_ID, siteSchema } from "./site.js";

const detectorEntrySchema = z
  .object({
    use: z.string().min(1),
    /** Name of this instance in provenance and errors; defaults to `use`. */
    id: z.string().min(1).optional(),
    with: z.record(z.string(), z.unknown()).default({}),
    timeout_ms: z.number().int().positive().optional(),
  })
  .strict();

const secondOpinionSchema = z
  .object({
    use: z.string().min(1),
    with: z.record(z.string(), z.unknown()).default({}),
    /** Ids of detectors whose spans the second opinion may veto. */
    veto: z.array(z.string().min(1)).min(1).default(["meddeid-onnx"]),
    context_chars: z.number().int().nonnegative().default(200),
    timeout_ms: z.number().int().positive().optional(),
  })
  .strict();

/**
 * Lexical veto (src/healing/lexical-veto.ts): true (mode `words`), or which model detectors' spans, which word
 * languages and which mode (`words`: drop common-word spans without a cue; `strict`: keep only spans with evidence).
 */
const lexicalVetoSchema = z.union([
  z.boolean(),
  z
    .object({
      mode: z.enum(["words", "strict"]).optional(),
      detectors: z.array(z.string().min(1)).min(1).optional(),
      languages: z.array(z.enum(["nl", "fr", "en"])).min(1).optional(),
    })
    .strict(),
]);

const transformSchema = z.union([
  z.enum(["placeholders", "numbered", "surrogates", "pseudonymise"]),
  z
    .object({
      type: z.enum(["placeholders", "numbered", "surrogates", "pseudonymise"]),
    })
    .loose(),
]);

export const stackSchema = z
  .object({
    name: z.string().min(1),
    description: z.string().optional(),
    language: z.string().min(2).default("nl-BE"),
    detectors: z.array(detectorEntrySchema).min(1),
    healing: z.string().nullable().default(null),
    healing_options: healingOptionsSchema.default(DEFAULT_HEALING_OPTIONS),
    scope: z.enum(["safe-harbor"]).nullable().default(null),
    second_opinion: secondOpinionSchema.nullable().default(null),
    lexical_veto: lexicalVetoSchema.nullable().default(null),
    transform: transformSchema.default("placeholders"),
    /** true (refuse a document with a surviving identifier), false, or { on_leak: refuse | redact }. */
    leak_guard: z.union([z.boolean(), z.object({ on_leak: z.enum(["refuse", "redact"]).default("refuse") }).strict()]).default(true),
    /** Site allow/deny lists and patterns (src/stack/site.ts, docs/site-config.md). */
    site: siteSchema.nullable().default(null),
    timeouts: z.object({ detector_ms: z.number().int().positive().default(120_000) }).strict().default({ detector_ms: 120_000 }),
    concurrency: z.object({ documents: z.number().int().positive().default(4) }).strict().default({ documents: 4 }),
  })
  .strict();

export type StackConfig = z.output<typeof stackSchema>;
export type DetectorEntry = z.output<typeof detectorEntrySchema>;

export interface LoadedStack {
  config: StackConfig;
  /** Absolute path of the stack file. */
  path: string;
  /** Relative paths in the stack resolve against this directory. */
  baseDir: string;
  /** sha256 of the stack file's bytes. */
  sha256: string;
}

export const PRESETS_DIR = resolve(PROJECT_ROOT, "stacks");

/**
 * Validates a parsed stack object; the error lists every problem with its field, the values it accepts and, for a
 * stack read from a file (`locate` from parseConfigText), its line and column.
 */
export function parseStackObject(raw: unknown, source: string, locate?: ConfigText["locate"]): StackConfig {
  const parsed = stackSchema.safeParse(raw);
  if (!parsed.success) {
    throw configError("E_STACK_CONFIG", `stack ${source}`, parsed.error, locate ? { value: raw, locate } : configValue(raw), stackSchema);
  }
  const ids = new Set<string>();
  parsed.data.detectors.forEach((d, i) => {
    const id = d.id ?? d.use;
    if (ids.has(id)) {
      throw new DeidError("E_STACK_CONFIG", `stack ${source}: detector id "${id}" is used twice; give one an id`, {
        field: `detectors[${i}].id`,
      });
    }
    ids.add(id);
    if (parsed.data.site && (id === SITE_DENY_ID || id === SITE_PATTERNS_ID)) {
      throw new DeidError("E_STACK_CONFIG", `stack ${source}: detector id "${id}" is reserved for the site configuration`, { field: `detectors[${i}].id` });
    }
  });
  return parsed.data;
}

/** A stack reference is a path when it has a `/` (or `\\`) or a file extension; otherwise it names a preset. */
export function isStackPathReference(ref: string): boolean {
  return /[\\/]/.test(ref) || /\.[A-Za-z0-9]{1,8}$/.test(ref);
}

export const PRESET_PREFIX = "preset:";

const PRESET_NAME = /^[a-z0-9][a-z0-9-]*$/;

function presetPath(name: string): string {
  if (PRESET_NAME.test(name)) {
    for (const ext of [".yaml", ".yml", ".json"]) {
      const p = resolve(PRESETS_DIR, name + ext);
      if (existsSync(p)) return p;
    }
  }
  const presets = listPresetNames();
  const hint = nearest(name, presets);
  throw new DeidError(
    "E_STACK_CONFIG",
    `no preset named "${name}"${hint ? `; did you mean "${hint}"?` : ""} (presets: ${presets.join(", ")}; a stack file is named by a path such as ./${name}.yaml)`,
  );
}

/**
 * Resolves a stack reference: `preset:NAME` and a bare name are presets, looked up only in `stacks/` (a file named
 * `rules-only` in the working directory never replaces the preset); a reference with a `/` or a file extension is
 * a stack file, resolved against `baseDir` (default the working directory) and never a preset.
 */
export function resolveStackPath(ref: string, baseDir: string = process.cwd()): string {
  if (ref.startsWith(PRESET_PREFIX)) return presetPath(ref.slice(PRESET_PREFIX.length));
  if (!isStackPathReference(ref)) return presetPath(ref);
  const p = resolve(baseDir, ref);
  if (!existsSync(p)) throw new DeidError("E_STACK_CONFIG", `stack file not found: ${ref}${p === ref ? "" : ` (looked for ${p})`}`);
  return p;
}

/** The presets in `stacks/` (its top-level `.yaml`, `.yml` and `.json` files; `stacks/examples/` holds no presets), sorted. */
export function listPresetNames(): string[] {
  const names = new Set<string>();
  for (const entry of readdirSync(PRESETS_DIR, { withFileTypes: true })) {
    const m = /^(.+)\.(?:yaml|yml|json)$/.exec(entry.name);
    if (entry.isFile() && m && PRESET_NAME.test(m[1])) names.add(m[1]);
  }
  return [...names].sort();
}

export async function loadStack(ref: string, baseDir?: string): Promise<LoadedStack> {
  const path = resolveStackPath(ref, baseDir);
  const bytes = await readFile(path);
  const text = parseConfigText(bytes.toString("utf8"), `stack ${path}`, "E_STACK_CONFIG");
  const config = parseStackObject(text.value, path, text.locate);
  return { config, path, baseDir: dirname(path), sha256: createHash("sha256").update(bytes).digest("hex") };
}
