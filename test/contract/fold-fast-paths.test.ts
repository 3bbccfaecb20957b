// The fast paths of foldForMatching (one-for-one folding of mostly-ASCII text, no walk for text without spaced
// letters) give exactly what the general code gave before them: the same folded text and the same original range
// for every folded unit, for every combination of options. The oracle is a frozen copy of the earlier module.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { foldForMatching, foldNeedle, unitRange, type FoldOptions } from "../../src/contract/fold.js";
import * as reference from "../support/fold-reference.js";

// Units that exercise every branch: ASCII letters, digits, spaces, dots, hyphens, line breaks, tabs, backticks,
// precomposed and decomposed accents, marks alone, soft hyphen, zero-width and no-break spaces, Cyrillic and Greek
// look-alikes, full-width letters, ligatures, letters outside the BMP, and letters whose case changes length.
const UNITS = [
  "a", "b", "e", "j", "P", "Q", "Z", "0", "7", " ", " ", ".", ",", "-", "'", "`", "\n", "\r\n", "\t", "(", "/",
  "é", "É", "ë", "ï", "ç", "ñ", "ø", "ß", "e\u0301", "\u0301", "\u00ad", "\u200b", "\u200d", "\u00a0", "\u2009",
  "\u2010", "\u2011", "–", "’", "р", "Р", "е", "Н", "Α", "ο", "Ｐ", "ｅ", "ﬁ", "𝐀", "😀", "İ", "K", "Ǆ", "ǅ",
];
const text = fc.array(fc.constantFrom(...UNITS), { maxLength: 40 }).map((us) => us.join(""));
const spaced = fc.array(fc.constantFrom("a", "P", "é", "Р", "7", " ", ". ", ".", "-\n", "  "), { maxLength: 30 }).map((us) => us.join(""));
// Runs of single letters with one kind of separator, between other text: what joinSpacedLetters joins (or not).
const run = fc
  .tuple(text, fc.array(fc.constantFrom("a", "P", "é", "Р", "𝐀", "7"), { minLength: 2, maxLength: 7 }), fc.constantFrom(" ", ".", ". ", "  ", ", "), fc.boolean(), text)
  .map(([before, letters, sep, trailing, after]) => `${before} ${letters.join(sep)}${trailing ? sep : ""} ${after}`);
const OPTIONS: FoldOptions[] = [
  {},
  { keepCase: true },
  { joinLineBreakHyphens: false },
  { joinSpacedLetters: false },
  { keepCase: true, joinLineBreakHyphens: false, joinSpacedLetters: false },
];

function ranges(t: string, f: { text: string }): { start: number; end: number }[] {
  return Array.from({ length: f.text.length }, (_, k) => unitRange(f as never, k));
}

describe("foldForMatching fast paths", () => {
  for (const options of OPTIONS) {
    it(`equal the general fold, unit for unit (${JSON.stringify(options)})`, () => {
      fc.assert(
        fc.property(fc.oneof(text, spaced, run), (t) => {
          const fast = foldForMatching(t, options);
          const slow = reference.foldForMatching(t, options);
          expect(fast.text).toBe(slow.text);
          expect(ranges(t, fast)).toEqual(ranges(t, slow));
        }),
        { numRuns: 3000 },
      );
    });
  }

  it("equal the general fold for every BMP code point between ASCII letters, a tab and a backtick", () => {
    // The one-for-one path folds the non-ASCII units first and the ASCII ones after, over the whole text: right only
    // if no non-ASCII unit's fold is changed again by lower-casing or is a control character or a backtick.
    const mismatches: number[] = [];
    for (let cp = 0x80; cp <= 0xffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const t = `Ab${String.fromCharCode(cp)}\tC\`${String.fromCharCode(cp)}d`;
      for (const options of [{}, { keepCase: true }]) {
        const fast = foldForMatching(t, options);
        const slow = reference.foldForMatching(t, options);
        if (fast.text !== slow.text || JSON.stringify(ranges(t, fast)) !== JSON.stringify(ranges(t, slow))) mismatches.push(cp);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it("equal the general fold on long texts (thousands of line breaks, tabs and backticks)", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom("Jan\n", "\t", "`", "é\r\n", "ABC ", "x"), { minLength: 9000, maxLength: 12000 }), fc.boolean(), (pieces, ascii) => {
        // With an "é" the one-for-one path folds it, without one the ASCII path.
        const t = ascii ? pieces.join("").replace(/é/g, "e") : pieces.join("");
        for (const options of [{}, { keepCase: true }]) expect(foldForMatching(t, options).text).toBe(reference.foldForMatching(t, options).text);
      }),
      { numRuns: 8 },
    );
  });

  it("folds Dutch text with accents one for one, without an offset table", () => {
    const f = foldForMatching("Patiënt Hélène Peeters-Ëlst, geb. 1 januari");
    expect(f.text).toBe("patient helene peeters-elst, geb. 1 januari");
    expect(f.starts).toBeNull();
  });

  it("still joins spaced and dotted letters and line-break hyphens", () => {
    expect(foldForMatching("P e e t e r s").text).toBe("peeters");
    expect(foldForMatching("Pé-\nters").text).toBe("peters");
    expect(foldForMatching("P.E.E.T.E.").text).toBe("peete");
  });

  it("foldNeedle equals the general fold of the needle", () => {
    fc.assert(
      fc.property(fc.oneof(text, spaced, run), fc.boolean(), (t, keepCase) => {
        expect(foldNeedle(t, { keepCase })).toBe(reference.foldForMatching(t, { keepCase }).text);
      }),
      { numRuns: 2000 },
    );
  });
});
