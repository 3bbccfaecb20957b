// The speed rewrites of rules-nl-be give the answers of the code they replaced: each fast path is checked here
// against the plain formulation it stands for (the slice-and-regex or lookup-per-length version).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../src/detectors/index.js";
import { loadRulesLexicon } from "./index.js";
import { analyse, matchesAt } from "./lib/analysis.js";
import { LIST } from "./lib/lexicon.js";
import { foldKey, hasLowerIn, isUpperAt } from "./lib/normalize.js";
import { eachAlternativeMatch, eachAnchoredMatch, eachGlobalMatch, eachLookbehindMatch, lookbehindScan } from "./lib/anchored.js";
import { AGE_BIRTHDAY, AGE_COPULA, AGE_WHEN, DATE_PATTERNS, mayStartNumericDate, NUMBER_START_PATTERNS, NUMERIC_PATTERNS } from "./lib/dates.js";
import { POSSESSIVE_ORDINAL } from "./lib/detect.js";
import { SHIFT_SIGNATURE, SIGNED_INITIALS, SIGNED_INITIALS_SCANS } from "./lib/names.js";
import { STRIP, STRIP_SEX_LETTER } from "./lib/records.js";
import { NUMBER_WORD_FORMS, NUMBER_WORD_REACH, NUMBER_WORD_SCANS, numberWordCandidates, numberWordCandidatesByGlobalScans } from "./lib/number-words.js";
import { endsInListedJob } from "./lib/professions.js";
import { HASH_SEED, hashKey, hashOn } from "./lib/phrase-index.js";
import { tokenize, type Token } from "./lib/tokenize.js";

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

/**
 * The longest string (in UTF-16 units) a pattern of literals, classes, groups, alternatives, `?`, `{n}` and
 * lookarounds can match; anything else throws, so the bound is never guessed.
 */
