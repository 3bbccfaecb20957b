// Leak guard: after transformation, look for identifiers that survived. Any hit refuses the document.
//
// Policy (what counts as a surviving identifier):
// 1. A known identifier (metadata names, ids, known values, birth-date renderings) found again by the
//    known-identifier detectors anywhere outside replacement text, or inside a surrogate replacement (surrogates
//    must never reproduce a real value). Inside placeholders and date/age replacements it is ignored: those are
//    written from fixed words and numbers ("[Name:Patient]", "44 jaar"), so a short known value such as "44"
//    matching there is a coincidence, not a leak.
// 2. An identifier or contact detail found outside replacement text by the stack's other deterministic detectors
//    (meta.kind "deterministic") that can return such labels: patterns, rules-en, the site's own patterns.
// 3. The original text of a replaced span found again outside replacement text, and for names each of their
//    capitalised words of 4+ letters that are not titles ("Peeters" of "Dokter Jan Peeters"). Only originals with a letter and at least 4
//    characters, or with at least 5 digits, are searched: ages ("45"), years ("2023") and house numbers appear
//    legitimately elsewhere. Names match only in their own capitalisation or in capitals ("Bakker" and "BAKKER"
//    the name, not "bakker" the trade). Both sides are folded for matching (src/contract/fold.ts: NFC/NFD,
//    accents, invisible characters, line-break hyphens, full-width and look-alike letters, spaced letters).
// 4. A span other than Date or Age_Birthdate whose replacement equals its original (a surrogate must differ).
//    Dates and ages may be kept on purpose (times, relative dates, ages already at band granularity).
import { analyseText, BoundedCache, categoryOf, DeidError, OffsetMapper, type DetectedSpan, type Document, type Label, type TextAnalysis } from "../contract/index.js";
import { foldNeedle, mergeSortedRuns, originalRange, NAME_TITLES } from "../contract/index.js";
import { placeholderFor } from "./placeholders.js";
import { replaceSpans, type OutputSpan, type TransformResult } from "./types.js";

type GuardContext = { signal: AbortSignal; documentIndex: number; analysis?: TextAnalysis };

export interface LeakGuardDetector {
  detect(document: Document, ctx: GuardContext): Promise<DetectedSpan[]> | DetectedSpan[];
  /** Every ID and contact span `detect` would return, others optional (src/detectors/types.ts); used when present. */
  detectForLeakGuard?(document: Document, ctx: GuardContext): Promise<DetectedSpan[]> | DetectedSpan[];
}

export interface LeakGuardOptions {
  /** Detectors of known identifiers (metadata-driven), re-run on the output with the original metadata. */
  knownIdentifierDetectors: readonly LeakGuardDetector[];
  /** The stack's other deterministic detectors (meta.kind) that can return ID or contact labels, re-run on the output. */
  patternDetectors?: readonly LeakGuardDetector[];
  signal: AbortSignal;
  documentIndex: number;
}

const TITLES = new Set(Object.values(NAME_TITLES).flat());

/** Minimum length of an original span text with a letter that is searched for verbatim in the output. */
export const MIN_SURVIVOR_LENGTH = 4;
/** Minimum digit count of an original span text without letters that is searched for verbatim. */
export const MIN_SURVIVOR_DIGITS = 5;

interface ReplacementRange {
  start: number;
  end: number;
  span: OutputSpan;
}

function isDateLike(label: string): boolean {
  return label === "Date" || label === "Age_Birthdate";
}

function isPlaceholder(replacement: string): boolean {
  return /^\[[^\]]*\]$/.test(replacement);
}

