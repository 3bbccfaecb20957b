// Word aggregation (decode.ts aggregateWords): one O/not-O decision per word of letters and digits. Invented text.
import { describe, expect, it } from "vitest";
import { MODEL_LABELS } from "../../src/contract/index.js";
import { aggregateWords, decodeSpans, extendToWholeWords, type TokenScores } from "./decode.js";

/** Token offsets and scores from pieces of text and each piece's P(O) (B takes the rest). */
function scored(pieces: [string, number][]): { text: string; starts: number[]; ends: number[]; scores: TokenScores } {
  let text = "";
  const starts: number[] = [];
  const ends: number[] = [];
  const bio: number[] = [];
  for (const [piece, po] of pieces) {
    starts.push(text.length);
    text += piece;
    ends.push(text.length);
    bio.push(po, (1 - po) * 0.75, (1 - po) * 0.25);
  }
  const entity = new Float32Array(pieces.length * MODEL_LABELS.length);
  return { text, starts, ends, scores: { bio: Float32Array.from(bio), entity, labels: MODEL_LABELS } };
}

const pO = (s: TokenScores, t: number) => s.bio[3 * t];

describe("aggregateWords", () => {
  // "Wilgenhof" in three pieces, a space-led ordinary word in one, then "ziekte" in two
  const doc = scored([["Wil", 0.2], ["gen", 0.92], ["hof", 0.95], [" rust", 0.99], [" ziek", 0.6], ["te", 0.98]]);

  it("token leaves the scores as they are", () => {
    expect(aggregateWords(doc.text, doc.starts, doc.ends, doc.scores, "token")).toBe(doc.scores);
  });

  it("mean gives every token of a word the word's mean P(O) and keeps the B:I ratio and the sum", () => {
    const s = aggregateWords(doc.text, doc.starts, doc.ends, doc.scores, "mean");
    for (const t of [0, 1, 2]) expect(pO(s, t)).toBeCloseTo((0.2 + 0.92 + 0.95) / 3, 5);
    expect(pO(s, 3)).toBeCloseTo(0.99, 5);
    for (const t of [4, 5]) expect(pO(s, t)).toBeCloseTo(0.79, 5);
    for (let t = 0; t < 6; t++) {
      expect(s.bio[3 * t] + s.bio[3 * t + 1] + s.bio[3 * t + 2]).toBeCloseTo(1, 5);
      expect(s.bio[3 * t + 1] / s.bio[3 * t + 2]).toBeCloseTo(3, 4);
    }
    // the input is not changed
    expect(pO(doc.scores, 0)).toBeCloseTo(0.2, 6);
  });

  it("max tags a word only when every token of it is below the threshold", () => {
    const s = aggregateWords(doc.text, doc.starts, doc.ends, doc.scores, "max");
    for (const t of [0, 1, 2]) expect(pO(s, t)).toBeCloseTo(0.95, 5);
    const spans = decodeSpans(doc.text, doc.starts, doc.ends, s, 0, 0.9);
    expect(spans).toEqual([]);
    const perToken = decodeSpans(doc.text, doc.starts, doc.ends, doc.scores, 0, 0.9);
    expect(perToken.map((sp) => doc.text.slice(sp.start, sp.end))).toEqual(["Wil", "ziek"]);
    const all = extendToWholeWords(doc.text, decodeSpans(doc.text, doc.starts, doc.ends, s, 0, 0.97));
    expect(all.map((sp) => doc.text.slice(sp.start, sp.end))).toEqual(["Wilgenhof"]);
  });

  it("leaves punctuation and words of one token alone", () => {
    const d = scored([["Dr", 0.1], [".", 0.3], [" Aerts", 0.05], [",", 0.99]]);
    const s = aggregateWords(d.text, d.starts, d.ends, d.scores, "max");
    expect(Array.from(s.bio)).toEqual(Array.from(d.scores.bio));
  });
});
