// Not a benchmark: in-process A/B of rules-nl-be against another checkout's (NL_AB_BASE=<root>, e.g. a detached
// worktree of main): the same texts through both detectSpans, rounds interleaved, least CPU time of each, and every
// text's spans compared (any difference is counted and its text index printed, never its text).
//   NL_AB_BASE=/tmp/base node --import tsx bench/_nl-ab.ts [rounds=5] [generated|nl|fr|en|all]
import { join } from "node:path";
import { loadJsonlDocuments } from "../src/contract/index.js";
import { PROJECT_ROOT } from "../src/detectors/index.js";
import { loadRulesLexicon } from "../plugins/rules-nl-be/index.js";
import { detectSpans } from "../plugins/rules-nl-be/lib/detect.js";
import { benchDevFiles, generatedCorpus } from "./_corpora.js";

const base = process.env.NL_AB_BASE;
if (!base) throw new Error("NL_AB_BASE=<root of the other checkout>");
const rounds = Number(process.argv[2] ?? 5);
const which = process.argv[3] ?? "all";
const baseIndex = await import(join(base, "plugins/rules-nl-be/index.ts"));
const baseDetect = await import(join(base, "plugins/rules-nl-be/lib/detect.ts"));

async function devTexts(lang: string): Promise<string[]> {
  const dir = join(PROJECT_ROOT, "eval-sets", lang, "dev");
  const out: string[] = [];
  for (const f of benchDevFiles(dir)) for (const d of await loadJsonlDocuments(join(dir, f))) out.push(d.text);
  return out;
}
const texts: string[] = [];
if (which === "all" || which === "generated") texts.push(...generatedCorpus(600).documents.map((d) => d.text));
for (const lang of ["nl", "fr", "en"]) if (which === "all" || which === lang) texts.push(...(await devTexts(lang)));

const lexNew = loadRulesLexicon(PROJECT_ROOT);
const lexBase = baseIndex.loadRulesLexicon(PROJECT_ROOT);
let diffs = 0;
for (const [i, t] of texts.entries()) {
  if (JSON.stringify(detectSpans(t, lexNew)) !== JSON.stringify(baseDetect.detectSpans(t, lexBase))) {
    if (++diffs <= 20) console.log(`differs: text ${i}`);
  }
}
const time = (f: () => void) => {
  const b = process.cpuUsage();
  f();
  const u = process.cpuUsage(b);
  return u.user + u.system;
};
let bestNew = Infinity;
let bestBase = Infinity;
for (let r = 0; r < rounds; r++) {
  bestBase = Math.min(bestBase, time(() => { for (const t of texts) baseDetect.detectSpans(t, lexBase); }));
  bestNew = Math.min(bestNew, time(() => { for (const t of texts) detectSpans(t, lexNew); }));
}
console.log(`${texts.length} texts, ${diffs} differ; base ${(bestBase / 1000).toFixed(0)} ms, new ${(bestNew / 1000).toFixed(0)} ms: ${(bestNew / bestBase).toFixed(3)}×`);
