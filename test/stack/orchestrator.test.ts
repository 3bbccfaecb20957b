import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { Document, IndexedDocument } from "../../src/contract/index.js";
import { PluginRegistry, definePlugin, type DetectorPlugin } from "../../src/detectors/index.js";
import { StackRunner, loadStack } from "../../src/stack/index.js";
import { tempDir } from "../e2e/helpers.js";
import { MemoryRegistry } from "../support/memory-registry.js";

function slowPlugin(id: string, log: string[], ms: number): DetectorPlugin {
  return definePlugin({
    meta: { id, version: "1", description: id, labels: ["Date"], configSchema: z.object({}), kind: "model" },
    create: () => ({
      id,
      async detect(doc: Document) {
        log.push(`start ${id} ${doc.document_id}`);
        await new Promise((r) => setTimeout(r, ms));
        log.push(`end ${id} ${doc.document_id}`);
        return [{ start: 0, end: 2, label: "Date" }];
      },
    }),
  });
}

async function stackWith(detectors: string[], extra: Record<string, unknown> = {}) {
  const dir = tempDir();
  const p = join(dir, "s.json");
  writeFileSync(p, JSON.stringify({ name: "t", detectors: detectors.map((use) => ({ use })), leak_guard: false, ...extra }));
  return loadStack(p);
}

async function* docs(n: number): AsyncGenerator<IndexedDocument> {
  for (let i = 0; i < n; i++) yield { document: { document_id: `d${i}`, text: `12 and ${i}` }, index: i };
}

describe("StackRunner", () => {
  it("gives every detector and healing one shared analysis of the document's text", async () => {
    const seen: unknown[] = [];
    const recorder = (id: string) =>
      definePlugin({
        meta: { id, version: "1", description: id, labels: ["Date"], configSchema: z.object({}), kind: "deterministic" },
        create: () => ({
          id,
          detect(doc: Document, ctx: { analysis?: { text: string; folded: string } }) {
            expect(ctx.analysis?.text).toBe(doc.text);
            seen.push(ctx.analysis);
            return [{ start: 0, end: 2, label: "Date" }];
          },
        }),
      });
    const registry = new MemoryRegistry({ a: recorder("a"), b: recorder("b") });
    const runner = await StackRunner.create(await stackWith(["a", "b"], { healing: "nl-BE", concurrency: { documents: 1 } }), { registry });
    for await (const _ of runner.run(docs(2))) void _;
    expect(seen).toHaveLength(4);
    expect(seen[0]).toBe(seen[1]);
    expect(seen[2]).toBe(seen[3]);
    expect(seen[0]).not.toBe(seen[2]);
  });

  it("runs a document's detectors in parallel", async () => {
    const log: string[] = [];
    const registry = new MemoryRegistry({ a: slowPlugin("a", log, 50), b: slowPlugin("b", log, 50) });
    const runner = await StackRunner.create(await stackWith(["a", "b"], { concurrency: { documents: 1 } }), { registry });
    const out = [];
    for await (const r of runner.run(docs(1))) out.push(r);
    expect(log.slice(0, 2).every((l) => l.startsWith("start"))).toBe(true);
    expect(out[0].spans).toEqual([{ begin: 0, end: 2, label: "Date", replacement: "[Date]", detectors: ["a", "b"] }]);
  });

  it("yields records in input order under document concurrency", async () => {
    const log: string[] = [];
    const registry = new MemoryRegistry({ a: slowPlugin("a", log, 5) });
    const runner = await StackRunner.create(await stackWith(["a"], { concurrency: { documents: 3 } }), { registry });
    const ids = [];
    for await (const r of runner.run(docs(10))) ids.push(r.document_id);
    expect(ids).toEqual(Array.from({ length: 10 }, (_, i) => `d${i}`));
  });

  it("validates plugin options before create and names the field", async () => {
    const strict = definePlugin({
      meta: { id: "s", version: "1", description: "s", labels: ["Date"], configSchema: z.object({ n: z.number().default(1) }).strict(), kind: "deterministic" },
      create: (o) => {
        expect(Object.isFrozen(o)).toBe(true);
        return { id: "s", detect: () => [] };
      },
    });
    const registry = new MemoryRegistry({ s: strict });
    const dir = tempDir();
    const p = join(dir, "s.json");
    writeFileSync(p, JSON.stringify({ name: "t", detectors: [{ use: "s", with: { n: "x" } }], leak_guard: false }));
    await expect(StackRunner.create(await loadStack(p), { registry })).rejects.toThrow(/field detectors\[0\]\.with\.n/);
    writeFileSync(p, JSON.stringify({ name: "t", detectors: [{ use: "s" }], leak_guard: false }));
    await expect(StackRunner.create(await loadStack(p), { registry })).resolves.toBeDefined();
  });

  it("reports a preset's missing detector as not installed", async () => {
    const registry = new PluginRegistry(tempDir());
    const dir = tempDir();
    const p = join(dir, "s.json");
    writeFileSync(p, JSON.stringify({ name: "t", detectors: [{ use: "meddeid-onnx" }], leak_guard: false }));
    await expect(StackRunner.create(await loadStack(p), { registry })).rejects.toThrow(/detector meddeid-onnx is not installed/);
  });
});

