// Healing profiles: an ordered list of pure span rules per language. "none" leaves spans as they are.
import { DeidError, type Document, type Span } from "../contract/index.js";

export interface HealingContext {
  document: Document;
  options: Record<string, unknown>;
}

/** One healing rule: a pure function of spans and context. */
export type HealingRule = (spans: readonly Span[], ctx: HealingContext) => Span[];

export interface HealingProfile {
  id: string;
  version: string;
  rules: readonly { name: string; apply: HealingRule }[];
}

const PROFILES = new Map<string, HealingProfile>([["none", { id: "none", version: "1.0.0", rules: [] }]]);

export function registerHealingProfile(profile: HealingProfile): void {
  PROFILES.set(profile.id, profile);
}

export function getHealingProfile(id: string): HealingProfile {
  const p = PROFILES.get(id);
  if (!p) {
    throw new DeidError("E_STACK_CONFIG", `healing profile "${id}" is not available; available: ${[...PROFILES.keys()].sort().join(", ")}`, {
      field: "healing",
    });
  }
  return p;
}

/** Runs a profile's rules in order. */
export function healSpans(profile: HealingProfile, spans: readonly Span[], ctx: HealingContext): Span[] {
  let out = [...spans];
  for (const rule of profile.rules) out = rule.apply(out, ctx);
  return out;
}
