// The lexicon: every lookup list folded into one phrase index (phrase key → bit set of lists), so that one walk
// over the tokens finds the matches of all lists at once. Built from the data folder on first use and cached
// under `.cache/rules-nl-be/` keyed by a hash of the data files and of the builder version.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { endianness } from "node:os";
import { readFileShared } from "../../../src/contract/index.js";
import { GENERAL_DICTIONARY_FILES, MEDICAL_DICTIONARY_FILES, loadWordFilter, type WordFilter } from "./dictionary.js";
import { loadListFolder, readLines, type LoadedList } from "./lists.js";
import { foldKey } from "./normalize.js";
import { PhraseIndex } from "./phrase-index.js";

/** One bit per list. */
export const LIST = {
  firstName: 1 << 0,
  surname: 1 << 1,
  interfix: 1 << 2,
  interfixSurname: 1 << 3,
  title: 1 << 4,
  street: 1 << 5,
  municipality: 1 << 6,
  postalLocality: 1 << 7,
  residence: 1 << 8,
  province: 1 << 9,
  region: 1 << 10,
  country: 1 << 11,
  hospital: 1 << 12,
  hospitalAbbr: 1 << 13,
  /** Names that denote a hospital only where an institution context says so ("in Dr. Guislain"). */
  hospitalAlias: 1 << 14,
  institution: 1 << 15,
  stopWord: 1 << 16,
  commonWord: 1 << 17,
  medicalTerm: 1 << 18,
  eponym: 1 << 19,
  extraWhitelist: 1 << 20,
  profession: 1 << 21,
  employmentState: 1 << 22,
  /** Hospital abbreviations that need a name after them ("AZ", "UZ", "CHU"). */
  hospitalPrefix: 1 << 23,
  /** Also an ordinary lower-case Dutch word (OpenTaal): at a sentence start it needs a cue to be a name or place. */
  dutchWord: 1 << 24,
  /** A given name common in the Netherlands, Belgium and France: a name even at a sentence start. */
  commonFirstName: 1 << 25,
  /** Also an ordinary lower-case French word (wfrench): at a sentence start it needs a cue to be a name. */
  frenchWord: 1 << 26,
  /** Frequent surnames that are also ordinary Dutch or French words ("Bakker", "Mulder", "Kroon"). */
  commonSurname: 1 << 27,
  /** Employers, chains and public bodies of Belgium and the Netherlands, written in any case ("colruyt", "bpost"). */
  employer: 1 << 28,
  /** Set on every proper prefix of a longer phrase: keep walking. */
  continues: 1 << 30,
} as const;

export const PLACE_BITS = LIST.municipality | LIST.postalLocality | LIST.residence | LIST.province | LIST.region | LIST.country;
export const WHITELIST_BITS = LIST.stopWord | LIST.commonWord | LIST.medicalTerm | LIST.eponym | LIST.extraWhitelist;
export const NAME_BITS = LIST.firstName | LIST.surname | LIST.interfixSurname;

/** Bumped whenever the way lists become phrases changes, so stale caches are rebuilt. */
const BUILDER_VERSION = "rules-nl-be-lexicon-8";
const MAX_PHRASE_TOKENS = 14;

export interface Lexicon {
  /** Folded phrase key (word keys joined by one space) → bits of the lists holding it. */
  readonly phrases: PhraseIndex;
  /** Belgian postal code → folded phrase keys of its localities. */
  readonly postalLocalities: Map<string, Set<string>>;
  readonly maxPhraseTokens: number;
  /** Hash of the data files and builder version. */
  readonly dataHash: string;
  /** Ordinary Dutch, French and English words (absent: every unlisted word counts as ordinary). */
  readonly words?: WordFilter;
  /** Medical words and brands (English medical dictionary). */
  readonly medicalWords?: WordFilter;
}

const NON_WORD_RUNS = /[^\p{L}\p{N}]+/gu;
const ASCII_WORD_ONLY = /^[a-z0-9]+(?: [a-z0-9]+)*$/;

