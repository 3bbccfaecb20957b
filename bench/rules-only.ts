// The `rules-only` stack as a run uses it, on one core, in CPU time of this process (user + system: the machine is
// shared, and wall time would count the waiting), on two corpora (bench/_corpora.ts): generated nl-BE notes and
// hand-written eval-sets/nl/dev texts joined into notes. Start-up and the first 200 notes (JIT, list loading) are
// excluded; rounds alternate between the two measurements below and the median round is reported.
// 1. Steady-state throughput of StackRunner.processDocument (known-identifiers, patterns, rules-nl-be, union,
//    healing nl-BE, overlap resolution, placeholders, leak guard, output record) and JSON serialisation of the
//    record. Target ≥ 5 MB/s of note text per core on each corpus (the aim is 10).
// 2. The same layers timed one by one (bench/_stack-parts.ts, checked to give the runner's output): healing +
//    transform + leak guard together, as a share of the detectors' time on the same notes. Target ≤ 30%.
// 3. A baseline measured in every round on the same notes: one Unicode word scan of the text (the shared
//    analysis's word table) and a JSON round trip of the document, the least a run does with a note. Its MB/s and
//    rules-only's time as a multiple of it are printed, so runs under different loads can be compared by the ratio.
//   node --import tsx bench/rules-only.ts [generated-notes=1500] [hand-written-MB=3] [rounds=3]
import "reflect-metadata";
import { loadavg } from "node:os";
import { analyseText, DeidError } from "../src/contract/index.js";
import { StackRunner, loadStack, type OutputRecord } from "../src/stack/index.js";
import { generatedCorpus, handWrittenCorpus, type BenchCorpus } from "./_corpora.js";
import { PHASES, same, stackParts } from "./_stack-parts.js";

const GENERATED = Number(process.argv[2] ?? 1500);
const HAND_MB = Number(process.argv[3] ?? 3);
const ROUNDS = Number(process.argv[4] ?? 3);
const TARGET_MBS = 5;
const AIM_MBS = 10;
const TARGET_SHARE = 0.3;
const WARM_UP = 200;

const cpuUs = (before: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(before);
  return u.user + u.system;
};
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const verdict = (ok: boolean) => (ok ? "met" : "NOT met");

const stack = await loadStack("rules-only");
const signal = new AbortController().signal;

async function measure(corpus: BenchCorpus) {
  const runner = await StackRunner.create(stack, { concurrency: 1 });
  const parts = await stackParts(stack);
  let sink = 0;
  let refused = 0;
  let spans = 0;
  const viaRunner = async (i: number): Promise<OutputRecord | null> => {
    try {
      const r = await runner.processDocument({ ...corpus.documents[i] }, i, signal);
      sink += JSON.stringify(r).length;
      spans += r.spans.length;
      return r;
    } catch (err) {
      if (err instanceof DeidError && err.code === "E_LEAK_GUARD") {
        refused++;
        return null;
      }
      throw err;
    }
  };
  // Warm-up, and the check that the layers timed one by one are the runner's.
  const scratch = new Map<string, number>();
  let drift = 0;
  const n = corpus.documents.length;
  for (let i = 0; i < Math.min(WARM_UP, n); i++) {
    const record = await viaRunner(i);
    const { result } = await parts.run({ ...corpus.documents[i] }, i, scratch);
    if (!same(result, record)) drift++;
  }
  if (drift) throw new Error(`bench/_stack-parts.ts no longer follows the runner: ${drift} of ${Math.min(WARM_UP, n)} documents differ`);
  const rates: number[] = [];
  const baseRates: number[] = [];
  const layerRounds: Map<string, number>[] = [];
  const baseline = () => {
    for (let i = 0; i < n; i++) {
      const d = corpus.documents[i];
      sink += analyseText(d.text).words.count + (JSON.parse(JSON.stringify(d)) as { text: string }).text.length;
    }
  };
  baseline();
  for (let r = 0; r < ROUNDS; r++) {
    refused = 0;
    spans = 0;
    let before = process.cpuUsage();
    baseline();
    baseRates.push(corpus.textBytes / 1e6 / (cpuUs(before) / 1e6));
    before = process.cpuUsage();
    for (let i = 0; i < n; i++) await viaRunner(i);
    rates.push(corpus.textBytes / 1e6 / (cpuUs(before) / 1e6));
    const layers = new Map<string, number>();
    for (let i = 0; i < n; i++) await parts.run({ ...corpus.documents[i] }, i, layers);
    layerRounds.push(layers);
  }
  await Promise.all([runner.close(), parts.close()]);
  if (sink < 0) console.log(sink);
  const shareOf = (l: Map<string, number>) => ((l.get("healing") ?? 0) + (l.get("transform") ?? 0) + (l.get("leak guard") ?? 0)) / (l.get("detectors") ?? 1);
  const shares = layerRounds.map(shareOf);
  const mid = layerRounds[shares.indexOf(median(shares))];
  return { rates, baseRates, shares, layers: mid, refused, spans, detectorIds: parts.detectors.map((d) => d.id) };
}

