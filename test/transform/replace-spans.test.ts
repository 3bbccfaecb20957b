// replaceSpans (src/transform/types.ts) keeps no empty piece between adjacent spans and walks the spans with a loop:
// the same text and output spans as the formulation it replaced, kept frozen here, on random spans.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Span } from "../../src/contract/index.js";
import { replaceSpans } from "../../src/transform/types.js";

function frozenReplaceSpans(text: string, spans: readonly Span[], replacementFor: (span: Span, index: number) => string) {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const out: (Span & { replacement: string })[] = [];
  const parts: string[] = [];
  let cursor = 0;
  sorted.forEach((s, i) => {
    if (s.start < cursor) throw new Error(`spans overlap at offset ${s.start}; resolve overlaps before transforming`);
    const replacement = replacementFor(s, i);
    parts.push(text.slice(cursor, s.start), replacement);
    cursor = s.end;
    out.push({ ...s, replacement });
  });
  parts.push(text.slice(cursor));
  return { deidText: parts.join(""), spans: out };
}

const caseArb = fc
  .tuple(fc.string({ maxLength: 40 }), fc.array(fc.tuple(fc.nat({ max: 3 }), fc.nat({ max: 4 }), fc.constantFrom("", "[X]", "Q")), { maxLength: 8 }), fc.boolean())
  .map(([text, pieces, shuffle]) => {
    // Non-overlapping spans from gaps and lengths (gap 0: adjacent spans; length 0 is allowed by the function).
    const spans: (Span & { tag: string })[] = [];
    let at = 0;
    for (const [gap, len, tag] of pieces) {
      const start = at + gap;
      const end = start + len;
      if (end > text.length) break;
      spans.push({ start, end, label: "Name:Patient", tag });
      at = end;
    }
    if (shuffle) spans.reverse();
    return { text, spans };
  });

describe("replaceSpans", () => {
  it("gives the frozen formulation's text and spans", () => {
    fc.assert(
      fc.property(caseArb, ({ text, spans }) => {
        const fn = (s: Span, i: number) => `${(s as Span & { tag: string }).tag}${i}`;
        // Either both give the same result or both refuse (an empty span and one starting at the same offset, put
        // in the other order by the stable sort, overlap).
        const outcome = (f: typeof replaceSpans) => {
          try {
            return f(text, spans, fn);
          } catch (err) {
            return String(err);
          }
        };
        expect(outcome(replaceSpans)).toEqual(outcome(frozenReplaceSpans));
      }),
      { numRuns: 3000 },
    );
  });

  it("still refuses overlapping spans", () => {
    const spans: Span[] = [
      { start: 0, end: 3, label: "Name:Patient" },
      { start: 2, end: 4, label: "Name:Patient" },
    ];
    expect(() => replaceSpans("abcdef", spans, () => "X")).toThrow(/overlap at offset 2/);
  });
});
