// A batch run: every document of an input through a stack into committed output, failing closed per document.
// A document that fails (detector error, timeout, invalid span, leak guard refusal, worker crash, over the size
// limit) is withheld and listed in the quarantine file; past --max-quarantine the run aborts and leaves nothing.
import { readFileSync, realpathSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import {
  CompactIdSet,
  DeidError,
  InputLineParser,
  idOccursBefore,
  readJsonlRawLines,
  readRunInput,
  type ErrorCode,
  type ReadLimits,
} from "../contract/index.js";
import type { LoadedStack } from "../stack/index.js";
import { Checkpoint, hasPartialRun, partialDirFor, quarantinePathFor, sha256Json } from "./checkpoint.js";
import { onAbnormalExit, whileRunActive } from "./exit-guard.js";
import { SharedLineSlabs, oversizeOutcome, type RunOutcome, type SourceItem } from "./input-items.js";
import { scanInput } from "./input-scan.js";
import type { WorkerCpu } from "./pool-protocol.js";
import type { OutcomeSource } from "./source.js";
import { threadCpuSeconds } from "./thread-cpu.js";

export const DEFAULT_MAX_DOCUMENT_BYTES = 5_000_000;
export const DEFAULT_MAX_QUARANTINE = "1%";
/** With the default --workers, one worker thread per this many documents, up to one per core (a stack with a model or an LLM). */
export const DOCUMENTS_PER_AUTO_WORKER = 200;
/**
 * The same for a stack whose detectors are all deterministic (rules): a document costs them a few CPU-ms, and each
 * worker pays its own warm-up (V8's optimising compiles of the rule code, 3-5 CPU-s on the background threads, and
 * its first slow documents), so a second worker makes a rules-only run faster only past about 3,500 notes on two
 * cores (README, Benchmarks).
 */
export const DOCUMENTS_PER_AUTO_RULES_WORKER = 4000;

/** The default worker count: one per core, at most one per 200 documents, or per 4,000 when every detector is a rule. */
export function autoWorkerCount(documents: number, kinds: readonly string[], cores = availableParallelism()): number {
  const rulesOnly = kinds.length > 0 && kinds.every((k) => k === "deterministic");
  const per = rulesOnly ? DOCUMENTS_PER_AUTO_RULES_WORKER : DOCUMENTS_PER_AUTO_WORKER;
  return Math.min(cores, Math.max(1, Math.ceil(documents / per)));
}

export interface BatchProgress {
  /** Documents finished (written or quarantined), including those of a resumed run's earlier part. */
  done: number;
  total: number;
  quarantined: number;
  /** Documents finished by this process (for a rate). */
  doneHere: number;
  elapsedMs: number;
}

export interface BatchRunOptions {
  stack: LoadedStack;
  input: string;
  /** How the input is read: sub-folders of a .txt directory, the character encoding. */
  inputOptions?: Pick<ReadLimits, "recursive" | "encoding">;
  output: string;
  /** Worker threads; 0 runs the stack in this thread; "auto": see autoWorkerCount. */
  workers: number | "auto";
  /** Documents in flight per worker (default: the stack's concurrency.documents). */
  concurrency?: number;
  onError?: "quarantine" | "abort";
  /** A count ("25") or a share of the input ("1%"). */
  maxQuarantine?: string;
  maxDocumentBytes?: number;
  resume?: boolean;
  /** A commit after this many documents or this many milliseconds, whichever comes first. */
  commitEvery?: { documents: number; ms: number };
  /** Aborted with reason "SIGINT" or "SIGTERM": commit what is done, keep it for --resume, stop. */
  interrupt?: AbortSignal;
  onProgress?: (p: BatchProgress) => void;
  provenanceExtra?: Record<string, unknown>;
  /** A source kept by the caller across runs (a queue worker's pool): used as it is, never closed here. */
  source?: OutcomeSource;
  /** Builds the outcome source for workers > 0 (the worker pool); injected so this module stays light. */
  createPool?: (
    stack: LoadedStack,
    o: { workers: number; workersFor?: (kinds: readonly string[]) => number; concurrency?: number; provenanceExtra?: Record<string, unknown> },
  ) => Promise<OutcomeSource>;
}

export interface BatchSummary {
  format: "deidstack.run-summary.v1";
  output: string;
  quarantine_file: string;
  stack: { name: string; sha256: string };
  input: { sha256: string; documents: number };
  documents_written: number;
  documents_quarantined: number;
  quarantine_by_code: Record<string, number>;
  spans: number;
  /** Documents done by an earlier, interrupted process of this run (0 unless --resume). */
  resumed_at: number;
  workers: number;
  max_quarantine: { spec: string; limit: number };
  /** processing_cpu_s: CPU time (user + system) of the whole process, every thread, while documents were processed. */
  timings: { startup_s: number; processing_s: number; total_s: number; processing_cpu_s: number };
  peak_rss_mb: number;
  detector_stats: Record<string, object>;
  /**
   * CPU of each thread on its own (Linux; null elsewhere, and for a borrowed source): the CLI thread while
   * documents were processed, and each worker's account (before its first document; its first documents, the JIT
   * warm-up; all its documents). Unlike wall time, these hold on a shared machine.
   */
  threads: { main_processing_cpu_s: number | null; workers: WorkerCpu[] } | null;
  /** Between the CLI thread and the workers: messages, documents and bytes each way (worker pools only). */
  transfer: { to_workers: { messages: number; documents: number; line_bytes: number }; from_workers: { messages: number; record_bytes: number } } | null;
}

/** The largest number of quarantined documents a run may have: a count, or a share (rounded down) of `total`. */
export function quarantineLimit(spec: string, total: number): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(%?)\s*$/.exec(spec);
  if (!m || (m[2] === "" && !Number.isInteger(Number(m[1])))) {
    throw new DeidError("E_CONFIG", `--max-quarantine must be a count (25) or a share (1%), not "${spec}"`);
  }
  const n = Number(m[1]);
  if (m[2] === "%") {
    if (n > 100) throw new DeidError("E_CONFIG", `--max-quarantine share must be at most 100%`);
    return Math.floor((total * n) / 100 + 1e-9);
  }
  return n;
}

