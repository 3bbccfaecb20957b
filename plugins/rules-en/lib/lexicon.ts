// The lists rules-en reads (data/, see data/SOURCES.md), loaded once per process into folded sets. Keys are lower
// case with curly apostrophes straightened; multi-word entries are kept as phrases keyed by their first word.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const RULES_EN_DATA_DIR = fileURLToPath(new URL("../data", import.meta.url));

export function foldWord(s: string): string {
  return s.replace(/[\u2018\u2019\u02bc]/g, "'").toLowerCase();
}

/** Phrases (sequences of folded words) indexed by their first word; the longest phrase is tried first. */
export class PhraseIndex {
  private readonly byFirst = new Map<string, string[][]>();
  maxWords = 0;

  add(words: readonly string[]): void {
    if (words.length === 0) return;
    const list = this.byFirst.get(words[0]) ?? [];
    // Longest first; among equal lengths, in the order added (as a stable sort after each push would keep them).
    let at = list.length;
    while (at > 0 && list[at - 1].length < words.length) at--;
    list.splice(at, 0, [...words]);
    this.byFirst.set(words[0], list);
    this.maxWords = Math.max(this.maxWords, words.length);
  }

  /** Phrases whose first word is `first`, longest first. */
  candidates(first: string): readonly string[][] {
    return this.byFirst.get(first) ?? EMPTY;
  }

  has(first: string): boolean {
    return this.byFirst.has(first);
  }
}
const EMPTY: readonly string[][] = [];

const EQUIVALENT: Record<string, string> = { saint: "st", mount: "mt", fort: "ft" };
/** "saint" = "st", "mount" = "mt", "fort" = "ft" when phrases are compared. */
export const canonicalWord = (w: string): string => EQUIVALENT[w] ?? w;

/** Splits a list entry into the tokens phrase matching compares ("St. Mary's" → st mary ' s): "." and "-" dropped. */
export function phraseWords(entry: string): string[] {
  const out: string[] = [];
  for (const m of foldWord(entry).matchAll(/[\p{L}\p{M}]+|\d+|[^\s\p{L}\p{M}\d]/gu)) {
    if (m[0] !== "." && m[0] !== "-") out.push(canonicalWord(m[0]));
  }
  return out;
}

export interface RulesEnLexicon {
  /** First names → rank (0 = most frequent). */
  firstNames: ReadonlyMap<string, number>;
  /** Surnames → rank. */
  surnames: ReadonlyMap<string, number>;
  /** How many of the surname ranks are the census list's (the names of the world come after them). */
  censusSurnames: number;
  /** Lower-case dictionary words (SCOWL 50) and the smaller, more common SCOWL 35 set. */
  common: ReadonlySet<string>;
  commonSmall: ReadonlySet<string>;
  /** Lower-case medical vocabulary (OpenMedSpel) and its capitalised brands and eponyms, folded. */
  medical: ReadonlySet<string>;
  medicalProper: ReadonlySet<string>;
  eponyms: ReadonlySet<string>;
  /** First names that are everyday words ("Will", "Hope", "Frank"). */
  wordFirstNames: ReadonlySet<string>;
  clinicalAcronyms: ReadonlySet<string>;
  /** Listed facilities, payers and organisations written as one all-capitals word ("UCSF", "BCBS"), folded. */
  listAcronyms: ReadonlySet<string>;
  facilityModifiers: ReadonlySet<string>;
  facilityTypes: PhraseIndex;
  facilities: PhraseIndex;
  /** Insurers and payers (Organization:Other). */
  payers: PhraseIndex;
  /** Employers, agencies, armed forces and charities (Organization:Other). */
  organisations: PhraseIndex;
  /** Countries and continents: not a place on their own. */
  countries: PhraseIndex;
  /** Cities, towns, states and counties as phrases; `placeKinds` says which list each phrase came from. */
  places: PhraseIndex;
  placeKinds: ReadonlyMap<string, "us-city" | "gb-town" | "us-state" | "gb-county">;
  /** Populated places outside the US and the UK as phrase keys ("da nang"): a place only after a place cue. */
  worldPlaces: ReadonlySet<string>;
  /** Cities of 300,000 inhabitants or more outside the US and the UK (keys as in worldPlaces): named without a cue. */
  worldCities: ReadonlySet<string>;
  /** US state postal abbreviation (upper case) → state name. */
  stateAbbreviations: ReadonlyMap<string, string>;
}

function readList(rel: string): string[] {
  const text = readFileSync(join(RULES_EN_DATA_DIR, rel), "utf8");
  const out: string[] = [];
  for (const line of text.split("\n")) {
    const t = line.trim();
    if (t && !t.startsWith("#")) out.push(t);
  }
  return out;
}