const corpora = [generatedCorpus(GENERATED), await handWrittenCorpus(HAND_MB * 1e6)];
console.log(`load average at start ${loadavg().map((x) => x.toFixed(1)).join(" ")} (2 cores shared); ${ROUNDS} rounds per corpus, CPU time of this process`);
const summary: string[] = [];
for (const corpus of corpora) {
  const m = await measure(corpus);
  const n = corpus.documents.length;
  const rate = median(m.rates);
  const share = median(m.shares);
  console.log(`\n${corpus.name}: ${corpus.description}`);
  console.log(`  ${(corpus.textBytes / 1e6).toFixed(2)} MB of text in ${n} notes (${Math.round(corpus.textBytes / n)} B/note), ${(m.spans / n).toFixed(1)} output spans/note, leak guard refused ${m.refused}`);
  const perNote = (us: number) => `${(us / n / 1000).toFixed(3)} ms/note`;
  const detectorsUs = m.layers.get("detectors") ?? 0;
  for (const phase of PHASES) {
    const us = m.layers.get(phase) ?? 0;
    console.log(`  ${phase.padEnd(22)} ${perNote(us)}  ${((100 * us) / detectorsUs).toFixed(1).padStart(6)}% of the detectors`);
    if (phase === "detectors") for (const id of m.detectorIds) console.log(`    ${id.padEnd(20)} ${perNote(m.layers.get(`detector ${id}`) ?? 0)}`);
  }
  // Per round, rules-only's time over the baseline's (the inverse ratio of their rates).
  const times = m.rates.map((x, k) => m.baseRates[k] / x);
  const a = `rules-only steady state, ${corpus.name}: ${rate.toFixed(2)} MB/s per core (rounds ${m.rates.map((x) => x.toFixed(2)).join(", ")}), ${median(times).toFixed(1)}× the baseline's time (baseline ${median(m.baseRates).toFixed(1)} MB/s); target ≥ ${TARGET_MBS} MB/s: ${verdict(rate >= TARGET_MBS)}; aim ${AIM_MBS} MB/s: ${verdict(rate >= AIM_MBS)}`;
  const b = `healing + transform + leak guard, ${corpus.name}: ${(100 * share).toFixed(1)}% of the detectors' time (rounds ${m.shares.map((x) => (100 * x).toFixed(1)).join(", ")}%); target ≤ ${100 * TARGET_SHARE}%: ${verdict(share <= TARGET_SHARE)}`;
  console.log(`  ${a}\n  ${b}`);
  summary.push(a, b);
}
console.log(`\nload average at end ${loadavg().map((x) => x.toFixed(1)).join(" ")}`);
console.log(summary.join("\n"));
