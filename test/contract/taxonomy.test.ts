import { describe, expect, it } from "vitest";
import { LABELS, LABEL_MAPS, MODEL_LABELS, canonicalLabel, isCoreCategory, isLabel, mapForeignLabel } from "../../src/contract/index.js";

describe("taxonomy", () => {
  it("has the 15 labels in alphabetical (contract) order and 14 model labels", () => {
    expect(LABELS).toHaveLength(15);
    expect([...LABELS]).toEqual([...LABELS].sort());
    expect(MODEL_LABELS).toHaveLength(14);
    expect(MODEL_LABELS).not.toContain("Anonymize_Other");
  });
  it("core PII excludes formatting, additional_info, medical_info, time and title", () => {
    for (const c of ["formatting", "additional_info", "medical_info", "time", "title"]) expect(isCoreCategory(c)).toBe(false);
    for (const c of ["given", "family", "day", "street", "public_id"]) expect(isCoreCategory(c)).toBe(true);
  });
  it("canonicalises bare categories", () => {
    expect(canonicalLabel("Name")).toBe("Name:Other");
    expect(canonicalLabel("ID")).toBe("ID:Patient");
    expect(canonicalLabel("Nope")).toBeUndefined();
  });
  it("every label map targets contract labels; Safe Harbor has 18 identifier types", () => {
    for (const map of Object.values(LABEL_MAPS)) for (const l of Object.values(map)) expect(isLabel(l)).toBe(true);
    expect(Object.keys(LABEL_MAPS["safe-harbor"])).toHaveLength(19); // 18 types, dates split off ages over 89
    expect(mapForeignLabel("deduce", "Persoon")).toBe("Name:Other");
    expect(mapForeignLabel("presidio", "iban_code")).toBe("ID:Patient");
    expect(mapForeignLabel("i2b2-2014", "UNKNOWN")).toBeUndefined();
  });
});
