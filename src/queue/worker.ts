// `deidstack worker`: takes shard jobs from BullMQ and runs each through the local worker-thread pool, writing the
// shard's output and quarantine list on the shared path. Idempotent by shard id: a shard whose done file exists is
// not run again, and outputs appear by atomic rename, so a job that runs twice (a worker killed mid-shard, its job
// recovered as stalled by another) leaves exactly one copy. Failures are retried by BullMQ (attempts, backoff).
import { hostname } from "node:os";
import { rename, rm } from "node:fs/promises";
import { join } from "node:path";
import { Worker, type Job } from "bullmq";
import { DeidError } from "../contract/index.js";
import type { OutcomeSource } from "../batch/source.js";
import { runBatch } from "../batch/run-batch.js";
import { loadStack, type LoadedStack } from "../stack/index.js";
import {
  DEFAULT_QUEUE,
  SHARD_DONE_FORMAT,
  readRunFile,
  readShardDone,
  redisConnection,
  sha256File,
  shardDonePath,
  shardOutput,
  shardQuarantine,
  writeFileAtomic,
  type ShardDone,
  type ShardJobData,
} from "./shared.js";

export interface WorkerOptions {
  redis: string;
  queue?: string;
  /** Local worker threads per shard (default: one per core). */
  workers: number;
  concurrency?: number;
  /** BullMQ lock duration: a job whose worker stops renewing it is recovered as stalled after about this long. */
  lockMs?: number;
  /** Stops taking jobs; the one in progress is abandoned (it is recovered as stalled elsewhere). */
  signal?: AbortSignal;
  /** Told of each shard done (counts only). */
  onShard?: (done: ShardDone) => void;
}

interface CachedPool {
  key: string;
  source: OutcomeSource;
}

export async function queueWorker(opts: WorkerOptions): Promise<{ shards: number }> {
  const connection = redisConnection(opts.redis);
  let pool: CachedPool | null = null;
  let shards = 0;

  const poolFor = async (runId: string, stack: LoadedStack): Promise<OutcomeSource> => {
    const key = `${runId}:${stack.sha256}`;
    if (pool?.key === key) return pool.source;
    if (pool) await pool.source.close(stack.config.timeouts.detector_ms).catch(() => undefined);
    pool = null;
    const { WorkerPoolSource } = await import("../batch/pool.js");
    const source = await WorkerPoolSource.create(stack, { workers: opts.workers, concurrency: opts.concurrency, provenanceExtra: { queue_run: runId } });
    pool = { key, source };
    return source;
  };

  const processShard = async (job: Job<ShardJobData>): Promise<ShardDone> => {
    const { dir, run_id, shard } = job.data;
    const run = await readRunFile(dir);
    if (run.run_id !== run_id) throw new DeidError("E_CONFIG", `the run folder holds run ${run.run_id}, not ${run_id}`);
    const info = run.shards[shard];
    const existing = await readShardDone(dir, info.id);
    if (existing) return existing; // idempotent: done before (maybe by a worker that died before it could report)
    const stack = await loadStack(run.stack.ref);
    if (stack.sha256 !== run.stack.sha256) {
      throw new DeidError("E_RESUME_MISMATCH", `the stack ${run.stack.name} on this host differs from the submitted one (sha256)`);
    }
    const source = await poolFor(run_id, stack);
    const tmp = join(dir, "out", "tmp", `${info.id}.${hostname()}.${process.pid}.${job.attemptsMade}.jsonl`);
    try {
      const summary = await runBatch({
        stack,
        input: join(dir, info.file),
        output: tmp,
        workers: opts.workers,
        maxQuarantine: "100%",
        maxDocumentBytes: run.max_document_bytes,
        source,
        provenanceExtra: { queue_run: run_id },
      });
      if (summary.input.sha256 !== info.sha256) throw new DeidError("E_RESUME_MISMATCH", `shard ${info.id} changed on the shared path since it was submitted`);
      const done: ShardDone = {
        format: SHARD_DONE_FORMAT,
        run_id,
        shard: info.id,
        documents_written: summary.documents_written,
        documents_quarantined: summary.documents_quarantined,
        quarantine_by_code: summary.quarantine_by_code,
        output_sha256: await sha256File(summary.output),
        quarantine_sha256: await sha256File(summary.quarantine_file),
      };
      await rename(summary.quarantine_file, shardQuarantine(dir, info.id));
      await rename(summary.output, shardOutput(dir, info.id));
      await writeFileAtomic(shardDonePath(dir, info.id), JSON.stringify(done, null, 2) + "\n");
      shards++;
      opts.onShard?.(done);
      return done;
    } catch (err) {
      await rm(tmp, { force: true });
      await rm(`${tmp}.quarantine.jsonl`, { force: true });
      await rm(`${tmp}.partial`, { recursive: true, force: true });
      if (pool) {
        // A failed shard may have left documents in the pool: start the next one on a fresh pool.
        await pool.source.abort();
        pool = null;
      }
      // BullMQ keeps the message as the job's failedReason: deidstack's own words only (codes, ids, counts).
      throw err instanceof DeidError ? new Error(`${err.code}: ${err.message}`) : new Error("E_INTERNAL: shard failed");
    }
  };

  const lockDuration = opts.lockMs ?? 30_000;
  const worker = new Worker<ShardJobData, ShardDone>(opts.queue ?? DEFAULT_QUEUE, processShard, {
    connection,
    concurrency: 1,
    lockDuration,
    stalledInterval: Math.max(1000, Math.floor(lockDuration / 2)),
    maxStalledCount: 3,
    autorun: true,
  });
  worker.on("error", () => undefined); // connection errors are retried by ioredis; nothing with text to print
  await new Promise<void>((resolveStop) => {
    if (opts.signal?.aborted) resolveStop();
    opts.signal?.addEventListener("abort", () => resolveStop(), { once: true });
  });
  await worker.close(true);
  const p = pool as CachedPool | null;
  if (p) await p.source.abort();
  return { shards };
}
