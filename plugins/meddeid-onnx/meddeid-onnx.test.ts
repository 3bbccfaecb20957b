import { existsSync, readFileSync } from "node:fs";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import * as ort from "onnxruntime-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invalidSpanReason, MODEL_LABELS, type Document } from "../../src/contract/index.js";
import { generateCorpus, type ProfileId } from "../../src/synth/index.js";
import { planWindows } from "./windows.js";
import { entityLabelMismatch, readModelDirectory } from "./bundle.js";
import { TokenClassifierEngine } from "./engine.js";
import plugin, { createMeddeidDetector, resolveModelDirectory } from "./index.js";
import { TextTokenizer } from "./tokenizer.js";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const FIXTURES = here("./fixtures");
const PROJECT_ROOT = here("../..");
const ctx = { baseDir: PROJECT_ROOT, projectRoot: PROJECT_ROOT, language: "nl-BE" };
const signal = new AbortController().signal;

const SHIPPED = ["models/meddeid-nl-small", "models/meddeid-en-small"].filter((d) => existsSync(join(PROJECT_ROOT, d, "parity.json")));

interface Parity {
  input_ids: number[][];
  attention_mask: number[][];
  bio_logits: number[][][];
  label_logits: number[][][];
}

async function onnxLogits(dir: string, parity: Parity): Promise<{ bio: Float32Array; label: Float32Array }> {
  const session = await ort.InferenceSession.create(join(dir, "model.onnx"), { intraOpNumThreads: 1 });
  const dims = [parity.input_ids.length, parity.input_ids[0].length];
  const typed = (name: string, rows: number[][]) => {
    const meta = session.inputMetadata.find((m) => m.name === name);
    const flat = rows.flat();
    return meta?.isTensor && meta.type === "int64" ? new ort.Tensor("int64", BigInt64Array.from(flat.map(BigInt)), dims) : new ort.Tensor("int32", Int32Array.from(flat), dims);
  };
  const out = await session.run({ input_ids: typed("input_ids", parity.input_ids), attention_mask: typed("attention_mask", parity.attention_mask) });
  await session.release();
  return { bio: out.bio_logits.data as Float32Array, label: out.label_logits.data as Float32Array };
}

function maxAbsDiff(expected: number[][][], actual: Float32Array, mask: number[][]): number {
  let max = 0;
  let i = 0;
  expected.forEach((row, b) =>
    row.forEach((tok, t) =>
      tok.forEach((v) => {
        if (mask[b][t]) max = Math.max(max, Math.abs(v - actual[i]));
        i++;
      }),
    ),
  );
  return max;
}

/** Notes joined until the text is long enough for several windows. */
function longNote(seed: number, minChars: number, profile: ProfileId = "nl-BE"): string {
  let text = "";
  for (const d of generateCorpus({ profile, n: 40, seed, crlfRate: 0.3 })) {
    text += (text ? "\n\n" : "") + d.text;
    if (text.length >= minChars) break;
  }
  return text;
}

describe("parity with torch", () => {
  it.each(["fixtures/tiny", ...SHIPPED.map((d) => `../../${d}`)])("%s: onnxruntime-node logits equal torch's within 1e-4", async (rel) => {
    const dir = here(`./${rel}`);
    const parity = JSON.parse(readFileSync(join(dir, "parity.json"), "utf8")) as Parity;
    const { bio, label } = await onnxLogits(dir, parity);
    expect(maxAbsDiff(parity.bio_logits, bio, parity.attention_mask)).toBeLessThan(1e-4);
    expect(maxAbsDiff(parity.label_logits, label, parity.attention_mask)).toBeLessThan(1e-4);
  });
});

