// Small span utilities shared by every room (all offsets UTF-16, half-open).
import type { DetectedSpan, Span } from "./document.js";
import { isCodePointBoundary } from "./offsets.js";
import { isLabel } from "./taxonomy.js";

/** Why a detector's span is invalid for a text, or undefined when it is valid. Never mentions the text. */
export function invalidSpanReason(span: unknown, text: string): string | undefined {
  if (!span || typeof span !== "object") return "span is not an object";
  const s = span as Record<string, unknown>;
  if (!Number.isInteger(s.start)) return "start is not an integer";
  if (!Number.isInteger(s.end)) return "end is not an integer";
  const start = s.start as number;
  const end = s.end as number;
  if (start < 0) return `start ${start} is negative`;
  if (end <= start) return `end ${end} is not greater than start ${start}`;
  if (end > text.length) return `end ${end} exceeds the text length ${text.length}`;
  if (!isCodePointBoundary(text, start) || !isCodePointBoundary(text, end)) return "offset splits a surrogate pair";
  if (!isLabel(s.label)) return "label is not one of the 15 contract labels";
  if (s.score !== undefined && (typeof s.score !== "number" || !Number.isFinite(s.score))) return "score is not finite";
  if ("text" in s) return "detectors must not return covered text";
  return undefined;
}

export function compareSpans(a: DetectedSpan, b: DetectedSpan): number {
  return a.start - b.start || a.end - b.end || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0);
}

export function sortSpans<T extends DetectedSpan>(spans: readonly T[]): T[] {
  return [...spans].sort(compareSpans);
}

export function overlaps(a: { start: number; end: number }, b: { start: number; end: number }): boolean {
  return a.start < b.end && b.start < a.end;
}

/** Merges intervals into a sorted list of disjoint intervals (touching intervals are joined). */
export function mergeIntervals(intervals: readonly { start: number; end: number }[]): { start: number; end: number }[] {
  const sorted = [...intervals].sort((a, b) => a.start - b.start || a.end - b.end);
  const out: { start: number; end: number }[] = [];
  for (const iv of sorted) {
    const last = out[out.length - 1];
    if (last && iv.start <= last.end) last.end = Math.max(last.end, iv.end);
    else out.push({ start: iv.start, end: iv.end });
  }
  return out;
}

/** A copy of a span without covered text or other extras, for safe transport. */
export function plainSpan(s: Span): Span {
  const out: Span = { start: s.start, end: s.end, label: s.label };
  if (s.score !== undefined) out.score = s.score;
  if (s.subannotations) out.subannotations = s.subannotations.map((x) => ({ ...x }));
  if (s.detectors) out.detectors = [...s.detectors];
  if (s.extra) out.extra = { ...s.extra };
  return out;
}
