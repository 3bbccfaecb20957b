// The `.phi` parser has one home (src/contract/phi.ts), shared by the PhysioNet corpus adapter and the deid wrapper:
// any records written in the format come back as written, however the whitespace and header case vary.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DeidError, parsePhi } from "../../src/contract/index.js";

const id = fc.stringMatching(/^[A-Za-z0-9_.-]{1,6}$/);
const interval = fc.tuple(fc.nat(5000), fc.integer({ min: 1, max: 40 })).map(([start, length]) => ({ start, end: start + length }));
const records = fc.uniqueArray(fc.record({ patientId: id, noteId: id, intervals: fc.array(interval, { maxLength: 5 }) }), {
  maxLength: 6,
  selector: (r) => `${r.patientId}\u0000${r.noteId}`,
});
const gap = fc.constantFrom("\t", " ", "  ", " \t");
const eol = fc.constantFrom("\n", "\r\n");

describe("parsePhi", () => {
  it("reads back what was written, line numbers included", () => {
    fc.assert(
      fc.property(records, gap, eol, fc.constantFrom("Patient", "PATIENT", "patient"), fc.boolean(), (recs, sep, nl, word, blankLines) => {
        const lines: string[] = [];
        const expected = recs.map((r) => {
          lines.push(`${word}${sep}${r.patientId}${sep}Note${sep}${r.noteId}`);
          const intervals = r.intervals.map((iv) => {
            lines.push(`${iv.start}${sep}${iv.start}${sep}${iv.end}`);
            return { ...iv, line: lines.length };
          });
          if (blankLines) lines.push("");
          return { patientId: r.patientId, noteId: r.noteId, intervals };
        });
        expect(parsePhi(lines.join(nl) + nl)).toEqual(expected);
      }),
    );
  });

  it("merges a record named twice and keeps records without PHI", () => {
    const parsed = parsePhi("Patient 1\tNote 1\n0\t0\t5\nPatient 2\tNote 1\nPatient 1\tNote 1\n7\t7\t9\n");
    expect(parsed.map((r) => [r.patientId, r.intervals.map((i) => [i.start, i.end])])).toEqual([
      ["1", [[0, 5], [7, 9]]],
      ["2", []],
    ]);
  });

  it("names the line of anything else, never its content", () => {
    const bad = (content: string, line: number, reason: RegExp) => {
      try {
        parsePhi(content);
        expect.unreachable();
      } catch (e) {
        expect(e).toBeInstanceOf(DeidError);
        expect((e as DeidError).code).toBe("E_INPUT_FORMAT");
        expect((e as DeidError).context.line).toBe(line);
        expect((e as DeidError).message).toMatch(reason);
        expect((e as DeidError).message).not.toContain("Peeters");
      }
    };
    bad("Patient 1\tNote 1\nJan Peeters 3 4\n", 2, /neither a record header nor a PHI line/);
    bad("\n3\t3\t4\n", 2, /before any record header/);
    bad("Patient 1\tNote 1\n3\t4\n", 2, /neither/);
  });
});
