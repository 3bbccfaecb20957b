// Runs a token-classification ONNX model over documents: tokenise, window, batch windows across documents, average
// the logits of overlapping windows, decode BIO spans.
import * as ort from "onnxruntime-node";
import type { DetectedSpan } from "../../src/contract/index.js";
import type { ModelSpec } from "./bundle.js";
import { aggregateWords, decodeSpans, extendToWholeWords, softmaxRows, type TokenScores, type WordAggregation } from "./decode.js";
import type { TextTokenizer, TokenizedText } from "./tokenizer.js";
import { LogitAccumulator, planWindows, type TokenWindow } from "./windows.js";

export interface EngineOptions {
  threads: number;
  batchSize: number;
  minScore: number;
  /** See decodeSpans; undefined: argmax. */
  outsideThreshold?: number;
  /** See aggregateWords; undefined: per token. */
  wordAggregation?: WordAggregation;
}

type IdType = "int32" | "int64";

interface WindowJob {
  doc: number;
  window: TokenWindow;
}

function idTypeOf(session: ort.InferenceSession, name: string): IdType {
  const meta = session.inputMetadata.find((m) => m.name === name);
  if (meta && meta.isTensor && meta.type === "int64") return "int64";
  return "int32";
}

export class TokenClassifierEngine {
  private readonly idType: IdType;
  private readonly maskType: IdType;
  private readonly hasTokenTypes: boolean;
  /** Raw output widths per token: [bio, entity] for dual heads, [classes] for typed BIO. */
  private readonly widths: number[];

  private constructor(
    private readonly session: ort.InferenceSession,
    readonly spec: ModelSpec,
    private readonly tokenizer: TextTokenizer,
    private readonly options: EngineOptions,
  ) {
    this.idType = idTypeOf(session, "input_ids");
    this.maskType = idTypeOf(session, "attention_mask");
    this.hasTokenTypes = session.inputNames.includes("token_type_ids");
    this.widths = spec.heads.kind === "meddeid" ? [3, spec.heads.entityLabels.length] : [spec.heads.classes.length];
    const expectedOutputs = spec.heads.kind === "meddeid" ? ["bio_logits", "label_logits"] : ["logits"];
    for (const name of ["input_ids", "attention_mask"]) {
      if (!session.inputNames.includes(name)) throw new Error(`model has no input "${name}" (inputs: ${session.inputNames.join(", ")})`);
    }
    for (const name of expectedOutputs) {
      if (!session.outputNames.includes(name)) throw new Error(`model has no output "${name}" (outputs: ${session.outputNames.join(", ")})`);
    }
  }

  static async create(spec: ModelSpec, tokenizer: TextTokenizer, options: EngineOptions): Promise<TokenClassifierEngine> {
    const session = await ort.InferenceSession.create(spec.onnxPath, {
      intraOpNumThreads: options.threads,
      interOpNumThreads: 1,
      executionMode: "sequential",
      graphOptimizationLevel: "all",
    });
    return new TokenClassifierEngine(session, spec, tokenizer, options);
  }

  private tensor(type: IdType, values: ArrayLike<number>, dims: number[]): ort.Tensor {
    if (type === "int64") return new ort.Tensor("int64", BigInt64Array.from(Array.from(values, (v) => BigInt(v))), dims);
    return new ort.Tensor("int32", Int32Array.from(values), dims);
  }

