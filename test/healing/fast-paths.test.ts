// The regex-free fast paths of healing (src/healing/spans.ts, bracket-balance, the fixpoint check) against the
// definitions they replace, on generated texts mixing ASCII, accents, marks, the non-identifying symbols and
// surrogate pairs.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { Document, Span } from "../../src/contract/index.js";
import { getHealingProfile, healSpans, type HealingProfile } from "../../src/healing/index.js";
import { bracketBalance } from "../../src/healing/rules/bracket-balance.js";
import { hasEffectiveAlnumIn, isEffectivelyAlnum } from "../../src/healing/spans.js";

const byRegex = (ch: string) => /[\p{L}\p{N}]/u.test(ch) && !/[º°•·ª]/u.test(ch);

const PIECES = ["a", "Z", "7", " ", ".", "-", "(", ")", "[", "]", "{", "}", "é", "e\u0301", "º", "°", "•", "·", "ª", "ß", "Ж", "٣", "😀", "𝐀", "\ud835", "\udc00", "\u00ad", "\n"];
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 24 }).map((xs) => xs.join(""));

describe("healing fast paths", () => {
  it("isEffectivelyAlnum gives the regex definition's answer for every unit and code point", () => {
    for (let c = 0; c < 0x10000; c++) expect(isEffectivelyAlnum(String.fromCharCode(c))).toBe(byRegex(String.fromCharCode(c)));
    for (const ch of ["😀", "𝐀", "𝟙", "", "ab"]) expect(isEffectivelyAlnum(ch)).toBe(byRegex(ch));
  });

  it("hasEffectiveAlnumIn is hasEffectiveAlnum of the slice, cut surrogate pairs included", () => {
    fc.assert(
      fc.property(text, fc.nat(30), fc.nat(30), (t, a, b) => {
        const slice = t.slice(a, b);
        expect(hasEffectiveAlnumIn(t, a, b)).toBe([...slice].some(byRegex));
      }),
      { numRuns: 3000 },
    );
  });

  it("bracket-balance gives what one slice per bracket pair gave", () => {
    const PAIRS = [
      ["(", ")"],
      ["[", "]"],
      ["{", "}"],
    ];
    const reference = (t: string, s: Span): Span => {
      let { start, end } = s;
      for (const [open, close] of PAIRS) {
        let depth = 0;
        let unmatched = 0;
        for (const c of t.slice(start, end)) {
          if (c === open) depth++;
          else if (c === close) {
            if (depth > 0) depth--;
            else unmatched++;
          }
        }
        const balance = depth - unmatched;
        if (balance < 0 && t[start - 1] === open) start--;
        else if (balance > 0 && t[end] === close) end++;
      }
      return start === s.start && end === s.end ? s : { ...s, start, end };
    };
    fc.assert(
      fc.property(text, fc.array(fc.tuple(fc.nat(30), fc.nat(6)), { maxLength: 5 }), (t, ranges) => {
        const spans: Span[] = ranges.filter(([a]) => a < t.length).map(([a, n]) => ({ start: a, end: Math.min(t.length, a + n + 1), label: "Date", detectors: ["x"] }));
        const doc: Document = { document_id: "d", text: t };
        expect(bracketBalance(spans, { document: doc, options: {} })).toEqual(spans.map((s) => reference(t, s)));
      }),
      { numRuns: 3000 },
    );
  });

  it("the fixpoint stops on the pass that changes nothing, spans compared by bounds, label and detectors", () => {
    // A rule that moves one span right until it reaches 3: three changing passes, then the one that confirms.
    let calls = 0;
    const profile: HealingProfile = {
      id: "t",
      version: "1",
      maxPasses: 10,
      rules: [
        {
          name: "step",
          apply: (spans) => {
            calls++;
            return spans.map((s) => (s.start < 3 ? { ...s, start: s.start + 1, end: s.end + 1, detectors: [...(s.detectors ?? [])] } : { ...s, detectors: [...(s.detectors ?? [])] }));
          },
        },
      ],
    };
    const doc: Document = { document_id: "d", text: "0123456789" };
    const out = healSpans(profile, [{ start: 0, end: 1, label: "Date", detectors: ["a", "b"] }], { document: doc, options: {} });
    expect(out).toEqual([{ start: 3, end: 4, label: "Date", detectors: ["a", "b"] }]);
    expect(calls).toBe(4);
  });

  it("built-in profiles are built on first use, and an unknown one lists them all", () => {
    expect(getHealingProfile("fr-BE").id).toBe("fr-BE");
    expect(getHealingProfile("fr-BE")).toBe(getHealingProfile("fr-BE"));
    expect(() => getHealingProfile("xx")).toThrow(/available: en, fr-BE, nl-BE, none/);
  });
});
