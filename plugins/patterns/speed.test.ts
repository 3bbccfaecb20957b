// The patterns detector's fast paths (issue 13, linear time) against the formulations they replaced, kept frozen
// here: same answers on random inputs.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readOcrDigitChains, readOcrDigits } from "./detect.js";
import { separatorOf } from "./tables.js";
import { letterBefore, scanText } from "./text.js";

/** separatorOf before the change: a global match per separator count, a walk over every character for two spaces. */
function frozenSeparatorOf(line: string): string | undefined {
  if (line.includes("|")) return "|";
  if (line.includes("\t")) return "\t";
  if ((line.match(/;/g)?.length ?? 0) >= 2 && !/;\s/.test(line)) return ";";
  if ((line.match(/,/g)?.length ?? 0) >= 2 && (!/,\s/.test(line) || /^\s*"[^"]*"\s*,\s*"/.test(line))) return ",";
  let word = false;
  for (let i = 0; i + 2 < line.length; i++) {
    if (line[i] !== " ") word = true;
    else if (word && line[i + 1] === " ") {
      let j = i + 2;
      while (j < line.length && line[j] === " ") j++;
      if (j < line.length) return "  ";
      return undefined;
    }
  }
  return undefined;
}

/** The word before an offset as TextScan computed it before the change (uncached: the function is pure). */
function frozenWordBefore(text: string, index: number): string {
  const SKIP = " \t\u00a0:#=,'’|";
  const EXTRA = ".°º-";
  let end = index;
  while (end > 0 && index - end < 8 && SKIP.includes(text[end - 1])) end--;
  let start = end;
  while (start > 0 && end - start < 24 && (letterBefore(text, start) || EXTRA.includes(text[start - 1]))) start--;
  return start === end ? "" : text.slice(start, end).toLowerCase();
}

const LINE_UNITS = [" ", " ", " ", "a", "B", "1", ";", ",", '"', "|", "\t", "\u00a0", "\n"];
const lineArb = fc.array(fc.constantFrom(...LINE_UNITS), { maxLength: 40 }).map((u) => u.join(""));
const TEXT_PIECES = [
  "12",
  "3",
  "2020",
  " ",
  "  ",
  "nr",
  "Nr.",
  "tel",
  ":",
  "#",
  "=",
  ",",
  "'",
  "|",
  "\t",
  "n°",
  "-",
  ".",
  "é",
  "Ω",
  "\u00a0",
  "\n",
  "ab",
  "x1",
];
const textArb = fc.array(fc.constantFrom(...TEXT_PIECES), { maxLength: 30 }).map((p) => p.join(""));

/** readOcrDigits before the change: a global regex over the text, a match array and a substring per run. */
function frozenReadOcrDigits(text: string): string {
  const OCR_TOKEN = /[0-9OolI|][0-9OolI|./\-]*[0-9OolI|]/g;
  let out: string | undefined;
  for (let m = OCR_TOKEN.exec(text); m; m = OCR_TOKEN.exec(text)) {
    const run = m[0];
    const start = m.index;
    const end = start + run.length;
    if (!/[OolI|]/.test(run) || (run.match(/[0-9]/g)?.length ?? 0) < 2) continue;
    if (/[\p{L}\p{N}]/u.test(text[start - 1] ?? "") || /[\p{L}\p{N}]/u.test(text[end] ?? "")) continue;
    out ??= text;
    const fixed = run.replace(/[OolI|]/g, (ch) => OCR_DIGIT[ch]);
    out = out.slice(0, start) + fixed + out.slice(end);
  }
  return readOcrDigitChains(out ?? text);
}

const OCR_DIGIT: Readonly<Record<string, string>> = { O: "0", o: "0", l: "1", I: "1", "|": "1" };

describe("patterns fast paths", () => {
  it("readOcrDigits reads the runs the frozen global regex found, with the same digits", () => {
    const units = ["0", "1", "7", "O", "o", "l", "I", "|", ".", "/", "-", " ", "a", "é", "\n", "٣"];
    const text = fc.array(fc.constantFrom(...units), { maxLength: 40 }).map((u) => u.join(""));
    fc.assert(fc.property(text, (t) => {
      expect(readOcrDigits(t)).toBe(frozenReadOcrDigits(t));
    }), { numRuns: 5000 });
  });

  it("separatorOf gives the frozen walk's answer on every line", () => {
    fc.assert(
      fc.property(lineArb, (line) => {
        expect(separatorOf(line)).toBe(frozenSeparatorOf(line));
      }),
      { numRuns: 3000 },
    );
    // Edges of the two-space rule: indentation only, two spaces at the very end, one unit after them.
    for (const line of ["  a", "a  ", "a   ", "a  b", " a  b", "a b", "   ", "", "a  \u00a0", "ab  c  "]) {
      expect(separatorOf(line)).toBe(frozenSeparatorOf(line));
    }
  });

  it("wordBefore and wordBeforeRun give the uncached word at every offset, whatever the order of the questions", () => {
    fc.assert(
      fc.property(textArb, fc.array(fc.nat(), { maxLength: 40 }), (text, picks) => {
        const scan = scanText(text);
        const runs = scan.runs;
        for (const p of picks) {
          // Half the questions at digit-run starts (through either method), half at any offset.
          if (p % 2 === 0 && runs.length > 0) {
            const r = 2 * ((p >> 1) % (runs.length >> 1));
            const expected = frozenWordBefore(text, runs[r]);
            expect(p % 4 === 0 ? scan.wordBeforeRun(r) : scan.wordBefore(runs[r])).toBe(expected);
          } else {
            const i = (p >> 1) % (text.length + 1);
            expect(scan.wordBefore(i)).toBe(frozenWordBefore(text, i));
          }
        }
      }),
      { numRuns: 2000 },
    );
  });
});
