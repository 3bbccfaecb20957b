// Systems run in a fresh process; the battery's own work for the previous system (scoring) runs while the next one
// starts, and never during a timed pass.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { runSystem, type SystemRunProgress, type SystemRunRequest } from "../../src/battery/index.js";
import { runSystemIsolated } from "../../src/battery/system-process.js";
import { loadJsonlDocuments } from "../../src/contract/index.js";
import { loadStack } from "../../src/stack/index.js";

const FIXTURES = join(import.meta.dirname, "..", "fixtures", "battery");

async function request(): Promise<SystemRunRequest> {
  const docs = (await loadJsonlDocuments(join(FIXTURES, "corpus.jsonl"))).map((d) => ({ document_id: d.document_id, text: d.text }));
  return { stack: await loadStack(join(FIXTURES, "stacks", "dates.yaml")), corpora: [{ id: "c", inputs: docs }], warmup: 2, workDir: mkdtempSync(join(tmpdir(), "deidstack-iso-")), filePrefix: "0" };
}

function busy(ms: number): number {
  const until = performance.now() + ms;
  while (performance.now() < until);
  return performance.now();
}

describe.each([
  ["in a child process", runSystemIsolated],
  ["in this process", runSystem],
])("a system run %s", (_, run) => {
  it("starts its timed pass only after the battery's own work, and returns every document's spans", async () => {
    const req = await request();
    let workEnded = 0;
    let timedStarted = 0;
    const phases: string[] = [];
    const result = await run(
      req,
      (p: SystemRunProgress) => {
        if (p.done === 0) phases.push(p.phase);
        if (p.phase === "run" && p.done === 0) timedStarted = performance.now();
      },
      {
        whileStarting: () => {
          workEnded = busy(300);
        },
      },
    );
    expect(phases).toEqual(["setup", "warmup", "run"]);
    expect(timedStarted).toBeGreaterThanOrEqual(workEnded);
    expect(result.corpora[0].spans).toHaveLength(req.corpora[0].inputs.length);
    expect(result.corpora[0].spans.flat().length).toBeGreaterThan(0);
    expect(result.detectors.map((d) => d.version)).toEqual(["0.0.1"]);
  });
});

describe("a failing system in a child process", () => {
  it("comes back as the typed error of its corpus", async () => {
    const req = { ...(await request()), warmup: 0 };
    req.stack = { ...req.stack, config: { ...req.stack.config, detectors: [{ use: "command-jsonl", with: { command: ["node", join(FIXTURES, "..", "fake-tools", "jsonl", "fake-jsonl.mjs"), "garbage"] } }] } };
    const err = (await runSystemIsolated(req).catch((e) => e)) as { corpus: string; failure: { code: string; message: string } };
    expect(err.corpus).toBe("c");
    expect(err.failure.code).toBe("E_DETECTOR_FAILED");
    expect(err.failure.message).toMatch(/detector command-jsonl.*not valid JSON/);
  });
});

describe.each([
  ["in a child process", runSystemIsolated],
  ["in this process", runSystem],
])("a system failing in the middle of its timed pass %s", (_, run) => {
  it("fails with the document's index, whatever output was still being written", async () => {
    const inputs = Array.from({ length: 40 }, (_, i) => ({ document_id: `d${i}`, text: `Notitie ${i} woord woord${i === 30 ? " STOP" : ""}` }));
    const base = await request();
    const req: SystemRunRequest = {
      ...base,
      corpora: [{ id: "c", inputs }],
      warmup: 0,
      stack: {
        ...base.stack,
        config: { ...base.stack.config, detectors: [{ use: join(FIXTURES, "..", "plugins", "faulty.ts"), with: { mode: "throw", trigger: "STOP" } }], concurrency: { documents: 8 } },
      },
    };
    const err = (await run(req).catch((e) => e)) as { corpus: string; failure: { code: string; message: string } };
    expect(err.corpus).toBe("c");
    expect(err.failure.message).toMatch(/document index 30/);
    expect(err.failure.message).not.toMatch(/STOP|woord/);
  });
});

