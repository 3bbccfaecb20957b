import "reflect-metadata";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isLabel } from "../../src/contract/index.js";
import { PluginRegistry } from "../../src/detectors/index.js";
import { CASES } from "./cases.js";
import plugin, { rulesEnConfigSchema } from "./index.js";
import { compileRulesEn, DEFAULT_SETTINGS, detectRulesEn } from "./lib/detect.js";
import { loadRulesEnLexicon } from "./lib/lexicon.js";
import { tokenize } from "./lib/tokens.js";
import { restoreCase } from "./lib/case.js";
import { looksLikeName, nameLikeness, NAME_LIKE_ALONE } from "./lib/namelike.js";
import { DetectorTester } from "../../test/support/detector-tester.js";
import { parseMarkup, renderMarkup } from "./test-support/markup.js";

const compiled = compileRulesEn();
const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) => a.start < b.end && b.start < a.end;

describe("rules-en development cases", () => {
  for (const [register, cases] of Object.entries(CASES)) {
    describe(register, () => {
      it.each(cases.map((c) => [c]))("%s", (marked) => {
        const { text, spans } = parseMarkup(marked);
        const found = detectRulesEn(text, compiled);
        // Every marked span is hit, and nothing outside the marks is.
        expect(renderMarkup(text, found.filter((f) => spans.some((g) => overlaps(f, g))).length === found.length && spans.every((g) => found.some((f) => overlaps(f, g))) ? spans : found)).toBe(marked);
      });
    });
  }
});

describe("precision traps need a cue", () => {
  const negatives = [
    "Will discuss with the team. May need dialysis.",
    "Hope for improvement; Grace period applies; Bill was paid.",
    "Parkinson's disease, Alzheimer dementia and Crohn disease.",
    "Apgar 9, Glasgow Coma Scale 15, Wells score 2, Child-Pugh B.",
    "Swan-Ganz catheter, Foley catheter, Holter monitor, Doppler study.",
    "Emergency Department, ICU, PACU, Cardiology Clinic, Pain Clinic, Urgent Care.",
    "What is the dose? When to stop? Who is on call? Which test?",
    "Started Lasix 40 mg, Eliquis 5 mg, Keppra 500 mg BID.",
    "BP 120/80, HR 72, pain 7/10, NYHA 3/4, 1/2 tablet.",
    "Normal saline, Mobile X-ray, Independence with transfers.",
    "Back from Mexico; travelled to Spain; born in Canada.",
    "Reviewed by the attending and discussed with pharmacy.",
    "Past Medical History: Heart Failure Clinic follow up.",
    "Frank blood, amber urine, crystal clear, rose to 38.5.",
  ];
  // Through the plugin as a stack creates it (test/support/detector-tester.ts): nothing may be found.
  new DetectorTester(plugin, { language: "en" }).run("without a cue, nothing", { valid: negatives });
});

describe("date scope", () => {
  const text = "Seen yesterday and 3 days ago; next Monday follow-up.";
  it("relative dates are not found by default", () => {
    expect(detectRulesEn(text, compiled)).toEqual([]);
  });
  it("are found with date_scope absolute+relative", () => {
    const withRelative = compileRulesEn({ ...DEFAULT_SETTINGS, relative_dates: true });
    expect(renderMarkup(text, detectRulesEn(text, withRelative))).toBe("Seen [yesterday] and [3 days ago]; [next Monday] follow-up.");
  });
});

describe("families", () => {
  it("switching a family off drops its spans only", () => {
    const text = "Dr. Smith saw him on April 12, 2023 in Chicago; phone 617-555-0142.";
    const noNames = compileRulesEn({ ...DEFAULT_SETTINGS, families: { ...DEFAULT_SETTINGS.families, names: false } });
    expect(renderMarkup(text, detectRulesEn(text, noNames))).toBe("Dr. Smith saw him on [April 12, 2023] in [Chicago]; phone [617-555-0142].");
    const noDates = compileRulesEn({ ...DEFAULT_SETTINGS, families: { ...DEFAULT_SETTINGS.families, dates: false } });
    expect(renderMarkup(text, detectRulesEn(text, noDates))).toBe("Dr. [Smith] saw him on April 12, 2023 in [Chicago]; phone [617-555-0142].");
  });
});

describe("spans are well formed on any text", () => {
  const alphabet = fc.constantFrom(..."Dr. Smith John A., MRN #12345 SSN 123-45-6789 April 12 2023 St. Mary's Hospital Chicago, IL 60601 45M aged 4/5/23 \n\t'’-@.éß😀".split(""));
  it("offsets in bounds, sorted, disjoint, contract labels, never splitting a surrogate pair", () => {
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 300 }).map((a) => a.join("")), (text) => {
        const spans = detectRulesEn(text, compiled);
        let prevEnd = 0;
        for (const s of spans) {
          expect(Number.isInteger(s.start) && Number.isInteger(s.end)).toBe(true);
          expect(s.start).toBeGreaterThanOrEqual(prevEnd);
          expect(s.end).toBeGreaterThan(s.start);
          expect(s.end).toBeLessThanOrEqual(text.length);
          expect(isLabel(s.label)).toBe(true);
          const c = text.charCodeAt(s.start);
          expect(c >= 0xdc00 && c <= 0xdfff).toBe(false);
          prevEnd = s.end;
        }
      }),
      { numRuns: 300 },
    );
  });
  it("a span found in a text is found again, shifted, after a prefix line", () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.values(CASES).flat()), fc.constantFrom("Note.\n", "\n\n", "Ok.\n"), (marked, prefix) => {
        const { text } = parseMarkup(marked);
        const a = detectRulesEn(text, compiled).map((s) => [s.start + prefix.length, s.end + prefix.length]);
        const b = detectRulesEn(prefix + text, compiled).map((s) => [s.start, s.end]);
        expect(b).toEqual(a);
      }),
      { numRuns: 100 },
    );
  });
});

