import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { DetectedSpan, Document, IndexedDocument, Span } from "../../src/contract/index.js";
import { definePlugin } from "../../src/detectors/index.js";
import { StackRunner, loadStack } from "../../src/stack/index.js";
import { checkLeaks, countLeaks, createTransformer, findLeaks, guardLeaks, redactLeaks, replaceSpans, type Transformer } from "../../src/transform/index.js";
import knownIdentifiers from "../../plugins/known-identifiers/index.js";
import { tempDir } from "../e2e/helpers.js";
import { MemoryRegistry } from "../support/memory-registry.js";

const text = "Jan Peeters kwam op 12/03/2024. Peeters is 45 jaar. Zijn zoon Bakker werkt als bakker.";
const document: Document = {
  document_id: "d",
  text,
  metadata: { patient: { given_name: "Jan", family_name: "Peeters" }, known_values: [{ value: "45", label: "ID:Patient" }] },
};
const at = (s: string, label: Span["label"], from = 0): Span => ({ start: text.indexOf(s, from), end: text.indexOf(s, from) + s.length, label });
const guard = await knownIdentifiers.create(knownIdentifiers.meta.configSchema.parse({}), { baseDir: ".", language: "nl-BE", projectRoot: "." });
const opts = { knownIdentifierDetectors: [guard], signal: new AbortController().signal, documentIndex: 7 };
const all: Span[] = [at("Jan Peeters", "Name:Patient"), at("12/03/2024", "Date"), at("Peeters", "Name:Patient", 20), at("45", "ID:Patient"), at("Bakker", "Name:Other")];

/** A faulty transform: replaces spans but writes the original text back for names. */
const leaky: Transformer = {
  id: "leaky",
  version: "0",
  apply(doc, spans) {
    const r = replaceSpans(doc.text, spans, (s) => (s.label.startsWith("Name") ? doc.text.slice(s.start, s.end) : `[${s.label}]`));
    return { ...r, warnings: [] };
  },
};

