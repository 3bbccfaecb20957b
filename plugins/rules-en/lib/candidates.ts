// Candidate spans from every rule family, and how they are reduced to the detector's answer.
import type { DetectedSpan, Label } from "../../../src/contract/index.js";

export interface Candidate {
  start: number;
  end: number;
  label: Label;
  score: number;
  /** Rule name, for tests and counts (never text). */
  rule: string;
}

/** Runs a global regex with the `d` flag and yields [start, end) of group `g` (0 = whole match) for each match. */
export function* groupMatches(re: RegExp, text: string, g: number | string = 0): Generator<[number, number, RegExpExecArray]> {
  re.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    const idx = typeof g === "number" ? m.indices?.[g] : m.indices?.groups?.[g];
    if (idx) yield [idx[0], idx[1], m];
    if (m[0].length === 0) re.lastIndex++;
  }
}

/**
 * Keeps the longest candidates: one contained in a longer (or equal, better-scored) candidate is dropped; partial
 * overlaps are merged into one span over both, labelled by the longer. Sorted by start. Linear after sorting.
 */
export function reduceCandidates(cands: Candidate[]): DetectedSpan[] {
  const sorted = cands
    .filter((c) => c.end > c.start)
    .sort((a, b) => a.start - b.start || b.end - a.end || b.score - a.score);
  const out: { start: number; end: number; label: Label; score: number; len: number }[] = [];
  for (const c of sorted) {
    const last = out[out.length - 1];
    if (last && c.start < last.end) {
      if (c.end > last.end) {
        const len = c.end - c.start;
        if (len > last.len) {
          last.label = c.label;
          last.len = len;
        }
        last.end = c.end;
        last.score = Math.max(last.score, c.score);
      }
      continue;
    }
    out.push({ start: c.start, end: c.end, label: c.label, score: c.score, len: c.end - c.start });
  }
  return out.map(({ start, end, label, score }) => ({ start, end, label, score }));
}

/**
 * The lines of a text, found once: `lineOf(at)` gives the [start, end) of the line holding `at` (binary search), and
 * `test(at, key, predicate)` asks a question about that whole line once per line and key, so rules that ask about
 * "the line" of each of many matches stay linear.
 */
export class LineIndex {
  private readonly starts: number[] = [0];
  private readonly answers = new Map<string, boolean>();

  constructor(private readonly text: string) {
    for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) this.starts.push(i + 1);
  }

  lineOf(at: number): [number, number] {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= at) lo = mid;
      else hi = mid - 1;
    }
    const start = this.starts[lo];
    const end = lo + 1 < this.starts.length ? this.starts[lo + 1] - 1 : this.text.length;
    return [start, end];
  }

  test(at: number, key: string, predicate: (line: string) => boolean): boolean {
    const [s, e] = this.lineOf(at);
    const k = `${key}\u0000${s}`;
    let v = this.answers.get(k);
    if (v === undefined) {
      v = predicate(this.text.slice(s, e));
      this.answers.set(k, v);
    }
    return v;
  }
}
