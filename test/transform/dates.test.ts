import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  deriveShiftDays,
  DocumentDates,
  documentShift,
  loadAgePolicy,
  parseDate,
  renderShiftedDate,
  unitKey,
  type DateParseContext,
} from "../../src/transform/dates/index.js";
import { civilDate, dayNumber, weekdayOf } from "../../src/contract/index.js";

const ctx: DateParseContext = { languages: ["nl", "fr", "en"], documentDay: dayNumber(2025, 1, 15) };
const MIN = dayNumber(1900, 1, 1);
const MAX = dayNumber(2090, 12, 31);
const pad = (n: number) => String(n).padStart(2, "0");
const NL = ["januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober", "november", "december"];
const FR = ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"];
const EN = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** Day-level ways of writing a date, used to produce source text. */
const DAY_STYLES: ((d: number) => string)[] = [
  (n) => { const c = civilDate(n); return `${pad(c.day)}/${pad(c.month)}/${c.year}`; },
  (n) => { const c = civilDate(n); return `${c.day}.${c.month}.${c.year}`; },
  (n) => { const c = civilDate(n); return `${c.year}-${pad(c.month)}-${pad(c.day)}`; },
  (n) => { const c = civilDate(n); return `${c.day} ${NL[c.month - 1]} ${c.year}`; },
  (n) => { const c = civilDate(n); return `${c.day} ${FR[c.month - 1]} ${c.year}`; },
  (n) => { const c = civilDate(n); return `${EN[c.month - 1]} ${c.day}, ${c.year}`; },
  (n) => { const c = civilDate(n); return `maandag ${c.day} ${NL[c.month - 1]} ${c.year}`; },
];
/** Coarser ways of writing a period containing a day. */
const COARSE_STYLES: ((d: number) => string)[] = [
  (n) => { const c = civilDate(n); return `${NL[c.month - 1]} ${c.year}`; },
  (n) => { const c = civilDate(n); return `${pad(c.month)}/${c.year}`; },
  (n) => String(civilDate(n).year),
  (n) => { const c = civilDate(n); return `${["begin", "midden", "eind"][c.day <= 10 ? 0 : c.day <= 20 ? 1 : 2]} ${NL[c.month - 1]} ${c.year}`; },
  (n) => { const c = civilDate(n); return `${["winter", "lente", "lente", "lente", "zomer", "zomer", "zomer", "herfst", "herfst", "herfst", "winter", "winter"][c.month - 1]} ${c.month <= 2 ? c.year - 1 : c.year}`; },
  (n) => { const c = civilDate(n); return `${EN[c.month - 1]} ${c.year}`; },
];

const day = fc.integer({ min: MIN, max: MAX });
const shift = fc.integer({ min: -2000, max: 2000 }).filter((s) => s !== 0);

function parsedStart(text: string): number {
  const p = parseDate(text, ctx);
  if (!p || p.kind !== "date") throw new Error("did not parse back");
  return p.start;
}