/** The key a phrase gets in the index: folded word pieces joined by single spaces; punctuation is ignored. */
export function phraseKey(value: string): string {
  const folded = foldKey(value);
  if (ASCII_WORD_ONLY.test(folded)) return folded;
  return folded.replace(NON_WORD_RUNS, " ").trim();
}

interface ListSource {
  root: string;
  path: string;
  /** Bit per loaded (sub)list path suffix. */
  bits: Record<string, number>;
}

const DEDUCE_SOURCES: ListSource[] = [
  { root: "belgian-deduce", path: "names/lst_first_name", bits: { lst_first_name: LIST.firstName } },
  { root: "belgian-deduce", path: "names/lst_surname", bits: { lst_surname: LIST.surname } },
  { root: "belgian-deduce", path: "names/lst_interfix", bits: { lst_interfix: LIST.interfix } },
  { root: "belgian-deduce", path: "names/lst_interfix_surname", bits: { lst_interfix_surname: LIST.interfixSurname } },
  { root: "belgian-deduce", path: "names/lst_prefix", bits: { lst_prefix: LIST.title } },
  { root: "belgian-deduce", path: "locations/lst_street", bits: { lst_street: LIST.street } },
  {
    root: "belgian-deduce",
    path: "locations/lst_placename",
    bits: {
      lst_municipality: LIST.municipality,
      lst_postal_locality: LIST.postalLocality,
      lst_province: LIST.province,
      lst_region: LIST.region,
      lst_residence: LIST.residence,
    },
  },
  { root: "belgian-deduce", path: "institutions/lst_hospital", bits: { lst_hospital: LIST.hospital } },
  { root: "belgian-deduce", path: "institutions/lst_hospital_abbr", bits: { lst_hospital_abbr: LIST.hospitalAbbr } },
  { root: "belgian-deduce", path: "institutions/lst_healthcare_institution", bits: { lst_healthcare_institution: LIST.institution } },
  { root: "belgian-deduce", path: "whitelist/lst_stop_word", bits: { lst_stop_word: LIST.stopWord } },
  { root: "belgian-deduce", path: "whitelist/lst_common_word", bits: { lst_common_word: LIST.commonWord } },
  { root: "belgian-deduce", path: "whitelist/lst_medical_term", bits: { lst_medical_term: LIST.medicalTerm } },
  {
    root: "belgian-deduce",
    path: "whitelist/lst_eponymous_disease",
    bits: { lst_eponymous_disease: LIST.eponym, lst_eponymous_single: LIST.eponym },
  },
  { root: "deduce-nl", path: "names/lst_first_name", bits: { lst_first_name: LIST.firstName } },
  { root: "deduce-nl", path: "names/lst_surname", bits: { lst_surname: LIST.surname } },
  { root: "deduce-nl", path: "institutions/lst_hospital", bits: { lst_hospital: LIST.hospital } },
  {
    root: "deduce-nl",
    path: "locations/lst_placename",
    bits: { lst_municipality: LIST.municipality, lst_province: LIST.province, lst_region: LIST.region },
  },
  { root: "deduce-nl", path: "institutions/lst_hospital_abbr", bits: { lst_hospital_abbr: LIST.hospitalAbbr } },
];

/** Lists written for this detector (one value a line, `#` comments). */
const CURATED_SOURCES: { file: string; bit: number }[] = [
  { file: "curated/professions-nl.txt", bit: LIST.profession },
  { file: "curated/professions-fr.txt", bit: LIST.profession },
  { file: "curated/professions-en.txt", bit: LIST.profession },
  { file: "curated/employment-states.txt", bit: LIST.employmentState },
  { file: "curated/countries.txt", bit: LIST.country },
  { file: "faker/countries.txt", bit: LIST.country },
  { file: "curated/hospital-names.txt", bit: LIST.hospital },
  { file: "curated/hospital-prefixes.txt", bit: LIST.hospitalPrefix },
  { file: "curated/whitelist-extra.txt", bit: LIST.extraWhitelist },
  { file: "curated/eponyms-extra.txt", bit: LIST.eponym },
  { file: "curated/places-extra.txt", bit: LIST.region },
  { file: "curated/places-world.txt", bit: LIST.region },
  { file: "opentaal/lowercase-words.txt", bit: LIST.dutchWord },
  { file: "wfrench/lowercase-words.txt", bit: LIST.frenchWord },
  { file: "faker/first-names.txt", bit: LIST.commonFirstName },
  { file: "curated/first-names-words.txt", bit: LIST.commonFirstName },
  { file: "curated/surnames-words.txt", bit: LIST.commonSurname },
  { file: "curated/employers.txt", bit: LIST.employer },
];