function fold(s: string): string {
  return s.normalize("NFD").replace(/\p{M}+/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

const FOLDED_REPLACEMENTS = new BoundedCache<string, string>(1024);

/**
 * Whether a replacement says what the original said (policy 4). Replacements repeat ("[Name:Patient]"), so their
 * folded forms are kept. Folding never makes a "[" (no canonical decomposition or lower case yields one), so a
 * placeholder cannot equal an original without one and that original need not be folded.
 */
function unchanged(replacement: string, surface: string): boolean {
  // A "[" survives folding (nothing removes one either): a placeholder's fold holds one, and an original without
  // one cannot equal it. Tested on the raw strings first, so a placeholder costs no fold and no cache lookup.
  if (replacement.includes("[") && !surface.includes("[")) return false;
  let r = FOLDED_REPLACEMENTS.get(replacement);
  if (r === undefined) {
    r = fold(replacement);
    FOLDED_REPLACEMENTS.set(replacement, r);
  }
  if (r.includes("[") && !surface.includes("[")) return false;
  return r === fold(surface);
}

const NEEDLES = [new BoundedCache<string, string>(8192), new BoundedCache<string, string>(8192)];

/**
 * Printable ASCII without a backtick and without a single-letter word ("Peeters", "Jan Peeters", "12/03/2024",
 * "0470 12 34 56"): most originals. foldNeedle leaves such a text as it is, lower-cased unless keepCase
 * (src/contract/fold.ts: no unit outside ASCII, no line break for a hyphen to join across, no control character or
 * backtick to replace, and no letters spaced out to join, which takes single-letter words), so its needle needs no
 * fold and no cache (test/transform/leak-guard-verdicts.test.ts checks it against foldNeedle).
 */
export function isPlainAscii(c: string): boolean {
  const n = c.length;
  for (let i = 0; i < n; i++) {
    const u = c.charCodeAt(i);
    if (u < 0x20 || u > 0x7e || u === 0x60) return false;
    // A letter with no letter or digit on either side is a single-letter word.
    if (isAsciiLetter(u) && !(i > 0 && isAsciiAlnum(c.charCodeAt(i - 1))) && !(i + 1 < n && isAsciiAlnum(c.charCodeAt(i + 1)))) return false;
  }
  return true;
}

function isAsciiLetter(u: number): boolean {
  return (u >= 65 && u <= 90) || (u >= 97 && u <= 122);
}

function isAsciiAlnum(u: number): boolean {
  return isAsciiLetter(u) || (u >= 48 && u <= 57);
}

/** An original's search needle: folded like the output (src/contract/fold.ts), single spaces, trimmed. */
export function needleOf(c: string, keepCase: boolean): string {
  if (isPlainAscii(c)) {
    const t = keepCase ? c : c.toLowerCase();
    return t.includes("  ") ? t.replace(/ +/g, " ").trim() : t.trim();
  }
  const cache = NEEDLES[keepCase ? 1 : 0];
  let n = cache.get(c);
  if (n === undefined) {
    n = (keepCase ? foldNeedle(c, { keepCase: true }) : foldNeedle(c)).replace(/ +/g, " ").trim();
    cache.set(c, n);
  }
  return n;
}

const NAME_NEEDLES = [new BoundedCache<string, readonly string[]>(4096), new BoundedCache<string, readonly string[]>(4096)];

/**
 * The case needles of a name span's (trimmed) original, in the order they are added: the original itself when it is
 * searchable and starts with an upper-case letter, then each of its distinct capitalised words that is not the whole
 * original and not a title; each needle in its own capitalisation, then in capitals. Names repeat within a note and
 * across a patient's notes, so the list is kept per original.
 */
function nameCaseNeedles(surface: string, searchable: boolean): readonly string[] {
  const cache = NAME_NEEDLES[searchable ? 1 : 0];
  let list = cache.get(surface);
  if (list === undefined) {
    const out: string[] = [];
    const add = (c: string) => {
      const needle = needleOf(c, true);
      out.push(needle, needle.toUpperCase());
    };
    // Names match only in their own capitalisation ("Bakker" the name, not "bakker" the trade).
    // An all-capitals survivor ("PEETERS", "P.E.E.T.E.R.S") is the name too.
    if (searchable && letterClass(surface.codePointAt(0)!) === 3) add(surface);
    // A word repeated in one span gives the same needles with the same label: each is looked at once. Each word
    // starts with an upper-case letter and holds at least four letters or apostrophes, so it is searchable.
    for (const w of distinctCapitalisedWords(surface)) if (w !== surface && !TITLES.has(w.toLowerCase())) add(w);
    list = out;
    cache.set(surface, list);
  }
  return list;
}

/** Whether an original span text is distinctive enough to search for (see the policy above). */
export function isSearchableOriginal(surface: string): boolean {
  // With a letter (\p{L}) at least MIN_SURVIVOR_LENGTH units, else at least MIN_SURVIVOR_DIGITS digits ([0-9]):
  // one scan, no regex. Shorter than both minimums, neither can hold.
  const n = surface.length;
  if (n < MIN_SURVIVOR_LENGTH && n < MIN_SURVIVOR_DIGITS) return false;
  let digits = 0;
  for (let i = 0; i < n; i++) {
    const c = surface.charCodeAt(i);
    if (c < 128) {
      if (c >= 48 && c <= 57) digits++;
      else if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) return n >= MIN_SURVIVOR_LENGTH;
      continue;
    }
    const cp = surface.codePointAt(i)!;
    if (letterClass(cp) !== 1) return n >= MIN_SURVIVOR_LENGTH;
    if (cp > 0xffff) i++;
  }
  return digits >= MIN_SURVIVOR_DIGITS;
}

export interface LeakCounts {
  knownIdentifiers: number;
  patterns: number;
  originalText: number;
  unchangedSurrogates: number;
}

export type LeakKind = keyof LeakCounts;

/** One surviving identifier: where it is in the de-identified text, of which kind, with which label. Never text. */
export interface Leak {
  kind: LeakKind;
  /** UTF-16 range in the de-identified text. */
  start: number;
  end: number;
  label: Label;
}

function isWordUnit(t: string, i: number): boolean {
  const c = t.charCodeAt(i);
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57);
  return /[\p{L}\p{N}]/u.test(String.fromCodePoint(t.codePointAt(i)!));
}