  /** Runs one padded batch of windows; returns the raw outputs per head, row-major [batch, seq, width]. */
  async runBatch(windows: readonly number[][]): Promise<{ outputs: Float32Array[]; seq: number }> {
    const { cls, sep, pad } = this.tokenizer.special;
    const seq = Math.max(...windows.map((w) => w.length)) + 2;
    const ids = new Array<number>(windows.length * seq).fill(pad);
    const mask = new Array<number>(windows.length * seq).fill(0);
    windows.forEach((w, b) => {
      const row = b * seq;
      ids[row] = cls;
      for (let i = 0; i < w.length; i++) ids[row + 1 + i] = w[i];
      ids[row + 1 + w.length] = sep;
      for (let i = 0; i < w.length + 2; i++) mask[row + i] = 1;
    });
    const dims = [windows.length, seq];
    const feeds: Record<string, ort.Tensor> = {
      input_ids: this.tensor(this.idType, ids, dims),
      attention_mask: this.tensor(this.maskType, mask, dims),
    };
    if (this.hasTokenTypes) feeds.token_type_ids = this.tensor(this.idType, new Array<number>(ids.length).fill(0), dims);
    const names = this.spec.heads.kind === "meddeid" ? ["bio_logits", "label_logits"] : ["logits"];
    const result = await this.session.run(feeds, names);
    return { outputs: names.map((n) => result[n].data as Float32Array), seq };
  }

  private scores(raw: Float32Array[]): TokenScores {
    const heads = this.spec.heads;
    if (heads.kind === "meddeid") return { bio: softmaxRows(raw[0], 3), entity: raw[1], labels: heads.entityLabels };
    const classes = heads.classes.length;
    const probs = softmaxRows(raw[0], classes);
    const tokens = probs.length / classes;
    const width = heads.entityLabels.length;
    const bio = new Float32Array(tokens * 3);
    const entity = new Float32Array(tokens * width);
    for (let t = 0; t < tokens; t++) {
      heads.classes.forEach((c, k) => {
        const p = probs[t * classes + k];
        bio[t * 3 + c.bio] += p;
        if (c.entity >= 0) entity[t * width + c.entity] += p;
      });
    }
    return { bio, entity, labels: heads.entityLabels };
  }

  /** Token offsets and averaged per-token scores of several texts; windows of all texts share batches. */
  async tokenScores(texts: readonly string[], signal?: AbortSignal): Promise<{ tokens: TokenizedText; scores: TokenScores | undefined }[]> {
    const usable = this.spec.maxLength - 2;
    const tokenized: TokenizedText[] = texts.map((t) => this.tokenizer.encode(t));
    const accumulators = tokenized.map((tok) => this.widths.map((w) => new LogitAccumulator(tok.ids.length, w)));
    const jobs: WindowJob[] = [];
    tokenized.forEach((tok, doc) => {
      for (const window of planWindows(tok.ids.length, usable, this.spec.overlap)) jobs.push({ doc, window });
    });
    // Similar lengths in one batch keep padding small.
    jobs.sort((a, b) => b.window.end - b.window.start - (a.window.end - a.window.start));
    for (let i = 0; i < jobs.length; i += this.options.batchSize) {
      signal?.throwIfAborted();
      const batch = jobs.slice(i, i + this.options.batchSize);
      const { outputs, seq } = await this.runBatch(batch.map((j) => tokenized[j.doc].ids.slice(j.window.start, j.window.end)));
      batch.forEach((job, b) => {
        // Row 0 of each sequence is CLS; window token i sits at row 1 + i.
        outputs.forEach((out, h) => accumulators[job.doc][h].add(job.window, out, b * seq + 1));
      });
    }
    return tokenized.map((tok, doc) => ({
      tokens: tok,
      scores: tok.ids.length === 0 ? undefined : this.scores(accumulators[doc].map((a) => a.averaged())),
    }));
  }

  /** Detects spans in several texts; windows of all texts share batches. */
  async detectTexts(texts: readonly string[], signal?: AbortSignal): Promise<DetectedSpan[][]> {
    const scored = await this.tokenScores(texts, signal);
    return scored.map(({ tokens, scores }, doc) => {
      if (!scores) return [];
      const pooled = aggregateWords(texts[doc], tokens.starts, tokens.ends, scores, this.options.wordAggregation ?? "token");
      return extendToWholeWords(texts[doc], decodeSpans(texts[doc], tokens.starts, tokens.ends, pooled, this.options.minScore, this.options.outsideThreshold));
    });
  }

  async close(): Promise<void> {
    await this.session.release();
  }
}
