// Speed of the meddeid-onnx detector on one core, and the ratio against torch eager inference of the same model on
// the same windows in the same run (torch through /usr/bin/python3, rebuilt from model.onnx's initializers).
//   node --import tsx bench/meddeid-onnx.ts [model=nl-small] [notes=300] [rounds=3]
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
const BATCH = 16;
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
await detector.detectBatch(docs.slice(0, 20), { signal, documentIndices: [] });
let t0 = performance.now();
for (let r = 0; r < rounds; r++) await detector.detectBatch(docs, { signal, documentIndices: [] });
const pluginSeconds = (performance.now() - t0) / 1000 / rounds;
await detector.close();

const engine = await TokenClassifierEngine.create(spec, tokenizer, { threads: 1, batchSize: BATCH, minScore: 0 });
const first = await engine.runBatch(batches[0]);
for (const b of batches.slice(0, 2)) await engine.runBatch(b);
t0 = performance.now();
for (let r = 0; r < rounds; r++) for (const b of batches) await engine.runBatch(b);
const onnxSeconds = (performance.now() - t0) / 1000 / rounds;
await engine.close();

const pct = (x: number) => x.toFixed(2);
console.log(`model ${spec.name} (${spec.heads.kind}), ${docs.length} ${profile} notes → ${jobs.length} windows, ${tokens} tokens (max_length ${spec.maxLength}, batch ${BATCH}, 1 thread)`);
console.log(`  plugin end to end (tokenise, window, infer, decode): ${pct(docs.length / pluginSeconds)} notes/s, ${pct(tokens / pluginSeconds)} tokens/s`);
console.log(`  onnxruntime-node inference only:                    ${pct(docs.length / onnxSeconds)} notes/s`);

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
  let torch: { seconds?: number; error?: string; max_abs_diff_vs_onnx?: number; torch?: string } = {};
  try {
    torch = JSON.parse(line);
  } catch {
    torch = { error: py.error ? "python3 not runnable" : /No module named 'torch'/.test(py.stderr ?? "") ? "torch is not installed" : "no result" };
  }
  if (torch.seconds === undefined) {
    console.log(`  torch eager baseline: unavailable (${torch.error ?? "unknown"}); onnx figures only`);
  } else {
    const torchSeconds = torch.seconds / rounds;
    console.log(`  torch ${torch.torch} eager, same windows and batches:      ${pct(docs.length / torchSeconds)} notes/s (max |Δ logits| vs onnx ${torch.max_abs_diff_vs_onnx?.toExponential(1)})`);
    console.log(`  ratio onnxruntime-node / torch eager, inference only: ${pct(torchSeconds / onnxSeconds)}×`);
    console.log(`  ratio plugin end to end / torch eager inference only: ${pct(torchSeconds / pluginSeconds)}× (target ≥ 1.5×)`);
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
