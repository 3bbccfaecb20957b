// extend-to-full-forms indexes a text's words in one walk, keeps its per-word answers in plain arrays and memoises
// by numeric bounds (2026-12-04): it must grow every span exactly as the rule did before (a frozen copy in
// test/support), on texts made of date pieces, words of each kind the forms read, separators and other words.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Document, Label, Span } from "../../src/contract/index.js";
import { analyseText } from "../../src/contract/index.js";
import { lexiconFor } from "../../src/healing/index.js";
import { extendToFullForms } from "../../src/healing/rules/extend-to-full-forms.js";
import { extendToFullForms as referenceRule } from "../support/extend-to-full-forms-reference.js";

const PIECES = [
  "1", "12", "03", "31", "2024", "1999", "*", "**", "****", "1er", "3de", "'24", "januari", "Mars", "jan.", "feb", "sept",
  "maandag", "lundi", "begin", "eind", "mi", "zomer", "hiver", "tot", "t/m", "en", "et", "to", "van", "de", "of", "jaar",
  "ans", "www.x.be", "http://a.b/c", "ZAAL", "zaal", "OK", "Peeters", "patiënt", "é", "Ω", "𝐀", "\u0301", "12mrt",
];
const SEPARATORS = [" ", "  ", "", "-", " - ", "–", "/", ".", ". ", ",", ", ", "\n", "\t"];
const text = fc
  .array(fc.tuple(fc.constantFrom(...PIECES), fc.constantFrom(...SEPARATORS)), { minLength: 1, maxLength: 18 })
  .map((ps) => ps.map(([p, s]) => p + s).join(""));
const LABELS: Label[] = ["Date", "Age_Birthdate", "Contactdetails", "Address_Location:Other", "Organization:Healthcare", "Name:Patient"];

describe("extend-to-full-forms", () => {
  const lex = lexiconFor(["nl", "fr"]);
  const rule = extendToFullForms(lex);
  const reference = referenceRule(lex);

  it("grows every span as the rule did before its index and memo changes, in every pass", () => {
    fc.assert(
      fc.property(
        text.chain((t) =>
          fc.tuple(
            fc.constant(t),
            fc.array(
              fc.tuple(fc.nat(t.length), fc.nat(t.length), fc.constantFrom(...LABELS)).map(([a, b, label]): Span => ({ start: Math.min(a, b), end: Math.max(a, b) + (a === b ? 1 : 0), label })),
              { maxLength: 8 },
            ),
          ),
        ),
        ([t, raw]) => {
          const spans = raw.filter((s) => s.end <= t.length);
          const doc: Document = { document_id: "d", text: t };
          const a: Document = { ...doc };
          const b: Document = { ...doc };
          const ctxA = { document: a, options: {}, analysis: analyseText(t) };
          const ctxB = { document: b, options: {}, analysis: analyseText(t) };
          const once = rule(spans, ctxA);
          expect(once).toEqual(reference(spans, ctxB));
          // A second pass reads the memo of the first.
          expect(rule(once, ctxA)).toEqual(reference(once, ctxB));
        },
      ),
      { numRuns: 3000 },
    );
  });
});
