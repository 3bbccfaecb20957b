// A pool of worker threads, each with its own StackRunner, that keeps input order and fails closed per document.
// - A worker that dies (process.exit from plugin code, an uncaught exception, out of memory) withholds only its
//   document: when it held several, each is retried once alone, and one that kills a worker alone is quarantined.
// - A detector that blocks its thread (CPU-bound, never yielding) is stopped: a watchdog sees the worker's
//   heartbeat go stale past the stack's detector timeout, terminates the worker and quarantines the document
//   (E_DETECTOR_TIMEOUT, naming the detector whose call holds the thread), then starts a fresh worker.
// Written for this pool rather than on piscina/tinypool: those hide which worker holds which task, and the crash
// and watchdog rules above need exactly that.
import { dirname, join } from "node:path";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { DeidError, type ErrorCode, type ErrorContext, type IndexedDocument, type SharedFile } from "../contract/index.js";
import type { LoadedStack, QuarantineEntry } from "../stack/index.js";
import { LineReaders, isRawLine, type RunOutcome, type SourceItem } from "./input-items.js";
import { HB_DETECTOR, HB_DOCUMENT, HB_SLOTS, HB_TICK, type PoolWorkerData, type ToMain, type WireError, type WireItem, type WireOutcome, type WorkerCpu } from "./pool-protocol.js";
import type { OutcomeSource, SourceAccounts } from "./source.js";

export interface PoolOptions {
  workers: number;
  /**
   * Chooses the number of workers from the kinds of the stack's detectors (known once the first worker has loaded
   * them: deidstack's plugins say "deterministic", "model", "llm"); `workers` is then ignored.
   */
  workersFor?: (kinds: readonly string[]) => number;
  /** Documents in flight per worker (default: the stack's concurrency.documents). */
  concurrency?: number;
  provenanceExtra?: Record<string, unknown>;
  /** Heap limit of each worker (MB of V8 old generation; default 256): memory bounded by design, not by heap luck. */
  maxOldGenerationSizeMb?: number;
  /**
   * Young generation of each worker (MB; default 24, V8's own would be 48). At 8 a worker scavenged about every 7
   * documents and promoted more into the old generation; 24 halves the scavenges for about 12 MB more peak RSS on
   * 10,000 notes (README, Benchmarks, *Workers*, session thirteen).
   */
  maxYoungGenerationSizeMb?: number;
  /** Time a worker gets to load deidstack's own code before its detectors' set-up starts (default 60 s). */
  loadTimeoutMs?: number;
  /** Extra time for loading the plugin modules, on top of the stack's detector timeout (default 5 s). */
  createGraceMs?: number;
}

interface Task {
  seq: number;
  item: SourceItem;
  isolated: boolean;
  settle: (o: RunOutcome) => void;
}

const WORKER_URL = new URL(import.meta.url.endsWith(".ts") ? "./pool-worker.ts" : "./pool-worker.js", import.meta.url);

/** Starts a worker on the pool's entry; TypeScript sources (a clone without a build) go through tsx. */
function startWorker(data: PoolWorkerData, resourceLimits: { maxOldGenerationSizeMb: number; maxYoungGenerationSizeMb: number }): Worker {
  if (!WORKER_URL.pathname.endsWith(".ts")) return new Worker(WORKER_URL, { workerData: data, resourceLimits });
  const require = createRequire(import.meta.url);
  const tsxApi = pathToFileURL(join(dirname(require.resolve("tsx/package.json")), "dist/esm/api/index.mjs")).href;
  const code = `const { workerData } = require("node:worker_threads");
(async () => { const { register } = await import(${JSON.stringify(tsxApi)}); register(); await import(${JSON.stringify(WORKER_URL.href)}); })();`;
  return new Worker(code, { eval: true, workerData: data, resourceLimits });
}

function fromWire(e: WireError): DeidError {
  return new DeidError(e.code as ErrorCode, e.reason, e.context as ErrorContext);
}

