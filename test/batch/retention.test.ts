// Memory bounded by design (issue 14): a batch run keeps no document's outcome once it is written. Each outcome
// is watched through a WeakRef; part-way through a run, after a full garbage collection, the outcomes written
// long before must be gone. A Promise.race against one long-lived promise (an interrupt or a fatal-error signal)
// keeps every outcome it ever raced reachable: these tests fail on that.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { runInNewContext } from "node:vm";
import { setFlagsFromString } from "node:v8";
import { describe, expect, it } from "vitest";
import type { IndexedDocument } from "../../src/contract/index.js";
import { runBatch } from "../../src/batch/run-batch.js";
import { WorkerPoolSource } from "../../src/batch/pool.js";
import type { OutcomeSource } from "../../src/batch/source.js";
import { loadStack, type DocumentOutcome } from "../../src/stack/index.js";
import { tempDir } from "../e2e/helpers.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

const N = 400;
const CHECK_AT = 300;
/** Outcomes of documents 0 .. EARLY-1 must be collectable by the time document CHECK_AT is handled. */
const EARLY = 200;

function input(dir: string): string {
  const path = join(dir, "in.jsonl");
  const lines = Array.from({ length: N }, (_, i) => JSON.stringify({ document_id: `d${i}`, text: `Note ${i}: ${"x".repeat(2000)}` }));
  writeFileSync(path, lines.join("\n") + "\n");
  return path;
}

async function stackFile(dir: string): Promise<string> {
  const path = join(dir, "stack.json");
  writeFileSync(path, JSON.stringify({ name: "retention", detectors: [{ use: "known-identifiers" }], concurrency: { documents: 2 } }));
  return path;
}

function alive(refs: WeakRef<object>[], upTo: number): number {
  return refs.slice(0, upTo).filter((r) => r.deref() !== undefined).length;
}

describe("a batch run keeps no outcome it has written", () => {
  it("runBatch: outcomes from a source are released once written (with an interrupt signal listening)", async () => {
    const dir = tempDir();
    const refs: WeakRef<object>[] = [];
    let aliveEarly = -1;
    const source: OutcomeSource = {
      provenance: { test: "retention" },
      async *outcomes(docs: AsyncIterable<IndexedDocument>) {
        for await (const item of docs) {
          if (item.index === CHECK_AT) {
            await new Promise((r) => setImmediate(r));
            gc();
            aliveEarly = alive(refs, EARLY);
          }
          const outcome = { index: item.index, record: { document_id: item.document.document_id, text: item.document.text.toUpperCase(), spans: [] } } as unknown as DocumentOutcome;
          refs.push(new WeakRef(outcome));
          yield outcome;
        }
      },
      stats: async () => ({}),
      close: async () => undefined,
      abort: async () => undefined,
    };
    const stack = await loadStack(await stackFile(dir));
    const interrupt = new AbortController();
    const s = await runBatch({ stack, input: input(dir), output: join(dir, "out.jsonl"), workers: 0, source, interrupt: interrupt.signal });
    expect(s.documents_written).toBe(N);
    expect(refs).toHaveLength(N);
    expect(aliveEarly).toBe(0);
  });

  it("the worker pool: outcomes are released once taken", async () => {
    const dir = tempDir();
    const stack = await loadStack(await stackFile(dir));
    const pool = await WorkerPoolSource.create(stack, { workers: 1 });
    const refs: WeakRef<object>[] = [];
    let aliveEarly = -1;
    async function* docs(): AsyncGenerator<IndexedDocument> {
      for (let i = 0; i < N; i++) yield { document: { document_id: `d${i}`, text: `Note ${i}: ${"x".repeat(2000)}` }, index: i };
    }
    try {
      let k = 0;
      for await (const o of pool.outcomes(docs())) {
        expect(o.index).toBe(k++);
        refs.push(new WeakRef(o));
        if (o.index === CHECK_AT) {
          gc();
          aliveEarly = alive(refs, EARLY);
        }
      }
      expect(k).toBe(N);
      expect(aliveEarly).toBe(0);
    } finally {
      await pool.close(5000);
    }
  });
});