const HOSPITAL_TYPE_ABBREVIATIONS: [RegExp, string][] = [
  [/^Algemeen Ziekenhuis\b/i, "AZ"],
  [/^Universitair Ziekenhuis\b/i, "UZ"],
  [/^Psychiatrisch Centrum\b/i, "PC"],
  [/^Psychiatrisch Ziekenhuis\b/i, "PZ"],
  [/^Algemeen Stedelijk Ziekenhuis\b/i, "ASZ"],
  [/^Centre Hospitalier Universitaire?\b/i, "CHU"],
  [/^Centre Hospitalier R[ée]gional\b/i, "CHR"],
  [/^Centre Hospitalier\b/i, "CH"],
  [/^Cliniques? Universitaires?\b/i, "CU"],
];

/** Institution names are often cited by their first " - " segment and by the usual type abbreviation. */
function institutionAliases(items: readonly string[], withTypeAbbreviations: boolean): string[] {
  const aliases: string[] = [];
  for (const item of items) {
    const segments = item.split(/\s+[-–]\s+/);
    for (let n = 1; n < segments.length; n++) aliases.push(segments.slice(0, n).join(" - "));
    if (!withTypeAbbreviations) continue;
    for (const [pattern, abbreviation] of HOSPITAL_TYPE_ABBREVIATIONS) {
      if (pattern.test(segments[0])) aliases.push(segments[0].replace(pattern, abbreviation));
    }
  }
  return aliases;
}

const EPONYM_NAME = /^(?:ziekte van |syndroom van )?(.+?)(?: ziekte| syndroom)?$/;

/** "Parkinson ziekte" → "Parkinson" plus the usual Dutch, French and Latin phrasings around the name. */
function eponymPhrases(items: readonly string[]): string[] {
  const phrases: string[] = [];
  for (const item of items) {
    const name = EPONYM_NAME.exec(item)?.[1];
    if (!name || name === item) continue;
    phrases.push(name, `ziekte van ${name}`, `syndroom van ${name}`, `morbus ${name}`, `M. ${name}`);
    phrases.push(`maladie de ${name}`, `syndrome de ${name}`, `${name} disease`);
  }
  return phrases;
}

function deriveItems(path: string, items: string[]): string[] {
  if (path.endsWith("lst_hospital")) return institutionAliases(items, true);
  if (path.endsWith("lst_healthcare_institution")) return institutionAliases(items, false);
  if (path.endsWith("lst_eponymous_single")) return eponymPhrases(items);
  return [];
}

function bitFor(source: ListSource, loaded: LoadedList): number {
  const leaf = loaded.path.split(/[\\/]/).pop() ?? "";
  const bit = source.bits[leaf];
  if (bit === undefined) throw new Error(`rules-nl-be: no list bit for ${source.root}/${loaded.path}`);
  return bit;
}

class PhraseTable {
  readonly phrases = new Map<string, number>();
  maxTokens = 1;

  add(value: string, bit: number): void {
    const key = phraseKey(value);
    if (key.length === 0) return;
    const parts = key.split(" ");
    if (parts.length > MAX_PHRASE_TOKENS) return;
    if (parts.length > this.maxTokens) this.maxTokens = parts.length;
    this.phrases.set(key, (this.phrases.get(key) ?? 0) | bit);
    let prefix = parts[0];
    for (let i = 1; i < parts.length; i++) {
      this.phrases.set(prefix, (this.phrases.get(prefix) ?? 0) | LIST.continues);
      prefix = `${prefix} ${parts[i]}`;
    }
  }

  /** Removes one list's bit from a key (for single names that are really eponyms or common words). */
  clear(value: string, bit: number): void {
    const key = phraseKey(value);
    const bits = this.phrases.get(key);
    if (bits !== undefined) this.phrases.set(key, bits & ~bit);
  }
}

