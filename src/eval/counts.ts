// Per-document count vectors. Every metric is a ratio of sums of these counts, so a corpus total (or a bootstrap
// replicate) is a weighted sum of document vectors and nothing else. Characters are counted in Unicode code points
// (an astral character counts once), on UTF-16 offsets in memory.
import {
  categoryOf,
  DeidError,
  isCoreCategory,
  mergeIntervals,
  type Document,
  type Span,
} from "../contract/index.js";
import { spanProblem } from "./corpora/validate.js";
import { isOutOfScope, type OutOfScopePolicy, type Scope } from "./scope.js";

/** The fixed count fields, present (possibly 0) in every DocumentCounts. */
export const COUNT_FIELDS = [
  "chars_total",
  "gold_chars",
  "gold_chars_hit",
  "core_chars",
  "core_chars_hit",
  "non_pii_chars",
  "non_pii_chars_redacted",
  "non_pii_chars_false_positive",
  "non_pii_chars_boundary_extension",
  "non_pii_chars_excluded_redacted",
  "non_pii_nonws_chars",
  "non_pii_nonws_chars_redacted",
  "out_of_scope_chars_ignored",
  "gold_spans",
  "gold_spans_hit",
  "gold_spans_without_subannotations",
  "out_of_scope_gold_spans",
  "pred_spans",
  "pred_spans_touching_gold",
  "out_of_scope_predictions_ignored",
  "strict_gold",
  "strict_pred",
  "strict_tp",
  "strict_typed_gold",
  "strict_typed_pred",
  "strict_typed_tp",
  "token_tp",
  "token_fp",
  "token_fn",
  "fidelity_gold_spans",
  "fidelity_matched",
  "fidelity_exact",
  "fidelity_coarse",
] as const;
export type CountField = (typeof COUNT_FIELDS)[number];

/** Per-document counts: the fixed fields plus breakdown fields such as `gold_chars[label=Date]` when non-zero. */
export type DocumentCounts = Record<string, number>;

/** Breakdown field names: `gold_chars[label=Name:Patient]`, `subannotation_chars[category=given]`. */
export function breakdownField(base: string, key: "label" | "category", value: string): string {
  return `${base}[${key}=${value}]`;
}

export interface Interval {
  start: number;
  end: number;
}

export interface CountOptions {
  /** `all` (default) or `safe-harbor`: ages under 90 and a bare year are not PHI. */
  scope?: Scope;
  /** How predictions touching only out-of-scope gold count (default `false-positive`). */
  outOfScope?: OutOfScopePolicy;
  /** Characters whose redaction is not counted as non-PII redaction (ASQ-PHI's unannotated ages), UTF-16. */
  nonPiiExclusions?: readonly Interval[];
  /** Strict typed matching compares the exact label (default) or its category. */
  typedMatch?: "label" | "category";
  /** Emit per-label and per-subannotation-category fields (default true). */
  breakdowns?: boolean;
}

const GOLD = 1;
const CORE = 2;
const OOS = 4;
const EXCL = 8;
const PRED = 16;
const TOUCHING = 32;
const WS = 64;

/** A gold entity: one span, or the fragments of a discontinuous one (shared `extra.entity_id`). */
interface GoldEntity {
  label: string;
  fragments: Span[];
  inScope: boolean;
  core: Interval[];
  withoutSubannotations: boolean;
}

/** 1 for each UTF-16 index that starts a code point, 0 for the second half of a surrogate pair. */
export function codePointStarts(text: string): Uint8Array | undefined {
  if (!/[\uD800-\uDFFF]/.test(text)) return undefined;
  const w = new Uint8Array(text.length).fill(1);
  for (let i = 0; i + 1 < text.length; i++) {
    const c = text.charCodeAt(i);
    const d = text.charCodeAt(i + 1);
    if (c >= 0xd800 && c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) w[++i] = 0;
  }
  return w;
}

/** Number of code points in [start, end). */
function codePointCount(weights: Uint8Array | undefined, start: number, end: number): number {
  if (!weights) return end - start;
  let n = 0;
  for (let i = start; i < end; i++) n += weights[i];
  return n;
}

function prefixOf(flags: Uint8Array, bit: number): Int32Array {
  const p = new Int32Array(flags.length + 1);
  for (let i = 0; i < flags.length; i++) p[i + 1] = p[i] + (flags[i] & bit ? 1 : 0);
  return p;
}

function anyIn(prefix: Int32Array, start: number, end: number): boolean {
  return prefix[end] - prefix[start] > 0;
}

function mark(flags: Uint8Array, start: number, end: number, bit: number): void {
  for (let i = start; i < end; i++) flags[i] |= bit;
}

