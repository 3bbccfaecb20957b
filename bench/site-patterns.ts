// Linear time of the site configuration (src/stack/site.ts): the site patterns of stacks/examples/site.yaml plus
// patterns that backtrack catastrophically in a backtracking engine ((a+)+b, (\d+)*x), and the allow and deny lists,
// timed on a text of n and of 8n characters. Linear time means the ratio of the two times is about 8; the target is
// a ratio of at most 12 (noise on a shared machine), for the ordinary notes and for the adversarial text.
//   node --import tsx bench/site-patterns.ts [n=200000]
import { performance } from "node:perf_hooks";
import { findPatterns, loadStack, resolveSite, siteSchema } from "../src/stack/index.js";

const n = Number(process.argv[2] ?? 200_000);
const TARGET = 12;

const example = await loadStack("stacks/examples/site.yaml");
const site = await resolveSite(
  siteSchema.parse({
    ...example.config.site,
    patterns: [
      ...(example.config.site?.patterns ?? []),
      { name: "nested-plus", regex: "(a+)+b", label: "Anonymize_Other" },
      { name: "nested-star", regex: "(\\d+)*x", label: "Anonymize_Other" },
    ],
  }),
  example.baseDir,
);

const NOTE = "Opname op Hagedoorn; EPD-nummer 12345674, kamer K3.12, staal LAB-2025-004417. Parese van Bell. ";
const notes = (len: number) => NOTE.repeat(Math.ceil(len / NOTE.length)).slice(0, len);
const adversarial = (len: number) => ("a".repeat(5000) + "1".repeat(5000) + "!").repeat(Math.ceil(len / 10_001)).slice(0, len);

function seconds(text: string): number {
  let best = Infinity;
  for (let round = 0; round < 3; round++) {
    const t = performance.now();
    findPatterns(site, text);
    site.deny.findAll(text);
    best = Math.min(best, (performance.now() - t) / 1000);
  }
  return best;
}

let failed = false;
for (const [name, make] of [
  ["ordinary notes", notes],
  ["adversarial (a…a1…1!)", adversarial],
] as const) {
  seconds(make(10_000)); // warm-up
  const small = seconds(make(n));
  const large = seconds(make(8 * n));
  const ratio = large / small;
  const met = ratio <= TARGET;
  failed ||= !met;
  console.log(`${name}: ${n} chars ${small.toFixed(3)} s, ${8 * n} chars ${large.toFixed(3)} s; ratio ${ratio.toFixed(2)} (target ≤ ${TARGET}, linear = 8): ${met ? "met" : "NOT met"}`);
}
process.exitCode = failed ? 1 : 0;
