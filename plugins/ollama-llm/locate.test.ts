import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { locateInChunk } from "./locate.js";

const slice = (text: string, r: { start: number; end: number }) => text.slice(r.start, r.end);

describe("locateInChunk", () => {
  it.each([
    ["every whole-word occurrence", "Peeters belt. Mevr. Peeters komt. Peeterssen niet.", "Peeters", "exact", ["Peeters", "Peeters"]],
    ["punctuation after the name still ends a word", "Claes' huisarts en Claes.", "Claes", "exact", ["Claes", "Claes"]],
    ["a phone number with spaces", "Bel 0472 18 39 56 of 0472 18 39 57.", "0472 18 39 56", "exact", ["0472 18 39 56"]],
    ["case differs", "dhr. JANSSENS werd gezien", "Janssens", "tolerant", ["JANSSENS"]],
    ["whitespace differs", "Anna\n  Peeters kwam", "Anna Peeters", "tolerant", ["Anna\n  Peeters"]],
    ["quoted and with a trailing comma", "Mevr. Anna Peeters kwam", "\"Anna Peeters,\"", "tolerant", ["Anna Peeters"]],
  ])("%s", (_name, chunk, listed, kind, texts) => {
    const r = locateInChunk(chunk, listed);
    expect(r.kind).toBe(kind);
    expect(r.kind === "exact" || r.kind === "tolerant" ? r.ranges.map((x) => slice(chunk, x)) : []).toEqual(texts);
  });

  it.each([
    ["part of a longer word", "Peeterssen kwam", "Peeters", "invented"],
    ["an invented name", "Anna Peeters kwam", "Karel Jansen", "invented"],
    ["a reordered name", "Anna Peeters kwam", "Peeters Anna", "reworded"],
    ["a name with a word left out", "Anna Maria Peeters kwam", "Anna Peeters", "reworded"],
    ["a corrected spelling", "Anna Peters kwam", "Anna Peeters", "invented"],
    ["punctuation only", "Anna, Peeters.", " , ", "blank"],
    ["blank", "Anna Peeters", "   ", "blank"],
  ])("drops %s", (_name, chunk, listed, kind) => {
    expect(locateInChunk(chunk, listed).kind).toBe(kind);
  });

  it("finds any substring that starts and ends a word, at its own position among the occurrences", () => {
    const words = fc.array(fc.stringMatching(/^[a-zA-Zé0-9]{1,8}$/), { minLength: 1, maxLength: 30 });
    fc.assert(
      fc.property(words, fc.nat(), fc.nat(), (ws, a, b) => {
        const chunk = ws.join(" ");
        const i = a % ws.length;
        const j = i + (b % (ws.length - i));
        const start = ws.slice(0, i).join(" ").length + (i > 0 ? 1 : 0);
        const listed = ws.slice(i, j + 1).join(" ");
        const r = locateInChunk(chunk, listed);
        expect(r.kind).toBe("exact");
        if (r.kind !== "exact") return;
        expect(r.ranges.some((x) => x.start === start && x.end === start + listed.length)).toBe(true);
        for (const x of r.ranges) expect(slice(chunk, x)).toBe(listed);
      }),
    );
  });
});
