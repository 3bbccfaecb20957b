// MaxEndIndex (src/healing/spans.ts) answers like a scan over every interval added, for random interleavings of
// adds and queries, starts at block edges, at the last position kept and past it.
import { describe, expect, it } from "vitest";
import { MaxEndIndex } from "../../src/healing/spans.js";
import { Prng } from "../../src/synth/index.js";

// The project's seeded generator (src/synth/prng.ts), so a failure can be replayed.
function rng(seed: number): () => number {
  const prng = new Prng(seed);
  return () => prng.next();
}

describe("MaxEndIndex", () => {
  it("gives the largest end of the intervals starting at or before p, as a scan does", () => {
    const r = rng(7);
    for (let trial = 0; trial < 300; trial++) {
      const size = 1 + Math.floor(r() * 120);
      const index = new MaxEndIndex(size);
      const kept: [number, number][] = [];
      for (let step = 0; step < 60; step++) {
        if (r() < 0.4) {
          const start = Math.floor(r() * (size + 3));
          const end = start + Math.floor(r() * 30);
          index.add(start, end);
          // Starts from `size` on are not kept.
          if (start < size) kept.push([start, end]);
        } else {
          const p = Math.floor(r() * (size + 6)) - 3;
          const expected = kept.filter(([s]) => s <= p).reduce((m, [, e]) => Math.max(m, e), -1);
          expect(index.maxEndStartingBy(p), `trial ${trial} p ${p}`).toBe(expected);
          const a = Math.max(0, p);
          const b = a + 1 + Math.floor(r() * 10);
          expect(index.covers(a, b)).toBe(kept.some(([s, e]) => s <= a && e >= b));
          expect(index.overlaps(a, b)).toBe(kept.some(([s, e]) => s < b && e > a));
        }
      }
    }
  });

  it("answers -1 before anything is added", () => {
    const index = new MaxEndIndex(10);
    expect(index.maxEndStartingBy(5)).toBe(-1);
    expect(index.covers(0, 1)).toBe(false);
  });
});
