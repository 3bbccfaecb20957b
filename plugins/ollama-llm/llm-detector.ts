// The LLM detector (DeidSharp §2): chunks of the note go to a local model that lists identifiers as {text, type};
// each listed text becomes spans only where it occurs in the chunk, so the model can add no text of its own.
import type { Message } from "ollama";
import { DeidError, compareSpans, type DetectedSpan, type Document } from "../../src/contract/index.js";
import type { DetectContext, Detector, PluginContext } from "../../src/detectors/index.js";
import { detectorAnswerSchema, parseModelAnswer, toOllamaFormat, type DetectorAnswer } from "./answer-schemas.js";
import { halveRange, splitIntoChunks, type TextRange } from "./chunking.js";
import { openDebugLog, type DebugLog } from "./debug-log.js";
import { locateInChunk } from "./locate.js";
import { OllamaChatClient, type ServerFacts } from "./ollama-client.js";
import { enabledFilters, type LlmDetectorOptions, type SafeHarborFilterName } from "./options.js";
import { fillTemplate, loadDetectorPrompt, resolvePromptDir, type DetectorExample, type LoadedPrompt } from "./prompts.js";
import { safeHarborFilterFor } from "./safe-harbor-filters.js";
import { allOrAbort, fewShotPrefix, linkedAbort, promptProvenance, type LlmProvenance } from "./shared.js";

export const DETECTOR_ANSWER_FORMAT = toOllamaFormat(detectorAnswerSchema);

/** Counts only: what the model listed and what became of it, for the detector's lifetime. */
export interface LlmDetectorStats {
  documents: number;
  chunks: number;
  requests: number;
  /** Chunks asked again as two halves because an answer was cut off or not JSON. */
  halvings: number;
  /** Items the model listed. */
  listed: number;
  located_exact: number;
  located_tolerant: number;
  /** Listed text not in its chunk: some word of it is not there at all. */
  dropped_invented: number;
  /** Listed text not in its chunk, though each of its words is: reworded or reordered. */
  dropped_reworded: number;
  /** Listed text without a letter or digit. */
  dropped_blank: number;
  /** Spans dropped by the Safe Harbor keep-list, per filter. */
  dropped_safe_harbor: Record<SafeHarborFilterName, number>;
  /** Spans returned (after de-duplication across overlapping chunks). */
  spans: number;
}

export interface LlmDetector extends Detector {
  stats(): LlmDetectorStats;
  provenance(): LlmProvenance;
}

function emptyStats(): LlmDetectorStats {
  return {
    documents: 0,
    chunks: 0,
    requests: 0,
    halvings: 0,
    listed: 0,
    located_exact: 0,
    located_tolerant: 0,
    dropped_invented: 0,
    dropped_reworded: 0,
    dropped_blank: 0,
    dropped_safe_harbor: { age_under_90: 0, year_alone: 0, time_alone: 0, weekday_alone: 0, short_identifier: 0 },
    spans: 0,
  };
}

