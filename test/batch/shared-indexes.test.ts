// The worker pool keeps one copy of the detectors' read-only indexes for the whole process (issues 12 and 14:
// peak RSS with one worker per core): the first worker reads them into shared memory, the workers started after
// it use that memory instead of reading their own copy.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { WorkerPoolSource } from "../../src/batch/pool.js";
import { loadStack } from "../../src/stack/index.js";
import { ROOT, tempDir } from "../e2e/helpers.js";

const READER = join(ROOT, "test/fixtures/plugins/shared-reader.ts");

describe("worker pool: shared read-only files", () => {
  it("later workers use the first worker's copy", { timeout: 120_000 }, async () => {
    const dir = tempDir();
    const file = join(dir, "index.bin");
    writeFileSync(file, Buffer.alloc(64));
    const stackPath = join(dir, "stack.json");
    writeFileSync(stackPath, JSON.stringify({ name: "shared", detectors: [{ use: READER, with: { file } }], concurrency: { documents: 1 } }));
    const stack = await loadStack(stackPath);
    const pool = await WorkerPoolSource.create(stack, { workers: 3 });
    try {
      const stats = (await pool.stats())["shared-reader"];
      // Each worker incremented the counter in the memory it was given: 0 + 1 + 2 when all three share one copy.
      expect(stats).toEqual({ workers: 3, in_shared_memory: 3, increments_seen: 3 });
    } finally {
      await pool.close(10_000);
    }
  });
});
