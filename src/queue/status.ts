// `deidstack queue status` and `queue collect`: progress of a distributed run, and its output once every shard is
// done: shards concatenated in input order, quarantine lists merged with indices and lines of the whole input.
import { createReadStream } from "node:fs";
import { open, rename } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { Queue } from "bullmq";
import { DeidError, readUtf8Lines } from "../contract/index.js";
import { quarantineLimit } from "../batch/run-batch.js";
import { jobIdOf, readRunFile, readShardDone, redisConnection, sha256File, shardOutput, shardQuarantine, type RunFile, type ShardDone } from "./shared.js";

export interface QueueStatus {
  run_id: string;
  shards: { total: number; completed: number; active: number; waiting: number; delayed: number; failed: number; unknown: number };
  documents: { total: number; done: number; quarantined: number };
  /** Shards that failed for good, with BullMQ's reason (deidstack's codes only). */
  failures: { shard: string; reason: string }[];
}

async function withQueue<T>(redis: string, run: RunFile, work: (q: Queue) => Promise<T>): Promise<T> {
  const q = new Queue(run.queue, { connection: redisConnection(redis) });
  try {
    return await work(q);
  } finally {
    await q.close();
  }
}

export async function queueStatus(opts: { redis: string; shared: string }): Promise<QueueStatus> {
  const dir = resolve(opts.shared);
  const run = await readRunFile(dir);
  const st: QueueStatus = {
    run_id: run.run_id,
    shards: { total: run.shards.length, completed: 0, active: 0, waiting: 0, delayed: 0, failed: 0, unknown: 0 },
    documents: { total: run.input.documents, done: 0, quarantined: 0 },
    failures: [],
  };
  await withQueue(opts.redis, run, async (q) => {
    for (const s of run.shards) {
      const job = await q.getJob(jobIdOf(run.run_id, s.id));
      const state = job ? await job.getState() : "unknown";
      if (state === "completed") st.shards.completed++;
      else if (state === "active") st.shards.active++;
      else if (state === "waiting" || state === "waiting-children" || state === "prioritized") st.shards.waiting++;
      else if (state === "delayed") st.shards.delayed++;
      else if (state === "failed") {
        st.shards.failed++;
        st.failures.push({ shard: s.id, reason: job?.failedReason ?? "" });
      } else st.shards.unknown++;
      const done = await readShardDone(dir, s.id);
      if (done) {
        st.documents.done += done.documents_written + done.documents_quarantined;
        st.documents.quarantined += done.documents_quarantined;
      }
    }
  });
  return st;
}

export function formatStatus(s: QueueStatus): string {
  const sh = s.shards;
  const lines = [
    `run ${s.run_id}: ${sh.completed}/${sh.total} shards done (${sh.active} active, ${sh.waiting} waiting, ${sh.delayed} retrying later, ${sh.failed} failed)`,
    `documents: ${s.documents.done}/${s.documents.total} done, ${s.documents.quarantined} quarantined`,
  ];
  for (const f of s.failures) lines.push(`failed: ${f.shard}: ${f.reason}`);
  return lines.join("\n");
}

export interface CollectSummary {
  run_id: string;
  output: string;
  quarantine_file: string;
  documents_written: number;
  documents_quarantined: number;
  quarantine_by_code: Record<string, number>;
}

/** Writes the run's output only when every shard is complete and its files match their done records. */
export async function queueCollect(opts: { redis: string; shared: string; output: string; maxQuarantine?: string }): Promise<CollectSummary> {
  const dir = resolve(opts.shared);
  const output = resolve(opts.output);
  const run = await readRunFile(dir);
  const st = await queueStatus(opts);
  if (st.shards.completed !== st.shards.total) {
    throw new DeidError("E_QUEUE_INCOMPLETE", `${st.shards.completed} of ${st.shards.total} shards are done; collect when all are (deidstack queue status)`);
  }
  const dones: ShardDone[] = [];
  for (const s of run.shards) {
    const done = await readShardDone(dir, s.id);
    if (!done) throw new DeidError("E_QUEUE_INCOMPLETE", `shard ${s.id} is completed in Redis but its done file is missing on the shared path`);
    if ((await sha256File(shardOutput(dir, s.id))) !== done.output_sha256 || (await sha256File(shardQuarantine(dir, s.id))) !== done.quarantine_sha256) {
      throw new DeidError("E_QUEUE_INCOMPLETE", `shard ${s.id}'s files do not match its done record (sha256)`);
    }
    dones.push(done);
  }
  const quarantined = dones.reduce((n, d) => n + d.documents_quarantined, 0);
  const spec = opts.maxQuarantine ?? "1%";
  const limit = quarantineLimit(spec, run.input.documents);
  if (quarantined > limit) {
    throw new DeidError("E_QUARANTINE_LIMIT", `${quarantined} of ${run.input.documents} documents quarantined, more than --max-quarantine ${spec} allows (${limit}); nothing written`);
  }
  const byCode: Record<string, number> = {};
  for (const d of dones) for (const [c, n] of Object.entries(d.quarantine_by_code)) byCode[c] = (byCode[c] ?? 0) + n;
  const tmpOut = `${dirname(output)}/.${run.run_id}.${process.pid}.out.tmp`;
  const tmpQ = `${tmpOut}.quarantine`;
  const out = await open(tmpOut, "wx", 0o600);
  const qout = await open(tmpQ, "wx", 0o600);
  try {
    for (const [k, s] of run.shards.entries()) {
      for await (const chunk of createReadStream(shardOutput(dir, s.id))) await out.write(chunk as Buffer);
      void k;
      for await (const { text } of readUtf8Lines(shardQuarantine(dir, s.id))) {
        const e = JSON.parse(text) as { index: number; line?: number };
        e.index += s.first_index;
        if (e.line !== undefined) e.line += s.first_line - 1;
        await qout.write(JSON.stringify(e) + "\n");
      }
    }
    await out.sync();
    await qout.sync();
    await out.close();
    await qout.close();
    await rename(tmpQ, `${output}.quarantine.jsonl`);
    await rename(tmpOut, output);
    // What is left of attempts by workers that died mid-shard (mode 700, never read again).
    const { rm } = await import("node:fs/promises");
    await rm(join(dir, "out", "tmp"), { recursive: true, force: true });
  } catch (err) {
    await out.close().catch(() => undefined);
    await qout.close().catch(() => undefined);
    const { rm } = await import("node:fs/promises");
    await rm(tmpOut, { force: true });
    await rm(tmpQ, { force: true });
    throw err;
  }
  return {
    run_id: run.run_id,
    output,
    quarantine_file: `${output}.quarantine.jsonl`,
    documents_written: run.input.documents - quarantined,
    documents_quarantined: quarantined,
    quarantine_by_code: byCode,
  };
}
