// Name surrogates tokenize a span with one exec loop, keep each word's role on its token and join the pieces once
// (2026-12-04, linear-time bench: a span of a few hundred thousand words kept match arrays, a Map entry per word and
// a rope of two concatenations per word alive through the call); the metadata tokens are visited without an array
// of all pieces. Both must give what the code before them gave, on any span text and metadata.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { poolsFor } from "../../src/transform/surrogates/pools.js";
import { forEachToken } from "../../src/transform/surrogates/index.js";
import { nameSurrogate, type NameContext } from "../../src/transform/surrogates/names.js";
import * as reference from "../support/surrogate-names-reference.js";
import { foldNeedle } from "../../src/contract/index.js";

const WORDS = ["Jan", "jan", "JAN", "Peeters", "PEETERS", "van", "de", "Dr.", "dr", "Prof.", "J.", "JP", "JPV", "Anne-Marie", "O'Brien", "Zélie", "Ze\u0301lie", "Marie", "Smet", "Ω", "𝐀bc", "x", "Mevr"];
const SEPARATORS = [" ", ", ", ",", "-", "\n", "  ", ". ", "\u00ad", "-\n"];
const span = fc.array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...SEPARATORS)), { minLength: 1, maxLength: 12 }).map((ws) => ws.map(([w, s]) => w + s).join("").trim());

/** A deterministic context (the same for both codes): picks by a hash of the role and word, remembered per word. */
function context(knownGiven: string[], knownFamily: string[]): NameContext {
  const chosen = new Map<string, string>();
  const hash = (s: string) => [...s].reduce((h, c) => (h * 31 + c.codePointAt(0)!) >>> 0, 7);
  return {
    pools: poolsFor("nl"),
    choose(role, folded, candidates, avoid) {
      const key = `${role}:${folded}`;
      const known = chosen.get(key);
      if (known !== undefined) return known;
      let pick = candidates[hash(key) % candidates.length];
      for (let i = 1; avoid(pick) && i < candidates.length; i++) pick = candidates[(hash(key) + i) % candidates.length];
      chosen.set(key, pick);
      return pick;
    },
    initialFor: (letter) => "ABCDEFGHIJKLMNOPRSTVW"[hash(letter) % 21],
    knownGiven: new Set(knownGiven),
    knownFamily: new Set(knownFamily),
  };
}

describe("name surrogates", () => {
  it("are what the earlier code made, for any span and known names", () => {
    fc.assert(
      fc.property(span, fc.subarray(["jan", "zelie", "marie"]), fc.subarray(["peeters", "smet"]), (text, given, family) => {
        const avoid = (c: string) => c.length < 3;
        expect(nameSurrogate(text, context(given, family), avoid)).toBe(reference.nameSurrogate(text, context(given, family), avoid));
      }),
      { numRuns: 3000 },
    );
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
