// Fault injection, mostly in-process (runCommand): a failing document is withheld and listed in the quarantine
// file (id, index, code, detector, phase; never text) while every other document is written in input order;
// `--on-error abort` and the quarantine limit stop the whole run and leave nothing. Bad input still stops the run
// with an error naming the line and field. A few cases run the real CLI for exit codes (cli-errors.test.ts).
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DeidError } from "../../src/contract/index.js";
import { runCommand } from "../../src/cli/commands/run.js";
import { allFiles, tempDir } from "./helpers.js";
import { CANARY, FAULTY, canaryNotes, canaryRun } from "../support/canary-run.js";

const notes = (n: number, failAt: number[]) => canaryNotes(n, { fails: (i) => failAt.includes(i) });

function setup(mode: string, o: { n?: number; failAt?: number[]; extra?: Record<string, unknown>; stack?: Record<string, unknown> } = {}) {
  return canaryRun(notes(o.n ?? 6, o.failAt ?? [3]), {
    name: `fault-${mode}`,
    detectors: [{ use: "known-identifiers" }, { use: FAULTY, with: { mode, trigger: "FAILHERE", ...o.extra } }],
    timeouts: { detector_ms: 1500 },
    concurrency: { documents: 2 },
    ...o.stack,
  });
}

/** No file under dir other than the inputs holds the canary. */
function canaryInFiles(dir: string, inputs: string[]): boolean {
  return allFiles(dir)
    .filter((f) => !inputs.includes(f))
    .some((f) => readFileSync(f).includes(CANARY));
}

function lines(path: string): Record<string, unknown>[] {
  const t = readFileSync(path, "utf8");
  return t ? t.trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>) : [];
}

const cases: [mode: string, code: string][] = [
  ["throw", "E_DETECTOR_FAILED"],
  ["custom-error", "E_DETECTOR_FAILED"],
  ["reject", "E_DETECTOR_FAILED"],
  ["hang", "E_DETECTOR_TIMEOUT"],
  ["out-of-range", "E_DETECTOR_INVALID_SPAN"],
  ["bad-label", "E_DETECTOR_INVALID_SPAN"],
  ["negative", "E_DETECTOR_INVALID_SPAN"],
  ["float", "E_DETECTOR_INVALID_SPAN"],
  ["nan-score", "E_DETECTOR_INVALID_SPAN"],
  ["with-text", "E_DETECTOR_INVALID_SPAN"],
  ["not-array", "E_DETECTOR_INVALID_SPAN"],
  ["empty-span", "E_DETECTOR_INVALID_SPAN"],
];