/** First words above which the whole-word search walks the text once instead of one indexOf pass per first word. */
const WALK_ABOVE_FIRST_WORDS = 64;

/**
 * Whole-word occurrences (no letter or digit right before or after) of every needle in `text`. Needles that start
 * with a word character are grouped by their first word; each first word is found with indexOf and kept where it
 * is the whole word at a word start, and the hits are reported in text order. The few others are searched one by
 * one. With more than `walkAbove` first words (one indexOf pass over the text per first word would make the search
 * quadratic: a long output whose every capitalised word is a needle) the text's words are walked once instead and
 * each is looked up; both ways report the same hits in the same order.
 */
export function wholeWordOccurrences(
  text: string,
  needles: ReadonlyMap<string, Label>,
  walkAbove = WALK_ABOVE_FIRST_WORDS,
): { start: number; end: number; label: Label }[] {
  const out: { start: number; end: number; label: Label }[] = [];
  const byFirstWord = new Map<string, string[]>();
  const loose: string[] = [];
  for (const needle of needles.keys()) {
    if (!needle) continue;
    let j = 0;
    while (j < needle.length && isWordUnit(needle, j)) j++;
    if (j === 0) loose.push(needle);
    else {
      const head = needle.slice(0, j);
      const list = byFirstWord.get(head);
      if (list) list.push(needle);
      else byFirstWord.set(head, [needle]);
    }
  }
  const boundedAt = (at: number, end: number) => !(at > 0 && isWordUnit(text, at - 1)) && !(end < text.length && isWordUnit(text, end));
  if (byFirstWord.size > walkAbove) {
    // One walk over the text's maximal word runs (the same units isWordRunAt accepts), each looked up once.
    let i = 0;
    while (i < text.length) {
      if (!isWordUnit(text, i)) {
        i++;
        continue;
      }
      let j = i + 1;
      while (j < text.length && isWordUnit(text, j)) j++;
      const list = byFirstWord.get(text.slice(i, j));
      if (list) {
        for (const needle of list) {
          const end = i + needle.length;
          if (text.startsWith(needle, i) && boundedAt(i, end)) out.push({ start: i, end, label: needles.get(needle)! });
        }
      }
      i = j;
    }
  } else if (byFirstWord.size) {
    // Word starts as two number lists (offset, which first word), not an object per occurrence; each first word's
    // occurrences come in text order, and the runs are merged into text order (src/contract/analysis.ts).
    const lists: string[][] = [];
    const starts: number[] = [];
    const listOf: number[] = [];
    const runs = [0];
    for (const [head, list] of byFirstWord) {
      const h = lists.push(list) - 1;
      if (runs[runs.length - 1] !== starts.length) runs.push(starts.length);
      for (let at = text.indexOf(head); at >= 0; at = text.indexOf(head, at + 1)) {
        if (isWordRunAt(text, at, head.length)) {
          starts.push(at);
          listOf.push(h);
        }
      }
    }
    if (runs[runs.length - 1] !== starts.length) runs.push(starts.length);
    const order = runs.length > 2 ? mergeSortedRuns(starts, runs) : null;
    for (let j = 0; j < starts.length; j++) {
      const k = order ? order[j] : j;
      const at = starts[k];
      const list = lists[listOf[k]];
      for (const needle of list) {
        const end = at + needle.length;
        if (text.startsWith(needle, at) && boundedAt(at, end)) out.push({ start: at, end, label: needles.get(needle)! });
      }
    }
  }
  for (const needle of loose) {
    for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
      if (boundedAt(at, at + needle.length)) out.push({ start: at, end: at + needle.length, label: needles.get(needle)! });
    }
  }
  return out;
}

