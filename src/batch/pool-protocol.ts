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

/** A document for a worker: parsed already, or its JSONL line for the worker to read. */
export type WireItem = { seq: number; item: IndexedDocument | RawLineItem };

/** A document's outcome: the record serialised by the worker (the CLI thread writes those bytes as they are),
 * a quarantine entry, or the error its line raised; `documentId` for the duplicate-id check of raw lines. */
export type WireOutcome = (
  | { index: number; json: string; spans: number }
  | Extract<DocumentOutcome, { quarantine: unknown }>
  | { index: number; runError: WireError }
) & { documentId?: string; line?: number };

export type ToWorker =
  | { type: "documents"; items: WireItem[] }
  | { type: "stats" }
  | { type: "close"; timeoutMs: number };

export type ToMain =
  | { type: "started" }
  | { type: "ready"; provenance: Record<string, unknown> }
  | { type: "init-error"; error: WireError }
  | { type: "detector-id"; ordinal: number; id: string }
  | { type: "shared-file"; file: SharedFile }
  | { type: "outcomes"; items: { seq: number; outcome: WireOutcome }[] }
  | { type: "stats"; stats: Record<string, object> }
  | { type: "closed"; error?: WireError };
