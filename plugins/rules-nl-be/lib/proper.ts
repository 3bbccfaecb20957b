// Reading a run of capitalised words (an institution, street or company name) from a token.
import type { Analysis, Unit } from "./analysis.js";
import { hasLowerIn, isUpperAt } from "./normalize.js";

/** Lower-case words allowed inside a proper name when a capitalised word follows ("Chaussée de Waterloo"). */
const PARTICLES: ReadonlySet<string> = new Set([
  "de", "der", "den", "het", "van", "ter", "ten", "op", "aan", "du", "des", "la", "le", "les", "l", "d", "sur", "aux",
  "au", "s", "t",
]);

export interface ProperOptions {
  maxUnits: number;
  /** Numbers may be part of the name ("Rue du 11 Novembre", "Fysixx14"). */
  allowDigits?: boolean;
  /** The first unit may start a sentence. */
  allowSentenceStart?: boolean;
  /** Accept lower-case particles between capitalised words. */
  allowParticles?: boolean;
}

export function unitAtToken(a: Analysis, t: number): Unit | undefined {
  const u = a.unitOfToken[t];
  return u >= 0 ? a.units[u] : undefined;
}

export function isCapitalisedUnit(a: Analysis, unit: Unit): boolean {
  if (isUpperAt(a.text, unit.start)) return true;
  // "d'Ursel", "'s-Gravenwezel"
  return unit.last > unit.first && isUpperAt(a.text, a.tokens[unit.last].start);
}

export function isTitleCaseUnit(a: Analysis, unit: Unit): boolean {
  return isCapitalisedUnit(a, unit) && hasLowerIn(a.text, unit.start, unit.end);
}

const STARTS_WITH_DIGIT = /^\p{N}/u;

const QUOTES = "'\"‘’“”«»`";

/**
 * The last token of a proper name starting at token t (quotes skipped at both ends), or -1. Only units that
 * are capitalised (or digits when allowed) count; particles only between capitalised units.
 */
export function readProperName(a: Analysis, t: number, options: ProperOptions): { first: number; last: number } | undefined {
  let i = t;
  if (a.tokens[i] && a.tokens[i].kind === "punct" && QUOTES.includes(a.tokens[i].text)) i++;
  const first = i;
  let last = -1;
  let units = 0;
  while (i < a.tokens.length && units < options.maxUnits) {
    const token = a.tokens[i];
    if (i !== first && token.newlinesBefore > 0) break;
    if (token.kind === "punct") {
      if ((token.text === "&" || token.text === "+") && last >= 0) {
        i++;
        continue;
      }
      break;
    }
    const unit = unitAtToken(a, i);
    if (!unit || unit.first !== i) break;
    if (i !== first && !token.spaceBefore && a.tokens[i - 1].kind !== "punct") break;
    const capitalised = isCapitalisedUnit(a, unit);
    const digits = token.kind === "number" || STARTS_WITH_DIGIT.test(token.text);
    if (i === first && token.sentenceStart && !options.allowSentenceStart && !digits) break;
    if (capitalised || (digits && options.allowDigits)) {
      if (capitalised && i !== first && token.sentenceStart) break;
      last = unit.last;
      i = unit.last + 1;
      units++;
      continue;
    }
    if (options.allowParticles && last >= 0 && PARTICLES.has(unit.key)) {
      // A particle counts only when a capitalised unit follows it.
      let j = unit.last + 1;
      while (a.tokens[j] && a.tokens[j].kind === "punct" && "'’".includes(a.tokens[j].text)) j++;
      const next = unitAtToken(a, j);
      if (next && next.first === j && isCapitalisedUnit(a, next) && !a.tokens[j].newlinesBefore) {
        i = j;
        continue;
      }
    }
    break;
  }
  if (last < 0) return undefined;
  return { first, last };
}


