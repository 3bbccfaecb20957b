// command-jsonl: any program that reads documents as JSONL on stdin and writes spans as JSONL on stdout. In
// `batch` mode one process runs per micro-batch (stdin closed, answers in any order); in `stream` mode one process
// serves the whole run and answers each line in order.
import { createHash } from "node:crypto";
import { existsSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { z } from "zod";
import { LABELS, type DetectedSpan, type Document } from "../../src/contract/index.js";
import { definePlugin, type PluginContext } from "../../src/detectors/index.js";
import { MicroBatcher } from "../shared/batcher.js";
import { JsonlToolSession } from "../shared/jsonl-session.js";
import { createLabelMapper, labelMapOptionSchema, unknownLabelPolicySchema } from "../shared/labels.js";
import { installHintOf, loadManifest } from "../shared/manifest.js";
import { batchingOptions, commandOptionSchema, resolveFrom } from "../shared/options.js";
import { convertToolSpans, documentInputLine, matchRecordsToDocuments, type SpanConversion } from "../shared/span-records.js";
import { normaliseCommand, runTool } from "../shared/tool-process.js";

export const manifest = loadManifest(import.meta.url);

const configSchema = z
  .object({
    /** The program and its arguments (an array, or a string split on whitespace; no shell). */
    command: commandOptionSchema,
    /** Working folder (relative to the stack file); default: the stack file's folder. */
    cwd: z.string().optional(),
    env: z.record(z.string(), z.string()).default({}),
    mode: z.enum(["batch", "stream"]).default("batch"),
    /** Unit of the tool's offsets. */
    offsets: z.enum(["codepoints", "utf16"]).default("codepoints"),
    /** "contract", a map id from src/contract/label-maps.ts (presidio, i2b2-2014, ...), or an inline map. */
    label_map: labelMapOptionSchema.default("contract"),
    unknown_labels: unknownLabelPolicySchema.default("error"),
    min_score: z.number().finite().optional(),
    /** Send each document's metadata (patient and caregiver names, known values) to the tool. */
    send_metadata: z.boolean().default(false),
    /** A command printing the tool's version, recorded by protocol locks; default: hashes of the command's files. */
    version_command: commandOptionSchema.optional(),
    /** Stream mode: time for the first answer, start-up included. */
    startup_timeout_ms: z.number().int().positive().default(600_000),
    ...batchingOptions(manifest.defaults),
  })
  .strict();

export type CommandJsonlOptions = z.output<typeof configSchema>;

const INSTALL_HINT = installHintOf(manifest);

function conversionOf(o: CommandJsonlOptions, toolId: string): SpanConversion {
  return { toolId, offsets: o.offsets, mapLabel: createLabelMapper(o.label_map, o.unknown_labels, toolId), minScore: o.min_score };
}

/** Runs a whole batch through one process and converts every answer (shared with wrappers built on this one). */
export async function runJsonlBatch(
  documents: readonly Document[],
  signal: AbortSignal,
  run: { toolId: string; installHint: string; command: string[]; cwd: string; env: Record<string, string>; timeoutMs: number; sendMetadata: boolean },
  conv: SpanConversion,
): Promise<DetectedSpan[][]> {
  const input = documents.map((d) => documentInputLine(d, run.sendMetadata)).join("");
  const { stdout } = await runTool({ toolId: run.toolId, installHint: run.installHint, command: run.command, cwd: run.cwd, env: run.env, input, timeoutMs: run.timeoutMs, signal });
  const records = matchRecordsToDocuments(documents, stdout, run.toolId);
  return records.map((rec, i) => convertToolSpans(documents[i], rec.spans, conv));
}

export default definePlugin({
  meta: {
    id: "command-jsonl",
    version: manifest.wrapper_version,
    description: manifest.description,
    labels: LABELS,
    configSchema,
    kind: "external",
  },
  create(o, ctx) {
    const toolId = "command-jsonl";
    const command = normaliseCommand(o.command);
    const cwd = resolveFrom(ctx.baseDir, o.cwd) ?? ctx.baseDir;
    const conv = conversionOf(o, toolId);
    if (o.mode === "stream") {
      const session = new JsonlToolSession({ toolId, installHint: INSTALL_HINT, command, cwd, env: o.env, startupTimeoutMs: o.startup_timeout_ms, timeoutMs: o.timeout_ms });
      return {
        async detect(document, { signal }) {
          const rec = await session.request(document.document_id, documentInputLine(document, o.send_metadata), signal);
          return convertToolSpans(document, rec.spans, conv);
        },
        close: () => session.close(),
      };
    }
    const run = { toolId, installHint: INSTALL_HINT, command, cwd, env: o.env, timeoutMs: o.timeout_ms, sendMetadata: o.send_metadata };
    const batcher = new MicroBatcher<Document, DetectedSpan[]>(
      (docs, signal) => runJsonlBatch(docs, signal, run, conv),
      { batchSize: o.batch_size, lingerMs: o.linger_ms, parallelBatches: o.parallel_batches },
      (d) => d.document_id,
    );
    return {
      detect: (document, { signal }) => batcher.submit(document, signal),
      detectBatch: (documents, { signal }) => runJsonlBatch(documents, signal, run, conv),
    };
  },
});

/**
 * The tool's version for protocol locks: what `version_command` prints, else a hash of the command line and of
 * every file it names (the script a user wrote is what changes between runs).
 */
export async function probeVersion(options: CommandJsonlOptions, ctx: PluginContext): Promise<string> {
  const cwd = resolveFrom(ctx.baseDir, options.cwd) ?? ctx.baseDir;
  if (options.version_command) {
    const { stdout } = await runTool({ toolId: "command-jsonl", installHint: INSTALL_HINT, command: normaliseCommand(options.version_command), cwd, timeoutMs: 120_000 });
    const line = stdout.split(/\r?\n/).map((l) => l.trim()).find(Boolean);
    if (line) return line.slice(0, 200);
  }
  const command = normaliseCommand(options.command);
  const hash = createHash("sha256").update(JSON.stringify(command));
  for (const arg of command) {
    const path = resolve(cwd, arg);
    if (existsSync(path) && statSync(path).isFile()) hash.update(`\0${arg}\0`).update(await readFile(path));
  }
  return `sha256:${hash.digest("hex")}`;
}
