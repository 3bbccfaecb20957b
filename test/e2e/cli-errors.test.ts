// The real CLI's one error path: exit codes 0 / 3 (some quarantined) / 1 (aborted) / 2 (configuration), and for
// process.exit from plugin code, uncaught exceptions, a failing create() or close(): a non-zero exit, no output,
// no partial file, and a message built from codes, ids and counts only.
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { canaryLeaked, runCli, tempDir } from "./helpers.js";
import { CANARY, FAULTY, canaryNotes, canaryRun } from "../support/canary-run.js";

function setup(withOptions: Record<string, unknown>, n = 6) {
  return canaryRun(canaryNotes(n, { fails: (i) => i === 3 }), {
    name: "cli-errors",
    detectors: [{ use: "known-identifiers" }, { use: FAULTY, with: { trigger: "FAILHERE", ...withOptions } }],
    timeouts: { detector_ms: 1500 },
  });
}

const only = (dir: string) => expect(readdirSync(dir).sort()).toEqual(["in.jsonl", "stack.json"]);

describe("exit codes and the one error path through the CLI", { timeout: 180_000 }, () => {
  it("a quarantined document: exit 3, the others written, counts on stderr, no text", async () => {
    const { dir, input, stack, output } = setup({ mode: "custom-error" });
    const r = await runCli(["run", "--stack", stack, input, "-o", output, "--max-quarantine", "1"]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/wrote 5 documents .*; 1 quarantined \(E_DETECTOR_FAILED 1\), listed in .*out\.jsonl\.quarantine\.jsonl/);
    expect(canaryLeaked(CANARY, r, dir, [input])).toBe(false);
  });

  it("a detector that spins the CPU forever in a worker: stopped at its timeout, exit 3, only its document withheld", async () => {
    const { dir, input, stack, output } = setup({ mode: "spin" });
    const r = await runCli(["run", "--stack", stack, input, "-o", output, "--workers", "1", "--max-quarantine", "1"]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/wrote 5 documents .*; 1 quarantined \(E_DETECTOR_TIMEOUT 1\)/);
    expect(readdirSync(dir).sort()).toEqual(["in.jsonl", "out.jsonl", "out.jsonl.quarantine.jsonl", "stack.json"]);
    expect(canaryLeaked(CANARY, r, dir, [input])).toBe(false);
  });

  it("--on-error abort: exit 1, the culprit named, nothing left", async () => {
    const { dir, input, stack, output } = setup({ mode: "custom-error" });
    const r = await runCli(["run", "--stack", stack, input, "-o", output, "--on-error", "abort"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/E_DETECTOR_FAILED: detector faulty, document index 3, phase detect: detector threw: Error \(custom class\)/);
    only(dir);
    expect(canaryLeaked(CANARY, r, dir, [input])).toBe(false);
  });

  it.each([
    ["process.exit(0) in detect, in this thread", { mode: "exit" }, ["--workers", "0"], /E_PLUGIN_EXIT/],
    ["an uncaught exception in this thread", { mode: "uncaught" }, ["--workers", "0"], /E_INTERNAL: uncaught exception \(Error \(custom class\)\)/],
    ["an unhandled rejection in this thread", { mode: "unhandled" }, ["--workers", "0"], /E_INTERNAL: unhandled rejection/],
    ["process.exit(0) in create, in a worker", { on_create: "exit-0" }, ["--workers", "1"], /E_PLUGIN_EXIT: phase create/],
    ["process.exit(0) in create, in this thread", { on_create: "exit-0" }, ["--workers", "0"], /E_PLUGIN_EXIT/],
    ["a create() that hangs, in a worker", { on_create: "hang" }, ["--workers", "1"], /E_DETECTOR_TIMEOUT: phase create/],
    ["a close() that throws, in a worker", { on_close: "throw" }, ["--workers", "1"], /E_DETECTOR_FAILED: detector faulty, phase close: close\(\) threw: Error \(custom class\)/],
    ["a close() that hangs, in a worker", { on_close: "hang" }, ["--workers", "1"], /E_DETECTOR_TIMEOUT: detector faulty, phase close/],
    ["process.exit(0) in close, in a worker", { on_close: "exit" }, ["--workers", "1"], /E_PLUGIN_EXIT: phase close/],
  ])("%s: exit 1, no output, no partial file, no text", async (_name, withOptions, args, expected) => {
    const { dir, input, stack, output } = setup(withOptions);
    const r = await runCli(["run", "--stack", stack, input, "-o", output, ...args]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(expected);
    expect(existsSync(output)).toBe(false);
    only(dir);
    expect(canaryLeaked(CANARY, r, dir, [input])).toBe(false);
  });

  it("configuration errors exit 2 before the first document: unknown detector, missing plugin, bad option", async () => {
    const dir = tempDir();
    const input = join(dir, "in.jsonl");
    writeFileSync(input, JSON.stringify({ document_id: "a", text: `Note of ${CANARY}.` }));
    const s1 = join(dir, "s1.json");
    writeFileSync(s1, JSON.stringify({ name: "x", detectors: [{ use: "no-such-detector" }] }));
    const r1 = await runCli(["run", "--stack", s1, input, "-o", join(dir, "o.jsonl")]);
    expect(r1.code).toBe(2);
    expect(r1.stderr).toMatch(/unknown detector "no-such-detector"; valid ids: .*known-identifiers/);
    const s2 = join(dir, "s2.json");
    writeFileSync(s2, JSON.stringify({ name: "x", detectors: [{ use: "./missing-plugin.js" }] }));
    const r2 = await runCli(["run", "--stack", s2, input, "-o", join(dir, "o.jsonl")]);
    expect(r2.code).toBe(2);
    expect(r2.stderr).toMatch(/plugin file not found/);
    const s3 = join(dir, "s3.yaml");
    writeFileSync(s3, "name: x\ndetectors:\n  - use: known-identifiers\n    with: { patient_names: 3 }\n");
    const r3 = await runCli(["run", "--stack", s3, input, "-o", join(dir, "o.jsonl"), "--workers", "1"]);
    expect(r3.code).toBe(2);
    expect(r3.stderr).toMatch(/field detectors\[0\]\.with\.patient_names/);
    expect(readdirSync(dir).sort()).toEqual(["in.jsonl", "s1.json", "s2.json", "s3.yaml"]);
  });
});
