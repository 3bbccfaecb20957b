// Throughput of the rules-nl-be detector on one core with all lookup lists loaded, on generated ~2 KB Dutch
// clinical notes (names, streets and cities from faker's nl_BE locale, clinical filler written here).
// Prints cold start (index from cache and built from the lists), notes/s, MB/s and peak RSS, and the ratio to a
// baseline measured in the same run: tokenisation alone over the same notes (the floor of any token-based rule set).
//   node --import tsx bench/rules-nl-be.ts [notes=2000] [rounds=3]
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { RULES_DATA_DIR, loadRulesLexicon } from "../plugins/rules-nl-be/index.js";
import { detectSpans } from "../plugins/rules-nl-be/lib/detect.js";
import { buildLexicon } from "../plugins/rules-nl-be/lib/lexicon.js";
import { tokenize } from "../plugins/rules-nl-be/lib/tokenize.js";
import { PROJECT_ROOT } from "../src/detectors/index.js";
import { generateDutchNotes } from "./_rules-nl-be-notes.js";

// Child mode: build the index from the lists in a fresh process and print the milliseconds (keeps the parent's RSS honest).
if (process.argv[2] === "--build-only") {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  buildLexicon(RULES_DATA_DIR);
  const c = process.cpuUsage(c0);
  console.log(`${Math.round(performance.now() - t0)} ${Math.round((c.user + c.system) / 1000)}`);
  process.exit(0);
}

const NOTES = Number(process.argv[2] ?? 2000);
const ROUNDS = Number(process.argv[3] ?? 3);

function timeMs(fn: () => void): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

/** CPU milliseconds (user + system) of this process spent in fn: robust when other work shares the machine. */
function cpuMs(fn: () => void): number {
  const c0 = process.cpuUsage();
  fn();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
}

const cacheLoadMs = timeMs(() => loadRulesLexicon(PROJECT_ROOT));
const lexicon = loadRulesLexicon(PROJECT_ROOT);
const child = spawnSync(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url), "--build-only"], { encoding: "utf8" });
const [buildMs, buildCpuMs] = child.stdout.trim().split(" ").map(Number);

const generated = generateDutchNotes(NOTES, 20260518);
const notes = generated.map((n) => n.text);
const megabytes = notes.reduce((n, t) => n + Buffer.byteLength(t, "utf8"), 0) / 1e6;

for (const note of notes.slice(0, 50)) detectSpans(note, lexicon); // warm-up (JIT)

let bestRules = Infinity;
let bestRulesCpu = Infinity;
let bestBaseline = Infinity;
let spans = 0;
for (let r = 0; r < ROUNDS; r++) {
  bestBaseline = Math.min(bestBaseline, cpuMs(() => {
    for (const note of notes) tokenize(note);
  }));
  let wall = 0;
  const cpu = cpuMs(() => {
    wall = timeMs(() => {
      spans = 0;
      for (const note of notes) spans += detectSpans(note, lexicon).length;
    });
  });
  bestRules = Math.min(bestRules, wall);
  bestRulesCpu = Math.min(bestRulesCpu, cpu);
}

// Recall and precision on the identifiers the generator planted (overlap with the same category), for orientation:
// faker invents street and city names that no list holds, so this is a floor for names and places.
const category = (label: string): string => label.split(":")[0];
let planted = 0;
let found = 0;
let predicted = 0;
let supported = 0;
const missedByCategory = new Map<string, number>();
for (const note of generated) {
  const predictions = detectSpans(note.text, lexicon);
  planted += note.spans.length;
  predicted += predictions.length;
  for (const g of note.spans) {
    const hit = predictions.some((p) => p.start < g.end && g.start < p.end && category(p.label) === category(g.label));
    if (hit) found++;
    else missedByCategory.set(category(g.label), (missedByCategory.get(category(g.label)) ?? 0) + 1);
  }
  for (const p of predictions) if (note.spans.some((g) => p.start < g.end && g.start < p.end)) supported++;
}

const peakRssMb = process.resourceUsage().maxRSS / 1024;
const rulesSeconds = bestRulesCpu / 1000;
console.log(`rules-nl-be bench: ${NOTES} notes, ${megabytes.toFixed(2)} MB (avg ${((megabytes * 1e6) / NOTES).toFixed(0)} B/note), best of ${ROUNDS}`);
console.log(`  cold start (index from cache): ${cacheLoadMs.toFixed(0)} ms   (target <= 2000 ms: ${cacheLoadMs <= 2000 ? "met" : "NOT met"})`);
console.log(`  index built from the lists (first run, no cache): ${buildMs.toFixed(0)} ms wall, ${buildCpuMs.toFixed(0)} ms CPU`);
console.log(`  detector (CPU time): ${(NOTES / rulesSeconds).toFixed(0)} notes/s, ${(megabytes / rulesSeconds).toFixed(2)} MB/s   (target >= 2 MB/s: ${megabytes / rulesSeconds >= 2 ? "met" : "NOT met"}), ${spans} spans`);
console.log(`  detector (wall clock, machine shared): ${(megabytes / (bestRules / 1000)).toFixed(2)} MB/s`);
console.log(`  baseline (tokenisation only, CPU time): ${(megabytes / (bestBaseline / 1000)).toFixed(2)} MB/s; detector/baseline ratio ${(bestRulesCpu / bestBaseline).toFixed(1)}x`);
console.log(`  peak RSS: ${peakRssMb.toFixed(0)} MB   (target <= 400 MB: ${peakRssMb <= 400 ? "met" : "NOT met"})`);
console.log(`  planted identifiers: recall ${(found / planted).toFixed(3)} (${found}/${planted}), precision ${(supported / predicted).toFixed(3)}; missed by category: ${JSON.stringify(Object.fromEntries(missedByCategory))}`);
