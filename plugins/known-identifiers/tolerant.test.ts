// findTolerant (a known value with any separators between its characters) replaced a regex compiled per value; it
// must find what that regex found, with the same word-boundary handling.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { escapeRegExp } from "../../src/contract/index.js";
import { findTolerant } from "./index.js";

/** known-identifiers 1.2.0: the regex of the value's characters joined by [\s./()\-]* and its findAll, kept as the oracle. */
function regexReference(folded: string, chars: readonly string[]): { start: number; end: number }[] {
  const re = new RegExp(chars.map(escapeRegExp).join("[\\s./()\\-]*"), "g");
  const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);
  const out: { start: number; end: number }[] = [];
  let m: RegExpExecArray | null;
  while ((m = re.exec(folded)) !== null) {
    const start = m.index;
    const end = start + m[0].length;
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    if (isWordChar(folded[start - 1]) || isWordChar(folded[end])) {
      re.lastIndex = start + 1;
      continue;
    }
    out.push({ start, end });
  }
  return out;
}

const valueChar = fc.constantFrom("1", "2", "3", "0", "a", "b", "é", "𝟙", "ß");
const textUnit = fc.constantFrom("1", "2", "3", "0", "a", "b", "é", "𝟙", "ß", " ", " ", "\n", "\t", "\u2009", "\u3000", "\ufeff", ".", "/", "(", ")", "-", ",", ":", "_", "x", "\ud835");

describe("known-identifiers: separator-tolerant values", () => {
  it("finds what the regex found, on random texts and values", () => {
    fc.assert(
      fc.property(fc.array(valueChar, { minLength: 2, maxLength: 5 }), fc.array(textUnit, { maxLength: 60 }), (chars, units) => {
        const text = units.join("");
        expect(findTolerant(text, chars)).toEqual(regexReference(text, chars));
      }),
      { numRuns: 3000 },
    );
  });

  it("finds what the regex found on texts made of copies of the value with random separators", () => {
    fc.assert(
      fc.property(fc.array(valueChar, { minLength: 2, maxLength: 4 }), fc.array(fc.tuple(fc.nat(3), fc.array(textUnit, { maxLength: 3 })), { maxLength: 8 }), (chars, pieces) => {
        const text = pieces.map(([cut, sep]) => chars.slice(0, cut + 1).join(sep.join("")) + sep.join("")).join("");
        expect(findTolerant(text, chars)).toEqual(regexReference(text, chars));
      }),
      { numRuns: 3000 },
    );
  });

  it("treats every UTF-16 unit as a separator exactly when the regex's class does", () => {
    const differ: number[] = [];
    for (let c = 0; c < 0x10000; c++) {
      const text = `1${String.fromCharCode(c)}2`;
      if (JSON.stringify(findTolerant(text, ["1", "2"])) !== JSON.stringify(regexReference(text, ["1", "2"]))) differ.push(c);
    }
    expect(differ).toEqual([]);
  });
});
