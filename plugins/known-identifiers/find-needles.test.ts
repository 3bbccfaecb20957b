// findNeedles finds first words with indexOf instead of walking every word; it must give what the word walk gave.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mergeSortedRuns, type DetectedSpan, type Label } from "../../src/contract/index.js";
import { findNeedles, orderedUnique } from "./index.js";

/** The word walk findNeedles replaced (known-identifiers 1.2.0), kept as the oracle. */
function walkReference(folded: string, needles: readonly string[]): { start: number; end: number; needle: string }[] {
  const WORD_CHAR = /[\p{L}\p{N}]/u;
  const isWordCode = (t: string, i: number) => {
    const c = t.charCodeAt(i);
    if (c < 128) return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 65 && c <= 90);
    return WORD_CHAR.test(t[i]);
  };
  const matchParts = (pos: number, parts: readonly string[]) => {
    for (let k = 0; k < parts.length; k++) {
      if (!folded.startsWith(parts[k], pos)) return -1;
      pos += parts[k].length;
      if (k < parts.length - 1) {
        const sepStart = pos;
        while (pos < folded.length && /[\s\-]/.test(folded[pos])) pos++;
        if (pos === sepStart) return -1;
      }
    }
    return pos < folded.length && isWordCode(folded, pos) ? -1 : pos;
  };
  const byFirstWord = new Map<string, string[][]>();
  for (const n of needles) {
    const parts = n.split(" ");
    const head = /^[\p{L}\p{N}]*/u.exec(parts[0])![0];
    byFirstWord.set(head, [...(byFirstWord.get(head) ?? []), parts]);
  }
  const out: { start: number; end: number; needle: string }[] = [];
  let i = 0;
  while (i < folded.length) {
    if (!isWordCode(folded, i) || (i > 0 && isWordCode(folded, i - 1))) {
      i++;
      continue;
    }
    let j = i;
    while (j < folded.length && isWordCode(folded, j)) j++;
    let best: { end: number; needle: string } | undefined;
    for (const parts of byFirstWord.get(folded.slice(i, j)) ?? []) {
      const end = matchParts(i, parts);
      if (end > 0 && (!best || end > best.end)) best = { end, needle: parts.join(" ") };
    }
    if (best) {
      out.push({ start: i, end: best.end, needle: best.needle });
      i = best.end;
    } else i = j;
  }
  return out;
}

const WORDS = ["jan", "van", "dam", "de", "peeters", "an", "a", "o'brien", "o", "12", "x1", "ë", "𝐚b", "-", "é"];
const SEPARATORS = [" ", "  ", "-", " - ", "\n", ".", ",", "", "'", "/"];
const text = fc.array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...SEPARATORS)), { maxLength: 25 }).map((ws) => ws.map(([w, s]) => w + s).join(""));
const needle = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }).map((ws) => ws.join(" "));

describe("findNeedles", () => {
  it("equals the word walk on any text and needles", () => {
    fc.assert(
      fc.property(text, fc.array(needle, { minLength: 1, maxLength: 6 }), (t, needles) => {
        expect(findNeedles(t, needles)).toEqual(walkReference(t, needles));
      }),
      { numRuns: 5000 },
    );
  });

  it("takes the longest needle at a word and resumes after it", () => {
    expect(findNeedles("dr jan van dam en jan", ["jan", "jan van dam", "van dam"])).toEqual([
      { start: 3, end: 14, needle: "jan van dam" },
      { start: 18, end: 21, needle: "jan" },
    ]);
  });
});

// The word starts of several first words were put in text order by sorting every occurrence; they are now merged
// from each first word's own (increasing) run, and must come out as the stable sort put them.
describe("mergeSortedRuns", () => {
  it("orders like a stable sort by value", () => {
    const runsArb = fc.array(fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 12 }).map((r) => r.sort((a, b) => a - b)), { minLength: 1, maxLength: 9 });
    fc.assert(
      fc.property(runsArb, (runs) => {
        const values = runs.flat();
        const bounds = [0];
        for (const r of runs) if (r.length) bounds.push(bounds[bounds.length - 1] + r.length);
        const expected = values.map((_, k) => k).sort((a, b) => values[a] - values[b]);
        expect([...mergeSortedRuns(values, bounds)]).toEqual(bounds.length > 1 ? expected : []);
      }),
      { numRuns: 5000 },
    );
  });
});

/** The detector's last step before the in-place compaction (known-identifiers 1.2.0): a second array of the kept spans. */
function frozenOrderedUnique(input: DetectedSpan[]): DetectedSpan[] {
  const spans = [...input];
  let ordered = true;
  for (let i = 1; i < spans.length && ordered; i++) ordered = spans[i - 1].start < spans[i].start || (spans[i - 1].start === spans[i].start && spans[i - 1].end <= spans[i].end);
  if (!ordered) spans.sort((a, b) => a.start - b.start || a.end - b.end);
  const out: DetectedSpan[] = [];
  let group = 0;
  spanLoop: for (const s of spans) {
    const last = out[out.length - 1];
    if (!last || last.start !== s.start || last.end !== s.end) group = out.length;
    else for (let i = group; i < out.length; i++) if (out[i].label === s.label) continue spanLoop;
    out.push(s);
  }
  return out;
}

describe("orderedUnique", () => {
  it("keeps the same spans, the same objects, in the same order as the frozen copy", () => {
    const spanArb = fc
      .tuple(fc.nat({ max: 12 }), fc.integer({ min: 1, max: 4 }), fc.constantFrom<Label>("Name:Patient", "Name:Caregiver", "Age_Birthdate"))
      .map(([start, len, label]) => ({ start, end: start + len, label, score: 1 }));
    fc.assert(
      fc.property(fc.array(spanArb, { maxLength: 30 }), fc.boolean(), (spans, presorted) => {
        if (presorted) spans.sort((a, b) => a.start - b.start || a.end - b.end);
        const expected = frozenOrderedUnique(spans);
        const got = orderedUnique([...spans]);
        expect(got.length).toBe(expected.length);
        got.forEach((s, i) => expect(s).toBe(expected[i]));
      }),
      { numRuns: 5000 },
    );
  });
});
