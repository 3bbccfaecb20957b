// rules-en: linear in the input, and fast.
//   npm run bench -- rules-en
// 1. Linearity: time on 64 KB and 256 KB of adversarial shapes (repeated names, initials, titles, digits, dots,
//    spaces, capitalised words, cue words without values). A linear detector takes about 4× as long on 4× the
//    input; the target is a ratio ≤ 4.6 for every shape.
// 2. Speed: MB/s of rules-en alone and of the whole rules-only-en stack (known-identifiers, patterns, rules-en,
//    en healing) on English notes, against a baseline that only tokenizes, measured in the same run (CPU time).
import "reflect-metadata";
import { performance } from "node:perf_hooks";
import { compileRulesEn, detectRulesEn } from "../plugins/rules-en/lib/detect.js";
import { tokenize } from "../plugins/rules-en/lib/tokens.js";
import { StackRunner, loadStack } from "../src/stack/index.js";
import type { IndexedDocument } from "../src/contract/index.js";

const compiled = compileRulesEn();

function repeatTo(unit: string, bytes: number): string {
  return unit.repeat(Math.ceil(bytes / unit.length)).slice(0, bytes);
}

const SHAPES: Record<string, string> = {
  "repeated names": "John Smith ",
  "names without spaces": "JohnSmith",
  "initials": "J. ",
  "initials glued": "J.",
  "titles": "Dr. ",
  "titles glued": "Dr.Mr.",
  "digits": "1",
  "digit groups": "12 ",
  "dotted digits": "1.",
  "dots": ".",
  "spaces": " ",
  "capitalised words": "Hospital Clinic Memorial ",
  "capitalised unknown words": "Zqx ",
  "saints": "St. ",
  "cue words": "MRN SSN phone policy ",
  "cue then spaces": "MRN" + " ".repeat(61),
  "hash digits": "#1",
  "hyphens": "-",
  "apostrophes": "O'",
  "commas and names": "Smith, ",
  "street numbers": "12 Main ",
  "months": "April ",
  "at signs": "a@",
  "line breaks": "Dr\n",
  "lower-case names": "labs for maria gonzalez st lukes mercy west ",
  "lone unlisted names": "Oyelaran\n",
  "table cells": "Mbeki     71  | ",
  "age column": "Name | Age\nOrtiz | 67\n",
  "named wards": "Ward 9 Larch ",
  "record fields": "Employer: Tremlett Haulage  City: Ashbourne  Known as: Bea  ",
  "record fields, lines": "Name: DOE, JANE A\nSchool: Harwood Vale Academy\n",
  "comma exports": "surname,forename,town\nokafor,chidi,leeds\n",
  "places before types": "ashbourne manor kendal state fire dept ",
  "lower-case name queries": "ghorbani shirin\n",
  "dotted initials": "k.w. 55 ",
  "reference initials": "Our ref: AB/cd ",
  "roles in brackets": "Ayo Bello (SN) ",
  "logins": "user ab1 entered by ..... ",
  "specialty practices": "Pine Ridge Dermatology ",
  "insurers": "Copper Ridge Mutual ",
  "state codes": "Pikeville KY ",
  "lower-case state codes": "pikeville ky harlan county ",
  "lower-case name and initial": "jacob thornquill m ",
  "address parts": "Maesgwyn Road, Felinfoel, Llanelli SA14 8HT, ",
  "letterhead lines": "14 Hollins Lane\nMarple Bridge\nStockport SK6 7QD\n",
  "lower-case age-sex": "okafor 45m ",
  "lower-case particles": "van der steen ",
  "dotted initials running": "J.M. is ",
};

function cpuSeconds(run: () => void): number {
  const t0 = process.cpuUsage();
  run();
  const d = process.cpuUsage(t0);
  return (d.user + d.system) / 1e6;
}

function bestOf(n: number, run: () => void): number {
  let best = Infinity;
  for (let i = 0; i < n; i++) best = Math.min(best, cpuSeconds(run));
  return best;
}

