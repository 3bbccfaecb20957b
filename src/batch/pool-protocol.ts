// Messages between the pool (main thread) and its worker threads. Documents go in; outcomes, counters and
// errors (codes and deidstack's own reasons only) come out.
import type { IndexedDocument, SharedFile } from "../contract/index.js";
import type { DocumentOutcome } from "../stack/index.js";
import type { RawLineItem } from "./input-items.js";

/** Heartbeat slots (Int32Array over a SharedArrayBuffer): last tick (ms since clockBase), and the document index
 * + 1 and detector ordinal of a detector call that is running its synchronous part (0 when none). */
export const HB_TICK = 0;
export const HB_DOCUMENT = 1;
export const HB_DETECTOR = 2;
export const HB_SLOTS = 3;

export interface PoolWorkerData {
  stackPath: string;
  stackSha256: string;
  concurrency?: number;
  provenanceExtra?: Record<string, unknown>;
  heartbeat: SharedArrayBuffer;
  clockBase: number;
  /** Read-only files (compiled lexicon indexes) that workers started earlier hold in shared memory. */
  sharedFiles: SharedFile[];
}

export interface WireError {
  code: string;
  reason: string;
  context: Record<string, unknown>;
}

/** A document for a worker: parsed already, or its JSONL line for the worker to read (a view into shared memory:
 * the line's bytes are not copied to reach the worker). */
export type WireItem = { seq: number; item: IndexedDocument | RawLineItem };

/** A document's outcome: its record serialised by the worker as a JSONL line (`at`, `length`: its UTF-8 bytes,
 * newline included, in the message's `records` buffer, which is transferred, not copied; the CLI thread writes
 * those bytes as they are), a quarantine entry, or the error its line raised; `documentId` for the duplicate-id
 * check of raw lines. */
export type WireOutcome = (
  | { index: number; at: number; length: number; spans: number }
  | Extract<DocumentOutcome, { quarantine: unknown }>
  | { index: number; runError: WireError }
) & { documentId?: string; line?: number };

/** A worker's CPU account (its own thread only, from the system; null where it does not say). */
export interface WorkerCpu {
  /** Before its first document: loading deidstack's code and creating the detectors. */
  startup_cpu_s: number | null;
  /** Documents finished so far. */
  documents: number;
  /** The first `first_documents` of them (JIT warm-up), and the CPU they took. */
  first_documents: number;
  first_cpu_s: number | null;
  /** Every document so far, warm-up included (from its first document to now). */
  cpu_s: number | null;
  /**
   * The collector's pauses of this thread since its first document, by kind (young generation: scavenges; old
   * generation: mark-compacts, their incremental steps and weak callbacks), count and wall milliseconds.
   */
  gc: { scavenges: number; scavenge_ms: number; major: number; major_ms: number };
}

export type ToWorker =
  | { type: "documents"; items: WireItem[] }
  | { type: "stats" }
  | { type: "close"; timeoutMs: number };

export type ToMain =
  | { type: "started" }
  | { type: "ready"; provenance: Record<string, unknown>; kinds: string[] }
  | { type: "init-error"; error: WireError }
  | { type: "detector-id"; ordinal: number; id: string }
  | { type: "shared-file"; file: SharedFile }
  | { type: "outcomes"; items: { seq: number; outcome: WireOutcome }[]; records: ArrayBuffer | null }
  | { type: "stats"; stats: Record<string, object>; cpu: WorkerCpu }
  | { type: "closed"; error?: WireError };