function sameFile(a: string, b: string): boolean {
  if (resolve(a) === resolve(b)) return true;
  try {
    if (realpathSync(a) === realpathSync(b)) return true;
    const sa = statSync(a);
    const sb = statSync(b);
    return sa.dev === sb.dev && sa.ino === sb.ino;
  } catch {
    return false;
  }
}

/** `-o` (and the files beside it) must not be any input file: a run must never overwrite its notes. */
function checkOutputIsNotInput(output: string, inputFiles: string[]): void {
  const ours = [output, quarantinePathFor(output), partialDirFor(output)];
  for (const f of inputFiles) {
    for (const o of ours) {
      if (sameFile(o, f)) throw new DeidError("E_CONFIG", `output ${o} is an input file; choose another -o`);
    }
  }
}

const INTERRUPTED = Symbol("interrupted");

function cpuSeconds(u: NodeJS.CpuUsage): number {
  return (u.user + u.system) / 1e6;
}

/** The package version (the checkpoint's identity), read without loading the orchestrator. */
function softwareVersion(): string {
  for (const rel of ["../../package.json", "../../../package.json"]) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(rel, import.meta.url), "utf8")) as { name?: string; version: string };
      if (pkg.name === "deidstack") return pkg.version;
    } catch {
      // not there: a compiled layout one folder deeper
    }
  }
  throw new DeidError("E_INTERNAL", "package.json of deidstack not found");
}

/** A borrowed source: its owner closes it. */
function keepOpen(source: OutcomeSource): OutcomeSource {
  return {
    get provenance() {
      return source.provenance;
    },
    get readsRawLines() {
      return source.readsRawLines;
    },
    get workerCount() {
      return source.workerCount;
    },
    outcomes: (input) => source.outcomes(input),
    stats: () => source.stats(),
    close: async () => undefined,
    abort: async () => undefined,
  };
}

export async function runBatch(opts: BatchRunOptions): Promise<BatchSummary> {
  return whileRunActive(() => runBatchActive(opts));
}

