import { describe, expect, it } from "vitest";
import type { Document, Span } from "../../src/contract/index.js";
import { createTransformer, damerauLevenshtein, numberMentions } from "../../src/transform/index.js";

const opts = { max_edit_distance: 1, min_length_for_fuzzy: 4 };

describe("numbered placeholders", () => {
  it("measures transpositions as one edit", () => {
    expect(damerauLevenshtein("peeters", "peetres")).toBe(1);
    expect(damerauLevenshtein("peeters", "peters")).toBe(1);
    expect(damerauLevenshtein("peeters", "janssens", 1)).toBe(2);
  });

  it("gives one number per entity and label, spelling variants included", () => {
    const mentions = [
      { label: "Name:Patient", text: "Peeters" },
      { label: "Name:Caregiver", text: "Janssens" },
      { label: "Name:Patient", text: "PEETERS" },
      { label: "Name:Patient", text: "Peters" },
      { label: "Name:Patient", text: "Pétérs" },
      { label: "Name:Patient", text: "Claes" },
      { label: "Name:Caregiver", text: "Peeters" },
    ];
    expect(numberMentions(mentions, opts)).toEqual([1, 1, 1, 1, 1, 2, 2]);
  });

  it("does not join short different values one edit apart", () => {
    expect(numberMentions([{ label: "Name:Patient", text: "J." }, { label: "Name:Patient", text: "K." }], opts)).toEqual([1, 2]);
  });

  it("writes [Label-n] in the text", async () => {
    const text = "Peeters zag Janssens; Peters belt.";
    const document: Document = { document_id: "d", text };
    const at = (s: string, label: Span["label"]): Span => ({ start: text.indexOf(s), end: text.indexOf(s) + s.length, label });
    const t = await createTransformer("numbered", { baseDir: ".", language: "nl-BE" });
    const r = await t.apply(document, [at("Peeters", "Name:Patient"), at("Janssens", "Name:Caregiver"), at("Peters", "Name:Patient")], { documentIndex: 0 });
    expect(r.deidText).toBe("[Name:Patient-1] zag [Name:Caregiver-1]; [Name:Patient-1] belt.");
  });
});
