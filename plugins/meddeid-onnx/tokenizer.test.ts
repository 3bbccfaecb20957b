import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { MODEL_LABELS, type Label, type Span } from "../../src/contract/index.js";
import { generateCorpus } from "../../src/synth/index.js";
import { decodeSpans } from "./decode.js";
import { tokenLabels } from "./token-labels.js";
import { alignedOffsets, byteLevelOffsets, TextTokenizer } from "./tokenizer.js";

const TOKENIZER = fileURLToPath(new URL("./fixtures/tiny/tokenizer.json", import.meta.url));
const require = createRequire(import.meta.url);

const HARD_TEXTS = [
  "Patiënt 👩‍⚕️ Çelik, °12/03/1956\r\nAdres: Rue de l'Église 3 — 1000 Bruxelles 🏥  tab\there",
  "a  b\n\n\nc  😀😀 中文 é é (e + combining mark)",
  "",
  " ",
  "\u00a0nbsp\u2003em space",
  "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 and Ωmega\r\n\r\n",
];

let tokenizer: TextTokenizer;
beforeAll(async () => {
  tokenizer = await TextTokenizer.fromFile(TOKENIZER);
});

describe("byte-level offsets", () => {
  it("tile the text: contiguous, monotone, from 0 to its length, never splitting a surrogate pair", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 80 }), (text) => {
        const { ids, starts, ends } = tokenizer.encode(text);
        expect(starts).toHaveLength(ids.length);
        if (ids.length === 0) return;
        expect(starts[0]).toBe(0);
        expect(ends[ends.length - 1]).toBe(text.length);
        for (let i = 0; i < ids.length; i++) {
          expect(ends[i]).toBeGreaterThanOrEqual(starts[i]);
          if (i > 0) {
            expect(starts[i]).toBeGreaterThanOrEqual(starts[i - 1]);
            expect(starts[i]).toBeLessThanOrEqual(ends[i - 1]);
          }
          for (const o of [starts[i], ends[i]]) {
            const c = text.charCodeAt(o);
            expect(o > 0 && o < text.length && c >= 0xdc00 && c <= 0xdfff).toBe(false);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it("give the native tokenizer's ids, and ranges that contain its (whitespace-trimmed) offsets", async () => {
    const native = require("tokenizers") as typeof import("tokenizers");
    const nat = native.Tokenizer.fromFile(TOKENIZER);
    const texts = [...HARD_TEXTS, ...generateCorpus({ profile: "nl-BE", n: 20, seed: 3, crlfRate: 0.5 }).map((d) => d.text)];
    for (const text of texts) {
      const ours = tokenizer.encode(text);
      const theirs = await nat.encode(text, null, { addSpecialTokens: false });
      expect(ours.ids).toEqual(theirs.getIds());
      const cps = [...text];
      const u16: number[] = [0];
      for (const ch of cps) u16.push(u16[u16.length - 1] + ch.length);
      theirs.getOffsets().forEach(([s, e], i) => {
        expect(u16[s]).toBeGreaterThanOrEqual(ours.starts[i]);
        expect(u16[e]).toBeLessThanOrEqual(ours.ends[i]);
      });
    }
  });

  it("skip the space an add_prefix_space pre-tokenizer puts before the text", () => {
    expect(byteLevelOffsets("ab c", ["Ġab", "Ġc"])).toEqual({ starts: [0, 2], ends: [2, 4] });
    expect(byteLevelOffsets("ab", ["abc"])).toBeUndefined();
  });

  it("align WordPiece-style pieces by searching the text", () => {
    expect(alignedOffsets("Jan Peeters", ["jan", "pee", "##ters"])).toEqual({ starts: [0, 4, 7], ends: [3, 7, 11] });
  });
});

describe("gold spans → token tags → decoded spans", () => {
  it("gives back the gold spans exactly on notes with emoji, accents and CRLF", () => {
    const docs = generateCorpus({ profile: "nl-BE", n: 30, seed: 21, crlfRate: 0.5 });
    let compared = 0;
    for (const doc of docs) {
      // Emoji and accented words between entities shift every later offset by astral and multi-byte characters.
      let text = "";
      const spans: Span[] = [];
      let cursor = 0;
      for (const s of doc.spans ?? []) {
        text += doc.text.slice(cursor, s.start) + (s.start > 0 && /\s/.test(doc.text[s.start - 1]) ? "🙂 Çà " : "");
        spans.push({ start: text.length, end: text.length + (s.end - s.start), label: s.label });
        text += doc.text.slice(s.start, s.end);
        cursor = s.end;
      }
      text += doc.text.slice(cursor);
      const tok = tokenizer.encode(text);
      const { bio, entity } = tokenLabels(text, tok, spans);
      const oneHotBio = new Float32Array(bio.length * 3);
      bio.forEach((b, t) => (oneHotBio[t * 3 + b] = 1));
      const oneHotEntity = new Float32Array(bio.length * MODEL_LABELS.length);
      entity.forEach((e, t) => e >= 0 && (oneHotEntity[t * MODEL_LABELS.length + e] = 1));
      const decoded = decodeSpans(text, tok.starts, tok.ends, { bio: oneHotBio, entity: oneHotEntity, labels: MODEL_LABELS as Label[] }, 0);
      const gold = spans.filter((s) => s.label !== "Anonymize_Other");
      // Adjacent entities with no space between them can share a token; those are the only allowed differences.
      const goldKeys = new Set(gold.map((s) => `${s.start}:${s.end}:${s.label}`));
      const exact = decoded.filter((s) => goldKeys.has(`${s.start}:${s.end}:${s.label}`)).length;
      expect(exact / gold.length).toBeGreaterThan(0.97);
      compared += gold.length;
    }
    expect(compared).toBeGreaterThan(200);
  });
});

describe("the cached byte-level path", () => {
  it("gives exactly the library's ids and offsets", () => {
    const texts = [...HARD_TEXTS, "a <s> b </s> <mask> c", ...generateCorpus({ profile: "en-US", n: 20, seed: 5 }).map((d) => d.text)];
    for (const text of texts) expect(tokenizer.encode(text)).toEqual(tokenizer.encodeWithLibrary(text));
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 60 }), (text) => {
        expect(tokenizer.encode(text)).toEqual(tokenizer.encodeWithLibrary(text));
      }),
      { numRuns: 300 },
    );
  });
});