describe("fail closed per document (in-process)", () => {
  it("a healthy stack writes every document and an empty quarantine list", async () => {
    const { dir, input, stack, output } = setup("ok");
    const s = await runCommand({ stack, input, output, workers: 0 });
    expect(s.documents_written).toBe(6);
    expect(s.documents_quarantined).toBe(0);
    expect(lines(output).map((r) => r.document_id)).toEqual(["d0", "d1", "d2", "d3", "d4", "d5"]);
    expect(readFileSync(`${output}.quarantine.jsonl`, "utf8")).toBe("");
    expect(readdirSync(dir).sort()).toEqual(["in.jsonl", "out.jsonl", "out.jsonl.quarantine.jsonl", "stack.json"]);
    expect(canaryInFiles(dir, [input])).toBe(false);
  });

  it.each(cases)("%s: only that document is withheld and listed; the others are written in order", async (mode, code) => {
    const { dir, input, stack, output } = setup(mode);
    const s = await runCommand({ stack, input, output, workers: 0, maxQuarantine: "1" });
    expect(s.documents_written).toBe(5);
    expect(s.quarantine_by_code).toEqual({ [code]: 1 });
    expect(lines(output).map((r) => r.document_id)).toEqual(["d0", "d1", "d2", "d4", "d5"]);
    expect(lines(`${output}.quarantine.jsonl`)).toEqual([{ document_id: "d3", index: 3, line: 4, code, detector: "faulty", phase: "detect" }]);
    expect(canaryInFiles(dir, [input])).toBe(false);
    expect(readFileSync(`${output}.quarantine.jsonl`, "utf8")).not.toContain("FAILHERE");
  });

  it.each(cases)("%s with --on-error abort: the first failure stops the run, nothing is left", async (mode, code) => {
    const { dir, input, stack, output } = setup(mode);
    const err = await runCommand({ stack, input, output, workers: 0, onError: "abort" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DeidError);
    expect((err as DeidError).code).toBe(code);
    expect((err as DeidError).message).toMatch(/detector faulty, document index 3/);
    expect((err as DeidError).message).not.toContain(CANARY);
    expect((err as DeidError).message).not.toContain("FAILHERE");
    expect(readdirSync(dir).sort()).toEqual(["in.jsonl", "stack.json"]);
  });

  it("more quarantined documents than --max-quarantine allows aborts the run and leaves nothing", async () => {
    const { dir, input, stack, output } = setup("throw", { n: 10, failAt: [2, 5, 7] });
    const err = await runCommand({ stack, input, output, workers: 0, maxQuarantine: "20%" }).catch((e: unknown) => e);
    expect((err as DeidError).code).toBe("E_QUARANTINE_LIMIT");
    expect((err as DeidError).message).toMatch(/3 of 10 documents quarantined, more than --max-quarantine 20% allows \(2\).*the last: E_DETECTOR_FAILED: detector faulty, document index 7/);
    expect(readdirSync(dir).sort()).toEqual(["in.jsonl", "stack.json"]);
    // at the limit it completes
    const s = await runCommand({ stack, input, output, workers: 0, maxQuarantine: "3" });
    expect(s.documents_quarantined).toBe(3);
    expect(lines(`${output}.quarantine.jsonl`).map((q) => q.index)).toEqual([2, 5, 7]);
  });

  it("the default limit is 1% of the input", async () => {
    const over = setup("throw", { n: 200, failAt: [10, 20, 30] });
    const err = await runCommand({ stack: over.stack, input: over.input, output: over.output, workers: 0 }).catch((e: unknown) => e);
    expect((err as DeidError).code).toBe("E_QUARANTINE_LIMIT");
    const at = setup("throw", { n: 200, failAt: [10, 20] });
    const s = await runCommand({ stack: at.stack, input: at.input, output: at.output, workers: 0 });
    expect(s.documents_quarantined).toBe(2);
    expect(s.max_quarantine).toEqual({ spec: "1%", limit: 2 });
  });

  it("a leak guard refusal quarantines the document (phase leak-guard)", async () => {
    const dir = tempDir();
    const input = join(dir, "in.jsonl");
    writeFileSync(input, notes(3, []));
    const stack = join(dir, "stack.json");
    // The faulty detector finds only the first 3 characters, so the patient's surname survives: the guard refuses.
    writeFileSync(stack, JSON.stringify({ name: "guard", detectors: [{ use: FAULTY }], leak_guard: true }));
    const s = await runCommand({ stack, input, output: join(dir, "out.jsonl"), workers: 0, maxQuarantine: "100%" });
    expect(s.documents_written).toBe(0);
    expect(lines(join(dir, "out.jsonl.quarantine.jsonl"))).toEqual([0, 1, 2].map((i) => ({ document_id: `d${i}`, index: i, line: i + 1, code: "E_LEAK_GUARD", detector: null, phase: "leak-guard" })));
    expect(canaryInFiles(dir, [input])).toBe(false);
  });

  it("a document over --max-document-bytes is quarantined unread, by index", async () => {
    const dir = tempDir();
    const input = join(dir, "in.jsonl");
    const big = "x".repeat(5000);
    writeFileSync(
      input,
      [
        JSON.stringify({ document_id: "a", text: "Kort." }),
        JSON.stringify({ document_id: "b", text: `${CANARY} ${big}` }),
        JSON.stringify({ document_id: "c", text: "y".repeat(1_100_000) }), // over 4× the limit + 1 MiB: not even parsed
        JSON.stringify({ document_id: "d", text: "Ook kort." }),
      ].join("\n"),
    );
    const stack = join(dir, "stack.json");
    writeFileSync(stack, JSON.stringify({ name: "plain", detectors: [{ use: "known-identifiers" }] }));
    const output = join(dir, "out.jsonl");
    const s = await runCommand({ stack, input, output, workers: 0, maxDocumentBytes: 4000, maxQuarantine: "2" });
    expect(lines(output).map((r) => r.document_id)).toEqual(["a", "d"]);
    expect(lines(`${output}.quarantine.jsonl`)).toEqual([
      { document_id: "b", index: 1, line: 2, code: "E_DOCUMENT_TOO_LARGE", detector: null, phase: "input" },
      { document_id: null, index: 2, line: 3, code: "E_DOCUMENT_TOO_LARGE", detector: null, phase: "input" },
    ]);
    expect(s.quarantine_by_code).toEqual({ E_DOCUMENT_TOO_LARGE: 2 });
  });

  it("refuses an output that is the input (or the input through a link) before reading anything", async () => {
    const { dir, input, stack } = setup("ok");
    const before = readFileSync(input);
    for (const output of [input, join(dir, ".", "in.jsonl")]) {
      const err = await runCommand({ stack, input, output, workers: 0 }).catch((e: unknown) => e);
      expect((err as DeidError).code).toBe("E_CONFIG");
      expect((err as DeidError).message).toMatch(/is an input file/);
    }
    expect(readFileSync(input).equals(before)).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(["in.jsonl", "stack.json"]);
    const txt = tempDir();
    writeFileSync(join(txt, "a.txt"), "Kort.");
    const e2 = await runCommand({ stack, input: txt, output: join(txt, "a.txt"), workers: 0 }).catch((e: unknown) => e);
    expect((e2 as DeidError).message).toMatch(/is an input file/);
  });

  it("a close() that throws fails the run: no output, no partial files, no text", async () => {
    for (const on_close of ["throw", "hang"]) {
      const { dir, input, stack, output } = setup("ok", { extra: { on_close } });
      const err = (await runCommand({ stack, input, output, workers: 0 }).catch((e: unknown) => e)) as DeidError;
      expect(err.code).toBe(on_close === "throw" ? "E_DETECTOR_FAILED" : "E_DETECTOR_TIMEOUT");
      expect(err.message).toMatch(/detector faulty, phase close/);
      expect(err.message).not.toContain(CANARY);
      expect(existsSync(output)).toBe(false);
      expect(readdirSync(dir).sort()).toEqual(["in.jsonl", "stack.json"]);
    }
  });

  it("a create() that throws or hangs is an error before the first document; its class name and code are not printed", async () => {
    for (const on_create of ["throw", "hang"]) {
      const { dir, input, stack, output } = setup("ok", { extra: { on_create } });
      const err = (await runCommand({ stack, input, output, workers: 0 }).catch((e: unknown) => e)) as Error;
      expect(String(err.message)).not.toContain(CANARY);
      expect(readdirSync(dir).sort()).toEqual(["in.jsonl", "stack.json"]);
    }
  });
});

describe("fail closed per document in worker threads (in-process pool)", { timeout: 180_000 }, () => {
  const pool: [mode: string, code: string, detector: string | null][] = [
    ["spin", "E_DETECTOR_TIMEOUT", "faulty"],
    ["exit", "E_PLUGIN_EXIT", null],
    ["uncaught", "E_WORKER_CRASHED", null],
    ["unhandled", "E_WORKER_CRASHED", null],
  ];
  it.each(pool)("%s: the worker is replaced, only that document is withheld, order is kept", async (mode, code, detector) => {
    const { dir, input, stack, output } = setup(mode, { n: 8, stack: { timeouts: { detector_ms: 3000 } } });
    const s = await runCommand({ stack, input, output, workers: 2, maxQuarantine: "1" });
    expect(lines(output).map((r) => r.document_id)).toEqual(["d0", "d1", "d2", "d4", "d5", "d6", "d7"]);
    const q = lines(`${output}.quarantine.jsonl`);
    expect(q).toHaveLength(1);
    expect(q[0]).toMatchObject({ document_id: "d3", index: 3, code, detector });
    expect(s.documents_quarantined).toBe(1);
    expect(canaryInFiles(dir, [input])).toBe(false);
  });

  it("a worker whose synchronous detector keeps it busy document after document is not taken for a blocked one", async () => {
    // Each call takes a fifth of the timeout, but a worker holds 16 documents, and synchronous calls run as one chain
    // without returning to its event loop: only ticks at each call show the watchdog that the thread moves on.
    const { input, stack, output } = setup("busy", { n: 24, failAt: [], extra: { trigger: "", busy_ms: 200 }, stack: { timeouts: { detector_ms: 1000 } } });
    const s = await runCommand({ stack, input, output, workers: 1, maxQuarantine: "100%" });
    expect(s.quarantine_by_code).toEqual({});
    expect(lines(output)).toHaveLength(24);
  });

  it("gives the same bytes as the in-thread run", async () => {
    const { input, stack, output } = setup("ok", { n: 12 });
    await runCommand({ stack, input, output, workers: 0 });
    const a = readFileSync(output);
    await runCommand({ stack, input, output: `${output}.2`, workers: 2, concurrency: 3 });
    expect(readFileSync(`${output}.2`).equals(a)).toBe(true);
  });
});

describe("bad input (in-process)", () => {
  const stackFile = () => {
    const dir = tempDir();
    const stack = join(dir, "stack.json");
    writeFileSync(stack, JSON.stringify({ name: "plain", detectors: [{ use: "known-identifiers" }] }));
    return { dir, stack };
  };
  const good = (id: string) => JSON.stringify({ document_id: id, text: `Note of ${CANARY}.` });

  const inputs: [name: string, content: Buffer | string, expected: RegExp][] = [
    ["malformed JSON", `${good("a")}\n{"document_id": "b", "text": "${CANARY}"\n`, /line 2.*not valid JSON/],
    ["missing text", `${good("a")}\n${JSON.stringify({ document_id: "b" })}\n`, /line 2, field text/],
    [
      "offsets outside the text",
      JSON.stringify({ document_id: "a", text: CANARY, spans: [{ begin: 0, end: 99, label: "Name:Patient" }] }),
      /field spans\[0\]\.end.*outside the text/,
    ],
    [
      "span text mismatch",
      JSON.stringify({ document_id: "a", text: `x ${CANARY}`, spans: [{ begin: 0, end: 3, label: "Name:Patient", text: "abc" }] }),
      /field spans\[0\]\.text.*does not match/,
    ],
    [
      "unknown label",
      JSON.stringify({ document_id: "a", text: `x ${CANARY}`, spans: [{ begin: 0, end: 3, label: "Person" }] }),
      /field spans\[0\]\.label/,
    ],
    ["non-UTF-8 bytes", Buffer.concat([Buffer.from(`${good("a")}\n{"document_id":"b","text":"`), Buffer.from([0xff, 0xfe]), Buffer.from(`"}\n`)]), /line 2.*not valid UTF-8/],
    ["empty file", "", /no documents/],
    ["duplicate id", `${good("a")}\n${good("b")}\n${good("a")}\n`, /line 3, field document_id: duplicate/],
    ["retired metadata key", JSON.stringify({ document_id: "a", text: CANARY, metadata: { patient_name: CANARY } }), /field metadata\.patient_name/],
  ];

  it.each(inputs)("%s", async (_name, content, expected) => {
    const { dir, stack } = stackFile();
    const input = join(dir, "in.jsonl");
    writeFileSync(input, content);
    const output = join(dir, "out.jsonl");
    const err = (await runCommand({ stack, input, output, workers: 0 }).catch((e: unknown) => e)) as Error;
    expect(err).toBeInstanceOf(DeidError);
    expect(err.message).toMatch(expected);
    expect(err.message).not.toContain(CANARY);
    expect(readdirSync(dir).sort()).toEqual(["in.jsonl", "stack.json"]);
  });
});