/** "Guislain" from "Campus Dr. Guislain": sites named after people, hospitals only in an institution context. */
function campusAliases(items: readonly string[]): string[] {
  const aliases = new Set<string>();
  for (const item of items) {
    for (const m of item.matchAll(/\bCampus\s+([^-–,(]+?)\s*(?:$|[-–,(])/gi)) {
      // One-word sites ("Campus Gent") are places or first names far more often than hospitals.
      if (phraseKey(m[1]).includes(" ")) aliases.add(m[1]);
    }
  }
  return [...aliases];
}

function loadPostalLocalities(dataDir: string): Map<string, Set<string>> {
  const map = new Map<string, Set<string>>();
  const file = join(dataDir, "belgian-deduce/locations/lst_postal_code_locality/items.txt");
  for (const line of readLines(file)) {
    const [code, locality] = line.split("\t");
    if (!code || !locality) continue;
    const set = map.get(code) ?? new Set<string>();
    set.add(phraseKey(locality.replace(/\s*\(.*\)\s*$/, "")));
    set.add(phraseKey(locality));
    map.set(code, set);
  }
  return map;
}

/** Particles that join the parts of a compound place name ("Barvaux-sur-Ourthe", "Chapelle-lez-Herlaimont"). */
const PLACE_JOINS = new Set(["sur", "sous", "lez", "les", "lès", "au", "aux", "en", "la", "le", "l", "op", "aan", "bij", "ter", "ten", "de", "den", "in"]);
/** First parts that name no place of their own ("Sint-Truiden", "Mont-Saint-Guibert", "Oud-Heverlee"). */
const PLACE_HEADS = new Set(["sint", "saint", "sainte", "st", "ste", "mont", "oud", "oude", "nieuw", "nieuwe", "groot", "grote", "klein", "kleine", "neder", "over", "grand", "petit", "haut", "haute", "bas", "basse", "ville", "pont", "west", "oost", "noord", "zuid"]);

/**
 * Short forms of compound Belgian and Dutch place names, as notes write them: the first part before a joining
 * particle ("Barvaux" for "Barvaux-sur-Ourthe", "Chapelle" for "Chapelle-lez-Herlaimont") and each part of a
 * double name ("Chaumont" and "Gistoux" for "Chaumont-Gistoux"), five letters or more and no head word. They are listed as villages
 * (LIST.residence), so they need what a village needs to count.
 */
function placeShortForms(items: readonly string[]): string[] {
  const out = new Set<string>();
  for (const item of items) {
    const parts = item.split(/[-‐]/);
    if (parts.length < 2 || /\s/.test(item)) continue;
    const lower = parts.map((p) => p.toLowerCase());
    const keep = (p: string): void => {
      if (p.length >= 5 && /^\p{Lu}/u.test(p) && !PLACE_HEADS.has(p.toLowerCase())) out.add(p);
    };
    if (PLACE_JOINS.has(lower[1]) || lower[1].startsWith("l'")) keep(parts[0]);
    else if (parts.length === 2) {
      keep(parts[0]);
      keep(parts[1]);
    }
  }
  return [...out];
}

/** Builds the lexicon from the data folder (no cache). */
export function buildLexicon(dataDir: string, dataHash = hashDataFolder(dataDir)): Lexicon {
  const table = new PhraseTable();
  const dedupeKey = (value: string): string => phraseKey(value);
  const hospitals: string[] = [];
  const places: string[] = [];
  for (const source of DEDUCE_SOURCES) {
    const root = join(dataDir, source.root);
    for (const loaded of loadListFolder(root, source.path, { dedupeKey, derive: deriveItems })) {
      const bit = bitFor(source, loaded);
      for (const item of loaded.items) table.add(item, bit);
      if (bit === LIST.hospital || bit === LIST.institution) hospitals.push(...loaded.items);
      if (bit === LIST.municipality || bit === LIST.postalLocality) places.push(...loaded.items);
    }
  }
  for (const { file, bit } of CURATED_SOURCES) {
    for (const line of readLines(join(dataDir, file))) if (!line.startsWith("#")) table.add(line, bit);
  }
  for (const alias of campusAliases(hospitals)) table.add(alias, LIST.hospitalAlias);
  // Short forms join only where no list holds the word already (a name, a word, a place of its own).
  for (const short of placeShortForms(places)) if (((table.phrases.get(phraseKey(short)) ?? 0) & ~LIST.continues) === 0) table.add(short, LIST.residence);
  removeNamesThatAreWhitelisted(table);
  return {
    phrases: PhraseIndex.fromMap(table.phrases),
    postalLocalities: loadPostalLocalities(dataDir),
    maxPhraseTokens: table.maxTokens,
    dataHash,
  };
}

/**
 * Single eponyms ("Parkinson") must never be names; the name lists hold some of them, so the eponym wins —
 * except for first names that are common as names ("Roger"), which stay names and are protected only inside
 * the disease phrases.
 */
function removeNamesThatAreWhitelisted(table: PhraseTable): void {
  for (const [key, bits] of table.phrases) {
    if (key.includes(" ")) continue;
    if (bits & LIST.eponym && !(bits & LIST.firstName)) table.phrases.set(key, bits & ~(LIST.surname | LIST.interfixSurname));
    if (bits & LIST.eponym && bits & LIST.firstName) table.phrases.set(key, bits & ~LIST.eponym);
  }
}

function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(path));
    else if (/\.(txt|json)$/.test(entry.name)) out.push(path);
  }
  return out.sort();
}