/** Whether the word starting at `at` (a word start: no word unit before it) is exactly `length` units long. */
function isWordRunAt(text: string, at: number, length: number): boolean {
  if (at > 0 && isWordUnit(text, at - 1)) return false;
  for (let k = at; k < at + length; k++) if (!isWordUnit(text, k)) return false;
  return !(at + length < text.length && isWordUnit(text, at + length));
}

const UPPER_LETTER = /^\p{Lu}$/u;
const LETTER = /^\p{L}$/u;
/** Letter class of each BMP code point, filled on first use: 0 unknown, 1 no letter, 2 letter, 3 upper-case letter. */
const BMP_LETTER_CLASS = new Uint8Array(0x10000);

function letterClass(cp: number): number {
  if (cp < 128) return cp >= 65 && cp <= 90 ? 3 : cp >= 97 && cp <= 122 ? 2 : 1;
  let c = cp < 0x10000 ? BMP_LETTER_CLASS[cp] : 0;
  if (c === 0) {
    const ch = String.fromCodePoint(cp);
    c = UPPER_LETTER.test(ch) ? 3 : LETTER.test(ch) ? 2 : 1;
    if (cp < 0x10000) BMP_LETTER_CLASS[cp] = c;
  }
  return c;
}

/**
 * The distinct matches of /\p{Lu}[\p{L}'’]{3,}/gu in `s`, in the order they first occur (an upper-case letter and
 * at least three more letters or apostrophes, as long as they run), found by one scan over the code points instead
 * of the Unicode regex, which costs several times more per character on long spans. Repeats are not kept: a span
 * of thousands of copies of one name holds one word, not an array of thousands that every young-generation
 * collection during the scan would copy again.
 */
export function distinctCapitalisedWords(s: string): Set<string> {
  const out = new Set<string>();
  const n = s.length;
  let i = 0;
  while (i < n) {
    const cp = s.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    if (letterClass(cp) === 3) {
      let j = i + width;
      let count = 0;
      while (j < n) {
        const d = s.codePointAt(j)!;
        if (d !== 0x27 && d !== 0x2019 && letterClass(d) === 1) break;
        j += d > 0xffff ? 2 : 1;
        count++;
      }
      if (count >= 3) {
        out.add(s.slice(i, j));
        i = j;
        continue;
      }
    }
    i += width;
  }
  return out;
}

