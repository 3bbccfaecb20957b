// Each worker's CPU account carries the collector's pauses on its thread since its first document (the run
// summary's `threads.workers[].gc`, printed by bench/batch-workers.ts), so a heap setting can be compared by
// scavenges and pause time, which the CPU figures of a loaded machine hide.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { IndexedDocument } from "../../src/contract/index.js";
import { WorkerPoolSource } from "../../src/batch/pool.js";
import { loadStack } from "../../src/stack/index.js";
import { tempDir } from "../e2e/helpers.js";

const N = 60;

describe("worker pool: the collector's pauses in each worker's account", () => {
  it("counts scavenges and their time after the first document", { timeout: 120_000 }, async () => {
    const dir = tempDir();
    const stackPath = join(dir, "stack.json");
    writeFileSync(stackPath, JSON.stringify({ name: "gc", detectors: [{ use: "patterns" }], concurrency: { documents: 1 } }));
    const stack = await loadStack(stackPath);
    // A young generation of 8 MB and notes of about 60 KB with 1,500 phone numbers and dates each: the detector's
    // matches and spans are small objects in the young generation (a large note string alone would go to the
    // large-object space and need no scavenge), several MB per document, so scavenges are certain.
    const pool = await WorkerPoolSource.create(stack, { workers: 1, maxYoungGenerationSizeMb: 8 });
    async function* docs(): AsyncGenerator<IndexedDocument> {
      for (let i = 0; i < N; i++) yield { document: { document_id: `d${i}`, text: `Note ${i}: ${"tel 0470 12 34 56 op 12/03/2020, ".repeat(1_500)}` }, index: i };
    }
    try {
      let k = 0;
      for await (const o of pool.outcomes(docs())) if (o.index === k) k++;
      expect(k).toBe(N);
      await pool.stats();
      const [account] = pool.accounts().workers;
      expect(account.documents).toBe(N);
      expect(account.gc.scavenges).toBeGreaterThan(0);
      expect(account.gc.scavenge_ms).toBeGreaterThan(0);
      expect(account.gc.major).toBeGreaterThanOrEqual(0);
      expect(account.gc.major_ms).toBeGreaterThanOrEqual(0);
    } finally {
      await pool.close(10_000);
    }
  });
});
