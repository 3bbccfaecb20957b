// findTolerant: a known value with any separators between its characters (README: "its letters and digits with any
// run of space . / ( ) - between them", whole-word). Stated as what it promises, not against a copy of old code:
// every match spells the value with separator runs and is whole-word; every such occurrence is found, at its
// offsets; matches never overlap; a unit is a separator exactly when it is in the documented set.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findTolerant } from "./index.js";

/** The documented separators: white space (what `\s` matches) and . / ( ) -. */
const SEPARATOR = /^[\s./()\-]$/;
const isSeparator = (u: string) => SEPARATOR.test(u);
const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

/** Whether `text` spells the value (`chars` with separator runs between them) from `at` to `end`. */
function spells(text: string, at: number, end: number, chars: readonly string[]): boolean {
  let pos = at;
  for (let k = 0; k < chars.length; k++) {
    if (k > 0) while (pos < end && isSeparator(text[pos])) pos++;
    if (!text.startsWith(chars[k], pos)) return false;
    pos += chars[k].length;
  }
  return pos === end;
}

/** Where the value is spelled starting at `at`, whole-word, if it is: its end. */
function wordBoundedEnd(text: string, at: number, chars: readonly string[]): number | undefined {
  // Separators are never letters or digits, so a start has one spelling at most: separator runs are taken whole.
  let pos = at;
  for (let k = 0; k < chars.length; k++) {
    if (k > 0) while (pos < text.length && isSeparator(text[pos])) pos++;
    if (!text.startsWith(chars[k], pos)) return undefined;
    pos += chars[k].length;
  }
  return isWordChar(text[at - 1]) || isWordChar(text[pos]) ? undefined : pos;
}

/** The promises on one text: sound, ordered without overlap, and nothing missed that starts outside a match. */
function checkPromises(text: string, chars: readonly string[]): { start: number; end: number }[] {
  const found = findTolerant(text, chars);
  for (const [i, m] of found.entries()) {
    expect(spells(text, m.start, m.end, chars), `match ${i} spells the value`).toBe(true);
    expect(isWordChar(text[m.start - 1]) || isWordChar(text[m.end]), `match ${i} is whole-word`).toBe(false);
    if (i > 0) expect(m.start, `match ${i} starts after the one before ends`).toBeGreaterThanOrEqual(found[i - 1].end);
  }
  for (let at = 0; at < text.length; at++) {
    if (found.some((m) => m.start <= at && at < m.end)) continue;
    expect(wordBoundedEnd(text, at, chars), `an occurrence at ${at} outside every match`).toBeUndefined();
  }
  return found;
}

const valueChar = fc.constantFrom("1", "2", "3", "0", "a", "b", "é", "𝟙", "ß");
const separatorUnit = fc.constantFrom(" ", "\n", "\t", "\u2009", "\u3000", "\ufeff", ".", "/", "(", ")", "-");
const textUnit = fc.oneof(valueChar, separatorUnit, fc.constantFrom(",", ":", "_", "x", "\ud835"));
/** Neither a separator nor a letter or digit: nothing can be spelled across it. */
const stop = fc.constantFrom(",", ":", ";", "!", "+", "_", "#");

describe("known-identifiers: separator-tolerant values", () => {
  it("on random texts, every match spells the value whole-word, none overlap, and no occurrence is left out", () => {
    fc.assert(
      fc.property(
        fc.array(valueChar, { minLength: 2, maxLength: 5 }),
        fc.array(textUnit, { maxLength: 60 }),
        (chars, units) => {
          checkPromises(units.join(""), chars);
        },
      ),
      { numRuns: 3_000 },
    );
  });

  it("on texts of the value's own characters and separators (where matches could overlap), keeps the same promises", () => {
    const valueAndText = fc
      .array(valueChar, { minLength: 2, maxLength: 4 })
      .chain((chars) =>
        fc.tuple(
          fc.constant(chars),
          fc.array(fc.oneof(fc.constantFrom(...chars), separatorUnit, stop), { maxLength: 40 }),
        ),
      );
    fc.assert(
      fc.property(valueAndText, ([chars, units]) => {
        checkPromises(units.join(""), chars);
      }),
      { numRuns: 2_000 },
    );
  });

  it("finds every seeded copy with separator runs, at its offsets, and no copy glued to a word", () => {
    const copy = fc.record({
      seps: fc.array(fc.array(separatorUnit, { maxLength: 3 }), { minLength: 5, maxLength: 5 }),
      glued: fc.constantFrom("", "", "", "x", "7", "q"),
      left: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(valueChar, { minLength: 2, maxLength: 5 }),
        fc.array(fc.tuple(stop, copy), { maxLength: 8 }),
        stop,
        (chars, pieces, last) => {
          let text = "";
          const seeded: { start: number; end: number }[] = [];
          for (const [before, { seps, glued, left }] of pieces) {
            text += before + (left ? glued : "");
            const start = text.length;
            text += chars.map((c, k) => (k > 0 ? seps[k % seps.length].join("") : "") + c).join("");
            if (!glued) seeded.push({ start, end: text.length });
            text += (left ? "" : glued) + seps[0].join("");
          }
          text += last;
          expect(checkPromises(text, chars)).toEqual(seeded);
        },
      ),
      { numRuns: 1_500 },
    );
  });

  it("treats a UTF-16 unit as a separator exactly when it is in the documented set, and as a boundary unless it is a letter or digit", () => {
    const wrong: number[] = [];
    for (let c = 0; c < 0x10000; c++) {
      const u = String.fromCharCode(c);
      const between = findTolerant(`1${u}2`, ["1", "2"]);
      if (between.length !== (isSeparator(u) ? 1 : 0)) wrong.push(c);
      const after = findTolerant(`12${u}`, ["1", "2"]);
      if (JSON.stringify(after) !== (isWordChar(u) ? "[]" : '[{"start":0,"end":2}]')) wrong.push(c);
    }
    expect(wrong).toEqual([]);
  });
});
