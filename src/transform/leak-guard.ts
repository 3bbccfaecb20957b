// Leak guard: after transformation, look for identifiers that survived. Any hit refuses the document.
import { DeidError, type DetectedSpan, type Document } from "../contract/index.js";
import type { TransformResult } from "./types.js";

export interface LeakGuardDetector {
  id: string;
  detect(document: Document, ctx: { signal: AbortSignal; documentIndex: number }): Promise<DetectedSpan[]> | DetectedSpan[];
}

export interface LeakGuardOptions {
  /** Detectors of known identifiers (metadata-driven), re-run on the output with the original metadata. */
  knownIdentifierDetectors: readonly LeakGuardDetector[];
  signal: AbortSignal;
  documentIndex: number;
}

/** Minimum length of an original span text that is searched for verbatim in the output. */
const MIN_SURVIVOR_LENGTH = 4;

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Throws E_LEAK_GUARD when a known identifier (metadata names, ids, known values) or the original text of a replaced
 * span (at least 4 characters with a letter or 5+ digits) still occurs in the output outside replacement text.
 * Counts only in the message: never the surviving text.
 */
export async function checkLeaks(original: Document, result: TransformResult, opts: LeakGuardOptions): Promise<void> {
  const outputDoc: Document = { document_id: original.document_id, text: result.deidText, metadata: original.metadata };
  const replacementRanges = replacementRangesInOutput(original.text, result);
  const outsideReplacements = (s: { start: number; end: number }) =>
    !replacementRanges.some((r) => s.start >= r.start && s.end <= r.end);

  let hits = 0;
  for (const det of opts.knownIdentifierDetectors) {
    const found = await det.detect(outputDoc, { signal: opts.signal, documentIndex: opts.documentIndex });
    hits += found.filter(outsideReplacements).length;
  }
  const seen = new Set<string>();
  for (const s of result.spans) {
    const surface = original.text.slice(s.start, s.end).trim();
    if (surface.length < MIN_SURVIVOR_LENGTH || seen.has(surface.toLowerCase())) continue;
    if (!/\p{L}/u.test(surface) && (surface.match(/\d/g)?.length ?? 0) < 5) continue;
    seen.add(surface.toLowerCase());
    const re = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(surface)}(?![\\p{L}\\p{N}])`, "giu");
    for (const m of result.deidText.matchAll(re)) {
      if (outsideReplacements({ start: m.index!, end: m.index! + m[0].length })) hits++;
    }
  }
  if (hits > 0) {
    throw new DeidError("E_LEAK_GUARD", `${hits} known identifier occurrence(s) survived transformation; document refused`, {
      documentIndex: opts.documentIndex,
      phase: "leak-guard",
    });
  }
}

/** Offsets of each replacement within the de-identified text. */
export function replacementRangesInOutput(originalText: string, result: TransformResult): { start: number; end: number }[] {
  const sorted = [...result.spans].sort((a, b) => a.start - b.start);
  const ranges: { start: number; end: number }[] = [];
  let delta = 0;
  for (const s of sorted) {
    const start = s.start + delta;
    ranges.push({ start, end: start + s.replacement.length });
    delta += s.replacement.length - (s.end - s.start);
  }
  void originalText;
  return ranges;
}
