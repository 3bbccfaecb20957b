// One worker thread of the pool: its own StackRunner (its own detectors, its own ONNX sessions), documents in,
// outcomes out. A heartbeat in shared memory tells the main thread whether this thread's event loop still turns,
// and which detector call holds it when it does not (see pool.ts).
import "reflect-metadata";
import pLimit from "p-limit";
import { PerformanceObserver, constants as perfConstants, type PerformanceEntry } from "node:perf_hooks";
import { parentPort, workerData } from "node:worker_threads";
import { DeidError, describeThrown, shareReadOnlyFiles, type IndexedDocument } from "../contract/index.js";
import { StackRunner, loadStack, type DocumentOutcome } from "../stack/index.js";
import { LineReaders, isRawLine } from "./input-items.js";
import { HB_DETECTOR, HB_DOCUMENT, HB_TICK, type PoolWorkerData, type ToMain, type ToWorker, type WireItem, type WireOutcome, type WorkerCpu } from "./pool-protocol.js";
import { threadCpuSeconds } from "./thread-cpu.js";

const data = workerData as PoolWorkerData;
/** At most this many outcomes wait for one message (the pool refills a worker before it runs dry: pool.ts). */
const OUTCOMES_PER_MESSAGE = 8;
/** The CPU account keeps apart this many first documents (the JIT warm-up) from the rest. */
const FIRST_DOCUMENTS = 200;
const port = parentPort!;
const hb = new Int32Array(data.heartbeat);
const tick = () => Atomics.store(hb, HB_TICK, Date.now() - data.clockBase);
tick();
const ticker = setInterval(tick, 50);

const ordinals = new Map<string, number>();
function ordinalOf(detectorId: string): number {
  let k = ordinals.get(detectorId);
  if (k === undefined) {
    k = ordinals.size + 1;
    ordinals.set(detectorId, k);
    post({ type: "detector-id", ordinal: k, id: detectorId });
  }
  return k;
}

function post(m: ToMain, transfer?: ArrayBuffer[]): void {
  port.postMessage(m, transfer);
}

/** This thread's CPU account: at ready, after FIRST_DOCUMENTS documents, and when asked. */
const cpu: WorkerCpu = { startup_cpu_s: null, documents: 0, first_documents: 0, first_cpu_s: null, cpu_s: null, gc: { scavenges: 0, scavenge_ms: 0, major: 0, major_ms: 0 } };
let cpuAtReady: number | null = null;
/** The collector's pauses, counted from the first document on (start-up's are in startup_cpu_s). */
function countPauses(entries: readonly PerformanceEntry[]): void {
  if (cpuAtReady === null) return;
  for (const e of entries) {
    const kind = (e as { detail?: { kind?: number } | null }).detail?.kind;
    if (kind === perfConstants.NODE_PERFORMANCE_GC_MINOR) {
      cpu.gc.scavenges++;
      cpu.gc.scavenge_ms += e.duration;
    } else {
      cpu.gc.major++;
      cpu.gc.major_ms += e.duration;
    }
  }
}
const gcObserver = new PerformanceObserver((list) => countPauses(list.getEntries()));
gcObserver.observe({ entryTypes: ["gc"] });
function countDone(): void {
  cpu.documents++;
  if (cpu.documents === FIRST_DOCUMENTS) {
    const now = threadCpuSeconds();
    cpu.first_documents = FIRST_DOCUMENTS;
    cpu.first_cpu_s = now !== null && cpuAtReady !== null ? now - cpuAtReady : null;
  }
}
function cpuAccount(): WorkerCpu {
  // The observer is told of pauses later (a task of the event loop): the ones not yet delivered are taken here.
  countPauses(gcObserver.takeRecords());
  const now = threadCpuSeconds();
  if (cpu.documents < FIRST_DOCUMENTS) {
    cpu.first_documents = cpu.documents;
    cpu.first_cpu_s = now !== null && cpuAtReady !== null ? now - cpuAtReady : null;
  }
  cpu.cpu_s = now !== null && cpuAtReady !== null ? now - cpuAtReady : null;
  return { ...cpu, gc: { ...cpu.gc } };
}

function errorMessage(err: unknown): { code: string; reason: string; context: Record<string, unknown> } {
  if (err instanceof DeidError) return { code: err.code, reason: err.reason, context: { ...err.context } };
  return { code: "E_INTERNAL", reason: `unexpected error: ${describeThrown(err)}`, context: {} };
}