/** "joão" → "joao", "ibáñez" → "ibanez": names are also looked up without their accents. */
export function stripAccents(s: string): string {
  return s.normalize("NFD").replace(/\p{M}/gu, "");
}

function rankMap(entries: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  entries.forEach((e, i) => {
    const k = foldWord(e);
    if (!m.has(k)) m.set(k, i);
    const bare = stripAccents(k);
    if (bare !== k && !m.has(bare)) m.set(bare, i);
  });
  return m;
}

let cached: RulesEnLexicon | undefined;

export function loadRulesEnLexicon(): RulesEnLexicon {
  if (cached) return cached;
  const places = new PhraseIndex();
  const placeKinds = new Map<string, "us-city" | "gb-town" | "us-state" | "gb-county">();
  const addPlaces = (rel: string, kind: "us-city" | "gb-town" | "us-state" | "gb-county") => {
    for (const entry of readList(rel)) {
      const name = entry.split("\t")[0];
      const words = phraseWords(name);
      const key = words.join(" ");
      // A state outranks a city of the same name ("New York"), a city outranks a county.
      if (!placeKinds.has(key) || kind === "us-state") placeKinds.set(key, kind);
      places.add(words);
    }
  };
  addPlaces("places/us-states.txt", "us-state");
  addPlaces("places/us-cities.txt", "us-city");
  addPlaces("places/gb-towns.txt", "gb-town");
  addPlaces("places/gb-counties.txt", "gb-county");
  // A set of keys, not a PhraseIndex: 130,000 phrases as arrays would cost about 50 MB.
  const worldPlaces = new Set<string>();
  for (const entry of readList("places/world-towns.txt")) {
    // Plain names (most of them) without the regular expression of phraseWords.
    worldPlaces.add(/^[A-Za-z]+(?: [A-Za-z]+)*$/.test(entry) ? entry.toLowerCase().split(" ").map(canonicalWord).join(" ") : phraseWords(entry).join(" "));
  }
  const worldCities = new Set<string>();
  for (const entry of readList("places/world-cities.txt")) {
    const key = /^[A-Za-z]+(?: [A-Za-z]+)*$/.test(entry) ? entry.toLowerCase().split(" ").map(canonicalWord).join(" ") : phraseWords(entry).join(" ");
    worldCities.add(key);
    worldPlaces.add(key);
  }
  const stateAbbreviations = new Map<string, string>();
  for (const entry of readList("places/us-states.txt")) {
    const [name, abbr] = entry.split("\t");
    if (abbr) stateAbbreviations.set(abbr, name);
  }
  const facilityTypes = new PhraseIndex();
  for (const e of readList("curated/facility-types.txt")) facilityTypes.add(phraseWords(e));
  const facilities = new PhraseIndex();
  for (const e of readList("curated/facilities.txt")) facilities.add(phraseWords(e));
  const payers = new PhraseIndex();
  for (const e of readList("curated/payers.txt")) payers.add(phraseWords(e));
  const organisations = new PhraseIndex();
  for (const e of readList("curated/organisations.txt")) organisations.add(phraseWords(e));
  const listAcronyms = new Set<string>();
  for (const rel of ["curated/facilities.txt", "curated/payers.txt", "curated/organisations.txt"]) {
    for (const e of readList(rel)) if (/^\p{Lu}{3,6}$/u.test(e)) listAcronyms.add(e.toLowerCase());
  }
  const countries = new PhraseIndex();
  for (const e of readList("curated/countries.txt")) countries.add(phraseWords(e));
  const common = new Set(readList("words/common.txt"));
  const census = readList("names/last.txt");
  cached = {
    payers,
    organisations,
    countries,
    // The census and faker en lists first; names of the world after them (their ranks never make a lone name).
    firstNames: rankMap([...readList("names/first.txt"), ...readList("names/first-world.txt"), ...readList("curated/first-names-extra.txt").filter((n) => !common.has(foldWord(n)))]),
    surnames: rankMap([...census, ...readList("names/last-world.txt")]),
    censusSurnames: census.length,
    common,
    commonSmall: new Set(readList("words/common-small.txt")),
    medical: new Set(readList("words/medical.txt")),
    medicalProper: new Set([...readList("words/medical-proper.txt"), ...readList("curated/drugs-extra.txt")].map(foldWord)),
    eponyms: new Set(readList("curated/eponyms.txt").map(foldWord)),
    wordFirstNames: new Set(readList("curated/first-names-words.txt").map(foldWord)),
    clinicalAcronyms: new Set(readList("curated/clinical-acronyms.txt")),
    listAcronyms,
    facilityModifiers: new Set(readList("curated/facility-modifiers.txt").map(foldWord)),
    facilityTypes,
    facilities,
    places,
    placeKinds,
    worldPlaces,
    worldCities,
    stateAbbreviations,
  };
  return cached;
}
