// Writes a date part again in its source style (separators, padding, year width, word language, form and case).
import { civilDate, MONTHS, MONTH_PHASES, SEASONS, WEEKDAYS, weekdayOf } from "../../contract/index.js";
import { seasonOf } from "./parse.js";
import type { DatePart, PartGranularity, Slot, Template } from "./types.js";
import { applyCase, stripAccents } from "./words.js";

/** The calendar values a date part shows at a day. */
export interface ShownValues {
  day: number;
  month: number;
  /** Calendar year, or the season's year for seasons (January of 2025 is in winter 2024). */
  year: number;
  weekday: number;
  season: number;
  phase: number;
}

export function valuesAt(dayNum: number, granularity: PartGranularity): ShownValues {
  const c = civilDate(dayNum);
  const season = seasonOf(c.month);
  const seasonYear = season === 3 && c.month <= 2 ? c.year - 1 : c.year;
  return {
    day: c.day,
    month: c.month,
    year: granularity === "season" ? seasonYear : c.year,
    weekday: weekdayOf(dayNum),
    season,
    phase: c.day <= 10 ? 0 : c.day <= 20 ? 1 : 2,
  };
}

/** Identifies the unit (day, month, phase, season, year) a day falls in for a part's granularity. */
export function unitKey(dayNum: number, granularity: PartGranularity): number {
  const v = valuesAt(dayNum, granularity);
  switch (granularity) {
    case "day":
    case "day_month":
      return dayNum;
    case "month":
    case "month_name":
      return v.year * 12 + v.month;
    case "month_phase":
      return (v.year * 12 + v.month) * 3 + v.phase;
    case "season":
      return v.year * 4 + v.season;
    case "year":
      return v.year;
  }
}

function englishOrdinal(day: number): string {
  if (day % 100 >= 11 && day % 100 <= 13) return "th";
  return ["th", "st", "nd", "rd"][day % 10] ?? "th";
}

function dutchOrdinal(day: number): string {
  return day === 1 || day === 8 || day >= 20 ? "ste" : "de";
}

export function renderSlot(slot: Slot, v: ShownValues): string {
  switch (slot.kind) {
    case "day": {
      const n = slot.pad ? String(v.day).padStart(2, "0") : String(v.day);
      if (slot.ordinal === "en") return n + englishOrdinal(v.day);
      if (slot.ordinal === "fr") return v.day === 1 ? `${n}er` : n;
      if (slot.ordinal === "nl") return n + dutchOrdinal(v.day);
      return n;
    }
    case "monthNum":
      return slot.pad ? String(v.month).padStart(2, "0") : String(v.month);
    case "monthRoman": {
      const r = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii"][v.month - 1];
      return slot.upper ? r.toUpperCase() : r;
    }
    case "monthWord": {
      const names = MONTHS[slot.lang];
      const full = names.full[v.month - 1];
      const abbr = names.abbr[v.month - 1];
      let word = slot.form === "full" ? full : abbr;
      if (!slot.accents) word = stripAccents(word);
      word = applyCase(word, slot.case);
      return slot.form === "abbr" && slot.dot && abbr !== full ? `${word}.` : word;
    }
    case "year":
      return slot.digits === 4 ? String(v.year).padStart(4, "0") : slot.apostrophe + String(v.year % 100).padStart(2, "0");
    case "weekday": {
      const names = WEEKDAYS[slot.lang];
      const word = applyCase(slot.form === "full" ? names.full[v.weekday] : names.abbr[v.weekday], slot.case);
      return slot.dot ? `${word}.` : word;
    }
    case "season": {
      const spellings = SEASONS[slot.lang][v.season];
      let word = spellings[slot.variant] ?? spellings[0];
      if (!slot.accents) word = stripAccents(word);
      return applyCase(word, slot.case);
    }
    case "phase": {
      const spellings = MONTH_PHASES[slot.lang][v.phase];
      return applyCase(spellings[slot.variant] ?? spellings[0], slot.case);
    }
  }
}

/** Renders a template at a day; a hyphen after a phase word is kept only for the middle phase ("mi-mars"). */
export function renderTemplate(template: Template, granularity: PartGranularity, dayNum: number, upTo = template.length): string {
  const v = valuesAt(dayNum, granularity);
  let out = "";
  for (let i = 0; i < upTo; i++) {
    const piece = template[i];
    if (typeof piece === "string") {
      const prev = template[i - 1];
      if (prev && typeof prev !== "string" && prev.kind === "phase") out += phaseJoiner(piece, prev, v.phase);
      else out += piece;
    } else out += renderSlot(piece, v);
  }
  return out;
}

function phaseJoiner(literal: string, slot: Extract<Slot, { kind: "phase" }>, phase: number): string {
  const hyphen = /^\s*-\s*$/.test(literal);
  if (phase === 1 && slot.lang === "fr" && (slot.variant === 0)) return "-";
  if (hyphen && phase !== 1) return " ";
  return literal;
}

function slotPositions(template: Template): number[] {
  const out: number[] = [];
  template.forEach((p, i) => {
    if (typeof p !== "string") out.push(i);
  });
  return out;
}

function hasWordSlot(template: Template): boolean {
  return template.some((p) => typeof p !== "string" && p.kind !== "day" && p.kind !== "monthNum" && p.kind !== "monthRoman" && p.kind !== "year");
}

/**
 * Writes a part whose shifted start and end fall into different units as "start/end": textual forms drop from
 * the start side the trailing fields both share ("mei/juni 2024", "begin/midden mei"), numeric forms repeat
 * everything ("05/2024-06/2024"), years join with a slash ("2024/2025").
 */
export function renderWidened(part: DatePart, startDay: number, endDay: number): string {
  const { template, granularity } = part;
  const right = renderTemplate(template, granularity, endDay);
  if (!hasWordSlot(template)) {
    const left = renderTemplate(template, granularity, startDay);
    if (granularity === "year") return `${left}/${right}`;
    return template.some((p) => typeof p === "string" && p.includes("-")) ? `${left} - ${right}` : `${left}-${right}`;
  }
  const vs = valuesAt(startDay, granularity);
  const ve = valuesAt(endDay, granularity);
  const positions = slotPositions(template);
  let lastDiffering = positions[0];
  for (const i of positions) {
    const slot = template[i] as Slot;
    if (renderSlot(slot, vs) !== renderSlot(slot, ve)) lastDiffering = i;
  }
  const left = renderTemplate(template, granularity, startDay, lastDiffering + 1);
  return `${left}/${right}`;
}
