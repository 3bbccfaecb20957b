// Speed of the meddeid-onnx detector on one core, and the ratio against torch eager inference of the same model on
// the same windows in the same run (torch through /usr/bin/python3, rebuilt from model.onnx's initializers).
// Each figure is the best of `rounds` passes over all notes.
//   node --import tsx bench/meddeid-onnx.ts [model=nl-small] [notes=300] [rounds=3] [batch=4]
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Document } from "../src/contract/index.js";
import { generateCorpus, type ProfileId } from "../src/synth/index.js";
import { readModelDirectory } from "../plugins/meddeid-onnx/bundle.js";
import { TokenClassifierEngine } from "../plugins/meddeid-onnx/engine.js";
import plugin, { createMeddeidDetector, resolveModelDirectory } from "../plugins/meddeid-onnx/index.js";
import { TextTokenizer } from "../plugins/meddeid-onnx/tokenizer.js";
import { planWindows } from "../plugins/meddeid-onnx/windows.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const modelRef = process.argv[2] ?? "nl-small";
const noteCount = Number(process.argv[3] ?? 300);
const rounds = Number(process.argv[4] ?? 3);
const BATCH = Number(process.argv[5] ?? 4);
const profile: ProfileId = modelRef.startsWith("en") ? "en-GB" : "nl-BE";
const ctx = { baseDir: root, projectRoot: root, language: profile };
const signal = new AbortController().signal;

const docs: Document[] = generateCorpus({ profile, n: noteCount, seed: 4242 });
const dir = resolveModelDirectory(modelRef, ctx);
const spec = await readModelDirectory(dir);
const tokenizer = await TextTokenizer.fromFile(spec.tokenizerPath);

// The windows the plugin runs, in the order and batches it runs them.
const jobs: number[][] = [];
for (const d of docs) {
  const ids = tokenizer.encode(d.text).ids;
  for (const w of planWindows(ids.length, spec.maxLength - 2, spec.overlap)) jobs.push(ids.slice(w.start, w.end));
}
jobs.sort((a, b) => b.length - a.length);
const batches: number[][][] = [];
for (let i = 0; i < jobs.length; i += BATCH) batches.push(jobs.slice(i, i + BATCH));
const tokens = jobs.reduce((s, j) => s + j.length + 2, 0);

const detector = await createMeddeidDetector(plugin.meta.configSchema.parse({ model: modelRef, threads: 1, batch_size: BATCH }), ctx);
const engine = await TokenClassifierEngine.create(spec, tokenizer, { threads: 1, batchSize: BATCH, minScore: 0 });
const first = await engine.runBatch(batches[0]);
await detector.detectBatch(docs.slice(0, 20), { signal, documentIndices: [] });
for (const b of batches.slice(0, 2)) await engine.runBatch(b);

// CPU seconds (all threads of this process) as well as wall seconds: on a shared machine wall time mostly measures
// the neighbours; with one intra-op thread CPU time is the one-core cost. Rounds alternate and the best one counts.
const cpuSeconds = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1e6;
async function measure(work: () => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  await work();
  return { wall: (performance.now() - t0) / 1000, cpu: cpuSeconds(process.cpuUsage(c0)) };
}
let pluginSeconds = Infinity;
let pluginCpu = Infinity;
let onnxSeconds = Infinity;
let onnxCpu = Infinity;
for (let r = 0; r < rounds; r++) {
  const p = await measure(() => detector.detectBatch(docs, { signal, documentIndices: [] }));
  pluginSeconds = Math.min(pluginSeconds, p.wall);
  pluginCpu = Math.min(pluginCpu, p.cpu);
  const o = await measure(async () => {
    for (const b of batches) await engine.runBatch(b);
  });
  onnxSeconds = Math.min(onnxSeconds, o.wall);
  onnxCpu = Math.min(onnxCpu, o.cpu);
}
await detector.close();
await engine.close();

const pct = (x: number) => x.toFixed(2);
console.log(`model ${spec.name} (${spec.heads.kind}), ${docs.length} ${profile} notes → ${jobs.length} windows, ${tokens} tokens (max_length ${spec.maxLength}, batch ${BATCH}, 1 thread)`);
console.log(`  figures: notes per CPU second (notes per wall second)`);
console.log(`  plugin end to end (tokenise, window, infer, decode): ${pct(docs.length / pluginCpu)} (${pct(docs.length / pluginSeconds)}) notes/s, ${pct(tokens / pluginCpu)} tokens/s`);
console.log(`  onnxruntime-node inference only:                    ${pct(docs.length / onnxCpu)} (${pct(docs.length / onnxSeconds)}) notes/s`);

const tmp = mkdtempSync(join(tmpdir(), "meddeid-bench-"));
try {
  const { cls, sep, pad } = tokenizer.special;
  const padded = batches.map((b) => {
    const seq = Math.max(...b.map((w) => w.length)) + 2;
    return {
      ids: b.map((w) => [cls, ...w, sep, ...new Array<number>(seq - w.length - 2).fill(pad)]),
      mask: b.map((w) => [...new Array<number>(w.length + 2).fill(1), ...new Array<number>(seq - w.length - 2).fill(0)]),
    };
  });
  const file = join(tmp, "batches.json");
  writeFileSync(file, JSON.stringify({ batches: padded, rounds, warmup: 2, first_bio_logits: Array.from(first.outputs[0]) }));
  const py = spawnSync("/usr/bin/python3", [join(root, "bench", "_torch_eager.py"), dir, file], { encoding: "utf8", maxBuffer: 1 << 24 });
  const line = py.stdout?.trim().split("\n").pop() ?? "";
  let torch: { seconds?: number; cpu_seconds?: number; error?: string; max_abs_diff_vs_onnx?: number; torch?: string } = {};
  try {
    torch = JSON.parse(line);
  } catch {
    torch = { error: py.error ? "python3 not runnable" : /No module named 'torch'/.test(py.stderr ?? "") ? "torch is not installed" : "no result" };
  }
  if (torch.seconds === undefined || torch.cpu_seconds === undefined) {
    console.log(`  torch eager baseline: unavailable (${torch.error ?? "unknown"}); onnx figures only`);
  } else {
    const torchSeconds = torch.seconds;
    const torchCpu = torch.cpu_seconds;
    console.log(`  torch ${torch.torch} eager, same windows and batches:      ${pct(docs.length / torchCpu)} (${pct(docs.length / torchSeconds)}) notes/s (max |Δ logits| vs onnx ${torch.max_abs_diff_vs_onnx?.toExponential(1)})`);
    console.log(`  ratio onnxruntime-node / torch eager, inference only: ${pct(torchCpu / onnxCpu)}× CPU (${pct(torchSeconds / onnxSeconds)}× wall)`);
    console.log(`  ratio plugin end to end / torch eager inference only: ${pct(torchCpu / pluginCpu)}× CPU (${pct(torchSeconds / pluginSeconds)}× wall) (target ≥ 1.5× CPU: ${torchCpu / pluginCpu >= 1.5 ? "met" : "NOT met"})`);
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
