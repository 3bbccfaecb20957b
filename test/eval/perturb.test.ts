import { join } from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { Document, Span } from "../../src/contract/index.js";
import { buildCountMatrix, loadCorpus, resolveMetric, scoreCorpus } from "../../src/eval/index.js";
import {
  PERTURB_DIMENSIONS,
  analysePerturbation,
  applyEdits,
  benjaminiHochberg,
  editFits,
  parseDate,
  perturbCorpus,
  permutationTest,
  type TextEdit,
} from "../../src/eval/perturb/index.js";

const CORPUS = join(import.meta.dirname, "..", "..", "protocols", "examples", "nl-synth", "corpus.jsonl");

/** The oracle: a span's text with the edits that lie inside it applied (insertions at its edges are outside). */
function expectedSpanText(doc: Document, s: { start: number; end: number }, edits: readonly TextEdit[]): string {
  const inside = edits.filter((e) => e.start >= s.start && e.end <= s.end && !(e.start === e.end && (e.start === s.start || e.start === s.end))).sort((a, b) => a.start - b.start);
  let out = "";
  let at = s.start;
  for (const e of inside) {
    out += doc.text.slice(at, e.start) + e.text;
    at = e.end;
  }
  return out + doc.text.slice(at, s.end);
}

function checkPartition(doc: Document): void {
  for (const s of doc.spans ?? []) {
    expect(s.end).toBeGreaterThan(s.start);
    if (!s.subannotations?.length) continue;
    expect(s.subannotations[0].start).toBe(s.start);
    expect(s.subannotations.at(-1)!.end).toBe(s.end);
    s.subannotations.forEach((x, i) => {
      expect(x.end).toBeGreaterThan(x.start);
      if (i > 0) expect(x.start).toBe(s.subannotations![i - 1].end);
    });
  }
}

/** Random documents: words and separators, some words spans, some spans split into sub-annotations. */
const docArb = fc
  .array(
    fc.record({
      word: fc.stringMatching(/^[A-Za-zé0-9]{1,6}( [A-Za-z]{1,4})?$/),
      sep: fc.constantFrom(" ", "  ", "\n", ", ", ". "),
      span: fc.boolean(),
      subs: fc.boolean(),
    }),
    { minLength: 1, maxLength: 12 },
  )
  .map((parts) => {
    let text = "";
    const spans: Span[] = [];
    for (const p of parts) {
      const start = text.length;
      text += p.word;
      if (p.span) {
        const span: Span = { start, end: text.length, label: "Name:Patient" };
        const space = p.word.indexOf(" ");
        if (p.subs && space > 0) {
          span.subannotations = [
            { start, end: start + space, category: "given" },
            { start: start + space, end: start + space + 1, category: "formatting" },
            { start: start + space + 1, end: text.length, category: "family" },
          ];
        }
        spans.push(span);
      }
      text += p.sep;
    }
    return { document_id: "d", text, spans } as Document;
  });

