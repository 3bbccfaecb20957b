// Where a batch run's outcomes come from: a StackRunner in this thread, or a pool of worker threads
// (pool.ts). Both yield one outcome per document in input order.
import { DeidError, type IndexedDocument } from "../contract/index.js";
import { StackRunner, type DocumentOutcome, type LoadedStack, type RunnerOptions } from "../stack/index.js";
import type { RunOutcome, SourceItem } from "./input-items.js";
import type { WorkerCpu } from "./pool-protocol.js";

/** What a source's threads spent and what crossed between them (counts and bytes only). */
export interface SourceAccounts {
  /** Each live worker's CPU account (a worker that died and was replaced takes its account with it). */
  workers: WorkerCpu[];
  /** Documents go in batches; a JSONL line travels in shared memory (its bytes are not copied). */
  to_workers: { messages: number; documents: number; line_bytes: number };
  /** Records come back as UTF-8 bytes in a transferred buffer (not copied). */
  from_workers: { messages: number; record_bytes: number };
}

export interface OutcomeSource {
  /** The provenance every record carries (for the checkpoint's identity). */
  readonly provenance: Record<string, unknown>;
  /** True when it may be fed a JSONL input's lines unparsed (RawLineItem: the pool's workers read them). */
  readonly readsRawLines?: boolean;
  /** Worker threads (worker pools only). */
  readonly workerCount?: number;
  /** Only IndexedDocument items unless readsRawLines. */
  outcomes(input: AsyncIterable<SourceItem>): AsyncIterable<RunOutcome>;
  /** Detector counters (counts only). */
  stats(): Promise<Record<string, object>>;
  /** Threads' CPU and traffic between them, as of the last stats() (worker pools only). */
  accounts?(): SourceAccounts;
  /** Closes every detector; a close that throws or hangs is an error naming the detector. */
  close(timeoutMs: number): Promise<void>;
  /** Stops at once: in-flight documents are dropped (their outcomes are never yielded). */
  abort(): Promise<void>;
}

/** Rejects with E_DETECTOR_TIMEOUT (phase create) when `work` does not settle in time. */
export async function withCreateTimeout<T>(work: Promise<T>, timeoutMs: number, onLate: (value: T) => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let late = false;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          late = true;
          reject(new DeidError("E_DETECTOR_TIMEOUT", `the stack's detectors were not ready within ${timeoutMs} ms`, { phase: "create" }));
        }, timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
    if (late) work.then(onLate, () => undefined);
  }
}

/** Documents in this thread (`--workers 0`): no isolation, a CPU-bound detector cannot be stopped by a timeout. */
export class InProcessSource implements OutcomeSource {
  private readonly controller = new AbortController();

  private constructor(private readonly runner: StackRunner) {}

  static async create(stack: LoadedStack, opts: RunnerOptions): Promise<InProcessSource> {
    const runner = await withCreateTimeout(StackRunner.create(stack, opts), stack.config.timeouts.detector_ms, (r) => void r.close());
    return new InProcessSource(runner);
  }

  get provenance(): Record<string, unknown> {
    return this.runner.provenance();
  }

  outcomes(input: AsyncIterable<SourceItem>): AsyncIterable<DocumentOutcome> {
    return this.runner.runOutcomes(input as AsyncIterable<IndexedDocument>, this.controller.signal);
  }

  async stats(): Promise<Record<string, object>> {
    return this.runner.stats();
  }

  close(timeoutMs: number): Promise<void> {
    return this.runner.closeChecked(timeoutMs);
  }

  async abort(): Promise<void> {
    this.controller.abort();
    // Not awaited: a close() that hangs must not hold the way out.
    void this.runner.close();
  }
}
