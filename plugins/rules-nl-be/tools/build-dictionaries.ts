// Derives the ordinary-word dictionaries of rules-nl-be from the Debian word lists: every word the list writes in
// lower case (a capitalised entry is a proper name), folded as the rules fold a unit, sorted, one a line, gzipped;
// from the medical dictionary every entry, brand names included ("Symbicort", "Turbuhaler": no person).
// The rules ask them one question only: is this capitalised word that no name, place or institution list holds an
// ordinary Dutch, French or English word? (`lib/dictionary.ts`).
//
//   apt-get install -y wdutch wfrench wamerican wbritish
//   node --import tsx plugins/rules-nl-be/tools/build-dictionaries.ts
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { phraseKey } from "../lib/lexicon.js";

const DATA = join(dirname(fileURLToPath(import.meta.url)), "..", "data");

const SOURCES: { out: string; lists: string[]; copyright: [string, string]; keepCapitalised?: boolean }[] = [
  { out: "opentaal/words-nl.txt.gz", lists: ["/usr/share/dict/dutch"], copyright: ["/usr/share/doc/wdutch/copyright", "opentaal/COPYRIGHT-wdutch.txt"] },
  { out: "wfrench/words-fr.txt.gz", lists: ["/usr/share/dict/french"], copyright: ["/usr/share/doc/wfrench/copyright", "wfrench/COPYRIGHT-wfrench.txt"] },
  {
    out: "scowl/words-en.txt.gz",
    lists: ["/usr/share/dict/american-english", "/usr/share/dict/british-english"],
    copyright: ["/usr/share/doc/wamerican/copyright", "scowl/COPYRIGHT-wamerican.txt"],
  },
  {
    out: "hunspell-en-med/words-en-med.txt.gz",
    lists: ["/usr/share/hunspell/en_med_glut.dic"],
    copyright: ["/usr/share/doc/hunspell-en-med/copyright", "hunspell-en-med/COPYRIGHT-hunspell-en-med.txt"],
    keepCapitalised: true,
  },
];

const UPPER = /\p{Lu}/u;

for (const source of SOURCES) {
  const words = new Set<string>();
  for (const list of source.lists) {
    // A hunspell .dic file: a count, then "word/FLAGS" lines (the flags name affixes, not words).
    const hunspell = list.endsWith(".dic");
    for (const raw of readFileSync(list, "utf8").split("\n")) {
      const word = (hunspell ? raw.split("/")[0] : raw).trim();
      if (hunspell && (raw.startsWith(" ") || /^\d+$/.test(word))) continue;
      if (word.length < 2 || (UPPER.test(word) && !source.keepCapitalised)) continue;
      const key = phraseKey(word);
      if (key.length >= 2) words.add(key);
    }
  }
  const sorted = [...words].sort();
  const target = join(DATA, source.out);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, gzipSync(Buffer.from(sorted.join("\n") + "\n", "utf8"), { level: 9 }));
  copyFileSync(source.copyright[0], join(DATA, source.copyright[1]));
  console.log(`${source.out}: ${sorted.length} words`);
}
