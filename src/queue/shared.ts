// A distributed run's folder on the shared path, and its Redis connection. The folder holds everything with text
// (shard inputs and outputs); Redis holds only job ids, paths, hashes and counts.
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { open, readFile, rename } from "node:fs/promises";
import { join } from "node:path";
import { DeidError } from "../contract/index.js";

export const RUN_FORMAT = "deidstack.queue-run.v1";
export const SHARD_DONE_FORMAT = "deidstack.queue-shard.v1";
export const DEFAULT_QUEUE = "deidstack-shards";

export interface ShardInfo {
  id: string;
  /** Shard input, relative to the run folder. */
  file: string;
  documents: number;
  /** Index of the shard's first document in the whole input (0-based). */
  first_index: number;
  /** Line of the shard's first line in the whole input (1-based). */
  first_line: number;
  sha256: string;
}

export interface RunFile {
  format: typeof RUN_FORMAT;
  run_id: string;
  queue: string;
  input: { path: string; sha256: string; documents: number };
  /** The stack as given (a preset name or an absolute path every worker host can read) and its sha256. */
  stack: { ref: string; name: string; sha256: string };
  max_document_bytes: number;
  shards: ShardInfo[];
  created: string;
}

export interface ShardDone {
  format: typeof SHARD_DONE_FORMAT;
  run_id: string;
  shard: string;
  documents_written: number;
  documents_quarantined: number;
  quarantine_by_code: Record<string, number>;
  output_sha256: string;
  quarantine_sha256: string;
}

/** The job a shard becomes in BullMQ: paths and hashes only, never text. */
export interface ShardJobData {
  run_id: string;
  dir: string;
  shard: number;
}

export const runFilePath = (dir: string) => join(dir, "run.json");
export const shardOutput = (dir: string, id: string) => join(dir, "out", `${id}.jsonl`);
export const shardQuarantine = (dir: string, id: string) => join(dir, "out", `${id}.quarantine.jsonl`);
export const shardDonePath = (dir: string, id: string) => join(dir, "out", `${id}.done.json`);
export const jobIdOf = (runId: string, shardId: string) => `${runId}.${shardId}`;

export async function readRunFile(dir: string): Promise<RunFile> {
  let raw: string;
  try {
    raw = await readFile(runFilePath(dir), "utf8");
  } catch {
    throw new DeidError("E_CONFIG", `no queue run in ${dir} (run.json missing): submit one first`);
  }
  const run = JSON.parse(raw) as RunFile;
  if (run.format !== RUN_FORMAT) throw new DeidError("E_CONFIG", `${runFilePath(dir)} is not a ${RUN_FORMAT} file`);
  return run;
}

export async function readShardDone(dir: string, id: string): Promise<ShardDone | null> {
  try {
    return JSON.parse(await readFile(shardDonePath(dir, id), "utf8")) as ShardDone;
  } catch {
    return null;
  }
}

/** Writes a small file atomically (temp file, fsync, rename), mode 600. */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  const tmp = `${path}.${process.pid}.tmp`;
  const h = await open(tmp, "w", 0o600);
  try {
    await h.writeFile(text);
    await h.sync();
  } finally {
    await h.close();
  }
  await rename(tmp, path);
}

export async function sha256File(path: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** BullMQ connection options from redis://[user:password@]host[:port][/db]. */
export function redisConnection(url: string): { host: string; port: number; username?: string; password?: string; db?: number; maxRetriesPerRequest: null } {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new DeidError("E_CONFIG", `--redis must be a URL such as redis://127.0.0.1:6379, not "${url}"`);
  }
  if (u.protocol !== "redis:") throw new DeidError("E_CONFIG", `--redis must be a redis:// URL`);
  const db = u.pathname.length > 1 ? Number(u.pathname.slice(1)) : undefined;
  return {
    host: u.hostname || "127.0.0.1",
    port: u.port ? Number(u.port) : 6379,
    ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    ...(db !== undefined && Number.isInteger(db) ? { db } : {}),
    maxRetriesPerRequest: null,
  };
}
