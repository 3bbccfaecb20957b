import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { Document, Label, Span } from "../../src/contract/index.js";
import {
  countDocument,
  evaluateMetric,
  METRICS,
  resolveMetric,
  scoreCorpus,
  explicitAgeRanges,
  type DocumentCounts,
} from "../../src/eval/index.js";

// Hand-computed fixture. Index ruler:
//            0         1         2         3         4
//            0123456789012345678901234567890123456789012345678
const TEXT = "Dr. Ann Lee saw Bo on 3 May. Call 555-1234 today.";

const GOLD: Document = {
  document_id: "d1",
  text: TEXT,
  spans: [
    {
      start: 0,
      end: 11,
      label: "Name:Caregiver",
      subannotations: [
        { start: 0, end: 3, category: "title" },
        { start: 3, end: 4, category: "formatting" },
        { start: 4, end: 7, category: "given" },
        { start: 7, end: 8, category: "formatting" },
        { start: 8, end: 11, category: "family" },
      ],
    },
    { start: 16, end: 18, label: "Name:Patient" }, // no subannotations: counts whole in core
    {
      start: 22,
      end: 27,
      label: "Date",
      subannotations: [
        { start: 22, end: 23, category: "day" },
        { start: 23, end: 24, category: "formatting" },
        { start: 24, end: 27, category: "month" },
      ],
    },
    {
      start: 34,
      end: 42,
      label: "Contactdetails",
      subannotations: [
        { start: 34, end: 37, category: "public_phone" },
        { start: 37, end: 38, category: "formatting" },
        { start: 38, end: 42, category: "public_phone" },
      ],
    },
  ],
};

const PRED: Span[] = [
  { start: 0, end: 11, label: "Name:Patient" }, // exact bounds, wrong subtype
  { start: 21, end: 28, label: "Date" }, // " 3 May.": 2 boundary-extension characters (21, 27)
  { start: 29, end: 33, label: "ID:Patient" }, // "Call": a pure false positive, 4 characters
  { start: 34, end: 37, label: "Contactdetails" }, // "555"
  { start: 38, end: 42, label: "Contactdetails" }, // "1234"
];

function value(counts: DocumentCounts, id: string): number {
  return evaluateMetric(resolveMetric(id), (f) => counts[f] ?? 0);
}

