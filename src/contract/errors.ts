// Typed errors that name the culprit (document index, line, field, detector) and never quote note text.

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
  | "E_CONFIG";

export interface ErrorContext {
  /** 0-based index of the document in its input. */
  documentIndex?: number;
  /** 1-based line of the input file, where there is one. */
  line?: number;
  /** Dotted path of the offending field, e.g. `spans[2].end`. */
  field?: string;
  detectorId?: string;
  phase?: string;
}

export class DeidError extends Error {
  readonly code: ErrorCode;
  readonly context: ErrorContext;

  constructor(code: ErrorCode, reason: string, context: ErrorContext = {}) {
    super(formatMessage(reason, context));
    this.name = "DeidError";
    this.code = code;
    this.context = context;
  }
}

function formatMessage(reason: string, c: ErrorContext): string {
  const where: string[] = [];
  if (c.detectorId !== undefined) where.push(`detector ${c.detectorId}`);
  if (c.documentIndex !== undefined) where.push(`document index ${c.documentIndex}`);
  if (c.line !== undefined) where.push(`line ${c.line}`);
  if (c.field !== undefined) where.push(`field ${c.field}`);
  if (c.phase !== undefined) where.push(`phase ${c.phase}`);
  return where.length ? `${where.join(", ")}: ${reason}` : reason;
}

/** Describes a thrown value without its message text when the message could carry note text. */
export function describeThrown(err: unknown): string {
  if (err instanceof DeidError) return `${err.code}: ${err.message}`;
  if (err instanceof Error) return `${err.name}${"code" in err && err.code ? ` (${String(err.code)})` : ""}`;
  return typeof err;
}
