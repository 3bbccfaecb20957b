// The speed rewrites of rules-nl-be give the answers of the code they replaced: each fast path is checked here
// against the plain formulation it stands for (the slice-and-regex or lookup-per-length version).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../src/detectors/index.js";
import { loadRulesLexicon } from "./index.js";
import { analyse } from "./lib/analysis.js";
import { LIST } from "./lib/lexicon.js";
import { foldKey, hasLowerIn, isUpperAt } from "./lib/normalize.js";
import { endsInListedJob } from "./lib/professions.js";
import { tokenize } from "./lib/tokenize.js";

const lexicon = loadRulesLexicon(PROJECT_ROOT);

/** The lookup per modifier length that the reversed trie replaced. */
function endsInListedJobByLookups(key: string): boolean {
  if (!/^\p{Ll}+$/u.test(key)) return false;
  for (let i = 3; i <= key.length - 4; i++) {
    const bits = lexicon.phrases.get(key.slice(i));
    if (bits !== undefined && bits & LIST.profession) return true;
  }
  return false;
}

/** Single-word job keys of the lexicon (the trie's source). */
const jobs: string[] = [];
for (const [key, bits] of lexicon.phrases.entries()) if (bits & LIST.profession && !key.includes(" ")) jobs.push(key);

describe("rules-nl-be fast paths", () => {
  it("has single-word jobs to test the trie with", () => {
    expect(jobs.length).toBeGreaterThan(100);
    expect(endsInListedJob({ lexicon }, `xyz${jobs.find((j) => j.length >= 4 && /^\p{Ll}+$/u.test(j))}`)).toBe(true);
  });

  it("finds a listed job at the end of a word exactly where one lookup per modifier length does", () => {
    const letters = fc.constantFrom(..."abcdeéijklmnorstuvwz".split(""));
    // Jobs of three to five letters weigh as much as all others: the head-length bound is tested at its edge.
    const short = jobs.filter((j) => j.length <= 5);
    const job = fc.oneof(fc.constantFrom(...jobs), fc.constantFrom(...short));
    const word = fc.tuple(fc.array(letters, { maxLength: 6 }), job, fc.array(letters, { maxLength: 2 }), fc.boolean())
      .map(([pre, job, post, cut]) => {
        const w = pre.join("") + job + post.join("");
        return cut ? w.slice(1) : w;
      });
    fc.assert(fc.property(fc.oneof(word, fc.string({ maxLength: 14 }), fc.stringMatching(/^[a-z]{0,16}$/)), (key) => {
      expect(endsInListedJob({ lexicon }, key)).toBe(endsInListedJobByLookups(key));
    }), { numRuns: 3000 });
  });

  it("reads capitals and lower case in place as the regexes on a slice do", () => {
    const text = fc.string({ unit: fc.constantFrom("a", "Z", "é", "É", "ß", "ǅ", "Ⓐ", "1", " ", "-", "\u{1D44E}", "\u{1D400}", "\uD835", "İ", "ſ"), maxLength: 8 });
    fc.assert(fc.property(text, fc.nat(9), fc.nat(9), (t, x, y) => {
      const [start, end] = x <= y ? [x, y] : [y, x];
      expect(isUpperAt(t, start)).toBe(/\p{Lu}/u.test(t.slice(start, end + 1).charAt(0)));
      expect(hasLowerIn(t, start, end)).toBe(/\p{Ll}/u.test(t.slice(start, end)));
    }), { numRuns: 3000 });
  });

  it("keys every word token as foldKey does", () => {
    const text = fc.string({ unit: fc.constantFrom("a", "Z", "q", "É", "é", "e\u0301", "ß", "İ", "1", " ", "-", ".", "\n"), maxLength: 30 });
    fc.assert(fc.property(text, (t) => {
      for (const token of tokenize(t)) expect(token.key).toBe(token.kind === "punct" ? token.text : foldKey(token.text));
    }), { numRuns: 2000 });
  });

  it("gives every token the index's bits through the per-word cache, also when words share its slots", () => {
    // Far more distinct words than the cache has slots, repeated, so slots are taken over and hit again.
    const words = jobs.slice(0, 400).concat(["de", "het", "patiënt", "Peeters", "Jan", "Gent", "xqzv", "mg", "bakker"]);
    const text = fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 60 }).map((xs) => xs.join(" "));
    fc.assert(fc.property(fc.array(text, { minLength: 1, maxLength: 5 }), (texts) => {
      for (const t of texts) {
        const a = analyse(t, lexicon);
        for (const token of a.tokens) {
          if (token.kind === "punct") continue;
          expect(a.tokenBits[token.index]).toBe((lexicon.phrases.get(token.key) ?? 0) & ~LIST.continues);
        }
      }
    }), { numRuns: 300 });
  });
});
