// Overlapping candidates: the longest wins, then the higher priority, then the earlier rule.
import type { DetectedSpan } from "../../../src/contract/index.js";
import type { Candidate } from "./candidate.js";

/**
 * Kept spans are disjoint, so a candidate overlaps one of them exactly when its first character is covered or a
 * kept span starts inside it. Covered characters are marked once (the kept spans are disjoint, so at most the text
 * length in all) and kept starts are counted in a Fenwick tree: O(n log n) over the candidates, whatever their
 * number or overlap.
 */
export function resolveOverlaps(candidates: readonly Candidate[]): Candidate[] {
  const ranked = [...candidates].sort(
    (x, y) => y.end - y.start - (x.end - x.start) || y.priority - x.priority || x.start - y.start,
  );
  let length = 0;
  for (const c of ranked) if (c.end > length) length = c.end;
  const covered = new Uint8Array(length + 1);
  const starts = new Int32Array(length + 2);
  const addStart = (i: number): void => {
    for (let k = i + 1; k < starts.length; k += k & -k) starts[k]++;
  };
  /** Kept starts at offsets < i. */
  const startsBefore = (i: number): number => {
    let n = 0;
    for (let k = i; k > 0; k -= k & -k) n += starts[k];
    return n;
  };
  const kept: Candidate[] = [];
  for (const c of ranked) {
    if (c.end <= c.start) continue;
    if (covered[c.start] || startsBefore(c.end) - startsBefore(c.start + 1) > 0) continue;
    kept.push(c);
    covered.fill(1, c.start, c.end);
    addStart(c.start);
  }
  return kept.sort((x, y) => x.start - y.start || x.end - y.end);
}

export function toDetectedSpans(candidates: readonly Candidate[]): DetectedSpan[] {
  return candidates.map((c) => ({ start: c.start, end: c.end, label: c.label, score: c.score }));
}
