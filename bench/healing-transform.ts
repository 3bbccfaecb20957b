// Healing + transformation time per note, relative to the rules-nl-be detector's time on the same notes (target:
// ≤ 20%). Notes: generated ~2 KB nl-BE notes with metadata (bench/_notes.ts). The spans healed and transformed are
// what the rules-only stack finds (rules-nl-be ∪ patterns ∪ known-identifiers), so the rules do real work.
// Reported per layer: healing (nl-BE, with and without name propagation), overlap resolution (the stack's, for
// reference), each transform, and the leak guard; and, when the shipped model loads, the meddeid-onnx detector on
// the first 30 notes for context (a model detector's time, against which the same layers are small).
// Last, issue 14's figure on these notes: healing + placeholders + leak guard as a share of the three detectors'
// time (target ≤ 30%), with the load average at the start and the end (the machine is shared).
//   node --import tsx bench/healing-transform.ts [notes=300] [rounds=3]
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import knownIdentifiers from "../plugins/known-identifiers/index.js";
import meddeidOnnx from "../plugins/meddeid-onnx/index.js";
import patterns from "../plugins/patterns/index.js";
import rulesNlBe from "../plugins/rules-nl-be/index.js";
import type { Document, Span } from "../src/contract/index.js";
import type { Detector, DetectorPlugin } from "../src/detectors/index.js";
import { PROJECT_ROOT } from "../src/detectors/index.js";
import { getHealingProfile, healSpans } from "../src/healing/index.js";
import { resolveOverlaps, unionSpans } from "../src/stack/union.js";
import { countLeaks, createTransformer, type TransformResult, type Transformer } from "../src/transform/index.js";
import { benchNotes } from "./_notes.js";

const load = () => loadavg().map((x) => x.toFixed(1)).join(" ");
const loadAtStart = load();
const NOTES = Number(process.argv[2] ?? 300);
const ROUNDS = Number(process.argv[3] ?? 3);
const ctx = { baseDir: PROJECT_ROOT, language: "nl-BE", projectRoot: PROJECT_ROOT };

async function create(plugin: DetectorPlugin): Promise<Detector> {
  return plugin.create(plugin.meta.configSchema.parse({}) as never, ctx);
}

/**
 * Best of `ROUNDS` CPU times (ms, user + system of this process) of running `f` over every note: on a shared
 * machine CPU time varies far less than wall time. Each call gets a fresh copy of the document so nothing
 * memoised per document in an earlier round is reused.
 */
async function best(f: (d: Document, i: number) => unknown): Promise<number> {
  let min = Number.POSITIVE_INFINITY;
  for (let r = 0; r < ROUNDS; r++) {
    const copies = notes.map((d) => ({ ...d }));
    const before = process.cpuUsage();
    for (let i = 0; i < copies.length; i++) await f(copies[i], i);
    const used = process.cpuUsage(before);
    min = Math.min(min, (used.user + used.system) / 1000);
  }
  return min;
}

const notes = benchNotes(NOTES).map((d, i) => ({
  ...d,
  metadata: { ...d.metadata, lang: "nl-BE", document_creation_date: d.metadata?.document_creation_date ?? "2025-01-15", date_shift_days: i % 2 ? 400 + i : undefined },
}));
const signal = new AbortController().signal;
const rules = await create(rulesNlBe as DetectorPlugin);
const pats = await create(patterns as DetectorPlugin);
const known = await create(knownIdentifiers as DetectorPlugin);

const keyDir = mkdtempSync(join(tmpdir(), "bench-key-"));
writeFileSync(join(keyDir, "bench.key"), randomBytes(32).toString("hex"), { mode: 0o600 });
const transforms: [string, Transformer][] = [
  ["placeholders", await createTransformer("placeholders", { baseDir: keyDir, language: "nl-BE" })],
  ["numbered", await createTransformer("numbered", { baseDir: keyDir, language: "nl-BE" })],
  ["pseudonymise (no key)", await createTransformer("pseudonymise", { baseDir: keyDir, language: "nl-BE" })],
  ["surrogates (key)", await createTransformer({ type: "surrogates", key_file: "bench.key" }, { baseDir: keyDir, language: "nl-BE" })],
];
// The transforms read the key when they are made: no key directory is left in the temporary folder.
rmSync(keyDir, { recursive: true, force: true });

// Warm up every path (regex compilation, lexicon load), then collect the detected spans once.
const detected: Span[][] = [];
for (const [i, d] of notes.entries()) {
  const outs = await Promise.all(
    ([["rules-nl-be", rules], ["patterns", pats], ["known-identifiers", known]] as const).map(async ([detectorId, det]) => ({ detectorId, spans: await det.detect(d, { signal, documentIndex: i }) })),
  );
  detected.push(unionSpans(outs));
}
const profile = getHealingProfile("nl-BE");
const healed = notes.map((d, i) => healSpans(profile, detected[i], { document: d, options: {} }));
const resolved = healed.map((s) => resolveOverlaps(s));
for (const [, t] of transforms) for (const [i, d] of notes.entries()) await t.apply(d, resolved[i], { documentIndex: i });

