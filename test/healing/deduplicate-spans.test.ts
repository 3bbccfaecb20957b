import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { Span } from "../../src/contract/index.js";
import { byPosition, deduplicateSpans, mergedSpan } from "../../src/healing/spans.js";

/** The definition: group by (start, end, label) in first-seen order, merge each group, sort by position. */
function reference(spans: readonly Span[]): Span[] {
  const byKey = new Map<string, Span[]>();
  for (const s of spans) {
    const k = `${s.start}:${s.end}:${s.label}`;
    byKey.set(k, [...(byKey.get(k) ?? []), s]);
  }
  const out: Span[] = [];
  for (const group of byKey.values()) {
    if (group.length === 1) out.push(group[0]);
    else {
      const m = mergedSpan(group, group[0].label);
      const subs = group.find((g) => g.subannotations)?.subannotations;
      if (subs) m.subannotations = subs;
      out.push(m);
    }
  }
  return out.sort(byPosition);
}

const span = fc
  .record({
    start: fc.integer({ min: 0, max: 6 }),
    len: fc.integer({ min: 1, max: 3 }),
    label: fc.constantFrom("Name:Patient", "Name:Caregiver", "Date"),
    detectors: fc.subarray(["a", "b", "c"]),
    score: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
    sub: fc.boolean(),
  })
  .map(({ start, len, label, detectors, score, sub }): Span => {
    const s: Span = { start, end: start + len, label, detectors };
    if (score !== undefined) s.score = score;
    if (sub) s.subannotations = [{ start, end: start + 1, category: "Name" }];
    return s;
  });

describe("deduplicateSpans", () => {
  it("gives what grouping by key, merging and sorting gives, for sorted, unsorted and duplicated input", () => {
    fc.assert(
      fc.property(fc.array(span, { maxLength: 14 }), fc.boolean(), (spans, presort) => {
        const input = presort ? [...spans].sort(byPosition) : spans;
        const got = deduplicateSpans(input);
        expect(got).toEqual(reference(input));
        // Unmerged spans are the very objects given (provenance and identity kept).
        for (const s of got) if (input.filter((x) => byPosition(x, s) === 0).length === 1) expect(input).toContain(s);
      }),
      { numRuns: 500 },
    );
  });

  it("merges a duplicate that comes after other spans and returns a new array for sorted input", () => {
    const a: Span = { start: 0, end: 3, label: "Date", detectors: ["x"] };
    const b: Span = { start: 5, end: 8, label: "Date", detectors: ["y"] };
    const c: Span = { start: 0, end: 3, label: "Date", detectors: ["z"], score: 0.5 };
    expect(deduplicateSpans([a, b, c])).toEqual([{ start: 0, end: 3, label: "Date", detectors: ["x", "z"], score: 0.5 }, b]);
    const sorted = [a, b];
    const out = deduplicateSpans(sorted);
    expect(out).toEqual(sorted);
    expect(out).not.toBe(sorted);
  });
});
