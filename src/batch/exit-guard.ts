// One error path for the whole process: while a run is active, any way out that is not the run's own return
// (process.exit from plugin code, an uncaught exception, an unhandled rejection) removes the run's partial files
// and ends with a non-zero exit code and a message built from codes only.

const cleanups = new Set<() => void>();
let activeRuns = 0;

/** Registers a synchronous cleanup (removing partial files) for an abnormal exit; returns its unregistration. */
export function onAbnormalExit(cleanup: () => void): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

/** Runs (once) every registered cleanup; errors are ignored, the process is going down. */
export function runAbnormalExitCleanups(): void {
  for (const c of [...cleanups]) {
    cleanups.delete(c);
    try {
      c();
    } catch {
      // nothing more can be done on the way out
    }
  }
}

/** Marks a run as active for the duration of `work`. */
export async function whileRunActive<T>(work: () => Promise<T>): Promise<T> {
  activeRuns++;
  try {
    return await work();
  } finally {
    activeRuns--;
  }
}

export function isRunActive(): boolean {
  return activeRuns > 0;
}

let installed = false;

/** Exit code of a run that did not finish: aborted. */
export const EXIT_ABORTED = 1;

/**
 * Installs the process-wide handlers (the CLI does, once). `write` prints one line to stderr.
 * - `exit` while a run is active: plugin code called process.exit; the code becomes EXIT_ABORTED if it was 0.
 * - uncaught exceptions and unhandled rejections: reported by class and code only, then exit EXIT_ABORTED.
 */
export function installExitGuard(write: (line: string) => void): void {
  if (installed) return;
  installed = true;
  process.on("exit", (code) => {
    if (!isRunActive()) return;
    write("deidstack: E_PLUGIN_EXIT: the process was told to exit during a run (plugin code called process.exit); nothing was written");
    runAbnormalExitCleanups();
    if (!code) process.exitCode = EXIT_ABORTED;
  });
  const fatal = (kind: string) => (err: unknown) => {
    write(`deidstack: E_INTERNAL: ${kind} (${describeKind(err)}); nothing was written`);
    runAbnormalExitCleanups();
    activeRuns = 0;
    process.exit(EXIT_ABORTED);
  };
  process.on("uncaughtException", fatal("uncaught exception"));
  process.on("unhandledRejection", fatal("unhandled rejection"));
}

// Kept here (not describeThrown) so this module has no import: it must load before anything else can fail.
const BUILTIN = new Set(["Error", "TypeError", "RangeError", "SyntaxError", "ReferenceError", "EvalError", "URIError", "AggregateError"]);
function describeKind(err: unknown): string {
  if (err instanceof Error) return BUILTIN.has(err.name) ? err.name : "Error (custom class)";
  return typeof err;
}

/** Leaves the run's files as they are (a second signal: the partial run stays for --resume). */
export function abandonRun(): void {
  cleanups.clear();
  activeRuns = 0;
}
