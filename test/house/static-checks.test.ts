// The room table (dependency-cruiser) and unused code (knip) as tests too, so that `npx vitest run` before a
// landing fails where CI's `npm run rooms` / `npm run knip` would. Lint and types run in .ci/run only (slower).
import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, "..", "..");

async function npmScript(name: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run("npm", ["run", "--silent", name], { cwd: ROOT, maxBuffer: 16 << 20 });
    return { code: 0, output: stdout + stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === "number" ? e.code : 1, output: `${e.stdout ?? ""}${e.stderr ?? ""}` };
  }
}

describe("static checks", () => {
  it("every import keeps to the room table of docs/architecture.md (npm run rooms)", async () => {
    const { code, output } = await npmScript("rooms");
    expect(output.split("\n").filter((l) => l.includes("error ")), "room violations").toEqual([]);
    expect(code).toBe(0);
  }, 120_000);

  it("no unused files, exports or dependencies (npm run knip)", async () => {
    const { code, output } = await npmScript("knip");
    expect(code, output).toBe(0);
  }, 120_000);
});