/** SHA-256 over the builder version and every list file (path and content). */
export function hashDataFolder(dataDir: string): string {
  const hash = createHash("sha256").update(BUILDER_VERSION);
  for (const file of listFiles(dataDir)) {
    hash.update(relative(dataDir, file)).update("\0").update(readFileSync(file)).update("\0");
  }
  return hash.digest("hex");
}

const CACHE_FORMAT = "rules-nl-be-cache-5";

interface CacheHeader {
  format: string;
  dataHash: string;
  endianness: string;
  maxPhraseTokens: number;
  entries: number;
  slots: number;
  keyChars: number;
  postal: [string, string[]][];
}

const align4 = (n: number): number => (n + 3) & ~3;

/** Binary cache: [u32 header length][JSON header][pad][offsets][bits][slots][key units, UTF-16 in the byte order of the header]. */
export function serializeLexiconCache(lexicon: Lexicon): Buffer {
  const { phrases } = lexicon;
  const header: CacheHeader = {
    format: CACHE_FORMAT,
    dataHash: lexicon.dataHash,
    endianness: endianness(),
    maxPhraseTokens: lexicon.maxPhraseTokens,
    entries: phrases.size,
    slots: phrases.slots.length,
    keyChars: phrases.keys.length,
    postal: [...lexicon.postalLocalities].map(([code, localities]) => [code, [...localities]]),
  };
  const json = Buffer.from(JSON.stringify(header), "utf8");
  const start = align4(4 + json.length);
  const length = [phrases.offsets, phrases.bits, phrases.slots].reduce((n, a) => n + a.byteLength, start);
  // The key units as they lie in memory: little-endian UTF-16 on a little-endian machine (the header records the
  // byte order, and a cache of the other order is rebuilt).
  const keys = Buffer.from(phrases.keys.buffer, phrases.keys.byteOffset, phrases.keys.byteLength);
  const out = Buffer.alloc(length + keys.length);
  out.writeUInt32LE(json.length, 0);
  json.copy(out, 4);
  let pos = start;
  for (const array of [phrases.offsets, phrases.bits, phrases.slots]) {
    Buffer.from(array.buffer, array.byteOffset, array.byteLength).copy(out, pos);
    pos += array.byteLength;
  }
  keys.copy(out, pos);
  return out;
}

function int32View(buf: Buffer, pos: number, count: number): Int32Array {
  const byteOffset = buf.byteOffset + pos;
  if (byteOffset % 4 === 0) return new Int32Array(buf.buffer, byteOffset, count);
  return new Int32Array(buf.buffer.slice(byteOffset, byteOffset + count * 4));
}