describe("lower-case lines", () => {
  const lex = loadRulesEnLexicon();
  it("change only the case of first letters, only on lines without a capitalised word", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom("labs for ", "hernandez ", "st lukes ", "Mercy ", "leeds general ", "dr anand ", "\n", "é", "😀", "fresno ", "mercy west "), { maxLength: 30 }).map((a) => a.join("")), (text) => {
        const out = restoreCase(text, lex);
        expect(out.length).toBe(text.length);
        expect(out.toLowerCase()).toBe(text.toLowerCase());
        const inLines = text.split("\n");
        out.split("\n").forEach((line, i) => {
          if (/(?<![\p{L}\p{M}])\p{Lu}[\p{Ll}\p{M}]/u.test(inLines[i])) expect(line).toBe(inLines[i]);
        });
      }),
    );
  });
  it("capitalises listed names and places, not everyday or medical words", () => {
    expect(restoreCase("labs for hernandez from fresno on metformin", lex)).toBe("labs for Hernandez from Fresno on metformin");
    expect(restoreCase("Labs for hernandez", lex)).toBe("Labs for hernandez");
    // Capitals alone (acronyms) leave the line lower-case: its names are restored, never a medical word.
    expect(restoreCase("labs for hernandez MRN 4411 ETT above carina", lex)).toBe("labs for Hernandez MRN 4411 ETT above carina");
  });
});

describe("name-like unlisted words", () => {
  it("read names of several languages as names and drugs, clinical words as words", () => {
    for (const w of ["Okonkwo", "Nwachukwu", "Kazmierczak", "Mbeki"]) expect(looksLikeName(w, NAME_LIKE_ALONE)).toBe(true);
    for (const w of ["Tenecteplase", "Nephrology", "Cholecystectomy", "Normocephalic", "Dupilumab", "Ondansetron"]) expect(looksLikeName(w, NAME_LIKE_ALONE)).toBe(false);
    expect(nameLikeness("abc")).toBe(-Infinity);
  });
});

describe("tokens", () => {
  it("cover every non-space character once, with UTF-16 offsets", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200, unit: "grapheme" }), (text) => {
        let covered = "";
        let last = 0;
        for (const t of tokenize(text)) {
          expect(t.start).toBeGreaterThanOrEqual(last);
          expect(text.slice(t.start, t.end)).toBe(t.text);
          covered += t.text;
          last = t.end;
        }
        expect(covered).toBe(text.replace(/[\s\u00a0\u2000-\u200b\u3000]/g, ""));
      }),
      { numRuns: 300 },
    );
  });
});

describe("lists", () => {
  it("load the census names, GeoNames places and SCOWL words", () => {
    const lex = loadRulesEnLexicon();
    expect(lex.firstNames.get("james")).toBe(0);
    expect(lex.surnames.get("smith")).toBe(0);
    expect(lex.surnames.size).toBeGreaterThan(80_000);
    expect(lex.common.has("hope")).toBe(true);
    expect(lex.places.has("chicago")).toBe(true);
    expect(lex.stateAbbreviations.get("IL")).toBe("Illinois");
  });
});

describe("plugin", () => {
  it("has complete defaults and rejects unknown options", () => {
    expect(rulesEnConfigSchema.parse({})).toEqual({
      families: { names: true, places: true, identifiers: true, dates: true, ages: true, professions: true },
      lone_names: true,
      date_scope: "absolute",
    });
    expect(rulesEnConfigSchema.safeParse({ relative: true }).success).toBe(false);
  });

  it("is registered as a built-in deterministic detector", async () => {
    const loaded = await new PluginRegistry().load("rules-en", process.cwd());
    expect(loaded.plugin.meta.id).toBe("rules-en");
    expect(loaded.plugin.meta.kind).toBe("deterministic");
  });

  it("detects through create() and throws a coded error once aborted", async () => {
    const det = await plugin.create(rulesEnConfigSchema.parse({ date_scope: "absolute+relative" }), { baseDir: ".", language: "en", projectRoot: "." });
    const doc = { document_id: "d", text: "Seen by Dr. Smith yesterday." };
    const spans = await det.detect(doc, { signal: new AbortController().signal, documentIndex: 0 });
    expect(spans.map((s) => doc.text.slice(s.start, s.end))).toEqual(["Smith", "yesterday"]);
    const ac = new AbortController();
    ac.abort();
    expect(() => det.detect(doc, { signal: ac.signal, documentIndex: 3 })).toThrow(expect.objectContaining({ code: "E_DETECTOR_TIMEOUT" }));
  });
});
