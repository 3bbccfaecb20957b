import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MicroBatcher } from "../../baselines/shared/batcher.js";
import { codePointLength, predictionsFromOutput } from "../../src/battery/index.js";
import { OffsetMapper } from "../../src/contract/index.js";
import { conditionHolds, pairedDifference } from "../../src/protocol/index.js";
import type { BootstrapResult } from "../../src/eval/index.js";

describe("battery arithmetic", () => {
  it("counts code points like the string iterator", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (s) => {
        expect(codePointLength(s)).toBe([...s].length);
      }),
    );
  });

  it("maps output spans (code points) back onto the original text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", minLength: 1, maxLength: 40 }), fc.nat(), fc.nat(), (text, a, b) => {
        const mapper = new OffsetMapper(text);
        const n = mapper.codePointLength;
        const lo = a % (n + 1);
        const hi = lo + (b % (n - lo + 1));
        const [span] = predictionsFromOutput({ document_id: "d", text }, [{ begin: lo, end: hi, label: "Date" }]);
        expect([...text.slice(span.start, span.end)]).toEqual([...text].slice(lo, hi));
      }),
    );
  });

  it("turns a paired difference around exactly, and never lets both directions be superior", () => {
    const finite = fc.double({ min: -1, max: 1, noNaN: true });
    fc.assert(
      fc.property(finite, finite, finite, (x, y, z) => {
        const [low, estimate, high] = [x, y, z].sort((p, q) => p - q);
        const boot = { differences: [{ metric: "m", system_a: "A", system_b: "B", estimate, low, high, undefined_replicates: 0, excludes_zero: false }] } as unknown as BootstrapResult;
        const ab = pairedDifference(boot, "A", "B", "m")!;
        const ba = pairedDifference(boot, "B", "A", "m")!;
        const plain = (d: { estimate: number | null; low: number | null; high: number | null }) => [d.estimate! + 0, d.low! + 0, d.high! + 0];
        expect(plain(ba)).toEqual([-ab.estimate! + 0, -ab.high! + 0, -ab.low! + 0]);
        const sup = (l: number | null) => conditionHolds({ kind: "superiority", system: "", reference: "", measure: "m" }, l);
        expect(sup(ab.low) && sup(ba.low)).toBe(false);
        const margin = { kind: "non-inferiority" as const, system: "", reference: "", measure: "m", margin_points: 2 };
        expect(conditionHolds(margin, ab.low)).toBe(ab.low! > -0.02);
      }),
    );
  });
});

describe("micro-batching", () => {
  it("answers every request with its own result, whatever the batch size and arrival", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer(), { minLength: 1, maxLength: 30 }), fc.integer({ min: 1, max: 8 }), async (items, batchSize) => {
        const sizes: number[] = [];
        const batcher = new MicroBatcher<{ id: string; v: number }, number>(
          async (batch) => {
            sizes.push(batch.length);
            return batch.map((x) => x.v * 2);
          },
          { batchSize, lingerMs: 1, parallelBatches: 2 },
          (x) => x.id,
        );
        const signal = new AbortController().signal;
        const results = await Promise.all(items.map((v, i) => batcher.submit({ id: `d${i}`, v }, signal)));
        expect(results).toEqual(items.map((v) => v * 2));
        expect(Math.max(...sizes)).toBeLessThanOrEqual(batchSize);
        expect(sizes.reduce((a, b) => a + b, 0)).toBe(items.length);
      }),
      { numRuns: 40 },
    );
  });

  it("fails every document of a failing batch, and only that batch", async () => {
    const batcher = new MicroBatcher<number, number>(
      async (batch) => {
        if (batch.includes(3)) throw new Error("tool failed");
        return [...batch];
      },
      { batchSize: 2, lingerMs: 1, parallelBatches: 1 },
      String,
    );
    const signal = new AbortController().signal;
    const settled = await Promise.allSettled([1, 2, 3, 4, 5].map((v) => batcher.submit(v, signal)));
    expect(settled.map((s) => s.status)).toEqual(["fulfilled", "fulfilled", "rejected", "rejected", "fulfilled"]);
  });
});
