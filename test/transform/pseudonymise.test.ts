import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Document, Span } from "../../src/contract/index.js";
import { createTransformer } from "../../src/transform/index.js";

const dir = mkdtempSync(join(tmpdir(), "pseudo-"));
// A fixed key (256 bits): the surrogates this test sees are the same on every run.
writeFileSync(join(dir, "site.key"), createHash("sha256").update("pseudonymise.test fixed key").digest("hex"), { mode: 0o600 });
const ctx = { baseDir: dir, language: "nl-BE" };

const text = "Jan Peeters (° 12/03/1980), 45 jaar, gezien op 14/01/2025 door Dr. Claes; controle mei 2025. Tel 0475 12 34 56.";
const at = (s: string, label: Span["label"]): Span => ({ start: text.indexOf(s), end: text.indexOf(s) + s.length, label });
const spans: Span[] = [
  at("Jan Peeters", "Name:Patient"),
  at("12/03/1980", "Age_Birthdate"),
  at("45 jaar", "Age_Birthdate"),
  at("14/01/2025", "Date"),
  at("Dr. Claes", "Name:Caregiver"),
  at("mei 2025", "Date"),
  at("0475 12 34 56", "Contactdetails"),
];
const document: Document = {
  document_id: "d1",
  patient_id: "p1",
  text,
  metadata: { lang: "nl-BE", document_creation_date: "2025-01-15", date_shift_days: 371, patient: { given_name: "Jan", family_name: "Peeters" } },
};

describe("pseudonymise transform", () => {
  it("shifts dates, turns birth dates into ages, keeps ages in band and places placeholders without a key", async () => {
    const t = await createTransformer("pseudonymise", ctx);
    const r = await t.apply(document, spans, { documentIndex: 0 });
    expect(r.deidText).toBe(
      "[Name:Patient] (° 44 jaar oud), 45 jaar, gezien op 20/01/2026 door [Name:Caregiver]; controle mei/juni 2026. Tel [Contactdetails].",
    );
    const dr = r.processing!.date_replacement as Record<string, unknown>;
    expect(dr).toMatchObject({ mode: "shift", shift_source: "metadata", detected_spans: 4, shifted_spans: 2, birthdate_age_spans: 1, age_kept_spans: 1, placeholder_spans: 0 });
    expect(JSON.stringify(r.processing)).not.toContain("371");
    expect(r.processing!.age_granularity_policy).toMatchObject({ policy_id: "deidstack-default", policy_version: "1.0.0" });
    expect((r.processing!.age_granularity_policy as { sha256: string }).sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(r.warnings).toEqual([]);
  });

  it("uses surrogates for the other labels when a key is configured", async () => {
    const t = await createTransformer({ type: "pseudonymise", key_file: "site.key" }, ctx);
    const r = await t.apply(document, spans, { documentIndex: 0 });
    expect(r.deidText).not.toContain("[");
    expect(r.deidText).not.toContain("Peeters");
    // A surname surrogate of any shape ("Claessens", "McClure", "Van den Bossche", "D'Hondt"), title kept.
    expect(r.deidText).toMatch(/door Dr\. \p{Lu}[^;[\]]*;/u);
    expect(r.processing!.surrogates).toMatchObject({ replaced_spans: 3 });
  });

  it("warns for a shift of a year or less and turns unreadable dates into placeholders", async () => {
    const t = await createTransformer("pseudonymise", ctx);
    const short = { ...document, metadata: { ...document.metadata, date_shift_days: 30 } };
    const odd = "de dag na Pasen";
    const r = await t.apply({ ...short, text: `${text} ${odd}` }, [...spans, { start: text.length + 1, end: text.length + 1 + odd.length, label: "Date" }], { documentIndex: 0 });
    expect(r.warnings.map((w) => w.code).sort()).toEqual(["date_parse_fallback", "date_shift_below_recommended_minimum"]);
    expect(r.deidText.endsWith(" [Date]")).toBe(true);
    for (const w of r.warnings) expect(w.message).not.toContain("Pasen");
  });

  it("derives one shift per patient from the key when metadata gives none", async () => {
    const t = await createTransformer({ type: "surrogates", key_file: "site.key" }, ctx);
    const noShift = (id: string): Document => ({ ...document, document_id: id, metadata: { ...document.metadata, date_shift_days: undefined } });
    const one = await t.apply(noShift("a"), [at("14/01/2025", "Date")], { documentIndex: 0 });
    const two = await t.apply(noShift("b"), [at("14/01/2025", "Date")], { documentIndex: 1 });
    expect(one.deidText).toBe(two.deidText);
    expect(one.deidText).not.toContain("14/01/2025");
    expect((one.processing!.date_replacement as { shift_source: string }).shift_source).toBe("key:patient");
  });

  it("refuses a missing key, surrogates without a key and bad options", async () => {
    await expect(createTransformer({ type: "surrogates" }, ctx)).rejects.toMatchObject({ code: "E_STACK_CONFIG" });
    await expect(createTransformer({ type: "surrogates", key_file: "absent.key" }, ctx)).rejects.toMatchObject({ code: "E_STACK_CONFIG" });
    await expect(createTransformer({ type: "pseudonymise", others: "surrogates" }, ctx)).rejects.toMatchObject({ code: "E_STACK_CONFIG" });
    await expect(createTransformer({ type: "pseudonymise", shift_range_days: [400, 300] }, ctx)).rejects.toMatchObject({ code: "E_STACK_CONFIG" });
    await expect(createTransformer({ type: "pseudonymise", keep_weekday: true, shift_range_days: [366, 370] }, ctx)).rejects.toMatchObject({ code: "E_STACK_CONFIG" });
    await expect(createTransformer({ type: "pseudonymise", unknown_option: 1 }, ctx)).rejects.toMatchObject({ code: "E_STACK_CONFIG" });
  });

  it("writes date placeholders without a warning when asked to, and still generalises ages", async () => {
    const t = await createTransformer({ type: "pseudonymise", dates: "placeholders" }, ctx);
    const r = await t.apply(document, spans, { documentIndex: 0 });
    expect(r.deidText).toContain("gezien op [Date]");
    expect(r.deidText).toContain("(° 44 jaar oud)");
    expect(r.warnings).toEqual([]);
  });

  it("writes 90+ for old ages when asked", async () => {
    const t = await createTransformer({ type: "pseudonymise", ages_90_plus: true }, ctx);
    const r = await t.apply({ ...document, text: "92 jaar" }, [{ start: 0, end: 7, label: "Age_Birthdate" }], { documentIndex: 0 });
    expect(r.deidText).toBe("90+ jaar");
  });
});