async function main(): Promise<void> {
  post({ type: "started" });
  // The detectors' read-only indexes: one copy for the whole pool (the first worker reads them, later ones map them).
  shareReadOnlyFiles(data.sharedFiles, (file) => post({ type: "shared-file", file }));
  let runner: StackRunner;
  try {
    const stack = await loadStack(data.stackPath);
    if (stack.sha256 !== data.stackSha256) throw new DeidError("E_STACK_CONFIG", "the stack file changed while the run started");
    runner = await StackRunner.create(stack, {
      concurrency: data.concurrency,
      provenanceExtra: data.provenanceExtra,
      onDetectorCall(event, documentIndex, detectorId) {
        // A tick at each call's start and end too: the interval alone is not enough. When every detector is
        // synchronous, a batch of documents runs as one chain of microtasks, and the port hands this thread the next
        // batch before it returns to the event loop, so the timer may not run for many documents (seconds, more on a
        // loaded machine): the watchdog then stopped a healthy worker and quarantined a good document. What it must
        // catch is one call's synchronous part running past the timeout, which these ticks still show.
        tick();
        if (event === "start") {
          Atomics.store(hb, HB_DETECTOR, ordinalOf(detectorId));
          Atomics.store(hb, HB_DOCUMENT, documentIndex + 1);
        } else {
          Atomics.store(hb, HB_DOCUMENT, 0);
          Atomics.store(hb, HB_DETECTOR, 0);
        }
      },
    });
  } catch (err) {
    post({ type: "init-error", error: errorMessage(err) });
    return;
  }
  const limit = pLimit(data.concurrency ?? runner.stack.config.concurrency.documents);
  const run = new AbortController();
  cpuAtReady = threadCpuSeconds();
  cpu.startup_cpu_s = cpuAtReady;
  // The kinds of what runs per document (deterministic rules, models, LLMs): the pool's automatic worker count.
  const kinds = [...runner.detectorInfo.map((d) => d.kind), ...(runner.stack.config.second_opinion ? ["llm"] : [])];
  post({ type: "ready", provenance: runner.provenance(), kinds });
  const readers = new LineReaders();
  // The record is serialised here, once, and encoded to UTF-8 into the outcomes message's buffer (flush), which is
  // transferred: the CLI thread neither decodes, copies nor encodes it, it writes the bytes as they are.
  type Outgoing = { seq: number; outcome: WireOutcome; json?: string };
  const toWire = (o: DocumentOutcome, read?: { documentId: string; line: number }): Omit<Outgoing, "seq"> => {
    let out: Omit<Outgoing, "seq">;
    if ("record" in o) out = { outcome: { index: o.index, at: 0, length: 0, spans: o.record.spans.length }, json: JSON.stringify(o.record) };
    else out = { outcome: o };
    if (read) {
      out.outcome.documentId = read.documentId;
      out.outcome.line = read.line;
    }
    return out;
  };
  const processItem = async ({ item }: WireItem): Promise<Omit<Outgoing, "seq">> => {
    if (!isRawLine(item)) return toWire(await runner.processOutcome(item.document, item.index, run.signal, item.line));
    let read: ReturnType<LineReaders["read"]>;
    try {
      read = readers.read(item);
    } catch (err) {
      return { outcome: { index: item.index, runError: errorMessage(err) } };
    }
    if ("oversize" in read) return toWire(read.oversize, { documentId: read.documentId, line: item.line });
    const doc: IndexedDocument = read.document;
    return toWire(await runner.processOutcome(doc.document, doc.index, run.signal, doc.line), { documentId: doc.document.document_id, line: item.line });
  };
  // Outcomes go back a few at a time (one message, one wake-up of the CLI thread for several documents), and at
  // once when this thread has nothing else to do.
  let outbox: Outgoing[] = [];
  let holding = 0;
  const flush = () => {
    let total = 0;
    for (const o of outbox) if (o.json !== undefined) total += Buffer.byteLength(o.json, "utf8") + 1;
    let records: ArrayBuffer | null = null;
    if (total > 0) {
      records = new ArrayBuffer(total);
      const bytes = Buffer.from(records);
      let at = 0;
      for (const o of outbox) {
        if (o.json === undefined || !("at" in o.outcome)) continue;
        const length = bytes.write(o.json, at, "utf8");
        bytes[at + length] = 0x0a;
        o.outcome.at = at;
        o.outcome.length = length + 1;
        at += length + 1;
      }
    }
    post({ type: "outcomes", items: outbox.map(({ seq, outcome }) => ({ seq, outcome })), records }, records ? [records] : undefined);
    outbox = [];
  };
  const done = (seq: number, out: Omit<Outgoing, "seq">) => {
    tick();
    holding--;
    countDone();
    outbox.push({ seq, ...out });
    if (outbox.length >= OUTCOMES_PER_MESSAGE || holding === 0) flush();
  };
  port.on("message", (m: ToWorker) => {
    if (m.type === "documents") {
      holding += m.items.length;
      for (const w of m.items) {
        void limit(() => processItem(w)).then(
          (out) => done(w.seq, out),
          (err: unknown) => done(w.seq, { outcome: { index: w.item.index, runError: errorMessage(err) } }),
        );
      }
    } else if (m.type === "stats") {
      post({ type: "stats", stats: runner.stats(), cpu: cpuAccount() });
    } else if (m.type === "close") {
      runner.closeChecked(m.timeoutMs).then(
        () => {
          clearInterval(ticker);
          gcObserver.disconnect();
          post({ type: "closed" });
        },
        (err) => post({ type: "closed", error: errorMessage(err) }),
      );
    }
  });
}

void main();