describe("leak guard: the detectors it re-runs are chosen by meta.kind", () => {
  const text = "Jan MRN 4711 belde.";
  /** Finds the patient's name in any text. */
  const namer = definePlugin({
    meta: { id: "namer", version: "1", description: "namer", labels: ["Name:Patient"], configSchema: z.object({}), kind: "model" },
    create: () => ({ detect: (doc: Document) => (doc.text.startsWith("Jan") ? [{ start: 0, end: 3, label: "Name:Patient" as const }] : []) }),
  });
  /** Finds "4711" only once the text holds a placeholder: an identifier that only the output shows. */
  const lateId = (kind: "deterministic" | "model", label: "ID:Patient" | "Name:Other") =>
    definePlugin({
      meta: { id: "late-id", version: "1", description: "late-id", labels: [label], configSchema: z.object({}), kind },
      create: () => ({
        detect: (doc: Document) => (doc.text.includes("[") ? [{ start: doc.text.indexOf("4711"), end: doc.text.indexOf("4711") + 4, label }] : []),
      }),
    });
  const knownIdentifiers = async () => (await import("../../plugins/known-identifiers/index.js")).default as DetectorPlugin;

  async function outcome(kind: "deterministic" | "model", label: "ID:Patient" | "Name:Other"): Promise<string> {
    const registry = new MemoryRegistry({ namer, "late-id": lateId(kind, label), "known-identifiers": await knownIdentifiers() });
    const runner = await StackRunner.create(await stackWith(["namer", "late-id"], { leak_guard: true }), { registry });
    try {
      const record = await runner.processDocument({ document_id: "d", text }, 0, new AbortController().signal);
      return record.deid_text;
    } catch (err) {
      return (err as { code?: string }).code ?? String(err);
    } finally {
      await runner.close();
    }
  }

  it("re-runs a deterministic detector that can return an identifier, and refuses what it finds outside replacements", async () => {
    expect(await outcome("deterministic", "ID:Patient")).toBe("E_LEAK_GUARD");
  });

  it("does not re-run a model, nor a deterministic detector without identifier or contact labels", async () => {
    expect(await outcome("model", "ID:Patient")).toBe("[Name:Patient] MRN 4711 belde.");
    expect(await outcome("deterministic", "Name:Other")).toBe("[Name:Patient] MRN 4711 belde.");
  });
});

describe("Detector.id", () => {
  const plugin = (detectorId: string | undefined) =>
    definePlugin({
      meta: { id: "named", version: "1", description: "named", labels: ["Date"], configSchema: z.object({}), kind: "model" },
      create: () => ({ ...(detectorId === undefined ? {} : { id: detectorId }), detect: () => [] }),
    });

  it("may be left out, or equal meta.id", async () => {
    for (const id of [undefined, "named"]) {
      const runner = await StackRunner.create(await stackWith(["named"]), { registry: new MemoryRegistry({ named: plugin(id) }) });
      await runner.close();
    }
  });

  it("that differs from meta.id stops the stack before the first document, naming both", async () => {
    await expect(StackRunner.create(await stackWith(["named"]), { registry: new MemoryRegistry({ named: plugin("other") }) })).rejects.toThrow(
      /detector named, phase create: create\(\) returned a detector with "other" that is not its plugin's meta\.id "named"/,
    );
  });
});
