// Issue 13 item 5: every built-in detector, the healing profile, the transforms and the leak guard are linear in the
// size of their input on adversarial texts. For each shape (a short piece repeated, or distinct words) it times calls
// over 64 KB and over 256 KB and prints the 64→256 KB ratio per pair with met / NOT met: 4× is linear, the target is
// ≤ 4.6×. A call over 64 KB slower than the budget is NOT met without running the larger size.
// How a timing is taken, so that a call of a millisecond says as much as one of a second: each size is called over
// and over until at least --min-ms of CPU time (default 200) has gone by, and the timing is that time divided by
// the calls; a round times both sizes, in alternating order (small first in even rounds, large first in odd ones),
// so a busy moment of the machine weighs on both; the ratio is of the medians over the rounds. The time is this
// thread's CPU time (/proc/thread-self/schedstat where there is one: V8's compiler and collector threads do not
// count), after a full collection before each timing, with Node's default flags (--fixed-young: a fixed 64 MB young
// generation instead, see YOUNG). A pair over the target is timed once more with 4× the larger
// size: the ratio 256 KB → 1 MB and the ratio per 4× from 64 KB to 1 MB; either at or under the target says the
// excess is a step at 256 KB (CPU caches, the collector), not growth that goes on; the last line counts each kind.
// ollama-llm needs a server and the baselines are external programs: not measured here. meddeid-onnx is measured
// with --model (minutes on two cores).
//   npm run bench -- adversarial                 (or: node --import tsx bench/adversarial.ts [--model] [--fixed-young] [--min-ms=200]
//                                                 [--sizes=64,256] [rounds=5] [shape | component | component/shape …])
// --sizes=64,256,1024 times three sizes and prints the ratio of each step (the check of a suspected superlinear case).
import "reflect-metadata";
import { spawnSync } from "node:child_process";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DetectedSpan, Document, Span } from "../src/contract/index.js";
import { PROJECT_ROOT, getPluginRegistry, type Detector } from "../src/detectors/index.js";
import { getHealingProfile, healSpans } from "../src/healing/index.js";
import { resolveOverlaps, unionSpans } from "../src/stack/index.js";
import { countLeaks, createTransformer, type TransformResult } from "../src/transform/index.js";
import { threadCpuMs } from "./_cpu.js";

// A young generation of fixed size, large enough for the garbage of a call over 256 KB: with V8's default (it
// starts at 1 MB and grows) a long call's live matches outlive scavenges and are promoted, a cost that steps up
// between 64 and 256 KB and is then linear again. The verdict is taken with Node's default flags (what a run gets);
// --fixed-young reruns the bench with this young generation, as a diagnostic of that step only.
const YOUNG = ["--min-semi-space-size=64", "--max-semi-space-size=64"];
if (process.argv.includes("--fixed-young") && !YOUNG.every((f) => process.execArgv.includes(f))) {
  const r = spawnSync(process.execPath, [...YOUNG, ...process.execArgv, ...process.argv.slice(1)], { stdio: "inherit" });
  process.exit(r.status ?? 1);
}
const args = process.argv.slice(2);
const WITH_MODEL = args.includes("--model");
const option = (name: string): string | undefined => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const rest = args.filter((a) => !a.startsWith("--"));
const ROUNDS = /^\d+$/.test(rest[0] ?? "") ? Number(rest.shift()) : 5;
const MIN_MS = Number(option("min-ms") ?? 200);
const SIZES = (option("sizes") ?? "64,256").split(",").map((k) => Number(k) * 1024);
if (!(MIN_MS > 0) || SIZES.length < 2 || SIZES.some((n) => !(n > 0))) throw new Error("--min-ms=<ms> and --sizes=<KB>,<KB>[,…] take positive numbers");
const ONLY = new Set(rest);
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;
const TARGET = 4.6;
const BUDGET_MS = 5000;

/** Distinct capitalised words from a fixed seed (a new needle for every word: the worst case for word indexes). */
function distinctWords(size: number): string {
  let s = 1;
  let out = "";
  while (out.length < size) {
    let w = "";
    for (let k = 0; k < 7; k++) {
      s = (s * 1103515245 + 12345) & 0x7fffffff;
      w += String.fromCharCode(97 + (s % 26));
    }
    out += w[0].toUpperCase() + w.slice(1) + " ";
  }
  return out.slice(0, out.lastIndexOf(" ") + 1);
}

