// Trains a byte-level BPE tokenizer offline on generated notes (and, with --extra, ordinary prose) with the native `tokenizers` package, then cuts it
// to the requested vocabulary (the native trainer's vocabulary size is fixed at 30k in this binding) and writes a
// RoBERTa-style tokenizer.json: specials <s> <pad> </s> <unk> <mask>, all 256 byte symbols, the first merges.
//
// Usage: node --import tsx training/train-tokenizer.ts --profiles nl-BE --n 6000 --seed 900 --vocab 8000 --out models/x/tokenizer.json
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { generateDocuments, NOTE_TYPES, type ProfileId } from "../src/synth/index.js";

const require = createRequire(import.meta.url);
// The native package is a dev dependency used only here.
const native = require("tokenizers") as typeof import("tokenizers");

export const SPECIAL_TOKENS = ["<s>", "<pad>", "</s>", "<unk>", "<mask>"] as const;

interface TrainedModel {
  vocab: Record<string, number>;
  merges: ([string, string] | string)[];
}

/** Keeps the byte alphabet and the earliest merges until the vocabulary has `size` entries. */
export function cutVocabulary(trained: TrainedModel, alphabet: readonly string[], size: number): { vocab: Record<string, number>; merges: [string, string][] } {
  const vocab: Record<string, number> = {};
  let next = 0;
  for (const t of SPECIAL_TOKENS) vocab[t] = next++;
  for (const ch of [...alphabet].sort()) vocab[ch] = next++;
  const merges: [string, string][] = [];
  for (const m of trained.merges) {
    if (next >= size) break;
    const [a, b] = typeof m === "string" ? (m.split(" ") as [string, string]) : m;
    if (!(a in vocab) || !(b in vocab)) continue;
    merges.push([a, b]);
    if (!(a + b in vocab)) vocab[a + b] = next++;
  }
  return { vocab, merges };
}

export function tokenizerJson(vocab: Record<string, number>, merges: [string, string][]): Record<string, unknown> {
  return {
    version: "1.0",
    truncation: null,
    padding: null,
    added_tokens: SPECIAL_TOKENS.map((content, id) => ({ id, content, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true })),
    normalizer: null,
    pre_tokenizer: { type: "ByteLevel", add_prefix_space: false, trim_offsets: true, use_regex: true },
    post_processor: { type: "RobertaProcessing", sep: ["</s>", 2], cls: ["<s>", 0], trim_offsets: true, add_prefix_space: false },
    decoder: { type: "ByteLevel", add_prefix_space: false, trim_offsets: true, use_regex: true },
    model: { type: "BPE", dropout: null, unk_token: null, continuing_subword_prefix: null, end_of_word_suffix: null, fuse_unk: false, byte_fallback: false, ignore_merges: false, vocab, merges },
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      profiles: { type: "string", default: "nl-BE" },
      n: { type: "string", default: "6000" },
      seed: { type: "string", default: "900" },
      vocab: { type: "string", default: "8000" },
      "exclude-note-types": { type: "string", default: "" },
      /** Further training text files (ordinary prose, training/build-prose.ts), comma-separated. */
      extra: { type: "string", default: "" },
      out: { type: "string" },
    },
  });
  if (!values.out) throw new Error("--out is required");
  const profiles = values.profiles.split(",") as ProfileId[];
  const n = Number(values.n);
  const dir = mkdtempSync(join(tmpdir(), "tok-"));
  try {
    const files: string[] = [];
    for (const profile of profiles) {
      const texts: string[] = [];
      const excluded = values["exclude-note-types"].split(",").filter(Boolean);
      const noteTypes = NOTE_TYPES.filter((t) => !excluded.includes(t));
      for (const doc of generateDocuments({ profile, n: Math.ceil(n / profiles.length), seed: Number(values.seed), noteTypes })) texts.push(doc.text);
      const file = join(dir, `${profile}.txt`);
      writeFileSync(file, texts.join("\n\n"));
      files.push(file);
    }
    for (const f of values.extra.split(",").filter(Boolean)) files.push(f);
    const tok = new native.Tokenizer(native.BPE.empty());
    tok.setPreTokenizer(native.byteLevelPreTokenizer(false, true));
    tok.train(files);
    const trainedPath = join(dir, "trained.json");
    tok.save(trainedPath);
    const trained = JSON.parse(readFileSync(trainedPath, "utf8")).model as TrainedModel;
    const { vocab, merges } = cutVocabulary(trained, native.byteLevelAlphabet(), Number(values.vocab));
    writeFileSync(values.out, JSON.stringify(tokenizerJson(vocab, merges)));
    process.stderr.write(`tokenizer: ${Object.keys(vocab).length} tokens, ${merges.length} merges → ${values.out}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
