// Linear time, checked loosely so that it holds on a busy machine (the figures are in `npm run bench --
// adversarial`): for each adversarial shape, 4× the input may cost at most 10× the CPU time (linear is 4×, quadratic
// 16×), the least of several alternated runs, measured again once when over.
// And no merge spreads a huge array into a call: 300,000 parts used
// to overflow the stack with `Math.min(...parts)`.
import "reflect-metadata";
import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { DetectedSpan, Document, Span } from "../../src/contract/index.js";
import { foldForMatching } from "../../src/contract/fold.js";
import { getHealingProfile, healSpans } from "../../src/healing/index.js";
import { mergedSpan } from "../../src/healing/spans.js";
import { resolveOverlaps, unionSpans } from "../../src/stack/index.js";
import { countLeaks, createTransformer } from "../../src/transform/index.js";
import knownIdentifiers, { detectKnownIdentifiers, configSchema } from "../../plugins/known-identifiers/index.js";

const METADATA: Document["metadata"] = {
  patient: { given_name: "Jan", family_name: "Van Janssens", birth_date: "1980-03-07" },
  caregivers: [{ given_name: "An", family_name: "Smet" }],
  known_values: [{ value: "12.34.56-789", label: "ID:Patient" }],
};
const SHAPES = ["Janssens ", "van Janssens ", "An Smet ", "dr. Smet, ", "12.34.56-789 ", "J a n s s e n s ", "Jans\u00adsens ", "07/03/1980 "];
const SMALL = 16 * 1024;
const doc = (piece: string, size: number): Document => ({ document_id: "x", patient_id: "p", text: piece.repeat(Math.floor(size / piece.length)), metadata: METADATA });

const LIMIT = 10;

/** The ratio of the least CPU time over 4× the input to the least over 1×, runs alternated. */
async function measure(make: (size: number) => () => unknown, base: number): Promise<number> {
  const small = make(base);
  const large = make(4 * base);
  await small();
  await large();
  let s = Infinity;
  let l = Infinity;
  for (let r = 0; r < 5; r++) {
    s = Math.min(s, await cpuMsAsync(small));
    l = Math.min(l, await cpuMsAsync(large));
  }
  // Under 1 ms the clock's resolution decides: read both as at least 1 ms.
  return Math.max(l, 1) / Math.max(s, 1);
}

/** A busy machine can slow one series: a ratio over the limit is measured once more and the lesser kept. */
async function ratioAsync(make: (size: number) => () => unknown, base = SMALL): Promise<number> {
  const first = await measure(make, base);
  return first < LIMIT ? first : Math.min(first, await measure(make, base));
}
const ratio = ratioAsync;

async function cpuMsAsync(fn: () => unknown): Promise<number> {
  const c0 = process.cpuUsage();
  await fn();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
}

const options = configSchema.parse({});
const healing = getHealingProfile("nl-BE");
const guard = await knownIdentifiers.create(options, { baseDir: ".", language: "nl-BE", projectRoot: "." });
const placeholders = await createTransformer("placeholders", { baseDir: ".", language: "nl-BE" });

function detected(d: Document): Span[] {
  const spans: DetectedSpan[] = detectKnownIdentifiers(d, options);
  return unionSpans([{ detectorId: "known-identifiers", spans }]);
}

// Compile and optimise the code paths once before anything is timed.
for (const piece of SHAPES) {
  const d = doc(piece, 8 * 1024);
  foldForMatching(d.text);
  const spans = detected(d);
  healSpans(healing, spans, { document: { ...d }, options: {} });
  await countLeaks(d, await placeholders.apply(d, resolveOverlaps(spans), { documentIndex: 0 }), { knownIdentifierDetectors: [guard], signal: new AbortController().signal, documentIndex: 0 });
}

describe("linear time (loose ratio, CPU time)", () => {
  it.each(SHAPES)("known-identifiers and folding on %j", async (piece) => {
    expect(await ratio((n) => () => foldForMatching(doc(piece, n).text))).toBeLessThan(LIMIT);
    expect(await ratio((n) => { const d = doc(piece, n); return () => detectKnownIdentifiers(d, options); })).toBeLessThan(LIMIT);
  });

  it.each(SHAPES)("healing nl-BE on %j", async (piece) => {
    expect(
      await ratio((n) => {
        const d = doc(piece, n);
        const spans = detected(d);
        return () => healSpans(healing, spans, { document: { ...d }, options: {} });
      }),
    ).toBeLessThan(LIMIT);
  });

  it.each(SHAPES)("placeholders and the leak guard on %j", async (piece) => {
    const prepared = (n: number) => {
      const d = doc(piece, n);
      const spans = resolveOverlaps(detected(d));
      return { d, result: placeholders.apply(d, spans, { documentIndex: 0 }) as Awaited<ReturnType<typeof placeholders.apply>>, spans };
    };
    expect(await ratio((n) => { const { d, spans } = prepared(n); return () => placeholders.apply(d, spans, { documentIndex: 0 }); })).toBeLessThan(LIMIT);
    expect(
      await ratioAsync((n) => {
        const { d, result } = prepared(n);
        return () => countLeaks(d, result, { knownIdentifierDetectors: [guard], signal: new AbortController().signal, documentIndex: 0 });
      }),
    ).toBeLessThan(LIMIT);
  });

  it("keyed surrogates of one very long span (a run of identifiers healed into one) cost linear time", async () => {
    const dir = mkdtempSync(join(tmpdir(), "deidstack-linear-key-"));
    writeFileSync(join(dir, "k.key"), randomBytes(32).toString("hex"), { mode: 0o600 });
    const surrogates = await createTransformer({ type: "surrogates", key_file: "k.key" }, { baseDir: dir, language: "nl-BE" });
    // The stream of random digits was an HMAC over the whole span per 32 bytes drawn: quadratic (16× here).
    expect(
      await ratioAsync((n) => {
        const d = doc("12.34.56-789 ", n);
        const span: Span = { start: 0, end: d.text.length - 1, label: "ID:Patient" };
        return async () => surrogates.apply(d, [span], { documentIndex: 0 });
      }, 4 * SMALL),
    ).toBeLessThan(LIMIT);
  });

  it("merges of 300,000 spans do not overflow the call stack", () => {
    const parts: Span[] = Array.from({ length: 300_000 }, (_, i) => ({ start: i, end: i + 2, label: "Date", score: i % 7, detectors: [`d${i % 3}`] }));
    expect(mergedSpan(parts, "Date")).toMatchObject({ start: 0, end: 300_001, score: 6, detectors: ["d0", "d1", "d2"] });
    expect(resolveOverlaps(parts)).toHaveLength(1);
  });
});