const SHAPES: Record<string, string | ((size: number) => string)> = {
  "repeated names": "Janssens ",
  "repeated full names": "Jan Janssens ",
  "initials": "J. ",
  "initials glued": "J.",
  "titles": "Dr. ",
  "title + name": "dr. Janssens, ",
  "dates in words": "12 maart 2020 ",
  "birth date": "07/03/1980 ",
  "digits": "1234 ",
  "digit run": "7",
  "dots": ".",
  "spaces": " ",
  "newlines": "\n",
  "capitalised words": "Abcde ",
  "distinct capitalised words": distinctWords,
  "spaced letters": "J a n s s e n s ",
  "soft hyphens": "Jans\u00adsens ",
  "line-break hyphens": "Jans-\nsens ",
  "NFD accents": "Ze\u0301lie ",
  "known value": "12.34.56-789 ",
};

function textOf(shape: string | ((size: number) => string), size: number): string {
  if (typeof shape === "function") return shape(size);
  return shape.repeat(Math.ceil(size / shape.length)).slice(0, size - (size % shape.length));
}

const METADATA: Document["metadata"] = {
  lang: "nl-BE",
  document_creation_date: "2024-05-01",
  patient: { given_name: "Jan Zélie", family_name: "Janssens", birth_date: "1980-03-07" },
  caregivers: [{ given_name: "An", family_name: "Smet" }],
  known_values: [{ value: "12.34.56-789", label: "ID:Patient" }],
};

const doc = (text: string): Document => ({ document_id: "bench", patient_id: "p1", text, metadata: METADATA });

async function cpuMsAsync(fn: () => Promise<unknown>): Promise<number> {
  collectGarbage();
  const c0 = process.cpuUsage();
  await fn();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
}

/** Ms per call of `run`: called until at least MIN_MS of this thread's CPU time has gone by, after a full collection. */
async function perCallMs(run: Prepared): Promise<{ ms: number; calls: number }> {
  collectGarbage();
  const c0 = threadCpuMs();
  let calls = 0;
  let spent = 0;
  while (spent < MIN_MS) {
    await run();
    calls++;
    spent = threadCpuMs() - c0;
  }
  return { ms: spent / calls, calls };
}

function medianOf(times: number[]): number {
  const sorted = [...times].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)];
}

// Components: every built-in detector that runs in process, then healing, transforms and the leak guard.
const registry = getPluginRegistry();
const ctx = { baseDir: PROJECT_ROOT, language: "nl-BE", projectRoot: PROJECT_ROOT };
async function detector(use: string): Promise<Detector> {
  const { plugin } = await registry.load(use, PROJECT_ROOT);
  return plugin.create(plugin.meta.configSchema.parse({}) as never, ctx as never);
}
const signal = new AbortController().signal;
const detectors: Record<string, Detector> = {};
for (const use of ["known-identifiers", "patterns", "rules-nl-be", "rules-en"]) detectors[use] = await detector(use);
if (WITH_MODEL) detectors["meddeid-onnx"] = await detector("meddeid-onnx");

const healing = getHealingProfile("nl-BE");
const keyDir = mkdtempSync(join(tmpdir(), "deidstack-bench-key-"));
writeFileSync(join(keyDir, "bench.key"), randomBytes(32).toString("hex"), { mode: 0o600 });
const placeholders = await createTransformer("placeholders", { baseDir: keyDir, language: "nl-BE" });
const surrogates = await createTransformer({ type: "surrogates", key_file: "bench.key" }, { baseDir: keyDir, language: "nl-BE" });
const guard = { knownIdentifierDetectors: [detectors["known-identifiers"]], patternDetectors: [detectors.patterns], signal, documentIndex: 0 };

/** Spans of the rules-only detectors on a text: the input of healing, the transforms and the leak guard. */
async function spansOf(d: Document): Promise<{ union: Span[]; resolved: Span[] }> {
  const outputs: { detectorId: string; spans: DetectedSpan[] }[] = [];
  for (const id of ["known-identifiers", "patterns", "rules-nl-be"]) outputs.push({ detectorId: id, spans: await detectors[id].detect(d, { signal, documentIndex: 0 }) });
  const union = unionSpans(outputs);
  return { union, resolved: resolveOverlaps(healSpans(healing, union, { document: d, options: {} })) };
}

