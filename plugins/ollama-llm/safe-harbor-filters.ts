// What HIPAA Safe Harbor lets one keep, applied to the LLM's findings whatever type it assigned (DeidSharp §2):
// an age under 90, a year alone, a time or a weekday alone, an identifier of three digits or fewer.
// Each filter is a pure predicate on the covered text: true means the span may be dropped.
import type { SafeHarborFilterName } from "./options.js";

const AGE_UNIT = String.raw`(?:-?\s*(?:jarige?|jaar|jr|j|ans?|an|years?(?:[\s-]+old)?|-?year-old|yrs?|yo|y))`;
const AGE = new RegExp(String.raw`^(\d{1,3})\s*${AGE_UNIT}\.?$`, "iu");
const YEAR = /^(?:(?:1[89]|20)\d{2}|['’]\d{2})$/u;
const TIME = /^(?:[01]?\d|2[0-3])(?:(?:[:.hu]\s?[0-5]\d(?:[:.][0-5]\d)?)\s*(?:u|uur|h|am|pm|a\.m\.|p\.m\.)?|\s*(?:u|uur|h|am|pm|a\.m\.|p\.m\.))$/iu;
const WEEKDAY =
  /^(?:maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag|ma|di|wo|do|vr|za|zo|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|lu|me|je|ve|sa|monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)\.?$/iu;
const SHORT_IDENTIFIER = /^(?:#\s*|(?:nr|no|n°)\.?\s*)?\d{1,3}$/iu;

export const SAFE_HARBOR_FILTERS: Readonly<Record<SafeHarborFilterName, (surface: string) => boolean>> = {
  age_under_90: (s) => {
    const m = AGE.exec(s.trim());
    return m !== null && Number(m[1]) < 90;
  },
  year_alone: (s) => YEAR.test(s.trim()),
  time_alone: (s) => TIME.test(s.trim()),
  weekday_alone: (s) => WEEKDAY.test(s.trim()),
  short_identifier: (s) => SHORT_IDENTIFIER.test(s.trim()),
};

/** The name of the first enabled filter that lets this text be kept, or undefined when none does. */
export function safeHarborFilterFor(surface: string, enabled: readonly SafeHarborFilterName[]): SafeHarborFilterName | undefined {
  return enabled.find((name) => SAFE_HARBOR_FILTERS[name](surface));
}