/** Reads the line of a document a worker held when it died (its id for the quarantine entry): rare, so here. */
const crashReaders = new LineReaders();

function quarantined(task: Task, code: ErrorCode, detector: string | null, phase: string, reason: string): RunOutcome {
  const { item } = task;
  let documentId: string | undefined;
  if (isRawLine(item)) {
    const id = crashReaders.idOf(item);
    if ("runError" in id) return { index: item.index, runError: id.runError };
    documentId = id.documentId;
  }
  const q: QuarantineEntry = { document_id: documentId ?? (item as IndexedDocument).document.document_id, index: item.index, code, detector, phase };
  if (item.line !== undefined) q.line = item.line;
  const o: RunOutcome = { index: item.index, quarantine: q, reason };
  if (documentId !== undefined) {
    o.documentId = documentId;
    o.line = item.line;
  }
  return o;
}

function fromWireOutcome(o: WireOutcome, records: ArrayBuffer | null): RunOutcome {
  if ("runError" in o) return { index: o.index, runError: fromWire(o.runError) };
  if (!("at" in o)) return o;
  const r: RunOutcome = { index: o.index, bytes: new Uint8Array(records!, o.at, o.length), spans: o.spans };
  if (o.documentId !== undefined) {
    r.documentId = o.documentId;
    r.line = o.line;
  }
  return r;
}

class PoolWorker {
  readonly inFlight = new Map<number, Task>();
  readonly hb: Int32Array;
  readonly detectorIds = new Map<number, string>();
  exclusive = false;
  /** Its detectors are ready: only then does it get documents, and only then does the watchdog look at it. */
  ready = false;
  dead = false;
  closing = false;
  private listeners = new Map<string, (m: ToMain) => void>();

  constructor(
    readonly worker: Worker,
    heartbeat: SharedArrayBuffer,
  ) {
    this.hb = new Int32Array(heartbeat);
  }

  once(type: ToMain["type"], fn: (m: ToMain) => void): void {
    this.listeners.set(type, fn);
  }
  take(type: string): ((m: ToMain) => void) | undefined {
    const fn = this.listeners.get(type);
    this.listeners.delete(type);
    return fn;
  }
}

export class WorkerPoolSource implements OutcomeSource {
  private readonly workers: PoolWorker[] = [];
  private readonly queue: Task[] = [];
  private fatal: DeidError | null = null;
  private onFatal: ((e: DeidError) => void) | null = null;
  private watchdog: NodeJS.Timeout | undefined;
  private readonly clockBase = Date.now();
  private stopped = false;
  /** Task numbers are unique over the pool's life (a queue worker runs many shards through one pool). */
  private seq = 0;
  /** Read-only files the workers hold in shared memory, by path: handed to every worker started later. */
  private readonly sharedFiles = new Map<string, SharedFile>();
  provenance: Record<string, unknown> = {};
  /** Worker threads the pool runs (a dead one is replaced). */
  workerCount = 0;
  /** Fed JSONL lines, the workers parse them (see input-items.ts). */
  readonly readsRawLines = true;
  /** What crossed between the threads, and the workers' CPU accounts as of the last stats(). */
  private readonly traffic: Omit<SourceAccounts, "workers"> = {
    to_workers: { messages: 0, documents: 0, line_bytes: 0 },
    from_workers: { messages: 0, record_bytes: 0 },
  };
  private cpuAccounts: WorkerCpu[] = [];

  private constructor(
    private readonly stack: LoadedStack,
    private readonly opts: PoolOptions,
    private readonly perWorker: number,
    private readonly stallMs: number,
  ) {
    this.held = Math.max(16, 2 * perWorker);
  }

  /** Documents a worker holds at most: `perWorker` in process (its p-limit), the rest queued in its thread. */
  private readonly held: number;

