// File-system failures told with the path and what to do about it. Node's own message is never shown (it is built
// from the path and the syscall, which are named here in words); only paths that deidstack itself opened are named.
import { DeidError, type ErrorCode } from "./errors.js";

const REASONS: Record<string, string> = {
  ENOENT: "does not exist",
  ENOTDIR: "has a part that is not a folder",
  EISDIR: "is a folder, not a file",
  EACCES: "is not accessible (permission denied)",
  EPERM: "is not accessible (operation not permitted)",
  EEXIST: "already exists",
  ENOSPC: "cannot be written: no space left on the device",
  EROFS: "cannot be written: read-only file system",
  EMFILE: "cannot be opened: too many open files",
  ENAMETOOLONG: "has a name that is too long",
};

/** A Node system error (ENOENT, EACCES, ...) as raised by node:fs. */
export function isFsError(err: unknown): err is NodeJS.ErrnoException & { code: string } {
  return err instanceof Error && typeof (err as NodeJS.ErrnoException).code === "string" && typeof (err as NodeJS.ErrnoException).syscall === "string";
}

/** "does not exist (ENOENT)": what a file-system error code means, in words. */
export function fsReason(err: unknown): string {
  const code = isFsError(err) ? err.code : undefined;
  if (code === undefined) return "cannot be used";
  return `${REASONS[code] ?? "cannot be used"} (${code})`;
}

/**
 * The DeidError for a file-system failure on `path` (a path deidstack chose or was given): `what` says what the
 * path is for ("output file", "battery file"), `remedy` what to do.
 */
export function fsError(code: ErrorCode, what: string, path: string, err: unknown, remedy?: string): DeidError {
  return new DeidError(code, `${what} ${path} ${fsReason(err)}${remedy ? `; ${remedy}` : ""}`);
}
