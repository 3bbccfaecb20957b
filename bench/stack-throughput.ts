// Issue 2 benchmark: throughput of the patterns + known-identifiers stack (union + placeholders) on one core,
// against a JSON parse/serialise floor measured in the same run; and peak RSS while the CLI streams 100,000 notes.
import "reflect-metadata";
import { spawn } from "node:child_process";
import { createWriteStream, readFileSync, rmSync } from "node:fs";
import { once } from "node:events";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { documentToDisk, type IndexedDocument } from "../src/contract/index.js";
import { StackRunner, loadStack } from "../src/stack/index.js";
import { benchNotes, mb } from "./_notes.js";

const N = Number(process.env.BENCH_NOTES ?? 5000);
const STREAM_N = Number(process.env.BENCH_STREAM_NOTES ?? 100_000);
const here = import.meta.dirname;

const docs = benchNotes(N);
const lines = docs.map((d) => JSON.stringify(documentToDisk(d)));
const bytes = lines.reduce((a, l) => a + Buffer.byteLength(l), 0);
const textBytes = docs.reduce((a, d) => a + Buffer.byteLength(d.text), 0);
console.log(`notes: ${N}, mean text ${(textBytes / N).toFixed(0)} bytes, JSONL ${mb(bytes).toFixed(1)} MB`);

// Floor: what parsing and serialising the records costs without any detection.
// CPU time of this process is reported beside wall time: the machines are shared and wall time includes waiting.
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const t0 = performance.now();
const c0 = cpuMs();
let sink = 0;
for (const l of lines) sink += JSON.stringify(JSON.parse(l)).length;
const floorMs = performance.now() - t0;
const floorCpu = cpuMs() - c0;

async function* feed(): AsyncGenerator<IndexedDocument> {
  for (let i = 0; i < docs.length; i++) yield { document: docs[i], index: i };
}

async function timeStack(file: string): Promise<{ wall: number; cpu: number }> {
  const stack = await loadStack(file);
  const runner = await StackRunner.create(stack, { concurrency: 1 });
  for await (const r of runner.run((async function* () { for (let i = 0; i < 200; i++) yield { document: docs[i], index: i }; })())) sink += r.spans.length; // warm-up
  const start = performance.now();
  const cpuStart = cpuMs();
  for await (const r of runner.run(feed())) sink += JSON.stringify(r).length;
  const wall = performance.now() - start;
  const cpu = cpuMs() - cpuStart;
  await runner.close();
  return { wall, cpu };
}

const stackFile = join(here, "stacks/patterns-known.yaml");
const stack = await timeStack(stackFile);
const rate = (ms: number) => `${(N / (ms / 1000)).toFixed(0).padStart(6)} notes/s ${(mb(textBytes) / (ms / 1000)).toFixed(2).padStart(6)} MB/s`;
const report = (name: string, wall: number, cpu: number) =>
  console.log(`${name.padEnd(34)} wall ${rate(wall)} | CPU ${rate(cpu)} | ${(cpu / floorCpu).toFixed(1).padStart(5)}× the JSON floor's CPU`);
report("JSON parse+serialise floor", floorMs, floorCpu);
report("patterns+known+union+placeholders", stack.wall, stack.cpu);
const cpuRate = mb(textBytes) / (stack.cpu / 1000);
console.log(`target ≥ 10 MB/s on one core (CPU time): ${cpuRate >= 10 ? "met" : "NOT met"} (${cpuRate.toFixed(2)} MB/s)`);

// Streaming memory: the real CLI over STREAM_N notes, RSS sampled from /proc.
const dir = join(tmpdir(), `deidstack-bench-${process.pid}`);
const input = join(dir, "in.jsonl");
const output = join(dir, "out.jsonl");
rmSync(dir, { recursive: true, force: true });
await import("node:fs/promises").then((f) => f.mkdir(dir, { recursive: true }));
const ws = createWriteStream(input);
for (let i = 0; i < STREAM_N; i++) {
  const rec = JSON.parse(lines[i % lines.length]);
  rec.document_id = `s-${i}`;
  if (!ws.write(JSON.stringify(rec) + "\n")) await once(ws, "drain");
}
ws.end();
await once(ws, "finish");
const cli = resolve(here, "..", "bin", "deidstack.js");
const child = spawn(process.execPath, [cli, "run", "--stack", stackFile, input, "-o", output], { stdio: ["ignore", "ignore", "inherit"] });
const samples: number[] = [];
const timer = setInterval(() => {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"));
    if (m) samples.push(Number(m[1]) / 1024);
  } catch {
    /* process gone */
  }
}, 100);
const started = performance.now();
const [code] = await once(child, "exit");
clearInterval(timer);
const wall = (performance.now() - started) / 1000;
const peak = Math.max(...samples);
const q = (f: number) => samples[Math.min(samples.length - 1, Math.floor(f * samples.length))]?.toFixed(0);
console.log(`streaming ${STREAM_N} notes through the CLI: exit ${code}, ${wall.toFixed(1)} s, peak RSS ${peak.toFixed(0)} MB; RSS at 25/50/75/100% of the run: ${q(0.25)}/${q(0.5)}/${q(0.75)}/${q(0.999)} MB (target < 300 MB, flat)`);
rmSync(dir, { recursive: true, force: true });
if (sink < 0) console.log(sink);