describe("calendar arithmetic on day numbers", () => {
  it("agrees with UTC dates and weekdays", () => {
    fc.assert(
      fc.property(fc.integer({ min: dayNumber(1, 1, 1), max: dayNumber(9999, 12, 31) }), (n) => {
        const c = civilDate(n);
        expect(dayNumber(c.year, c.month, c.day)).toBe(n);
        if (c.year >= 1000) {
          const t = new Date(Date.UTC(c.year, c.month - 1, c.day));
          expect(t.getTime() / 86_400_000).toBe(n);
          expect(weekdayOf(n)).toBe((t.getUTCDay() + 6) % 7);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe("date shifting", () => {
  it("keeps the interval between any two dates of one patient", () => {
    fc.assert(
      fc.property(day, day, shift, fc.nat(DAY_STYLES.length - 1), fc.nat(DAY_STYLES.length - 1), (a, b, s, sa, sb) => {
        const ta = renderShiftedDate(parseDate(DAY_STYLES[sa](a), ctx)!, s)!;
        const tb = renderShiftedDate(parseDate(DAY_STYLES[sb](b), ctx)!, s)!;
        expect(parsedStart(tb) - parsedStart(ta)).toBe(b - a);
        expect(parsedStart(ta)).toBe(a + s);
      }),
      { numRuns: 400 },
    );
  });

  it("writes a shifted day that parses back to the shifted day", () => {
    fc.assert(
      fc.property(day, shift, fc.nat(DAY_STYLES.length - 1), (d, s, style) => {
        const parsed = parseDate(DAY_STYLES[style](d), ctx)!;
        const back = parseDate(renderShiftedDate(parsed, s)!, ctx)!;
        expect(back.kind === "date" && [back.start, back.end]).toEqual([d + s, d + s]);
      }),
      { numRuns: 400 },
    );
  });

  it("writes a shifted period as the smallest run of its units that covers the shifted interval", () => {
    fc.assert(
      fc.property(day, shift, fc.nat(COARSE_STYLES.length - 1), (d, s, style) => {
        const parsed = parseDate(COARSE_STYLES[style](d), ctx)!;
        expect(parsed.kind).toBe("date");
        if (parsed.kind !== "date") return;
        const text = renderShiftedDate(parsed, s)!;
        const back = parseDate(text, ctx)!;
        expect(back.kind).toBe("date");
        if (back.kind !== "date") return;
        const g = parsed.parts[0].granularity;
        // Covers the shifted interval, starting in the unit of its start and ending in the unit of its end.
        expect(back.start).toBeLessThanOrEqual(parsed.start + s);
        expect(back.end).toBeGreaterThanOrEqual(parsed.end + s);
        expect(unitKey(back.start, g)).toBe(unitKey(parsed.start + s, g));
        expect(unitKey(back.end, g)).toBe(unitKey(parsed.end + s, g));
      }),
      { numRuns: 400 },
    );
  });
});

describe("written forms", () => {
  const shifted = (text: string, days: number, c: DateParseContext = ctx) => renderShiftedDate(parseDate(text, c)!, days);
  it("widens a month whose shifted ends fall in two months", () => {
    expect(shifted("mei 2023", 10)).toBe("mei/juni 2023");
    expect(shifted("december 2023", 10)).toBe("december 2023/januari 2024");
    expect(shifted("05/2023", 10)).toBe("05/2023-06/2023");
    expect(shifted("2023", 10)).toBe("2023/2024");
    expect(shifted("zomer 2023", 10)).toBe("zomer/herfst 2023");
    expect(shifted("begin mei", 5)).toBe("begin/midden mei");
    expect(shifted("eind mei", 10)).toBe("eind mei/begin juni");
  });
  it("keeps separators, padding, year width, apostrophes, month language, abbreviation and case", () => {
    expect(shifted("05.03.2023", 3)).toBe("08.03.2023");
    expect(shifted("5/3/23", 3)).toBe("8/3/23");
    expect(shifted("12 mrt. '23", 1)).toBe("13 mrt. '23");
    expect(shifted("12 MAART 2023", 30)).toBe("11 APRIL 2023");
    expect(shifted("30 janvier 2023", 2)).toBe("1er février 2023");
    expect(shifted("Jan. 30, 2023", 2)).toBe("Feb. 1, 2023");
    expect(shifted("3 fevrier 2024", 200)).toBe("21 aout 2024");
  });
  it("recomputes the weekday", () => {
    expect(shifted("maandag 13 maart 2023", 1)).toBe("dinsdag 14 maart 2023");
    expect(shifted("Mon, March 13, 2023", 2)).toBe("Wed, March 15, 2023");
    expect(shifted("lundi", 3)).toBe("jeudi");
  });
  it("reads ambiguous numeric dates day first unless the language is en-US", () => {
    const p = parseDate("03/04/2024", ctx)!;
    expect(p.kind === "date" && civilDate(p.start)).toEqual({ year: 2024, month: 4, day: 3 });
    const us = parseDate("03/04/2024", { ...ctx, monthFirst: true })!;
    expect(us.kind === "date" && civilDate(us.start)).toEqual({ year: 2024, month: 3, day: 4 });
  });
  it("reads two-digit years in the century nearest the document date", () => {
    const p = parseDate("12/03/98", ctx)!;
    expect(p.kind === "date" && civilDate(p.start).year).toBe(1998);
    const q = parseDate("12/03/98", { ...ctx, documentDay: dayNumber(2095, 1, 1) })!;
    expect(q.kind === "date" && civilDate(q.start).year).toBe(2098);
  });
  it("does not read what is not a date", () => {
    for (const t of ["hello", "32/01/2023", "12/13/2023x", "31 februari 2023", "Parkinson"]) expect(parseDate(t, ctx)).toBeUndefined();
  });
});

describe("document dates", () => {
  const agePolicy = loadAgePolicy();
  const options = { agePolicy, ninetyPlus: false, numericDateOrder: "auto" as const };
  const key = Buffer.from("9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08", "hex");
  const policy = { rangeDays: [366, 1095] as const, keepWeekday: false, minRecommendedDays: 366 };

  it("uses metadata.date_shift_days, else a key-derived shift per patient, else none", () => {
    expect(documentShift({ document_id: "a", text: "", metadata: { date_shift_days: 400 } }, key, policy)).toEqual({ days: 400, source: "metadata" });
    expect(documentShift({ document_id: "a", text: "", metadata: { date_shift_days: 0 } }, key, policy).source).toBe("metadata:zero");
    const one = documentShift({ document_id: "a", text: "", patient_id: "p1" }, key, policy);
    const two = documentShift({ document_id: "b", text: "", patient_id: "p1" }, key, policy);
    expect(one.source).toBe("key:patient");
    expect(one.days).toBe(two.days);
    expect(documentShift({ document_id: "a", text: "" }, undefined, policy)).toEqual({ days: undefined, source: "none" });
  });

  it("derives shifts in the configured range, never within a year, in whole weeks when asked", () => {
    fc.assert(
      fc.property(fc.string(), fc.boolean(), (patient, weeks) => {
        const s = deriveShiftDays(key, patient, { ...policy, keepWeekday: weeks });
        expect(Math.abs(s)).toBeGreaterThanOrEqual(366);
        expect(Math.abs(s)).toBeLessThanOrEqual(1095);
        if (weeks) expect(Math.abs(s) % 7).toBe(0);
      }),
      { numRuns: 200 },
    );
  });

  it("turns an unreadable date into a placeholder and a shift past year 9999 too", () => {
    const dates = new DocumentDates({ document_id: "a", text: "" }, "nl-BE", { days: 400, source: "metadata" }, options);
    expect(dates.date("de dag na Pasen").outcome).toBe("placeholder_unparsed");
    expect(dates.date("31/12/9999").outcome).toBe("placeholder_unparsed");
    expect(dates.date("14:30")).toEqual({ text: "14:30", outcome: "unchanged" });
  });

  it("writes a birth date as the age at the shifted document date, or the shifted year without one", () => {
    const md = { document_creation_date: "2025-01-15" };
    const withDate = new DocumentDates({ document_id: "a", text: "", metadata: md }, "nl-BE", { days: 371, source: "metadata" }, options);
    expect(withDate.age("12/03/1980")).toEqual({ text: "44 jaar oud", outcome: "birthdate_age" });
    expect(withDate.age("01/12/2024")).toEqual({ text: "6 weken 3 dagen oud", outcome: "birthdate_age" });
    const without = new DocumentDates({ document_id: "a", text: "" }, "nl-BE", { days: 371, source: "metadata" }, options);
    expect(without.age("12/03/1980")).toEqual({ text: "1981", outcome: "year_fallback" });
  });
});
