// `deidstack run`: stream documents through a stack into committed output; documents that fail are quarantined.
import { open } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { runBatch, type BatchProgress, type BatchSummary } from "../../batch/run-batch.js";
// The stack modules one by one (not stack/index.js): the main thread of a pooled run never loads the detectors.
import { loadStack } from "../../stack/config.js";
import { chooseStack, type StackChoice } from "../../stack/preset-family.js";

export interface RunOptions {
  /** Stack preset or file; when absent, the default preset family's member for `lang` or the documents' language. */
  stack?: string;
  lang?: string;
  input: string;
  output: string;
  /** Documents in flight per worker. */
  concurrency?: number;
  /** Worker threads (default: one per core, at most one per 200 documents); 0 runs the stack in this thread. */
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
  const stackChoice = await chooseStack({ stack: opts.stack, lang: opts.lang, input: opts.input });
  const stack = await loadStack(stackChoice.stack);
  const workers = opts.workers ?? "auto";
  const summary = await runBatch({
    stack,
    input: opts.input,
    output: opts.output,
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
  const result: RunSummary = { ...summary, stack_choice: stackChoice };
  if (opts.summaryJson) await writeSummary(opts.summaryJson, result);
  return result;
}

async function writeSummary(path: string, summary: RunSummary): Promise<void> {
  const h = await open(path, "w", 0o600);
  try {
    await h.writeFile(JSON.stringify(summary, null, 2) + "\n");
  } finally {
    await h.close();
  }
}
