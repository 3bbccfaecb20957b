// Folding for matching: whatever disguise a name wears (NFD, soft hyphens, zero-width characters, line-break
// hyphenation, full-width or look-alike letters, spaced letters), it folds to the needle, and a match maps back to
// exactly the disguised range of the original text.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { foldForMatching, foldNeedle, originalRange, unitRange } from "../../src/contract/fold.js";
import { isCodePointBoundary } from "../../src/contract/offsets.js";

const CYRILLIC: Record<string, string> = { a: "а", e: "е", o: "о", p: "р", c: "с", x: "х", y: "у", i: "і", s: "ѕ", j: "ј" };
const ACCENTED: Record<string, string> = { a: "á", e: "é", i: "ï", o: "ô", u: "ü", c: "ç", n: "ñ" };

type Disguise = (name: string) => string;
const DISGUISES: Record<string, Disguise> = {
  plain: (n) => n,
  upper: (n) => n.toUpperCase(),
  "accents NFC": (n) => [...n].map((c) => ACCENTED[c] ?? c).join("").normalize("NFC"),
  "accents NFD": (n) => [...n].map((c) => ACCENTED[c] ?? c).join("").normalize("NFD"),
  "soft hyphens": (n) => [...n].join("\u00ad"),
  "zero-width spaces": (n) => n.slice(0, 2) + "\u200b" + n.slice(2) + "\u200d",
  "line-break hyphenation": (n) => `${n.slice(0, 2)}-\n${n.slice(2)}`,
  "CRLF hyphenation with indent": (n) => `${n.slice(0, 2)}- \r\n  ${n.slice(2)}`,
  "full-width": (n) => [...n].map((c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)).join(""),
  "Cyrillic look-alikes": (n) => [...n].map((c) => CYRILLIC[c] ?? c).join(""),
  "Greek capitals": (n) => n.toUpperCase().replace(/A/g, "Α").replace(/O/g, "Ο").replace(/E/g, "Ε"),
  "spaced letters": (n) => [...n].join(" "),
  "dotted letters": (n) => [...n].join(". ").toUpperCase(),
  "tight dotted letters": (n) => [...n].join("."),
  "no-break spaces": (n) => n,
};

const word = fc.stringMatching(/^[a-z]{2,7}$/);
const name = fc.stringMatching(/^[a-z]{5,9}$/);
const filler = fc.array(word, { minLength: 0, maxLength: 6 }).map((ws) => ws.join(" "));

/** Whole-word occurrences of a needle in folded text. */
function hits(folded: string, needle: string): number[] {
  const out: number[] = [];
  const isWord = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);
  for (let at = folded.indexOf(needle); at >= 0; at = folded.indexOf(needle, at + 1)) {
    if (!isWord(folded[at - 1]) && !isWord(folded[at + needle.length])) out.push(at);
  }
  return out;
}

describe("foldForMatching", () => {
  it.each(Object.keys(DISGUISES))("a name in disguise (%s) maps back to exactly its range", (key) => {
    fc.assert(
      fc.property(filler, name, filler, (before, n, after) => {
        const disguised = DISGUISES[key](n);
        const sep = key === "no-break spaces" ? "\u00a0" : " ";
        const text = `${before}${sep}${disguised}${sep}${after}`;
        const f = foldForMatching(text);
        const needle = foldNeedle(n);
        const at = before.length + 1;
        const ranges = hits(f.text, needle).map((h) => originalRange(f, h, h + needle.length));
        expect(ranges).toContainEqual({ start: at, end: at + disguised.length });
      }),
      { numRuns: 60 },
    );
  });

  it("keeps case apart with keepCase and folds the rest all the same", () => {
    expect(foldNeedle("Рeeter\u00ads", { keepCase: true })).toBe("Peeters");
    expect(foldNeedle("ＢＡＫＫＥＲ", { keepCase: true })).toBe("BAKKER");
    expect(foldNeedle("bakker", { keepCase: true })).toBe("bakker");
    expect(foldNeedle("Frédéric’s ﬁle")).toBe("frederic's file");
  });

  it("does not join a name hyphenated at a line break into a lower-case word, nor two ordinary letters", () => {
    expect(foldNeedle("a b")).toBe("a b");
    expect(foldNeedle("J.P. Peeters")).toBe("j.p. peeters");
    expect(foldNeedle("Janssens-\nPeeters", { joinLineBreakHyphens: false })).toBe("janssens- peeters");
  });

  const piece = fc.constantFrom("plain ascii ", "x-\ny", "a", "B", "é", "e\u0301", "\u00ad", "\u200b", "-\n", " ", "\u00a0", "😀", "Ｊ", "р", "ﬁ", ".", "x y z ", "Q.R.S.T.U.", "\r\n", "İ", "ß");
  it("every folded unit maps to a non-empty, ordered original range on code point boundaries", () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), fc.boolean(), (parts, keepCase) => {
        const text = parts.join("");
        const f = foldForMatching(text, { keepCase });
        let prev = { start: 0, end: 0 };
        for (let k = 0; k < f.text.length; k++) {
          const r = unitRange(f, k);
          expect(r.start).toBeLessThan(r.end);
          expect(r.end).toBeLessThanOrEqual(text.length);
          expect(isCodePointBoundary(text, r.start)).toBe(true);
          expect(isCodePointBoundary(text, r.end)).toBe(true);
          expect(r.start).toBeGreaterThanOrEqual(prev.start);
          expect(r.end).toBeGreaterThanOrEqual(prev.end);
          prev = r;
        }
        // Any folded range maps inside the text, start before end.
        if (f.text.length > 1) {
          const r = originalRange(f, 0, f.text.length);
          expect(r.start).toBeLessThan(r.end);
        }
      }),
      { numRuns: 300 },
    );
  });
});
