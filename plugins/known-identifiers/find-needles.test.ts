// findNeedles (word-bounded needle search) and orderedUnique (equal spans dropped in place), stated as what they
// promise rather than against copies of the code they replaced.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mergeSortedRuns, type Label } from "../../src/contract/index.js";
import { findNeedles, orderedUnique } from "./index.js";

const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

/**
 * Where `needle` ends when it is spelled at `pos`, else -1: its words literally, a run of white space or hyphens where
 * it has a space, and no letter or digit right before or after it. A needle that does not start with a letter or
 * digit is no word and never found.
 */
function endOf(text: string, pos: number, needle: string): number {
  if (!isWordChar(needle[0]) || isWordChar(text[pos - 1])) return -1;
  const parts = needle.split(" ");
  for (let k = 0; k < parts.length; k++) {
    if (!text.startsWith(parts[k], pos)) return -1;
    pos += parts[k].length;
    if (k < parts.length - 1) {
      const from = pos;
      while (pos < text.length && /[\s\-]/.test(text[pos])) pos++;
      if (pos === from) return -1;
    }
  }
  return isWordChar(text[pos]) ? -1 : pos;
}

const WORDS = ["jan", "van", "dam", "de", "peeters", "an", "a", "o'brien", "o", "12", "x1", "ë", "𝐚b", "-", "é"];
const SEPARATORS = [" ", "  ", "-", " - ", "\n", ".", ",", "", "'", "/"];
const text = fc
  .array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...SEPARATORS)), { maxLength: 25 })
  .map((ws) => ws.map(([w, s]) => w + s).join(""));
const needle = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }).map((ws) => ws.join(" "));

describe("findNeedles", () => {
  /** The promises on one text. */
  function checkPromises(t: string, needles: string[]): void {
    const found = findNeedles(t, needles);
    for (const [i, m] of found.entries()) {
      expect(needles, `match ${i} is of a needle`).toContain(m.needle);
      expect(endOf(t, m.start, m.needle), `match ${i} spells its needle`).toBe(m.end);
      const longest = Math.max(...needles.map((n) => endOf(t, m.start, n)));
      expect(m.end, `match ${i} is the longest needle there`).toBe(longest);
      if (i > 0)
        expect(m.start, `match ${i} starts after the one before ends`).toBeGreaterThanOrEqual(found[i - 1].end);
    }
    const left: string[] = [];
    for (let at = 0; at < t.length; at++) {
      if (found.some((m) => m.start <= at && at < m.end)) continue;
      for (const n of needles) if (endOf(t, at, n) >= 0) left.push(`${n} at ${at}`);
    }
    expect(left, "needles spelled outside every match").toEqual([]);
  }

  it("finds each needle spelled whole-word, the longest at a place, never overlapping, and leaves none out", () => {
    fc.assert(
      fc.property(text, fc.array(needle, { minLength: 1, maxLength: 6 }), (t, needles) => checkPromises(t, needles)),
      { numRuns: 3_000 },
    );
  });

  it("keeps the promises where needles of a few short words overlap in the text", () => {
    const short = fc.constantFrom("a", "an", "jan");
    const shortText = fc
      .array(fc.tuple(short, fc.constantFrom(" ", "-", ", ")), { maxLength: 12 })
      .map((ws) => ws.map(([w, s]) => w + s).join(""));
    const shortNeedle = fc.array(short, { minLength: 1, maxLength: 3 }).map((ws) => ws.join(" "));
    fc.assert(
      fc.property(shortText, fc.array(shortNeedle, { minLength: 1, maxLength: 4 }), (t, needles) =>
        checkPromises(t, needles),
      ),
      { numRuns: 2_000 },
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
    const runsArb = fc.array(
      fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 12 }).map((r) => r.sort((a, b) => a - b)),
      { minLength: 1, maxLength: 9 },
    );
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

describe("orderedUnique", () => {
  it("keeps the first of each (start, end, label), the same objects, in text order as a stable sort puts them", () => {
    const spanArb = fc
      .tuple(
        fc.nat({ max: 12 }),
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom<Label>("Name:Patient", "Name:Caregiver", "Age_Birthdate"),
      )
      .map(([start, len, label]) => ({ start, end: start + len, label, score: 1 }));
    fc.assert(
      fc.property(fc.array(spanArb, { maxLength: 30 }), fc.boolean(), (spans, presorted) => {
        if (presorted) spans.sort((a, b) => a.start - b.start || a.end - b.end);
        const seen = new Set<string>();
        const expected = [...spans]
          .sort((a, b) => a.start - b.start || a.end - b.end)
          .filter(
            (x) => !seen.has(`${x.start},${x.end},${x.label}`) && Boolean(seen.add(`${x.start},${x.end},${x.label}`)),
          );
        const got = orderedUnique([...spans]);
        expect(got.length).toBe(expected.length);
        got.forEach((s, i) => expect(s).toBe(expected[i]));
      }),
      { numRuns: 5000 },
    );
  });
});
