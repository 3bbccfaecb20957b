// A written date as an interval of day numbers plus a template that says how to write it again.
import type { WordLanguage } from "../../contract/index.js";
import type { CaseStyle } from "./words.js";

export type Ordinal = "" | "en" | "fr" | "nl";

/** A field of a written date whose value is re-rendered; everything else in a template is literal text. */
export type Slot =
  | { kind: "day"; pad: boolean; ordinal: Ordinal }
  | { kind: "monthNum"; pad: boolean }
  | { kind: "monthRoman"; upper: boolean }
  | { kind: "monthWord"; lang: WordLanguage; form: "full" | "abbr"; dot: boolean; case: CaseStyle; accents: boolean }
  | { kind: "year"; digits: 2 | 4; apostrophe: string }
  | { kind: "weekday"; lang: WordLanguage; form: "full" | "abbr"; dot: boolean; case: CaseStyle }
  | { kind: "season"; lang: WordLanguage; case: CaseStyle; accents: boolean; variant: number }
  | { kind: "phase"; lang: WordLanguage; case: CaseStyle; variant: number };

export type Template = readonly (string | Slot)[];

/** The unit a date part is written in. */
export type PartGranularity = "day" | "day_month" | "month" | "month_name" | "month_phase" | "season" | "year";

export type Granularity = PartGranularity | "weekday_date" | "range" | "weekday";

export interface DatePart {
  granularity: PartGranularity;
  template: Template;
  /** First and last day (inclusive day numbers). */
  start: number;
  end: number;
  /** Written without a year; the year was chosen near the document date. */
  yearless: boolean;
  /** Fields this side of a range takes from the other side ("12-14 maart": the 12 borrows month and year). */
  borrowed: readonly ("month" | "year")[];
}

export type ParsedDate =
  | {
      kind: "date";
      leading: string;
      trailing: string;
      /** One part, or the two sides of a range. */
      parts: readonly DatePart[];
      joiner: string;
      start: number;
      end: number;
      granularity: Granularity;
    }
  | { kind: "weekday"; leading: string; trailing: string; weekday: number; slot: Extract<Slot, { kind: "weekday" }> }
  /** Times of day and relative expressions ("gisteren", "3 days ago") do not change under a day shift. */
  | { kind: "unchanged"; reason: "time" | "relative" };

export interface DateParseContext {
  /** Languages to read words in, preferred first. */
  languages: readonly WordLanguage[];
  /** The document date (day number), for two-digit years and dates written without a year. */
  documentDay?: number;
  /** Read ambiguous numeric dates month first (en-US). */
  monthFirst?: boolean;
}
