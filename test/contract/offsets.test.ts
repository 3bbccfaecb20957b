import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { OffsetMapper, isCodePointBoundary } from "../../src/contract/index.js";

// Strings mixing ASCII, accents, combining marks, CRLF, astral characters (emoji, CJK extension B).
const piece = fc.constantFrom("a", "é", "e\u0301", "\r\n", "\n", " ", "😀", "𠀀", "👩‍⚕️", "ß", "İ", "\t", "Z");
const text = fc.array(piece, { maxLength: 40 }).map((a) => a.join(""));

describe("OffsetMapper", () => {
  it("maps every code point boundary to its UTF-16 index and back", () => {
    fc.assert(
      fc.property(text, (t) => {
        const m = new OffsetMapper(t);
        const cps = [...t];
        expect(m.codePointLength).toBe(cps.length);
        let u16 = 0;
        for (let cp = 0; cp <= cps.length; cp++) {
          expect(m.toUtf16(cp)).toBe(u16);
          expect(m.toCodePoint(u16)).toBe(cp);
          if (cp < cps.length) u16 += cps[cp].length;
        }
      }),
    );
  });

  it("slices agree between Python-style code point slicing and JS slicing", () => {
    fc.assert(
      fc.property(text, fc.nat(), fc.nat(), (t, a, b) => {
        const cps = [...t];
        const lo = Math.min(a, b) % (cps.length + 1);
        const hi = Math.max(lo, Math.max(a, b) % (cps.length + 1));
        const m = new OffsetMapper(t);
        expect(t.slice(m.toUtf16(lo), m.toUtf16(hi))).toBe(cps.slice(lo, hi).join(""));
      }),
    );
  });

  it("refuses an index inside a surrogate pair and out-of-range offsets", () => {
    const t = "a😀b";
    const m = new OffsetMapper(t);
    expect(() => m.toCodePoint(2)).toThrow(/splits a surrogate pair/);
    expect(isCodePointBoundary(t, 2)).toBe(false);
    expect(isCodePointBoundary(t, 3)).toBe(true);
    expect(() => m.toUtf16(4)).toThrow(/outside/);
    expect(() => m.toUtf16(-1)).toThrow(/outside/);
    expect(() => m.toCodePoint(1.5)).toThrow(/outside/);
    expect(m.toUtf16(3)).toBe(4);
  });

  it("is the identity on BMP-only text, CRLF and combining marks included", () => {
    const t = "Caf\u0065\u0301\r\nNaïve";
    const m = new OffsetMapper(t);
    expect(m.isIdentity).toBe(true);
    expect(m.toUtf16(6)).toBe(6);
  });
});
