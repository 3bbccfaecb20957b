// `deidstack queue submit`: checks the input (as `run` would), splits it into shards of N documents on the shared
// path and adds one BullMQ job per shard, idempotent by shard id (job id = run id + shard id).
import { createHash, randomBytes } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import { mkdir, open } from "node:fs/promises";
import { join, resolve } from "node:path";
import { Queue } from "bullmq";
import { DeidError, readRunInput } from "../contract/index.js";
import { DEFAULT_MAX_DOCUMENT_BYTES } from "../batch/run-batch.js";
import { loadStack } from "../stack/index.js";
import { DEFAULT_QUEUE, RUN_FORMAT, jobIdOf, redisConnection, runFilePath, writeFileAtomic, type RunFile, type ShardInfo, type ShardJobData } from "./shared.js";

export interface SubmitOptions {
  redis: string;
  stack: string;
  shared: string;
  input: string;
  shardSize?: number;
  queue?: string;
  maxDocumentBytes?: number;
  /** Tries per shard before it is failed (BullMQ attempts). */
  attempts?: number;
}

const BLANK = new Uint8Array(256);
for (const b of [0x20, 0x09, 0x0d, 0x0b, 0x0c]) BLANK[b] = 1;

/** Copies the input's lines into shard files of `size` documents each (blank lines kept, so line numbers map). */
async function splitIntoShards(input: string, dir: string, size: number): Promise<{ shards: ShardInfo[]; sha256: string; documents: number }> {
  const shards: ShardInfo[] = [];
  const whole = createHash("sha256");
  let out: Awaited<ReturnType<typeof open>> | null = null;
  let hash = createHash("sha256");
  let current: ShardInfo | null = null;
  let documents = 0;
  let line = 1;
  let lineStart: Buffer[] = [];
  let lineHasContent = false;
  const pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (!out || !pendingBytes) return;
    const buf = Buffer.concat(pending);
    pending.length = 0;
    pendingBytes = 0;
    hash.update(buf);
    await out.write(buf);
  };
  const closeShard = async () => {
    if (!out || !current) return;
    await flush();
    await out.sync();
    await out.close();
    current.sha256 = hash.digest("hex");
    out = null;
  };
  const emit = async (bytes: Buffer) => {
    if (!out) {
      const id = `shard-${String(shards.length + 1).padStart(5, "0")}`;
      current = { id, file: join("shards", `${id}.jsonl`), documents: 0, first_index: documents, first_line: line, sha256: "" };
      shards.push(current);
      out = await open(join(dir, current.file), "wx", 0o600);
      hash = createHash("sha256");
    }
    pending.push(bytes);
    pendingBytes += bytes.length;
    if (pendingBytes >= 1 << 20) await flush();
  };
  const endLine = async (withNewline: boolean) => {
    const bytes = Buffer.concat(withNewline ? [...lineStart, Buffer.from("\n")] : lineStart);
    lineStart = [];
    if (lineHasContent && out && current && current.documents === size) await closeShard();
    if (lineHasContent || out) await emit(bytes);
    if (lineHasContent) {
      current!.documents++;
      documents++;
    }
    lineHasContent = false;
    line++;
  };
  for await (const chunk of createReadStream(input, { highWaterMark: 1 << 20 })) {
    const buf = chunk as Buffer;
    whole.update(buf);
    let from = 0;
    for (let i = 0; i < buf.length; i++) {
      const b = buf[i];
      if (b === 0x0a) {
        lineStart.push(buf.subarray(from, i));
        from = i + 1;
        await endLine(true);
      } else if (!BLANK[b] && !(line === 1 && lineStart.length === 0 && i < 3 && (b === 0xef || b === 0xbb || b === 0xbf))) lineHasContent = true;
    }
    if (from < buf.length) lineStart.push(Buffer.from(buf.subarray(from)));
  }
  if (lineStart.length) await endLine(false);
  await closeShard();
  return { shards, sha256: whole.digest("hex"), documents };
}

export async function queueSubmit(opts: SubmitOptions): Promise<RunFile> {
  const dir = resolve(opts.shared);
  const size = opts.shardSize ?? 1000;
  if (!Number.isInteger(size) || size < 1) throw new DeidError("E_CONFIG", "--shard-size must be a whole number ≥ 1");
  const connection = redisConnection(opts.redis);
  const stack = await loadStack(opts.stack);
  const maxDocumentBytes = opts.maxDocumentBytes ?? DEFAULT_MAX_DOCUMENT_BYTES;
  // The whole input is read once as `run` reads it, so bad input stops here, not in a worker.
  for await (const item of readRunInput(opts.input, { maxDocumentBytes })) void item;
  if (existsSync(runFilePath(dir))) throw new DeidError("E_CONFIG", `${dir} already holds a queue run; give each run its own --shared folder`);
  await mkdir(join(dir, "shards"), { recursive: true, mode: 0o700 });
  await mkdir(join(dir, "out", "tmp"), { recursive: true, mode: 0o700 });
  const split = await splitIntoShards(resolve(opts.input), dir, size);
  const queue = opts.queue ?? DEFAULT_QUEUE;
  const run: RunFile = {
    format: RUN_FORMAT,
    run_id: `run-${new Date().toISOString().slice(0, 10).replaceAll("-", "")}-${randomBytes(4).toString("hex")}`,
    queue,
    input: { path: resolve(opts.input), sha256: split.sha256, documents: split.documents },
    // A preset is named as given; a file by its absolute path, which every worker host must be able to read.
    stack: { ref: existsSync(opts.stack) ? resolve(opts.stack) : opts.stack, name: stack.config.name, sha256: stack.sha256 },
    max_document_bytes: maxDocumentBytes,
    shards: split.shards,
    created: new Date().toISOString(),
  };
  await writeFileAtomic(runFilePath(dir), JSON.stringify(run, null, 2) + "\n");
  const q = new Queue<ShardJobData>(queue, { connection });
  try {
    await q.addBulk(
      run.shards.map((s, k) => ({
        name: "shard",
        data: { run_id: run.run_id, dir, shard: k },
        opts: {
          jobId: jobIdOf(run.run_id, s.id),
          attempts: opts.attempts ?? 3,
          backoff: { type: "exponential", delay: 2000 },
          removeOnComplete: false,
          removeOnFail: false,
        },
      })),
    );
  } finally {
    await q.close();
  }
  return run;
}
