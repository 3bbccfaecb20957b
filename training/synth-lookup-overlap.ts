// How often generated identifier values happen to appear in the lookup lists the rule detectors match.
// Usage: node --import tsx training/synth-lookup-overlap.ts [lookupRoot=../shared/data/lookup] [n=2000]
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { generateDocuments, type NameSource } from "../src/synth/index.js";

const root = process.argv[2] ?? "../shared/data/lookup";
const n = Number(process.argv[3] ?? 2000);

function readList(...paths: string[]): Set<string> {
  const out = new Set<string>();
  for (const p of paths) {
    const file = join(root, p);
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, "utf8").split("\n")) if (line.trim()) out.add(line.trim().toLowerCase());
  }
  return out;
}

const lists: Record<string, Set<string>> = {
  given: readList("nl-BE/first_names.txt", "deduce-nl/names/lst_first_name/items.txt"),
  family: readList("nl-BE/family_names.txt", "deduce-nl/names/lst_surname/items.txt", "nl-BE/interfix_surnames.txt"),
  street: readList("nl-BE/streets.txt", "deduce-nl/locations/lst_street/items.txt"),
  municipality: readList("nl-BE/localities.txt", "nl-BE/postal_localities.txt", "deduce-nl/locations/lst_placename/lst_residence/items.txt"),
  institution: readList("nl-BE/hospitals.txt", "nl-BE/healthcare_institutions.txt"),
};

const LIST_OF_LABEL: Record<string, string> = { "Organization:Healthcare": "institution" };

for (const nameSource of ["faker", "invented"] as NameSource[]) {
  const hits: Record<string, [number, number]> = {};
  for (const doc of generateDocuments({ profile: "nl-BE", n, seed: 424242, nameSource })) {
    for (const span of doc.spans ?? []) {
      const whole = doc.text.slice(span.start, span.end).replace(/\s+/g, " ").toLowerCase();
      const listName = LIST_OF_LABEL[span.label];
      if (listName) {
        const h = (hits[listName] ??= [0, 0]);
        h[0] += lists[listName].has(whole) ? 1 : 0;
        h[1]++;
      }
      // Whole values per category: join a span's parts of one category (e.g. "Van" "den" "Berghe").
      const byCategory = new Map<string, string>();
      for (const sa of span.subannotations ?? []) {
        if (sa.category === "formatting") continue;
        const prev = byCategory.get(sa.category);
        byCategory.set(sa.category, prev === undefined ? doc.text.slice(sa.start, sa.end) : `${prev} ${doc.text.slice(sa.start, sa.end)}`);
      }
      for (const [category, value] of byCategory) {
        const list = lists[category];
        if (!list) continue;
        const h = (hits[category] ??= [0, 0]);
        h[0] += list.has(value.toLowerCase()) ? 1 : 0;
        h[1]++;
      }
    }
  }
  console.log(`name source ${nameSource}, ${n} nl-BE notes:`);
  for (const [k, [hit, total]] of Object.entries(hits)) console.log(`  ${k.padEnd(12)} ${hit}/${total} mentions in a lookup list (${((100 * hit) / Math.max(total, 1)).toFixed(1)}%)`);
}
