import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { OffsetMapper, type Document } from "../../src/contract/index.js";
import { loadCorpus, loadPredictions } from "../../src/eval/index.js";

const FIX = join(import.meta.dirname, "../fixtures/corpora");

async function file(name: string, lines: unknown[]): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "deidstack-pred-"));
  const path = join(dir, name);
  await writeFile(path, lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n") + "\n");
  return path;
}

const GOLD: Document[] = [
  { document_id: "a", text: "😀 Ann Lee", spans: [{ start: 3, end: 10, label: "Name:Patient" }] },
  { document_id: "b", text: "Seen 2020", spans: [] },
];

describe("deidstack run output", () => {
  it("converts code-point offsets with the gold text, maps foreign labels and counts duplicates", async () => {
    const path = await file("p.jsonl", [
      {
        document_id: "a",
        deid_text: "😀 [Name]",
        spans: [
          { begin: 2, end: 9, label: "Name:Patient", replacement: "[Name]", detectors: ["x"] },
          { begin: 2, end: 9, label: "Name:Patient" },
          { begin: 0, end: 1, label: "PERSON" },
        ],
      },
      { document_id: "b", spans: [] },
    ]);
    const { predictions, warnings, format } = await loadPredictions(path, { gold: GOLD });
    expect(format).toBe("deidstack-jsonl");
    const a = predictions.get("a")!;
    expect(a.map((s) => [s.start, s.end, s.label])).toEqual([
      [0, 2, "Name:Other"],
      [3, 10, "Name:Patient"],
    ]);
    expect(a[0].extra).toEqual({ native_label: "PERSON" });
    expect(Object.fromEntries(warnings.map((w) => [w.code, w.count]))).toEqual({ duplicate_prediction: 1 });
  });

  it("scores unknown labels as Anonymize_Other, counted", async () => {
    const path = await file("p.jsonl", [{ document_id: "b", spans: [{ begin: 5, end: 9, label: "WEIRD" }] }]);
    const { predictions, warnings } = await loadPredictions(path, { gold: GOLD });
    expect(predictions.get("b")![0].label).toBe("Anonymize_Other");
    expect(warnings[0]).toMatchObject({ code: "unknown_label", count: 1 });
  });

  it("errors on predictions for unknown documents unless told to warn", async () => {
    const path = await file("p.jsonl", [{ document_id: "zz", spans: [] }, { document_id: "a", spans: [] }]);
    await expect(loadPredictions(path, { gold: GOLD })).rejects.toThrow(/"zz" is not in the gold corpus/);
    const r = await loadPredictions(path, { gold: GOLD, onUnknownDocument: "warn" });
    expect([...r.predictions.keys()]).toEqual(["a"]);
    expect(r.warnings[0]).toMatchObject({ code: "unknown_document", count: 1 });
  });

  it("errors on spans outside the text, on text that differs from gold and on duplicate records", async () => {
    const outside = await file("p.jsonl", [{ document_id: "b", spans: [{ begin: 5, end: 30, label: "Date" }] }]);
    await expect(loadPredictions(outside, { gold: GOLD })).rejects.toThrow(/outside the text/);
    const differs = await file("p.jsonl", [{ document_id: "b", text: "Seen 2021", spans: [] }]);
    await expect(loadPredictions(differs, { gold: GOLD })).rejects.toThrow(/differs from the gold text/);
    const twice = await file("p.jsonl", [{ document_id: "b", spans: [] }, { document_id: "b", spans: [] }]);
    await expect(loadPredictions(twice, { gold: GOLD })).rejects.toThrow(/appears twice/);
    const wrongText = await file("p.jsonl", [{ document_id: "b", spans: [{ begin: 0, end: 4, label: "Date", text: "Xeen" }] }]);
    await expect(loadPredictions(wrongText, { gold: GOLD })).rejects.toThrow(/does not match/);
  });

  it("needs the gold text when records carry none", async () => {
    const path = await file("p.jsonl", [{ document_id: "b", spans: [{ begin: 5, end: 9, label: "Date" }] }]);
    await expect(loadPredictions(path)).rejects.toThrow(/need the gold corpus/);
    const withText = await file("p.jsonl", [{ document_id: "b", text: "Seen 2020", spans: [{ begin: 5, end: 9, label: "Date" }] }]);
    expect((await loadPredictions(withText)).predictions.get("b")).toEqual([{ start: 5, end: 9, label: "Date" }]);
  });

  it("ignores zero-width spans, counted", async () => {
    const path = await file("p.jsonl", [{ document_id: "b", spans: [{ begin: 5, end: 5, label: "Date" }] }]);
    const r = await loadPredictions(path, { gold: GOLD });
    expect(r.predictions.get("b")).toEqual([]);
    expect(r.warnings[0].code).toBe("empty_prediction");
  });

  it("round-trips any code-point span of an astral text (property)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom("a", "😀", " ", "é", "𝔸"), { minLength: 1, maxLength: 20 }).chain((chars) =>
          fc.tuple(fc.constant(chars.join("")), fc.nat({ max: chars.length - 1 }), fc.integer({ min: 1, max: chars.length })),
        ),
        async ([text, b, len]) => {
          const n = Array.from(text).length;
          const end = Math.min(n, b + len);
          if (end <= b) return;
          const gold: Document[] = [{ document_id: "x", text, spans: [] }];
          const path = await file("p.jsonl", [{ document_id: "x", spans: [{ begin: b, end, label: "Date" }] }]);
          const span = (await loadPredictions(path, { gold })).predictions.get("x")![0];
          const mapper = new OffsetMapper(text);
          expect([mapper.toCodePoint(span.start), mapper.toCodePoint(span.end)]).toEqual([b, end]);
          expect(text.slice(span.start, span.end)).toBe(Array.from(text).slice(b, end).join(""));
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe("foreign prediction formats", () => {
  it("reads deid .phi output against PhysioNet gold", async () => {
    const gold = await loadCorpus(join(FIX, "physionet/id.text"));
    const { predictions, format } = await loadPredictions(join(FIX, "physionet/id.phi"), { gold: gold.documents });
    expect(format).toBe("physionet-deid");
    const doc = gold.documents[0];
    expect(predictions.get("1-1")!.map((s) => doc.text.slice(s.start, s.end))).toEqual(["Jane Doe", "seen 10/25"]);
    expect(predictions.get("1-2")).toHaveLength(1);
    expect(predictions.get("2-1")).toEqual([]);
  });

  it("reads a corpus format (BRAT) as predictions and checks its texts against gold", async () => {
    const gold = await loadCorpus(join(FIX, "brat"));
    const { predictions } = await loadPredictions(join(FIX, "brat"), { gold: gold.documents, format: "brat" });
    expect(predictions.get("doc1")).toHaveLength(5);
    const altered = gold.documents.map((d) => (d.document_id === "doc4" ? { ...d, text: d.text + "x" } : d));
    await expect(loadPredictions(join(FIX, "brat"), { gold: altered, format: "brat" })).rejects.toThrow(/differs from the gold text/);
  });
});
