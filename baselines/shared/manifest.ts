// A baseline's manifest (baselines/<id>/manifest.json): the command that runs the tool, how to probe its version,
// the input and output formats, and the label map into the contract. The wrapper takes its defaults from it.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { isAbsolute, resolve } from "node:path";
import { z } from "zod";
import { DeidError } from "../../src/contract/index.js";
import { fillCommandTemplate, runTool } from "./tool-process.js";

export const BASELINE_MANIFEST_FORMAT = "deidstack.baseline-manifest.v1";

const versionProbeSchema = z.union([
  z.object({ command: z.array(z.string()).min(1) }).strict(),
  z.object({ files: z.array(z.string()).min(1) }).strict(),
]);

export const baselineManifestSchema = z
  .object({
    format: z.literal(BASELINE_MANIFEST_FORMAT),
    id: z.string().min(1),
    /** Version of our wrapper (the plugin's meta.version). */
    wrapper_version: z.string().min(1),
    description: z.string().min(1),
    tool: z
      .object({
        name: z.string(),
        /** The tool release the wrapper was written against. */
        version: z.string(),
        licence: z.string(),
        homepage: z.string(),
        install: z.string(),
      })
      .strict(),
    /** argv template; `{name}` placeholders are filled by the wrapper. */
    command: z.array(z.string()).min(1),
    /** Folder the tool runs in; null when the user must name it (`with: { cwd: ... }`). */
    cwd: z.string().nullable(),
    /** Files that must exist in `cwd` for the default command. */
    requires_files: z.array(z.string()).default([]),
    version_probe: versionProbeSchema,
    input: z.object({ format: z.string(), encoding: z.string(), description: z.string() }).strict(),
    output: z
      .object({
        format: z.string(),
        offsets: z.enum(["codepoints", "utf16", "latin1-characters", "asterisk-runs"]),
        description: z.string(),
      })
      .strict(),
    /** Id of a map in src/contract/label-maps.ts, or null when the output carries contract labels or none. */
    label_map: z.string().nullable(),
    defaults: z
      .object({
        batch_size: z.number().int().positive(),
        linger_ms: z.number().int().nonnegative(),
        timeout_ms: z.number().int().positive(),
      })
      .strict(),
  })
  .strict();

export type BaselineManifest = z.output<typeof baselineManifestSchema>;

/** Reads and validates a manifest next to a wrapper module (synchronously, at module load). */
export function loadManifest(moduleUrl: string): BaselineManifest {
  const path = new URL("./manifest.json", moduleUrl);
  const parsed = baselineManifestSchema.safeParse(JSON.parse(readFileSync(path, "utf8")));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new DeidError("E_CONFIG", `baseline manifest ${path.pathname}: ${issue.message}`, { field: issue.path.map(String).join(".") });
  }
  return parsed.data;
}

export interface ProbeContext {
  toolId: string;
  installHint: string;
  cwd?: string;
  /** Values for `{placeholders}` in the probe command and file names. */
  values: Readonly<Record<string, string>>;
  timeoutMs?: number;
  notInstalledExitCodes?: readonly number[];
}

/**
 * The installed tool's version: the first line a probe command prints, or `sha256:<hex>` over the probe files
 * (for tools without a version flag, such as deid.pl run from its folder).
 */
export async function probeToolVersion(probe: BaselineManifest["version_probe"], ctx: ProbeContext): Promise<string> {
  if ("command" in probe) {
    const command = fillCommandTemplate(probe.command, ctx.values, ctx.toolId);
    const { stdout } = await runTool({ toolId: ctx.toolId, installHint: ctx.installHint, command, cwd: ctx.cwd, timeoutMs: ctx.timeoutMs ?? 120_000, notInstalledExitCodes: ctx.notInstalledExitCodes });
    const first = stdout.split(/\r?\n/).map((l) => l.trim()).find((l) => l !== "");
    if (!first || first.length > 200) {
      throw new DeidError("E_DETECTOR_FAILED", "version probe printed no usable version line", { detectorId: ctx.toolId, phase: "version probe" });
    }
    return first;
  }
  const hash = createHash("sha256");
  for (const template of probe.files) {
    const [name] = fillCommandTemplate([template], ctx.values, ctx.toolId);
    const path = isAbsolute(name) || ctx.cwd === undefined ? name : resolve(ctx.cwd, name);
    let bytes: Buffer;
    try {
      bytes = await readFile(path);
    } catch {
      throw new DeidError("E_DETECTOR_NOT_INSTALLED", `${name} not found for the version probe. ${ctx.installHint}`, { detectorId: ctx.toolId });
    }
    hash.update(`${template}\0`).update(createHash("sha256").update(bytes).digest("hex")).update("\n");
  }
  return `sha256:${hash.digest("hex")}`;
}

/** The install hint shown when the tool is missing: what to install, and where to point the stack. */
export function installHintOf(manifest: BaselineManifest): string {
  return `${manifest.tool.install} Point the stack at it with \`use: ${manifest.id}\` and \`with: { command: [...], cwd: ... }\` (defaults in baselines/${manifest.id}/manifest.json).`;
}
