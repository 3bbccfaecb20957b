// `deidstack run`: stream documents through a stack into committed output; documents that fail are quarantined.
import { open } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { runBatch, type BatchProgress, type BatchSummary } from "../../batch/run-batch.js";
import { DeidError, type InputEncoding } from "../../contract/index.js";
import { prepareOutput, spoolStdin, type OutputFormat } from "./run-output.js";
// The stack modules one by one (not stack/index.js): the main thread of a pooled run never loads the detectors.
import { loadStack, type LoadedStack } from "../../stack/config.js";
import { chooseStack, type StackChoice } from "../../stack/preset-family.js";

export interface RunOptions {
  /** Stack preset or file; when absent, the default preset family's member for `lang` or the documents' language. */
  stack?: string;
  lang?: string;
  input: string;
  /** A directory input: read the .txt files of its sub-folders too. */
  recursive?: boolean;
  /** Character encoding of the input (default utf-8). */
  encoding?: InputEncoding;
  /** A JSONL file (or `-`: standard output), or a folder for `txt` and `brat`. */
  output: string;
  /** jsonl (default): one record per document; txt: one de-identified `.txt` per document; brat: `.txt` + `.ann`. */
  outputFormat?: OutputFormat;
  /** Where `-` reads and writes (tests). */
  stdin?: NodeJS.ReadableStream;
  stdout?: NodeJS.WritableStream;
  stderr?: NodeJS.WritableStream;
  /** Documents in flight per worker. */
  concurrency?: number;
  /** Worker threads (default: see autoWorkerCount in src/batch/run-batch.ts); 0 runs the stack in this thread. */
  workers?: number;
  onError?: "quarantine" | "abort";
  maxQuarantine?: string;
  maxDocumentBytes?: number;
  resume?: boolean;
  checkpointEvery?: number;
  summaryJson?: string;
  interrupt?: AbortSignal;
  onProgress?: (p: BatchProgress) => void;
}

/** Exit codes of `run` (documented in the README). */
export const RUN_EXIT = { ok: 0, aborted: 1, config: 2, quarantined: 3 } as const;

export function defaultWorkers(): number {
  return availableParallelism();
}

export type RunSummary = BatchSummary & {
  /** How the stack was chosen (language tags and counts only). */
  stack_choice: StackChoice;
};

export async function runCommand(opts: RunOptions): Promise<RunSummary> {
  // `-`: JSONL from standard input, spooled to a private file for the run's two reads (removed at the end).
  const spooled = opts.input === "-" ? await spoolStdin(opts.stdin) : undefined;
  try {
    return await runFrom(spooled?.path ?? opts.input, opts);
  } finally {
    await spooled?.remove();
  }
}

async function runFrom(input: string, opts: RunOptions): Promise<RunSummary> {
  const stackChoice = await chooseStack({ stack: opts.stack, lang: opts.lang, input });
  const stack = await loadStack(stackChoice.stack);
  const workers = opts.workers ?? "auto";
  const out = await prepareOutput({ output: opts.output, format: opts.outputFormat ?? "jsonl", input, resume: opts.resume, stdout: opts.stdout, stderr: opts.stderr });
  let batch: BatchSummary;
  try {
    batch = await runOutputBatch(input, out.batchOutput, stack, workers, opts);
  } catch (err) {
    await out.discard();
    if (opts.output === "-" && err instanceof DeidError && err.code === "E_INTERRUPTED") {
      throw new DeidError("E_INTERRUPTED", "stopped by a signal; a run to standard output keeps no partial run: nothing was written", err.context);
    }
    throw err;
  }
  const files = await out.finish({ output: batch.output, quarantine: batch.quarantine_file });
  const result: RunSummary = { ...batch, output: files.output, quarantine_file: files.quarantine, stack_choice: stackChoice };
  if (opts.summaryJson) await writeSummary(opts.summaryJson, result);
  return result;
}

function runOutputBatch(input: string, output: string, stack: LoadedStack, workers: number | "auto", opts: RunOptions): Promise<BatchSummary> {
  return runBatch({
    stack,
    input,
    inputOptions: { recursive: opts.recursive, encoding: opts.encoding },
    output,
    workers,
    concurrency: opts.concurrency,
    onError: opts.onError,
    maxQuarantine: opts.maxQuarantine,
    maxDocumentBytes: opts.maxDocumentBytes,
    resume: opts.resume,
    commitEvery: opts.checkpointEvery ? { documents: opts.checkpointEvery, ms: 5000 } : undefined,
    interrupt: opts.interrupt,
    onProgress: opts.onProgress,
    createPool: async (s, o) => {
      const { WorkerPoolSource } = await import("../../batch/pool.js");
      return WorkerPoolSource.create(s, o);
    },
  });
}

async function writeSummary(path: string, summary: RunSummary): Promise<void> {
  const h = await open(path, "w", 0o600);
  try {
    await h.writeFile(JSON.stringify(summary, null, 2) + "\n");
  } finally {
    await h.close();
  }
}
