// Philter (philter-ucsf): one file per note in a private temporary input folder, `python3 main.py -i in -o out -f
// <config> --prod=True --outputformat asterisk` in the tool's folder, spans from the asterisk runs of each output.
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { DeidError, LABELS, canonicalLabel, type DetectedSpan, type Document } from "../../src/contract/index.js";
import { definePlugin, type PluginContext } from "../../src/detectors/index.js";
import { MicroBatcher } from "../shared/batcher.js";
import { installHintOf, loadManifest, probeToolVersion } from "../shared/manifest.js";
import { batchingOptions, commandOptionSchema, resolveFrom } from "../shared/options.js";
import { fillCommandTemplate, normaliseCommand, requireToolFiles, runTool } from "../shared/tool-process.js";
import { asteriskRuns } from "./format.js";

export const manifest = loadManifest(import.meta.url);
const TOOL_ID = "philter";
const INSTALL_HINT = installHintOf(manifest);

const configSchema = z
  .object({
    /** Philter's source folder (holding main.py and configs/); relative paths resolve against the stack file. */
    cwd: z.string().optional(),
    /** argv template: {input_dir}, {output_dir} and {config} are filled in. */
    command: commandOptionSchema.default(manifest.command),
    config: z.string().default("./configs/philter_delta.json"),
    /** Asterisk output has no types: every span gets this label. */
    label: z.string().refine((l) => canonicalLabel(l) !== undefined, "must be a contract label").default("Anonymize_Other"),
    ...batchingOptions(manifest.defaults),
  })
  .strict();

export type PhilterOptions = z.output<typeof configSchema>;

function toolFolder(o: PhilterOptions, ctx: PluginContext): string {
  const cwd = resolveFrom(ctx.baseDir, o.cwd);
  if (cwd === undefined) {
    throw new DeidError("E_DETECTOR_NOT_INSTALLED", `philter needs its folder: set \`with: { cwd: <folder holding main.py> }\`. ${INSTALL_HINT}`, { detectorId: TOOL_ID });
  }
  return cwd;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

export async function runPhilterBatch(documents: readonly Document[], signal: AbortSignal, o: PhilterOptions, cwd: string): Promise<DetectedSpan[][]> {
  const dir = await mkdtemp(join(tmpdir(), "deidstack-philter-"));
  try {
    const inputDir = join(dir, "in") + "/";
    const outputDir = join(dir, "out") + "/";
    await mkdir(inputDir);
    await mkdir(outputDir);
    const names = documents.map((_, k) => `${String(k + 1).padStart(6, "0")}.txt`);
    await Promise.all(documents.map((d, k) => writeFile(join(inputDir, names[k]), d.text, "utf8")));
    const command = fillCommandTemplate(normaliseCommand(o.command), { input_dir: inputDir, output_dir: outputDir, config: o.config }, TOOL_ID);
    await runTool({ toolId: TOOL_ID, installHint: INSTALL_HINT, command, cwd, timeoutMs: o.timeout_ms, signal });
    const label = canonicalLabel(o.label)!;
    const results: DetectedSpan[][] = [];
    for (const [k, document] of documents.entries()) {
      let bytes: Buffer;
      try {
        bytes = await readFile(join(outputDir, names[k]));
      } catch {
        throw new DeidError("E_DETECTOR_FAILED", `philter wrote no output for document ${k + 1} of the batch`, { detectorId: TOOL_ID });
      }
      let masked: string;
      try {
        masked = utf8.decode(bytes);
      } catch {
        throw new DeidError("E_DETECTOR_INVALID_SPAN", `philter's output for document ${k + 1} of the batch is not UTF-8`, { detectorId: TOOL_ID });
      }
      results.push(asteriskRuns(document.text, masked, TOOL_ID).map((r): DetectedSpan => ({ start: r.start, end: r.end, label })));
    }
    return results;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export default definePlugin({
  meta: { id: TOOL_ID, version: manifest.wrapper_version, description: manifest.description, labels: LABELS, configSchema, kind: "external" },
  create(o, ctx) {
    const cwd = toolFolder(o, ctx);
    const usesDefaultCommand = JSON.stringify(normaliseCommand(o.command)) === JSON.stringify(manifest.command);
    requireToolFiles(TOOL_ID, INSTALL_HINT, cwd, usesDefaultCommand ? manifest.requires_files : []);
    const batcher = new MicroBatcher<Document, DetectedSpan[]>(
      (docs, signal) => runPhilterBatch(docs, signal, o, cwd),
      { batchSize: o.batch_size, lingerMs: o.linger_ms, parallelBatches: o.parallel_batches },
      (d) => d.document_id,
    );
    return {
      detect: (document, { signal }) => batcher.submit(document, signal),
      detectBatch: (documents, { signal }) => runPhilterBatch(documents, signal, o, cwd),
    };
  },
});

/** A hash of main.py and the config file. */
export function probeVersion(o: PhilterOptions, ctx: PluginContext): Promise<string> {
  const cwd = toolFolder(o, ctx);
  return probeToolVersion(manifest.version_probe, { toolId: TOOL_ID, installHint: INSTALL_HINT, cwd, values: { config: o.config } });
}
