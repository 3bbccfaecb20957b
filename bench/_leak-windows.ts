// Not a benchmark: how much of the de-identified text a windowed leak-guard re-check would have to re-scan, and what
// the patterns detector's leak-guard run costs on those windows against the whole output, on the rules-only
// placeholder outputs of a corpus. Windows are the replaced ranges of the output widened by R characters either way
// (R given on the command line), and the line-aligned windows a sound re-check of the patterns detector needs: the
// whole lines within K = 128 characters of a replacement, one more line each way (context phrases reach 48
// characters back, across a line break), and the whole block of non-blank lines around any line that may be a table
// row (tables are read from their header line down to a blank line). Counts, shares and times only.
//   node --import tsx bench/_leak-windows.ts [generated|hand-written] [R=16,32,64] [rounds=5]
import "reflect-metadata";
import { categoryOf, type Document } from "../src/contract/index.js";
import { loadStack } from "../src/stack/index.js";
import type { LeakGuardDetector } from "../src/transform/leak-guard.js";
import { generatedCorpus, handWrittenCorpus } from "./_corpora.js";
import { stackParts, unguardedCases } from "./_stack-parts.js";

const [which = "generated", radiiArg = "16,32,64", roundsArg = "5"] = process.argv.slice(2);
const radii = radiiArg.split(",").map(Number);
const K = 128;
const TABLE_ROW = /[|\t]|;.*;|\S {2,}\S|,\S.*,\S/;
const corpus = which === "generated" ? generatedCorpus(300) : await handWrittenCorpus(0.5e6);
const stack = await loadStack("rules-only");
const parts = await stackParts(stack);
const signal = new AbortController().signal;
const patterns = parts.detectors.find((d) => d.use === "patterns");
if (!patterns) throw new Error("rules-only has no patterns detector");
const guardRun = patterns.detector as LeakGuardDetector;
const byRadius = radii.map(() => 0);
let total = 0;
let lineWindowed = 0;
let replacements = 0;
let uncoveredInputHits = 0;
const cases: { output: Document; windows: Document[] }[] = [];
for (const { doc: d, outputs: outs, result } of await unguardedCases(stack, parts, corpus.documents)) {
  const out = result.deidText;
  total += out.length;
  replacements += result.spans.length;
  // An identifier or contact the patterns detector found in the input that no replaced span contains: a windowed
  // check would have to look at it whole.
  const inputHits = outs.find((o) => o.detectorId === patterns.id)!.spans.filter((s) => ["ID", "Contactdetails"].includes(categoryOf(s.label)));
  if (inputHits.some((h) => !result.spans.some((s) => s.start <= h.start && h.end <= s.end))) uncoveredInputHits++;
  const ranges: [number, number][] = [];
  let delta = 0;
  for (const s of result.spans) {
    const start = s.start + delta;
    ranges.push([start, start + s.replacement.length]);
    delta += s.replacement.length - (s.end - s.start);
  }
  radii.forEach((r, k) => {
    let reach = 0;
    for (const [a, b] of ranges) {
      const from = Math.max(a - r, reach);
      const to = Math.min(out.length, b + r);
      if (to > from) byRadius[k] += to - from;
      reach = Math.max(reach, to);
    }
  });
  const lineStarts = [0];
  for (let k = 0; k < out.length; k++) if (out.charCodeAt(k) === 10) lineStarts.push(k + 1);
  const lineOf = (p: number) => {
    let lo = 0;
    let hi = lineStarts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (lineStarts[mid] <= p) lo = mid + 1;
      else hi = mid;
    }
    return lo - 1;
  };
  const lineEnd = (l: number) => (l + 1 < lineStarts.length ? lineStarts[l + 1] : out.length);
  const lineText = (l: number) => out.slice(lineStarts[l], lineEnd(l)).replace(/\n$/, "");
  const keep = new Uint8Array(lineStarts.length);
  for (const [a, b] of ranges) {
    const first = Math.max(0, lineOf(Math.max(0, a - K)) - 1);
    const last = Math.min(lineStarts.length - 1, lineOf(Math.min(out.length - 1, b + K)) + 1);
    for (let l = first; l <= last; l++) keep[l] = 1;
  }
  for (let l = 0; l < lineStarts.length; l++) {
    if (keep[l] !== 1 || !TABLE_ROW.test(lineText(l))) continue;
    let up = l;
    while (up > 0 && lineText(up - 1).trim()) up--;
    let down = l;
    while (down + 1 < lineStarts.length && lineText(down + 1).trim()) down++;
    for (let x = up; x <= down; x++) keep[x] = 2;
  }
  const windows: Document[] = [];
  for (let l = 0; l < lineStarts.length; ) {
    if (!keep[l]) {
      l++;
      continue;
    }
    let m = l;
    while (m < lineStarts.length && keep[m]) m++;
    windows.push({ ...d, text: out.slice(lineStarts[l], lineEnd(m - 1)) });
    lineWindowed += lineEnd(m - 1) - lineStarts[l];
    l = m;
  }
  cases.push({ output: { ...d, text: out }, windows });
}
const n = corpus.documents.length;
console.log(`${which}: ${n} notes, ${(total / n).toFixed(0)} characters and ${(replacements / n).toFixed(1)} replacements per output`);
radii.forEach((r, k) => console.log(`  replaced ranges ± ${r} characters: ${((100 * byRadius[k]) / total).toFixed(1)}% of the output`));
console.log(`  line-aligned windows (patterns): ${((100 * lineWindowed) / total).toFixed(1)}% of the output; notes with an input identifier or contact no replaced span contains: ${uncoveredInputHits}`);
const best = { whole: Infinity, windows: Infinity };
const ctx = { signal, documentIndex: 0 };
for (let round = 0; round < Number(roundsArg); round++) {
  for (const kind of ["whole", "windows"] as const) {
    const t = process.cpuUsage();
    for (const c of cases) for (const doc of kind === "whole" ? [c.output] : c.windows) await guardRun.detectForLeakGuard!(doc, ctx);
    const u = process.cpuUsage(t);
    best[kind] = Math.min(best[kind], (u.user + u.system) / n);
  }
}
console.log(`  patterns' leak-guard run, least of ${roundsArg} rounds: whole output ${best.whole.toFixed(0)} µs/note, line-aligned windows ${best.windows.toFixed(0)} µs/note`);
await parts.close();
