// Runs every rule family of rules-en over one text and reduces the candidates to disjoint spans.
import type { DetectedSpan } from "../../../src/contract/index.js";
import { reduceCandidates, type Candidate } from "./candidates.js";
import { compileDateRules, findDates, type DateRules } from "./dates.js";
import { compileIdentifierRules, findIdentifiers, type IdentifierRules } from "./identifiers.js";
import { loadRulesEnLexicon, type RulesEnLexicon } from "./lexicon.js";
import { findNames } from "./people.js";
import { findPlaces } from "./places.js";
import { tokenize } from "./tokens.js";

export interface RuleFamilies {
  names: boolean;
  places: boolean;
  identifiers: boolean;
  dates: boolean;
  ages: boolean;
}

export interface RulesEnSettings {
  families: RuleFamilies;
  /** Lone listed names with no cue ("Maria", "Nguyen"). */
  lone_names: boolean;
  /** Relative dates ("yesterday", "3 days ago"): only in a date scope that asks for them. */
  relative_dates: boolean;
}

export const DEFAULT_SETTINGS: RulesEnSettings = {
  families: { names: true, places: true, identifiers: true, dates: true, ages: true },
  lone_names: true,
  relative_dates: false,
};

export interface CompiledRulesEn {
  lexicon: RulesEnLexicon;
  identifiers: IdentifierRules;
  dates: DateRules;
  settings: RulesEnSettings;
}

export function compileRulesEn(settings: RulesEnSettings = DEFAULT_SETTINGS): CompiledRulesEn {
  return { lexicon: loadRulesEnLexicon(), identifiers: compileIdentifierRules(), dates: compileDateRules(), settings };
}

/** Every candidate, before reduction (for tests and rule counts). */
export function ruleCandidates(text: string, compiled: CompiledRulesEn): Candidate[] {
  const f = compiled.settings.families;
  const tokens = f.names || f.places ? tokenize(text) : [];
  let out: Candidate[] = [];
  if (f.identifiers) out = out.concat(findIdentifiers(text, compiled.identifiers));
  if (f.dates || f.ages) {
    out = out.concat(findDates(text, compiled.dates, { dates: f.dates, ages: f.ages, relative: compiled.settings.relative_dates }));
  }
  if (f.places) out = out.concat(findPlaces(tokens, text, compiled.lexicon));
  if (f.names) out = out.concat(findNames(tokens, text, compiled.lexicon, { loneNames: compiled.settings.lone_names }));
  return out;
}

export function detectRulesEn(text: string, compiled: CompiledRulesEn): DetectedSpan[] {
  return reduceCandidates(ruleCandidates(text, compiled));
}