function dedupeSorted(spans: DetectedSpan[]): DetectedSpan[] {
  const seen = new Set<string>();
  const out: DetectedSpan[] = [];
  for (const s of [...spans].sort(compareSpans)) {
    const key = `${s.start}:${s.end}:${s.label}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(s);
    }
  }
  return out;
}

interface DocumentRun {
  text: string;
  documentIndex: number;
  controller: AbortController;
}

export class OllamaLlmDetector implements LlmDetector {
  readonly id = "ollama-llm";
  private readonly counters = emptyStats();
  private readonly prefix: Message[];
  private readonly filters: SafeHarborFilterName[];

  constructor(
    private readonly options: LlmDetectorOptions,
    private readonly prompt: LoadedPrompt<DetectorExample>,
    private readonly client: OllamaChatClient,
    private readonly server: ServerFacts | null,
    private readonly projectRoot: string,
    private readonly debugLog?: DebugLog,
  ) {
    this.prefix = fewShotPrefix(prompt, (e) => ({ user: { text: e.text }, answer: { spans: e.spans } }));
    this.filters = enabledFilters(options.filters);
  }

  async detect(document: Document, ctx: DetectContext): Promise<DetectedSpan[]> {
    const text = document.text;
    const chunks = splitIntoChunks(text, this.options.chunk_chars, this.options.overlap_chars);
    this.counters.documents++;
    this.counters.chunks += chunks.length;
    const { controller, release } = linkedAbort(ctx.signal);
    try {
      const run: DocumentRun = { text, documentIndex: ctx.documentIndex, controller };
      const found = await allOrAbort(
        chunks.map((range) => () => this.detectRange(run, range)),
        controller,
      );
      const spans = dedupeSorted(found.flat());
      this.counters.spans += spans.length;
      return spans;
    } finally {
      release();
    }
  }

  private async detectRange(run: DocumentRun, range: TextRange): Promise<DetectedSpan[]> {
    const chunk = run.text.slice(range.start, range.end);
    if (chunk.trim() === "") return [];
    const messages = [...this.prefix, { role: "user", content: fillTemplate(this.prompt.userTemplate, { text: chunk }) }];
    this.counters.requests++;
    const answer = await this.client.chat(messages, DETECTOR_ANSWER_FORMAT, run.controller.signal);
    this.debugLog?.write({ document_index: run.documentIndex, chunk: [range.start, range.end], user: messages.at(-1)!.content, answer: answer.content, truncated: answer.truncated });
    const parsed = parseModelAnswer(detectorAnswerSchema, answer.content, answer.truncated);
    if (parsed.kind === "schema_violation") {
      throw new DeidError("E_DETECTOR_FAILED", `model answer does not match the answer schema at ${parsed.where}`);
    }
    if (parsed.kind === "unusable") {
      const halves = halveRange(run.text, range, this.options.overlap_chars, this.options.min_chunk_chars);
      if (!halves) {
        const why = parsed.reason === "truncated" ? "cut off at the output limit" : "not valid JSON";
        throw new DeidError(
          "E_DETECTOR_FAILED",
          `model answer ${why} even for a chunk of ${range.end - range.start} characters (min_chunk_chars ${this.options.min_chunk_chars}); raise options.num_predict or lower chunk_chars`,
        );
      }
      this.counters.halvings++;
      const parts = await allOrAbort(
        halves.map((half) => () => this.detectRange(run, half)),
        run.controller,
      );
      return parts.flat();
    }
    return this.spansFromAnswer(run.text, range, chunk, parsed.value);
  }

  private spansFromAnswer(text: string, range: TextRange, chunk: string, answer: DetectorAnswer): DetectedSpan[] {
    const spans: DetectedSpan[] = [];
    for (const item of answer.spans) {
      this.counters.listed++;
      const located = locateInChunk(chunk, item.text);
      if (located.kind !== "exact" && located.kind !== "tolerant") {
        this.counters[`dropped_${located.kind}`]++;
        continue;
      }
      this.counters[`located_${located.kind}`]++;
      for (const r of located.ranges) {
        const start = range.start + r.start;
        const end = range.start + r.end;
        const filter = safeHarborFilterFor(text.slice(start, end), this.filters);
        if (filter) this.counters.dropped_safe_harbor[filter]++;
        else spans.push({ start, end, label: item.type });
      }
    }
    return spans;
  }

  stats(): LlmDetectorStats {
    return structuredClone(this.counters);
  }

  provenance(): LlmProvenance {
    const { options, chunk_chars, overlap_chars, min_chunk_chars } = this.options;
    return {
      model: this.options.model,
      server: this.server,
      prompt: promptProvenance(this.prompt, this.projectRoot),
      options: { ...options, temperature: 0, think: false, chunk_chars, overlap_chars, min_chunk_chars, filters: this.filters },
    };
  }
}

export async function createLlmDetector(options: LlmDetectorOptions, ctx: PluginContext): Promise<OllamaLlmDetector> {
  const prompt = loadDetectorPrompt(resolvePromptDir(options.prompt, "llm-detector", ctx));
  const client = new OllamaChatClient({
    host: options.host,
    model: options.model,
    modelOptions: options.options,
    maxConcurrency: options.max_concurrency,
  });
  const server = options.preflight ? await client.preflight(AbortSignal.timeout(30_000)) : null;
  const debugLog = openDebugLog(options.debug_log, ctx.baseDir, "ollama-llm");
  return new OllamaLlmDetector(options, prompt, client, server, ctx.projectRoot, debugLog);
}