function coreIntervals(span: Span): { core: Interval[]; partitioned: boolean } {
  const subs = span.subannotations;
  if (!subs || subs.length === 0) return { core: [{ start: span.start, end: span.end }], partitioned: false };
  return { core: subs.filter((s) => isCoreCategory(s.category)).map((s) => ({ start: s.start, end: s.end })), partitioned: true };
}

/** Groups gold spans into entities and classifies each against the scope. */
export function goldEntities(doc: Document, scope: Scope): GoldEntity[] {
  const byKey = new Map<string, GoldEntity>();
  const out: GoldEntity[] = [];
  (doc.spans ?? []).forEach((span, i) => {
    const id = span.extra?.entity_id;
    const key = typeof id === "string" ? `e:${id}` : `i:${i}`;
    let entity = byKey.get(key);
    if (!entity) {
      entity = { label: span.label, fragments: [], inScope: true, core: [], withoutSubannotations: false };
      byKey.set(key, entity);
      out.push(entity);
    }
    entity.fragments.push(span);
    const { core, partitioned } = coreIntervals(span);
    entity.core.push(...core);
    if (!partitioned) entity.withoutSubannotations = true;
  });
  if (scope !== "all") {
    for (const e of out) {
      const covered = e.fragments.map((f) => doc.text.slice(f.start, f.end)).join(" ");
      e.inScope = !isOutOfScope(scope, e.label, covered);
    }
  }
  return out;
}

function checkPredictions(doc: Document, predicted: readonly Span[]): void {
  predicted.forEach((s, i) => {
    const problem = spanProblem(s, doc.text);
    if (problem) {
      throw new DeidError("E_INPUT_FORMAT", `prediction ${i} for document ${JSON.stringify(doc.document_id)}: ${problem}`, {
        field: `spans[${i}]`,
      });
    }
  });
}

function add(counts: DocumentCounts, field: string, n: number): void {
  if (n !== 0) counts[field] = (counts[field] ?? 0) + n;
}

/** Code points covered by merged intervals, and those of them a prediction covers. */
function coverage(intervals: readonly Interval[], flags: Uint8Array, weights: Uint8Array | undefined): [number, number] {
  let total = 0;
  let hit = 0;
  for (const iv of mergeIntervals(intervals)) {
    for (let i = iv.start; i < iv.end; i++) {
      if (weights && !weights[i]) continue;
      total++;
      if (flags[i] & PRED) hit++;
    }
  }
  return [total, hit];
}

interface Prepared {
  doc: Document;
  weights: Uint8Array | undefined;
  flags: Uint8Array;
  entities: GoldEntity[];
  counted: Span[];
  ignoreOutOfScope: boolean;
  /** Prefix counts of UTF-16 units flagged gold / out of scope / redacted, for O(1) "touches" checks. */
  goldPrefix: Int32Array;
  oosPrefix: Int32Array;
  predPrefix: Int32Array;
}

function prepare(doc: Document, predicted: readonly Span[], options: CountOptions, counts: DocumentCounts): Prepared {
  const scope = options.scope ?? "all";
  const ignoreOutOfScope = scope !== "all" && (options.outOfScope ?? "false-positive") === "neither";
  const text = doc.text;
  const flags = new Uint8Array(text.length);
  const entities = goldEntities(doc, scope);
  for (const e of entities) {
    for (const f of e.fragments) mark(flags, f.start, f.end, e.inScope ? GOLD : OOS);
    if (e.inScope) for (const c of e.core) mark(flags, c.start, c.end, CORE);
  }
  for (const x of options.nonPiiExclusions ?? []) mark(flags, Math.max(0, x.start), Math.min(text.length, x.end), EXCL);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || (c >= 9 && c <= 13) || (c > 127 && /\s/.test(text[i]))) flags[i] |= WS;
  }
  const goldPrefix = prefixOf(flags, GOLD);
  const oosPrefix = prefixOf(flags, OOS);
  const counted: Span[] = [];
  for (const p of predicted) {
    const touchesGold = anyIn(goldPrefix, p.start, p.end);
    if (ignoreOutOfScope && !touchesGold && anyIn(oosPrefix, p.start, p.end)) {
      counts.out_of_scope_predictions_ignored++;
      continue;
    }
    counted.push(p);
    mark(flags, p.start, p.end, touchesGold ? PRED | TOUCHING : PRED);
  }
  const predPrefix = prefixOf(flags, PRED);
  return { doc, weights: codePointStarts(text), flags, entities, counted, ignoreOutOfScope, goldPrefix, oosPrefix, predPrefix };
}

