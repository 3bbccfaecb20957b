// Typed errors that name the culprit (document index, line, field, detector) and never quote note text.
import { constants as osConstants } from "node:os";

export type ErrorCode =
  | "E_INPUT_FORMAT"
  | "E_INPUT_EMPTY"
  | "E_INPUT_ENCODING"
  | "E_DETECTOR_FAILED"
  | "E_DETECTOR_TIMEOUT"
  | "E_DETECTOR_INVALID_SPAN"
  | "E_DETECTOR_NOT_INSTALLED"
  | "E_STACK_CONFIG"
  | "E_LEAK_GUARD"
  | "E_TRANSFORM"
  | "E_CONFIG"
  /** A document over the configured size limit (quarantined, never processed). */
  | "E_DOCUMENT_TOO_LARGE"
  /** More documents quarantined than `--max-quarantine` allows: the run is aborted. */
  | "E_QUARANTINE_LIMIT"
  /** A worker thread died (uncaught exception, out of memory) while it held the document. */
  | "E_WORKER_CRASHED"
  /** Plugin code called process.exit. */
  | "E_PLUGIN_EXIT"
  /** A signal (SIGINT, SIGTERM) stopped the run; committed work is kept for `--resume`. */
  | "E_INTERRUPTED"
  /** `--resume` against a checkpoint of another input, stack or software. */
  | "E_RESUME_MISMATCH"
  /** A failure of deidstack itself (uncaught exception, unhandled rejection). */
  | "E_INTERNAL"
  /** `queue collect` before every shard of a distributed run is done. */
  | "E_QUEUE_INCOMPLETE";

export interface ErrorContext {
  /** 0-based index of the document in its input. */
  documentIndex?: number;
  /** 1-based line of the input file, where there is one. */
  line?: number;
  /** Dotted path of the offending field, e.g. `spans[2].end`. */
  field?: string;
  detectorId?: string;
  phase?: string;
  /** The signal that stopped a run (E_INTERRUPTED). */
  signal?: string;
}

export class DeidError extends Error {
  readonly code: ErrorCode;
  readonly context: ErrorContext;
  /** The message without its context prefix. */
  readonly reason: string;

  constructor(code: ErrorCode, reason: string, context: ErrorContext = {}) {
    super(formatMessage(reason, context));
    this.name = "DeidError";
    this.code = code;
    this.context = context;
    this.reason = reason;
  }
}

function formatMessage(reason: string, c: ErrorContext): string {
  const where: string[] = [];
  if (c.detectorId !== undefined) where.push(`detector ${c.detectorId}`);
  if (c.documentIndex !== undefined) where.push(`document index ${c.documentIndex}`);
  if (c.line !== undefined) where.push(`line ${c.line}`);
  if (c.field !== undefined) where.push(`field ${c.field}`);
  if (c.phase !== undefined) where.push(`phase ${c.phase}`);
  if (c.signal !== undefined) where.push(`signal ${c.signal}`);
  return where.length ? `${where.join(", ")}: ${reason}` : reason;
}

/** Error class names printed as they are; any other name (a plugin's own class) could carry note text. */
const BUILTIN_ERROR_NAMES = new Set([
  "Error",
  "TypeError",
  "RangeError",
  "SyntaxError",
  "ReferenceError",
  "EvalError",
  "URIError",
  "AggregateError",
  "AbortError",
  "TimeoutError",
  "DeidError",
]);

/** Node's error codes (`ERR_...`) and system error codes (`ENOENT`, `EACCES`, ...) are printed; nothing else. */
const NODE_ERROR_CODE = /^ERR_[A-Z0-9_]{1,60}$/;
const SYSTEM_ERROR_CODES = new Set(Object.keys(osConstants.errno));

function isSafeErrorCode(code: unknown): code is string {
  return typeof code === "string" && (NODE_ERROR_CODE.test(code) || SYSTEM_ERROR_CODES.has(code));
}

/**
 * Describes a thrown value by its kind only: a built-in error class name and a Node or system error code. Messages,
 * custom class names and custom codes are never printed, since a detector may put note text in any of them; a
 * DeidError thrown by plugin code is reduced to its code for the same reason (see `describeThrownCore` for errors
 * that deidstack built itself).
 */
export function describeThrown(err: unknown): string {
  if (err instanceof DeidError) return `DeidError ${err.code}`;
  if (err instanceof Error) {
    const name = BUILTIN_ERROR_NAMES.has(err.name) ? err.name : "Error (custom class)";
    const code = "code" in err && isSafeErrorCode(err.code) ? ` (${err.code})` : "";
    return name + code;
  }
  return typeof err;
}

/** Like describeThrown, but keeps the message of a DeidError raised by deidstack's own code (codes, ids, counts). */
export function describeThrownCore(err: unknown): string {
  if (err instanceof DeidError) return `${err.code}: ${err.message}`;
  return describeThrown(err);
}
