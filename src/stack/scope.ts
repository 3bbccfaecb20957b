// Scope filters: drop spans that a declared de-identification standard does not require removing.
import { categoryOf, type Span } from "../contract/index.js";

export const SAFE_HARBOR_POLICY = "safe-harbor@1";

const BARE_YEAR = /^(?:(?:19|20)\d{2}|['’`]\d{2})$/;
const TIME_ALONE = /^(?:[01]?\d|2[0-3])[:.u]\d{2}(?:[:.]\d{2})?(?:\s*(?:u|h|uur|am|pm|a\.m\.|p\.m\.))?$/i;
const WEEKDAY_ALONE =
  /^(?:ma(?:andag)?|di(?:nsdag)?|wo(?:ensdag)?|do(?:nderdag)?|vr(?:ijdag)?|za(?:terdag)?|zo(?:ndag)?|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:rs(?:day)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)\.?$/i;

/** The age in years an age expression states, when it states one plainly; undefined otherwise. */
function statedAgeYears(surface: string): number | undefined {
  if (/(maand|mnd|week|weken|dag|dagen|mois|semaine|jour|month|week|day)/i.test(surface)) return 0;
  const m = surface.match(/\d{1,3}/);
  return m ? Number(m[0]) : undefined;
}

/**
 * HIPAA Safe Harbor scope: a bare year, a time or a weekday alone, an age under 90, and identifiers or contact
 * details of three digits or fewer are not required to be removed. Birth dates and full dates stay.
 */
export function keepUnderSafeHarbor(span: Span, text: string): boolean {
  const surface = text.slice(span.start, span.end).trim();
  const cat = categoryOf(span.label);
  if (cat === "Date") {
    if (BARE_YEAR.test(surface) || TIME_ALONE.test(surface) || WEEKDAY_ALONE.test(surface)) return false;
  }
  if (cat === "Age_Birthdate") {
    const hasDateShape = /\d{1,4}[-/.]\d{1,2}|\p{L}{3,}\s+\d{4}/u.test(surface);
    if (!hasDateShape) {
      const age = statedAgeYears(surface);
      if (age !== undefined && age < 90) return false;
    }
  }
  if (cat === "ID" || cat === "Contactdetails") {
    const digits = surface.replace(/\D/g, "");
    if (!/\p{L}/u.test(surface) && digits.length <= 3) return false;
  }
  return true;
}

export function applyScope(scope: string | null, spans: readonly Span[], text: string): Span[] {
  if (scope === null) return [...spans];
  if (scope === "safe-harbor") return spans.filter((s) => keepUnderSafeHarbor(s, text));
  throw new Error(`unknown scope ${scope}`);
}