/** Sorted replacement ranges with binary-search queries, so each hit costs O(log n). */
class Replacements {
  constructor(readonly ranges: readonly ReplacementRange[]) {}

  /** Index of the last range starting at or before `pos`, or -1. */
  private lastStartingBy(pos: number): number {
    let lo = 0;
    let hi = this.ranges.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.ranges[mid].start <= pos) lo = mid + 1;
      else hi = mid;
    }
    return lo - 1;
  }

  containing(s: { start: number; end: number }): ReplacementRange | undefined {
    const k = this.lastStartingBy(s.start);
    const r = k >= 0 ? this.ranges[k] : undefined;
    return r && s.end <= r.end ? r : undefined;
  }

  touching(s: { start: number; end: number }): boolean {
    // Ranges do not overlap and are sorted: only the last one starting before s.end can reach into s.
    const k = this.lastStartingBy(s.end - 1);
    for (let m = k; m >= 0; m--) {
      const r = this.ranges[m];
      if (r.end > s.start && r.start < s.end) return true;
      if (r.end <= s.start) return false;
    }
    return false;
  }
}

/** Every surviving identifier, located in the de-identified text (see the policy at the top of this file). */
export async function findLeaks(original: Document, result: TransformResult, opts: LeakGuardOptions): Promise<Leak[]> {
  const outputDoc: Document = { document_id: original.document_id, text: result.deidText, metadata: original.metadata };
  if (original.patient_id !== undefined) outputDoc.patient_id = original.patient_id;
  const replacements = new Replacements(replacementRangesWithSpans(result));
  const leaks: Leak[] = [];
  // One analysis of the de-identified text for the detectors re-run on it and for the search below.
  const analysis = analyseText(result.deidText);
  const ctx = { signal: opts.signal, documentIndex: opts.documentIndex, analysis };

  for (const det of opts.knownIdentifierDetectors) {
    for (const hit of await det.detect(outputDoc, ctx)) {
      const inside = replacements.containing(hit);
      if (!inside || (!isDateLike(inside.span.label) && !isPlaceholder(inside.span.replacement))) {
        leaks.push({ kind: "knownIdentifiers", start: hit.start, end: hit.end, label: hit.label });
      }
    }
  }
  for (const det of opts.patternDetectors ?? []) {
    // Only ID and contact hits count here: a detector that can skip the rest does.
    for (const hit of await (det.detectForLeakGuard ? det.detectForLeakGuard(outputDoc, ctx) : det.detect(outputDoc, ctx))) {
      const cat = categoryOf(hit.label);
      if ((cat === "ID" || cat === "Contactdetails") && !replacements.containing(hit)) leaks.push({ kind: "patterns", start: hit.start, end: hit.end, label: hit.label });
    }
  }
  // Needles are folded the way known-identifiers folds (NFC/NFD, invisible characters, look-alikes, spaced
  // letters, line-break hyphenation), so "Pee\u00adters" or a Cyrillic "Рeeters" in the output is still found.
  const lowerNeedles = new Map<string, Label>();
  const caseNeedles = new Map<string, Label>();
  for (const range of replacements.ranges) {
    const s = range.span;
    const surface = original.text.slice(s.start, s.end).trim();
    if (unchanged(s.replacement, surface)) {
      if (!isDateLike(s.label)) leaks.push({ kind: "unchangedSurrogates", start: range.start, end: range.end, label: s.label });
      continue;
    }
    const isName = categoryOf(s.label) === "Name";
    const searchable = isSearchableOriginal(surface);
    if (searchable && !(isName && letterClass(surface.codePointAt(0)!) === 3)) lowerNeedles.set(needleOf(surface, false), s.label);
    if (isName) for (const needle of nameCaseNeedles(surface, searchable)) caseNeedles.set(needle, s.label);
  }
  for (const [needles, keepCase] of [[lowerNeedles, false], [caseNeedles, true]] as const) {
    if (needles.size === 0) continue;
    const f = analysis.matching({ keepCase });
    for (const hit of wholeWordOccurrences(f.text, needles)) {
      const r = originalRange(f, hit.start, hit.end);
      if (!replacements.touching(r)) leaks.push({ kind: "originalText", start: r.start, end: r.end, label: hit.label });
    }
  }
  return leaks;
}

