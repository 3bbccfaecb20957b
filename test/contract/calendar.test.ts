// Calendar arithmetic has one home (src/contract/calendar.ts); checked against the JavaScript Date in UTC, an
// independent implementation of the proleptic Gregorian calendar.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addMonths, civilDate, dayNumber, daysInMonth, isLeapYear, isValidCivil, weekdayOf } from "../../src/contract/index.js";

const MS_PER_DAY = 86_400_000;
/** Date.UTC treats years 0–99 as 1900–1999; setUTCFullYear does not. */
function utc(year: number, monthIndex: number, day: number): Date {
  const d = new Date(0);
  d.setUTCFullYear(year, monthIndex, day);
  return d;
}
const year = fc.integer({ min: 1, max: 9999 });
const month = fc.integer({ min: 1, max: 12 });

describe("calendar", () => {
  it("daysInMonth(year, month) is the day before the next month's first day", () => {
    fc.assert(fc.property(year, month, (y, m) => {
      expect(daysInMonth(y, m)).toBe(utc(y, m, 0).getUTCDate());
    }));
  });

  it("leap years have a 29 February", () => {
    fc.assert(fc.property(year, (y) => {
      expect(isLeapYear(y)).toBe(utc(y, 1, 29).getUTCMonth() === 1);
    }));
    expect([1900, 2000, 2023, 2024].map(isLeapYear)).toEqual([false, true, false, true]);
  });

  it("day numbers are days since 1970-01-01 and civilDate inverts them; weekdays run from Monday", () => {
    fc.assert(
      fc.property(year, month, fc.integer({ min: 1, max: 31 }), (y, m, d) => {
        fc.pre(d <= daysInMonth(y, m));
        expect(isValidCivil(y, m, d)).toBe(true);
        const n = dayNumber(y, m, d);
        expect(n).toBe(utc(y, m - 1, d).getTime() / MS_PER_DAY);
        expect(civilDate(n)).toEqual({ year: y, month: m, day: d });
        expect(weekdayOf(n)).toBe((utc(y, m - 1, d).getUTCDay() + 6) % 7);
      }),
    );
  });

  it("a day past the month's end is not a date", () => {
    fc.assert(fc.property(year, month, (y, m) => {
      expect(isValidCivil(y, m, daysInMonth(y, m) + 1)).toBe(false);
    }));
  });

  it("adding months clamps the day to the target month", () => {
    expect(addMonths({ year: 2024, month: 1, day: 31 }, 1)).toEqual({ year: 2024, month: 2, day: 29 });
    expect(addMonths({ year: 2023, month: 1, day: 31 }, 1)).toEqual({ year: 2023, month: 2, day: 28 });
    expect(addMonths({ year: 2023, month: 11, day: 30 }, 3)).toEqual({ year: 2024, month: 2, day: 29 });
  });
});
