// Proleptic Gregorian calendar arithmetic on integer day numbers (days since 1970-01-01), free of time zones.

export interface CivilDate {
  year: number;
  /** 1–12 */
  month: number;
  /** 1–31 */
  day: number;
}

export const MIN_YEAR = 1;
export const MAX_YEAR = 9999;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

export function isValidCivil(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) && Number.isInteger(month) && Number.isInteger(day) &&
    year >= MIN_YEAR && year <= MAX_YEAR && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)
  );
}

// Days-from-civil over 400-year eras (each era has 146,097 days), with March as the first month of the
// computational year so the leap day falls last.
export function dayNumber(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

export function civilDate(dayNum: number): CivilDate {
  const z = dayNum + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** 0 = Monday … 6 = Sunday. */
export function weekdayOf(dayNum: number): number {
  // 1970-01-01 was a Thursday (3).
  return (((dayNum + 3) % 7) + 7) % 7;
}

export function lastDayOfMonth(year: number, month: number): number {
  return dayNumber(year, month, daysInMonth(year, month));
}

/** Adds calendar months, clamping the day to the target month's length (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: CivilDate, months: number): CivilDate {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return { year, month, day: Math.min(date.day, daysInMonth(year, month)) };
}

/** Whole calendar months from `from` to `to` (to ≥ from): the largest n with addMonths(from, n) ≤ to. */
export function wholeMonthsBetween(from: CivilDate, to: CivilDate): number {
  let n = (to.year - from.year) * 12 + (to.month - from.month);
  const toNum = dayNumber(to.year, to.month, to.day);
  while (n > 0 && toDay(addMonths(from, n)) > toNum) n--;
  return Math.max(0, n);
}

export function toDay(d: CivilDate): number {
  return dayNumber(d.year, d.month, d.day);
}

/** Parses "YYYY-MM-DD" (a time part after it is ignored) into a day number; undefined when invalid. */
export function parseIsoDay(value: string | null | undefined): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/.exec((value ?? "").trim());
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return isValidCivil(y, mo, d) ? dayNumber(y, mo, d) : undefined;
}

export const MIN_DAY = dayNumber(MIN_YEAR, 1, 1);
export const MAX_DAY = dayNumber(MAX_YEAR, 12, 31);
