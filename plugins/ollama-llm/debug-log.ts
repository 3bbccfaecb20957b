// The only place prompts and answers may be written: an explicitly configured local file whose first line says
// that it contains patient text. Nothing is written unless `debug_log` is set.
import { appendFileSync, existsSync, statSync, writeFileSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";

export const DEBUG_LOG_FORMAT = "deidstack.ollama-debug.v1";
export const DEBUG_LOG_WARNING = "CONTAINS PATIENT TEXT: prompts sent to and answers from a local LLM. Keep it on the machine that made it and delete it after use.";

export interface DebugLog {
  write(entry: Record<string, unknown>): void;
}

/** Opens (creating with mode 600 and a warning header when new or empty) the debug log, or returns undefined. */
export function openDebugLog(path: string | undefined, baseDir: string, writer: string): DebugLog | undefined {
  if (path === undefined) return undefined;
  const file = isAbsolute(path) ? path : resolve(baseDir, path);
  if (!existsSync(file) || statSync(file).size === 0) {
    writeFileSync(file, JSON.stringify({ format: DEBUG_LOG_FORMAT, warning: DEBUG_LOG_WARNING, writer }) + "\n", { mode: 0o600 });
  }
  return {
    write(entry) {
      appendFileSync(file, JSON.stringify({ time: new Date().toISOString(), writer, ...entry }) + "\n", { mode: 0o600 });
    },
  };
}
