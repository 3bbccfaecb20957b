// Not a benchmark: CPU time of the leak guard alone (findLeaks) on the rules-only transform results of a corpus.
//   node --import tsx bench/_leaktime.ts [generated|hand-written] [rounds=5]
import "reflect-metadata";
import { analyseText, type Document } from "../src/contract/index.js";
import { getHealingProfile, healSpans } from "../src/healing/index.js";
import { resolveOverlaps, unionSpans } from "../src/stack/union.js";
import { loadStack } from "../src/stack/index.js";
import { createTransformer, findLeaks, type TransformResult } from "../src/transform/index.js";
import { generatedCorpus, handWrittenCorpus } from "./_corpora.js";
import { stackParts } from "./_stack-parts.js";

const [which = "generated", roundsArg = "5"] = process.argv.slice(2);
const corpus = which === "generated" ? generatedCorpus(400) : await handWrittenCorpus(0.8e6);
const stack = await loadStack("rules-only");
const parts = await stackParts(stack);
const transformer = await createTransformer(stack.config.transform as never, { baseDir: stack.baseDir, language: stack.config.language, healingOptions: stack.config.healing_options } as never);
const signal = new AbortController().signal;
const profile = getHealingProfile("nl-BE");
const cases: { doc: Document; result: TransformResult }[] = [];
for (const [i, d] of corpus.documents.entries()) {
  const analysis = analyseText(d.text);
  const outs = [];
  for (const p of parts.detectors) outs.push({ detectorId: p.id, spans: await p.detector.detect(d, { signal, documentIndex: i, analysis }) });
  const spans = resolveOverlaps(healSpans(profile, unionSpans(outs), { document: d, options: stack.config.healing_options ?? {}, analysis }));
  cases.push({ doc: d, result: await transformer.apply(d, spans, { documentIndex: i }) });
}
const opts = {
  knownIdentifierDetectors: parts.detectors.filter((d) => d.use === "known-identifiers").map((d) => d.detector),
  patternDetectors: parts.detectors.filter((d) => d.use === "patterns").map((d) => d.detector),
  signal,
  documentIndex: 0,
};
let leaks = 0;
const rounds: number[] = [];
for (let r = 0; r < Number(roundsArg); r++) {
  const t = process.cpuUsage();
  for (const c of cases) leaks += (await findLeaks(c.doc, c.result, opts)).length;
  const u = process.cpuUsage(t);
  rounds.push((u.user + u.system) / cases.length);
}
console.log(`${which}: findLeaks µs/note per round ${rounds.map((x) => x.toFixed(0)).join(" ")} (${leaks} leaks)`);
