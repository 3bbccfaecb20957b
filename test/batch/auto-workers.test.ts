// The default worker count (--workers not given): one per core, at most one per 200 documents for a stack with a
// model or an LLM, one per 4,000 when every detector is a rule (each worker pays its own JIT warm-up, which a short
// rules run does not repay). The pool learns the kinds from its first worker, so the CLI thread loads no detector.
import { writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { WorkerPoolSource } from "../../src/batch/pool.js";
import { autoWorkerCount, runBatch } from "../../src/batch/run-batch.js";
import { loadStack } from "../../src/stack/index.js";
import { ROOT, tempDir } from "../e2e/helpers.js";

describe("autoWorkerCount", () => {
  const rules = ["deterministic", "deterministic", "deterministic"];
  it.each([
    [450, rules, 2, 1],
    [4000, rules, 2, 1],
    [4001, rules, 2, 2],
    [100_000, rules, 2, 2],
    [10_000, rules, 16, 3],
    [450, [...rules, "model"], 2, 2],
    [450, ["deterministic", "llm"], 16, 3],
    [150, ["model"], 4, 1],
    [0, rules, 2, 1],
    [450, [], 2, 2],
  ])("%i documents, kinds %j, %i cores: %i", (documents, kinds, cores, expected) => {
    expect(autoWorkerCount(documents, kinds, cores)).toBe(expected);
  });
});

describe("a run with the default --workers chooses by the stack's detectors", { timeout: 180_000 }, () => {
  const notes = (n: number) => Array.from({ length: n }, (_, i) => JSON.stringify({ document_id: `n${i}`, text: `Consult ${i}: gezien door dokter Vermeulen.` })).join("\n") + "\n";
  const run = async (detectors: object[]) => {
    const dir = tempDir();
    const input = join(dir, "in.jsonl");
    writeFileSync(input, notes(450));
    const stackPath = join(dir, "stack.json");
    writeFileSync(stackPath, JSON.stringify({ name: "auto", detectors }));
    const stack = await loadStack(stackPath);
    return runBatch({ stack, input, output: join(dir, "out.jsonl"), workers: "auto", maxQuarantine: "100%", createPool: (s, o) => WorkerPoolSource.create(s, o) });
  };

  it("rules only: one worker for 450 documents", async () => {
    const s = await run([{ use: "known-identifiers" }, { use: "patterns" }]);
    expect(s.workers).toBe(1);
    expect(s.threads?.workers).toHaveLength(1);
    expect(s.documents_written).toBe(450);
  });

  it("with a model: one per core up to one per 200 documents", async () => {
    const s = await run([{ use: "known-identifiers" }, { use: join(ROOT, "test/fixtures/plugins/faulty.ts"), with: { mode: "ok" } }]);
    expect(s.workers).toBe(Math.min(availableParallelism(), 3));
    expect(s.threads?.workers).toHaveLength(s.workers);
    expect(s.documents_written).toBe(450);
  });
});
