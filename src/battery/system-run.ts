// One system's part of a battery: set-up (stack creation), one warm-up pass, then a timed pass per corpus that
// writes every output record to a file. Runs in the battery's process or, for timings that share nothing with
// other systems (module caches, JIT state, heap), in a fresh child process (system-process.ts).
import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { once } from "node:events";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { DeidError, type Document, type IndexedDocument } from "../contract/index.js";
import { StackRunner, type LoadedStack } from "../stack/index.js";

/** An output span as `deidstack run` writes it: code points of the original text. */
export interface OutputSpanLite {
  begin: number;
  end: number;
  label: string;
}

export interface SystemRunRequest {
  stack: LoadedStack;
  /** Each corpus with its number of timed passes (default 1; the spans come from the first). */
  corpora: { id: string; inputs: Document[]; passes?: number }[];
  /** Documents of the first corpus in the warm-up pass. */
  warmup: number;
  /** Private folder for output files (deleted by the caller). */
  workDir: string;
  /** A prefix for output file names (unique per system). */
  filePrefix: string;
}

export interface SystemRunResult {
  setup_s: number;
  warmup_s: number;
  detectors: { id: string; use: string; version: string; kind: string }[];
  corpora: {
    id: string;
    /** Wall time of each timed pass, in order. */
    pass_wall_s: number[];
    spans: OutputSpanLite[][];
    /** Documents whose spans in a later pass differed from the first pass's (0 for a deterministic system). */
    unstable_documents: number;
  }[];
}

export type SystemRunProgress = { phase: "setup" | "warmup" | "run"; corpus: string; done: number; total: number; pass?: number };

export interface SystemRunHooks {
  /**
   * Work of the battery's own (scoring the previous system) done while this system starts; its timed passes begin
   * only after it returned, so they never share the machine with it.
   */
  whileStarting?: () => void | Promise<void>;
  /** Called after set-up and warm-up; the timed passes start when it resolves. */
  beforeTimed?: () => Promise<void>;
}

async function* indexed(documents: readonly Document[]): AsyncGenerator<IndexedDocument> {
  for (let index = 0; index < documents.length; index++) yield { document: documents[index], index };
}

/** The timed pass: every document through the stack and into an output file, in input order. */
async function timedPass(runner: StackRunner, inputs: readonly Document[], outputFile: string, progress: (done: number) => void) {
  const out = createWriteStream(outputFile, { flags: "wx" });
  // A write failure (disk full) is reported through `once`; after a failure of the stack, writes still queued when
  // the stream is destroyed must not surface as an unhandled 'error' event.
  out.on("error", () => {});
  const spans: OutputSpanLite[][] = [];
  const started = performance.now();
  try {
    let i = 0;
    for await (const record of runner.run(indexed(inputs))) {
      if (record.document_id !== inputs[i].document_id) {
        throw new DeidError("E_TRANSFORM", "the stack returned documents out of order", { documentIndex: i });
      }
      if (!out.write(JSON.stringify(record) + "\n")) await once(out, "drain");
      spans.push(record.spans.map((s) => ({ begin: s.begin as number, end: s.end as number, label: s.label as string })));
      progress(++i);
    }
    out.end();
    await once(out, "finish");
  } catch (err) {
    out.destroy();
    throw err;
  }
  return { wall_s: (performance.now() - started) / 1000, spans };
}

/** Runs one system over every corpus; any failure rejects (the caller names the system and corpus). */
export async function runSystem(
  requested: SystemRunRequest | Promise<SystemRunRequest>,
  progress: (p: SystemRunProgress) => void = () => {},
  hooks: SystemRunHooks = {},
): Promise<SystemRunResult> {
  const request = await requested;
  await hooks.whileStarting?.();
  const first = request.corpora[0];
  progress({ phase: "setup", corpus: first.id, done: 0, total: first.inputs.length });
  const setupStart = performance.now();
  const runner = await StackRunner.create(request.stack);
  const setup_s = (performance.now() - setupStart) / 1000;
  try {
    const warmN = Math.min(request.warmup, first.inputs.length);
    progress({ phase: "warmup", corpus: first.id, done: 0, total: warmN });
    const warmStart = performance.now();
    for await (const _ of runner.run(indexed(first.inputs.slice(0, warmN)))) void _;
    const warmup_s = (performance.now() - warmStart) / 1000;
    await hooks.beforeTimed?.();
    const corpora: SystemRunResult["corpora"] = [];
    for (const [c, corpus] of request.corpora.entries()) {
      const total = corpus.inputs.length;
      const file = join(request.workDir, `${request.filePrefix}-${c}.jsonl`);
      const pass_wall_s: number[] = [];
      let spans: OutputSpanLite[][] = [];
      let unstable = new Set<number>();
      for (let p = 1; p <= Math.max(1, corpus.passes ?? 1); p++) {
        progress({ phase: "run", corpus: corpus.id, done: 0, total, pass: p });
        try {
          const pass = await timedPass(runner, corpus.inputs, file, (done) => progress({ phase: "run", corpus: corpus.id, done, total, pass: p }));
          pass_wall_s.push(pass.wall_s);
          if (p === 1) spans = pass.spans;
          else unstable = new Set([...unstable, ...differingDocuments(spans, pass.spans)]);
        } catch (err) {
          throw new CorpusFailure(corpus.id, err);
        } finally {
          await rm(file, { force: true });
        }
      }
      corpora.push({ id: corpus.id, pass_wall_s, spans, unstable_documents: unstable.size });
    }
    return { setup_s, warmup_s, detectors: runner.detectorInfo, corpora };
  } finally {
    await runner.close();
  }
}

/** Indices of the documents whose spans differ between two passes. */
export function differingDocuments(a: readonly OutputSpanLite[][], b: readonly OutputSpanLite[][]): number[] {
  const key = (spans: readonly OutputSpanLite[]) => spans.map((s) => `${s.begin}:${s.end}:${s.label}`).join(",");
  const out: number[] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) if (key(a[i] ?? []) !== key(b[i] ?? [])) out.push(i);
  return out;
}

/** A failure during one corpus' timed pass (set-up and warm-up failures belong to the first corpus). */
export class CorpusFailure extends Error {
  constructor(
    readonly corpus: string,
    readonly failure: unknown,
  ) {
    super("corpus failed");
  }
}
