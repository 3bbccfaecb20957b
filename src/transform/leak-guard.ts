// Leak guard: after transformation, look for identifiers that survived. Any hit refuses the document.
//
// Policy (what counts as a surviving identifier):
// 1. A known identifier (metadata names, ids, known values, birth-date renderings) found again by the
//    known-identifier detectors anywhere outside replacement text, or inside a surrogate replacement (surrogates
//    must never reproduce a real value). Inside placeholders and date/age replacements it is ignored: those are
//    written from fixed words and numbers ("[Name:Patient]", "44 jaar"), so a short known value such as "44"
//    matching there is a coincidence, not a leak.
// 2. An identifier or contact detail found by the pattern detectors outside replacement text.
// 3. The original text of a replaced span found again outside replacement text, and for names each of their
//    capitalised words of 4+ letters that are not titles ("Peeters" of "Dokter Jan Peeters"). Only originals with a letter and at least 4
//    characters, or with at least 5 digits, are searched: ages ("45"), years ("2023") and house numbers appear
//    legitimately elsewhere. Names match only in their own capitalisation ("Bakker" the name, not "bakker" the
//    trade).
// 4. A span other than Date or Age_Birthdate whose replacement equals its original (a surrogate must differ).
//    Dates and ages may be kept on purpose (times, relative dates, ages already at band granularity).
import { categoryOf, DeidError, type DetectedSpan, type Document } from "../contract/index.js";
import { foldSameLength } from "../contract/fold.js";
import { NAME_TITLES } from "../contract/language-words.js";
import type { OutputSpan, TransformResult } from "./types.js";

export interface LeakGuardDetector {
  id: string;
  detect(document: Document, ctx: { signal: AbortSignal; documentIndex: number }): Promise<DetectedSpan[]> | DetectedSpan[];
}

export interface LeakGuardOptions {
  /** Detectors of known identifiers (metadata-driven), re-run on the output with the original metadata. */
  knownIdentifierDetectors: readonly LeakGuardDetector[];
  /** Deterministic pattern detectors (ids with check digits, phones, e-mails), re-run on the output. */
  patternDetectors?: readonly LeakGuardDetector[];
  signal: AbortSignal;
  documentIndex: number;
}

const TITLES = new Set(Object.values(NAME_TITLES).flat());

/** Minimum length of an original span text with a letter that is searched for verbatim in the output. */
export const MIN_SURVIVOR_LENGTH = 4;
/** Minimum digit count of an original span text without letters that is searched for verbatim. */
export const MIN_SURVIVOR_DIGITS = 5;

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Occurrences of a literal with no letter or digit right before or after it. */
function wholeWordOccurrences(text: string, literal: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  if (!literal) return out;
  for (let at = text.indexOf(literal); at >= 0; at = text.indexOf(literal, at + 1)) {
    const end = at + literal.length;
    if ((at > 0 && WORD_CHAR.test(text[at - 1])) || (end < text.length && WORD_CHAR.test(text[end]))) continue;
    out.push({ start: at, end });
  }
  return out;
}

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

/** Whether an original span text is distinctive enough to search for (see the policy above). */
export function isSearchableOriginal(surface: string): boolean {
  if (/\p{L}/u.test(surface)) return surface.length >= MIN_SURVIVOR_LENGTH;
  return (surface.match(/\d/g)?.length ?? 0) >= MIN_SURVIVOR_DIGITS;
}

export interface LeakCounts {
  knownIdentifiers: number;
  patterns: number;
  originalText: number;
  unchangedSurrogates: number;
}