const TARGET_RATIO = 4.6;
console.log(`rules-en linearity: CPU time on 256 KB / 64 KB of each shape (best of 5), target ≤ ${TARGET_RATIO}`);
let worst = 0;
let worstShape = "";
for (const [shape, unit] of Object.entries(SHAPES)) {
  const small = repeatTo(unit, 64 * 1024);
  const large = repeatTo(unit, 256 * 1024);
  detectRulesEn(small, compiled);
  const a = bestOf(5, () => detectRulesEn(small, compiled));
  const b = bestOf(5, () => detectRulesEn(large, compiled));
  const ratio = b / Math.max(a, 1e-4);
  if (ratio > worst) {
    worst = ratio;
    worstShape = shape;
  }
  console.log(`  ${shape.padEnd(28)} 64 KB ${(a * 1000).toFixed(1).padStart(7)} ms   256 KB ${(b * 1000).toFixed(1).padStart(7)} ms   ratio ${ratio.toFixed(2)}`);
}
console.log(`worst 64→256 KB ratio: ${worst.toFixed(2)} (${worstShape}), target ≤ ${TARGET_RATIO}: ${worst <= TARGET_RATIO ? "met" : "NOT met"}`);

// Speed on English notes: sentences of many registers with identifiers, repeated with varying numbers.
const SENTENCES = [
  "Seen by Dr. Smith on April 12, 2023 for chest pain; BP 132/78, HR 88.",
  "Pt John Smith, 45-year-old male, MRN is CC-98765, lives at 123 Maple Street, Chicago, IL 60601.",
  "Referred by Dr Jane A. Doe from St. Vincent's for Parkinson disease follow-up.",
  "labs for maria gonzalez dob 4/12/1956 last a1c 8.2",
  "SSN 000-12-3456, phone (555) 123-4567, fax: 212 555 0199.",
  "Insurance ID: XJH123456789, member ID W987654321, policy number 55512345.",
  "Hospital Course: He was admitted to the Medicine Service and diuresed with IV Lasix. Cardiology was consulted.",
  "Past Medical History: Type 2 Diabetes Mellitus, Hypertension, Chronic Kidney Disease Stage 3, Atrial Fibrillation.",
  "Contact daughter Emily at emily.r@gmail.com or 617-555-0142 if worse.",
  "Transferred to UCSF Medical Center from Kaiser in Oakland on 3/14/22.",
  "Mrs. Hope Williams, aged 80, from Leeds, West Yorkshire LS1 4AB, seen at St James's University Hospital.",
  "Plan: continue metoprolol, repeat BMP Monday, follow up in Heart Failure Clinic in two weeks.",
];
function englishNote(i: number, target: number): string {
  let s = "";
  let k = i;
  while (s.length < target) {
    s += SENTENCES[k % SENTENCES.length].replace(/\d/g, (d) => String((Number(d) + i) % 10)) + (k % 4 === 3 ? "\n" : " ");
    k += 7;
  }
  return s;
}
const notes = Array.from({ length: 1500 }, (_, i) => englishNote(i, 1500 + (i % 7) * 200));
const megabytes = notes.reduce((n, t) => n + Buffer.byteLength(t), 0) / 1e6;
let sink = 0;
const base = bestOf(3, () => {
  for (const t of notes) sink += tokenize(t).length;
});
const alone = bestOf(3, () => {
  for (const t of notes) sink += detectRulesEn(t, compiled).length;
});
const stack = await loadStack("rules-only-en");
const runner = await StackRunner.create({ ...stack, config: { ...stack.config, leak_guard: false } }, { concurrency: 1 });
async function* docs(): AsyncGenerator<IndexedDocument> {
  for (let i = 0; i < notes.length; i++) yield { document: { document_id: `n${i}`, text: notes[i], metadata: { lang: "en-US" } }, index: i };
}
const t0 = process.cpuUsage();
const w0 = performance.now();
for await (const rec of runner.run(docs())) sink += rec.spans.length;
const d = process.cpuUsage(t0);
const stackCpu = (d.user + d.system) / 1e6;
const stackWall = (performance.now() - w0) / 1000;
await runner.close();
console.log(`\nspeed on ${notes.length} English notes, ${megabytes.toFixed(2)} MB (CPU time, best of 3 for the detector; one pass for the stack):`);
console.log(`  baseline (tokenize only)        ${(megabytes / base).toFixed(2)} MB/s`);
console.log(`  rules-en alone                  ${(megabytes / alone).toFixed(2)} MB/s  (${(alone / base).toFixed(1)}× the baseline's time)`);
console.log(`  rules-only-en stack (leak guard off, 1 document at a time)  ${(megabytes / stackCpu).toFixed(2)} MB/s CPU, ${(megabytes / stackWall).toFixed(2)} MB/s wall`);
const SPEED_TARGET = 1;
console.log(`rules-only-en stack ≥ ${SPEED_TARGET} MB/s CPU: ${megabytes / stackCpu >= SPEED_TARGET ? "met" : "NOT met"}`);
if (sink < 0) console.log(sink);