describe("leak guard", () => {
  it("passes a correct placeholder transform", async () => {
    const t = await createTransformer("placeholders", { baseDir: ".", language: "nl-BE" });
    await expect(checkLeaks(document, await t.apply(document, all, { documentIndex: 0 }), opts)).resolves.toBeUndefined();
  });

  it("refuses a transform that leaves a known identifier, naming no text", async () => {
    const err = await checkLeaks(document, await leaky.apply(document, all, { documentIndex: 0 }), opts).catch((e) => e);
    expect(err).toMatchObject({ code: "E_LEAK_GUARD", context: { documentIndex: 7, phase: "leak-guard" } });
    for (const word of ["Jan", "Peeters", "Bakker"]) expect(err.message).not.toContain(word);
  });

  it("refuses a missed second occurrence of a replaced span's text", async () => {
    const missed = all.filter((s) => s.start !== text.indexOf("Peeters", 20));
    const t = await createTransformer("placeholders", { baseDir: ".", language: "nl-BE" });
    const counts = await countLeaks(document, await t.apply(document, missed, { documentIndex: 0 }), opts);
    expect(counts.knownIdentifiers).toBeGreaterThan(0);
    expect(counts.originalText).toBe(1);
  });

  it("leaves short numbers, ages kept on purpose and lower-case words alone", async () => {
    // "45" is a known value but also the age kept as "45 jaar"; "bakker" the trade is not "Bakker" the name.
    const spans = [...all.filter((s) => s.label !== "ID:Patient"), at("45 jaar", "Age_Birthdate")];
    const kept: Transformer = {
      id: "kept",
      version: "0",
      apply: (doc, ss) => ({ ...replaceSpans(doc.text, ss, (s) => (s.label === "Age_Birthdate" ? doc.text.slice(s.start, s.end) : `[${s.label}]`)), warnings: [] }),
    };
    const counts = await countLeaks(document, await kept.apply(document, spans, { documentIndex: 0 }), opts);
    expect(counts).toEqual({ knownIdentifiers: 0, patterns: 0, originalText: 0, unchangedSurrogates: 0 });
  });

  it.each([
    ["soft hyphen", "Pee\u00adters"],
    ["NFD accents", "Pe\u0301e\u0301ters"],
    ["Cyrillic look-alikes", "Рееters"],
    ["capitals", "PEETERS"],
    ["spaced letters", "P e e t e r s"],
  ])("finds a surviving original in disguise (%s), with its exact offsets", async (_what, written) => {
    const t2 = `Jan Peeters kwam. Daarna ${written} weer.`;
    const doc: Document = { document_id: "u", text: t2 };
    const spans: Span[] = [{ start: 0, end: 11, label: "Name:Patient" }];
    const tr = await createTransformer("placeholders", { baseDir: ".", language: "nl-BE" });
    const result = await tr.apply(doc, spans, { documentIndex: 0 });
    const leaks = await findLeaks(doc, result, { ...opts, knownIdentifierDetectors: [] });
    const at = result.deidText.indexOf(written);
    expect(leaks).toEqual([{ kind: "originalText", start: at, end: at + written.length, label: "Name:Patient" }]);
  });

  it("with on_leak: redact, redacts every survivor in place, records counts and offsets, and passes the result", async () => {
    const leakyResult = await leaky.apply(document, all, { documentIndex: 0 });
    const r = await guardLeaks(document, leakyResult, { ...opts, onLeak: "redact" });
    for (const word of ["Jan", "Peeters", "Bakker"]) expect(r.deidText).not.toContain(word);
    expect(r.deidText).toBe("[Name:Patient] kwam op [Date]. [Name:Patient] is [ID:Patient] jaar. Zijn zoon [Name:Other] werkt als bakker.");
    expect(r.warnings.map((w) => w.code)).toContain("leak_guard_redacted");
    const pg = r.processing!.leak_guard as { redacted: Record<string, number>; redacted_regions: number[][] };
    expect(pg.redacted.unchanged_surrogates).toBe(3);
    const b = text.indexOf("Bakker");
    expect(pg.redacted_regions).toEqual([[0, 11], [32, 39], [b, b + 6]]);
    expect(r.spans.filter((x) => x.detectors?.includes("leak-guard")).map((x) => [x.start, x.end, x.label])).toEqual([[0, 11, "Name:Patient"], [32, 39, "Name:Patient"], [b, b + 6, "Name:Other"]]);
    expect(JSON.stringify(r.processing) + JSON.stringify(r.warnings)).not.toMatch(/Jan|Peeters|Bakker/);
    await expect(checkLeaks(document, r, opts)).resolves.toBeUndefined();
  });

  it("with on_leak: redact, a missed occurrence outside every span becomes a new span over exactly its text", async () => {
    const missed = all.filter((s) => s.start !== text.indexOf("Peeters", 20));
    const t = await createTransformer("placeholders", { baseDir: ".", language: "nl-BE" });
    const r = await guardLeaks(document, await t.apply(document, missed, { documentIndex: 0 }), { ...opts, onLeak: "redact" });
    const added = r.spans.filter((x) => x.detectors?.includes("leak-guard"));
    expect(added.map((x) => text.slice(x.start, x.end))).toEqual(["Peeters"]);
    expect(r.deidText).not.toContain("Peeters");
    await expect(guardLeaks(document, await t.apply(document, missed, { documentIndex: 0 }), { ...opts, onLeak: "refuse" })).rejects.toMatchObject({ code: "E_LEAK_GUARD" });
  });

  it("redaction maps output offsets back through replacements of any length (property)", async () => {
    const { default: fc } = await import("fast-check");
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom("x", "yy", "[Name:Patient]", ""), { minLength: 1, maxLength: 5 }), fc.nat(5), async (reps, pick) => {
        // Words w0..wn; each even word is a span replaced by reps[k]; then the word at `pick` (odd: outside) leaks.
        const words = Array.from({ length: 2 * reps.length + 1 }, (_, k) => `Word${k}x`);
        const t = words.join(" ");
        const spans: Span[] = [];
        let at = 0;
        words.forEach((w, k) => {
          if (k % 2 === 1 && (k - 1) / 2 < reps.length) spans.push({ start: at, end: at + w.length, label: "Name:Other" });
          at += w.length + 1;
        });
        const d: Document = { document_id: "p", text: t };
        const res = { ...replaceSpans(t, spans, (_s, k) => reps[k]), warnings: [] };
        const leakWord = words[2 * (pick % (reps.length + 1))];
        const outAt = res.deidText.indexOf(leakWord);
        const r = redactLeaks(d, res, [{ kind: "originalText", start: outAt, end: outAt + leakWord.length, label: "Name:Other" }]);
        const added = r.spans.filter((x) => x.detectors?.includes("leak-guard"));
        expect(added.map((x) => t.slice(x.start, x.end))).toEqual([leakWord]);
        expect(r.deidText).not.toContain(leakWord);
      }),
      { numRuns: 100 },
    );
  });

  it("refuses identifiers the pattern detectors find outside replacements", async () => {
    const pattern = { id: "patterns", detect: (d: Document): DetectedSpan[] => [{ start: d.text.indexOf("kwam"), end: d.text.indexOf("kwam") + 4, label: "ID:Patient" }] };
    const t = await createTransformer("placeholders", { baseDir: ".", language: "nl-BE" });
    const counts = await countLeaks(document, await t.apply(document, all, { documentIndex: 0 }), { ...opts, patternDetectors: [pattern] });
    expect(counts.patterns).toBe(1);
  });
});

describe("leak guard in a run", () => {
  it("fails the run closed when a detector misses an occurrence of the patient's name", async () => {
    const firstNameOnly = definePlugin({
      meta: { id: "first-only", version: "1", description: "finds the first name only", labels: ["Name:Patient"], configSchema: z.object({}), kind: "deterministic" },
      create: () => ({ id: "first-only", detect: (d: Document) => [{ start: 0, end: d.text.indexOf(" ", 4), label: "Name:Patient" as const }] }),
    });
    const registry = new MemoryRegistry({ "first-only": firstNameOnly, "known-identifiers": knownIdentifiers });
    const dir = tempDir();
    writeFileSync(join(dir, "s.json"), JSON.stringify({ name: "t", detectors: [{ use: "first-only" }], leak_guard: true }));
    const runner = await StackRunner.create(await loadStack(join(dir, "s.json")), { registry });
    async function* input(): AsyncGenerator<IndexedDocument> {
      yield { document, index: 0 };
    }
    const run = async () => {
      for await (const _ of runner.run(input())) void _;
    };
    await expect(run()).rejects.toMatchObject({ code: "E_LEAK_GUARD" });
    await runner.close();
  });
});