/** Character counts: annotation, core PII, non-PII redaction (false positives + boundary extensions), text removed. */
function countCharacters(p: Prepared, counts: DocumentCounts): void {
  const { flags, weights, ignoreOutOfScope } = p;
  for (let i = 0; i < flags.length; i++) {
    if (weights && !weights[i]) continue;
    const f = flags[i];
    counts.chars_total++;
    if (f & GOLD) {
      counts.gold_chars++;
      if (f & PRED) counts.gold_chars_hit++;
      if (f & CORE) {
        counts.core_chars++;
        if (f & PRED) counts.core_chars_hit++;
      }
      continue;
    }
    if (ignoreOutOfScope && f & OOS) {
      counts.out_of_scope_chars_ignored++;
      continue;
    }
    counts.non_pii_chars++;
    const visible = !(f & WS);
    if (visible) counts.non_pii_nonws_chars++;
    if (!(f & PRED)) continue;
    if (visible) counts.non_pii_nonws_chars_redacted++;
    if (f & EXCL) counts.non_pii_chars_excluded_redacted++;
    else {
      counts.non_pii_chars_redacted++;
      if (f & TOUCHING) counts.non_pii_chars_boundary_extension++;
      else counts.non_pii_chars_false_positive++;
    }
  }
}

/** Span counts (DeidSharp): gold entities any prediction overlaps; predictions that overlap gold. */
function countSpans(p: Prepared, counts: DocumentCounts, breakdowns: boolean): void {
  const { predPrefix, goldPrefix } = p;
  const byLabel = new Map<string, [spans: number, hit: number]>();
  for (const e of p.entities) {
    if (!e.inScope) {
      counts.out_of_scope_gold_spans++;
      continue;
    }
    const hit = e.fragments.some((f) => anyIn(predPrefix, f.start, f.end)) ? 1 : 0;
    counts.gold_spans++;
    counts.gold_spans_hit += hit;
    if (e.withoutSubannotations) counts.gold_spans_without_subannotations++;
    const tally = byLabel.get(e.label);
    if (tally) {
      tally[0]++;
      tally[1] += hit;
    } else byLabel.set(e.label, [1, hit]);
  }
  if (breakdowns) {
    for (const [label, [spans, hit]] of byLabel) {
      add(counts, breakdownField("gold_spans", "label", label), spans);
      add(counts, breakdownField("gold_spans_hit", "label", label), hit);
    }
  }
  for (const s of p.counted) {
    counts.pred_spans++;
    if (anyIn(goldPrefix, s.start, s.end)) counts.pred_spans_touching_gold++;
  }
}

/** Exact-boundary matching on (start, end) and (start, end, label) sets of fragments (i2b2 2014 "strict"). */
function countStrict(p: Prepared, counts: DocumentCounts, typedMatch: "label" | "category"): void {
  const typeKey = (label: string) => (typedMatch === "category" ? categoryOf(label) : label);
  const goldUntyped = new Set<string>();
  const goldTyped = new Set<string>();
  for (const e of p.entities) {
    if (!e.inScope) continue;
    for (const f of e.fragments) {
      goldUntyped.add(`${f.start}:${f.end}`);
      goldTyped.add(`${f.start}:${f.end}:${typeKey(e.label)}`);
    }
  }
  const predUntyped = new Set(p.counted.map((s) => `${s.start}:${s.end}`));
  const predTyped = new Set(p.counted.map((s) => `${s.start}:${s.end}:${typeKey(s.label)}`));
  counts.strict_gold += goldUntyped.size;
  counts.strict_pred += predUntyped.size;
  for (const k of predUntyped) if (goldUntyped.has(k)) counts.strict_tp++;
  counts.strict_typed_gold += goldTyped.size;
  counts.strict_typed_pred += predTyped.size;
  for (const k of predTyped) if (goldTyped.has(k)) counts.strict_typed_tp++;
}

const TOKEN = /[\p{L}\p{N}\p{M}]+/gu;

/** Word-level counts: a word is gold if any of its characters is gold, predicted if any is redacted. */
function countTokens(p: Prepared, counts: DocumentCounts): void {
  const { predPrefix, goldPrefix } = p;
  const oosPrefix = p.ignoreOutOfScope ? p.oosPrefix : undefined;
  for (const m of p.doc.text.matchAll(TOKEN)) {
    const a = m.index;
    const b = a + m[0].length;
    const g = anyIn(goldPrefix, a, b);
    if (!g && oosPrefix && anyIn(oosPrefix, a, b)) continue;
    const r = anyIn(predPrefix, a, b);
    if (g && r) counts.token_tp++;
    else if (r) counts.token_fp++;
    else if (g) counts.token_fn++;
  }
}

function intersectionCount(core: readonly Interval[], start: number, end: number, weights: Uint8Array | undefined): number {
  let n = 0;
  for (const c of core) {
    const a = Math.max(c.start, start);
    const b = Math.min(c.end, end);
    if (b > a) n += codePointCount(weights, a, b);
  }
  return n;
}

interface Candidate {
  g: number;
  p: number;
  overlap: number;
  goldCore: number;
  predLength: number;
}