function longestMatchLength(source: string): number {
  let i = 0;
  const alternatives = (): number => {
    let best = sequence();
    while (source[i] === "|") {
      i++;
      best = Math.max(best, sequence());
    }
    return best;
  };
  const sequence = (): number => {
    let total = 0;
    while (i < source.length && source[i] !== "|" && source[i] !== ")") {
      let atom: number;
      const c = source[i];
      if (c === "(") {
        const look = /^\(\?<?[=!]/.test(source.slice(i));
        i += source.startsWith("(?:", i) ? 3 : look ? (source[i + 2] === "<" ? 4 : 3) : 1;
        const inner = alternatives();
        if (source[i++] !== ")") throw new Error(`unbalanced at ${i}`);
        atom = look ? 0 : inner;
      } else if (c === "[") {
        i = source.indexOf("]", i) + 1;
        atom = 1;
      } else if (c === "\\") {
        if (!/[sdpPnNLu.\-()[\]]/.test(source[i + 1])) throw new Error(`escape ${source[i + 1]}`);
        i += source[i + 1] === "p" || source[i + 1] === "P" ? source.indexOf("}", i) + 1 - i : 2;
        atom = 1;
      } else if ("*+{".includes(c) || c === "?") {
        throw new Error(`quantifier at ${i}`);
      } else {
        i++;
        atom = 1;
      }
      if (source[i] === "?") i++;
      else if (source[i] === "{") {
        const m = /^\{(\d+)(?:,(\d+))?\}/.exec(source.slice(i));
        if (!m || m[2] === undefined && source[i + m[0].length - 2] === ",") throw new Error(`open quantifier at ${i}`);
        atom *= Number(m[2] ?? m[1]);
        i += m[0].length;
      }
      total += atom;
    }
    return total;
  };
  const n = alternatives();
  if (i !== source.length) throw new Error(`stopped at ${i}`);
  return n;
}

/** Pieces of texts where numbers and days in words, their cues and their look-alikes meet. */
const NUMBER_WORD_PIECES = [
  "een", "twee", "zeven", "negen", "tien", "elf", "zestien", "twintig", "zevenentwintig", "negenentachtig", "honderd",
  "honderdenzevenentachtig", "tweeëntwintig", "eenendertig", "un", "une", "deux", "six", "ſix", "sept", "dix-sept", "vingt",
  "vingt et un", "vingt-et-un", "trente-et-un", "quatre-vingts", "quatre-vingt-dix-sept", "cent", "cent quatre-vingt-dix-sept",
  "soixante-trois", "premier", "1er", "jaar", "Jaar", "JAAR", "ans", "aNs", "jarige", "jarigen", "-jarige", "jarig",
  "maanden", "maand", "weken", "mois", "semaines", "oud", "geleden", "april", "mei", "mai", "maintenant", "mars", "août",
  "Décembre", "juillet", "deux mille vingt-deux", "mil neuf cent quarante", "negentienhonderdvijftig", "2019", "is", "was",
  "man van", "femme de", "âgée de", "il y a", "sinds", "op", "le", "né le", "geboren op", "°", "(", ")", ",", ".", "-", " ",
  "  ", "\n", "\t", "x", "é", "É", "K", "\u212A", "\u{1D400}", "\u{1D41A}", "9",
];

describe("rules-nl-be fast paths", () => {
  it("tries a numeric date pattern at every number start where it can match", () => {
    const numeric = DATE_PATTERNS.filter((p) => NUMERIC_PATTERNS.has(p.name)).concat(NUMBER_START_PATTERNS);
    expect(numeric.length).toBeGreaterThanOrEqual(9);
    const piece = fc.oneof(
      fc.constantFrom("1", "01", "12", "31", "3", "2021", "1999", "123", "20230811", "/", ".", "-", " ", "  ", "\t", "IX", "XII", "maart",
        "mrt.", "mars", "1er", "1ère", "2de", "tot", "en", "au", "t/m", "'21", "’99", "a", "é", "\u0660"),
      fc.string({ maxLength: 2 }),
    );
    // Dates of every form as the patterns write them, with pieces around them.
    const sep = fc.constantFrom("/", ".", "-", " ", "  ", " - ", "");
    const date = fc.tuple(fc.constantFrom("1", "01", "12", "31", "2021", "1er", "3"), sep,
      fc.constantFrom("03", "3", "IX", "XII", "maart", "mrt.", "mrt", "mars", "en 4 mei", "tot 14 april", "tot 14/03", "op 4/5", "2021"), sep,
      fc.constantFrom("2021", "21", "'21", "99", ""))
      .map((xs) => xs.join(""));
    const text = fc.array(fc.oneof(piece, date), { maxLength: 10 }).map((xs) => xs.join(""));
    fc.assert(fc.property(text, (t) => {
      for (const { name, pattern } of numeric) {
        for (let at = 0; at < t.length; at++) {
          pattern.lastIndex = at;
          if (pattern.exec(t)) expect(mayStartNumericDate(name, t, at)).toBe(true);
        }
      }
    }), { numRuns: 3000 });
    expect(mayStartNumericDate("dmy", "12/03/2021", 0)).toBe(true);
    expect(mayStartNumericDate("dmy", "500 mg", 0)).toBe(false);
    expect(mayStartNumericDate("ymd", "2021-03-12", 0)).toBe(true);
  });

  it("finds a regex's matches after its leading lookbehind exactly where its whole-text scan does", () => {
    const astral = /(?<![\p{L}])(?:\u{1D400}b|ab|b)(\d?)/gu;
    // A match may start inside a longer one whose lookbehind failed ("a--b" after a letter, then "-b").
    const inner = /(?<![\p{L}])(?:a[ .-]{1,3}b|[ .-]b)/gu;
    const regexes = [AGE_WHEN, AGE_COPULA, AGE_BIRTHDAY, POSSESSIVE_ORDINAL, SHIFT_SIGNATURE, astral, inner, /(?<=[\p{N}])(?:ste|e)\b/giu];
    const matches = (re: RegExp, t: string, each: typeof eachGlobalMatch) => {
      const out: [number, string][] = [];
      each(re, t, (m) => out.push([m.index, m[0]]));
      return out;
    };
    // The lookbehind fails right before an astral letter: the scan goes on after the whole pair (the u flag moves a
    // position inside a pair back to its start, so one unit on would try the same match again forever).
    for (const t of ["x\u{1D400}b x\u{1D400}b \u{1D400}b1", "xa--b a.b -b"]) {
      for (const re of [astral, inner]) {
        const scan = lookbehindScan(re);
        expect(matches(re, t, (_r, text, visit) => eachLookbehindMatch(scan, text, visit))).toEqual(matches(re, t, eachGlobalMatch));
      }
    }
    expect(matches(inner, "xa--b", eachGlobalMatch)).toEqual([[3, "-b"]]);
    const piece = fc.oneof(
      fc.constantFrom("toen", "als", "hij", "zij", "ze", "ik", "is", "was", "werd", "patiënte", "Mevrouw", "de heer", "dhr.", "mw.",
        "il", "elle", "a", "avait", "zijn", "haar", "z'n", "12", "7", "101", "3e", "90ste", "ème", "verjaardag", "anniversaire",
        "levensjaar", "en", "et", " ", "  ", "\n", ",", ".", ";", ")", "x", "é", "ſ", "\u{1D400}", "\u{1D41A}", "\uD835", "ab", "b"),
      fc.string({ maxLength: 3 }),
    );
    const text = fc.oneof(fc.array(piece, { maxLength: 30 }).map((xs) => xs.join("")), fc.array(piece, { maxLength: 30 }).map((xs) => xs.join(" ")));
    const scans = regexes.map((re) => [re, lookbehindScan(re)] as const);
    fc.assert(fc.property(text, (t) => {
      for (const [re, scan] of scans) {
        const want: [number, string, string | undefined][] = [];
        const got: [number, string, string | undefined][] = [];
        eachGlobalMatch(re, t, (m) => want.push([m.index, m[0], m[1]]));
        eachLookbehindMatch(scan, t, (m) => got.push([m.index, m[0], m[1]]));
        expect(got).toEqual(want);
      }
    }), { numRuns: 4000 });
  });

  it("finds the signed initials through their two alternatives exactly where the whole-text scan does", () => {
    const piece = fc.oneof(
      fc.constantFrom(" – ", " - ", "\t—\t", "-", "–", "Réf.", "ref", "Kenmerk:", "kenmerk", "Paraaf :", "xRef", "éRef", " ", "\t", "\n", "\r\n",
        "MD", "HI", "ABC", "ABCD", "/jv", "/mk", "/x", ".", ")", "Jan", "a", "\u{1D400}", "ORL"),
      fc.string({ maxLength: 2 }),
    );
    // Whole signatures of both kinds, so that texts hold matches of both alternatives.
    const signature = fc.tuple(fc.constantFrom(" – ", "\t- ", "Réf. ", "Kenmerk: ", "xRef "), fc.constantFrom("MD", "HI/jv", "ORL", "AB/x"),
      fc.constantFrom("\n", ".", ")", " – ", "", " x")).map((xs) => xs.join(""));
    fc.assert(fc.property(fc.array(fc.oneof(piece, signature), { maxLength: 16 }).map((xs) => xs.join("")), (t) => {
      const want: [number, string, string | undefined][] = [];
      const got: [number, string, string | undefined][] = [];
      eachGlobalMatch(SIGNED_INITIALS, t, (m) => want.push([m.index, m[0], m[2]]));
      eachAlternativeMatch(SIGNED_INITIALS_SCANS, t, (m) => got.push([m.index, m[0], m[2]]));
      expect(got).toEqual(want);
    }), { numRuns: 4000 });
  });

  it("tries an identification strip only on a line that holds its sex letter between separators", () => {
    const strip = fc.tuple(fc.constantFrom("", " ", "* ", "\t"), fc.constantFrom("MERTENS, Sabine", "Peeters Jan", "DE SMET Karel", "Ödön", "Jan"),
      fc.constantFrom("  ", "\t", " / ", "/", " | ", ",", " – ", "-", " ", ""), fc.constantFrom("V", "(M)", "F", "X", "M)", "(F", "v", "W"),
      fc.constantFrom("  ", "\t", " / ", "/", " - ", "–", " ", ""), fc.constantFrom("°", "geb. ", "(", "°(", "", "x"), fc.constantFrom("21/06/1979", "1950", "x"))
      .map((xs) => xs.join(""));
    fc.assert(fc.property(fc.oneof(strip, fc.string({ maxLength: 30 })), (line) => {
      if (STRIP.test(line)) expect(STRIP_SEX_LETTER.test(line)).toBe(true);
    }), { numRuns: 4000 });
    expect(STRIP.test("MERTENS, Sabine  V  21/06/1979")).toBe(true);
  });

  it("refuses a lookbehind split that would change the matches", () => {
    expect(() => lookbehindScan(/(?<![a-z])ab|cd/g)).toThrow();
    expect(() => lookbehindScan(/(?<!(x))ab/g)).toThrow();
    expect(() => lookbehindScan(/ab(?<!x)/g)).toThrow();
    expect(() => lookbehindScan(/(?<!x)ab/)).toThrow();
    expect(lookbehindScan(/(?<![)|])a(?:b|c)/g).rest.source).toBe("a(?:b|c)");
  });

  it("starts every number-word match within the cue's reach", () => {
    expect(longestMatchLength("(?:ab|c)?d{2}[xy]\\s")).toBe(6);
    expect(longestMatchLength(NUMBER_WORD_FORMS.number) + 2).toBeLessThanOrEqual(NUMBER_WORD_REACH);
    expect(longestMatchLength(NUMBER_WORD_FORMS.dutchNumber) + 1).toBeLessThanOrEqual(NUMBER_WORD_REACH);
    expect(longestMatchLength(NUMBER_WORD_FORMS.day) + 1).toBeLessThanOrEqual(NUMBER_WORD_REACH);
    expect(longestMatchLength(NUMBER_WORD_FORMS.number)).toBeGreaterThanOrEqual("cent quatre-vingt-dix-sept".length);
  });

  it("finds the number-word matches near their cues exactly where the whole-text scans do", () => {
    const piece = fc.oneof(fc.constantFrom(...NUMBER_WORD_PIECES), fc.string({ maxLength: 3 }));
    const text = fc.array(piece, { maxLength: 40 }).map((xs) => xs.join(""));
    const spaced = fc.array(piece, { maxLength: 30 }).map((xs) => xs.join(" "));
    fc.assert(fc.property(fc.oneof(text, spaced), (t) => {
      for (const { global, anchored } of Object.values(NUMBER_WORD_SCANS)) {
        const want: [number, string][] = [];
        const got: [number, string][] = [];
        eachGlobalMatch(global, t, (m) => want.push([m.index, m[0]]));
        eachAnchoredMatch(anchored, t, (m) => got.push([m.index, m[0]]));
        expect(got).toEqual(want);
      }
      expect(numberWordCandidates(t, true, true)).toEqual(numberWordCandidatesByGlobalScans(t, true, true));
    }), { numRuns: 4000 });
  });

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

  it("gives a repeated word's token the text, key and shape a fresh one gets, whatever the recent-word table holds", () => {
    /** Every field of a token from its own slice, without the tokenizer's table. */
    const fresh = (t: string, token: Token) => {
      const text = t.slice(token.start, token.end);
      if (token.kind === "punct") return { text, key: text, kind: "punct", title: false, upper: false, letters: false, firstUpper: false };
      const units = [...Array(text.length).keys()].map((k) => text.charAt(k));
      const upper = units.map((ch) => ch !== ch.toLowerCase());
      const lower = units.map((ch) => ch !== ch.toUpperCase());
      const letters = units.some((_, k) => upper[k] || lower[k]);
      const anyUpper = upper.some(Boolean);
      const anyLower = lower.some(Boolean);
      return {
        text, key: foldKey(text), kind: /^[0-9]+$/.test(text) ? "number" : "word",
        title: letters && upper[0] && anyLower, upper: letters && anyUpper && !anyLower, letters, firstUpper: letters && upper[0],
      };
    };
    const fields = (token: Token) => ({ text: token.text, key: token.key, kind: token.kind, title: token.title, upper: token.upper, letters: token.letters, firstUpper: token.firstUpper });
    // Few letters, so words repeat across texts; thousands of distinct words, so slots are taken over.
    const unit = fc.constantFrom("a", "b", "Z", "É", "é", "e\u0301", "ß", "İ", "1", "0", " ", " ", "-", ".", "\n");
    const text = fc.string({ unit, maxLength: 60 });
    const filler = Array.from({ length: 12000 }, (_, k) => `Wq${k.toString(36)}`).join(" ");
    fc.assert(fc.property(fc.array(text, { minLength: 1, maxLength: 6 }), (texts) => {
      const first = texts.map((t) => tokenize(t).map(fields));
      tokenize(filler);
      texts.forEach((t, k) => {
        const again = tokenize(t);
        expect(again.map(fields)).toEqual(first[k]);
        for (const token of again) expect(fields(token)).toEqual(fresh(t, token));
      });
    }), { numRuns: 300 });
  });

  it("hashes a key of several words from its words' hashes as hashKey hashes the joined key", () => {
    fc.assert(fc.property(fc.array(fc.string({ maxLength: 12 }), { minLength: 1, maxLength: 6 }), (words) => {
      let hash = hashOn(HASH_SEED, words[0]);
      for (const w of words.slice(1)) hash = hashOn(hashOn(hash, " "), w);
      expect(hash >>> 0).toBe(hashKey(words.join(" ")));
    }), { numRuns: 2000 });
  });

  it("gives every token the index's bits through the per-word cache, also when words share its slots", () => {
    // Far more distinct words than the cache has slots, repeated, so slots are taken over and hit again.
    const words = jobs.slice(0, 400).concat(["de", "het", "patiënt", "Peeters", "Jan", "Gent", "xqzv", "mg", "bakker"]);
    // Phrases and hyphenated units too ("Sint-Niklaas"), whose keys of several words go through the phrase cache.
    const phrases: string[] = [];
    for (const [key, bits] of lexicon.phrases.entries()) if (key.includes(" ") && bits & ~LIST.continues && phrases.length < 300) phrases.push(key);
    const word = fc.oneof(fc.constantFrom(...words), fc.constantFrom(...phrases), fc.constantFrom(...phrases).map((p) => p.replaceAll(" ", "-")));
    const text = fc.array(word, { minLength: 1, maxLength: 60 }).map((xs) => xs.join(" "));
    fc.assert(fc.property(fc.array(text, { minLength: 1, maxLength: 5 }), (texts) => {
      for (const t of texts) {
        const a = analyse(t, lexicon);
        for (const token of a.tokens) {
          if (token.kind === "punct") continue;
          expect(a.tokenBits[token.index]).toBe((lexicon.phrases.get(token.key) ?? 0) & ~LIST.continues);
        }
        for (const unit of a.units) expect(a.unitListBits[unit.index]).toBe((lexicon.phrases.get(unit.key) ?? 0) & ~LIST.continues);
        // Every phrase match, from the index without the cache: each run of words whose key is listed.
        for (let i = 0; i < a.tokens.length; i++) {
          for (const m of matchesAt(a, i)) {
            const key = a.tokens.slice(m.first, m.last + 1).filter((x) => x.kind !== "punct").map((x) => x.key).join(" ");
            expect(m.bits).toBe((lexicon.phrases.get(key) ?? 0) & ~LIST.continues);
          }
        }
      }
    }), { numRuns: 300 });
  });
});
