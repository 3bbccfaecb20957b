import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { acceptFieldValue, acceptNameValue, fieldKind, findFields, readNameValue } from "./lib/fields.js";
import { loadRulesEnLexicon } from "./lib/lexicon.js";
import { compileRulesEn, detectRulesEn } from "./lib/detect.js";

const lex = loadRulesEnLexicon();

describe("record fields (lib/fields.ts)", () => {
  it("reads keys however they are written", () => {
    expect(fieldKind("Place of Birth")).toBe("place");
    expect(fieldKind("gp_practice")).toBe("facility");
    expect(fieldKind("EMPLOYER NAME")).toBe("org");
    expect(fieldKind("Care-home")).toBe("home");
    expect(fieldKind("Plan")).toBeUndefined();
    expect(fieldKind("Patient Name")).toBe("patient");
    expect(fieldKind("MI")).toBeUndefined();
    expect(fieldKind("Known as")).toBe("nickname");
  });

  it("refuses null entries, countries, programmes and generic words", () => {
    for (const [v, k] of [["N/A", "org"], ["Self-employed", "org"], ["Poland", "place"], ["Medicare A", "org"], ["Primary School", "org"], ["Maternity", "ward"], ["Alert", "place"], ["Home", "facility"]] as const) {
      expect(acceptFieldValue(v, k, lex), v).toBe(false);
    }
    for (const [v, k] of [["Quillon Tool & Gasket", "org"], ["Gdansk", "place"], ["The Hollies", "home"], ["Marrowby", "ward"]] as const) {
      expect(acceptFieldValue(v, k, lex), v).toBe(true);
    }
  });

  it("a value stops at a column gap, a delimiter or a lower-case word", () => {
    const text = "Employer: Tremlett Haulage since 2019   Town: Ashbourne; School: Harwood Vale Academy (year 9)";
    const spans = findFields(text, lex).map((c) => text.slice(c.start, c.end));
    expect(spans).toEqual(["Tremlett Haulage", "Ashbourne", "Harwood Vale Academy"]);
  });

  it("reads a name value without its title, a role, a credential or the next field", () => {
    const read = (t: string, from: number, lower = false) => {
      const v = readNameValue(t, from, t.length, lower);
      return v ? t.slice(v.start, v.end) : undefined;
    };
    expect(read("Consultant: Dr H. Okwuosa", 12)).toBe("H. Okwuosa");
    expect(read("Surname: DOE, JANE A", 9)).toBe("DOE, JANE A");
    expect(read("Seen by: A. Lindqvist, ANP", 9)).toBe("A. Lindqvist");
    expect(read("GP: Fenn, Brook Lane Surgery", 4)).toBe("Fenn");
    expect(read("Name: JOHN TREMAYNE DOB 01/02/1950", 6)).toBe("JOHN TREMAYNE");
    expect(read("Name: Ann Lee Sex: F", 6)).toBe("Ann Lee");
    expect(read("name: marlo ketteridge", 6, true)).toBe("marlo ketteridge");
    expect(read("Name: unknown", 6)).toBeUndefined();
  });

  it("refuses roles and relations where a name is asked for", () => {
    for (const [v, k] of [["Wife", "other-person"], ["GP", "caregiver"], ["Unknown", "patient"], ["Patient", "patient"], ["ED", "initials"]] as const) {
      expect(acceptNameValue(v, k, lex), v).toBe(false);
    }
    for (const [v, k] of [["Odette Varga", "other-person"], ["Ray", "nickname"], ["J", "middle"], ["K.H.", "initials"], ["JT", "patient"]] as const) {
      expect(acceptNameValue(v, k, lex), v).toBe(true);
    }
  });

  it("spans lie inside their line, after the key, and never cross a line (property)", () => {
    const keys = ["Employer", "City", "Ward", "Care home", "GP practice", "Insurer", "School", "Place of birth", "Site", "Name", "Known as", "Next of kin", "Initials", "Middle"];
    const word = fc.stringMatching(/^[A-Za-z][a-z]{0,8}$/);
    const value = fc.array(fc.oneof(word, fc.constantFrom("&", "of", "the", ",", "  ", "(x)", "|", "-")), { minLength: 0, maxLength: 6 }).map((ws) => ws.join(" "));
    const line = fc.tuple(fc.constantFrom(...keys), fc.constantFrom(": ", ":", " = ", ":   "), value).map(([k, sep, v]) => `${k}${sep}${v}`);
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 5 }), (lines) => {
        const text = lines.join("\n");
        for (const c of findFields(text, lex)) {
          expect(c.start).toBeGreaterThanOrEqual(0);
          expect(c.end).toBeLessThanOrEqual(text.length);
          expect(c.end).toBeGreaterThan(c.start);
          const span = text.slice(c.start, c.end);
          expect(span).not.toContain("\n");
          expect(span).not.toMatch(/^\s|\s$/);
          const lineStart = text.lastIndexOf("\n", c.start - 1) + 1;
          // Right after the key's separator, or after a title or role kept outside a name ("Known as: dr …").
          expect(text.slice(lineStart, c.start)).toMatch(/(?:[:=]|\.{3})\s*(?:[A-Za-z]{1,6}\.?\s+)?$/);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("shifting a record by a prefix line shifts its spans", () => {
    const compiled = compileRulesEn();
    const rec = "Employer: Quillon Tool & Gasket\nCity: Cedar Falls";
    const a = detectRulesEn(rec, compiled);
    const pre = "Registration sheet\n";
    const b = detectRulesEn(pre + rec, compiled);
    expect(b.map((s) => [s.start - pre.length, s.end - pre.length])).toEqual(a.map((s) => [s.start, s.end]));
  });
});