describe("perturbation edits", () => {
  it("keep every gold span covering exactly its edited text, and sub-annotations a partition (property)", () => {
    fc.assert(
      fc.property(
        docArb,
        fc.array(fc.record({ a: fc.nat(), len: fc.nat({ max: 3 }), text: fc.stringMatching(/^[a-zX \n]{0,3}$/) }), { maxLength: 8 }),
        (doc, raw) => {
          // Random edits, kept only where they fit and do not overlap each other.
          const edits: TextEdit[] = [];
          for (const r of raw) {
            const start = r.a % (doc.text.length + 1);
            const e = { start, end: Math.min(doc.text.length, start + r.len), text: r.text };
            if (!editFits(doc, e)) continue;
            if (edits.some((x) => e.start < x.end && x.start < e.end || (e.start === x.start && (e.start === e.end || x.start === x.end)) || (e.start === e.end && x.start < e.start && e.start < x.end) || (x.start === x.end && e.start < x.start && x.start < e.end))) continue;
            edits.push(e);
          }
          let out: Document;
          try {
            out = applyEdits(doc, edits, 0);
          } catch (err) {
            // Only an edit that empties a span or sub-annotation may be refused.
            expect((err as Error).message).toMatch(/emptied/);
            return;
          }
          doc.spans!.forEach((s, k) => {
            const t = out.spans![k];
            expect(out.text.slice(t.start, t.end)).toBe(expectedSpanText(doc, s, edits));
            s.subannotations?.forEach((x, j) => expect(out.text.slice(t.subannotations![j].start, t.subannotations![j].end)).toBe(expectedSpanText(doc, x, edits)));
          });
          checkPartition(out);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("refuse an edit that crosses a span boundary or splits a sub-annotation pair", () => {
    const doc: Document = { document_id: "d", text: "dr Jan Peeters komt", spans: [{ start: 3, end: 14, label: "Name:Caregiver", subannotations: [{ start: 3, end: 6, category: "given" }, { start: 6, end: 7, category: "formatting" }, { start: 7, end: 14, category: "family" }] }] };
    expect(() => applyEdits(doc, [{ start: 2, end: 5, text: "x" }], 4)).toThrow(/document index 4: perturbation edit \[2, 5\) crosses a gold span boundary/);
    expect(() => applyEdits(doc, [{ start: 5, end: 8, text: "x" }], 0)).toThrow(/crosses/);
    expect(() => applyEdits(doc, [{ start: 6, end: 6, text: "x" }], 0)).toThrow(/crosses/);
    const ok = applyEdits(doc, [{ start: 3, end: 3, text: ">> " }, { start: 7, end: 14, text: "Li" }, { start: 14, end: 14, text: "!" }], 0);
    expect(ok.text).toBe("dr >> Jan Li! komt");
    expect(ok.text.slice(ok.spans![0].start, ok.spans![0].end)).toBe("Jan Li");
  });
});

describe("perturbation dimensions on the shipped synthetic corpus", () => {
  let gold: Document[];
  beforeAll(async () => {
    gold = (await loadCorpus(CORPUS)).documents;
  });

  it.each(PERTURB_DIMENSIONS)("%s: changes documents, keeps labels and order, offsets exact, same seed same copy", (dimension) => {
    const a = perturbCorpus(gold, dimension, 7);
    const again = perturbCorpus(gold, dimension, 7);
    const other = perturbCorpus(gold, dimension, 8);
    expect(a.documents_changed).toBeGreaterThan(gold.length / 4);
    expect(again.documents.map((d) => d.text)).toEqual(a.documents.map((d) => d.text));
    expect(other.documents.map((d) => d.text)).not.toEqual(a.documents.map((d) => d.text));
    a.documents.forEach((d, i) => {
      const g = gold[i];
      expect(d.document_id).toBe(g.document_id);
      expect(d.patient_id).toBe(g.patient_id);
      expect(d.spans!.map((s) => s.label)).toEqual(g.spans!.map((s) => s.label));
      checkPartition(d);
      d.spans!.forEach((s, k) => {
        const before = g.text.slice(g.spans![k].start, g.spans![k].end);
        const after = d.text.slice(s.start, s.end);
        if (dimension === "context") expect(after).toBe(before);
        if (dimension === "layout") expect(after.replace(/\s+/g, " ")).toBe(before.replace(/\s+/g, " "));
        if (dimension === "casing") {
          expect(after.toLowerCase()).toBe(before.toLowerCase());
          expect([after.toUpperCase(), after.toLowerCase()]).toContain(after);
        }
        if (dimension === "formats" && s.label === "Date" && parseDate(before, "nl")) expect(parseDate(after, "nl")).toEqual(parseDate(before, "nl"));
        if (dimension === "formats" && (s.label.startsWith("ID") || s.label === "Contactdetails")) expect(after.replace(/\D/g, "")).toBe(before.replace(/\D/g, ""));
        if (dimension !== "names" && dimension !== "typos" && dimension !== "formats" && dimension !== "casing" && dimension !== "layout") expect(after).toBe(before);
        if (dimension === "names" && !s.label.startsWith("Name")) expect(after).toBe(before);
      });
    });
  });

  it("names: the same name becomes the same replacement in a document and in its metadata", () => {
    const copy = perturbCorpus(gold, "names", 3);
    let checked = 0;
    copy.documents.forEach((d, i) => {
      const family = gold[i].metadata?.patient?.family_name;
      const renamed = d.metadata?.patient?.family_name;
      if (!family || !renamed || renamed === family) return;
      const occurrences = (text: string, w: string) => text.split(w).length - 1;
      expect(occurrences(d.text, renamed)).toBeGreaterThanOrEqual(occurrences(gold[i].text, family));
      checked++;
    });
    expect(checked).toBeGreaterThan(10);
  });

  it("typos: every occurrence of one gold span text gets the same error", () => {
    const copy = perturbCorpus(gold, "typos", 11);
    copy.documents.forEach((d, i) => {
      const seen = new Map<string, string>();
      gold[i].spans!.forEach((s, k) => {
        if (s.subannotations?.length) return;
        const before = gold[i].text.slice(s.start, s.end);
        const after = d.text.slice(d.spans![k].start, d.spans![k].end);
        if (seen.has(before)) expect(after).toBe(seen.get(before));
        seen.set(before, after);
      });
    });
    expect(copy.spans_changed).toBeGreaterThan(0);
  });
});

describe("perturbation statistics", () => {
  const matrix = (rows: { hit: number; gold: number }[]) =>
    buildCountMatrix(
      rows.map((_, i) => `d${i}`),
      rows.map(() => undefined),
      rows.map((r) => ({ gold_spans: r.gold, gold_spans_hit: r.hit })),
    );
  const units = (n: number) => ({ unitOf: Int32Array.from({ length: n }, (_, i) => i), units: n });

  it("gives p = 1/(B+1)-small p-values for a consistent loss and large ones for no change", () => {
    const recall = resolveMetric("span_recall");
    const orig = matrix(Array.from({ length: 20 }, () => ({ hit: 10, gold: 10 })));
    const worse = matrix(Array.from({ length: 20 }, () => ({ hit: 8, gold: 10 })));
    const r = permutationTest(orig, worse, recall, { iterations: 2000, seed: 1, ...units(20) });
    expect(r.delta).toBeCloseTo(-0.2, 12);
    // All 20 units lose; only the identity flip pattern (probability 2^-20) is as extreme.
    expect(r.p_loss).toBeLessThan(0.002);
    expect(r.units_changed).toBe(20);
    const same = permutationTest(orig, orig, recall, { iterations: 2000, seed: 1, ...units(20) });
    expect(same.delta).toBe(0);
    expect(same.p_loss).toBe(1);
    expect(same.units_changed).toBe(0);
    // Mixed: half the documents gain, half lose the same amount: no evidence of a loss.
    const mixed = matrix(Array.from({ length: 20 }, (_, i) => ({ hit: i % 2 ? 8 : 10, gold: 10 })));
    const gains = matrix(Array.from({ length: 20 }, (_, i) => ({ hit: i % 2 ? 10 : 8, gold: 10 })));
    expect(permutationTest(mixed, gains, recall, { iterations: 2000, seed: 2, ...units(20) }).p_two_sided).toBeGreaterThan(0.5);
  });

  it("matches the exact permutation distribution on a small case", () => {
    // 3 units with losses 1, 2 and 3 of 10 gold spans each; exact one-sided p = (#patterns with Δ ≤ observed)/8 = 1/8.
    const recall = resolveMetric("span_recall");
    const orig = matrix([{ hit: 10, gold: 10 }, { hit: 10, gold: 10 }, { hit: 10, gold: 10 }]);
    const pert = matrix([{ hit: 9, gold: 10 }, { hit: 8, gold: 10 }, { hit: 7, gold: 10 }]);
    const r = permutationTest(orig, pert, recall, { iterations: 40_000, seed: 3, ...units(3) });
    expect(r.p_loss!).toBeGreaterThan(0.115);
    expect(r.p_loss!).toBeLessThan(0.135);
  });

  it("Benjamini-Hochberg q-values are monotone step-up adjustments", () => {
    const q4 = benjaminiHochberg([0.01, 0.04, 0.03, 0.2, null]);
    [0.04, 0.16 / 3, 0.16 / 3, 0.2].forEach((v, i) => expect(q4[i]).toBeCloseTo(v, 12));
    expect(q4[4]).toBeNull();
    const q = benjaminiHochberg([0.001, 0.5, 0.02, 0.02]);
    expect(q[0]).toBeCloseTo(0.004, 12);
    expect(q[2]).toBeCloseTo(0.02 * 4 / 3, 12);
    expect(q[1]).toBe(0.5);
  });

  it("analyses a corpus: a stack that misses every perturbed name loses recall significantly on names only", async () => {
    const gold = (await loadCorpus(CORPUS)).documents;
    const copies = (["names", "layout"] as const).map((d) => perturbCorpus(gold, d, 5));
    // A "system" that predicts the gold exactly on the original, and on the names copy everything but names.
    const exact = (docs: Document[], dropNames: boolean) => new Map(docs.map((d) => [d.document_id, (d.spans ?? []).filter((s) => !(dropNames && s.label.startsWith("Name")))]));
    const m = (docs: Document[], drop: boolean) => scoreCorpus(docs, { s: exact(docs, drop) }).systems[0].matrix;
    const result = analysePerturbation(
      "nl-synth",
      new Map([["s", m(gold, false)]]),
      new Map([["s", new Map([["names", m(copies[0].documents, true)], ["layout", m(copies[1].documents, false)]])]]),
      copies,
      { measures: ["span_recall"], permutations: 999, replicates: 500, seed: 9 },
    );
    const names = result.cells.find((c) => c.dimension === "names")!;
    const layout = result.cells.find((c) => c.dimension === "layout")!;
    expect(names.delta!).toBeLessThan(-0.05);
    expect(names.high!).toBeLessThan(0);
    expect(names.significant_loss).toBe(true);
    expect(names.q_loss!).toBeLessThan(0.05);
    expect(layout.delta).toBe(0);
    expect(layout.eligible).toBe(false);
    expect(layout.significant_loss).toBe(false);
  });
});
