// Hard-negative mining: runs a model alone (its shipped decoding) over ordinary prose that nobody here wrote
// (training/build-prose.ts: Debian man pages and gettext catalogues, sentences that may name people left out) and
// keeps the sentences in which it flags anything. training/prepare-mixed.ts --mined trains on them as negatives (and
// with identifiers inserted, so recall holds). A sentence whose flagged text has a digit, an @ or a slash is left
// out: it may be a date, a version or a path that a PII shape should keep, not a word the model got wrong.
// Prints counts only, never text.
//
// Usage: node --import tsx training/mine-negatives.ts --model models/meddeid-nl-small --prose training/data/mine/nl.txt,... \
//          --out training/data/mined-nl.txt [--max 200000] [--runs 0.3]
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { readModelDirectory } from "../plugins/meddeid-onnx/bundle.js";
import { TokenClassifierEngine } from "../plugins/meddeid-onnx/engine.js";
import { TextTokenizer } from "../plugins/meddeid-onnx/tokenizer.js";
import { Prng } from "../src/synth/index.js";

/** Flagged text that may be a real identifier shape rather than an ordinary word. */
export const SHAPE_LIKE = /[\p{N}@/]/u;

/** Which of `texts` the model flags, given its spans per text; texts whose flagged parts are shape-like are dropped. */
export function minedOf(texts: readonly string[], spans: readonly { start: number; end: number }[][]): { kept: string[]; flagged: number; shapeLike: number } {
  const kept: string[] = [];
  let flagged = 0;
  let shapeLike = 0;
  texts.forEach((t, i) => {
    if (spans[i].length === 0) return;
    flagged++;
    if (spans[i].some((s) => SHAPE_LIKE.test(t.slice(s.start, s.end)))) {
      shapeLike++;
      return;
    }
    kept.push(t);
  });
  return { kept, flagged, shapeLike };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      model: { type: "string" },
      prose: { type: "string" },
      out: { type: "string" },
      max: { type: "string", default: "200000" },
      /** Share of inputs that are runs of 2–3 sentences instead of one. */
      runs: { type: "string", default: "0.3" },
      seed: { type: "string", default: "13" },
    },
  });
  if (!values.model || !values.prose || !values.out) throw new Error("--model, --prose and --out are required");
  const prng = new Prng(Number(values.seed));
  const lines = values.prose.split(",").flatMap((p) => readFileSync(p, "utf8").split(/\r?\n/).map((l) => l.trim()).filter(Boolean));
  const texts: string[] = [];
  for (let i = 0; i < lines.length && texts.length < Number(values.max); ) {
    const n = prng.chance(Number(values.runs)) ? prng.int(2, 3) : 1;
    texts.push(lines.slice(i, i + n).join(" "));
    i += n;
  }
  const spec = await readModelDirectory(values.model);
  const tokenizer = await TextTokenizer.fromFile(spec.tokenizerPath);
  const engine = await TokenClassifierEngine.create(spec, tokenizer, { threads: 1, batchSize: 8, minScore: spec.minEntityScore ?? 0, outsideThreshold: spec.outsideThreshold });
  // Written as it goes, so that a run stopped early keeps what it mined.
  writeFileSync(values.out, "");
  let kept = 0;
  let flagged = 0;
  let shapeLike = 0;
  try {
    for (let i = 0; i < texts.length; i += 64) {
      const chunk = texts.slice(i, i + 64);
      const r = minedOf(chunk, await engine.detectTexts(chunk));
      if (r.kept.length) appendFileSync(values.out, r.kept.join("\n") + "\n");
      kept += r.kept.length;
      flagged += r.flagged;
      shapeLike += r.shapeLike;
      if ((i / 64) % 20 === 0) process.stderr.write(`${i + chunk.length}/${texts.length} texts, ${flagged} flagged\n`);
    }
  } finally {
    await engine.close();
  }
  process.stderr.write(`${texts.length} texts, ${flagged} flagged (${((100 * flagged) / texts.length).toFixed(1)}%), ${shapeLike} left out as shape-like, ${kept} kept → ${values.out}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