describe("windowing", () => {
  let tokenizer: TextTokenizer;
  beforeAll(async () => {
    tokenizer = await TextTokenizer.fromFile(join(FIXTURES, "context-free", "tokenizer.json"));
  });

  it("windows of a note longer than three windows give the spans of one long window (context-free model)", async () => {
    const spec = await readModelDirectory(join(FIXTURES, "context-free"));
    const text = longNote(8, 3000);
    const tokens = tokenizer.encode(text).ids.length;
    expect(tokens).toBeGreaterThan(3 * (spec.maxLength - 2));
    const windowed = await TokenClassifierEngine.create(spec, tokenizer, { threads: 1, batchSize: 3, minScore: 0 });
    const single = await TokenClassifierEngine.create({ ...spec, maxLength: tokens + 2 }, tokenizer, { threads: 1, batchSize: 1, minScore: 0 });
    const [a] = await windowed.detectTexts([text]);
    const [b] = await single.detectTexts([text]);
    expect(a.length).toBeGreaterThan(10);
    expect(a.map((s) => [s.start, s.end, s.label])).toEqual(b.map((s) => [s.start, s.end, s.label]));
    a.forEach((s, i) => expect(s.score).toBeCloseTo(b[i].score!, 5));
    await windowed.close();
    await single.close();
  });

  it.each(SHIPPED)("%s: windows on a note longer than three windows cover what one long window covers", async (rel) => {
    const spec = await readModelDirectory(join(PROJECT_ROOT, rel));
    const tok = await TextTokenizer.fromFile(spec.tokenizerPath);
    const profile = rel.includes("-nl-") ? "nl-BE" : "en-GB";
    // Windows of 78 tokens against one window of the model's own length (its training context).
    const windowedSpec = { ...spec, maxLength: 80, overlap: 16 };
    let iouSum = 0;
    for (const seed of [9, 10]) {
      const full = longNote(seed, 4000, profile);
      const text = full.slice(0, tok.encode(full).ends[spec.maxLength - 3]);
      expect(tok.encode(text).ids.length).toBeGreaterThan(3 * (windowedSpec.maxLength - 2));
      const windowed = await TokenClassifierEngine.create(windowedSpec, tok, { threads: 1, batchSize: 8, minScore: 0 });
      const single = await TokenClassifierEngine.create(spec, tok, { threads: 1, batchSize: 1, minScore: 0 });
      const [a] = await windowed.detectTexts([text]);
      const [b] = await single.detectTexts([text]);
      expect(planWindowsCount(tok.encode(text).ids.length, spec)).toBe(1);
      for (const s of a) expect(invalidSpanReason(s, text)).toBeUndefined();
      const covered = (spans: typeof a) => new Set(spans.flatMap((s) => Array.from({ length: s.end - s.start }, (_, i) => s.start + i)));
      const ca = covered(a);
      const cb = covered(b);
      const both = [...ca].filter((i) => cb.has(i)).length;
      iouSum += both / (ca.size + cb.size - both);
      await windowed.close();
      await single.close();
    }
    // Contexts differ (78 vs 254 tokens), so boundaries and labels may differ a little; coverage must not.
    expect(iouSum / 2).toBeGreaterThan(0.9);
  });
});

function planWindowsCount(tokens: number, spec: { maxLength: number; overlap: number }): number {
  return planWindows(tokens, spec.maxLength - 2, spec.overlap).length;
}

describe("the meddeid-onnx plugin", () => {
  let detector: Awaited<ReturnType<typeof createMeddeidDetector>>;
  beforeAll(async () => {
    detector = await createMeddeidDetector(plugin.meta.configSchema.parse({ model: join(FIXTURES, "tiny"), batch_size: 4 }), ctx);
  });
  afterAll(async () => detector.close());

  it("has complete defaults and resolves shortcuts and relative paths", () => {
    const defaults = plugin.meta.configSchema.parse({});
    expect(defaults).toMatchObject({ model: "auto", threads: 1 });
    expect(resolveModelDirectory("auto", ctx)).toBe(join(PROJECT_ROOT, "models/meddeid-nl-small"));
    expect(resolveModelDirectory("auto", { ...ctx, language: "en-GB" })).toBe(join(PROJECT_ROOT, "models/meddeid-en-small"));
    expect(resolveModelDirectory("plugins/meddeid-onnx/fixtures/tiny", { ...ctx, baseDir: "/nonexistent" })).toBe(join(FIXTURES, "tiny"));
    expect(plugin.meta.kind).toBe("model");
  });

  it("returns valid, trimmed spans with exact offsets on notes with emoji, accents and CRLF", async () => {
    const texts = [
      "Patiënt 👩‍⚕️ Çelik Zoë, °12/03/1956\r\nAdres: Rue de l'Église 3 — 1000 Bruxelles 🏥\r\n\r\nDr. Ørsted 😀😀 belde 0471 23 45 67.",
      ...generateCorpus({ profile: "nl-BE", n: 6, seed: 4, crlfRate: 1 }).map((d) => d.text.replace(/ (\p{Lu})/gu, " 🙂$1")),
    ];
    let total = 0;
    for (const text of texts) {
      const spans = await detector.detect({ document_id: "x", text }, { signal, documentIndex: 0 });
      total += spans.length;
      let last = 0;
      for (const s of spans) {
        expect(invalidSpanReason(s, text)).toBeUndefined();
        const covered = text.slice(s.start, s.end);
        expect(covered.trim()).toBe(covered);
        expect(s.start).toBeGreaterThanOrEqual(last);
        last = s.end;
        expect(MODEL_LABELS).toContain(s.label);
      }
    }
    expect(total).toBeGreaterThan(0);
  });

  it("detectBatch gives the same spans as detect, one document at a time", async () => {
    const docs: Document[] = generateCorpus({ profile: "en-GB", n: 7, seed: 12 });
    docs.push({ document_id: "empty", text: "" }, { document_id: "long", text: longNote(3, 1600) });
    const batched = await detector.detectBatch(docs, { signal, documentIndices: docs.map((_, i) => i) });
    for (const [i, doc] of docs.entries()) {
      const single = await detector.detect(doc, { signal, documentIndex: i });
      expect(batched[i].map((s) => [s.start, s.end, s.label])).toEqual(single.map((s) => [s.start, s.end, s.label]));
      batched[i].forEach((s, k) => expect(s.score).toBeCloseTo(single[k].score!, 4));
    }
    expect(batched[docs.length - 2]).toEqual([]);
  });

  it("stops when the signal is aborted", async () => {
    const aborted = AbortSignal.abort();
    await expect(detector.detect({ document_id: "x", text: "some text" }, { signal: aborted, documentIndex: 0 })).rejects.toThrow();
  });
});

