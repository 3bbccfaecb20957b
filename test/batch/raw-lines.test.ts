// With worker threads the CLI thread does not parse a JSONL input: it splits it into lines and the workers decode,
// parse and validate them (issue 12: the CLI thread's parsing serialised the run). Whatever the input, the run must
// end exactly as the in-thread reader (--workers 0, readRunInput) ends it: the same output and quarantine bytes,
// or the same error code and message (index, line, field) at the same document.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { WorkerPoolSource } from "../../src/batch/pool.js";
import { runBatch } from "../../src/batch/run-batch.js";
import { DeidError } from "../../src/contract/index.js";
import { loadStack, type LoadedStack } from "../../src/stack/index.js";
import { tempDir } from "../e2e/helpers.js";

const doc = (id: string, text = `Patient ${id} gezien door Jan Peeters.`) =>
  JSON.stringify({ document_id: id, text, metadata: { patient: { given_name: "Jan", family_name: "Peeters" } } });
const many = (n: number, from = 0) => Array.from({ length: n }, (_, i) => doc(`d${from + i}`));

/** Inputs as bytes: each one of the cases a line reader must get right. */
const CASES: Record<string, Buffer> = {
  "plain, 60 documents": Buffer.from(many(60).join("\n") + "\n"),
  "blank lines, CRLF, no final newline, a BOM": Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(["", ...many(5), "  \t", "", ...many(5, 5)].join("\r\n"))]),
  "a line of non-breaking spaces only (blank once decoded)": Buffer.from([...many(3), "\u00a0\u3000 ", ...many(3, 3)].join("\n")),
  "a duplicate id late in the input": Buffer.from([...many(40), doc("d7")].join("\n")),
  "a line that is not JSON": Buffer.from([...many(30), "{not json", ...many(5, 30)].join("\n")),
  "an unknown metadata key": Buffer.from([...many(20), JSON.stringify({ document_id: "x", text: "t", metadata: { pateint: {} } }), ...many(5, 20)].join("\n")),
  "invalid UTF-8 in a line": Buffer.concat([Buffer.from(many(25).join("\n") + "\n"), Buffer.from([0x7b, 0xff, 0xfe, 0x7d, 0x0a]), Buffer.from(many(3, 25).join("\n"))]),
  "a text over --max-document-bytes": Buffer.from([...many(10), doc("big", "x".repeat(3000)), ...many(10, 10)].join("\n")),
  "a line too long to parse": Buffer.from([...many(10), doc("huge", "y".repeat(40_000)), ...many(10, 10)].join("\n")),
  "only blank lines": Buffer.from("\n  \n\r\n"),
};

type Ending = { output: string; quarantine: string; written: number; quarantined: number } | { code: string; message: string };

/** A run in this thread (pool undefined) or through a pool of two workers kept across runs. */
async function ending(stack: LoadedStack, input: string, output: string, pool?: WorkerPoolSource): Promise<Ending> {
  try {
    const s = await runBatch({ stack, input, output, workers: pool ? 2 : 0, source: pool, maxQuarantine: "100%", maxDocumentBytes: 2000 });
    return { output: readFileSync(s.output, "utf8"), quarantine: readFileSync(s.quarantine_file, "utf8"), written: s.documents_written, quarantined: s.documents_quarantined };
  } catch (err) {
    if (!(err instanceof DeidError)) throw err;
    return { code: err.code, message: err.message };
  }
}

describe("JSONL lines read in the workers end a run as the in-thread reader does", () => {
  it("every case: the same bytes or the same error", { timeout: 240_000 }, async () => {
    const dir = tempDir();
    const stackPath = join(dir, "stack.json");
    writeFileSync(stackPath, JSON.stringify({ name: "lines", detectors: [{ use: "known-identifiers" }], concurrency: { documents: 2 } }));
    const stack = await loadStack(stackPath);
    const pool = await WorkerPoolSource.create(stack, { workers: 2 });
    try {
      expect(pool.readsRawLines).toBe(true);
      let k = 0;
      for (const [name, bytes] of Object.entries(CASES)) {
        const input = join(dir, `in-${k}.jsonl`);
        writeFileSync(input, bytes);
        const inThread = await ending(stack, input, join(dir, `out-${k}-0.jsonl`));
        const inWorkers = await ending(stack, input, join(dir, `out-${k}-2.jsonl`), pool);
        expect({ name, ...inWorkers }).toEqual({ name, ...inThread });
        k++;
      }
    } finally {
      await pool.close(10_000);
    }
  });

  it("the cases are what they say: errors name the document, line and field", { timeout: 120_000 }, async () => {
    const dir = tempDir();
    const stackPath = join(dir, "stack.json");
    writeFileSync(stackPath, JSON.stringify({ name: "lines", detectors: [{ use: "known-identifiers" }], concurrency: { documents: 2 } }));
    const stack = await loadStack(stackPath);
    const pool = await WorkerPoolSource.create(stack, { workers: 2 });
    const expected: Record<string, RegExp> = {
      "a duplicate id late in the input": /^document index 40, line 41, field document_id: duplicate document_id$/,
      "a line that is not JSON": /^document index 30, line 31: line is not valid JSON$/,
      "invalid UTF-8 in a line": /line 26/,
      "only blank lines": /no documents/,
    };
    try {
      for (const [name, want] of Object.entries(expected)) {
        const input = join(dir, `${name.length}.jsonl`);
        writeFileSync(input, CASES[name]);
        const e = await ending(stack, input, join(dir, `o-${name.length}.jsonl`), pool);
        expect("code" in e ? e.message : "no error", name).toMatch(want);
      }
    } finally {
      await pool.close(10_000);
    }
  });
});
