// The leak guard's whole-word search finds first words with indexOf instead of walking every word of the output;
// it must report exactly what the walk reported, in the same order.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Label } from "../../src/contract/index.js";
import { distinctCapitalisedWords, isSearchableOriginal, wholeWordOccurrences } from "../../src/transform/leak-guard.js";

function isWordUnit(t: string, i: number): boolean {
  const c = t.charCodeAt(i);
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57);
  return /[\p{L}\p{N}]/u.test(String.fromCodePoint(t.codePointAt(i)!));
}

/** The word walk the search replaced (leak guard before 2026-12-01), the oracle. */
function walkReference(text: string, needles: ReadonlyMap<string, Label>): { start: number; end: number; label: Label }[] {
  const out: { start: number; end: number; label: Label }[] = [];
  const byFirstWord = new Map<string, string[]>();
  const loose: string[] = [];
  for (const needle of needles.keys()) {
    if (!needle) continue;
    let j = 0;
    while (j < needle.length && isWordUnit(needle, j)) j++;
    if (j === 0) loose.push(needle);
    else byFirstWord.set(needle.slice(0, j), [...(byFirstWord.get(needle.slice(0, j)) ?? []), needle]);
  }
  const boundedAt = (at: number, end: number) => !(at > 0 && isWordUnit(text, at - 1)) && !(end < text.length && isWordUnit(text, end));
  let i = 0;
  while (i < text.length) {
    if (!isWordUnit(text, i)) {
      i++;
      continue;
    }
    let j = i;
    while (j < text.length && isWordUnit(text, j)) j++;
    for (const needle of byFirstWord.get(text.slice(i, j)) ?? []) {
      const end = i + needle.length;
      if (text.startsWith(needle, i) && boundedAt(i, end)) out.push({ start: i, end, label: needles.get(needle)! });
    }
    i = j;
  }
  for (const needle of loose) {
    for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
      if (boundedAt(at, at + needle.length)) out.push({ start: at, end: at + needle.length, label: needles.get(needle)! });
    }
  }
  return out;
}

const WORDS = ["peeters", "Peeters", "PEETERS", "jan", "an", "12345", "[name:patient]", "'t", "é", "ëlst", "𝐀n", "a", "-", "van dam"];
const SEPARATORS = [" ", "", "-", ".", "\n", "[", "]", "'"];
const text = fc.array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...SEPARATORS)), { maxLength: 25 }).map((ws) => ws.map(([w, s]) => w + s).join(""));
const LABELS: Label[] = ["Name:Patient", "ID:Patient", "Date"];
const needles = fc
  .array(fc.tuple(fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 2 }).map((ws) => ws.join(" ")), fc.constantFrom(...LABELS)), { maxLength: 6 })
  .map((entries) => new Map(entries));

describe("leak guard whole-word search", () => {
  it("equals the word walk on any output and needles, in order", () => {
    fc.assert(
      fc.property(text, needles, (t, n) => {
        expect(wholeWordOccurrences(t, n)).toEqual(walkReference(t, n));
      }),
      { numRuns: 5000 },
    );
  });

  it("gives the same hits when it walks the text instead of one indexOf pass per first word", () => {
    fc.assert(
      fc.property(text, needles, (t, n) => {
        const reference = walkReference(t, n);
        expect(wholeWordOccurrences(t, n, 0)).toEqual(reference);
        expect(wholeWordOccurrences(t, n, Infinity)).toEqual(reference);
      }),
      { numRuns: 5000 },
    );
  });

  it("walks a long output with many distinct needles and still finds each of them", () => {
    const words = Array.from({ length: 500 }, (_, i) => `W${i.toString(36)}q`);
    const output = words.join(" ") + " " + words.slice(0, 3).join("-");
    const n = new Map<string, Label>(words.map((w) => [w, "Name:Patient"] as [string, Label]));
    const hits = wholeWordOccurrences(output, n);
    expect(hits).toEqual(walkReference(output, n));
    expect(hits.length).toBe(503);
  });
});

// The words of a replaced name that are searched on their own were found with /\p{Lu}[\p{L}'’]{3,}/gu; a scan over
// the code points replaced the regex (linear-time bench, 2026-12-02) and must find exactly its distinct matches, in the order they first occur.
const PIECES = ["P", "p", "e", "É", "é", "e\u0301", "\u0301", "\u00ad", "\u200b", "'", "’", "`", " ", "-", ".", "1", "Ж", "ж", "ǅ", "𝐀", "𝐚", "\ud835", "\udc00", "ß", "İ", "Dr"];
const surfaceText = fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((ps) => ps.join(""));

describe("leak guard capitalised words", () => {
  it("equals the regex's matches on any text", () => {
    fc.assert(
      fc.property(surfaceText, (s) => {
        expect([...distinctCapitalisedWords(s)]).toEqual([...new Set(s.match(/\p{Lu}[\p{L}'’]{3,}/gu) ?? [])]);
      }),
      { numRuns: 10000 },
    );
  });

  it("fails on a wrong scan: a short run is no word, a long one is one word", () => {
    expect([...distinctCapitalisedWords("Pee Peeters’s É\u0301mile ÉÉÉÉ Peeters’s")]).toEqual(["Peeters’s", "ÉÉÉÉ"]);
  });
});

// Which original span texts are searched was decided with /\p{L}/u and /\d/g; a scan over the code points replaced the
// regexes (session seven) and must decide the same on any text.
describe("leak guard searchable originals", () => {
  const reference = (s: string) => (/\p{L}/u.test(s) ? s.length >= 4 : (s.match(/\d/g)?.length ?? 0) >= 5);
  const ORIGINAL_PIECES = [...PIECES, "0", "9", "١", "٢", "²", "Ⅳ", "_", "#", "\ud800", "\udfff", "12", "a1"];
  it("equals the regexes on any text", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ORIGINAL_PIECES), { maxLength: 12 }).map((ps) => ps.join("")), (s) => {
        expect(isSearchableOriginal(s)).toBe(reference(s));
      }),
      { numRuns: 20000 },
    );
  });
});
