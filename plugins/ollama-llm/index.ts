// ollama-llm: a local LLM served by Ollama as a detector, and as a second opinion that may veto model spans.
import { LABELS } from "../../src/contract/index.js";
import { definePlugin, type SecondOpinionFactory } from "../../src/detectors/index.js";
import { createLlmDetector } from "./llm-detector.js";
import { llmDetectorOptionsSchema, secondOpinionOptionsSchema } from "./options.js";
import { OllamaChatClient } from "./ollama-client.js";
import type { LlmDetectorOptions } from "./options.js";
import { createSecondOpinion } from "./second-opinion.js";

export const PLUGIN_VERSION = "1.0.0";

export default definePlugin({
  meta: {
    id: "ollama-llm",
    version: PLUGIN_VERSION,
    description: "local LLM through Ollama: lists identifiers per chunk as {text, type}, located in the note (never trusted as offsets)",
    labels: LABELS,
    configSchema: llmDetectorOptionsSchema,
    kind: "llm",
  },
  create: (options, ctx) => createLlmDetector(options, ctx),
});

export const secondOpinion: SecondOpinionFactory<typeof secondOpinionOptionsSchema> = {
  configSchema: secondOpinionOptionsSchema,
  create: (options, ctx) => createSecondOpinion(options, ctx),
};

/**
 * For protocol locks: the Ollama server version and the model's digest, which pin the weights as DeidSharp pinned
 * them. Fails (naming host and model) when the server does not answer or lacks the model.
 */
export async function probeVersion(options: LlmDetectorOptions): Promise<string> {
  const client = new OllamaChatClient({
    host: options.host,
    model: options.model,
    modelOptions: options.options,
    maxConcurrency: options.max_concurrency,
  });
  const facts = await client.preflight(AbortSignal.timeout(30_000));
  return `ollama ${facts.server_version}; ${options.model}@${facts.model_digest ?? "unknown-digest"}`;
}

export { promptDigest, resolvePromptDir, listPromptLanguages, type PromptDigest } from "./prompts.js";
export { splitIntoChunks, halveRange, type TextRange } from "./chunking.js";
export { locateInChunk, type LocateOutcome } from "./locate.js";
export { SAFE_HARBOR_FILTERS, safeHarborFilterFor } from "./safe-harbor-filters.js";
export { OllamaLlmDetector, type LlmDetector, type LlmDetectorStats } from "./llm-detector.js";
export { OllamaSecondOpinion, markCandidate, type SecondOpinionStats } from "./second-opinion.js";
export type { LlmProvenance } from "./shared.js";
export type { LlmDetectorOptions, SecondOpinionOptions } from "./options.js";