type Prepared = () => Promise<unknown> | unknown;
const components: Record<string, (d: Document) => Promise<Prepared>> = {};
for (const [id, det] of Object.entries(detectors)) components[id] = async (d) => () => det.detect(d, { signal, documentIndex: 0 });
components["healing nl-BE"] = async (d) => {
  const { union } = await spansOf(d);
  return () => healSpans(healing, union, { document: { ...d }, options: {} });
};
components["transform placeholders"] = async (d) => {
  const { resolved } = await spansOf(d);
  return () => placeholders.apply(d, resolved, { documentIndex: 0 });
};
const numbered = await createTransformer("numbered", { baseDir: keyDir, language: "nl-BE" });
components["transform numbered"] = async (d) => {
  const { resolved } = await spansOf(d);
  return () => numbered.apply(d, resolved, { documentIndex: 0 });
};
components["transform surrogates"] = async (d) => {
  const { resolved } = await spansOf(d);
  return () => surrogates.apply(d, resolved, { documentIndex: 0 });
};
const pseudonymise = await createTransformer({ type: "pseudonymise", key_file: "bench.key" }, { baseDir: keyDir, language: "nl-BE" });
// The transforms read the key when they are made: no key directory is left in the temporary folder.
rmSync(keyDir, { recursive: true, force: true });
components["transform pseudonymise"] = async (d) => {
  const { resolved } = await spansOf(d);
  return () => pseudonymise.apply(d, resolved, { documentIndex: 0 });
};
components["leak guard"] = async (d) => {
  const { resolved } = await spansOf(d);
  const result = (await placeholders.apply(d, resolved, { documentIndex: 0 })) as TransformResult;
  return () => countLeaks(d, result, guard);
};

// Warm-up (JIT) on a normal note and on each shape at a small size.
const NOTE = "Dhr. Jan Janssens (°07/03/1980), RRN 12.34.56-789, 12 maart 2020 gezien door dr. An Smet, Kerkstraat 12, 9000 Gent.";
// A component that throws on a shape is reported (NOT met, with the error's message) and not timed on it.
const broken = new Map<string, string>();
for (const [name, make] of Object.entries(components)) {
  if (ONLY.size > 0 && !ONLY.has(name) && ![...ONLY].some((o) => o.startsWith(`${name}/`) || o in SHAPES)) continue;
  const f = await make(doc(NOTE));
  for (let i = 0; i < 10; i++) await f();
  for (const [shape, piece] of Object.entries(SHAPES)) {
    try {
      await (await make(doc(textOf(piece, 4096))))();
    } catch (err) {
      broken.set(`${name}\u0000${shape}`, err instanceof Error ? err.message : String(err));
    }
  }
}