describe("bundles", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "meddeid-bundle-"));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  async function bundleWith(entity: string[]): Promise<string> {
    const target = join(dir, `b${Math.random().toString(36).slice(2)}`);
    await cp(join(FIXTURES, "tiny"), target, { recursive: true });
    const bundle = JSON.parse(await readFile(join(target, "bundle.json"), "utf8"));
    bundle.labels.entity = entity;
    await writeFile(join(target, "bundle.json"), JSON.stringify(bundle));
    return target;
  }

  const reordered = [...MODEL_LABELS];
  [reordered[3], reordered[4]] = [reordered[4], reordered[3]];

  it.each([
    ["reordered", reordered, /not in contract order: position 3/],
    ["missing a label", MODEL_LABELS.slice(1), /missing Address_Location:Caregiver/],
    ["with an extra label", [...MODEL_LABELS, "Anonymize_Other"], /unexpected Anonymize_Other/],
    ["with a duplicate", [...MODEL_LABELS, "Date"], /duplicates/],
  ])("a bundle %s is refused with a clear error", async (_name, entity, message) => {
    const target = await bundleWith(entity as string[]);
    await expect(createMeddeidDetector(plugin.meta.configSchema.parse({ model: target }), ctx)).rejects.toThrow(message);
  });

  it("accepts exactly the contract's labels", () => {
    expect(entityLabelMismatch([...MODEL_LABELS])).toBeUndefined();
  });

  it("reads inference.word_aggregation and refuses an unknown one with the bundle and field named", async () => {
    const target = await bundleWith([...MODEL_LABELS]);
    const bundle = JSON.parse(await readFile(join(target, "bundle.json"), "utf8"));
    bundle.inference.word_aggregation = "max";
    await writeFile(join(target, "bundle.json"), JSON.stringify(bundle));
    expect((await readModelDirectory(target)).wordAggregation).toBe("max");
    bundle.inference.word_aggregation = "sum";
    await writeFile(join(target, "bundle.json"), JSON.stringify(bundle));
    await expect(readModelDirectory(target)).rejects.toThrow(/inference\.word_aggregation must be "token", "mean" or "max", not "sum"/);
  });

  it("refuses a missing model directory", async () => {
    await expect(createMeddeidDetector(plugin.meta.configSchema.parse({ model: join(dir, "nope") }), ctx)).rejects.toThrow(/not found/);
  });
});

describe("Hugging Face token-classification exports", () => {
  it("map typed BIO tags to contract labels and run with int64 inputs", async () => {
    const spec = await readModelDirectory(join(FIXTURES, "hf-typed"));
    expect(spec.heads.kind).toBe("hf");
    expect([...spec.heads.entityLabels].sort()).toEqual(["Date", "Name:Caregiver", "Name:Patient", "Organization:Healthcare"]);
    expect(spec.maxLength).toBe(128);
    const detector = await createMeddeidDetector(plugin.meta.configSchema.parse({ model: join(FIXTURES, "hf-typed") }), ctx);
    const text = generateCorpus({ profile: "en-US", n: 1, seed: 2 })[0].text;
    const spans = await detector.detect({ document_id: "x", text }, { signal, documentIndex: 0 });
    expect(spans.length).toBeGreaterThan(0);
    for (const s of spans) expect(invalidSpanReason(s, text)).toBeUndefined();
    await detector.close();
  });

  it("refuse tag types without a contract label unless label_map names one", async () => {
    const dir = await mkdtemp(join(tmpdir(), "meddeid-hf-"));
    try {
      await cp(join(FIXTURES, "hf-typed"), dir, { recursive: true });
      const config = JSON.parse(await readFile(join(dir, "config.json"), "utf8"));
      config.id2label["7"] = "B-SPACESHIP";
      config.id2label["8"] = "I-SPACESHIP";
      await writeFile(join(dir, "config.json"), JSON.stringify(config));
      await expect(readModelDirectory(dir)).rejects.toThrow(/SPACESHIP/);
      const spec = await readModelDirectory(dir, { SPACESHIP: "Anonymize_Other" });
      expect(spec.heads.entityLabels).toContain("Anonymize_Other");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
