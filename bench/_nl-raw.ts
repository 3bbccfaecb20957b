// Not a benchmark: rules-nl-be's own spans (detectSpans, before any stack layer) on the generated bench notes and
// the nl, fr and en dev texts (held-out round left out), with a sha256 per corpus, and the detector's CPU time per
// note (least of the rounds). A speed change to rules-nl-be is checked against these digests first; the stack's
// records (bench/_outputs.ts) second. Counts, digests and times only.
//   node --import tsx bench/_nl-raw.ts [rounds=3] [out-dir]
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadJsonlDocuments } from "../src/contract/index.js";
import { PROJECT_ROOT } from "../src/detectors/index.js";
import { loadRulesLexicon } from "../plugins/rules-nl-be/index.js";
import { detectSpans } from "../plugins/rules-nl-be/lib/detect.js";
import { benchDevFiles, generatedCorpus } from "./_corpora.js";

const rounds = Number(process.argv[2] ?? 3);
const outDir = process.argv[3];
if (outDir) mkdirSync(outDir, { recursive: true });

async function devTexts(lang: string): Promise<string[]> {
  const dir = join(PROJECT_ROOT, "eval-sets", lang, "dev");
  const out: string[] = [];
  for (const f of benchDevFiles(dir)) for (const d of await loadJsonlDocuments(join(dir, f))) out.push(d.text);
  return out;
}

const lexicon = loadRulesLexicon(PROJECT_ROOT);
const sets: [string, string[]][] = [
  ["generated", generatedCorpus(600).documents.map((d) => d.text)],
  ["nl-dev", await devTexts("nl")],
  ["fr-dev", await devTexts("fr")],
  ["en-dev", await devTexts("en")],
];
let total = 0;
for (const [name, texts] of sets) {
  const lines = texts.map((t) => JSON.stringify(detectSpans(t, lexicon)));
  const body = lines.join("\n") + "\n";
  if (outDir) writeFileSync(join(outDir, `${name}.jsonl`), body, { mode: 0o600 });
  let best = Infinity;
  for (let r = 0; r < rounds; r++) {
    const b = process.cpuUsage();
    for (const t of texts) detectSpans(t, lexicon);
    const u = process.cpuUsage(b);
    best = Math.min(best, u.user + u.system);
  }
  total += best;
  const bytes = texts.reduce((n, t) => n + Buffer.byteLength(t, "utf8"), 0);
  console.log(`${name.padEnd(10)} ${String(texts.length).padStart(5)} texts ${createHash("sha256").update(body).digest("hex").slice(0, 16)}  ${(best / 1000 / texts.length).toFixed(3)} ms/text  ${(bytes / best).toFixed(2)} MB/s`);
}
console.log(`total ${(total / 1000).toFixed(0)} ms (least round per corpus)`);
