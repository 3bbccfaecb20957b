// Healing profiles: an ordered list of pure span rules per language. "none" leaves spans as they are; nl-BE,
// fr-BE and en run MedDeID's post-processing phases plus joining and (option propagate_names) name propagation.
//
// Provenance: a span a rule moves or relabels keeps its detectors; a span a rule creates has detectors
// ["healing:<rule>"]; spans a rule merges have the union of their detectors.
import { DeidError, type Document, type Span, type TextAnalysis } from "../contract/index.js";
import { bindAnalysis } from "./cache.js";
import type { HealingOptions } from "./options.js";
import { builtInProfile, PROFILE_LANGUAGES } from "./profiles.js";

export interface HealingContext {
  document: Document;
  /** The stack's `healing_options`, validated by `healingOptionsSchema` (src/healing/options.ts). */
  options: Readonly<HealingOptions>;
  /** The shared analysis of `document.text` the detectors used (src/contract/analysis.ts); made here when absent. */
  analysis?: TextAnalysis;
}

/** One healing rule: a pure function of spans and context. */
export type HealingRule = (spans: readonly Span[], ctx: HealingContext) => Span[];

export interface HealingProfile {
  id: string;
  version: string;
  rules: readonly { name: string; apply: HealingRule }[];
  /**
   * Passes over the rules until nothing changes (default 1). One rule's output can give an earlier rule work
   * (a joined name now follows a title); running to a fixpoint is what makes healing idempotent.
   */
  maxPasses?: number;
}

const PROFILES = new Map<string, HealingProfile>([["none", { id: "none", version: "1.0.0", rules: [] }]]);

export { buildProfile, DEFAULT_ORDER, PROFILE_LANGUAGES, RULES } from "./profiles.js";
export { lexiconFor, type HealingLexicon } from "./lexicon.js";
export { DEFAULT_HEALING_OPTIONS, healingOptionsSchema, type HealingOptions } from "./options.js";

export function registerHealingProfile(profile: HealingProfile): void {
  PROFILES.set(profile.id, profile);
}

/**
 * A registered profile, else a built-in one, built on first use (each compiles its rules' patterns: a run needs the
 * profile of its language only, so the others cost no start-up time).
 */
export function getHealingProfile(id: string): HealingProfile {
  let p = PROFILES.get(id);
  if (!p) {
    p = builtInProfile(id);
    if (p) PROFILES.set(id, p);
  }
  if (!p) {
    const available = new Set([...PROFILES.keys(), ...Object.keys(PROFILE_LANGUAGES)]);
    throw new DeidError("E_STACK_CONFIG", `healing profile "${id}" is not available; available: ${[...available].sort().join(", ")}`, {
      field: "healing",
    });
  }
  return p;
}

function runRules(profile: HealingProfile, spans: readonly Span[], ctx: HealingContext): Span[] {
  let out = [...spans];
  for (const rule of profile.rules) out = rule.apply(out, ctx);
  return out;
}

/**
 * Whether two span lists are the same for healing's fixpoint: span by span the same start, end, label and detectors
 * (compared as their comma-joined lists, as a key string of each list would compare them), without building keys.
 */
function sameSpans(a: readonly Span[], b: readonly Span[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    if (x.start !== y.start || x.end !== y.end || x.label !== y.label) return false;
    if (x.detectors !== y.detectors && (x.detectors ?? []).join(",") !== (y.detectors ?? []).join(",")) return false;
  }
  return true;
}

/** Runs a profile's rules in order, pass after pass until the spans stop changing (at most `maxPasses`). */
export function healSpans(profile: HealingProfile, spans: readonly Span[], ctx: HealingContext): Span[] {
  bindAnalysis(ctx.document, ctx.analysis);
  let current = runRules(profile, spans, ctx);
  if ((profile.maxPasses ?? 1) <= 1) return current;
  // Already healed spans come back unchanged from the first pass: no second pass is needed to know it.
  if (sameSpans(current, spans)) return current;
  for (let pass = 1; pass < (profile.maxPasses ?? 1); pass++) {
    const next = runRules(profile, current, ctx);
    if (sameSpans(next, current)) return current;
    current = next;
  }
  return current;
}
export { createLexicalVeto, LEXICAL_VETO_ID, LEXICAL_VETO_VERSION, type LexicalVeto, type LexicalVetoConfig, type LexicalVetoStats } from "./lexical-veto.js";
