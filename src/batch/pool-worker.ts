// One worker thread of the pool: its own StackRunner (its own detectors, its own ONNX sessions), documents in,
// outcomes out. A heartbeat in shared memory tells the main thread whether this thread's event loop still turns,
// and which detector call holds it when it does not (see pool.ts).
import "reflect-metadata";
import pLimit from "p-limit";
import { parentPort, workerData } from "node:worker_threads";
import { DeidError, describeThrown, shareReadOnlyFiles, type IndexedDocument } from "../contract/index.js";
import { StackRunner, loadStack, type DocumentOutcome } from "../stack/index.js";
import { LineReaders, isRawLine } from "./input-items.js";
import { HB_DETECTOR, HB_DOCUMENT, HB_TICK, type PoolWorkerData, type ToMain, type ToWorker, type WireItem, type WireOutcome } from "./pool-protocol.js";

const data = workerData as PoolWorkerData;
/** At most this many outcomes wait for one message (the pool keeps at least 8 documents queued here). */
const OUTCOMES_PER_MESSAGE = 4;
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

function post(m: ToMain): void {
  port.postMessage(m);
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
  post({ type: "ready", provenance: runner.provenance() });
  const readers = new LineReaders();
  // The record is serialised here, once: a string crosses to the CLI thread as one copy, where the structured
  // clone of a record's object graph (text, spans, provenance) cost more than the JSON.stringify the CLI thread
  // then did on it.
  const toWire = (o: DocumentOutcome, read?: { documentId: string; line: number }): WireOutcome => {
    const w: WireOutcome = "record" in o ? { index: o.index, json: JSON.stringify(o.record), spans: o.record.spans.length } : o;
    if (read) {
      w.documentId = read.documentId;
      w.line = read.line;
    }
    return w;
  };
  const processItem = async ({ item }: WireItem): Promise<WireOutcome> => {
    if (!isRawLine(item)) return toWire(await runner.processOutcome(item.document, item.index, run.signal, item.line));
    let read: ReturnType<LineReaders["read"]>;
    try {
      read = readers.read(item);
    } catch (err) {
      return { index: item.index, runError: errorMessage(err) };
    }
    if ("oversize" in read) return toWire(read.oversize, { documentId: read.documentId, line: item.line });
    const doc: IndexedDocument = read.document;
    return toWire(await runner.processOutcome(doc.document, doc.index, run.signal, doc.line), { documentId: doc.document.document_id, line: item.line });
  };
  // Outcomes go back a few at a time (one message, one wake-up of the CLI thread for several documents), and at
  // once when this thread has nothing else to do.
  let outbox: { seq: number; outcome: WireOutcome }[] = [];
  let holding = 0;
  const done = (seq: number, outcome: WireOutcome) => {
    holding--;
    outbox.push({ seq, outcome });
    if (outbox.length >= OUTCOMES_PER_MESSAGE || holding === 0) {
      post({ type: "outcomes", items: outbox });
      outbox = [];
    }
  };
  port.on("message", (m: ToWorker) => {
    if (m.type === "documents") {
      holding += m.items.length;
      for (const w of m.items) {
        void limit(() => processItem(w)).then(
          (outcome) => done(w.seq, outcome),
          (err: unknown) => done(w.seq, { index: w.item.index, runError: errorMessage(err) }),
        );
      }
    } else if (m.type === "stats") {
      post({ type: "stats", stats: runner.stats() });
    } else if (m.type === "close") {
      runner.closeChecked(m.timeoutMs).then(
        () => {
          clearInterval(ticker);
          post({ type: "closed" });
        },
        (err) => post({ type: "closed", error: errorMessage(err) }),
      );
    }
  });
}

void main();
