// Diagnosis (model cards, "Why the 1.x models over-redacted"): how often a model flags an ordinary dictionary word,
// for words the generator writes outside PII and words it never writes, in the middle of a carrier sentence, at the
// start of the text and alone; and how many tokens the tokenizer needs for each. 300 words of each kind, fixed seed.
//
// Usage: node --import tsx training/diagnose-vocabulary.ts <model dir> <profile> <dictionary> "<carrier, W mid>" "<W carrier start>"
//   e.g. models/meddeid-en-small en-US /usr/share/dict/american-english "The patient reported W today." "W was reported today."
import { resolve } from "node:path";
import { readFileSync } from "node:fs";
import { createMeddeidDetector } from "../plugins/meddeid-onnx/index.js";
import { generateDocuments } from "../src/synth/index.js";
import { TextTokenizer } from "../plugins/meddeid-onnx/tokenizer.js";
const [model, profile, dict, carrierMid, carrierStart] = process.argv.slice(2);
const seen = new Set<string>();
for (const d of generateDocuments({ profile: profile as any, n: 3000, seed: 1, noteTypes: ["discharge","consultation","nursing","lab","radiology"] })) {
  const gold = new Set<number>(); for (const s of d.spans ?? []) for (let i = s.start; i < s.end; i++) gold.add(i);
  for (const m of d.text.matchAll(/\p{L}+/gu)) if (!gold.has(m.index!)) seen.add(m[0].toLowerCase());
}
const words = readFileSync(dict, "utf8").split("\n").filter((w) => /^[a-zà-ÿ]{3,12}$/.test(w));
let h = 7; const rnd = () => ((h = (h * 1103515245 + 12345) >>> 0) / 2 ** 32);
const pick = (arr: string[], n: number) => { const out: string[] = []; while (out.length < n) out.push(arr[Math.floor(rnd() * arr.length)]); return out; };
const inv = pick(words.filter((w) => seen.has(w)), 300), oov = pick(words.filter((w) => !seen.has(w)), 300);
const det = await createMeddeidDetector({ model: resolve(model), threads: 1, batch_size: 8, label_map: {} }, { baseDir: process.cwd(), projectRoot: process.cwd(), language: profile });
const tok = await TextTokenizer.fromFile(resolve(model, "tokenizer.json"));
async function rate(ws: string[], carrier: string) {
  const docs = ws.map((w, i) => { const t = carrier.replace("W", w); return { document_id: String(i), text: t, at: carrier.indexOf("W") }; });
  const out = await det.detectBatch(docs, { signal: new AbortController().signal, documentIndices: docs.map((_, i) => i) });
  let flagged = 0, pieces = 0;
  docs.forEach((d, i) => { if (out[i].some((s) => s.start < d.at + ws[i].length && s.end > d.at)) flagged++; pieces += tok.encode(" " + ws[i]).ids.length; });
  return { flagged: (flagged / ws.length).toFixed(3), tokens_per_word: (pieces / ws.length).toFixed(2) };
}
console.log("generator vocabulary: mid", await rate(inv, carrierMid), "start", await rate(inv, carrierStart));
console.log("other dictionary words: mid", await rate(oov, carrierMid), "start", await rate(oov, carrierStart));
console.log("bare word (generator vocabulary)", await rate(inv, "W"), "bare word (other)", await rate(oov, "W"));
await det.close();
