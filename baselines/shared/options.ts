// Option pieces every baseline wrapper shares.
import { isAbsolute, resolve } from "node:path";
import { z } from "zod";

export const commandOptionSchema = z.union([z.string().min(1), z.array(z.string()).min(1)]);

export function batchingOptions(defaults: { batch_size: number; linger_ms: number; timeout_ms: number }) {
  return {
    /** Documents per tool run (the orchestrator's document concurrency bounds how many arrive together). */
    batch_size: z.number().int().positive().default(defaults.batch_size),
    /** How long a batch waits for more documents before it starts. */
    linger_ms: z.number().int().nonnegative().default(defaults.linger_ms),
    parallel_batches: z.number().int().positive().default(1),
    /** Time allowed for one tool run. */
    timeout_ms: z.number().int().positive().default(defaults.timeout_ms),
  };
}

/** A folder named in a stack resolves against the stack file's folder. */
export function resolveFrom(baseDir: string, path: string | undefined): string | undefined {
  if (path === undefined) return undefined;
  return isAbsolute(path) ? path : resolve(baseDir, path);
}
