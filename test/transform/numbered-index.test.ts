// The numbered transform's indexed entity numbering (deletion keys, banded edit distance, one-pass entity keys) gives
// exactly what the plain definitions give: every mention compared with every spelling so far, a full
// Damerau-Levenshtein table, and regex replaces.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { damerauLevenshtein, entityKey, numberMentions } from "../../src/transform/index.js";
import { foldSameLength } from "../../src/transform/dates/words.js";

function fullOsa(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push(Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      let d = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2][j - 2] + 1);
      rows[i][j] = d;
    }
  }
  return rows[a.length][b.length];
}

function plainKey(text: string): string {
  return foldSameLength(text.normalize("NFC")).replace(/[^\p{L}\p{N}\s]/gu, "").replace(/\s+/g, " ").trim();
}

function plainNumbers(mentions: readonly { label: string; text: string }[], o: { max_edit_distance: number; min_length_for_fuzzy: number }): number[] {
  const entities = new Map<string, string[][]>();
  const same = (a: string, b: string) =>
    a === b || (Math.min(a.length, b.length) >= o.min_length_for_fuzzy && fullOsa(a, b) <= o.max_edit_distance);
  return mentions.map(({ label, text }) => {
    const key = plainKey(text);
    const list = entities.get(label) ?? [];
    entities.set(label, list);
    const found = list.findIndex((spellings) => spellings.some((s) => same(s, key)));
    if (found >= 0) {
      if (!list[found].includes(key)) list[found].push(key);
      return found + 1;
    }
    list.push([key]);
    return list.length;
  });
}

// Small alphabets make near spellings (one edit apart, transpositions, chains of variants) frequent.
const word = fc.stringMatching(/^[abAB\u00e9e\- .]{0,9}$/);
const mention = fc.record({ label: fc.constantFrom("Name:Patient", "Name:Caregiver"), text: word });

describe("numbered: indexed numbering equals the plain definition", () => {
  it("entity keys equal the regex definition (any Unicode, lone surrogates included)", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: "binary" }), fc.string({ unit: "grapheme" }), word), (t) => {
        expect(entityKey(t)).toBe(plainKey(t));
      }),
      { numRuns: 500 },
    );
  });

  it("the banded edit distance equals the full table below the limit and says limit + 1 above it", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[abc]{0,10}$/), fc.stringMatching(/^[abc]{0,10}$/), fc.integer({ min: 0, max: 4 }), (a, b, limit) => {
        const full = fullOsa(a, b);
        expect(damerauLevenshtein(a, b, limit)).toBe(full <= limit ? full : limit + 1);
        expect(damerauLevenshtein(a, b)).toBe(full);
      }),
      { numRuns: 1000 },
    );
  });

  it.each([
    [1, 4],
    [1, 1],
    [0, 4],
    [2, 3],
  ])("entity numbers equal the plain definition (max_edit_distance %i, min_length_for_fuzzy %i)", (max, min) => {
    const o = { max_edit_distance: max, min_length_for_fuzzy: min };
    fc.assert(
      fc.property(fc.array(mention, { maxLength: 40 }), (ms) => {
        expect(numberMentions(ms, o)).toEqual(plainNumbers(ms, o));
      }),
      { numRuns: 400 },
    );
  });

  it("numbers many distinct names as the plain definition does, and a long spelling one edit from another", () => {
    let seed = 7;
    const letter = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return "aeiounrstlk"[seed % 11];
    };
    const ms = Array.from({ length: 600 }, () => ({ label: "Name:Patient", text: Array.from({ length: 5 }, letter).join("") }));
    expect(numberMentions(ms, { max_edit_distance: 1, min_length_for_fuzzy: 4 })).toEqual(plainNumbers(ms, { max_edit_distance: 1, min_length_for_fuzzy: 4 }));
    // Spellings of 22,000 characters: compared in O(length) (a full table would hold 484 million cells).
    const long = "Abcdefghij ".repeat(2000);
    const out = numberMentions(
      [long, "Other", long.slice(1), `${long.trim()}x`, long.replace("j", "k")].map((text) => ({ label: "Name:Patient", text })),
      { max_edit_distance: 1, min_length_for_fuzzy: 4 },
    );
    expect(out).toEqual([1, 2, 1, 1, 1]);
  });
});
