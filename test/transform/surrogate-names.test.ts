// Name surrogates keep the name's form (README of src/transform/surrogates: titles and particles stay, initials stay
// initials, case is kept, given names become given names of the same sex where known, family names family names)
// and never give back the original word or a word the caller rejects. Each property is stated on its own, on any
// span built from the words below and any metadata; the metadata tokens are visited as split(/[\s,-]+/) gave them.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { poolsFor } from "../../src/transform/surrogates/pools.js";
import { forEachToken } from "../../src/transform/surrogates/index.js";
import { nameSurrogate, type NameContext } from "../../src/transform/surrogates/names.js";
import { caseStyleOf } from "../../src/transform/dates/words.js";
import { foldNeedle, foldSameLength, NAME_CONNECTORS, NAME_TITLES } from "../../src/contract/index.js";

const WORDS = ["Jan", "jan", "JAN", "Wagenaar", "WAGENAAR", "van", "de", "Dr.", "dr", "Prof.", "J.", "JP", "JPV", "Thirza-Vesper", "O'Quarry", "Zélie", "Ze\u0301lie", "Vesper", "Zuiderveld", "Ω", "𝐀bc", "x", "Mevr"];
const SEPARATORS = [" ", ", ", ",", "-", "\n", "  ", ". ", "\u00ad", "-\n"];
const span = fc.array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...SEPARATORS)), { minLength: 1, maxLength: 12 }).map((ws) => ws.map(([w, s]) => w + s).join("").trim());
const knownGiven = fc.subarray(["jan", "zelie", "vesper"]);
const knownFamily = fc.subarray(["wagenaar", "zuiderveld"]);

const pools = poolsFor("nl");
const INITIALS = "ABCDEFGHIJKLMNOPRSTVW";
const hash = (s: string) => [...s].reduce((h, c) => (h * 31 + c.codePointAt(0)!) >>> 0, 7);
/** As a patient's context does: one surrogate letter per letter, whatever its case or accent. */
const initialFor = (letter: string) => INITIALS[hash(foldSameLength(letter)) % INITIALS.length];

/** A deterministic context: picks by a hash of the role and word, remembered per word. */
function context(given: readonly string[], family: readonly string[]): NameContext {
  const chosen = new Map<string, string>();
  return {
    pools,
    choose(role, folded, candidates, avoid) {
      const key = `${role}:${folded}`;
      const known = chosen.get(key);
      if (known !== undefined) return known;
      let pick = candidates[hash(key) % candidates.length];
      for (let i = 1; avoid(pick) && i < candidates.length; i++) pick = candidates[(hash(key) + i) % candidates.length];
      chosen.set(key, pick);
      return pick;
    },
    initialFor,
    knownGiven: new Set(given),
    knownFamily: new Set(family),
  };
}

const tooShort = (c: string) => [...c].length < 3;

