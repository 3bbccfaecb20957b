// Diagnostic for bench/adversarial.ts (issue 13 item 5): is a 64 → 256 KB step the collector's or the code's? For
// one detector and shape it calls the detector on the shape at several sizes and reports, per call and per KB of
// text, what the collector did (v8.GCProfiler: scavenges, full collections, bytes that survived a scavenge or were
// promoted to the old generation) beside this thread's CPU time. Byte counts do not depend on the machine's load,
// as wall and CPU times do: a step in bytes kept per KB between two sizes, flat above them, is a change of the
// collector's regime (a call's live matches outgrow the young generation and are copied and promoted), not
// growth of the detector's work.
// A second table times, at each size, the first call right after a forced full collection against the calls after
// it (bench/adversarial.ts collects before every timing): a difference that does not grow with the size is a cost
// per timing, not per character, which weighs more on a timing of few calls (the larger size) than of many.
//   node --import tsx bench/_gc-step.ts <detector> <shape> [--sizes=16,64,256,1024,4096] [--calls=3] [--with=rules-nl-be,…]
//   (shapes and texts: bench/adversarial.ts; detectors: known-identifiers, patterns, rules-nl-be, rules-en)
import "reflect-metadata";
import { GCProfiler } from "node:v8";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { Document } from "../src/contract/index.js";
import { PROJECT_ROOT, getPluginRegistry } from "../src/detectors/index.js";
import { threadCpuMs } from "./_cpu.js";

const args = process.argv.slice(2);
const option = (name: string): string | undefined => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const [use, shape] = args.filter((a) => !a.startsWith("--"));
const SIZES = (option("sizes") ?? "16,64,256,1024,4096").split(",").map((k) => Number(k) * 1024);
const CALLS = Number(option("calls") ?? 3);
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

const PIECES: Record<string, string> = {
  "repeated names": "Janssens ",
  "repeated full names": "Jan Janssens ",
  "initials": "J. ",
  "titles": "Dr. ",
  "title + name": "dr. Janssens, ",
  "dates in words": "12 maart 2020 ",
  "birth date": "07/03/1980 ",
  "digits": "1234 ",
  "spaces": " ",
  "newlines": "\n",
  "capitalised words": "Abcde ",
  "soft hyphens": "Jans\u00adsens ",
  "NFD accents": "Ze\u0301lie ",
  "known value": "12.34.56-789 ",
};
const piece = PIECES[shape ?? ""];
if (!use || piece === undefined) throw new Error(`usage: _gc-step.ts <detector> <shape>; shapes: ${Object.keys(PIECES).join(", ")}`);
const textOf = (size: number) => piece.repeat(Math.ceil(size / piece.length)).slice(0, size - (size % piece.length));
const METADATA: Document["metadata"] = {
  lang: "nl-BE",
  document_creation_date: "2024-05-01",
  patient: { given_name: "Jan Zélie", family_name: "Janssens", birth_date: "1980-03-07" },
  caregivers: [{ given_name: "An", family_name: "Smet" }],
  known_values: [{ value: "12.34.56-789", label: "ID:Patient" }],
};

const { plugin } = await getPluginRegistry().load(use, PROJECT_ROOT);
const det = await plugin.create(plugin.meta.configSchema.parse({}) as never, { baseDir: PROJECT_ROOT, language: "nl-BE", projectRoot: PROJECT_ROOT } as never);
// --with=a,b: other detectors loaded beside it (their data in the same heap, as in bench/adversarial.ts).
const others = [];
for (const id of (option("with") ?? "").split(",").filter(Boolean)) {
  const o = await getPluginRegistry().load(id, PROJECT_ROOT);
  others.push(await o.plugin.create(o.plugin.meta.configSchema.parse({}) as never, { baseDir: PROJECT_ROOT, language: "nl-BE", projectRoot: PROJECT_ROOT } as never));
}
const signal = new AbortController().signal;
const detect = (text: string) => det.detect({ document_id: "bench", patient_id: "p1", text, metadata: METADATA }, { signal, documentIndex: 0 });

type Space = { spaceName: string; spaceUsedSize: number };
const used = (spaces: Space[], name: string) => spaces.find((s) => s.spaceName === name)?.spaceUsedSize ?? 0;

console.log(`heap used after set-up: ${(process.memoryUsage().heapUsed / 1048576).toFixed(0)} MB (${others.length} other detectors loaded)`);
console.log(`${use} / ${shape}: per call (${CALLS} calls per size, after one untimed call and a full collection)`);
console.log("size | spans | CPU ms | ms per KB | scavenges | full GCs | KB kept by scavenges (survived + promoted) | kept per KB of text");
for (const size of SIZES) {
  const text = textOf(size);
  const spans = (await detect(text)).length;
  collectGarbage();
  const profiler = new GCProfiler();
  profiler.start();
  const c0 = threadCpuMs();
  for (let k = 0; k < CALLS; k++) await detect(text);
  const ms = (threadCpuMs() - c0) / CALLS;
  const stats = profiler.stop().statistics;
  let scavenges = 0;
  let full = 0;
  let kept = 0;
  for (const s of stats) {
    if (s.gcType === "Scavenge" || s.gcType === "MinorMarkCompact") {
      scavenges++;
      const before = s.beforeGC.heapSpaceStatistics as Space[];
      const after = s.afterGC.heapSpaceStatistics as Space[];
      // What a scavenge kept: the survivors left in the young generation and what it moved to the old one.
      kept += used(after, "new_space") + Math.max(0, used(after, "old_space") - used(before, "old_space")) + Math.max(0, used(after, "large_object_space") - used(before, "large_object_space"));
    } else full++;
  }
  const kb = text.length / 1024;
  console.log(
    `${Math.round(kb)} KB | ${spans} | ${ms.toFixed(1)} | ${(ms / kb).toFixed(3)} | ${(scavenges / CALLS).toFixed(1)} | ${(full / CALLS).toFixed(1)} | ${(kept / 1024 / CALLS).toFixed(0)} | ${(kept / 1024 / CALLS / kb).toFixed(2)}`,
  );
}

console.log("\nsize | CPU ms of the first call after a full collection | of the next call | difference (medians of 5)");
for (const size of SIZES) {
  const text = textOf(size);
  await detect(text);
  const first: number[] = [];
  const next: number[] = [];
  for (let r = 0; r < 5; r++) {
    collectGarbage();
    let c0 = threadCpuMs();
    await detect(text);
    first.push(threadCpuMs() - c0);
    c0 = threadCpuMs();
    await detect(text);
    next.push(threadCpuMs() - c0);
  }
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[2];
  const diff = first.map((f, i) => f - next[i]);
  console.log(`${Math.round(text.length / 1024)} KB | ${med(first).toFixed(1)} | ${med(next).toFixed(1)} | ${med(diff).toFixed(1)}`);
}
