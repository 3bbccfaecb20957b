// Span helpers for healing rules: bounds changes keep provenance, new spans name the rule that made them.
import type { Label, Span } from "../contract/index.js";

const ALNUM = /[\p{L}\p{N}]/u;
const NOT_IDENTIFYING = /[º°•·ª]/u;

function effectivelyAlnumByRegex(ch: string): boolean {
  return ALNUM.test(ch) && !NOT_IDENTIFYING.test(ch);
}

/** Per UTF-16 unit, filled on first use: 0 not known yet, 1 not effectively alphanumeric, 2 effectively alphanumeric. */
const UNIT_CLASS = new Uint8Array(0x10000);

/** isEffectivelyAlnum of the one-unit string of `c` (a lone surrogate is not), without a regex after the first time. */
function unitIsEffectivelyAlnum(c: number): boolean {
  if (c < 128) return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  let k = UNIT_CLASS[c];
  if (k === 0) k = UNIT_CLASS[c] = effectivelyAlnumByRegex(String.fromCharCode(c)) ? 2 : 1;
  return k === 2;
}

/** `º ° • ·` look like letters to some classifiers but carry no identity; they do not count as alphanumeric. */
export function isEffectivelyAlnum(ch: string): boolean {
  return ch.length === 1 ? unitIsEffectivelyAlnum(ch.charCodeAt(0)) : effectivelyAlnumByRegex(ch);
}

/**
 * Whether text.slice(start, end) holds a code point that isEffectivelyAlnum, without the slice: code point by code point, a surrogate pair only when
 * both halves lie inside the range (as the slice would have it).
 */
export function hasEffectiveAlnumIn(text: string, start: number, end: number): boolean {
  for (let i = Math.max(0, start); i < end && i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < end && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        if (effectivelyAlnumByRegex(text.slice(i, i + 2))) return true;
        i++;
        continue;
      }
    }
    if (unitIsEffectivelyAlnum(c)) return true;
  }
  return false;
}

// Rules return a new list only when they change it. A rule's list is never changed in place by the next rule (nor by
// healSpans, which copies what it is given before the first rule), so a rule that changes nothing may hand back the
// list it was given: on a text of a hundred thousand spans each rule's copy was an array in the large-object space,
// and those copies, not the rules' own work, made healing's time step up between 256 KB and 1 MB.

/** The list a rule was given, handed back unchanged (see above). */
export function unchangedSpans(spans: readonly Span[]): Span[] {
  return spans as Span[];
}

/** `spans.map(f)` as a list, but `spans` itself when `f` returns every span as it is (the same object). */
export function mapSpans(spans: readonly Span[], f: (s: Span) => Span): Span[] {
  let out: Span[] | undefined;
  for (let i = 0; i < spans.length; i++) {
    const s = spans[i];
    const t = f(s);
    if (out !== undefined) out.push(t);
    else if (t !== s) {
      out = spans.slice(0, i);
      out.push(t);
    }
  }
  return out ?? (spans as Span[]);
}

/** `spans.filter(keep)` as a list, but `spans` itself when every span is kept. */
export function filterSpans(spans: readonly Span[], keep: (s: Span) => boolean): Span[] {
  let out: Span[] | undefined;
  for (let i = 0; i < spans.length; i++) {
    const s = spans[i];
    if (keep(s)) out?.push(s);
    else if (out === undefined) out = spans.slice(0, i);
  }
  return out ?? (spans as Span[]);
}

