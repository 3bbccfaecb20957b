import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { halveRange, splitIntoChunks } from "./chunking.js";

const word = fc.array(fc.constantFrom("a", "B", "é", "ë", "0", "7", "😀"), { minLength: 1, maxLength: 12 }).map((cs) => cs.join(""));
const separator = fc.constantFrom(" ", "  ", "\n", "\t", " \n ");
const note = fc.array(fc.tuple(word, separator), { minLength: 0, maxLength: 120 }).map((parts) => parts.map(([w, s]) => w + s).join(""));
const sizes = fc.integer({ min: 40, max: 160 }).chain((chunk) => fc.tuple(fc.constant(chunk), fc.integer({ min: 0, max: Math.floor((chunk - 1) / 2) })));

function splitsSurrogate(text: string, i: number): boolean {
  if (i <= 0 || i >= text.length) return false;
  const c = text.charCodeAt(i - 1);
  return c >= 0xd800 && c <= 0xdbff;
}

describe("splitIntoChunks", () => {
  it("keeps a short note whole and returns nothing for an empty one", () => {
    expect(splitIntoChunks("kort", 2000, 200)).toEqual([{ start: 0, end: 4 }]);
    expect(splitIntoChunks("", 2000, 200)).toEqual([]);
  });

  it("cuts a long note at whitespace into chunks of at most 2,000 characters overlapping by about 200", () => {
    const text = Array.from({ length: 1500 }, (_, i) => `woord${i % 97}`).join(" ");
    const chunks = splitIntoChunks(text, 2000, 200);
    expect(chunks.length).toBeGreaterThan(5);
    for (const [i, c] of chunks.entries()) {
      expect(c.end - c.start).toBeLessThanOrEqual(2000);
      if (i < chunks.length - 1) {
        expect(text[c.end]).toBe(" ");
        const overlap = c.end - chunks[i + 1].start;
        expect(overlap).toBeGreaterThan(190);
        expect(overlap).toBeLessThanOrEqual(200);
        expect(text[chunks[i + 1].start - 1]).toBe(" ");
      }
    }
  });

  it("covers the note with ordered chunks within the size limit, never splitting a surrogate pair", () => {
    fc.assert(
      fc.property(note, sizes, (text, [chunkChars, overlapChars]) => {
        const chunks = splitIntoChunks(text, chunkChars, overlapChars);
        if (text.length === 0) return chunks.length === 0;
        expect(chunks[0].start).toBe(0);
        expect(chunks.at(-1)!.end).toBe(text.length);
        for (const [i, c] of chunks.entries()) {
          expect(c.end).toBeGreaterThan(c.start);
          expect(c.end - c.start).toBeLessThanOrEqual(chunkChars);
          expect(splitsSurrogate(text, c.start) || splitsSurrogate(text, c.end)).toBe(false);
          if (i > 0) {
            expect(c.start).toBeGreaterThan(chunks[i - 1].start);
            expect(c.start).toBeLessThanOrEqual(chunks[i - 1].end);
          }
        }
      }),
    );
  });

  it("holds every word-initial stretch of up to half the overlap whole in some chunk", () => {
    fc.assert(
      fc.property(note, sizes, fc.nat(), fc.nat(), (text, [chunkChars, overlapChars], a, b) => {
        const starts = [...text.matchAll(/(?<!\S)\S/gu)].map((m) => m.index!);
        if (starts.length === 0 || overlapChars < 2) return;
        const start = starts[a % starts.length];
        const end = Math.min(text.length, start + 1 + (b % Math.floor(overlapChars / 2)));
        const chunks = splitIntoChunks(text, chunkChars, overlapChars);
        expect(chunks.some((c) => c.start <= start && end <= c.end)).toBe(true);
      }),
    );
  });
});

describe("halveRange", () => {
  it("returns two overlapping, shorter halves that cover the range, or undefined below twice the minimum", () => {
    fc.assert(
      fc.property(note, fc.integer({ min: 0, max: 60 }), fc.integer({ min: 20, max: 200 }), (text, overlap, minChars) => {
        const range = { start: 0, end: text.length };
        const halves = halveRange(text, range, overlap, minChars);
        if (text.length < 2 * minChars) {
          expect(halves).toBeUndefined();
          return;
        }
        if (!halves) return;
        const [left, right] = halves;
        expect(left.start).toBe(range.start);
        expect(right.end).toBe(range.end);
        expect(right.start).toBeLessThanOrEqual(left.end);
        expect(right.start).toBeGreaterThan(left.start);
        for (const h of halves) {
          expect(h.end - h.start).toBeLessThan(range.end - range.start);
          expect(splitsSurrogate(text, h.start) || splitsSurrogate(text, h.end)).toBe(false);
        }
      }),
    );
  });

  it("halves a typical chunk near its middle", () => {
    const text = Array.from({ length: 400 }, (_, i) => `w${i}`).join(" ");
    const halves = halveRange(text, { start: 0, end: 2000 }, 200, 250)!;
    expect(halves[0].end).toBeGreaterThan(900);
    expect(halves[0].end).toBeLessThanOrEqual(1100);
    expect(halves[0].end - halves[1].start).toBeGreaterThan(50);
  });
});
