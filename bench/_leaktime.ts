// Not a benchmark: CPU time of the leak guard alone (findLeaks) on the rules-only transform results of a corpus, and
// of its parts: the same call without the re-run patterns detector, and without either re-run detector (known
// identifiers, patterns), so the differences are what each re-run costs and the rest is the guard's own work
// (needles from the replaced spans, folds of the output, the whole-word search). Variants alternate within each
// round. Each note is new to the guard in the first round only (its needle caches are filled then), as every note
// of a run is: the first round is printed beside the least one. With `cold`, every round and variant gets notes of
// its own (a corpus of notes × rounds × 3), so every call sees a note new to the guard, as in a run, and the least
// round is the figure.
//   node --import tsx bench/_leaktime.ts [generated|hand-written] [rounds=5] [warm|cold] [notes=400]
import "reflect-metadata";
import { loadStack } from "../src/stack/index.js";
import { findLeaks } from "../src/transform/index.js";
import { generatedCorpus, handWrittenCorpus } from "./_corpora.js";
import { stackParts, unguardedCases } from "./_stack-parts.js";

const [which = "generated", roundsArg = "5", mode = "warm", notesArg = "400"] = process.argv.slice(2);
const rounds = Number(roundsArg);
const notes = Number(notesArg);
const cold = mode === "cold";
const VARIANTS = ["whole guard", "without patterns", "without either"] as const;
const slices = cold ? rounds * VARIANTS.length : 1;
// The hand-written corpus repeats its texts (reshuffled): a cold round of it is new by document, not by every name.
const corpus = which === "generated" ? generatedCorpus(notes * slices) : await handWrittenCorpus(notes * slices * 2540);
const stack = await loadStack("rules-only");
const parts = await stackParts(stack);
const signal = new AbortController().signal;
const cases = await unguardedCases(stack, parts, corpus.documents);
const per = Math.floor(cases.length / slices);
const known = parts.detectors.filter((d) => d.use === "known-identifiers").map((d) => d.detector);
const patterns = parts.detectors.filter((d) => d.use === "patterns").map((d) => d.detector);
const variants = {
  "whole guard": { knownIdentifierDetectors: known, patternDetectors: patterns },
  "without patterns": { knownIdentifierDetectors: known, patternDetectors: [] },
  "without either": { knownIdentifierDetectors: [], patternDetectors: [] },
};
let leaks = 0;
const times = new Map<string, number[]>();
let slice = 0;
for (let r = 0; r < rounds; r++) {
  for (const [name, v] of Object.entries(variants)) {
    const batch = cold ? cases.slice(per * slice, per * ++slice) : cases;
    const t = process.cpuUsage();
    for (const c of batch) leaks += (await findLeaks({ ...c.doc }, c.result, { ...v, signal, documentIndex: 0 })).length;
    const u = process.cpuUsage(t);
    times.set(name, [...(times.get(name) ?? []), (u.user + u.system) / batch.length]);
  }
}
const least = (name: string) => Math.min(...times.get(name)!);
console.log(`${which} (${cold ? "cold: new notes in every round and variant" : "warm: the same notes in every round"}): ${cold ? per : cases.length} notes per round, findLeaks µs/note (first round, least of ${rounds}):`);
for (const [name, xs] of times) console.log(`  ${name.padEnd(18)} ${xs[0].toFixed(0).padStart(5)} ${least(name).toFixed(0).padStart(5)}   rounds ${xs.map((x) => x.toFixed(0)).join(" ")}`);
console.log(`  least rounds: re-run patterns ${(least("whole guard") - least("without patterns")).toFixed(0)}, re-run known-identifiers ${(least("without patterns") - least("without either")).toFixed(0)}, the guard's own work ${least("without either").toFixed(0)} µs/note (${leaks} leaks)`);
await parts.close();
