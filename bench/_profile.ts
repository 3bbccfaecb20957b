// Not a benchmark: the rules-only layers (bench/_stack-parts.ts) or one of its detectors over a corpus, to profile:
//   node --cpu-prof --import tsx bench/_profile.ts <runner|stack|known-identifiers|patterns|rules-nl-be> [generated|hand-written] [rounds]
// `runner` runs StackRunner.processDocument alone (no timer calls per layer, which skew a profile of `stack`).
import "reflect-metadata";
import { analyseText } from "../src/contract/index.js";
import { StackRunner, loadStack } from "../src/stack/index.js";
import { generatedCorpus, handWrittenCorpus } from "./_corpora.js";
import { stackParts } from "./_stack-parts.js";
const [use, which = "generated", roundsArg = "5"] = process.argv.slice(2);
const corpus = which === "generated" ? generatedCorpus(600) : await handWrittenCorpus(1.2e6);
const parts = await stackParts(await loadStack("rules-only"));
const signal = new AbortController().signal;
if (use === "runner") {
  const runner = await StackRunner.create(await loadStack("rules-only"), { concurrency: 1 });
  const runAll = async () => {
    for (const [i, d] of corpus.documents.entries()) await runner.processDocument({ ...d }, i, signal).catch(() => null);
  };
  await runAll();
  const b = process.cpuUsage();
  for (let r = 0; r < Number(roundsArg); r++) await runAll();
  const u = process.cpuUsage(b);
  await runner.close();
  console.log(`${which} runner: ${((Number(roundsArg) * corpus.textBytes) / 1e6 / ((u.user + u.system) / 1e6)).toFixed(2)} MB/s`);
} else if (use === "stack") {
  const m = new Map<string, number>();
  for (const [i, d] of corpus.documents.entries()) await parts.run({ ...d }, i, m);
  const b = process.cpuUsage();
  for (let r = 0; r < Number(roundsArg); r++) for (const [i, d] of corpus.documents.entries()) await parts.run({ ...d }, i, m);
  const u = process.cpuUsage(b);
  console.log(`${which} stack parts: ${((Number(roundsArg) * corpus.textBytes) / 1e6 / ((u.user + u.system) / 1e6)).toFixed(2)} MB/s`);
} else {
  const det = parts.detectors.find((d) => d.use === use)!.detector;
  for (const d of corpus.documents) await det.detect({ ...d }, { signal, documentIndex: 0, analysis: analyseText(d.text) });
  const b = process.cpuUsage();
  for (let r = 0; r < Number(roundsArg); r++) for (const d of corpus.documents) await det.detect({ ...d }, { signal, documentIndex: 0, analysis: analyseText(d.text) });
  const u = process.cpuUsage(b);
  console.log(`${which} ${use}: ${((Number(roundsArg) * corpus.textBytes) / 1e6 / ((u.user + u.system) / 1e6)).toFixed(2)} MB/s, ${((u.user + u.system) / 1000 / Number(roundsArg) / corpus.documents.length).toFixed(3)} ms/note`);
}