function uint16View(buf: Buffer, pos: number, count: number): Uint16Array {
  const byteOffset = buf.byteOffset + pos;
  if (byteOffset % 2 === 0) return new Uint16Array(buf.buffer, byteOffset, count);
  return new Uint16Array(buf.buffer.slice(byteOffset, byteOffset + count * 2));
}

/** The lexicon in a cache file, or undefined when the file was built from other data or by another builder. */
export function parseLexiconCache(buf: Buffer, dataHash: string): Lexicon | undefined {
  const headerLength = buf.readUInt32LE(0);
  const header = JSON.parse(buf.toString("utf8", 4, 4 + headerLength)) as CacheHeader;
  if (header.format !== CACHE_FORMAT || header.dataHash !== dataHash || header.endianness !== endianness()) return undefined;
  let pos = align4(4 + headerLength);
  const offsets = int32View(buf, pos, header.entries + 1);
  pos += offsets.byteLength;
  const bits = int32View(buf, pos, header.entries);
  pos += bits.byteLength;
  const slots = int32View(buf, pos, header.slots);
  pos += slots.byteLength;
  if (buf.length !== pos + header.keyChars * 2) return undefined;
  const keys = uint16View(buf, pos, header.keyChars);
  const postalLocalities = new Map(header.postal.map(([code, localities]) => [code, new Set(localities)] as const));
  return {
    phrases: new PhraseIndex(keys, offsets, bits, slots),
    postalLocalities,
    maxPhraseTokens: header.maxPhraseTokens,
    dataHash,
  };
}

export interface LexiconOptions {
  dataDir: string;
  /** Folder for the compiled index; undefined or null builds in memory only. */
  cacheDir?: string | null;
}

const loaded = new Map<string, Lexicon>();

/** The lexicon for a data folder: from memory, else from the cache file, else built (and cached). */
export function loadLexicon(options: LexiconOptions): Lexicon {
  const memo = loaded.get(options.dataDir);
  if (memo) return memo;
  const dataHash = hashDataFolder(options.dataDir);
  const cacheFile = options.cacheDir ? join(options.cacheDir, `lexicon-${dataHash.slice(0, 16)}.bin`) : undefined;
  let lexicon: Lexicon | undefined;
  if (cacheFile && existsSync(cacheFile) && statSync(cacheFile).size > 0) {
    try {
      lexicon = parseLexiconCache(readFileShared(cacheFile), dataHash);
    } catch {
      lexicon = undefined; // A damaged cache is rebuilt.
    }
  }
  if (!lexicon) {
    lexicon = buildLexicon(options.dataDir, dataHash);
    if (cacheFile && options.cacheDir && writeCacheAtomically(options.cacheDir, cacheFile, serializeLexiconCache(lexicon))) {
      // The same index read back from the file just written: in a batch run's worker threads that copy is in shared
      // memory, and the workers started later use it instead of building or reading their own.
      lexicon = parseLexiconCache(readFileShared(cacheFile), dataHash) ?? lexicon;
    }
  }
  lexicon = {
    ...lexicon,
    words: loadWordFilter(options.dataDir, GENERAL_DICTIONARY_FILES, options.cacheDir),
    medicalWords: loadWordFilter(options.dataDir, MEDICAL_DICTIONARY_FILES, options.cacheDir),
  };
  loaded.set(options.dataDir, lexicon);
  return lexicon;
}

/** True when the cache file was written. */
function writeCacheAtomically(cacheDir: string, cacheFile: string, content: Buffer): boolean {
  try {
    mkdirSync(cacheDir, { recursive: true });
    const temp = `${cacheFile}.${process.pid}.tmp`;
    writeFileSync(temp, content);
    renameSync(temp, cacheFile);
    // Indexes of earlier list versions are never read again.
    for (const name of readdirSync(cacheDir)) {
      if (/^lexicon-[0-9a-f]+\.bin$/.test(name) && join(cacheDir, name) !== cacheFile) rmSync(join(cacheDir, name), { force: true });
    }
    return true;
  } catch {
    // A read-only checkout still works: the index simply stays in memory.
    return false;
  }
}