const tRules = await best((d, i) => rules.detect(d, { signal, documentIndex: i }));
const tPatterns = await best((d, i) => pats.detect(d, { signal, documentIndex: i }));
const tKnown = await best((d, i) => known.detect(d, { signal, documentIndex: i }));
const tHeal = await best((d, i) => healSpans(profile, detected[i], { document: d, options: {} }));
const tHealPropagate = await best((d, i) => healSpans(profile, detected[i], { document: d, options: { propagate_names: true } }));
const tResolve = await best((_, i) => resolveOverlaps(healed[i]));
const tTransform: [string, number][] = [];
for (const [name, t] of transforms) tTransform.push([name, await best((d, i) => t.apply(d, resolved[i], { documentIndex: i }))]);
const placeholderResults: TransformResult[] = [];
for (const [i, d] of notes.entries()) placeholderResults.push(await transforms[0][1].apply(d, resolved[i], { documentIndex: i }));
const guardOptions = (i: number) => ({ knownIdentifierDetectors: [known], patternDetectors: [pats], signal, documentIndex: i });
const tGuard = await best((d, i) => countLeaks(d, placeholderResults[i], guardOptions(i)));
let refused = 0;
for (const [i, d] of notes.entries()) {
  const c = await countLeaks(d, placeholderResults[i], guardOptions(i));
  if (c.knownIdentifiers + c.patterns + c.originalText + c.unchangedSurrogates > 0) refused++;
}

const perNote = (ms: number) => (ms / notes.length).toFixed(3);
const pct = (ms: number) => `${((100 * ms) / tRules).toFixed(1)}%`;
const chars = notes.reduce((n, d) => n + d.text.length, 0);
const spans = detected.reduce((n, s) => n + s.length, 0);
console.log(`notes ${notes.length}, ${Math.round(chars / notes.length)} chars and ${(spans / notes.length).toFixed(1)} detected spans per note, CPU time, best of ${ROUNDS} rounds`);
console.log(`baseline rules-nl-be detect: ${perNote(tRules)} ms/note (patterns detector: ${perNote(tPatterns)} ms/note)`);
console.log(`healing nl-BE:                ${perNote(tHeal)} ms/note  ${pct(tHeal)} of rules-nl-be`);
console.log(`healing nl-BE + propagation:  ${perNote(tHealPropagate)} ms/note  ${pct(tHealPropagate)}`);
console.log(`overlap resolution (stack):   ${perNote(tResolve)} ms/note  ${pct(tResolve)}`);
for (const [name, ms] of tTransform) {
  console.log(`transform ${name.padEnd(22)} ${perNote(ms)} ms/note  ${pct(ms)};  healing + this transform: ${pct(tHeal + ms)} (target ≤ 20%: ${(100 * (tHeal + ms)) / tRules <= 20 ? "met" : "NOT met"})`);
}
const model = await Promise.resolve()
  .then(() => (meddeidOnnx as DetectorPlugin).create((meddeidOnnx as DetectorPlugin).meta.configSchema.parse({ model: "nl-small" }) as never, ctx))
  .catch(() => undefined);
if (model) {
  const sample = notes.slice(0, 30);
  await model.detect(sample[0], { signal, documentIndex: 0 });
  const before = process.cpuUsage();
  for (const [i, d] of sample.entries()) await model.detect({ ...d }, { signal, documentIndex: i });
  const used = process.cpuUsage(before);
  const modelMs = (used.user + used.system) / 1000 / sample.length;
  const healPlusPseudo = (tHeal + tTransform[2][1]) / notes.length;
  console.log(`context: meddeid-onnx (nl-small) detect ${modelMs.toFixed(1)} ms/note; healing + pseudonymise = ${((100 * healPlusPseudo) / modelMs).toFixed(1)}% of it`);
  await model.close?.();
} else console.log("context: meddeid-onnx model not available, skipped");
console.log(`leak guard (known-identifiers + patterns re-run): ${perNote(tGuard)} ms/note  ${pct(tGuard)}; it would refuse ${refused}/${notes.length} notes of this rules-only stack`);
const tDetectors = tRules + tPatterns + tKnown;
const share = (100 * (tHeal + tTransform[0][1] + tGuard)) / tDetectors;
console.log(
  `healing + placeholders + leak guard: ${perNote(tHeal + tTransform[0][1] + tGuard)} ms/note = ${share.toFixed(1)}% of the three detectors' ${perNote(tDetectors)} ms/note (each called alone, without the shared analysis); target ≤ 30%: ${share <= 30 ? "met" : "NOT met"}`,
);
console.log(`load average at start ${loadAtStart}, at end ${load()} (2 cores shared)`);