describe("countDocument on a hand-computed document", () => {
  const c = countDocument(GOLD, PRED);

  it("counts characters: annotation, core PII, non-PII and its decomposition", () => {
    expect(c.chars_total).toBe(49);
    expect(c.gold_chars).toBe(26); // 11 + 2 + 5 + 8
    expect(c.gold_chars_hit).toBe(23); // 11 + 0 + 5 + 7 (the "-" is missed)
    expect(c.core_chars).toBe(19); // Ann Lee 6 + Bo 2 + "3May" 4 + digits 7
    expect(c.core_chars_hit).toBe(17); // Bo missed
    expect(c.non_pii_chars).toBe(23);
    expect(c.non_pii_chars_redacted).toBe(6);
    expect(c.non_pii_chars_false_positive).toBe(4);
    expect(c.non_pii_chars_boundary_extension).toBe(2);
    expect(c.non_pii_chars_false_positive + c.non_pii_chars_boundary_extension).toBe(c.non_pii_chars_redacted);
    expect(c.non_pii_nonws_chars).toBe(16);
    expect(c.non_pii_nonws_chars_redacted).toBe(5); // "." and "Call"
  });

  it("gives the metric values computed by hand", () => {
    expect(value(c, "core_pii_recall")).toBeCloseTo(17 / 19, 12);
    expect(value(c, "char_recall")).toBeCloseTo(23 / 26, 12);
    expect(value(c, "non_pii_redaction_rate")).toBeCloseTo(6 / 23, 12);
    expect(value(c, "non_pii_false_positive_rate")).toBeCloseTo(4 / 23, 12);
    expect(value(c, "non_pii_boundary_extension_rate")).toBeCloseTo(2 / 23, 12);
    expect(value(c, "non_pii_false_positive_rate") + value(c, "non_pii_boundary_extension_rate")).toBeCloseTo(
      value(c, "non_pii_redaction_rate"),
      12,
    );
    expect(value(c, "text_removed_share")).toBeCloseTo(5 / 16, 12);
    expect(value(c, "span_recall")).toBeCloseTo(3 / 4, 12);
    expect(value(c, "span_precision")).toBeCloseTo(4 / 5, 12);
    expect(value(c, "strict_precision")).toBeCloseTo(1 / 5, 12);
    expect(value(c, "strict_recall")).toBeCloseTo(1 / 4, 12);
    expect(value(c, "strict_f1")).toBeCloseTo(2 / 9, 12);
    expect(value(c, "strict_typed_precision")).toBe(0);
    expect(value(c, "strict_typed_recall")).toBe(0);
    expect(value(c, "strict_typed_f1")).toBe(0);
    // words: Dr Ann Lee saw Bo on 3 May Call 555 1234 today → TP 7 (Dr Ann Lee 3 May 555 1234), FP 1 (Call), FN 1 (Bo)
    expect(c.token_tp).toBe(7);
    expect(c.token_fp).toBe(1);
    expect(c.token_fn).toBe(1);
    expect(value(c, "token_precision")).toBeCloseTo(7 / 8, 12);
    expect(value(c, "token_recall")).toBeCloseTo(7 / 8, 12);
    expect(value(c, "token_f1")).toBeCloseTo(14 / 16, 12);
  });

  it("matches label fidelity one-to-one by core overlap, then gold coverage", () => {
    // candidates: (G1,P1) 6, (G3,P2) 4 [coverage 4/4], (G4,P5) 4 [coverage 4/7], (G4,P4) 3 → 3 matches
    expect(c.fidelity_gold_spans).toBe(4);
    expect(c.fidelity_matched).toBe(3);
    expect(c.fidelity_exact).toBe(2);
    expect(c.fidelity_coarse).toBe(3);
    expect(value(c, "span_detection_recall")).toBeCloseTo(3 / 4, 12);
    expect(value(c, "exact_label_accuracy_matched")).toBeCloseTo(2 / 3, 12);
    expect(value(c, "coarse_label_accuracy_matched")).toBe(1);
    expect(value(c, "exact_label_recall")).toBeCloseTo(2 / 4, 12);
    expect(value(c, "coarse_label_recall")).toBeCloseTo(3 / 4, 12);
  });

  it("breaks recall down by gold label and by subannotation category", () => {
    expect(c["gold_chars[label=Name:Caregiver]"]).toBe(11);
    expect(c["gold_chars_hit[label=Name:Caregiver]"]).toBe(11);
    expect(c["gold_spans[label=Name:Patient]"]).toBe(1);
    expect(c["gold_spans_hit[label=Name:Patient]"]).toBeUndefined(); // zero counts are omitted
    expect(value(c, "span_recall[label=Name:Patient]")).toBe(0);
    expect(value(c, "char_recall[label=Contactdetails]")).toBeCloseTo(7 / 8, 12);
    expect(value(c, "core_pii_recall[label=Contactdetails]")).toBe(1);
    expect(c["subannotation_chars[category=formatting]"]).toBe(4);
    expect(c["subannotation_chars_hit[category=formatting]"]).toBe(3);
    expect(value(c, "subannotation_recall[category=title]")).toBe(1);
    expect(c.gold_spans_without_subannotations).toBe(1);
  });

  it("compares typed strict matches by category when asked", () => {
    const byCategory = countDocument(GOLD, PRED, { typedMatch: "category" });
    expect(byCategory.strict_typed_tp).toBe(1);
  });

  it("leaves excluded characters out of the non-PII numerator but not the denominator", () => {
    const x = countDocument(GOLD, PRED, { nonPiiExclusions: [{ start: 29, end: 33 }] });
    expect(x.non_pii_chars).toBe(23);
    expect(x.non_pii_chars_redacted).toBe(2);
    expect(x.non_pii_chars_excluded_redacted).toBe(4);
    expect(x.non_pii_chars_false_positive).toBe(0);
    expect(x.non_pii_chars_boundary_extension).toBe(2);
  });

  it("rejects a prediction outside the text, naming the document", () => {
    expect(() => countDocument(GOLD, [{ start: 40, end: 60, label: "Date" }])).toThrow(/document "d1".*outside the text/);
    expect(() => countDocument(GOLD, [{ start: 5, end: 5, label: "Date" }])).toThrow(/not greater/);
  });
});

describe("characters are counted as code points", () => {
  it("counts an astral character once", () => {
    const text = "A 😀 B"; // UTF-16 length 6, 5 code points
    const doc: Document = { document_id: "e", text, spans: [{ start: 2, end: 4, label: "Anonymize_Other" }] };
    const c = countDocument(doc, [{ start: 0, end: 4, label: "Anonymize_Other" }]);
    expect(c.chars_total).toBe(5);
    expect(c.gold_chars).toBe(1);
    expect(c.gold_chars_hit).toBe(1);
    expect(c.non_pii_chars).toBe(4);
    expect(c.non_pii_chars_redacted).toBe(2); // "A" and the space
  });
});

