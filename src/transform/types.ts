// The transform phase: spans (resolved, non-overlapping) → de-identified text with a replacement per span.
import type { Document, Span, Warning } from "../contract/index.js";

export interface OutputSpan extends Span {
  /** The exact text that replaced the span in `deidText`. */
  replacement: string;
}

export interface TransformResult {
  deidText: string;
  /** Spans in original-text offsets, each with its replacement. */
  spans: OutputSpan[];
  warnings: Warning[];
  /** Counters and policies for provenance (counts only, never text). */
  processing?: Record<string, unknown>;
  /** Pseudonyms that replace the document's ids in the output record (`pseudonymise_ids`). */
  ids?: { document_id: string; patient_id?: string };
}

export interface TransformContext {
  documentIndex: number;
}

export interface Transformer {
  readonly id: string;
  readonly version: string;
  apply(document: Document, spans: readonly Span[], ctx: TransformContext): TransformResult | Promise<TransformResult>;
}

/** Replaces non-overlapping spans right-to-left; `replacementFor` gives each span's text. */
export function replaceSpans(
  text: string,
  spans: readonly Span[],
  replacementFor: (span: Span, index: number) => string,
): { deidText: string; spans: OutputSpan[] } {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const out: OutputSpan[] = [];
  const parts: string[] = [];
  let cursor = 0;
  for (let i = 0; i < sorted.length; i++) {
    const s = sorted[i];
    if (s.start < cursor) throw new Error(`spans overlap at offset ${s.start}; resolve overlaps before transforming`);
    const replacement = replacementFor(s, i);
    // A span right after the previous one leaves no text between them: no empty piece to keep.
    if (s.start > cursor) parts.push(text.slice(cursor, s.start));
    parts.push(replacement);
    cursor = s.end;
    out.push({ ...s, replacement });
  }
  parts.push(text.slice(cursor));
  return { deidText: parts.join(""), spans: out };
}
