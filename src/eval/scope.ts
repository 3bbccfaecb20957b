// Scoring scope. Under HIPAA Safe Harbor (45 CFR 164.514(b)(2)(i)) ages under 90 and a year on its own are not
// identifiers, so gold spans that are only that are out of scope. Classification reads the covered text in memory
// only; nothing here is ever reported beyond counts.
import { categoryOf } from "../contract/index.js";

export type Scope = "all" | "safe-harbor";

/**
 * How a prediction that touches only out-of-scope gold counts: `false-positive` (DeidSharp's primary analysis:
 * out-of-scope gold is simply not gold) or `neither` (such predictions, and the out-of-scope characters, are left
 * out of every count).
 */
export type OutOfScopePolicy = "false-positive" | "neither";

const UNITS: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = {
  twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90,
};
const MONTHS =
  /\b(jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sep(t(ember)?)?|oct(ober)?|nov(ember)?|dec(ember)?)\b/i;

/** Numbers written in digits or English words in a short phrase (ages: "45", "4.5", "forty-five", "late 80s"). */
export function numbersIn(phrase: string): number[] {
  const out: number[] = [];
  for (const m of phrase.matchAll(/\d+(?:[.,]\d+)?/g)) out.push(Number(m[0].replace(",", ".")));
  const words = phrase.toLowerCase().split(/[^a-z]+/).filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (w === "hundred" || w === "thousand") out.push(100);
    else if (TENS[w] !== undefined) {
      const next = UNITS[words[i + 1]];
      if (next !== undefined && next > 0 && next < 10) {
        out.push(TENS[w] + next);
        i++;
      } else out.push(TENS[w]);
    } else if (UNITS[w] !== undefined) out.push(UNITS[w]);
  }
  return out;
}

/** True when an age phrase reads as a date of birth rather than an age (month names, d/m/y, a 4-digit year). */
function looksLikeDate(phrase: string): boolean {
  return MONTHS.test(phrase) || /\d\s*[/.-]\s*\d+\s*[/.-]\s*\d/.test(phrase) || /\b\d{4}\b/.test(phrase);
}

/** An age under 90: an age phrase whose numbers are all below 90 (no number: kept in scope). */
export function isAgeUnder90(phrase: string): boolean {
  if (looksLikeDate(phrase)) return false;
  const numbers = numbersIn(phrase);
  return numbers.length > 0 && numbers.every((n) => n < 90);
}

/** A year on its own: `2019`, `1990s`, `'98`. */
export function isBareYear(phrase: string): boolean {
  return /^(?:1[0-9]{3}|20[0-9]{2})s?$|^['\u2019][0-9]{2}s?$/.test(phrase.trim());
}

/** Whether a gold span is outside the given scope (covered text read in memory only). */
export function isOutOfScope(scope: Scope, label: string, covered: string): boolean {
  if (scope === "all") return false;
  const category = categoryOf(label);
  if (category === "Age_Birthdate") return isAgeUnder90(covered) || isBareYear(covered);
  if (category === "Date") return isBareYear(covered);
  return false;
}