// A name word: a letter, then letters and apostrophes, then at most one full stop (as names.ts reads a span).
const TOKEN_RE = /\p{L}[\p{L}'’]*\.?/gu;
const TITLES = new Set(Object.values(NAME_TITLES).flat());
const CONNECTORS = new Set(NAME_CONNECTORS.map((c) => foldSameLength(c)));
const bare = (token: string) => foldSameLength(token.replace(/\.$/, ""));

/** The words of a span and the text between them. */
function pieces(text: string): { tokens: string[]; between: string[] } {
  const tokens: string[] = [];
  const between: string[] = [];
  let cursor = 0;
  for (const m of text.matchAll(TOKEN_RE)) {
    between.push(text.slice(cursor, m.index));
    tokens.push(m[0]);
    cursor = m.index + m[0].length;
  }
  between.push(text.slice(cursor));
  return { tokens, between };
}

const isInitials = (token: string) => {
  const word = token.replace(/\.$/, "");
  return [...word].length === 1 || (/^\p{Lu}{2,3}$/u.test(word) && !/[AEIOUYÀ-ÿ]/i.test(word));
};

/** Each word of the span beside its surrogate, with what it is. */
function pairs(text: string, given: readonly string[], family: readonly string[]) {
  const out = nameSurrogate(text, context(given, family), tooShort);
  const before = pieces(text);
  const after = pieces(out);
  const words = before.tokens.filter((t) => !TITLES.has(bare(t)));
  const kind = (t: string) =>
    TITLES.has(bare(t)) ? "title" : words.length > 1 && CONNECTORS.has(bare(t)) ? "connector" : isInitials(t) ? "initials" : "word";
  return { out, before, after, pairs: before.tokens.map((t, i) => ({ original: t, surrogate: after.tokens[i], kind: kind(t) })) };
}

/** The pool of a name part, folded. */
const folded = (xs: readonly string[]) => new Set(xs.map((x) => foldSameLength(x)));
const FAMILY = folded(pools.family);
const GIVEN = folded(pools.given);
const FEMALE = folded(pools.female);

describe("name surrogates", () => {
  it("keep the text between the words, and as many words", () => {
    fc.assert(
      fc.property(span, knownGiven, knownFamily, (text, given, family) => {
        const { before, after } = pairs(text, given, family);
        expect(after.between).toEqual(before.between);
        expect(after.tokens.length).toBe(before.tokens.length);
      }),
      { numRuns: 2000 },
    );
  });

  it("keep titles and particles, map initials letter by letter and replace every other word in its case", () => {
    fc.assert(
      fc.property(span, knownGiven, knownFamily, (text, given, family) => {
        for (const { original, surrogate, kind } of pairs(text, given, family).pairs) {
          if (kind === "title" || kind === "connector") {
            expect(surrogate).toBe(original);
          } else if (kind === "initials") {
            const mapped = original.replace(/\p{L}/gu, (l) => (l === l.toUpperCase() ? initialFor(l).toUpperCase() : initialFor(l).toLowerCase()));
            expect(surrogate).toBe(mapped);
          } else {
            expect(surrogate.endsWith(".")).toBe(original.endsWith("."));
            // Leading one-letter parts ("O'" of O'Quarry) stay; the rest is a new name of at least three letters.
            const kept = /^(?:\p{L}['’])+/u.exec(original)?.[0] ?? "";
            expect(surrogate.startsWith(kept)).toBe(true);
            const p = original.slice(kept.length).replace(/\.$/, "");
            const s = surrogate.slice(kept.length).replace(/\.$/, "");
            expect(p).not.toMatch(/['’]/); // WORDS has no name of several long parts
            expect(foldSameLength(s)).not.toBe(foldSameLength(p));
            expect([...s].length).toBeGreaterThanOrEqual(3);
            const style = caseStyleOf(p);
            if (style === "upper") expect(s).toBe(s.toUpperCase());
            else if (style === "lower") expect(s).toBe(s.toLowerCase());
            else expect(s[0]).toBe(s[0].toUpperCase());
          }
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("give a given name known from metadata a given name that starts with the surrogate of its initial", () => {
    fc.assert(
      fc.property(span, knownGiven, knownFamily, (text, given, family) => {
        for (const { original, surrogate, kind } of pairs(text, given, family).pairs) {
          if (kind !== "word" || !given.includes(bare(original)) || family.includes(bare(original))) continue;
          expect(GIVEN.has(bare(surrogate))).toBe(true);
          expect(foldSameLength(surrogate[0])).toBe(foldSameLength(initialFor(original[0])));
          if (FEMALE.has(bare(original))) expect(FEMALE.has(bare(surrogate))).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("read family and given names by metadata, then by a comma, then by order", () => {
    const surrogate = (text: string, given: string[] = [], family: string[] = []) => pieces(nameSurrogate(text, context(given, family), tooShort)).tokens;
    // Metadata decides, whatever the order and the pools say.
    const [first, second] = surrogate("Vesper Wagenaar", ["wagenaar"], ["vesper"]);
    expect(FAMILY.has(bare(first)) && GIVEN.has(bare(second))).toBe(true);
    // "Family, Given", though both words are given names and order alone would read the last as the family name.
    const [family, given] = surrogate("Thirza, Vesper");
    expect(FAMILY.has(bare(family))).toBe(true);
    expect(FEMALE.has(bare(given)) && foldSameLength(given[0]) === foldSameLength(initialFor("V"))).toBe(true);
    // "Given Family", and "Family Given" when only the last word is a known given name.
    const [g, f] = surrogate("Thirza Zuiderveld");
    expect(FEMALE.has(bare(g)) && FAMILY.has(bare(f))).toBe(true);
    const [f2, g2] = surrogate("Zuiderveld Thirza");
    expect(FAMILY.has(bare(f2)) && FEMALE.has(bare(g2))).toBe(true);
    // One word alone is a family name unless only the given-name pool knows it.
    expect(FAMILY.has(bare(surrogate("Zuiderveld")[0]))).toBe(true);
    expect(FEMALE.has(bare(surrogate("Thirza")[0]))).toBe(true);
  });

  it("visit the metadata tokens split(/[\\s,\\-]+/) gave, in order", () => {
    const value = fc.array(fc.constantFrom("Jan", "van", "Dam.", "", " ", ",", "-", "--", " , ", "\t", "a", "A.", "Zélie", "12.34"), { maxLength: 12 }).map((xs) => xs.join(""));
    fc.assert(
      fc.property(fc.option(value, { nil: undefined }), (v) => {
        const seen: string[] = [];
        forEachToken(v, (t) => seen.push(t));
        const oracle = (v ?? "")
          .split(/[\s,-]+/)
          .map((t) => foldNeedle(t.replace(/\.$/, "")).replace(/ +/g, " ").trim())
          .filter((t) => t.length >= 2);
        expect(seen).toEqual(oracle);
      }),
      { numRuns: 3000 },
    );
  });
});
