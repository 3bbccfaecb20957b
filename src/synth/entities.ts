// Renders identifier values as parts (surface text + sub-annotation category) in many surface forms.
import { formatting, mapPartsText, part, type Part } from "./builder.js";
import { pad2, weekdayIndex, type CalendarDate } from "./calendar.js";
import type { Lang } from "./lang.js";
import type { Prng } from "./prng.js";
import type { Sex } from "./sources.js";

/** Characters MedDeID's formatting policy treats as separators, plus whitespace and "@". */
const SEPARATOR = /[\s'"’“”°/\-–_+.,:;|()[\]{}@]+/gu;

/** Splits text into runs of content (the given category) and separators (formatting). */
export function splitParts(text: string, category: string): Part[] {
  const out: Part[] = [];
  let last = 0;
  for (const m of text.matchAll(SEPARATOR)) {
    const i = m.index ?? 0;
    if (i > last) out.push(part(text.slice(last, i), category));
    out.push(formatting(m[0]));
    last = i + m[0].length;
  }
  if (last < text.length) out.push(part(text.slice(last), category));
  return out;
}

export const upperParts = (parts: readonly Part[]): Part[] => mapPartsText(parts, (t) => t.toUpperCase());

export interface PersonName {
  given: string[];
  family: string;
  sex: Sex;
}

export type NameForm =
  | "given_family"
  | "family_given"
  | "FAMILY_given"
  | "family_comma_given"
  | "initial_family"
  | "family_initial"
  | "given"
  | "family"
  | "initials_family"
  | "all_given_family";

const initialOf = (name: string): string => name[0];

function initialParts(given: readonly string[], all: boolean, spaced: boolean): Part[] {
  const names = all ? given : given.slice(0, 1);
  const parts: Part[] = [];
  names.forEach((g, i) => {
    if (i > 0 && spaced) parts.push(formatting(" "));
    parts.push(part(initialOf(g), "initials"), formatting("."));
  });
  return parts;
}

export function renderName(person: PersonName, form: NameForm): Part[] {
  const family = splitParts(person.family, "family");
  const given = splitParts(person.given[0], "given");
  const sp = formatting(" ");
  switch (form) {
    case "given_family":
      return [...given, sp, ...family];
    case "family_given":
      return [...family, sp, ...given];
    case "FAMILY_given":
      return [...upperParts(family), sp, ...given];
    case "family_comma_given":
      return [...family, formatting(", "), ...given];
    case "initial_family":
      return [...initialParts(person.given, false, false), sp, ...family];
    case "family_initial":
      return [...family, sp, ...initialParts(person.given, false, false)];
    case "given":
      return given;
    case "family":
      return family;
    case "initials_family":
      return [...initialParts(person.given, true, false), sp, ...family];
    case "all_given_family":
      return [...person.given.flatMap((g, i) => (i === 0 ? splitParts(g, "given") : [sp, ...splitParts(g, "given")])), sp, ...family];
  }
}

export function pickNameForm(prng: Prng, caregiver: boolean): NameForm {
  return prng.weighted<NameForm>(
    caregiver
      ? [["given_family", 4], ["initial_family", 3], ["family", 3], ["family_given", 2], ["FAMILY_given", 1], ["family_comma_given", 1], ["family_initial", 1]]
      : [["given_family", 4], ["family_given", 2], ["FAMILY_given", 2], ["family_comma_given", 1], ["initial_family", 1], ["family", 2], ["given", 1], ["family_initial", 1], ["initials_family", 1], ["all_given_family", 1]],
  );
}

/** A caregiver name with its title inside the span (MedDeID annotates "Dr. X" as one Name:Caregiver span). */
export function renderCaregiverName(prng: Prng, person: PersonName, lang: Lang, withTitle: boolean): Part[] {
  const name = renderName(person, pickNameForm(prng, true));
  if (!withTitle) return name;
  const title = prng.pick(lang.caregiverTitles);
  const titleParts = splitParts(title, "title");
  if (prng.chance(0.12)) return [...name, formatting(", "), ...titleParts];
  return [...titleParts, formatting(" "), ...name];
}

// ---------------------------------------------------------------------------------------------------------------
// Dates

export type DateOrder = "dmy" | "mdy";

export type DateStyle =
  | "numeric_slash_long"
  | "numeric_slash_short"
  | "numeric_dash_long"
  | "numeric_dash_short"
  | "numeric_dot_long"
  | "textual_full"
  | "textual_abbr_dot"
  | "textual_hyphen"
  | "weekday_numeric"
  | "weekday_textual"
  | "day_month_numeric"
  | "day_month_textual"
  | "month_year"
  | "year_only"
  | "iso"
  | "us_textual"
  | "ordinal_textual";

function numericDate(d: CalendarDate, order: DateOrder, sep: string, long: boolean, withYear = true): Part[] {
  const day = part(long ? pad2(d.day) : String(d.day), "day");
  const month = part(long ? pad2(d.month) : String(d.month), "month");
  const year = part(long ? String(d.year) : pad2(d.year % 100), "year");
  const first = order === "dmy" ? day : month;
  const second = order === "dmy" ? month : day;
  return withYear ? [first, formatting(sep), second, formatting(sep), year] : [first, formatting(sep), second];
}

function ordinal(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? "th" : ["th", "st", "nd", "rd"][n % 10] ?? "th";
  return `${n}${s}`;
}

export function renderDate(d: CalendarDate, style: DateStyle, lang: Lang, order: DateOrder, upper = false): Part[] {
  const monthName = lang.months[d.month - 1];
  const monthAbbr = lang.monthsAbbr[d.month - 1];
  const weekday = lang.weekdays[weekdayIndex(d)];
  const sp = formatting(" ");
  let parts: Part[];
  switch (style) {
    case "numeric_slash_long":
      parts = numericDate(d, order, "/", true);
      break;
    case "numeric_slash_short":
      parts = numericDate(d, order, "/", false);
      break;
    case "numeric_dash_long":
      parts = numericDate(d, order, "-", true);
      break;
    case "numeric_dash_short":
      parts = numericDate(d, order, "-", false);
      break;
    case "numeric_dot_long":
      parts = numericDate(d, "dmy", ".", true);
      break;
    case "textual_full":
      parts = [part(String(d.day), "day"), sp, part(monthName, "month"), sp, part(String(d.year), "year")];
      break;
    case "textual_abbr_dot":
      parts = [part(String(d.day), "day"), sp, part(monthAbbr, "month"), formatting(". "), part(String(d.year), "year")];
      break;
    case "textual_hyphen":
      parts = [part(pad2(d.day), "day"), formatting("-"), part(monthAbbr, "month"), formatting("-"), part(String(d.year), "year")];
      break;
    case "weekday_numeric":
      parts = [part(weekday, "weekday"), sp, ...numericDate(d, order, "/", false)];
      break;
    case "weekday_textual":
      parts = [part(lang.weekdaysAbbr[weekdayIndex(d)], "weekday"), sp, part(String(d.day), "day"), sp, part(monthName, "month"), sp, part(String(d.year), "year")];
      break;
    case "day_month_numeric":
      parts = numericDate(d, order, "/", false, false);
      break;
    case "day_month_textual":
      parts = order === "mdy" ? [part(monthName, "month"), sp, part(String(d.day), "day")] : [part(String(d.day), "day"), sp, part(monthName, "month")];
      break;
    case "month_year":
      parts = [part(monthName, "month"), sp, part(String(d.year), "year")];
      break;
    case "year_only":
      parts = [part(String(d.year), "year")];
      break;
    case "iso":
      parts = [part(String(d.year), "year"), formatting("-"), part(pad2(d.month), "month"), formatting("-"), part(pad2(d.day), "day")];
      break;
    case "us_textual":
      parts = [part(monthName, "month"), sp, part(String(d.day), "day"), formatting(", "), part(String(d.year), "year")];
      break;
    case "ordinal_textual":
      parts = [part(ordinal(d.day), "day"), sp, part(monthName, "month"), sp, part(String(d.year), "year")];
      break;
  }
  return upper ? upperParts(parts) : parts;
}

/** "14:32" appended to a date (time is not core PII but belongs to the Date span). */
export function withTime(parts: Part[], hour: number, minute: number, sep = " "): Part[] {
  return [...parts, formatting(sep), part(`${pad2(hour)}:${pad2(minute)}`, "time")];
}

// ---------------------------------------------------------------------------------------------------------------
// Ages

export type AgeUnit = "year" | "month" | "week" | "day";

const AGE_CATEGORY: Record<AgeUnit, string> = { year: "age_year", month: "age_month", week: "age_week", day: "age_day" };

/** An age expression; for Dutch also the adjectival "67-jarige", for English "67-year-old". */
export function renderAge(prng: Prng, value: number, unit: AgeUnit, lang: Lang): Part[] {
  const num = part(String(value), AGE_CATEGORY[unit]);
  if (unit === "year" && lang.id === "nl" && prng.chance(0.4)) {
    return [num, formatting("-"), part(prng.pick(["jarige", "jarig"]), "age_type")];
  }
  if (lang.id === "en" && prng.chance(0.4)) {
    const word = { year: "year", month: "month", week: "week", day: "day" }[unit];
    return [num, formatting("-"), part(word, "age_type"), formatting("-"), part("old", "age_type")];
  }
  const unitWord = prng.pick(lang.ageUnits[unit]);
  const glued = unitWord.length <= 2 && prng.chance(0.5);
  return [num, ...(glued ? [] : [formatting(" ")]), ...splitParts(unitWord, "age_type")];
}

// ---------------------------------------------------------------------------------------------------------------
// Simple composite values

/** A town or city mentioned on its own. */
export function renderAddressPlace(name: string): Part[] {
  return splitParts(name, "municipality");
}
