// MaxEndIndex (src/healing/spans.ts) answers like a scan over every interval added, for random interleavings of
// adds and queries, starts at block edges, at the last position kept and past it.
import fc from "fast-check";
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

  it("answers every question as a scan does, whether intervals come before the first query, after it, or both", () => {
    type Op = { add: true; start: number; length: number } | { add: false; p: number; length: number };
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ add: fc.constant(true as const), start: fc.integer({ min: -2, max: 70 }), length: fc.integer({ min: 0, max: 25 }) }),
      fc.record({ add: fc.constant(false as const), p: fc.integer({ min: -3, max: 72 }), length: fc.integer({ min: 1, max: 12 }) }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 66 }), fc.array(op, { maxLength: 80 }), (size, ops) => {
        const index = new MaxEndIndex(size);
        const kept: [number, number][] = [];
        for (const o of ops) {
          if (o.add) {
            index.add(o.start, o.start + o.length);
            if (o.start >= 0 && o.start < size) kept.push([o.start, o.start + o.length]);
            continue;
          }
          const maxBy = (q: number) => kept.filter(([s]) => s <= q).reduce((m, [, e]) => Math.max(m, e), -1);
          expect(index.maxEndStartingBy(o.p)).toBe(maxBy(o.p));
          const a = Math.max(0, o.p);
          const b = a + o.length;
          expect(index.covers(a, b)).toBe(kept.some(([s, e]) => s <= a && e >= b));
          expect(index.strictlyCovers(a, b)).toBe(kept.some(([s, e]) => s <= a && e >= b && (s < a || e > b)));
          expect(index.overlaps(a, b)).toBe(kept.some(([s, e]) => s < b && e > a));
          expect(index.crossesOrContains(a, b)).toBe(kept.some(([s, e]) => s < b && e > a && (s < a || e > b)));
        }
      }),
      { numRuns: 400 },
    );
  });

  it("answers -1 before anything is added", () => {
    const index = new MaxEndIndex(10);
    expect(index.maxEndStartingBy(5)).toBe(-1);
    expect(index.covers(0, 1)).toBe(false);
  });
});
