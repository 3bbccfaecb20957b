// Not a benchmark: CPU time of each healing rule per pass on the rules-only detections of a corpus, to profile:
//   node --import tsx bench/_heal.ts [generated|hand-written]
import "reflect-metadata";
import { analyseText, type Span } from "../src/contract/index.js";
import { getHealingProfile } from "../src/healing/index.js";
import { unionSpans } from "../src/stack/union.js";
import { loadStack } from "../src/stack/index.js";
import { generatedCorpus, handWrittenCorpus } from "./_corpora.js";
import { stackParts } from "./_stack-parts.js";
const which = process.argv[2] ?? "generated";
const corpus = which === "generated" ? generatedCorpus(400) : await handWrittenCorpus(0.8e6);
const parts = await stackParts(await loadStack("rules-only"));
const signal = new AbortController().signal;
const detected: Span[][] = [];
for (const [i, d] of corpus.documents.entries()) {
  const analysis = analyseText(d.text);
  const outs = [];
  for (const p of parts.detectors) outs.push({ detectorId: p.id, spans: await p.detector.detect(d, { signal, documentIndex: i, analysis }) });
  detected.push(unionSpans(outs));
}
const profile = getHealingProfile("nl-BE");
const times = new Map<string, number>();
const passes = [0, 0, 0, 0, 0];
function key(spans: readonly Span[]) { return spans.map((s) => `${s.start}:${s.end}:${s.label}:${(s.detectors ?? []).join(",")}`).join("|"); }
for (let round = 0; round < 4; round++) {
  for (const [i, d0] of corpus.documents.entries()) {
    const d = { ...d0 };
    const ctx = { document: d, options: {}, analysis: analyseText(d.text) };
    let cur: Span[] = [...detected[i]];
    let pass = 0;
    for (; pass < 4; pass++) {
      const before = key(cur);
      let out = [...cur];
      for (const [k, r] of profile.rules.entries()) {
        const t = process.cpuUsage();
        out = r.apply(out, ctx);
        const u = process.cpuUsage(t);
        const name = `${String(k).padStart(2)} ${r.name} p${Math.min(pass, 1)}`;
        if (round > 0) times.set(name, (times.get(name) ?? 0) + u.user + u.system);
      }
      cur = out;
      if (key(cur) === before) break;
    }
    if (round > 0) passes[pass]++;
  }
}
const total = [...times.values()].reduce((a, b) => a + b, 0);
console.log("passes (index of the pass that found no change):", passes, "total ms/doc", (total / 3 / corpus.documents.length / 1000).toFixed(3));
for (const [k, v] of [...times].sort((a, b) => b[1] - a[1]).slice(0, 80)) console.log(k.padEnd(48), (v / 3 / corpus.documents.length).toFixed(1), "µs/doc");
