import { execFile } from "node:child_process";
import { createReadStream, mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const ROOT = resolve(import.meta.dirname, "..", "..");
export const CLI = join(ROOT, "test", "support", "cli-from-source.js");

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], opts: { cwd?: string; env?: Record<string, string>; stdinFile?: string } = {}): Promise<CliResult> {
  return new Promise((resolvePromise) => {
    const child = execFile(process.execPath, [CLI, ...args], { cwd: opts.cwd ?? ROOT, env: { ...process.env, ...opts.env }, maxBuffer: 64 << 20 }, (err, stdout, stderr) => {
      const code = err ? (typeof (err as { code?: unknown }).code === "number" ? (err as { code: number }).code : 1) : 0;
      resolvePromise({ code, stdout, stderr });
    });
    if (opts.stdinFile) createReadStream(opts.stdinFile).pipe(child.stdin!);
    else child.stdin?.end();
  });
}

export function tempDir(prefix = "deidstack-"): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** Every file under a directory, recursively. */
export function allFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...allFiles(p));
    else out.push(p);
  }
  return out;
}

/** True when the canary appears in the CLI's output streams or in any file of `dir` other than the inputs given. */
export function canaryLeaked(canary: string, result: CliResult, dir: string, inputs: string[]): boolean {
  if (result.stdout.includes(canary) || result.stderr.includes(canary)) return true;
  const skip = new Set(inputs.map((p) => resolve(p)));
  return allFiles(dir)
    .filter((f) => !skip.has(resolve(f)))
    .some((f) => readFileSync(f).includes(canary));
}