  static async create(stack: LoadedStack, opts: PoolOptions): Promise<WorkerPoolSource> {
    const perWorker = opts.concurrency ?? stack.config.concurrency.documents;
    const timeouts = [stack.config.timeouts.detector_ms, ...stack.config.detectors.map((d) => d.timeout_ms ?? 0)];
    const pool = new WorkerPoolSource(stack, opts, perWorker, Math.max(...timeouts));
    try {
      // The first worker alone, then the others: they find the indexes it read in shared memory (one copy).
      const first = await pool.spawn();
      pool.provenance = first.provenance;
      pool.workerCount = opts.workersFor ? Math.max(1, Math.floor(opts.workersFor(first.kinds))) : opts.workers;
      await Promise.all(Array.from({ length: pool.workerCount - 1 }, () => pool.spawn()));
    } catch (err) {
      await pool.abort();
      throw err;
    }
    pool.watchdog = setInterval(() => pool.checkHeartbeats(), 200);
    pool.watchdog.unref();
    return pool;
  }

  /** Starts one worker and resolves with its provenance and its detectors' kinds when they are ready. */
  private spawn(): Promise<{ provenance: Record<string, unknown>; kinds: string[] }> {
    const heartbeat = new SharedArrayBuffer(HB_SLOTS * 4);
    const data: PoolWorkerData = {
      stackPath: this.stack.path,
      stackSha256: this.stack.sha256,
      concurrency: this.opts.concurrency,
      provenanceExtra: this.opts.provenanceExtra,
      heartbeat,
      clockBase: this.clockBase,
      sharedFiles: [...this.sharedFiles.values()],
    };
    const limits = { maxOldGenerationSizeMb: this.opts.maxOldGenerationSizeMb ?? 256, maxYoungGenerationSizeMb: this.opts.maxYoungGenerationSizeMb ?? 24 };
    const w = new PoolWorker(startWorker(data, limits), heartbeat);
    this.workers.push(w);
    const createMs = this.stack.config.timeouts.detector_ms + (this.opts.createGraceMs ?? 5000);
    const loadMs = this.opts.loadTimeoutMs ?? 60_000;
    return new Promise((resolveReady, rejectReady) => {
      let ready = false;
      let timer = setTimeout(() => {
        fail(new DeidError("E_WORKER_CRASHED", `a worker thread did not start within ${loadMs} ms`, { phase: "create" }));
      }, loadMs);
      const fail = (e: DeidError) => {
        clearTimeout(timer);
        w.dead = true;
        void w.worker.terminate();
        rejectReady(e);
      };
      w.worker.on("message", (m: ToMain) => {
        if (m.type === "started") {
          clearTimeout(timer);
          timer = setTimeout(() => {
            fail(new DeidError("E_DETECTOR_TIMEOUT", `a worker's detectors were not ready within ${createMs} ms`, { phase: "create" }));
          }, createMs);
        } else if (m.type === "ready") {
          clearTimeout(timer);
          ready = true;
          w.ready = true;
          resolveReady({ provenance: m.provenance, kinds: m.kinds });
          this.dispatch();
        } else if (m.type === "init-error") fail(fromWire(m.error));
        else if (m.type === "detector-id") w.detectorIds.set(m.ordinal, m.id);
        else if (m.type === "shared-file") this.sharedFiles.set(m.file.path, m.file);
        else if (m.type === "outcomes") {
          this.traffic.from_workers.messages++;
          if (m.records) this.traffic.from_workers.record_bytes += m.records.byteLength;
          for (const { seq, outcome } of m.items) {
            const task = w.inFlight.get(seq);
            if (!task) continue;
            w.inFlight.delete(seq);
            task.settle(fromWireOutcome(outcome, m.records));
          }
          if (w.inFlight.size === 0) w.exclusive = false;
          this.dispatch();
        } else w.take(m.type)?.(m);
      });
      const died = (code: ErrorCode, reason: string) => {
        if (w.dead) return;
        if (!ready) return fail(new DeidError(code, reason, { phase: "create" }));
        w.dead = true;
        if (w.closing) {
          w.take("closed")?.({ type: "closed", error: { code, reason, context: { phase: "close" } } });
          return;
        }
        this.recover(w, code, reason);
      };
      w.worker.on("error", (err) => {
        const oom = (err as { code?: string }).code === "ERR_WORKER_OUT_OF_MEMORY";
        died("E_WORKER_CRASHED", oom ? "the worker ran out of memory" : "the worker thread crashed (uncaught exception or unhandled rejection in plugin code)");
      });
      w.worker.on("exit", () => died("E_PLUGIN_EXIT", "plugin code ended the worker thread (process.exit)"));
    });
  }

