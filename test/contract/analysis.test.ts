// The shared per-document analysis: computed lazily and once, equal to computing each part directly, and never
// used for a text it was not made for.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { analyseText, analysisFor, BoundedCache } from "../../src/contract/index.js";
import { foldForMatching, foldSameLength } from "../../src/contract/fold.js";

describe("TextAnalysis", () => {
  it("gives the same folds as computing them directly, each once", () => {
    const text = "Patiënt Jan PEETERS-Ëlst, geb. 1/2/1980\nP e e t e r s";
    const a = analyseText(text);
    expect(a.folded).toBe(foldSameLength(text));
    expect(a.matching().text).toBe(foldForMatching(text).text);
    expect(a.matching({ keepCase: true }).text).toBe(foldForMatching(text, { keepCase: true }).text);
    expect(a.matching({ keepCase: true })).toBe(a.matching({ keepCase: true }));
    expect(a.matching({})).toBe(a.matching());
    expect(a.matching({ joinLineBreakHyphens: false })).not.toBe(a.matching());
  });

  it("lists words as maximal runs of letters, marks and digits", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom("ab", "É", "e\u0301", "12", " ", "-", ".", "𝐀", "😀", "\n", "'"), { maxLength: 30 }), (units) => {
        const text = units.join("");
        const { count, starts, ends } = analyseText(text).words;
        const expected = [...text.matchAll(/[\p{L}\p{M}\p{N}]+/gu)].map((m) => [m.index!, m.index! + m[0].length]);
        expect(Array.from({ length: count }, (_, k) => [starts[k], ends[k]])).toEqual(expected);
      }),
    );
  });

  it("keeps one value per key and computes it once", () => {
    const a = analyseText("x");
    let calls = 0;
    const key = Symbol("test");
    expect(a.memo(key, () => ++calls)).toBe(1);
    expect(a.memo(key, () => ++calls)).toBe(1);
    expect(calls).toBe(1);
  });

  it("is used only for the text it was made for", () => {
    const a = analyseText("Jan Peeters");
    expect(analysisFor("Jan Peeters", a)).toBe(a);
    expect(analysisFor("[Name:Patient]", a)).not.toBe(a);
    expect(analysisFor("[Name:Patient]", a).text).toBe("[Name:Patient]");
    expect(analysisFor("x").text).toBe("x");
  });
});

describe("BoundedCache", () => {
  it("keeps recent entries and forgets old ones beyond twice its size", () => {
    const c = new BoundedCache<number, number>(2);
    for (let i = 0; i < 10; i++) c.set(i, i * 10);
    expect(c.get(9)).toBe(90);
    expect(c.get(8)).toBe(80);
    expect(c.get(0)).toBeUndefined();
  });

  it("moves an old entry that is read back to the young generation", () => {
    const c = new BoundedCache<string, number>(2);
    c.set("a", 1);
    c.set("b", 2);
    c.set("c", 3); // a, b are old now
    expect(c.get("a")).toBe(1); // moved back
    c.set("d", 4); // young was full (c, a): becomes old; b forgotten
    expect(c.get("b")).toBeUndefined();
    expect(c.get("a")).toBe(1);
  });
});
