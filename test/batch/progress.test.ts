import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { quarantineLimit } from "../../src/batch/run-batch.js";
import { formatEta, progressLine, runProgress } from "../../src/cli/commands/run-progress.js";

describe("run progress off a terminal", () => {
  it("one line with done/total, quarantined, rate and ETA; at most one per interval", () => {
    const p = { done: 250, total: 1000, quarantined: 3, doneHere: 250, elapsedMs: 10_000 };
    expect(progressLine(p)).toBe("progress: 250/1000 documents (25.0%), 3 quarantined, 25.0 documents/s, ETA 30s");
    expect(formatEta(3725)).toBe("1h02m");
    expect(formatEta(Number.NaN)).toBe("?");
    const out = new PassThrough();
    let text = "";
    out.on("data", (d: Buffer) => (text += d.toString()));
    const r = runProgress(out as unknown as NodeJS.WriteStream, 0);
    r.onProgress(p);
    r.onProgress({ ...p, done: 251 });
    expect(text.split("\n").filter(Boolean).length).toBeGreaterThanOrEqual(1);
    const quiet = runProgress(out as unknown as NodeJS.WriteStream, 3600);
    const before = text;
    quiet.onProgress(p);
    expect(text).toBe(before);
  });
});

describe("--max-quarantine", () => {
  it("a count or a share of the input, rounded down; anything else is refused", () => {
    expect(quarantineLimit("1%", 20_000)).toBe(200);
    expect(quarantineLimit("1%", 199)).toBe(1);
    expect(quarantineLimit("0.5%", 1000)).toBe(5);
    expect(quarantineLimit("25", 10)).toBe(25);
    expect(quarantineLimit("100%", 7)).toBe(7);
    for (const bad of ["abc", "1.5", "-1", "101%", "%"]) expect(() => quarantineLimit(bad, 100)).toThrow(/--max-quarantine/);
  });
});
