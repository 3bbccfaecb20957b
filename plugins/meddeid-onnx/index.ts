// MedDeID-style transformer detector: a dual-head token classifier (or a Hugging Face typed-BIO export) run through
// onnxruntime-node with MedDeID's windowing and decoding.
import { existsSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { z } from "zod";
import { DeidError, LABELS, MODEL_LABELS, type DetectedSpan, type Document } from "../../src/contract/index.js";
import { definePlugin, type DetectContext, type Detector, type PluginContext } from "../../src/detectors/index.js";
import type { ModelSpec } from "./bundle.js";
import { readModelDirectory } from "./bundle.js";
import { TokenClassifierEngine } from "./engine.js";
import { TextTokenizer } from "./tokenizer.js";

export const SHIPPED_MODELS: Readonly<Record<string, string>> = {
  "nl-small": "models/meddeid-nl-small",
  "en-small": "models/meddeid-en-small",
};

const configSchema = z
  .object({
    /** "auto" (by the stack's language), "nl-small", "en-small", or a model directory (stack dir or project root relative). */
    model: z.string().min(1).default("auto"),
    /** onnxruntime intra-op threads. */
    threads: z.number().int().min(1).max(64).default(1),
    /** Windows per inference call (windows of several documents share a batch). */
    batch_size: z.number().int().min(1).max(512).default(4),
    /** Spans whose mean BIO probability is lower are dropped; default: the bundle's min_entity_score. */
    min_score: z.number().min(0).max(1).optional(),
    /** A token is O only when P(O) reaches this (else B or I); default: the bundle's outside_threshold, else argmax. */
    outside_threshold: z.number().gt(0).max(1).optional(),
    /** How a word's tokens pool P(O) before tagging: "token" (none), "mean", "max"; default: the bundle's
     * inference.word_aggregation, else "token". */
    word_aggregation: z.enum(["token", "mean", "max"]).optional(),
    /** For Hugging Face exports: model entity type → contract label, for types the built-in maps do not know. */
    label_map: z.record(z.string(), z.enum(LABELS)).default({}),
  })
  .strict();

export type MeddeidOnnxOptions = z.output<typeof configSchema>;

/** Resolves the model option to a directory: shortcut, then stack-relative, then project-relative. */
export function resolveModelDirectory(model: string, ctx: PluginContext): string {
  let ref = model;
  if (ref === "auto") ref = ctx.language.toLowerCase().startsWith("nl") ? "nl-small" : "en-small";
  const shipped = SHIPPED_MODELS[ref];
  if (shipped) return resolve(ctx.projectRoot, shipped);
  if (isAbsolute(ref)) return ref;
  const fromStack = resolve(ctx.baseDir, ref);
  return existsSync(fromStack) ? fromStack : resolve(ctx.projectRoot, ref);
}

export type MeddeidDetector = Detector & { spec: ModelSpec; detectBatch: NonNullable<Detector["detectBatch"]>; close(): Promise<void> };

export async function createMeddeidDetector(options: MeddeidOnnxOptions, ctx: PluginContext): Promise<MeddeidDetector> {
  const spec = await readModelDirectory(resolveModelDirectory(options.model, ctx), options.label_map);
  let engine: TokenClassifierEngine;
  try {
    const tokenizer = await TextTokenizer.fromFile(spec.tokenizerPath);
    engine = await TokenClassifierEngine.create(spec, tokenizer, {
      threads: options.threads,
      batchSize: options.batch_size,
      minScore: options.min_score ?? spec.minEntityScore,
      outsideThreshold: options.outside_threshold ?? spec.outsideThreshold,
      wordAggregation: options.word_aggregation ?? spec.wordAggregation ?? "token",
    });
  } catch (err) {
    if (err instanceof DeidError) throw err;
    throw new DeidError("E_CONFIG", `cannot load model ${spec.name}: ${err instanceof Error ? err.message.split("\n")[0] : String(err)}`, {
      detectorId: "meddeid-onnx",
      phase: "load",
    });
  }
  return {
    spec,
    async detect(document: Document, dctx: DetectContext): Promise<DetectedSpan[]> {
      return (await engine.detectTexts([document.text], dctx.signal))[0];
    },
    async detectBatch(documents: readonly Document[], bctx: { signal: AbortSignal; documentIndices?: number[] }): Promise<DetectedSpan[][]> {
      return engine.detectTexts(
        documents.map((d) => d.text),
        bctx.signal,
      );
    },
    close: () => engine.close(),
  };
}

export default definePlugin({
  meta: {
    id: "meddeid-onnx",
    version: "1.2.0",
    description: "MedDeID-style transformer token classifier (dual-head bundle or Hugging Face typed-BIO export) via onnxruntime-node",
    labels: MODEL_LABELS,
    configSchema,
    kind: "model",
  },
  create: createMeddeidDetector,
});
