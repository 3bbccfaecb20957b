// Plain calendar dates (no time zone) for generated notes, on the contract's day numbers (src/contract/calendar.ts).
import { civilDate, dayNumber, weekdayOf } from "../contract/index.js";

export interface CalendarDate {
  year: number;
  month: number; // 1..12
  day: number; // 1..31
}

function toEpochDays(d: CalendarDate): number {
  return dayNumber(d.year, d.month, d.day);
}

export function addDays(d: CalendarDate, days: number): CalendarDate {
  return civilDate(toEpochDays(d) + days);
}

export function daysBetween(a: CalendarDate, b: CalendarDate): number {
  return toEpochDays(b) - toEpochDays(a);
}

/** 0 = Monday … 6 = Sunday. */
export function weekdayIndex(d: CalendarDate): number {
  return weekdayOf(toEpochDays(d));
}

export function isoDate(d: CalendarDate): string {
  return `${d.year}-${pad2(d.month)}-${pad2(d.day)}`;
}

export function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** Completed years between a birth date and a later date. */
export function ageInYears(birth: CalendarDate, at: CalendarDate): number {
  let age = at.year - birth.year;
  if (at.month < birth.month || (at.month === birth.month && at.day < birth.day)) age--;
  return age;
}
