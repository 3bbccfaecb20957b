// Not a benchmark: the layers after the detectors (healing, overlap resolution, transform, leak guard) of the
// rules-only stack on a corpus, the detections made once beforehand, timed per layer in CPU time of this thread
// over several rounds (least round per layer). For profiling (`node --cpu-prof --import tsx bench/_pipe.ts …`) and
// for in-process comparisons of two checkouts' timings by running it in each. Counts and times only.
//   node --import tsx bench/_pipe.ts [generated|hand-written] [rounds=5] [layers=healing,leak]
import "reflect-metadata";
import { analyseText, DeidError, type Document, type Span } from "../src/contract/index.js";
import { getHealingProfile, healSpans } from "../src/healing/index.js";
import { resolveOverlaps, unionSpans } from "../src/stack/union.js";
import { loadStack } from "../src/stack/index.js";
import { createTransformer, guardLeaks, type TransformResult } from "../src/transform/index.js";
import { generatedCorpus, handWrittenCorpus } from "./_corpora.js";
import { stackParts } from "./_stack-parts.js";

const [which = "generated", roundsArg = "5", layersArg = "healing,leak"] = process.argv.slice(2);
const layers = new Set(layersArg.split(","));
const corpus = which === "generated" ? generatedCorpus(400) : await handWrittenCorpus(0.8e6);
const stack = await loadStack("rules-only");
const parts = await stackParts(stack);
const transformer = await createTransformer(stack.config.transform as never, { baseDir: stack.baseDir, language: stack.config.language, healingOptions: stack.config.healing_options } as never);
const signal = new AbortController().signal;
const profile = getHealingProfile("nl-BE");
const options = stack.config.healing_options ?? {};
const guard = {
  knownIdentifierDetectors: parts.detectors.filter((d) => d.use === "known-identifiers").map((d) => d.detector),
  patternDetectors: parts.detectors.filter((d) => d.use === "patterns").map((d) => d.detector),
  signal,
  documentIndex: 0,
  onLeak: "refuse" as const,
};
const cases: { doc: Document; analysis: ReturnType<typeof analyseText>; detected: Span[]; result: TransformResult }[] = [];
for (const [i, d] of corpus.documents.entries()) {
  const analysis = analyseText(d.text);
  const outs = [];
  for (const p of parts.detectors) outs.push({ detectorId: p.id, spans: await p.detector.detect(d, { signal, documentIndex: i, analysis }) });
  const detected = unionSpans(outs);
  const spans = resolveOverlaps(healSpans(profile, detected, { document: { ...d }, options, analysis }));
  cases.push({ doc: d, analysis, detected, result: await transformer.apply(d, spans, { documentIndex: i }) });
}
const thread = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};
const best = new Map<string, number>();
let sink = 0;
for (let r = 0; r < Number(roundsArg); r++) {
  if (layers.has("healing")) {
    const t = thread();
    for (const c of cases) {
      // A fresh document object: nothing healing memoises per document in an earlier round is reused, as in a run;
      // the analysis is the one the detectors made (a run shares it with healing).
      sink += healSpans(profile, c.detected, { document: { ...c.doc }, options, analysis: c.analysis }).length;
    }
    const us = (thread() - t) / cases.length;
    best.set("healing", Math.min(best.get("healing") ?? Infinity, us));
  }
  if (layers.has("leak")) {
    const t = thread();
    for (const c of cases) {
      try {
        sink += (await guardLeaks({ ...c.doc }, c.result, guard)).spans.length;
      } catch (err) {
        if (!(err instanceof DeidError)) throw err;
        sink++;
      }
    }
    const us = (thread() - t) / cases.length;
    best.set("leak guard", Math.min(best.get("leak guard") ?? Infinity, us));
  }
}
console.log(`${which}: ${cases.length} notes, ${roundsArg} rounds, least round µs/note: ${[...best].map(([k, v]) => `${k} ${v.toFixed(0)}`).join(", ")} (${sink})`);
