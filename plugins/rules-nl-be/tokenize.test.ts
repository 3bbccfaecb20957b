// Tokenisation keeps exact UTF-16 offsets and marks what the name rules need: initials, glued name pieces,
// capitals lines and sentence starts.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { tokenAtOrAfter, tokenize } from "./lib/tokenize.js";

const texts = (t: ReturnType<typeof tokenize>, text: string) => t.map((tok) => text.slice(tok.start, tok.end));

describe("tokenize", () => {
  it("covers every non-space character once, in order, with the slice as text, never splitting a surrogate pair", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("a", "É", "ß", " ", "\n", ".", "-", "'", "1", "😀", "\u00a0", "字", "\u0301"), maxLength: 60 }), (text) => {
        const tokens = tokenize(text);
        let covered = 0;
        let previousEnd = 0;
        for (const token of tokens) {
          expect(token.start).toBeGreaterThanOrEqual(previousEnd);
          expect(token.end).toBeGreaterThan(token.start);
          expect(token.text).toBe(text.slice(token.start, token.end));
          expect(text.slice(previousEnd, token.start)).toMatch(/^\s*$/);
          const code = text.charCodeAt(token.start);
          expect(code >= 0xdc00 && code <= 0xdfff).toBe(false);
          covered += token.end - token.start;
          previousEnd = token.end;
        }
        expect(covered).toBe(text.replace(/\s/g, "").length);
      }),
    );
  });

  it("finds the token at or after an offset", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.nat(45), (text, offset) => {
        const tokens = tokenize(text);
        const i = tokenAtOrAfter(tokens, offset);
        if (i < tokens.length) expect(tokens[i].end).toBeGreaterThan(offset);
        if (i > 0) expect(tokens[i - 1].end).toBeLessThanOrEqual(offset);
      }),
    );
  });

  it("splits hyphens and apostrophes into pieces and folds keys", () => {
    const text = "Mevr. Van den Bossche-D'Hondt en HÉLÈNE 't Kint";
    const tokens = tokenize(text);
    expect(texts(tokens, text)).toEqual(["Mevr", ".", "Van", "den", "Bossche", "-", "D", "'", "Hondt", "en", "HÉLÈNE", "'", "t", "Kint"]);
    expect(tokens.find((t) => t.text === "HÉLÈNE")?.key).toBe("helene");
    expect(tokens.find((t) => t.text === "Hondt")?.title).toBe(true);
    expect(tokens.find((t) => t.text === "D")?.upper).toBe(true);
  });

  it("does not start a sentence after a title or an initial, but does after a full stop or a line break", () => {
    const text = "Gezien door Dr. J.P. Peeters. Verder\nGoed";
    const start = (word: string) => tokenize(text).find((t) => t.text === word)?.sentenceStart;
    expect(start("J")).toBe(false);
    expect(start("P")).toBe(false);
    expect(start("Peeters")).toBe(false);
    expect(start("Verder")).toBe(true);
    expect(start("Goed")).toBe(true);
    expect(start("Gezien")).toBe(true);
  });

  it("marks lines written in capitals and counts line breaks inside addresses", () => {
    const text = "PATIËNT: PEETERS JAN\nKerkstraat 12\n\n9000 Gent";
    const tokens = tokenize(text);
    expect(tokens.find((t) => t.text === "PEETERS")?.capsLine).toBe(true);
    expect(tokens.find((t) => t.text === "Kerkstraat")?.capsLine).toBe(false);
    expect(tokens.find((t) => t.text === "9000")?.newlinesBefore).toBe(2);
    expect(tokens.find((t) => t.text === "9000")?.kind).toBe("number");
  });
});