/** `[...spans].sort(byPosition)` (a stable sort), but `spans` itself when it is in that order already. */
export function sortedByPosition(spans: readonly Span[]): readonly Span[] {
  for (let i = 1; i < spans.length; i++) if (byPosition(spans[i - 1], spans[i]) > 0) return [...spans].sort(byPosition);
  return spans;
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

/**
 * One span over several: the given label, every detector of the parts, the highest score. Plain loops, not
 * `Math.min(...parts)`: a merge of a few hundred thousand parts must not overflow the call stack.
 */
export function mergedSpan(parts: readonly Span[], label: Label, start?: number, end?: number): Span {
  let lo = Infinity;
  let hi = -Infinity;
  let score: number | undefined;
  const detectors = new Set<string>();
  let extra: Record<string, unknown> | undefined;
  for (const p of parts) {
    if (p.start < lo) lo = p.start;
    if (p.end > hi) hi = p.end;
    if (p.score !== undefined && (score === undefined || p.score > score)) score = p.score;
    for (const d of p.detectors ?? []) detectors.add(d);
    if (p.extra) extra = Object.assign(extra ?? {}, p.extra);
  }
  const out: Span = { start: start ?? lo, end: end ?? hi, label, detectors: [...detectors].sort() };
  if (score !== undefined) out.score = score;
  if (extra) out.extra = extra;
  return out;
}

/** Starts per block of the finer level of BlockMaxEnd (a power of two). */
const BLOCK_BITS = 4;
const BLOCK = 1 << BLOCK_BITS;

/**
 * Intervals indexed by start for adds that come after queries: a Fenwick tree of maxima over blocks of 16 starts,
 * and per block the largest end at each of its starts; O(log n) per add and per query. Both levels are ordinary
 * arrays sized by the text length / 16 and by the blocks used (a typed array sized by the text, allocated outside
 * the heap for each index, cost more than the rules' own work on a short note).
 */
class BlockMaxEnd {
  private readonly blocks: number[];
  private readonly cells: (number[] | undefined)[];

  constructor(private readonly size: number) {
    const count = (size >> BLOCK_BITS) + 1;
    this.blocks = new Array<number>(count + 1).fill(-1);
    this.cells = new Array<number[] | undefined>(count);
  }

  add(start: number, end: number): void {
    const b = start >> BLOCK_BITS;
    let cell = this.cells[b];
    if (cell === undefined) cell = this.cells[b] = new Array<number>(BLOCK).fill(-1);
    const o = start & (BLOCK - 1);
    if (cell[o] < end) cell[o] = end;
    const blocks = this.blocks;
    for (let i = b + 1; i < blocks.length; i += i & -i) if (blocks[i] < end) blocks[i] = end;
  }

  /** The largest end among intervals starting at or before q (0 ≤ q < size); -1 when there are none. */
  maxEndStartingBy(q: number): number {
    const b = q >> BLOCK_BITS;
    let m = -1;
    // Blocks before q's block, then q's block up to q.
    for (let i = b; i > 0; i -= i & -i) if (this.blocks[i] > m) m = this.blocks[i];
    const cell = this.cells[b];
    if (cell !== undefined) for (let o = q & (BLOCK - 1); o >= 0; o--) if (cell[o] > m) m = cell[o];
    return m;
  }
}

/**
 * Intervals indexed by start: "the largest end of an interval starting at or before p" in O(log n). A rule asks
 * "is this match covered / overlapped?" without scanning every span. Most indexes are filled from a rule's spans
 * and then only queried: the intervals added before the first query are sorted by start once (they mostly come
 * sorted) with a running maximum of their ends, and a query is one binary search, with nothing allocated by the
 * text's length. Intervals added after a query (matches a rule adds as it goes) go into a BlockMaxEnd made on the
 * first such add; a query takes the larger answer of the two.
 */
export class MaxEndIndex {
  /** Intervals added before the first query, in the order added; sorted into `starts` / `prefixMax` at that query. */
  private pendingStarts: number[] | null = [];
  private pendingEnds: number[] = [];
  /** Starts in increasing order and, at each, the largest end of the intervals up to it. */
  private starts: number[] = [];
  private prefixMax: number[] = [];
  private later: BlockMaxEnd | null = null;

  /** `size`: one more than the largest start that will be added (the text length + 1 will do). */
  constructor(private readonly size: number) {}

  add(start: number, end: number): void {
    // Starts from `size` on are not kept (as in a tree of `size` leaves).
    if (start < 0 || start >= this.size) return;
    if (this.pendingStarts !== null) {
      this.pendingStarts.push(start);
      this.pendingEnds.push(end);
    } else (this.later ??= new BlockMaxEnd(this.size)).add(start, end);
  }

  private freeze(pending: number[]): void {
    const ends = this.pendingEnds;
    const n = pending.length;
    let sorted = true;
    for (let i = 1; i < n && sorted; i++) sorted = pending[i - 1] <= pending[i];
    let order: number[] | null = null;
    if (!sorted) {
      order = new Array<number>(n);
      for (let i = 0; i < n; i++) order[i] = i;
      order.sort((a, b) => pending[a] - pending[b]);
    }
    const starts = new Array<number>(n);
    const prefixMax = new Array<number>(n);
    let m = -1;
    for (let i = 0; i < n; i++) {
      const k = order ? order[i] : i;
      starts[i] = pending[k];
      if (ends[k] > m) m = ends[k];
      prefixMax[i] = m;
    }
    this.starts = starts;
    this.prefixMax = prefixMax;
    this.pendingStarts = null;
    this.pendingEnds = [];
  }

  /** The largest end among intervals starting at or before p; -1 when there are none. */
  maxEndStartingBy(p: number): number {
    if (this.pendingStarts !== null) this.freeze(this.pendingStarts);
    const q = Math.min(p, this.size - 1);
    if (q < 0) return -1;
    const starts = this.starts;
    // The last start ≤ q.
    let lo = 0;
    let hi = starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (starts[mid] <= q) lo = mid + 1;
      else hi = mid;
    }
    const m = lo > 0 ? this.prefixMax[lo - 1] : -1;
    if (this.later === null) return m;
    const l = this.later.maxEndStartingBy(q);
    return l > m ? l : m;
  }

  /** Whether some interval contains [start, end) (equal bounds included). */
  covers(start: number, end: number): boolean {
    return this.maxEndStartingBy(start) >= end;
  }

  /** Whether some interval strictly contains [start, end). */
  strictlyCovers(start: number, end: number): boolean {
    return this.maxEndStartingBy(start - 1) >= end || this.maxEndStartingBy(start) > end;
  }

  /** Whether some interval overlaps [start, end). */
  overlaps(start: number, end: number): boolean {
    return this.maxEndStartingBy(end - 1) > start;
  }

  /** Whether some interval overlaps [start, end) without lying inside it (it crosses an edge or contains it). */
  crossesOrContains(start: number, end: number): boolean {
    return this.maxEndStartingBy(start - 1) > start || this.maxEndStartingBy(end - 1) > end;
  }
}

