// Not a benchmark: the leak guard of the start of session twelve (the frozen copies in test/support: the guard and
// the known-identifiers detection it re-ran) against the current one in one process, on the rules-only placeholder
// outputs of a corpus, both with the same patterns detector, alternating per round (old first in even rounds), so
// the load of a shared machine hits both alike. `cold`: every round gets notes of its own, new to the guard's
// caches as every note of a run is; `warm`: the same notes every round. `whole`: the guard with both re-run
// detectors; `own`: without them (the guard's own work). Counts and CPU times only.
//   node --import tsx bench/_leak-ab.ts [generated|hand-written] [rounds=8] [notes per round=80] [cold|warm] [whole|own]
import "reflect-metadata";
import { type Document, type TextAnalysis } from "../src/contract/index.js";
import { loadStack } from "../src/stack/index.js";
import { findLeaks, type TransformResult } from "../src/transform/index.js";
import { generatedCorpus, handWrittenCorpus } from "./_corpora.js";
import { stackParts, unguardedCases } from "./_stack-parts.js";
import * as frozenKnown from "../test/support/known-identifiers-reference.js";
import { findLeaks as frozenFindLeaks } from "../test/support/leak-guard-reference.js";
const [which = "generated", roundsArg = "8", notesArg = "80", mode = "cold", which3 = "whole"] = process.argv.slice(2);
const rounds = Number(roundsArg), notes = Number(notesArg), cold = mode === "cold";
const slices = cold ? rounds * 2 : 1;
const corpus = which === "generated" ? generatedCorpus(notes * slices) : await handWrittenCorpus(notes * slices * 2540);
const stack = await loadStack("rules-only");
const parts = await stackParts(stack);
const signal = new AbortController().signal;
const cases = await unguardedCases(stack, parts, corpus.documents);
const per = Math.floor(cases.length / slices);
const known = parts.detectors.filter((d) => d.use === "known-identifiers").map((d) => d.detector);
const patterns = parts.detectors.filter((d) => d.use === "patterns").map((d) => d.detector);
const fo = frozenKnown.configSchema.parse({});
const frozenKnownDetector = { detect: (d: Document, c: { analysis?: TextAnalysis }) => frozenKnown.detectKnownIdentifiers(d, fo, c.analysis) };
// As in a run, the frozen detector has seen each input before the guard (its search plan per metadata object).
for (const c of cases) frozenKnown.detectKnownIdentifiers(c.doc, fo);
const variants = {
  old: (d: Document, r: TransformResult) => frozenFindLeaks(d, r, { signal, documentIndex: 0, knownIdentifierDetectors: which3 === "own" ? [] : [frozenKnownDetector], patternDetectors: which3 === "whole" ? patterns : [] }),
  new: (d: Document, r: TransformResult) => findLeaks(d, r, { signal, documentIndex: 0, knownIdentifierDetectors: which3 === "own" ? [] : known, patternDetectors: which3 === "whole" ? patterns : [] }),
};
const times: Record<string, number[]> = { old: [], new: [] };
const leaks: Record<string, number> = { old: 0, new: 0 };
let slice = 0;
for (let r = 0; r < rounds; r++) {
  const order = r % 2 ? (["new", "old"] as const) : (["old", "new"] as const);
  for (const name of order) {
    const batch = cold ? cases.slice(per * slice, per * ++slice) : cases;
    const t = process.cpuUsage();
    for (const c of batch) leaks[name] += (await variants[name]({ ...c.doc }, c.result)).length;
    const u = process.cpuUsage(t);
    times[name].push((u.user + u.system) / batch.length);
  }
}
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const f = (xs: number[]) => `least ${Math.min(...xs).toFixed(0)} median ${med(xs).toFixed(0)} (${xs.map((x) => x.toFixed(0)).join(" ")})`;
console.log(`${which} ${mode} ${which3}, ${cold ? per : cases.length} notes/round, µs/note: old ${f(times.old)}; new ${f(times.new)}; new/old least ${(Math.min(...times.new) / Math.min(...times.old)).toFixed(2)} median ${(med(times.new) / med(times.old)).toFixed(2)}; leaks ${leaks.old}/${leaks.new}`);
await parts.close();
