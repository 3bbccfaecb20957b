// PhysioNet deid 1.1: notes are written as `.text` records in a private temporary folder, `perl -I. deid.pl
// <basename> <config>` runs in the tool's folder, and the `.phi` offsets (with types from `.res`) come back.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { DeidError, LABELS, OffsetError, OffsetMapper, canonicalLabel, type DetectedSpan, type Document, type Label } from "../../src/contract/index.js";
import { definePlugin, type PluginContext } from "../../src/detectors/index.js";
import { MicroBatcher } from "../shared/batcher.js";
import { createLabelMapper, labelMapOptionSchema, unknownLabelPolicySchema, type LabelMapper } from "../shared/labels.js";
import { installHintOf, loadManifest, probeToolVersion } from "../shared/manifest.js";
import { batchingOptions, commandOptionSchema, resolveFrom } from "../shared/options.js";
import { fillCommandTemplate, normaliseCommand, requireToolFiles, runTool } from "../shared/tool-process.js";
import { encodeDeidRecords, parseResTags, phiIntervalsByRecord, recordKey, type PhiInterval } from "./format.js";

export const manifest = loadManifest(import.meta.url);
const TOOL_ID = "deid";
const INSTALL_HINT = installHintOf(manifest);

const configSchema = z
  .object({
    /** deid's folder (holding deid.pl and its lists); relative paths resolve against the stack file. */
    cwd: z.string().optional(),
    /** argv template: {basename} and {config} are filled in. */
    command: commandOptionSchema.default(manifest.command),
    /** deid config file, relative to its folder: deid-output.config is output mode. */
    config: z.string().default("deid-output.config"),
    /** Take types from the `.res` tags ("res") or give every span `label` ("none"). */
    label_source: z.enum(["res", "none"]).default("res"),
    /** Label of spans whose type is not known. */
    label: z.string().refine((l) => canonicalLabel(l) !== undefined, "must be a contract label").default("Anonymize_Other"),
    label_map: labelMapOptionSchema.default("deid"),
    unknown_labels: unknownLabelPolicySchema.default("other"),
    ...batchingOptions(manifest.defaults),
  })
  .strict();

export type DeidOptions = z.output<typeof configSchema>;

function toolFolder(o: DeidOptions, ctx: PluginContext): string {
  const cwd = resolveFrom(ctx.baseDir, o.cwd);
  if (cwd === undefined) {
    throw new DeidError("E_DETECTOR_NOT_INSTALLED", `deid needs its folder: set \`with: { cwd: <folder holding deid.pl> }\`. ${INSTALL_HINT}`, { detectorId: TOOL_ID });
  }
  return cwd;
}

/** Labels per span of one record: from the record's `.res` tags when they pair one to one with its spans. */
function labelsForRecord(intervals: readonly PhiInterval[], tags: readonly string[] | undefined, fallback: Label, mapLabel: LabelMapper | undefined): Label[] {
  if (!mapLabel || !tags || tags.length !== intervals.length) return intervals.map(() => fallback);
  return tags.map((t) => mapLabel(t));
}

export async function runDeidBatch(documents: readonly Document[], signal: AbortSignal, o: DeidOptions, cwd: string, mapLabel: LabelMapper | undefined): Promise<DetectedSpan[][]> {
  const dir = await mkdtemp(join(tmpdir(), "deidstack-deid-"));
  try {
    const basename = join(dir, "notes");
    await writeFile(`${basename}.text`, encodeDeidRecords(documents.map((d) => d.text), TOOL_ID));
    const command = fillCommandTemplate(normaliseCommand(o.command), { basename, config: o.config }, TOOL_ID);
    await runTool({ toolId: TOOL_ID, installHint: INSTALL_HINT, command, cwd, timeoutMs: o.timeout_ms, signal });
    let phi: string;
    try {
      phi = (await readFile(`${basename}.phi`)).toString("latin1");
    } catch {
      throw new DeidError("E_DETECTOR_FAILED", "deid exited without writing a .phi file", { detectorId: TOOL_ID });
    }
    const intervalsByRecord = phiIntervalsByRecord(phi, TOOL_ID);
    const tagsByRecord = mapLabel ? parseResTags((await readFile(`${basename}.res`).catch(() => Buffer.alloc(0))).toString("latin1")) : new Map<string, string[]>();
    const known = new Set(documents.map((_, k) => recordKey(String(k + 1), "1")));
    for (const key of intervalsByRecord.keys()) {
      if (!known.has(key)) throw new DeidError("E_DETECTOR_INVALID_SPAN", "deid's .phi names a record that was not sent", { detectorId: TOOL_ID });
    }
    const fallback = canonicalLabel(o.label)!;
    return documents.map((document, k) => {
      const key = recordKey(String(k + 1), "1");
      const intervals = [...(intervalsByRecord.get(key) ?? [])].sort((a, b) => a.start - b.start || a.end - b.end);
      const labels = labelsForRecord(intervals, tagsByRecord.get(key), fallback, mapLabel);
      const mapper = new OffsetMapper(document.text);
      return intervals.map((iv, j): DetectedSpan => {
        if (iv.end <= iv.start) throw new DeidError("E_DETECTOR_INVALID_SPAN", `record ${k + 1}: PHI ${j} ends at ${iv.end}, not after its start ${iv.start}`, { detectorId: TOOL_ID });
        try {
          return { start: mapper.toUtf16(iv.start), end: mapper.toUtf16(iv.end), label: labels[j] };
        } catch (e) {
          if (e instanceof OffsetError) {
            throw new DeidError("E_DETECTOR_INVALID_SPAN", `record ${k + 1}: PHI ${j} (${iv.start}..${iv.end}) lies outside the note (${mapper.codePointLength} characters)`, { detectorId: TOOL_ID });
          }
          throw e;
        }
      });
    });
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
    const mapLabel = o.label_source === "res" ? createLabelMapper(o.label_map, o.unknown_labels, TOOL_ID) : undefined;
    const batcher = new MicroBatcher<Document, DetectedSpan[]>(
      (docs, signal) => runDeidBatch(docs, signal, o, cwd, mapLabel),
      { batchSize: o.batch_size, lingerMs: o.linger_ms, parallelBatches: o.parallel_batches },
      (d) => d.document_id,
    );
    return {
      detect: (document, { signal }) => batcher.submit(document, signal),
      detectBatch: (documents, { signal }) => runDeidBatch(documents, signal, o, cwd, mapLabel),
    };
  },
});

/** A hash of deid.pl and the config file (deid has no version flag). */
export function probeVersion(o: DeidOptions, ctx: PluginContext): Promise<string> {
  const cwd = toolFolder(o, ctx);
  return probeToolVersion(manifest.version_probe, { toolId: TOOL_ID, installHint: INSTALL_HINT, cwd, values: { config: o.config } });
}