/** Deterministic order: overlap, then gold coverage, then prediction coverage (desc), then gold, prediction order. */
export function compareCandidates(x: Candidate, y: Candidate): number {
  return (
    y.overlap - x.overlap ||
    y.overlap * x.goldCore - x.overlap * y.goldCore ||
    y.overlap * x.predLength - x.overlap * y.predLength ||
    x.g - y.g ||
    x.p - y.p
  );
}

/** Label fidelity (MedDeID S6): one-to-one greedy matching of core-PII gold entities and predictions by core overlap. */
function countFidelity(p: Prepared, counts: DocumentCounts): void {
  const golds: { e: GoldEntity; core: Interval[]; coreChars: number }[] = [];
  for (const e of p.entities) {
    if (!e.inScope) continue;
    const core = mergeIntervals(e.core);
    const coreChars = core.reduce((n, c) => n + codePointCount(p.weights, c.start, c.end), 0);
    if (coreChars > 0) golds.push({ e, core, coreChars });
  }
  counts.fidelity_gold_spans += golds.length;
  const candidates: Candidate[] = [];
  golds.forEach((g, gi) => {
    const lo = g.core[0].start;
    const hi = g.core[g.core.length - 1].end;
    p.counted.forEach((s, pi) => {
      if (s.end <= lo || s.start >= hi) return;
      const overlap = intersectionCount(g.core, s.start, s.end, p.weights);
      if (overlap > 0) {
        candidates.push({ g: gi, p: pi, overlap, goldCore: g.coreChars, predLength: codePointCount(p.weights, s.start, s.end) });
      }
    });
  });
  candidates.sort(compareCandidates);
  const usedGold = new Set<number>();
  const usedPred = new Set<number>();
  for (const c of candidates) {
    if (usedGold.has(c.g) || usedPred.has(c.p)) continue;
    usedGold.add(c.g);
    usedPred.add(c.p);
    const goldLabel = golds[c.g].e.label;
    const predLabel = p.counted[c.p].label;
    counts.fidelity_matched++;
    if (goldLabel === predLabel) counts.fidelity_exact++;
    if (categoryOf(goldLabel) === categoryOf(predLabel)) counts.fidelity_coarse++;
  }
}

/** Per gold label and per subannotation category character coverage. */
function countBreakdowns(p: Prepared, counts: DocumentCounts): void {
  const byLabel = new Map<string, { all: Interval[]; core: Interval[] }>();
  const byCategory = new Map<string, Interval[]>();
  for (const e of p.entities) {
    if (!e.inScope) continue;
    let entry = byLabel.get(e.label);
    if (!entry) byLabel.set(e.label, (entry = { all: [], core: [] }));
    entry.all.push(...e.fragments);
    entry.core.push(...e.core);
    for (const f of e.fragments) {
      for (const sa of f.subannotations ?? []) {
        let list = byCategory.get(sa.category);
        if (!list) byCategory.set(sa.category, (list = []));
        list.push(sa);
      }
    }
  }
  for (const [label, { all, core }] of byLabel) {
    const [chars, hit] = coverage(all, p.flags, p.weights);
    add(counts, breakdownField("gold_chars", "label", label), chars);
    add(counts, breakdownField("gold_chars_hit", "label", label), hit);
    const [coreChars, coreHit] = coverage(core, p.flags, p.weights);
    add(counts, breakdownField("core_chars", "label", label), coreChars);
    add(counts, breakdownField("core_chars_hit", "label", label), coreHit);
  }
  for (const [category, intervals] of byCategory) {
    const [chars, hit] = coverage(intervals, p.flags, p.weights);
    add(counts, breakdownField("subannotation_chars", "category", category), chars);
    add(counts, breakdownField("subannotation_chars_hit", "category", category), hit);
  }
}

/** Fresh counts with every fixed field at 0. */
export function emptyCounts(): DocumentCounts {
  const c: DocumentCounts = {};
  for (const f of COUNT_FIELDS) c[f] = 0;
  return c;
}

/**
 * Counts one document: gold spans against predicted spans (UTF-16 offsets into `gold.text`). A predicted span
 * outside the text is an error naming the document and span index.
 */
export function countDocument(gold: Document, predicted: readonly Span[], options: CountOptions = {}): DocumentCounts {
  checkPredictions(gold, predicted);
  const counts = emptyCounts();
  const prepared = prepare(gold, predicted, options, counts);
  countCharacters(prepared, counts);
  countSpans(prepared, counts, options.breakdowns ?? true);
  countStrict(prepared, counts, options.typedMatch ?? "label");
  countTokens(prepared, counts);
  countFidelity(prepared, counts);
  if (options.breakdowns ?? true) countBreakdowns(prepared, counts);
  return counts;
}
