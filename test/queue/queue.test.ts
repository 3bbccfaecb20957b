// Distributed runs end to end against a real redis-server: three worker processes, one killed (kill -9) while it
// holds a shard; the shard is recovered as stalled by another worker and `queue collect` writes every document
// exactly once, in input order, with the same records as a local run (provenance names the queue run).
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DeidError } from "../../src/contract/index.js";
import { runCommand } from "../../src/cli/commands/run.js";
import { queueCollect, queueStatus, queueSubmit } from "../../src/cli/commands/queue.js";
import { CLI, ROOT, runCli } from "../e2e/helpers.js";
import { redisInstalled, startRedis, type RedisServer } from "../support/redis.js";
import { CANARY, FAULTY, canaryNotes, canaryRun } from "../support/canary-run.js";

// Skipped only where redis-server is not installed at all and this is not CI; CI installs it (.ci/run).
const available = redisInstalled() || process.env.CI !== undefined;

function setup(n: number, delay_ms: number) {
  // A blank line after d7: quarantine lines must still name the input's lines.
  return canaryRun(canaryNotes(n, { fails: (i) => i % 13 === 4, then: "Call 0462 31 72 09.", blankAfter: 7 }), {
    name: "queued",
    detectors: [{ use: "known-identifiers" }, { use: "patterns" }, { use: FAULTY, with: { mode: "throw", trigger: "FAILHERE", delay_ms } }],
    concurrency: { documents: 1 },
  });
}

function records(path: string): Record<string, unknown>[] {
  return readFileSync(path, "utf8").trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe.runIf(available)("distributed runs on BullMQ with a real Redis", { timeout: 300_000 }, () => {
  let redis: RedisServer;
  const workers: ChildProcess[] = [];
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    for (const w of workers) if (w.exitCode === null) w.kill("SIGKILL");
    await redis?.stop();
  });

  it("three workers, one killed mid-shard: complete, identical output, 0 lost, 0 duplicated", async () => {
    const { dir, input, stack } = setup(48, 150);
    const shared = join(dir, "shared");
    const run = await queueSubmit({ redis: redis.url, stack, shared, input, shardSize: 6 });
    expect(run.shards).toHaveLength(8);
    await expect(queueCollect({ redis: redis.url, shared, output: join(dir, "early.jsonl") })).rejects.toMatchObject({ code: "E_QUEUE_INCOMPLETE" });

    const logs: string[] = ["", "", ""];
    for (let k = 0; k < 3; k++) {
      const w = spawn(process.execPath, [CLI, "worker", "--redis", redis.url, "--workers", "1", "--lock-ms", "2000"], { cwd: ROOT, stdio: ["ignore", "ignore", "pipe"] });
      w.stderr!.on("data", (d: Buffer) => (logs[k] += d.toString()));
      workers.push(w);
    }
    // Kill worker 0 while it holds a shard: its attempt's partial folder names its pid.
    const victim = workers[0];
    const tmp = join(shared, "out", "tmp");
    for (let waited = 0; waited < 120_000; waited += 100) {
      if (readdirSync(tmp).some((f) => f.includes(`.${victim.pid}.`) && f.endsWith(".partial"))) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(readdirSync(tmp).some((f) => f.includes(`.${victim.pid}.`))).toBe(true);
    victim.kill("SIGKILL");

    let st = await queueStatus({ redis: redis.url, shared });
    for (let waited = 0; st.shards.completed < 8 && waited < 180_000; waited += 500) {
      await new Promise((r) => setTimeout(r, 500));
      st = await queueStatus({ redis: redis.url, shared });
    }
    expect(st.shards).toMatchObject({ total: 8, completed: 8, failed: 0 });

    const output = join(dir, "out.jsonl");
    const c = await runCli(["queue", "collect", "--redis", redis.url, "--shared", shared, "-o", output, "--max-quarantine", "10%"]);
    expect(c.code).toBe(3);
    const got = records(output);
    expect(got.map((r) => r.document_id)).toEqual(Array.from({ length: 48 }, (_, i) => `d${i}`).filter((_, i) => i % 13 !== 4));
    for (const r of got) expect((r.provenance as { queue_run: string }).queue_run).toBe(run.run_id);

    // the same records as a local run, apart from the provenance's queue_run
    const local = join(dir, "local.jsonl");
    await runCommand({ stack, input, output: local, workers: 0, maxQuarantine: "10%" });
    const strip = (rs: Record<string, unknown>[]) => rs.map((r) => ({ ...r, provenance: { ...(r.provenance as object), queue_run: undefined } }));
    expect(JSON.stringify(strip(got))).toBe(JSON.stringify(strip(records(local))));
    expect(readFileSync(`${output}.quarantine.jsonl`, "utf8")).toBe(readFileSync(`${local}.quarantine.jsonl`, "utf8"));
    expect(readFileSync(output, "utf8")).not.toContain(CANARY);
    for (const w of workers.slice(1)) w.kill("SIGTERM");
  });

  it("refuses bad input at submit, before anything is written or queued", async () => {
    const { dir, input, stack } = setup(4, 0);
    const bad = join(dir, "bad.jsonl");
    writeFileSync(bad, readFileSync(input, "utf8") + '{"document_id": "x"\n');
    const err = (await queueSubmit({ redis: redis.url, stack, shared: join(dir, "s1"), input: bad }).catch((e: unknown) => e)) as DeidError;
    expect(err.message).toMatch(/line 5.*not valid JSON/);
    expect(existsSync(join(dir, "s1", "run.json"))).toBe(false);
  });
});
