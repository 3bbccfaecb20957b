// The ordinary-word dictionaries (Bloom filters over the Debian word lists): no ordinary word is ever missed, few
// non-words are taken for words, the cache file reads back the same filter, and the shipped lists answer as the
// shape rules need ("pneumonie" is a word, "okonkwo" is none).
import fc from "fast-check";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { RULES_DATA_DIR } from "./index.js";
import { buildWordFilter, GENERAL_DICTIONARY_FILES, loadWordFilter, MEDICAL_DICTIONARY_FILES, readOrBuildWordFilter } from "./lib/dictionary.js";
import { phraseKey } from "./lib/lexicon.js";

const word = fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzéèëï"), minLength: 2, maxLength: 14 });

describe("WordFilter", () => {
  it("finds every word it was built from (no false negatives)", () => {
    fc.assert(
      fc.property(fc.uniqueArray(word, { minLength: 1, maxLength: 400 }), (words) => {
        const filter = buildWordFilter(words);
        expect(words.every((w) => filter.has(w))).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it("takes well under 1% of other strings for words", () => {
    const words = Array.from({ length: 20000 }, (_, i) => `w${i.toString(36)}x`);
    const filter = buildWordFilter(words);
    let falsePositives = 0;
    const probes = 20000;
    for (let i = 0; i < probes; i++) if (filter.has(`q${i.toString(36)}z`)) falsePositives++;
    expect(falsePositives / probes).toBeLessThan(0.01);
  });
});

describe("shipped dictionaries", () => {
  const cacheDir = mkdtempSync(join(tmpdir(), "rules-nl-be-dict-"));
  afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

  it("know ordinary Dutch, French, English and medical words and no names of other origins", () => {
    const general = loadWordFilter(RULES_DATA_DIR, GENERAL_DICTIONARY_FILES, null);
    const medical = loadWordFilter(RULES_DATA_DIR, MEDICAL_DICTIONARY_FILES, null);
    for (const w of ["pneumonie", "controle", "ziekenhuis", "bronchite", "follow", "weather"]) expect(general.has(phraseKey(w)), w).toBe(true);
    for (const w of ["okonkwo", "ndlovu", "oluwadamilare", "przybylski", "kowalczyk"]) expect(general.has(phraseKey(w)), w).toBe(false);
    expect(medical.has(phraseKey("metoprolol"))).toBe(true);
  });

  it("writes a cache file once and reads the same filter back from it", () => {
    const built = readOrBuildWordFilter(RULES_DATA_DIR, MEDICAL_DICTIONARY_FILES, cacheDir);
    const files = readdirSync(cacheDir);
    expect(files.filter((f) => f.startsWith("dictionary-") && f.endsWith(".bin"))).toHaveLength(1);
    expect(files.filter((f) => f.endsWith(".tmp"))).toHaveLength(0);
    const cached = readOrBuildWordFilter(RULES_DATA_DIR, MEDICAL_DICTIONARY_FILES, cacheDir);
    expect(cached).not.toBe(built);
    expect(Buffer.from(cached.bits.buffer).equals(Buffer.from(built.bits.buffer))).toBe(true);
  });

  it("still answers when the cache folder cannot be written, leaving no temporary file", () => {
    const blocked = join(cacheDir, "file-not-folder");
    writeFileSync(blocked, "x");
    const filter = readOrBuildWordFilter(RULES_DATA_DIR, MEDICAL_DICTIONARY_FILES, join(blocked, "sub"));
    expect(filter.has(phraseKey("metoprolol"))).toBe(true);
    expect(readdirSync(cacheDir).filter((f) => f.endsWith(".tmp"))).toHaveLength(0);
  });
});
