// Ordinary words of Dutch, French and English (the Debian word lists, `tools/build-dictionaries.ts`), asked one
// question: is a capitalised word that no name, place or institution list holds an ordinary word? A name of any
// origin ("Okonkwo", "Tjoa", "Ndlovu") is in no list and no dictionary; "Pneumonie", "Controle", "Follow" are.
//
// The words are kept as Bloom filters (16 bits a word, 7 probes, well under 0.1% false "ordinary": such a name is then
// simply not found by the shape rules; 2 MB for the ~770,000 ordinary words), built once from the gzipped lists and
// cached beside the lexicon index.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { endianness } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { readFileShared } from "../../../src/contract/index.js";

/** Ordinary words: a listed name that is one of them is ambiguous, an unlisted capitalised word is no name. */
export const GENERAL_DICTIONARY_FILES: readonly string[] = ["opentaal/words-nl.txt.gz", "wfrench/words-fr.txt.gz", "scowl/words-en.txt.gz"];
/** Medical words and brands, which also hold some surnames ("janssen"): they only stop an unlisted word. */
export const MEDICAL_DICTIONARY_FILES: readonly string[] = ["hunspell-en-med/words-en-med.txt.gz"];

const FORMAT = "rules-nl-be-dictionary-1";
const PROBES = 7;

function fnv1a(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A second, independent hash (djb2 variant with a final mix) for double hashing. */
function mixHash(key: string): number {
  let h = 5381;
  for (let i = 0; i < key.length; i++) h = (Math.imul(h, 33) ^ key.charCodeAt(i)) | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return (h | 1) >>> 0;
}

export class WordFilter {
  private readonly mask: number;

  constructor(readonly bits: Uint32Array) {
    this.mask = bits.length * 32 - 1;
  }

  /** An empty filter of 2^log2Bits bits (at least 2^5). */
  static empty(log2Bits: number): WordFilter {
    return new WordFilter(new Uint32Array(1 << Math.max(0, log2Bits - 5)));
  }

  add(key: string): void {
    const a = fnv1a(key);
    const b = mixHash(key);
    for (let i = 0; i < PROBES; i++) {
      const bit = (a + Math.imul(i, b)) & this.mask;
      this.bits[bit >>> 5] |= 1 << (bit & 31);
    }
  }

  /** Whether `key` (a folded unit key, as `phraseKey` writes it) is an ordinary word; rarely true for a non-word. */
  has(key: string): boolean {
    const a = fnv1a(key);
    const b = mixHash(key);
    for (let i = 0; i < PROBES; i++) {
      const bit = (a + Math.imul(i, b)) & this.mask;
      if ((this.bits[bit >>> 5] & (1 << (bit & 31))) === 0) return false;
    }
    return true;
  }
}

export function hashDictionaryFiles(dataDir: string, files: readonly string[]): string {
  const hash = createHash("sha256").update(FORMAT).update(endianness());
  for (const file of files) hash.update(file).update("\0").update(readFileSync(join(dataDir, file))).update("\0");
  return hash.digest("hex");
}

function readWords(dataDir: string, files: readonly string[]): string[] {
  const words: string[] = [];
  for (const file of files) {
    const text = gunzipSync(readFileSync(join(dataDir, file))).toString("utf8");
    let from = 0;
    for (let i = text.indexOf("\n"); i >= 0; from = i + 1, i = text.indexOf("\n", from)) {
      if (i > from) words.push(text.slice(from, i));
    }
  }
  return words;
}

/** A filter of at least 16 bits per word (a false "ordinary" for well under 0.1% of other words). */
export function buildWordFilter(words: readonly string[]): WordFilter {
  const filter = WordFilter.empty(Math.ceil(Math.log2(Math.max(32, words.length * 16))));
  for (const word of words) filter.add(word);
  return filter;
}

const loaded = new Map<string, WordFilter>();

/** The word filter of some dictionary files: from memory, else from the cache file, else built (and cached). */
export function loadWordFilter(dataDir: string, files: readonly string[], cacheDir: string | null | undefined): WordFilter {
  const hash = hashDictionaryFiles(dataDir, files);
  let filter = loaded.get(hash);
  if (!filter) {
    filter = readOrBuildWordFilter(dataDir, files, cacheDir, hash);
    loaded.set(hash, filter);
  }
  return filter;
}

/** The word filter from the cache file when one is there, else built from the lists and written to the cache. */
export function readOrBuildWordFilter(
  dataDir: string,
  files: readonly string[],
  cacheDir: string | null | undefined,
  hash = hashDictionaryFiles(dataDir, files),
): WordFilter {
  const cacheFile = cacheDir ? join(cacheDir, `dictionary-${hash.slice(0, 16)}.bin`) : undefined;
  if (cacheFile && existsSync(cacheFile) && statSync(cacheFile).size >= 4) {
    // Shared between the worker threads of a batch run (one copy per process); only ever read.
    const buf = readFileShared(cacheFile);
    const aligned = buf.byteOffset % 4 === 0 && buf.byteLength % 4 === 0;
    const bits = aligned ? new Uint32Array(buf.buffer, buf.byteOffset, buf.byteLength / 4) : new Uint32Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength));
    // A power of two of 32-bit words, as written; anything else is rebuilt.
    if ((bits.length & (bits.length - 1)) === 0) return new WordFilter(bits);
  }
  const filter = buildWordFilter(readWords(dataDir, files));
  if (cacheFile && cacheDir) {
    const temp = `${cacheFile}.${process.pid}.tmp`;
    try {
      mkdirSync(cacheDir, { recursive: true });
      writeFileSync(temp, Buffer.from(filter.bits.buffer, filter.bits.byteOffset, filter.bits.byteLength));
      renameSync(temp, cacheFile);
    } catch {
      // A read-only checkout still works: the filter stays in memory, and no temporary file is left behind.
      try {
        rmSync(temp, { force: true });
      } catch {
        // No folder, so no temporary file either.
      }
    }
  }
  return filter;
}
