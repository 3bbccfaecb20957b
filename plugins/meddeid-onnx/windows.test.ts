import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BIO_B, BIO_I, BIO_O, bioTag, decodeSpans, softmaxRows, trimRange } from "./decode.js";
import { LogitAccumulator, planWindows } from "./windows.js";

describe("planWindows", () => {
  it("covers every token with windows of at most `usable` tokens that overlap and end at the last token", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 2, max: 600 }), fc.nat(), (n, usable, o) => {
        const overlap = o % usable;
        const windows = planWindows(n, usable, overlap);
        if (n === 0) {
          expect(windows).toEqual([]);
          return;
        }
        expect(windows[0].start).toBe(0);
        expect(windows[windows.length - 1].end).toBe(n);
        for (const w of windows) {
          expect(w.end - w.start).toBeLessThanOrEqual(usable);
          expect(w.end - w.start).toBe(Math.min(usable, n));
        }
        for (let i = 1; i < windows.length; i++) {
          expect(windows[i].start).toBeGreaterThan(windows[i - 1].start);
          expect(windows[i - 1].end - windows[i].start).toBeGreaterThanOrEqual(overlap);
        }
        if (n > usable) expect(windows.length).toBe(Math.ceil((n - usable) / (usable - overlap)) + 1);
      }),
    );
  });

  it("refuses an overlap that leaves no step", () => {
    expect(() => planWindows(100, 10, 10)).toThrow(/overlap/);
  });
});

describe("LogitAccumulator", () => {
  it("averages to the per-token logits of a context-free model whatever the windowing", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 }), fc.integer({ min: 3, max: 80 }), fc.nat(), fc.integer({ min: 1, max: 5 }), (n, usable, o, width) => {
        const overlap = o % usable;
        const logitOf = (t: number, k: number) => Math.sin(t * 7.3 + k * 1.7) * 5;
        const acc = new LogitAccumulator(n, width);
        for (const w of planWindows(n, usable, overlap)) {
          // The window's output has a CLS row first, like the model's.
          const rows = new Float32Array((w.end - w.start + 2) * width);
          for (let i = 0; i < w.end - w.start; i++) for (let k = 0; k < width; k++) rows[(i + 1) * width + k] = logitOf(w.start + i, k);
          acc.add(w, rows, 1);
        }
        const avg = acc.averaged();
        for (let t = 0; t < n; t++) for (let k = 0; k < width; k++) expect(avg[t * width + k]).toBeCloseTo(logitOf(t, k), 4);
      }),
      { numRuns: 60 },
    );
  });
});

const LABELS = ["Date", "Name:Patient"] as const;

function scores(tags: string, entities: number[]) {
  const bio = new Float32Array(tags.length * 3);
  [...tags].forEach((tag, t) => {
    const k = "OBI".indexOf(tag);
    for (let j = 0; j < 3; j++) bio[t * 3 + j] = j === k ? 0.8 : 0.1;
  });
  const entity = new Float32Array(entities.length * 2);
  entities.forEach((e, t) => (entity[t * 2 + e] = 1));
  return { bio, entity, labels: LABELS };
}

describe("decodeSpans", () => {
  // Tokens: "Jan", " Peeters", " op", " 3", "/", "5", "\n"
  const text = "Jan Peeters op 3/5\n";
  const starts = [0, 3, 11, 14, 16, 17, 18];
  const ends = [3, 11, 14, 16, 17, 18, 19];

  it("opens spans at B and at an I without an open span, closes at O and B, trims whitespace", () => {
    const spans = decodeSpans(text, starts, ends, scores("BIOIIBO", [1, 1, 0, 0, 0, 0, 0]), 0);
    expect(spans.map((s) => [s.start, s.end, s.label])).toEqual([
      [0, 11, "Name:Patient"],
      [15, 17, "Date"],
      [17, 18, "Date"],
    ]);
    expect(spans[0].score).toBeCloseTo(0.8, 6);
  });

  it("takes the label of the first token and drops spans under the minimum score", () => {
    const s = scores("BIOOOOO", [0, 1, 0, 0, 0, 0, 0]);
    expect(decodeSpans(text, starts, ends, s, 0)[0].label).toBe("Date");
    expect(decodeSpans(text, starts, ends, s, 0.9)).toEqual([]);
  });

  it("with an outside threshold, a token is O only when P(O) reaches it, else the likelier of B and I", () => {
    // "Jan" P(O)=0.6 P(B)=0.3 P(I)=0.1; " Peeters" P(O)=0.55 P(B)=0.1 P(I)=0.35; the rest certain O
    const bio = new Float32Array(7 * 3);
    bio.set([0.6, 0.3, 0.1, 0.55, 0.1, 0.35]);
    for (let t = 2; t < 7; t++) bio[t * 3] = 1;
    const entity = new Float32Array(7 * 2);
    entity[1] = 1;
    const s = { bio, entity, labels: LABELS };
    expect(decodeSpans(text, starts, ends, s, 0)).toEqual([]);
    expect(decodeSpans(text, starts, ends, s, 0, 0.7).map((x) => [x.start, x.end, x.label])).toEqual([[0, 11, "Name:Patient"]]);
    expect(bioTag(bio, 0, 0.7)).toBe(BIO_B);
    expect(bioTag(bio, 1, 0.7)).toBe(BIO_I);
    expect(bioTag(bio, 1, 0.5)).toBe(BIO_O);
    expect(bioTag(bio, 1)).toBe(BIO_O);
  });

  it("drops spans of punctuation alone", () => {
    const t = "a , b";
    expect(decodeSpans(t, [0, 1, 3], [1, 3, 5], scores("OBO", [0, 1, 0]), 0)).toEqual([]);
  });

  it("trimRange narrows past whitespace and gives nothing for blanks", () => {
    expect(trimRange(" \tab\r\n", 0, 6)).toEqual({ start: 2, end: 4 });
    expect(trimRange("   ", 0, 3)).toBeUndefined();
  });

  it("softmaxRows gives rows that sum to one", () => {
    const p = softmaxRows(Float32Array.from([1, 2, 3, -50, 0, 50]), 3);
    expect(p[0] + p[1] + p[2]).toBeCloseTo(1, 6);
    expect(p[5]).toBeCloseTo(1, 6);
  });
});

describe("extendToWholeWords", () => {
  it("grows spans that cut a word to the whole word and merges what then overlaps", async () => {
    const { extendToWholeWords } = await import("./decode.js");
    const text = "Dhr. Peeters slaapt goed, 😀 Jan-Pieter";
    const at = (w: string) => text.indexOf(w);
    const spans = extendToWholeWords(text, [
      { start: at("slaapt") + 5, end: at("slaapt") + 6, label: "Name:Patient" },
      { start: at("Peeters"), end: at("Peeters") + 3, label: "Name:Patient" },
      { start: at("Peeters") + 4, end: at("Peeters") + 6, label: "Name:Patient" },
      { start: at("Jan"), end: at("Jan") + 3, label: "Name:Patient" },
    ]);
    expect(spans.map((s) => text.slice(s.start, s.end))).toEqual(["Peeters", "slaapt", "Jan"]);
  });
});