export function indexOf(spans: readonly { start: number; end: number }[], textLength: number): MaxEndIndex {
  const index = new MaxEndIndex(textLength + 1);
  for (const s of spans) index.add(s.start, s.end);
  return index;
}

export function byPosition(a: Span, b: Span): number {
  return a.start - b.start || a.end - b.end || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0);
}

/** Whether spans are in strictly increasing (start, end, label) order: what deduplicateSpans gives back as it is. */
export function isSortedAndUnique(spans: readonly Span[]): boolean {
  for (let i = 1; i < spans.length; i++) if (byPosition(spans[i - 1], spans[i]) >= 0) return false;
  return true;
}

/** Spans sorted by (start, end, label) with exact duplicates made one (detectors united, highest score). */
export function deduplicateSpans(spans: readonly Span[]): Span[] {
  // Mostly already sorted and unique: one comparison per span, no keys.
  if (isSortedAndUnique(spans)) return spans.slice();
  // A stable sort puts the duplicates of a (start, end, label) next to each other, in the order they were given.
  const order = spans.slice().sort(byPosition);
  const out: Span[] = [];
  for (let i = 0; i < order.length; ) {
    let j = i + 1;
    while (j < order.length && byPosition(order[i], order[j]) === 0) j++;
    if (j === i + 1) out.push(order[i]);
    else {
      const group = order.slice(i, j);
      const m = mergedSpan(group, group[0].label);
      const subs = group.find((g) => g.subannotations)?.subannotations;
      if (subs) m.subannotations = subs;
      out.push(m);
    }
    i = j;
  }
  return out;
}

export function contains(outer: { start: number; end: number }, inner: { start: number; end: number }): boolean {
  return outer.start <= inner.start && inner.end <= outer.end;
}

export function isNameLabel(label: string): boolean {
  return label.startsWith("Name:");
}
