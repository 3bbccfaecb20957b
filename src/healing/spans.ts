// Span helpers for healing rules: bounds changes keep provenance, new spans name the rule that made them.
import type { Label, Span } from "../contract/index.js";

/** `º ° • ·` look like letters to some classifiers but carry no identity; they do not count as alphanumeric. */
export function isEffectivelyAlnum(ch: string): boolean {
  return /[\p{L}\p{N}]/u.test(ch) && !/[º°•·ª]/u.test(ch);
}

export function hasEffectiveAlnum(text: string): boolean {
  for (const ch of text) if (isEffectivelyAlnum(ch)) return true;
  return false;
}

/** The span with new bounds; sub-annotations no longer partition it, so they are dropped when bounds change. */
export function withBounds(s: Span, start: number, end: number): Span {
  if (s.start === start && s.end === end) return s;
  const out: Span = { ...s, start, end };
  delete out.subannotations;
  return out;
}

export function withLabel(s: Span, label: Label): Span {
  if (s.label === label) return s;
  const out: Span = { ...s, label };
  delete out.subannotations;
  return out;
}

/** A span a healing rule created; its provenance is the rule ("healing:<rule>"). */
export function healedSpan(start: number, end: number, label: Label, rule: string, extra?: Record<string, unknown>): Span {
  const s: Span = { start, end, label, detectors: [`healing:${rule}`] };
  if (extra) s.extra = extra;
  return s;
}

/** One span over several: the given label, every detector of the parts, the highest score. */
export function mergedSpan(parts: readonly Span[], label: Label, start = Math.min(...parts.map((p) => p.start)), end = Math.max(...parts.map((p) => p.end))): Span {
  const detectors = [...new Set(parts.flatMap((p) => p.detectors ?? []))].sort();
  const scores = parts.map((p) => p.score).filter((x): x is number => x !== undefined);
  const out: Span = { start, end, label, detectors };
  if (scores.length) out.score = Math.max(...scores);
  const extras = parts.map((p) => p.extra).filter(Boolean);
  if (extras.length) out.extra = Object.assign({}, ...extras);
  return out;
}

export function byPosition(a: Span, b: Span): number {
  return a.start - b.start || a.end - b.end || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0);
}

/** Spans sorted by (start, end, label) with exact duplicates made one (detectors united, highest score). */
export function deduplicateSpans(spans: readonly Span[]): Span[] {
  const byKey = new Map<string, Span[]>();
  for (const s of spans) {
    const k = `${s.start}:${s.end}:${s.label}`;
    const list = byKey.get(k) ?? [];
    list.push(s);
    byKey.set(k, list);
  }
  const out: Span[] = [];
  for (const group of byKey.values()) {
    if (group.length === 1) out.push(group[0]);
    else {
      const m = mergedSpan(group, group[0].label);
      const subs = group.find((g) => g.subannotations)?.subannotations;
      if (subs) m.subannotations = subs;
      out.push(m);
    }
  }
  return out.sort(byPosition);
}

export function contains(outer: { start: number; end: number }, inner: { start: number; end: number }): boolean {
  return outer.start <= inner.start && inner.end <= outer.end;
}

export function strictlyContains(outer: { start: number; end: number }, inner: { start: number; end: number }): boolean {
  return contains(outer, inner) && (outer.start < inner.start || inner.end < outer.end);
}

export function overlapping(a: { start: number; end: number }, b: { start: number; end: number }): boolean {
  return a.start < b.end && b.start < a.end;
}

export function isNameLabel(label: string): boolean {
  return label.startsWith("Name:");
}