  /** A worker died or was stopped: settle or requeue what it held, then start a replacement. */
  private recover(w: PoolWorker, code: ErrorCode, reason: string, culprit?: { index: number; detector: string | null }): void {
    const tasks = [...w.inFlight.values()];
    w.inFlight.clear();
    for (const task of tasks) {
      if (culprit && task.item.index === culprit.index) task.settle(quarantined(task, code, culprit.detector, "detect", reason));
      else if (culprit) this.queue.unshift(task);
      else if (tasks.length === 1 || task.isolated) task.settle(quarantined(task, code, null, code === "E_DETECTOR_TIMEOUT" ? "detect" : "worker", reason));
      else this.queue.unshift({ ...task, isolated: true });
    }
    this.workers.splice(this.workers.indexOf(w), 1);
    if (this.stopped) return;
    this.spawn().catch((e: DeidError) => this.setFatal(e));
  }

  private setFatal(e: DeidError): void {
    if (this.fatal) return;
    this.fatal = e;
    this.onFatal?.(e);
  }

  private checkHeartbeats(): void {
    const now = Date.now() - this.clockBase;
    for (const w of [...this.workers]) {
      if (w.dead || !w.ready || w.inFlight.size === 0) continue;
      if (now - Atomics.load(w.hb, HB_TICK) <= this.stallMs) continue;
      const doc = Atomics.load(w.hb, HB_DOCUMENT);
      const det = Atomics.load(w.hb, HB_DETECTOR);
      w.dead = true;
      void w.worker.terminate();
      const culprit = doc > 0 ? { index: doc - 1, detector: w.detectorIds.get(det) ?? null } : undefined;
      this.recover(w, "E_DETECTOR_TIMEOUT", `the worker's thread was blocked for more than ${this.stallMs} ms (a detector that never yields)`, culprit);
    }
  }

  /**
   * Hands queued documents to workers in batches: a worker is refilled once it holds at most half of `held`, so a
   * message carries several documents and the worker still has work while the next batch is on its way.
   */
  private dispatch(): void {
    for (const w of this.workers) {
      if (w.dead || !w.ready || w.closing || w.exclusive || w.inFlight.size > this.held / 2) continue;
      const batch: WireItem[] = [];
      while (this.queue.length && w.inFlight.size < this.held && !w.exclusive) {
        const i = this.queue.findIndex((t) => !t.isolated || w.inFlight.size === 0);
        if (i < 0) break;
        const [task] = this.queue.splice(i, 1);
        if (task.isolated) w.exclusive = true;
        w.inFlight.set(task.seq, task);
        batch.push({ seq: task.seq, item: task.item });
        if (isRawLine(task.item)) this.traffic.to_workers.line_bytes += task.item.raw.byteLength;
      }
      if (batch.length) {
        this.traffic.to_workers.messages++;
        this.traffic.to_workers.documents += batch.length;
        w.worker.postMessage({ type: "documents", items: batch });
      }
    }
  }

