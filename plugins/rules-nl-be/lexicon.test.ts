// Lookup lists: exceptions subtracted, spelling variants generated, derived aliases, the compact phrase index and
// its cache file.
import fc from "fast-check";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../src/detectors/index.js";
import { loadRulesLexicon } from "./index.js";
import { LIST, parseLexiconCache, phraseKey, serializeLexiconCache, type Lexicon } from "./lib/lexicon.js";
import { applyTransforms, loadListFolder } from "./lib/lists.js";
import { PhraseIndex } from "./lib/phrase-index.js";

describe("applyTransforms", () => {
  it("replaces every occurrence and lets the variants of one group feed the next", () => {
    const spec = {
      transforms: {
        prefix: { "\\bSint\\b": ["Sint", "St."] },
        punct: { "-": ["-", " "] },
      },
    };
    expect(applyTransforms(["Sint-Jan", "Kerkstraat"], spec).sort()).toEqual(
      ["Kerkstraat", "Sint Jan", "Sint-Jan", "St. Jan", "St.-Jan"].sort(),
    );
  });

  it("applies each pattern of a group on its own, not in combination", () => {
    const spec = { transforms: { g: { a: ["a", "A"], b: ["b", "B"] } } };
    expect(applyTransforms(["ab"], spec).sort()).toEqual(["Ab", "aB", "ab"].sort());
  });

  it("collapses variants with the same dedupe key and drops empty variants", () => {
    const spec = { transforms: { g: { "^het ": ["het ", "Het ", ""] } } };
    expect(applyTransforms(["het Hof"], spec, (v) => v.toLowerCase())).toEqual(["het Hof", "Hof"]);
  });
});

describe("loadListFolder", () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), "rules-nl-be-lists-"));
    const dir = join(root, "names", "lst_demo");
    mkdirSync(join(dir, "lst_child"), { recursive: true });
    writeFileSync(join(dir, "items.txt"), "Peeters\nVan\nSint-Jan\n\n");
    writeFileSync(join(dir, "exceptions.txt"), "van\n");
    writeFileSync(join(dir, "transform.json"), JSON.stringify({ transforms: { s: { "\\bSint\\b": ["Sint", "St."] } } }));
    writeFileSync(join(dir, "lst_child", "items.txt"), "Sint-Pieter\nVAN\n");
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("subtracts exceptions case-insensitively and applies the parent's transforms to nested lists", () => {
    const lists = loadListFolder(root, "names/lst_demo", { dedupeKey: phraseKey });
    const byPath = Object.fromEntries(lists.map((l) => [l.path.replace(/\\/g, "/"), l.items.sort()]));
    expect(byPath["names/lst_demo"]).toEqual(["Peeters", "Sint-Jan", "St.-Jan"]);
    expect(byPath["names/lst_demo/lst_child"]).toEqual(["Sint-Pieter", "St.-Pieter"]);
  });

  it("adds derived items before the transforms run", () => {
    const lists = loadListFolder(root, "names/lst_demo", {
      dedupeKey: phraseKey,
      derive: (path, items) => (path.endsWith("lst_demo") ? items.map((i) => `${i} Jr`) : []),
    });
    expect(lists[0].items).toContain("St.-Jan Jr");
  });
});

describe("PhraseIndex", () => {
  it("answers exactly what the map it was built from answers", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 12 }), { maxLength: 200 }),
        fc.array(fc.string({ maxLength: 12 }), { maxLength: 50 }),
        (keys, probes) => {
          const map = new Map(keys.map((k, i) => [k, i * 7 + 1] as const));
          const index = PhraseIndex.fromMap(map);
          expect(index.size).toBe(map.size);
          for (const key of [...keys, ...probes]) expect(index.get(key)).toBe(map.get(key));
          expect(new Map(index.entries())).toEqual(map);
        },
      ),
    );
  });
});

describe("the bundled lexicon", () => {
  let lexicon: Lexicon;
  const bits = (phrase: string): number => lexicon.phrases.get(phraseKey(phrase)) ?? 0;
  beforeAll(() => {
    lexicon = loadRulesLexicon(PROJECT_ROOT);
  });

  it("folds case and diacritics in keys and ignores punctuation", () => {
    expect(phraseKey("Hélène  Van den Bossche-D'Hondt")).toBe("helene van den bossche d hondt");
    expect(bits("HÉLÈNE") & LIST.firstName).toBeTruthy();
  });

  it("subtracts the lists' exceptions", () => {
    expect(bits("Van") & LIST.firstName).toBe(0); // lst_first_name/exceptions.txt
    expect(bits("Broer") & LIST.surname).toBe(0); // lst_surname/exceptions.txt
    expect(bits("Peeters") & LIST.surname).toBeTruthy();
  });

  it("applies the lists' spelling variants", () => {
    expect(bits("Kerkstraat") & LIST.street).toBeTruthy();
    expect(bits("Kerkstr") & LIST.street).toBeTruthy(); // "straat$" → "str"
    expect(bits("ziekte van Parkinson") & LIST.eponym).toBeTruthy();
    expect(bits("Parkinson's ziekte") & LIST.eponym).toBeTruthy(); // " ziekte$" → "'s ziekte"
    expect(bits("Parkinson syndroom") & LIST.eponym).toBeTruthy(); // "ziekte" → "syndroom"
  });

  it("keeps eponyms out of the surname list and derives hospital aliases", () => {
    expect(bits("Parkinson") & LIST.eponym).toBeTruthy();
    expect(bits("Parkinson") & LIST.surname).toBe(0);
    expect(bits("AZ Delta") & LIST.hospital).toBeTruthy();
    expect(bits("Algemeen Ziekenhuis Delta") & LIST.hospital).toBeTruthy();
    expect(bits("Dr. Guislain") & LIST.hospitalAlias).toBeTruthy();
    expect(lexicon.postalLocalities.get("9000")?.has("gent")).toBe(true);
  });

  it("round-trips through its cache file and refuses a cache built from other data", () => {
    const buffer = serializeLexiconCache(lexicon);
    const copy = parseLexiconCache(buffer, lexicon.dataHash);
    expect(copy).toBeDefined();
    expect(copy!.phrases.size).toBe(lexicon.phrases.size);
    expect(copy!.maxPhraseTokens).toBe(lexicon.maxPhraseTokens);
    for (const phrase of ["peeters", "kerkstraat", "az delta", "gent", "dr guislain", "unknownword"]) {
      expect(copy!.phrases.get(phrase)).toBe(lexicon.phrases.get(phrase));
    }
    expect([...copy!.postalLocalities.get("9000")!]).toEqual([...lexicon.postalLocalities.get("9000")!]);
    expect(parseLexiconCache(buffer, "another-hash")).toBeUndefined();
  });
});