describe("discontinuous gold entities", () => {
  it("count once for span recall and per fragment for strict matching", () => {
    const text = "0471 23 45 67";
    const doc: Document = {
      document_id: "b",
      text,
      spans: [
        { start: 0, end: 4, label: "Contactdetails", extra: { entity_id: "T4" } },
        { start: 8, end: 13, label: "Contactdetails", extra: { entity_id: "T4" } },
      ],
    };
    const c = countDocument(doc, [{ start: 8, end: 13, label: "Contactdetails" }]);
    expect(c.gold_spans).toBe(1);
    expect(c.gold_spans_hit).toBe(1);
    expect(c.strict_gold).toBe(2);
    expect(c.strict_tp).toBe(1);
    expect(c.gold_chars).toBe(9);
  });
});

describe("Safe Harbor scope", () => {
  const text = "Age 45, seen 2019, aged 91 years, Ann.";
  const at = (s: string) => ({ start: text.indexOf(s), end: text.indexOf(s) + s.length });
  const gold: Document = {
    document_id: "s",
    text,
    spans: [
      { ...at("45"), label: "Age_Birthdate" }, // out of scope (< 90)
      { ...at("2019"), label: "Date" }, // out of scope (a bare year)
      { ...at("91 years"), label: "Age_Birthdate" }, // in scope
      { ...at("Ann"), label: "Name:Patient" },
    ],
  };
  const pred: Span[] = [
    { ...at("45"), label: "Age_Birthdate" },
    { ...at("seen 2019"), label: "Date" },
    { ...at("91 years"), label: "Age_Birthdate" },
  ];

  it("scores every gold span with scope all", () => {
    const c = countDocument(gold, pred);
    expect(c.gold_spans).toBe(4);
    expect(c.pred_spans_touching_gold).toBe(3);
  });

  it("counts predictions touching only out-of-scope gold as false positives by default", () => {
    const c = countDocument(gold, pred, { scope: "safe-harbor" });
    expect(c.gold_spans).toBe(2);
    expect(c.out_of_scope_gold_spans).toBe(2);
    expect(c.gold_spans_hit).toBe(1);
    expect(c.pred_spans).toBe(3);
    expect(c.pred_spans_touching_gold).toBe(1);
    // "45" (2) and "seen 2019" (9) are redacted non-PII, all false positives
    expect(c.non_pii_chars_false_positive).toBe(11);
    expect(c.non_pii_chars).toBe(text.length - 8 - 3);
  });

  it("counts them neither way under the `neither` policy", () => {
    const c = countDocument(gold, pred, { scope: "safe-harbor", outOfScope: "neither" });
    expect(c.pred_spans).toBe(1);
    expect(c.out_of_scope_predictions_ignored).toBe(2);
    expect(c.out_of_scope_chars_ignored).toBe(6); // "45" and "2019"
    expect(c.non_pii_chars).toBe(text.length - 8 - 3 - 6);
    expect(c.non_pii_chars_redacted).toBe(0);
    expect(c.strict_pred).toBe(1);
  });
});

describe("explicit age exclusions", () => {
  it("finds explicit ages under 90 and skips 90 and over", () => {
    const text = "45 year old F, 3-month-old, age 12, 30M, over 65, 92 yo";
    const found = explicitAgeRanges(text).map((r) => text.slice(r.start, r.end));
    expect(found).toEqual(["45 year old", "3-month-old", "age 12", "30M", "over 65"]);
  });
});

// A brute-force reference built from sets of character positions (ASCII texts, so positions = characters).
function bruteForce(text: string, gold: Span[], pred: Span[]) {
  const goldSet = new Set<number>();
  for (const g of gold) for (let i = g.start; i < g.end; i++) goldSet.add(i);
  const predSet = new Set<number>();
  const touching = new Set<number>();
  for (const p of pred) {
    const touches = [...Array(p.end - p.start).keys()].some((k) => goldSet.has(p.start + k));
    for (let i = p.start; i < p.end; i++) {
      predSet.add(i);
      if (touches) touching.add(i);
    }
  }
  let goldHit = 0;
  let redacted = 0;
  let be = 0;
  for (let i = 0; i < text.length; i++) {
    if (goldSet.has(i) && predSet.has(i)) goldHit++;
    if (!goldSet.has(i) && predSet.has(i)) {
      redacted++;
      if (touching.has(i)) be++;
    }
  }
  const spanHit = gold.filter((g) => pred.some((p) => p.start < g.end && g.start < p.end)).length;
  const predTouching = pred.filter((p) => gold.some((g) => p.start < g.end && g.start < p.end)).length;
  return { gold: goldSet.size, goldHit, nonPii: text.length - goldSet.size, redacted, be, spanHit, predTouching };
}