/** Counts surviving identifiers by kind (see the policy at the top of this file); never looks at more than offsets. */
export async function countLeaks(original: Document, result: TransformResult, opts: LeakGuardOptions): Promise<LeakCounts> {
  const outputDoc: Document = { document_id: original.document_id, text: result.deidText, metadata: original.metadata };
  if (original.patient_id !== undefined) outputDoc.patient_id = original.patient_id;
  const ranges = replacementRangesWithSpans(result);
  const containing = (s: { start: number; end: number }) => ranges.find((r) => s.start >= r.start && s.end <= r.end);
  const touching = (s: { start: number; end: number }) => ranges.some((r) => s.start < r.end && r.start < s.end);
  const counts: LeakCounts = { knownIdentifiers: 0, patterns: 0, originalText: 0, unchangedSurrogates: 0 };
  const ctx = { signal: opts.signal, documentIndex: opts.documentIndex };

  for (const det of opts.knownIdentifierDetectors) {
    for (const hit of await det.detect(outputDoc, ctx)) {
      const inside = containing(hit);
      if (!inside) counts.knownIdentifiers++;
      else if (!isDateLike(inside.span.label) && !isPlaceholder(inside.span.replacement)) counts.knownIdentifiers++;
    }
  }
  for (const det of opts.patternDetectors ?? []) {
    for (const hit of await det.detect(outputDoc, ctx)) {
      const cat = categoryOf(hit.label);
      if ((cat === "ID" || cat === "Contactdetails") && !containing(hit)) counts.patterns++;
    }
  }
  const needles = new Map<string, boolean>();
  for (const s of result.spans) {
    const surface = original.text.slice(s.start, s.end).trim();
    if (!isDateLike(s.label) && fold(s.replacement) === fold(surface)) counts.unchangedSurrogates++;
    if (fold(s.replacement) === fold(surface)) continue;
    const isName = categoryOf(s.label) === "Name";
    const words = isName ? (surface.match(/\p{Lu}[\p{L}'’]{3,}/gu) ?? []).filter((w) => !TITLES.has(w.toLowerCase())) : [];
    const candidates = [surface, ...words];
    for (const c of candidates) {
      if (!isSearchableOriginal(c)) continue;
      const caseSensitive = isName && /^\p{Lu}/u.test(c);
      needles.set(caseSensitive ? c : c.toLowerCase(), caseSensitive);
    }
  }
  // Plain string search (no regex per needle: each would be compiled for one use): whitespace counts as one
  // space, and case-insensitive needles are searched in folded text (same length, so offsets agree).
  const spaced = result.deidText.replace(/\s/g, " ");
  const folded = foldSameLength(spaced);
  for (const [needle, caseSensitive] of needles) {
    const haystack = caseSensitive ? spaced : folded;
    const target = (caseSensitive ? needle : foldSameLength(needle)).replace(/\s+/g, " ");
    for (const hit of wholeWordOccurrences(haystack, target)) {
      if (!touching(hit)) counts.originalText++;
    }
  }
  return counts;
}

/**
 * Throws E_LEAK_GUARD when a known identifier, an identifier pattern or the original text of a replaced span
 * survived transformation (policy at the top of this file). Counts only in the message, never text.
 */
export async function checkLeaks(original: Document, result: TransformResult, opts: LeakGuardOptions): Promise<void> {
  const c = await countLeaks(original, result, opts);
  const total = c.knownIdentifiers + c.patterns + c.originalText + c.unchangedSurrogates;
  if (total > 0) {
    throw new DeidError(
      "E_LEAK_GUARD",
      `${total} identifier occurrence(s) survived transformation (known identifiers ${c.knownIdentifiers}, patterns ${c.patterns}, original span text ${c.originalText}, unchanged surrogates ${c.unchangedSurrogates}); document refused`,
      { documentIndex: opts.documentIndex, phase: "leak-guard" },
    );
  }
}

function replacementRangesWithSpans(result: TransformResult): ReplacementRange[] {
  const sorted = [...result.spans].sort((a, b) => a.start - b.start);
  const ranges: ReplacementRange[] = [];
  let delta = 0;
  for (const s of sorted) {
    const start = s.start + delta;
    ranges.push({ start, end: start + s.replacement.length, span: s });
    delta += s.replacement.length - (s.end - s.start);
  }
  return ranges;
}
