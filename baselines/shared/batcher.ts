// Gathers single-document requests into batches so that a tool that is slow to start runs once per batch, not
// once per document. A batch fails as a whole: every document in it gets the error (fail closed).
import pLimit from "p-limit";
import { DeidError } from "../../src/contract/index.js";

export interface BatcherOptions {
  /** Most documents in one batch. */
  batchSize: number;
  /** How long the first request of a batch waits for others before the batch starts anyway. */
  lingerMs: number;
  /** Batches run at once. */
  parallelBatches: number;
}

interface Pending<I, O> {
  item: I;
  key: string;
  signal: AbortSignal;
  resolve: (o: O) => void;
  reject: (e: unknown) => void;
  onAbort: () => void;
}

export type BatchProcessor<I, O> = (items: readonly I[], signal: AbortSignal) => Promise<O[]>;

export class MicroBatcher<I, O> {
  private pending: Pending<I, O>[] = [];
  private timer: NodeJS.Timeout | undefined;
  private readonly limit;

  constructor(
    private readonly processBatch: BatchProcessor<I, O>,
    private readonly options: BatcherOptions,
    /** Two requests with the same key never share a batch (tools answer by document id). */
    private readonly keyOf: (item: I) => string,
  ) {
    this.limit = pLimit(options.parallelBatches);
  }

  submit(item: I, signal: AbortSignal): Promise<O> {
    if (signal.aborted) return Promise.reject(cancelled());
    return new Promise<O>((resolve, reject) => {
      const key = this.keyOf(item);
      if (this.pending.some((p) => p.key === key)) this.flush();
      const entry: Pending<I, O> = {
        item,
        key,
        signal,
        resolve,
        reject,
        onAbort: () => {
          // Still waiting: leave the batch quietly. Once running, the batch signal handles it.
          const i = this.pending.indexOf(entry);
          if (i >= 0) {
            this.pending.splice(i, 1);
            reject(cancelled());
          }
        },
      };
      signal.addEventListener("abort", entry.onAbort, { once: true });
      this.pending.push(entry);
      if (this.pending.length >= this.options.batchSize) this.flush();
      else if (!this.timer) this.timer = setTimeout(() => this.flush(), this.options.lingerMs);
    });
  }

  /** Starts the pending requests as one batch now. */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    void this.limit(() => this.runBatch(batch));
  }

  private async runBatch(batch: Pending<I, O>[]): Promise<void> {
    const controller = new AbortController();
    const live = batch.filter((p) => {
      p.signal.removeEventListener("abort", p.onAbort);
      if (p.signal.aborted) p.reject(cancelled());
      return !p.signal.aborted;
    });
    if (live.length === 0) return;
    const abortBatch = () => controller.abort();
    for (const p of live) p.signal.addEventListener("abort", abortBatch, { once: true });
    try {
      const results = await this.processBatch(
        live.map((p) => p.item),
        controller.signal,
      );
      if (results.length !== live.length) throw new DeidError("E_DETECTOR_FAILED", `batch returned ${results.length} results for ${live.length} documents`);
      live.forEach((p, i) => p.resolve(results[i]));
    } catch (err) {
      for (const p of live) p.reject(err);
    } finally {
      for (const p of live) p.signal.removeEventListener("abort", abortBatch);
    }
  }
}

function cancelled(): DeidError {
  return new DeidError("E_DETECTOR_FAILED", "cancelled before the tool answered");
}