const LABELS: Label[] = ["Name:Patient", "Date", "Contactdetails", "ID:Patient"];
const spanArb = (n: number) =>
  fc
    .tuple(fc.nat({ max: n - 1 }), fc.integer({ min: 1, max: 12 }), fc.constantFrom(...LABELS))
    .map(([s, len, label]) => ({ start: s, end: Math.min(n, s + len), label }) as Span);

describe("counts agree with a brute-force reference (property)", () => {
  it("characters, decomposition and span counts", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 5, max: 60 }).chain((n) =>
          fc.tuple(fc.constant(n), fc.array(spanArb(n), { maxLength: 6 }), fc.array(spanArb(n), { maxLength: 6 })),
        ),
        ([n, gold, pred]) => {
          const text = "ab cd".repeat(20).slice(0, n);
          const c = countDocument({ document_id: "p", text, spans: gold }, pred);
          const r = bruteForce(text, gold, pred);
          expect(c.gold_chars).toBe(r.gold);
          expect(c.gold_chars_hit).toBe(r.goldHit);
          expect(c.non_pii_chars).toBe(r.nonPii);
          expect(c.non_pii_chars_redacted).toBe(r.redacted);
          expect(c.non_pii_chars_boundary_extension).toBe(r.be);
          expect(c.non_pii_chars_false_positive + c.non_pii_chars_boundary_extension).toBe(c.non_pii_chars_redacted);
          expect(c.gold_spans_hit).toBe(r.spanHit);
          expect(c.pred_spans_touching_gold).toBe(r.predTouching);
          expect(c.core_chars).toBe(c.gold_chars); // no subannotations: core falls back to whole spans
          expect(c.fidelity_matched).toBeLessThanOrEqual(Math.min(c.fidelity_gold_spans, c.pred_spans));
          expect(c.token_tp + c.token_fn).toBeLessThanOrEqual(Math.ceil(n / 3) + 1);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("scoreCorpus", () => {
  it("sums document counts before dividing (not a mean of document rates)", () => {
    const a: Document = { document_id: "a", text: "xxxxxxxxxx", spans: [{ start: 0, end: 10, label: "Date" }] };
    const b: Document = { document_id: "b", text: "yy", spans: [{ start: 0, end: 2, label: "Date" }] };
    const score = scoreCorpus([a, b], { S: new Map([["a", [{ start: 0, end: 10, label: "Date" as Label }]], ["b", []]]) });
    expect(score.systems[0].metrics.char_recall).toBeCloseTo(10 / 12, 12);
    expect(score.systems[0].metrics.non_pii_redaction_rate).toBeNull(); // no non-PII characters at all
    expect(score.format).toBe("deidstack.score.v1");
    expect(score.notes[0]).toMatch(/no subannotations/);
  });

  it("scores a missing document as predicting nothing, counted, or fails when asked", () => {
    const a: Document = { document_id: "a", text: "Ann", spans: [{ start: 0, end: 3, label: "Name:Patient" }] };
    const score = scoreCorpus([a], { S: new Map() });
    expect(score.systems[0].warnings).toEqual([expect.objectContaining({ code: "missing_document", count: 1 })]);
    expect(score.systems[0].metrics.char_recall).toBe(0);
    expect(() => scoreCorpus([a], { S: new Map() }, { onMissingDocument: "error" })).toThrow(/no predictions for document "a"/);
  });

  it("rejects predictions for a document the gold lacks unless told to warn", () => {
    const a: Document = { document_id: "a", text: "Ann", spans: [] };
    const preds = { S: new Map([["zzz", [] as Span[]], ["a", []]]) };
    expect(() => scoreCorpus([a], preds)).toThrow(/"zzz", which the gold corpus lacks/);
    const score = scoreCorpus([a], preds, { onUnknownDocument: "warn" });
    expect(score.systems[0].warnings[0].code).toBe("unknown_document");
  });

  it("every registered metric has a unique id and reads only known fields", () => {
    const ids = METRICS.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    const c = countDocument(GOLD, PRED);
    for (const m of METRICS) for (const [f] of [...m.numerator, ...m.denominator]) expect(c[f]).toBeTypeOf("number");
    expect(() => resolveMetric("no_such_metric")).toThrow(/unknown metric/);
  });
});