async function runBatchActive(opts: BatchRunOptions): Promise<BatchSummary> {
  const started = performance.now();
  const { stack } = opts;
  const output = resolve(opts.output);
  const onError = opts.onError ?? "quarantine";
  const maxDocumentBytes = opts.maxDocumentBytes ?? DEFAULT_MAX_DOCUMENT_BYTES;
  const maxSpec = opts.maxQuarantine ?? DEFAULT_MAX_QUARANTINE;
  const commitEvery = opts.commitEvery ?? { documents: 1000, ms: 5000 };
  if (opts.workers !== "auto" && (!Number.isInteger(opts.workers) || opts.workers < 0)) throw new DeidError("E_CONFIG", `--workers must be a whole number ≥ 0`);
  if (!(maxDocumentBytes > 0)) throw new DeidError("E_CONFIG", `--max-document-bytes must be positive`);

  const scan = await scanInput(opts.input, opts.inputOptions);
  // A small input does not repay starting a thread (and loading every detector) per core. With "auto" the pool
  // decides once its first worker has loaded the detectors and knows their kinds.
  const auto = opts.workers === "auto";
  const workers = opts.workers === "auto" ? autoWorkerCount(scan.documents, []) : opts.workers;
  checkOutputIsNotInput(output, scan.files);
  const limit = quarantineLimit(maxSpec, scan.documents);
  const partial = await hasPartialRun(output);
  if (partial && !opts.resume) {
    throw new DeidError("E_CONFIG", `a partial run exists at ${partialDirFor(output)}: continue it with --resume, or remove it to start again`);
  }
  if (!partial && opts.resume) throw new DeidError("E_CONFIG", `--resume: no partial run at ${partialDirFor(output)}`);

  const runnerOpts = { concurrency: opts.concurrency, provenanceExtra: opts.provenanceExtra };
  let source: OutcomeSource;
  const borrowed = opts.source !== undefined;
  if (opts.source) source = borrowed ? keepOpen(opts.source) : opts.source;
  else if (workers === 0) {
    // Loaded only here: with worker threads, the main thread never loads the detectors' code.
    const { InProcessSource } = await import("./source.js");
    source = await InProcessSource.create(stack, runnerOpts);
  }
  else {
    if (!opts.createPool) throw new DeidError("E_CONFIG", "worker threads are not available here; use --workers 0");
    const workersFor = auto ? (kinds: readonly string[]) => autoWorkerCount(scan.documents, kinds) : undefined;
    source = await opts.createPool(stack, { workers, ...(workersFor ? { workersFor } : {}), ...runnerOpts });
  }

  let cp: Checkpoint;
  try {
    const identity = {
      software_version: softwareVersion(),
      input: { sha256: scan.sha256, documents: scan.documents },
      stack: { sha256: stack.sha256, provenance_sha256: sha256Json(source.provenance) },
    };
    cp = opts.resume ? await Checkpoint.resume(output, identity) : await Checkpoint.start(output, identity);
  } catch (err) {
    await source.abort();
    throw err;
  }
  const unregister = onAbnormalExit(() => cp.discardSync());
  const resumedAt = cp.documentsDone;
  const startup_s = (performance.now() - started) / 1000;
  const processingStart = performance.now();
  const cpuStart = process.cpuUsage();
  const mainCpuStart = threadCpuSeconds();

  let spans = 0;
  let doneHere = 0;
  let next = resumedAt;
  let sinceCommit = 0;
  let lastCommit = performance.now();
  const pending = new Map<number, RunOutcome>();
  const readLimits = { maxDocumentBytes, ...opts.inputOptions };

  async function* feed(): AsyncGenerator<SourceItem> {
    for await (const item of readRunInput(opts.input, readLimits)) {
      if (item.index < resumedAt) continue;
      if (item.kind === "oversize") pending.set(item.index, oversizeOutcome(item.index, item.bytes, maxDocumentBytes, item.document_id, item.line));
      else yield { document: item.document, index: item.index, line: item.line };
    }
  }

  // A JSONL input for a source whose workers read lines (the pool): this thread only splits the input into lines;
  // the duplicate-id check is done here, in input order, on the id each outcome carries (as readRunInput does it).
  const seen = new CompactIdSet();
  const checkId = async (id: string, index: number, line: number | undefined) => {
    if (seen.add(id) && (line === undefined || (await idOccursBefore(opts.input, id, line)))) {
      throw new DeidError("E_INPUT_FORMAT", "duplicate document_id", { documentIndex: index, line, field: "document_id" });
    }
  };
  async function* feedLines(): AsyncGenerator<SourceItem> {
    const encoding = opts.inputOptions?.encoding ?? "utf-8";
    const slabs = new SharedLineSlabs();
    // Documents an earlier process of this run did: read here, for their ids only.
    const done = resumedAt > 0 ? new InputLineParser(encoding, maxDocumentBytes) : null;
    for await (const l of readJsonlRawLines(opts.input, readLimits)) {
      if (l.index < resumedAt) {
        if (l.kind === "line") {
          const r = done!.parse(l.bytes, l.index, l.line);
          await checkId(r.kind === "document" ? r.document.document_id : r.document_id!, l.index, l.line);
        }
        continue;
      }
      if (l.kind === "oversize") pending.set(l.index, oversizeOutcome(l.index, l.bytes, maxDocumentBytes, undefined, l.line));
      else yield { index: l.index, line: l.line, raw: slabs.copy(l.bytes), encoding, maxDocumentBytes };
    }
  }
  const readsLines = source.readsRawLines === true && !opts.inputOptions?.recursive && !statSync(opts.input).isDirectory();

  const drain = async () => {
    while (pending.has(next)) {
      const o = pending.get(next)!;
      pending.delete(next);
      next++;
      if ("runError" in o) throw o.runError;
      if (o.documentId !== undefined) await checkId(o.documentId, o.index, o.line);
      if ("bytes" in o) {
        await cp.appendRecordLine(o.bytes);
        spans += o.spans;
      } else if ("record" in o) {
        await cp.appendRecordLine(Buffer.from(JSON.stringify(o.record) + "\n", "utf8"));
        spans += o.record.spans.length;
      } else {
        const q = o.quarantine;
        if (onError === "abort") {
          throw new DeidError(q.code as ErrorCode, o.reason, { documentIndex: q.index, ...(q.detector ? { detectorId: q.detector } : {}), phase: q.phase });
        }
        await cp.appendQuarantine(q);
        if (cp.quarantined > limit) {
          const last = new DeidError(q.code as ErrorCode, o.reason, { ...(q.detector ? { detectorId: q.detector } : {}), documentIndex: q.index, phase: q.phase });
          throw new DeidError(
            "E_QUARANTINE_LIMIT",
            `${cp.quarantined} of ${scan.documents} documents quarantined, more than --max-quarantine ${maxSpec} allows (${limit}); run aborted, nothing written; the last: ${last.code}: ${last.message}`,
          );
        }
      }
      doneHere++;
      sinceCommit++;
      opts.onProgress?.({ done: cp.documentsDone, total: scan.documents, quarantined: cp.quarantined, doneHere, elapsedMs: performance.now() - processingStart });
      if (sinceCommit >= commitEvery.documents || performance.now() - lastCommit >= commitEvery.ms) {
        await cp.commit();
        sinceCommit = 0;
        lastCommit = performance.now();
      }
    }
  };

  // The next outcome, or INTERRUPTED as soon as a signal comes. Not Promise.race against one long-lived
  // "interrupted" promise: each race would leave a reaction on it that keeps that document's outcome reachable
  // for the whole run (issue 14); one waiter slot, taken and released per document, instead.
  let interruptedBy: string | null = null;
  let wake: ((v: typeof INTERRUPTED) => void) | null = null;
  const onInterrupt = () => {
    interruptedBy = String(opts.interrupt?.reason ?? "SIGINT");
    wake?.(INTERRUPTED);
  };
  if (opts.interrupt?.aborted) onInterrupt();
  else opts.interrupt?.addEventListener("abort", onInterrupt, { once: true });
  const nextOrInterrupt = <T>(it: AsyncIterator<T>): Promise<IteratorResult<T> | typeof INTERRUPTED> => {
    if (interruptedBy !== null) return Promise.resolve(INTERRUPTED);
    return new Promise((settle, reject) => {
      wake = settle;
      it.next().then(
        (r) => {
          wake = null;
          settle(r);
        },
        (err: unknown) => {
          wake = null;
          reject(err);
        },
      );
    });
  };

  let closed = false;
  try {
    const it = source.outcomes(readsLines ? feedLines() : feed())[Symbol.asyncIterator]();
    for (;;) {
      const r = await nextOrInterrupt(it);
      if (r === INTERRUPTED || r.done) break;
      pending.set(r.value.index, r.value);
      await drain();
    }
    if (interruptedBy === null) {
      await drain(); // oversize documents at the end of the input
      const detector_stats = await source.stats();
      const mainCpuEnd = threadCpuSeconds();
      const accounts = borrowed ? undefined : source.accounts?.();
      await source.close(stack.config.timeouts.detector_ms);
      closed = true;
      if (interruptedBy === null) {
        const files = await cp.finish();
        const total_s = (performance.now() - started) / 1000;
        return {
          format: "deidstack.run-summary.v1",
          output: files.output,
          quarantine_file: files.quarantine,
          stack: { name: stack.config.name, sha256: stack.sha256 },
          input: { sha256: scan.sha256, documents: scan.documents },
          documents_written: cp.documentsDone - cp.quarantined,
          documents_quarantined: cp.quarantined,
          quarantine_by_code: { ...cp.quarantineByCode },
          spans,
          resumed_at: resumedAt,
          workers: source.workerCount ?? workers,
          max_quarantine: { spec: maxSpec, limit },
          timings: { startup_s, processing_s: total_s - startup_s, total_s, processing_cpu_s: cpuSeconds(process.cpuUsage(cpuStart)) },
          peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
          detector_stats,
          threads: borrowed
            ? null
            : { main_processing_cpu_s: mainCpuStart !== null && mainCpuEnd !== null ? mainCpuEnd - mainCpuStart : null, workers: accounts?.workers ?? [] },
          transfer: accounts ? { to_workers: accounts.to_workers, from_workers: accounts.from_workers } : null,
        };
      }
    }
    await cp.suspend();
    throw new DeidError(
      "E_INTERRUPTED",
      `stopped with ${cp.documentsDone} of ${scan.documents} documents committed in ${cp.dir} (mode 700); continue with --resume, or remove that folder`,
      { signal: interruptedBy ?? "SIGINT" },
    );
  } catch (err) {
    if (!closed) await source.abort().catch(() => undefined);
    if (!(err instanceof DeidError && err.code === "E_INTERRUPTED")) await cp.discard();
    throw err;
  } finally {
    opts.interrupt?.removeEventListener("abort", onInterrupt);
    unregister();
  }
}
