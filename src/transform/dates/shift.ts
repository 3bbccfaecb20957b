// Shifting a parsed date by a number of days and writing it back in its source style.
import { MAX_DAY, MIN_DAY } from "../../contract/index.js";
import { renderSlot, renderTemplate, renderWidened, unitKey, valuesAt } from "./render.js";
import type { DatePart, ParsedDate } from "./types.js";

export class DateOverflowError extends RangeError {
  constructor() {
    super("shifted date outside years 1–9999");
    this.name = "DateOverflowError";
  }
}

function checkRange(day: number): number {
  if (day < MIN_DAY || day > MAX_DAY) throw new DateOverflowError();
  return day;
}

/** Both ends of an interval move by the same number of days, so every interval between dates is kept. */
export function shiftDateInterval(interval: { start: number; end: number }, days: number): { start: number; end: number } {
  return { start: checkRange(interval.start + days), end: checkRange(interval.end + days) };
}

function renderPartAt(part: DatePart, startDay: number, endDay: number): string {
  if (unitKey(startDay, part.granularity) === unitKey(endDay, part.granularity)) {
    return renderTemplate(part.template, part.granularity, startDay);
  }
  return renderWidened(part, startDay, endDay);
}

function borrowedFieldsDiffer(left: DatePart, right: DatePart, leftDay: number, rightDay: number): boolean {
  const l = valuesAt(leftDay, left.granularity);
  const r = valuesAt(rightDay, right.granularity);
  return left.borrowed.some((f) => (f === "month" ? l.month !== r.month : l.year !== r.year));
}

/**
 * The shifted text of a parsed date. A single part whose ends land in different units is widened; a range
 * writes its left side at the shifted start and its right side at the shifted end, and writes the left side in
 * full when the fields it borrowed no longer match ("28-30 april" +5 → "3 mei-5 mei" style).
 */
export function renderShiftedDate(parsed: ParsedDate, days: number): string | undefined {
  if (parsed.kind === "unchanged") return undefined;
  if (parsed.kind === "weekday") {
    const weekday = (((parsed.weekday + days) % 7) + 7) % 7;
    return parsed.leading + renderSlot(parsed.slot, { day: 1, month: 1, year: 2000, weekday, season: 0, phase: 0 }) + parsed.trailing;
  }
  const { start, end } = shiftDateInterval(parsed, days);
  let body: string;
  if (parsed.parts.length === 1) {
    body = renderPartAt(parsed.parts[0], start, end);
  } else {
    const [left, right] = parsed.parts;
    const leftStart = start;
    const rightEnd = end;
    const leftText = borrowedFieldsDiffer(left, right, leftStart, rightEnd)
      ? renderTemplate(right.template, right.granularity, leftStart)
      : renderTemplate(left.template, left.granularity, leftStart);
    const rightText = renderTemplate(right.template, right.granularity, rightEnd);
    body = leftText + parsed.joiner + rightText;
  }
  return parsed.leading + body + parsed.trailing;
}
