import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LABELS, type Label, type Span } from "../../src/contract/index.js";
import { resolveOverlaps, unionSpans } from "../../src/stack/index.js";

const spanArb = fc
  .record({ start: fc.integer({ min: 0, max: 60 }), len: fc.integer({ min: 1, max: 12 }), label: fc.constantFrom(...LABELS), det: fc.constantFrom("a", "b", "c") })
  .map((r) => ({ start: r.start, end: r.start + r.len, label: r.label as Label, det: r.det }));

function covered(spans: readonly { start: number; end: number }[]): Set<number> {
  const s = new Set<number>();
  for (const x of spans) for (let i = x.start; i < x.end; i++) s.add(i);
  return s;
}

describe("unionSpans", () => {
  it("merges identical findings and keeps every detector as provenance", () => {
    const u = unionSpans([
      { detectorId: "a", spans: [{ start: 0, end: 3, label: "Date", score: 0.4 }] },
      { detectorId: "b", spans: [{ start: 0, end: 3, label: "Date", score: 0.9 }, { start: 5, end: 7, label: "Date" }] },
    ]);
    expect(u).toEqual([
      { start: 0, end: 3, label: "Date", detectors: ["a", "b"], score: 0.9 },
      { start: 5, end: 7, label: "Date", detectors: ["b"] },
    ]);
  });
});

describe("resolveOverlaps (merge-to-extent@1)", () => {
  it("never releases a detected character, never adds one, and leaves no overlaps", () => {
    fc.assert(
      fc.property(fc.array(spanArb, { maxLength: 25 }), (raw) => {
        const spans = unionSpans(["a", "b", "c"].map((d) => ({ detectorId: d, spans: raw.filter((r) => r.det === d) })));
        const out = resolveOverlaps(spans);
        expect(covered(out)).toEqual(covered(spans));
        for (let i = 1; i < out.length; i++) expect(out[i].start).toBeGreaterThanOrEqual(out[i - 1].end);
        const allDetectors = new Set(spans.flatMap((s) => s.detectors!));
        for (const s of out) for (const d of s.detectors!) expect(allDetectors.has(d)).toBe(true);
      }),
    );
  });

  it("is idempotent and order-independent", () => {
    fc.assert(
      fc.property(fc.array(spanArb, { maxLength: 20 }), (raw) => {
        const spans: Span[] = raw.map((r) => ({ start: r.start, end: r.end, label: r.label, detectors: [r.det] }));
        const once = resolveOverlaps(spans);
        expect(resolveOverlaps(once)).toEqual(once);
        expect(resolveOverlaps([...spans].reverse())).toEqual(once);
      }),
    );
  });

  it("labels a cluster by the label covering most characters, ties by priority", () => {
    const out = resolveOverlaps([
      { start: 0, end: 10, label: "Name:Other", detectors: ["a"] },
      { start: 8, end: 12, label: "Date", detectors: ["b"] },
    ]);
    expect(out).toEqual([{ start: 0, end: 12, label: "Name:Other", detectors: ["a", "b"] }]);
    const tie = resolveOverlaps([
      { start: 0, end: 4, label: "Name:Other", detectors: ["a"] },
      { start: 0, end: 4, label: "Name:Patient", detectors: ["b"] },
    ]);
    expect(tie[0].label).toBe("Name:Patient");
  });

  it("keeps touching spans apart", () => {
    const out = resolveOverlaps([
      { start: 0, end: 4, label: "Name:Patient" },
      { start: 4, end: 8, label: "Date" },
    ]);
    expect(out).toHaveLength(2);
  });
});
