// Union of detector outputs with provenance, and the overlap/label resolution rule ("merge-to-extent@1").
import { LABELS, type DetectedSpan, type Label, type Span } from "../contract/index.js";

export interface DetectorOutput {
  detectorId: string;
  spans: readonly DetectedSpan[];
}

/** Identical (start, end, label) findings become one span listing every detector that found it. */
export function unionSpans(outputs: readonly DetectorOutput[]): Span[] {
  const byKey = new Map<string, Span>();
  for (const { detectorId, spans } of outputs) {
    for (const s of spans) {
      const key = `${s.start}:${s.end}:${s.label}`;
      const existing = byKey.get(key);
      if (existing) {
        if (!existing.detectors!.includes(detectorId)) existing.detectors!.push(detectorId);
        if (s.score !== undefined) existing.score = Math.max(existing.score ?? s.score, s.score);
      } else {
        const span: Span = { start: s.start, end: s.end, label: s.label, detectors: [detectorId] };
        if (s.score !== undefined) span.score = s.score;
        byKey.set(key, span);
      }
    }
  }
  return [...byKey.values()].sort((a, b) => a.start - b.start || a.end - b.end || cmp(a.label, b.label));
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Tie-break order when two labels cover a cluster equally: the more specific and more identifying label wins.
 * Patient before caregiver before other; identifiers and contact details before names; Anonymize_Other last.
 */
export const LABEL_PRIORITY: readonly Label[] = [
  "ID:Patient",
  "ID:Caregiver",
  "Contactdetails",
  "Name:Patient",
  "Name:Caregiver",
  "Name:Other",
  "Age_Birthdate",
  "Date",
  "Address_Location:Patient",
  "Address_Location:Caregiver",
  "Address_Location:Other",
  "Organization:Healthcare",
  "Organization:Other",
  "Profession",
  "Anonymize_Other",
];
const PRIORITY_RANK = new Map(LABEL_PRIORITY.map((l, i) => [l, i]));
if (PRIORITY_RANK.size !== LABELS.length) throw new Error("LABEL_PRIORITY must rank every contract label");

export const OVERLAP_POLICY = "merge-to-extent@1";

/**
 * Resolves overlaps ("merge-to-extent@1"): spans that overlap (share at least one character, transitively) become
 * one span over their combined extent, so no detected character is ever released. Its label is the one covering
 * the most characters within the cluster (characters counted once per label), ties broken by LABEL_PRIORITY; its
 * detectors are the union; its score the maximum. Spans that merely touch stay separate.
 */
export function resolveOverlaps(spans: readonly Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Span[] = [];
  let cluster: Span[] = [];
  let clusterEnd = -1;
  const flush = () => {
    if (cluster.length) out.push(mergeCluster(cluster));
    cluster = [];
  };
  for (const s of sorted) {
    if (cluster.length && s.start >= clusterEnd) flush();
    cluster.push(s);
    clusterEnd = cluster.length === 1 ? s.end : Math.max(clusterEnd, s.end);
  }
  flush();
  return out;
}

function mergeCluster(cluster: Span[]): Span {
  if (cluster.length === 1) return cluster[0];
  // Loops, not Math.min(...cluster): a cluster of a few hundred thousand spans must not overflow the call stack.
  let start = Infinity;
  let end = -Infinity;
  for (const s of cluster) {
    if (s.start < start) start = s.start;
    if (s.end > end) end = s.end;
  }
  const coverage = new Map<Label, { start: number; end: number }[]>();
  for (const s of cluster) {
    const list = coverage.get(s.label) ?? [];
    list.push({ start: s.start, end: s.end });
    coverage.set(s.label, list);
  }
  let best: Label | undefined;
  let bestChars = -1;
  for (const [label, ivs] of coverage) {
    const chars = coveredChars(ivs);
    if (
      chars > bestChars ||
      (chars === bestChars && (PRIORITY_RANK.get(label) ?? 99) < (PRIORITY_RANK.get(best!) ?? 99))
    ) {
      best = label;
      bestChars = chars;
    }
  }
  const detectors = [...new Set(cluster.flatMap((s) => s.detectors ?? []))].sort();
  const scores = cluster.map((s) => s.score).filter((x): x is number => x !== undefined);
  const merged: Span = { start, end, label: best!, detectors };
  if (scores.length) merged.score = scores.reduce((a, b) => (b > a ? b : a));
  return merged;
}

function coveredChars(ivs: { start: number; end: number }[]): number {
  ivs.sort((a, b) => a.start - b.start);
  let total = 0;
  let curS = -1;
  let curE = -1;
  for (const iv of ivs) {
    if (iv.start > curE) {
      total += curE - curS;
      curS = iv.start;
      curE = iv.end;
    } else curE = Math.max(curE, iv.end);
  }
  return total + (curE - curS);
}