  /**
   * One outcome per document, in input order. Documents are parsed ones or JSONL lines (RawLineItem), which the
   * workers read; an outcome of a line carries its document's id, and the error reading a line raised comes back
   * as its outcome (`runError`), in order, for the caller to stop at.
   */
  async *outcomes(input: AsyncIterable<SourceItem>): AsyncGenerator<RunOutcome> {
    const order: Promise<RunOutcome>[] = [];
    const window = Math.max(2, this.opts.workers * this.held * 2);
    // Not Promise.race with one long-lived "fatal" promise: every race would leave a reaction on it that keeps its
    // outcome (the record, with its text) reachable until the run ends, 8-12 KB per document (issue 14). One
    // waiter slot instead, taken and released per document.
    const next = (): Promise<RunOutcome> => {
      const head = order.shift()!;
      if (this.fatal) return Promise.reject(this.fatal);
      return new Promise<RunOutcome>((settle, reject) => {
        this.onFatal = reject;
        void head.then((o) => {
          this.onFatal = null;
          settle(o);
        });
      });
    };
    for await (const item of input) {
      order.push(new Promise<RunOutcome>((settle) => this.queue.push({ seq: this.seq++, item, isolated: false, settle })));
      this.dispatch();
      while (order.length >= window) yield await next();
    }
    while (order.length) yield await next();
  }

  private ask<T extends ToMain["type"]>(w: PoolWorker, message: object, reply: T, timeoutMs: number, onTimeout: () => DeidError): Promise<Extract<ToMain, { type: T }>> {
    return new Promise((resolveReply, rejectReply) => {
      const timer = setTimeout(() => {
        w.take(reply);
        rejectReply(onTimeout());
      }, timeoutMs);
      w.once(reply, (m) => {
        clearTimeout(timer);
        resolveReply(m as Extract<ToMain, { type: T }>);
      });
      w.worker.postMessage(message);
    });
  }

  async stats(): Promise<Record<string, object>> {
    const all = await Promise.all(
      // A replacement still starting has processed nothing: only ready workers are asked.
      this.workers.filter((w) => !w.dead && w.ready).map((w) => this.ask(w, { type: "stats" }, "stats", 60_000, () => new DeidError("E_INTERNAL", "a worker did not report its counters"))),
    );
    this.cpuAccounts = all.map((m) => m.cpu);
    return mergeStats(all.map((m) => m.stats));
  }

  /** Since the pool started: messages and bytes each way, and each live worker's CPU account as of stats(). */
  accounts(): SourceAccounts {
    return { workers: this.cpuAccounts.map((c) => ({ ...c })), to_workers: { ...this.traffic.to_workers }, from_workers: { ...this.traffic.from_workers } };
  }

  async close(timeoutMs: number): Promise<void> {
    this.stopped = true;
    clearInterval(this.watchdog);
    // Workers still starting (replacements) have used no detector: they are terminated, not closed.
    const live = this.workers.filter((w) => !w.dead && w.ready);
    try {
      const replies = await Promise.all(
        live.map((w) => {
          w.closing = true;
          return this.ask(w, { type: "close", timeoutMs }, "closed", timeoutMs + 5000, () => new DeidError("E_DETECTOR_TIMEOUT", `close() did not return within ${timeoutMs} ms`, { phase: "close" }));
        }),
      );
      const failed = replies.find((r) => r.error);
      if (failed?.error) throw fromWire(failed.error);
    } finally {
      await this.abort();
    }
  }

  async abort(): Promise<void> {
    this.stopped = true;
    clearInterval(this.watchdog);
    await Promise.all(
      this.workers.map((w) => {
        w.dead = true;
        return w.worker.terminate();
      }),
    );
    this.workers.length = 0;
  }
}

/** Sums numeric counters of the same detector across workers; other values are taken from the first worker. */
export function mergeStats(all: Record<string, object>[]): Record<string, object> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const stats of all) {
    for (const [id, s] of Object.entries(stats)) {
      const acc = (out[id] ??= {});
      for (const [k, v] of Object.entries(s as Record<string, unknown>)) {
        if (typeof v === "number" && typeof acc[k] === "number") acc[k] = (acc[k] as number) + v;
        else if (!(k in acc)) acc[k] = v;
      }
    }
  }
  return out;
}

