// Overlapping candidates: the longest wins, then the higher priority, then the earlier rule.
import type { DetectedSpan } from "../../../src/contract/index.js";
import type { Candidate } from "./candidate.js";

export function resolveOverlaps(candidates: readonly Candidate[]): Candidate[] {
  const ranked = [...candidates].sort(
    (x, y) => y.end - y.start - (x.end - x.start) || y.priority - x.priority || x.start - y.start,
  );
  const kept: Candidate[] = [];
  for (const c of ranked) {
    if (c.end <= c.start) continue;
    if (kept.some((k) => k.start < c.end && c.start < k.end)) continue;
    kept.push(c);
  }
  return kept.sort((x, y) => x.start - y.start || x.end - y.end);
}

export function toDetectedSpans(candidates: readonly Candidate[]): DetectedSpan[] {
  return candidates.map((c) => ({ start: c.start, end: c.end, label: c.label, score: c.score }));
}
