// CPU time of the calling thread alone (Linux: /proc/thread-self/schedstat, nanoseconds on the CPU), for the run
// summary's per-thread accounts: unlike wall time, what a thread spent holds when the machine is shared. Elsewhere
// (no /proc) the accounts are null.
import { closeSync, openSync, readSync } from "node:fs";

const SCHEDSTAT = "/proc/thread-self/schedstat";
const buf = Buffer.alloc(64);

/** Seconds of CPU this thread has used since it started, or null where the system does not say. */
export function threadCpuSeconds(): number | null {
  let fd: number;
  try {
    fd = openSync(SCHEDSTAT, "r");
  } catch {
    return null;
  }
  try {
    const n = readSync(fd, buf, 0, buf.length, 0);
    const space = buf.indexOf(0x20);
    const ns = Number(buf.toString("latin1", 0, space > 0 && space < n ? space : n));
    return Number.isFinite(ns) ? ns / 1e9 : null;
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}
