// Plain calendar dates (no time zone) for generated notes.

export interface CalendarDate {
  year: number;
  month: number; // 1..12
  day: number; // 1..31
}

const MS_PER_DAY = 86_400_000;

function toEpochDays(d: CalendarDate): number {
  return Date.UTC(d.year, d.month - 1, d.day) / MS_PER_DAY;
}

function fromEpochDays(days: number): CalendarDate {
  const dt = new Date(days * MS_PER_DAY);
  return { year: dt.getUTCFullYear(), month: dt.getUTCMonth() + 1, day: dt.getUTCDate() };
}

export function addDays(d: CalendarDate, days: number): CalendarDate {
  return fromEpochDays(toEpochDays(d) + days);
}

export function daysBetween(a: CalendarDate, b: CalendarDate): number {
  return toEpochDays(b) - toEpochDays(a);
}

/** 0 = Monday … 6 = Sunday. */
export function weekdayIndex(d: CalendarDate): number {
  return (new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay() + 6) % 7;
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
