import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { DetectedSpan, Document, IndexedDocument } from "../../src/contract/index.js";
import { definePlugin, type DetectorPlugin } from "../../src/detectors/index.js";
import { StackRunner, loadStack } from "../../src/stack/index.js";
import { tempDir } from "../e2e/helpers.js";
import { MemoryRegistry } from "../support/memory-registry.js";

/** Finds every occurrence of the given words, as a model or a deterministic detector. */
function wordFinder(id: string, kind: "model" | "deterministic", words: string[]): DetectorPlugin {
  return definePlugin({
    meta: { id, version: "1", description: id, labels: ["Name:Patient"], configSchema: z.object({}), kind },
    create: () => ({
      id,
      detect(doc: Document): DetectedSpan[] {
        const out: DetectedSpan[] = [];
        for (const w of words) for (const m of doc.text.matchAll(new RegExp(`\\b${w}\\b`, "g"))) out.push({ start: m.index!, end: m.index! + w.length, label: "Name:Patient", score: 0.99 });
        return out;
      },
    }),
  });
}

const registry = new MemoryRegistry({
  model: wordFinder("model", "model", ["what", "seen", "Smith"]),
  rules: wordFinder("rules", "deterministic", ["seen"]),
});

async function stack(extra: Record<string, unknown>) {
  const p = join(tempDir(), "s.json");
  writeFileSync(p, JSON.stringify({ name: "t", language: "en", detectors: [{ use: "model" }, { use: "rules" }], leak_guard: false, ...extra }));
  return loadStack(p);
}

async function* one(text: string): AsyncGenerator<IndexedDocument> {
  yield { document: { document_id: "d0", text }, index: 0 };
}

describe("lexical veto in a stack", () => {
  it("drops the model's common-word spans, keeps names and deterministic findings, and counts it", async () => {
    const runner = await StackRunner.create(await stack({ lexical_veto: true }), { registry });
    const out = [];
    for await (const r of runner.run(one("what was seen by Smith"))) out.push(r);
    expect(out[0].spans.map((s) => [s.begin, s.end, s.detectors])).toEqual([
      [9, 13, ["model", "rules"]],
      [17, 22, ["model"]],
    ]);
    expect(out[0].processing).toMatchObject({ lexical_veto_dropped: 1 });
    expect(out[0].provenance.lexical_veto).toMatchObject({ id: "lexical-veto", detectors: ["model"] });
    expect(runner.stats()["lexical-veto"]).toMatchObject({ candidates: 2, dropped: 1 });
    await runner.close();
  });

  it("is off unless the stack turns it on", async () => {
    const runner = await StackRunner.create(await stack({}), { registry });
    const out = [];
    for await (const r of runner.run(one("what was seen by Smith"))) out.push(r);
    expect(out[0].spans).toHaveLength(3);
    expect(out[0].provenance.lexical_veto).toBeNull();
    expect(out[0].processing?.lexical_veto_dropped).toBeUndefined();
  });

  it("refuses to veto a deterministic detector, and a stack without a model", async () => {
    await expect(StackRunner.create(await stack({ lexical_veto: { detectors: ["rules"] } }), { registry })).rejects.toThrow(/only drop spans of model detectors.*rules/);
    const p = join(tempDir(), "s.json");
    writeFileSync(p, JSON.stringify({ name: "t", detectors: [{ use: "rules" }], leak_guard: false, lexical_veto: true }));
    await expect(StackRunner.create(await loadStack(p), { registry })).rejects.toThrow(/no model detector/);
  });

  it("rejects unknown options with the field named", async () => {
    await expect(stack({ lexical_veto: { detector: ["model"] } })).rejects.toThrow(/lexical_veto/);
    await expect(stack({ lexical_veto: { mode: "lenient" } })).rejects.toThrow(/lexical_veto/);
  });

  it("in strict mode drops a model-only span without evidence and counts the reason; the shipped no-llm stacks use it", async () => {
    const runner = await StackRunner.create(await stack({ lexical_veto: { mode: "strict" } }), { registry });
    const out = [];
    for await (const r of runner.run(one("what was seen by Smith"))) out.push(r);
    expect(out[0].spans.map((s) => s.detectors)).toEqual([["model", "rules"], ["model"]]);
    expect(out[0].provenance.lexical_veto).toMatchObject({ mode: "strict" });
    expect(runner.stats()["lexical-veto"]).toMatchObject({ dropped: 1, reasons: { "dropped:common-words": 1, "kept:name-list": 1 } });
    await runner.close();
    for (const preset of ["no-llm", "no-llm-en"]) expect((await loadStack(preset)).config.lexical_veto).toEqual({ mode: "strict" });
  });
});