/** Counts surviving identifiers by kind (see the policy at the top of this file); never looks at more than offsets. */
export async function countLeaks(original: Document, result: TransformResult, opts: LeakGuardOptions): Promise<LeakCounts> {
  return tallyLeaks(await findLeaks(original, result, opts));
}

export function tallyLeaks(leaks: readonly Leak[]): LeakCounts {
  const counts: LeakCounts = { knownIdentifiers: 0, patterns: 0, originalText: 0, unchangedSurrogates: 0 };
  for (const l of leaks) counts[l.kind]++;
  return counts;
}

function describeCounts(c: LeakCounts): string {
  const total = c.knownIdentifiers + c.patterns + c.originalText + c.unchangedSurrogates;
  return `${total} identifier occurrence(s) survived transformation (known identifiers ${c.knownIdentifiers}, patterns ${c.patterns}, original span text ${c.originalText}, unchanged surrogates ${c.unchangedSurrogates})`;
}

function refusal(leaks: readonly Leak[], documentIndex: number, why = "document refused"): DeidError {
  return new DeidError("E_LEAK_GUARD", `${describeCounts(tallyLeaks(leaks))}; ${why}`, { documentIndex, phase: "leak-guard" });
}

/**
 * Throws E_LEAK_GUARD when a known identifier, an identifier pattern or the original text of a replaced span
 * survived transformation (policy at the top of this file). Counts only in the message, never text.
 */
export async function checkLeaks(original: Document, result: TransformResult, opts: LeakGuardOptions): Promise<void> {
  const leaks = await findLeaks(original, result, opts);
  if (leaks.length > 0) throw refusal(leaks, opts.documentIndex);
}

/** What the leak guard does with a surviving identifier: refuse the document (default) or redact it in place. */
export type OnLeak = "refuse" | "redact";

/** The stack's `leak_guard` setting: true / false, or `{ on_leak }`. */
export type LeakGuardSetting = boolean | { on_leak: OnLeak };

export function leakGuardMode(setting: LeakGuardSetting): "off" | OnLeak {
  if (setting === false) return "off";
  return setting === true ? "refuse" : setting.on_leak;
}

export const LEAK_GUARD_REDACTION = "leak-guard";

/**
 * Runs the leak guard. With `refuse` a leak throws E_LEAK_GUARD; with `redact` every surviving identifier is
 * replaced in place by a placeholder of its label, recorded (a warning with counts, `processing.leak_guard` with
 * counts and code point offsets, spans with detector "leak-guard"; never text), and the redacted output is checked
 * again: anything still found then refuses the document.
 */
export async function guardLeaks(original: Document, result: TransformResult, opts: LeakGuardOptions & { onLeak: OnLeak }): Promise<TransformResult> {
  const leaks = await findLeaks(original, result, opts);
  if (leaks.length === 0) return result;
  if (opts.onLeak === "refuse") throw refusal(leaks, opts.documentIndex);
  const redacted = redactLeaks(original, result, leaks);
  const left = await findLeaks(original, redacted, opts);
  if (left.length > 0) throw refusal(left, opts.documentIndex, "still found after redaction; document refused");
  return redacted;
}

