// findWordSequences (src/healing/cache.ts) is the regex-free form of findWordBounded over word sequences: on
// random folded texts it must give exactly the matches the regex gives, in the same order, for every separator
// kind, alternations of several sequences, the optional trailing period, and the sequences it hands back to the
// regex (a word that starts with a separator unit).
import { describe, expect, it } from "vitest";
import {
  findWordBounded,
  findWordSequences,
  wordSequenceSource,
  type WordSeparator,
  type WordSequence,
} from "../../src/healing/cache.js";
import { Prng } from "../../src/synth/index.js";

// The project's seeded generator (src/synth/prng.ts), so a failure can be replayed.
function rng(seed: number): () => number {
  const prng = new Prng(seed);
  return () => prng.next();
}

const WORDS = ["an", "a", "jan", "ja", "n", "de", "van", "é", "ël", "12", "1", "x.y", "o'b", "ß"];
const UNITS = [" ", "  ", "\u00a0", "\n", "-", ",", ".", "/", "(", ")", "x", "9", "é", "\u0430", "\u2009", "'", ""];
const SEPARATORS: WordSeparator[] = ["spaces", "spaces-or-hyphens", "comma", "punctuation"];
const SEPARATOR_TEXT: Record<WordSeparator, string[]> = {
  spaces: [" ", "\n ", "\u00a0", ""],
  "spaces-or-hyphens": ["-", " - ", " ", ""],
  comma: [",", " , ", ",\n", " "],
  punctuation: ["", ".", " / ", "(", "-"],
};

function randomSequence(r: () => number, words = WORDS): WordSequence {
  const n = 1 + Math.floor(r() * 3);
  const ws = Array.from({ length: n }, () => words[Math.floor(r() * words.length)]);
  const separators = ws.slice(1).map(() => SEPARATORS[Math.floor(r() * SEPARATORS.length)]);
  return { words: ws, separators, optionalDot: r() < 0.2 };
}

/** A text that holds the sequences now and then, written with varied separators, among random units. */
function randomText(r: () => number, seqs: readonly WordSequence[]): string {
  let t = "";
  for (let k = 0; k < 40; k++) {
    if (r() < 0.3) {
      const s = seqs[Math.floor(r() * seqs.length)];
      t += s.words.map((w, i) => (i === 0 ? w : SEPARATOR_TEXT[s.separators[i - 1]][Math.floor(r() * 4)] + w)).join("");
      if (r() < 0.3) t += ".";
    } else t += UNITS[Math.floor(r() * UNITS.length)] + (r() < 0.3 ? WORDS[Math.floor(r() * WORDS.length)] : "");
  }
  return t;
}

describe("findWordSequences", () => {
  it("finds what findWordBounded finds with the sequences' regex sources, on random texts", () => {
    const r = rng(14);
    let matches = 0;
    for (let trial = 0; trial < 3000; trial++) {
      const seqs = Array.from({ length: 1 + Math.floor(r() * 3) }, () => randomSequence(r));
      const text = randomText(r, seqs);
      const expected = findWordBounded(text, seqs.map(wordSequenceSource).join("|"));
      expect(findWordSequences(text, seqs), `trial ${trial}`).toEqual(expected);
      matches += expected.length;
    }
    expect(matches).toBeGreaterThan(1000);
  });

  it("hands sequences a word scan cannot follow to the regex (a word starting with a separator unit)", () => {
    const seqs: WordSequence[] = [{ words: ["jan", "-x"], separators: ["spaces-or-hyphens"] }];
    for (const text of ["jan--x", "jan -x", "jan-x", "a jan - -x b"]) {
      expect(findWordSequences(text, seqs)).toEqual(findWordBounded(text, seqs.map(wordSequenceSource).join("|")));
    }
    expect(findWordSequences("jan--x", seqs)).toEqual([{ start: 0, end: 6 }]);
  });

  it("keeps the regex's order among alternatives and its period rule", () => {
    const seqs: WordSequence[] = [
      { words: ["jan"], separators: [] },
      { words: ["jan", "de"], separators: ["spaces"] },
    ];
    // The first alternative that matches wins, as in (?:jan|jan\s+de).
    expect(findWordSequences("jan de", seqs)).toEqual([{ start: 0, end: 3 }]);
    expect(findWordSequences("j. x", [{ words: ["j"], separators: [], optionalDot: true }])).toEqual([
      { start: 0, end: 2 },
    ]);
    expect(findWordSequences("j.x", [{ words: ["j"], separators: [], optionalDot: true }])).toEqual([
      { start: 0, end: 1 },
    ]);
    expect(findWordSequences("xj j", [{ words: ["j"], separators: [] }])).toEqual([{ start: 3, end: 4 }]);
  });
});
