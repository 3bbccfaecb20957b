// Checkpoint and resume: a run stopped by SIGTERM, SIGINT or kill -9 continues with --resume and ends with the
// same bytes as an uninterrupted run (nothing lost, nothing twice); a resume against another input or stack is
// refused; partial files are never readable by others.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DeidError } from "../../src/contract/index.js";
import { runCommand } from "../../src/cli/commands/run.js";
import { CLI, ROOT, runCli } from "./helpers.js";
import { CANARY, FAULTY, canaryNotes, canaryRun } from "../support/canary-run.js";

function setup(n: number, delay_ms: number) {
  return canaryRun(canaryNotes(n, { fails: (i) => i % 17 === 5, then: `Follow-up with ${CANARY} on 12/03/2024.` }), {
    name: "resumable",
    detectors: [{ use: "known-identifiers" }, { use: "patterns" }, { use: FAULTY, with: { mode: "throw", trigger: "FAILHERE", delay_ms } }],
    concurrency: { documents: 2 },
  });
}

async function reference(stack: string, input: string, dir: string): Promise<{ out: Buffer; q: Buffer }> {
  const output = join(dir, "reference.jsonl");
  await runCommand({ stack, input, output, workers: 0, maxQuarantine: "100%" });
  return { out: readFileSync(output), q: readFileSync(`${output}.quarantine.jsonl`) };
}

function manifestDone(output: string): number {
  try {
    return (JSON.parse(readFileSync(join(`${output}.partial`, "manifest.json"), "utf8")) as { documents_done: number }).documents_done;
  } catch {
    return 0;
  }
}

function mode(path: string): number {
  return statSync(path).mode & 0o777;
}

describe("checkpoint and resume", () => {
  it("in-process: an interrupted run resumes to the same bytes; another stack or input is refused", async () => {
    const { dir, input, stack } = setup(60, 0);
    const ref = await reference(stack, input, dir);
    const output = join(dir, "out.jsonl");
    const interrupt = new AbortController();
    const err = await runCommand({
      stack,
      input,
      output,
      workers: 0,
      maxQuarantine: "100%",
      checkpointEvery: 7,
      interrupt: interrupt.signal,
      onProgress: (p) => {
        if (p.done === 23) interrupt.abort("SIGTERM");
      },
    }).catch((e: unknown) => e);
    expect((err as DeidError).code).toBe("E_INTERRUPTED");
    expect((err as DeidError).context.signal).toBe("SIGTERM");
    expect(existsSync(output)).toBe(false);
    expect(mode(`${output}.partial`)).toBe(0o700);
    for (const f of readdirSync(`${output}.partial`)) expect(mode(join(`${output}.partial`, f))).toBe(0o600);
    expect(manifestDone(output)).toBeGreaterThanOrEqual(21);

    // a new run without --resume is refused, and so is a resume with another stack or input
    await expect(runCommand({ stack, input, output, workers: 0 })).rejects.toThrow(/a partial run exists .*--resume/);
    const other = join(dir, "other.json");
    writeFileSync(other, readFileSync(stack, "utf8").replace('"resumable"', '"other"'));
    await expect(runCommand({ stack: other, input, output, workers: 0, resume: true })).rejects.toMatchObject({ code: "E_RESUME_MISMATCH", message: expect.stringMatching(/stack file/) });
    const input2 = join(dir, "in2.jsonl");
    writeFileSync(input2, readFileSync(input, "utf8").replace("day 50.", "day 51."));
    await expect(runCommand({ stack, input: input2, output, workers: 0, resume: true })).rejects.toMatchObject({ code: "E_RESUME_MISMATCH", message: expect.stringMatching(/input/) });

    const s = await runCommand({ stack, input, output, workers: 2, maxQuarantine: "100%", resume: true });
    expect(s.resumed_at).toBeGreaterThanOrEqual(21);
    expect(readFileSync(output).equals(ref.out)).toBe(true);
    expect(readFileSync(`${output}.quarantine.jsonl`).equals(ref.q)).toBe(true);
    expect(existsSync(`${output}.partial`)).toBe(false);
  }, 120_000);

  it("kill -9 at a random point, then --resume: byte-identical output, 0 lost, 0 duplicated", async () => {
    const { dir, input, stack } = setup(200, 10);
    const ref = await reference(stack, input, dir);
    const output = join(dir, "out.jsonl");
    const target = 20 + Math.floor(Math.random() * 120);
    const child = spawn(process.execPath, [CLI, "run", "--stack", stack, input, "-o", output, "--workers", "1", "--max-quarantine", "100%", "--checkpoint-every", "10"], {
      cwd: ROOT,
      stdio: "ignore",
    });
    const exited = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
    for (let waited = 0; manifestDone(output) < target && waited < 120_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
    expect(manifestDone(output)).toBeGreaterThanOrEqual(target);
    child.kill("SIGKILL");
    await exited;
    expect(existsSync(output)).toBe(false);
    expect(mode(`${output}.partial`)).toBe(0o700);
    const r = await runCli(["run", "--stack", stack, input, "-o", output, "--max-quarantine", "100%", "--resume"]);
    expect(r.code).toBe(3); // the FAILHERE documents are quarantined
    expect(readFileSync(output).equals(ref.out)).toBe(true);
    expect(readFileSync(`${output}.quarantine.jsonl`).equals(ref.q)).toBe(true);
    const ids = readFileSync(output, "utf8").trim().split("\n").map((l) => (JSON.parse(l) as { document_id: string }).document_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(r.stderr).not.toContain(CANARY);
  }, 240_000);

  it.each(["SIGTERM", "SIGINT"] as const)("%s: exit 128+n, committed work kept (mode 700/600), --resume completes it", async (signal) => {
    const { dir, input, stack } = setup(120, 10);
    const ref = await reference(stack, input, dir);
    const output = join(dir, "out.jsonl");
    const child = spawn(process.execPath, [CLI, "run", "--stack", stack, input, "-o", output, "--workers", "1", "--max-quarantine", "100%", "--checkpoint-every", "10"], {
      cwd: ROOT,
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
    for (let waited = 0; manifestDone(output) < 30 && waited < 120_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
    child.kill(signal);
    const code = await exited;
    expect(code).toBe(signal === "SIGTERM" ? 143 : 130);
    expect(stderr).toMatch(/E_INTERRUPTED: signal SIG(TERM|INT): stopped with \d+ of 120 documents committed/);
    expect(existsSync(output)).toBe(false);
    expect(mode(`${output}.partial`)).toBe(0o700);
    const r = await runCli(["run", "--stack", stack, input, "-o", output, "--max-quarantine", "100%", "--resume"]);
    expect(r.code).toBe(3);
    expect(readFileSync(output).equals(ref.out)).toBe(true);
    expect(readFileSync(`${output}.quarantine.jsonl`).equals(ref.q)).toBe(true);
  }, 240_000);
});
