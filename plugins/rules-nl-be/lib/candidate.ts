import type { Label } from "../../../src/contract/index.js";

/** A span proposed by one rule; overlaps between candidates are resolved afterwards. */
export interface Candidate {
  start: number;
  end: number;
  label: Label;
  /** Higher wins among candidates of equal length. */
  priority: number;
  /** Confidence reported to the stack. */
  score: number;
  /** Rule id, for tests and debugging (never text). */
  rule: string;
}

export const PRIORITY = {
  weak: 1,
  lookup: 2,
  pattern: 3,
  context: 4,
  strong: 5,
} as const;
