// One long-lived tool process that answers JSONL requests line by line, in order (our DEDUCE driver, or any
// command-jsonl tool in `mode: stream`). Tools that build large lookup structures at start-up pay it once per run.
// Any fault (exit, garbage, out-of-order answer, timeout, cancel) kills the process and fails every request in
// flight; later requests fail too, because a half-dead tool must not be read as "nothing found".
import { createInterface } from "node:readline";
import { execa, type ResultPromise } from "execa";
import { DeidError } from "../../src/contract/index.js";
import { parseSpanRecordLine, type SpanRecord } from "./span-records.js";

export interface SessionOptions {
  toolId: string;
  installHint: string;
  command: readonly string[];
  cwd?: string;
  env?: Readonly<Record<string, string>>;
  /** Time allowed for the first answer (start-up included). */
  startupTimeoutMs: number;
  /** Time allowed for each later answer. */
  timeoutMs: number;
  /** Exit statuses that mean "the tool is not installed" (our driver uses 3). */
  notInstalledExitCodes?: readonly number[];
}

interface InFlight {
  documentId: string;
  resolve: (r: SpanRecord) => void;
  reject: (e: unknown) => void;
  timer?: NodeJS.Timeout;
  signal: AbortSignal;
  onAbort: () => void;
}

export class JsonlToolSession {
  private subprocess: ResultPromise | undefined;
  private readonly queue: InFlight[] = [];
  private failure: DeidError | undefined;
  private answered = 0;
  private lineNumber = 0;
  private closing = false;

  constructor(private readonly options: SessionOptions) {}

  private start(): ResultPromise {
    const [file, ...args] = this.options.command;
    const sub = execa(file, args, {
      cwd: this.options.cwd,
      env: this.options.env ? { ...this.options.env } : undefined,
      extendEnv: true,
      stdin: "pipe",
      stdout: "pipe",
      stderr: "ignore",
      buffer: false,
      reject: false,
      forceKillAfterDelay: 2_000,
    });
    sub.stdin?.on("error", () => this.fail(this.error("E_DETECTOR_FAILED", `${file} stopped reading its input`)));
    const lines = createInterface({ input: sub.stdout!, crlfDelay: Infinity });
    lines.on("line", (line) => this.onLine(line));
    void sub.then((result) => {
      if (this.closing && this.queue.length === 0) return;
      const code = (result as { code?: string }).code;
      if (code === "ENOENT" || (result.exitCode !== undefined && this.options.notInstalledExitCodes?.includes(result.exitCode))) {
        this.fail(new DeidError("E_DETECTOR_NOT_INSTALLED", `cannot run ${file}. ${this.options.installHint}`, { detectorId: this.options.toolId }));
      } else {
        const how = result.exitCode === undefined ? `was killed (${result.signal ?? code ?? "unknown"})` : `exited with status ${result.exitCode}`;
        this.fail(this.error("E_DETECTOR_FAILED", `${file} ${how} with ${this.queue.length} document(s) unanswered; its output is not shown because it may quote note text`));
      }
    });
    return sub;
  }

  private error(code: "E_DETECTOR_FAILED" | "E_DETECTOR_INVALID_SPAN" | "E_DETECTOR_TIMEOUT", reason: string): DeidError {
    return new DeidError(code, reason, { detectorId: this.options.toolId });
  }

  /** Sends one document line and resolves with the tool's answer for it. */
  request(documentId: string, inputLine: string, signal: AbortSignal): Promise<SpanRecord> {
    if (this.failure) return Promise.reject(this.failure);
    if (signal.aborted) return Promise.reject(this.error("E_DETECTOR_FAILED", "cancelled before the tool answered"));
    this.subprocess ??= this.start();
    return new Promise<SpanRecord>((resolve, reject) => {
      const entry: InFlight = {
        documentId,
        resolve,
        reject,
        signal,
        onAbort: () => this.fail(this.error("E_DETECTOR_FAILED", "cancelled while the tool was working; the tool was stopped")),
      };
      signal.addEventListener("abort", entry.onAbort, { once: true });
      this.queue.push(entry);
      if (this.queue.length === 1) this.armTimer(entry);
      this.subprocess!.stdin!.write(inputLine);
    });
  }

  private armTimer(entry: InFlight): void {
    const ms = this.answered === 0 ? this.options.startupTimeoutMs : this.options.timeoutMs;
    entry.timer = setTimeout(() => this.fail(this.error("E_DETECTOR_TIMEOUT", `no answer within ${ms} ms; the tool was stopped`)), ms);
  }

  private onLine(line: string): void {
    this.lineNumber++;
    if (this.failure || line.trim() === "") return;
    const head = this.queue[0];
    if (!head) {
      this.fail(this.error("E_DETECTOR_INVALID_SPAN", `output line ${this.lineNumber} answers nothing that was asked`));
      return;
    }
    let rec: SpanRecord;
    try {
      rec = parseSpanRecordLine(line, this.options.toolId, this.lineNumber);
    } catch (e) {
      this.fail(e as DeidError);
      return;
    }
    if (rec.documentId !== head.documentId) {
      this.fail(this.error("E_DETECTOR_INVALID_SPAN", `output line ${this.lineNumber} answers another document than the one asked (answers must come in order)`));
      return;
    }
    this.queue.shift();
    this.settle(head);
    this.answered++;
    head.resolve(rec);
    if (this.queue[0]) this.armTimer(this.queue[0]);
  }

  private settle(entry: InFlight): void {
    clearTimeout(entry.timer);
    entry.signal.removeEventListener("abort", entry.onAbort);
  }

  private fail(err: DeidError): void {
    if (this.failure) return;
    this.failure = err;
    for (const entry of this.queue.splice(0)) {
      this.settle(entry);
      entry.reject(err);
    }
    this.subprocess?.kill();
  }

  /** Ends the tool's input and waits for it to exit (killing it if it lingers). */
  async close(): Promise<void> {
    this.closing = true;
    const sub = this.subprocess;
    if (!sub) return;
    sub.stdin?.end();
    const timer = setTimeout(() => sub.kill(), 5_000);
    try {
      await sub;
    } finally {
      clearTimeout(timer);
    }
  }
}