/** Maps a position of the de-identified text to the original text; inside a replacement, to that span's edge. */
function toOriginalPosition(ranges: readonly ReplacementRange[], pos: number, side: "start" | "end"): number {
  // The last replacement starting before pos (for an end: at or before pos - 1).
  let lo = 0;
  let hi = ranges.length;
  const probe = side === "start" ? pos : pos - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ranges[mid].start <= probe) lo = mid + 1;
    else hi = mid;
  }
  const r = lo > 0 ? ranges[lo - 1] : undefined;
  if (!r) return pos;
  if (side === "start" ? pos < r.end : pos <= r.end && pos > r.start) return side === "start" ? r.span.start : r.span.end;
  // Outside every replacement: the text there is the original's, shifted by the replacements before it.
  return r.span.end + (pos - r.end);
}

/** Replaces each leak by a placeholder, merging it with any span it touches (see guardLeaks). */
export function redactLeaks(original: Document, result: TransformResult, leaks: readonly Leak[]): TransformResult {
  const ranges = replacementRangesWithSpans(result);
  type Piece = { start: number; end: number; label: Label; leak: boolean; span?: OutputSpan };
  const pieces: Piece[] = [
    ...result.spans.map((span): Piece => ({ start: span.start, end: span.end, label: span.label, leak: false, span })),
    ...leaks.map((l): Piece => ({ start: toOriginalPosition(ranges, l.start, "start"), end: toOriginalPosition(ranges, l.end, "end"), label: l.label, leak: true })),
  ].sort((a, b) => a.start - b.start || b.end - a.end);
  const spans: OutputSpan[] = [];
  for (let i = 0; i < pieces.length; ) {
    let end = pieces[i].end;
    let j = i + 1;
    while (j < pieces.length && pieces[j].start < end) end = Math.max(end, pieces[j++].end);
    const group = pieces.slice(i, j);
    const start = pieces[i].start;
    i = j;
    if (!group.some((p) => p.leak)) {
      spans.push(group[0].span!);
      continue;
    }
    // A redacted region keeps the label of the span it grew from, else the label the leak was found with.
    const label = (group.find((p) => p.span) ?? group[0]).label;
    const detectors = [...new Set(group.flatMap((p) => p.span?.detectors ?? []).concat(LEAK_GUARD_REDACTION))];
    spans.push({ start, end, label, detectors, replacement: placeholderFor(label) });
  }
  const rebuilt = replaceSpans(original.text, spans, (s) => (s as OutputSpan).replacement);
  const counts = tallyLeaks(leaks);
  const mapper = new OffsetMapper(original.text);
  const redactedRegions = spans.filter((s) => s.detectors?.includes(LEAK_GUARD_REDACTION)).map((s) => [mapper.toCodePoint(s.start), mapper.toCodePoint(s.end)]);
  return {
    deidText: rebuilt.deidText,
    spans: rebuilt.spans,
    warnings: [...result.warnings, { code: "leak_guard_redacted", message: `${describeCounts(counts)}; redacted in ${redactedRegions.length} region(s)` }],
    processing: {
      ...(result.processing ?? {}),
      leak_guard: {
        on_leak: "redact",
        redacted: { known_identifiers: counts.knownIdentifiers, patterns: counts.patterns, original_text: counts.originalText, unchanged_surrogates: counts.unchangedSurrogates },
        // Code point offsets of the original text, like the record's spans.
        redacted_regions: redactedRegions,
      },
    },
  };
}

function replacementRangesWithSpans(result: TransformResult): ReplacementRange[] {
  // Spans come sorted from the transforms: the (stable) sort is needed only when they are not.
  let ordered = true;
  for (let i = 1; i < result.spans.length && ordered; i++) ordered = result.spans[i - 1].start <= result.spans[i].start;
  const sorted = ordered ? result.spans : [...result.spans].sort((a, b) => a.start - b.start);
  const ranges: ReplacementRange[] = [];
  let delta = 0;
  for (const s of sorted) {
    const start = s.start + delta;
    ranges.push({ start, end: start + s.replacement.length, span: s });
    delta += s.replacement.length - (s.end - s.start);
  }
  return ranges;
}