let failures = 0;
/** Pairs over the target whose cost also grows past it from 256 KB to 1 MB and from 64 KB to 1 MB (see below). */
let growing = 0;
let stepped = 0;
const results: { component: string; shape: string; ratio: number | null; met: boolean }[] = [];
const kb = (n: number) => `${Math.round(n / 1024)} KB`;
const steps = SIZES.slice(1).map((n, i) => `${kb(SIZES[i])} → ${kb(n)}`).join(", ");
console.log(
  `CPU-time ratio per adversarial shape, ${steps} (each step's ratio scaled to 4× the size: linear = 4.0×, target ≤ ${TARGET}×); ` +
    `per size: calls repeated to ≥ ${MIN_MS} ms of this thread's CPU, median of ${ROUNDS} rounds, sizes alternated, GC before each timing, young generation ${YOUNG.every((f) => process.execArgv.includes(f)) ? YOUNG.join(" ") : "V8's default"}`,
);
for (const [name, make] of Object.entries(components)) {
  console.log(`\n${name}`);
  for (const [shape, piece] of Object.entries(SHAPES)) {
    if (ONLY.size > 0 && !ONLY.has(shape) && !ONLY.has(name) && !ONLY.has(`${name}/${shape}`)) continue;
    const error = broken.get(`${name}\u0000${shape}`);
    if (error !== undefined) {
      failures++;
      results.push({ component: name, shape, ratio: null, met: false });
      console.log(`  ${shape.padEnd(28)} throws at 4 KB (${error})   NOT met`);
      continue;
    }
    const docs = SIZES.map((n) => doc(textOf(piece, n)));
    const runs = [await make(docs[0])];
    // The first call fills the caches the component keeps (folded needles, indexes) and can cost far more than
    // every later call: one untimed call per size before the rounds.
    const first = await cpuMsAsync(async () => runs[0]());
    if (first > BUDGET_MS) {
      failures++;
      results.push({ component: name, shape, ratio: null, met: false });
      console.log(`  ${shape.padEnd(28)} ${first.toFixed(0)} ms at ${kb(SIZES[0])} (over the ${BUDGET_MS} ms budget)   NOT met`);
      continue;
    }
    for (const d of docs.slice(1)) {
      const run = await make(d);
      await cpuMsAsync(async () => run());
      runs.push(run);
    }
    const times: number[][] = SIZES.map(() => []);
    const calls: number[][] = SIZES.map(() => []);
    for (let r = 0; r < ROUNDS; r++) {
      const order = SIZES.map((_, i) => i);
      if (r % 2 === 1) order.reverse();
      for (const i of order) {
        const t = await perCallMs(runs[i]);
        times[i].push(t.ms);
        calls[i].push(t.calls);
      }
    }
    const ms = times.map(medianOf);
    // Each step normalised to 4× the size, whatever the step: the texts are cut to whole pieces, so sizes differ slightly.
    const steps = (t: number[]) => SIZES.slice(1).map((_, k) => t[k + 1] / t[k] / (docs[k + 1].text.length / docs[k].text.length / 4));
    const ratios = steps(ms);
    const worst = Math.max(...ratios);
    const met = worst <= TARGET;
    if (!met) failures++;
    results.push({ component: name, shape, ratio: worst, met });
    const x = (rs: number[]) => rs.map((r) => `${r.toFixed(2)}×`).join(" ");
    const timings = ms.map((m, i) => `${m.toFixed(m < 10 ? 2 : 1)} ms ×${medianOf(calls[i])}`).join(" → ");
    let next = "";
    if (!met && !option("sizes")) {
      // Over the target: is it a step between these two sizes (caches, the collector) or growth that goes on? The
      // three sizes are timed again in each round: the step 256 KB → 1 MB, and 64 KB → 1 MB as a ratio per 4× of
      // size (the geometric mean of the two steps). A pair whose cost per character is the same at 64 KB and 1 MB
      // is linear with a bump at 256 KB; only when both figures are over the target does the cost grow.
      const bigger = doc(textOf(piece, 4 * SIZES[1]));
      const run = await make(bigger);
      await cpuMsAsync(async () => run());
      const s0: number[] = [];
      const u: number[] = [];
      const t: number[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        s0.push((await perCallMs(runs[0])).ms);
        u.push((await perCallMs(runs[1])).ms);
        t.push((await perCallMs(run)).ms);
      }
      const step = medianOf(t) / medianOf(u) / (bigger.text.length / docs[1].text.length / 4);
      const across = Math.sqrt(medianOf(t) / medianOf(s0) / (bigger.text.length / docs[0].text.length / 16));
      const growth = step > TARGET && across > TARGET;
      if (growth) growing++;
      else stepped++;
      next = `; ${kb(SIZES[1])} → ${kb(4 * SIZES[1])}: ${step.toFixed(2)}×, ${kb(SIZES[0])} → ${kb(4 * SIZES[1])}: ${across.toFixed(2)}× per 4× (${growth ? "growth" : "a step, linear across"})`;
    }
    console.log(`  ${shape.padEnd(28)} ${timings}   ${x(ratios).padStart(6)}   ${met ? "met" : "NOT met"}${next}`);
  }
}
if (!WITH_MODEL) console.log("\nmeddeid-onnx: not measured (run with --model); ollama-llm: needs a server; baselines: external programs");
console.log(`\nlinear time (every component and shape ≤ ${TARGET}×): ${failures === 0 ? "met" : `NOT met (${failures} of ${results.length})`}`);
if (growing + stepped > 0) console.log(`of those over the target, growing past it up to 1 MB: ${growing}; a step at 256 KB, linear from 64 KB to 1 MB: ${stepped}`);
process.exitCode = failures ? 1 : 0;
