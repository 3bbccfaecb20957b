import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { protocolLockCommand, protocolVerifyCommand } from "../../src/cli/commands/protocol.js";
import { createWorkspace } from "./workspace.js";

const CLI = join(import.meta.dirname, "..", "support", "cli-from-source.js");

describe("deidstack protocol (spawned CLI)", () => {
  it("exits 1 naming what changed since the lock, and refuses to run with exit 2", async () => {
    const ws = createWorkspace();
    const { message } = await protocolLockCommand(ws.protocolPath);
    expect(message).toMatch(/^locked: .*test-protocol\.lock\.json\nlock sha256 [0-9a-f]{64}/);
    expect((await protocolVerifyCommand(ws.protocolPath)).message).toMatch(/matches its lock/);
    appendFileSync(ws.promptFile, "|\\bextra\\b\n");
    const changed = await execa("node", [CLI, "protocol", "verify", ws.protocolPath], { reject: false });
    expect(changed.exitCode).toBe(1);
    expect(changed.stdout).toMatch(/differs from its lock .*\n {2}- prompt file prompts\/dates\/pattern\.txt changed/);
    const run = await execa("node", [CLI, "protocol", "run", ws.protocolPath, "-o", join(ws.dir, "results")], { reject: false });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/E_CONFIG: protocol run refused: 1 difference\(s\) from the lock: prompt file prompts\/dates\/pattern\.txt changed/);
  });
});
