// Fault injection through the real CLI: any detector failure, and any bad input, leaves no output at all,
// exits non-zero, names the culprit, and never prints note text.
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, canaryLeaked, runCli, tempDir } from "./helpers.js";

const CANARY = "Zqxcanaryname";
const FAULTY = join(ROOT, "test/fixtures/plugins/faulty.ts");

function notes(n: number, failAt: number): string {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const text = `Patient ${CANARY} seen on day ${i}.${i === failAt ? " FAILHERE" : ""} Follow-up with ${CANARY}.`;
    lines.push(JSON.stringify({ document_id: `d${i}`, text, metadata: { patient: { given_name: "Jan", family_name: CANARY } } }));
  }
  return lines.join("\n") + "\n";
}

function setup(mode: string, extra: Record<string, unknown> = {}) {
  const dir = tempDir();
  const input = join(dir, "in.jsonl");
  writeFileSync(input, notes(6, 3));
  const stack = join(dir, "stack.json");
  writeFileSync(
    stack,
    JSON.stringify({
      name: `fault-${mode}`,
      detectors: [{ use: "known-identifiers" }, { use: FAULTY, with: { mode, trigger: "FAILHERE", ...extra } }],
      timeouts: { detector_ms: 1500 },
      concurrency: { documents: 2 },
    }),
  );
  return { dir, input, stack, output: join(dir, "out.jsonl") };
}

const cases: [mode: string, code: string, extra?: Record<string, unknown>][] = [
  ["throw", "E_DETECTOR_FAILED"],
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

describe("fail closed through the CLI", () => {
  it("a healthy stack writes every document", async () => {
    const { dir, input, stack, output } = setup("ok");
    const r = await runCli(["run", "--stack", stack, input, "-o", output]);
    expect(r.code).toBe(0);
    expect(existsSync(output)).toBe(true);
    expect(canaryLeaked(CANARY, r, dir, [input])).toBe(false);
  });

  it.each(cases)("%s: no output, exit ≠ 0, culprit named, no text", async (mode, code, extra) => {
    const { dir, input, stack, output } = setup(mode, extra);
    const r = await runCli(["run", "--stack", stack, input, "-o", output]);
    expect(r.code).not.toBe(0);
    expect(existsSync(output)).toBe(false);
    expect(readdirSync(dir).sort()).toEqual(["in.jsonl", "stack.json"]);
    expect(r.stderr).toContain(code);
    expect(r.stderr).toContain("detector faulty");
    expect(r.stderr).toContain("document index 3");
    expect(canaryLeaked(CANARY, r, dir, [input])).toBe(false);
    expect(r.stderr).not.toContain("FAILHERE");
  });
});

describe("bad input through the CLI", () => {
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
    ["non-UTF-8 bytes", Buffer.concat([Buffer.from(`${good("a")}\n{"document_id":"b","text":"`), Buffer.from([0xff, 0xfe]), Buffer.from(`"}\n`)]), /E_INPUT_ENCODING.*line 2/],
    ["empty file", "", /E_INPUT_EMPTY/],
    ["duplicate id", `${good("a")}\n${good("a")}\n`, /line 2, field document_id: duplicate/],
    ["retired metadata key", JSON.stringify({ document_id: "a", text: CANARY, metadata: { patient_name: CANARY } }), /field metadata\.patient_name/],
  ];

  it.each(inputs)("%s", async (_name, content, expected) => {
    const { dir, stack } = stackFile();
    const input = join(dir, "in.jsonl");
    writeFileSync(input, content);
    const output = join(dir, "out.jsonl");
    const r = await runCli(["run", "--stack", stack, input, "-o", output]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(expected);
    expect(existsSync(output)).toBe(false);
    expect(readdirSync(dir).sort()).toEqual(["in.jsonl", "stack.json"]);
    expect(canaryLeaked(CANARY, r, dir, [input])).toBe(false);
  });

  it("an unknown detector id lists the valid ids; a missing plugin file is named", async () => {
    const dir = tempDir();
    const input = join(dir, "in.jsonl");
    writeFileSync(input, good("a"));
    const s1 = join(dir, "s1.json");
    writeFileSync(s1, JSON.stringify({ name: "x", detectors: [{ use: "no-such-detector" }] }));
    const r1 = await runCli(["run", "--stack", s1, input, "-o", join(dir, "o.jsonl")]);
    expect(r1.code).toBe(2);
    expect(r1.stderr).toMatch(/unknown detector "no-such-detector"; valid ids: .*known-identifiers/);
    const s2 = join(dir, "s2.json");
    writeFileSync(s2, JSON.stringify({ name: "x", detectors: [{ use: "./missing-plugin.js" }] }));
    const r2 = await runCli(["run", "--stack", s2, input, "-o", join(dir, "o.jsonl")]);
    expect(r2.code).not.toBe(0);
    expect(r2.stderr).toMatch(/plugin file not found/);
    expect(existsSync(join(dir, "o.jsonl"))).toBe(false);
  });

  it("a stack file error names the field", async () => {
    const dir = tempDir();
    const s = join(dir, "s.yaml");
    writeFileSync(s, "name: x\ndetectors:\n  - use: known-identifiers\n    with: { patient_names: 3 }\n");
    const input = join(dir, "in.jsonl");
    writeFileSync(input, good("a"));
    const r = await runCli(["run", "--stack", s, input, "-o", join(dir, "o.jsonl")]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/field detectors\[0\]\.with\.patient_names/);
  });
});
