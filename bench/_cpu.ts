// CPU milliseconds of the calling thread (Linux: /proc/thread-self/schedstat, through src/batch/thread-cpu.ts), or of
// the whole process where the system does not say: V8's compiler and collector threads do not count on Linux.
import { threadCpuSeconds } from "../src/batch/thread-cpu.js";

export function threadCpuMs(): number {
  const s = threadCpuSeconds();
  if (s !== null) return s * 1000;
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
}
