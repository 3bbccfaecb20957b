import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lockProtocol, runProtocol, verifyProtocol } from "../../src/protocol/index.js";
import { createWorkspace, sha256 } from "./workspace.js";

async function differences(path: string): Promise<string[]> {
  const v = await verifyProtocol(path);
  return v.differences;
}

async function refusal(path: string): Promise<string> {
  try {
    await runProtocol(path, { outputRoot: join(path, "..", "results") });
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error("protocol run was not refused");
}

describe("protocol lock and verify", () => {
  it("locks, verifies, and leaves an unchanged protocol's lock as it is", async () => {
    const ws = createWorkspace();
    const first = await lockProtocol(ws.protocolPath);
    expect(first.status).toBe("created");
    expect(first.lock.format).toBe("deidstack.protocol-lock.v2");
    const roles = first.lock.files.map((f) => `${f.role}:${f.path.split("/").pop()}`);
    expect(roles).toEqual(expect.arrayContaining(["corpus:corpus.jsonl", "stack:dates.yaml", "stack:names-dates.yaml", "prompt:pattern.txt", "plugin:regex.ts", "package-lock:package-lock.json"]));
    expect(first.lock.components.map((c) => `${c.system}/${c.use.split("/").pop()}@${c.plugin_version}`)).toEqual(["dates/regex.ts@0.0.1", "names-dates/known-identifiers@1.2.0", "names-dates/regex.ts@0.0.1"]);
    expect(first.lockSha256).toBe(sha256(ws.lockPath));
    expect(await differences(ws.protocolPath)).toEqual([]);
    const again = await lockProtocol(ws.protocolPath);
    expect(again.status).toBe("unchanged");
    expect(sha256(ws.lockPath)).toBe(first.lockSha256);
  });

  it("refuses to lock a corpus whose sha256 the protocol does not declare, giving the actual one", async () => {
    const ws = createWorkspace({ protocol: (p) => ((p.corpora as { sha256: string }[])[0].sha256 = "0".repeat(64)) });
    await expect(lockProtocol(ws.protocolPath)).rejects.toThrow(new RegExp(`corpus synth \\(corpus.jsonl\\) has sha256 ${sha256(ws.corpusPath)}`));
  });

  it("refuses a changed corpus byte, naming the corpus", async () => {
    const ws = createWorkspace();
    await lockProtocol(ws.protocolPath);
    const bytes = readFileSync(ws.corpusPath);
    bytes[bytes.length - 3] ^= 0x01;
    writeFileSync(ws.corpusPath, bytes);
    const diffs = await differences(ws.protocolPath);
    expect(diffs).toEqual(expect.arrayContaining([expect.stringMatching(/^corpus file corpus\.jsonl changed/), expect.stringMatching(/^corpus synth \(corpus\.jsonl\) has sha256 .* not the .* the protocol declares/)]));
    expect(await refusal(ws.protocolPath)).toMatch(/protocol run refused: .*corpus file corpus\.jsonl changed/);
  });

  it("refuses a changed stack file, naming it", async () => {
    const ws = createWorkspace();
    await lockProtocol(ws.protocolPath);
    appendFileSync(ws.stackPath, "# a comment is a change to the file\n");
    expect(await differences(ws.protocolPath)).toEqual([expect.stringMatching(/^stack file stacks\/dates\.yaml changed \(sha256/)]);
    expect(await refusal(ws.protocolPath)).toMatch(/stack file stacks\/dates\.yaml changed/);
  });

  it("refuses a changed or added prompt file, naming it", async () => {
    const ws = createWorkspace();
    await lockProtocol(ws.protocolPath);
    writeFileSync(ws.promptFile, "\\b\\d{2}-\\d{2}-\\d{4}\\b\n");
    writeFileSync(join(ws.dir, "prompts", "dates", "extra.txt"), "more\n");
    const diffs = await differences(ws.protocolPath);
    expect(diffs).toEqual(expect.arrayContaining(["prompt file prompts/dates/extra.txt was added after the lock", expect.stringMatching(/^prompt file prompts\/dates\/pattern\.txt changed/)]));
    expect(await refusal(ws.protocolPath)).toMatch(/prompt file prompts\/dates\/pattern\.txt changed/);
  });

  it("refuses a changed protocol field, naming the field, but not a changed comment", async () => {
    const ws = createWorkspace();
    await lockProtocol(ws.protocolPath);
    appendFileSync(ws.protocolPath, "# only a comment\n");
    expect(await differences(ws.protocolPath)).toEqual([]);
    (ws.protocol.bootstrap as { replicates: number }).replicates = 299;
    ws.writeProtocol();
    expect(await differences(ws.protocolPath)).toEqual([expect.stringMatching(/^protocol changed \(fields: bootstrap\.replicates; sha256/)]);
    expect(await refusal(ws.protocolPath)).toMatch(/protocol changed \(fields: bootstrap\.replicates/);
    await expect(lockProtocol(ws.protocolPath)).rejects.toThrow(/changed since it was locked: .*bootstrap\.replicates.*append an amendment/);
  });

  it("records an appended amendment, and refuses to change or remove it later", async () => {
    const ws = createWorkspace();
    const first = await lockProtocol(ws.protocolPath);
    (ws.protocol.bootstrap as { replicates: number }).replicates = 350;
    ws.protocol.amendments = [{ date: "2026-11-30", reason: "more replicates for narrower interval ends", change: "bootstrap.replicates 300 → 350" }];
    ws.writeProtocol();
    expect(await differences(ws.protocolPath)).toEqual(expect.arrayContaining([expect.stringMatching(/^amendment 1 \(2026-11-30\) is not in the lock yet/)]));
    const amended = await lockProtocol(ws.protocolPath);
    expect(amended.status).toBe("amended");
    expect(amended.changes).toEqual([expect.stringMatching(/fields: bootstrap\.replicates/)]);
    expect(amended.lock.amendments).toEqual([{ index: 1, date: "2026-11-30", sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
    expect(amended.lock.history).toEqual([{ lock_sha256: first.lockSha256, locked_at: first.lock.locked_at, amendments: 0 }]);
    expect(await differences(ws.protocolPath)).toEqual([]);

    (ws.protocol.amendments as { reason: string }[])[0].reason = "rewritten afterwards";
    ws.writeProtocol();
    expect(await differences(ws.protocolPath)).toEqual(["amendment 1 (2026-11-30) was changed after it was locked"]);
    await expect(lockProtocol(ws.protocolPath)).rejects.toThrow(/amendments are append-only: amendment 1 \(2026-11-30\) was changed/);
    ws.protocol.amendments = [];
    ws.writeProtocol();
    expect(await differences(ws.protocolPath)).toEqual(["amendment 1 (2026-11-30) was removed after it was locked"]);
  });

  it("fixes external tool versions by their probe", async () => {
    const ws = createWorkspace({
      protocol: (p) => {
        (p.systems as unknown[]).push({
          id: "tool",
          baseline: "command-jsonl",
          with: { command: ["node", "-e", "0"], cwd: ".", version_command: ["node", "-e", "process.stdout.write(require('fs').readFileSync('version.txt','utf8'))"] },
        });
      },
    });
    writeFileSync(join(ws.dir, "version.txt"), "tool 1.0\n");
    const locked = await lockProtocol(ws.protocolPath);
    expect(locked.lock.components.find((c) => c.system === "tool")).toMatchObject({ use: "command-jsonl", tool_version: "tool 1.0" });
    writeFileSync(join(ws.dir, "version.txt"), "tool 1.1\n");
    expect(await differences(ws.protocolPath)).toEqual(["detector command-jsonl (command-jsonl) of system tool: tool version tool 1.0 locked, tool 1.1 now"]);
  });

  it("says to lock first when there is no lock", async () => {
    const ws = createWorkspace();
    await expect(verifyProtocol(ws.protocolPath)).rejects.toThrow(/run `deidstack protocol lock` first/);
  });
});
