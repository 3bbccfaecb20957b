// Gold that fails the contract is an error: a scorer that silently repaired gold would score something else.
import {
  DeidError,
  isCodePointBoundary,
  isLabel,
  OffsetError,
  OffsetMapper,
  type Document,
  type Span,
} from "../../contract/index.js";

/** Where a problem sits, for error messages (document id and index, span index; never text). */
export interface GoldLocation {
  documentIndex: number;
  documentId?: string;
  source?: string;
}

function where(loc: GoldLocation): string {
  const parts: string[] = [];
  if (loc.source) parts.push(loc.source);
  if (loc.documentId !== undefined) parts.push(`document ${JSON.stringify(loc.documentId)}`);
  return parts.length ? `${parts.join(", ")}: ` : "";
}

export function goldError(loc: GoldLocation, reason: string, field?: string): DeidError {
  return new DeidError("E_INPUT_FORMAT", `${where(loc)}${reason}`, { documentIndex: loc.documentIndex, field });
}

/** Checks one in-memory span against its text; returns the reason it is invalid, or undefined. */
export function spanProblem(span: Pick<Span, "start" | "end">, text: string): string | undefined {
  if (!Number.isInteger(span.start) || !Number.isInteger(span.end)) return "offsets are not integers";
  if (span.start < 0) return `start ${span.start} is negative`;
  if (span.end <= span.start) return `end ${span.end} is not greater than start ${span.start}`;
  if (span.end > text.length) return `end ${span.end} is outside the text (length ${text.length})`;
  if (!isCodePointBoundary(text, span.start) || !isCodePointBoundary(text, span.end)) {
    return "offset splits a surrogate pair";
  }
  return undefined;
}

/** Validates a gold document produced by an adapter: offsets, labels, subannotation partitions. Throws. */
export function validateGoldDocument(doc: Document, loc: GoldLocation): void {
  const spans = doc.spans ?? [];
  spans.forEach((span, i) => {
    const field = `spans[${i}]`;
    const problem = spanProblem(span, doc.text);
    if (problem) throw goldError(loc, problem, field);
    if (!isLabel(span.label)) throw goldError(loc, "label is not a contract label", `${field}.label`);
    const subs = span.subannotations;
    if (subs && subs.length > 0) {
      let cursor = span.start;
      subs.forEach((sa, j) => {
        if (sa.start !== cursor || sa.end <= sa.start) {
          throw goldError(loc, "subannotations must partition the span contiguously", `${field}.subannotations[${j}]`);
        }
        cursor = sa.end;
      });
      if (cursor !== span.end) throw goldError(loc, "subannotations must end where the span ends", `${field}.subannotations`);
    }
  });
}

/** Throws when two documents share an id (scores are joined by id). */
export function assertUniqueIds(docs: readonly Document[], source?: string): void {
  const seen = new Set<string>();
  docs.forEach((d, i) => {
    if (seen.has(d.document_id)) throw goldError({ documentIndex: i, documentId: d.document_id, source }, "duplicate document_id");
    seen.add(d.document_id);
  });
}

/** Converts code-point offsets to UTF-16 with a located error when they fall outside the text. */
export function codePointsToUtf16(
  mapper: OffsetMapper,
  begin: number,
  end: number,
  loc: GoldLocation,
  field: string,
): { start: number; end: number } {
  try {
    return { start: mapper.toUtf16(begin), end: mapper.toUtf16(end) };
  } catch (e) {
    if (e instanceof OffsetError) {
      throw goldError(loc, `offsets ${begin}..${end} are outside the text (length ${mapper.codePointLength} code points)`, field);
    }
    throw e;
  }
}

/** How offsets in a foreign file count characters. */
export type OffsetUnit = "code-points" | "utf16";

/** Converts foreign offsets in the given unit to UTF-16 indices, validating them. */
export function toUtf16Span(
  text: string,
  mapper: OffsetMapper,
  unit: OffsetUnit,
  begin: number,
  end: number,
  loc: GoldLocation,
  field: string,
): { start: number; end: number } {
  if (!Number.isInteger(begin) || !Number.isInteger(end)) throw goldError(loc, "offsets are not integers", field);
  if (end <= begin) throw goldError(loc, `end ${end} is not greater than begin ${begin}`, field);
  const out = unit === "utf16" ? { start: begin, end } : codePointsToUtf16(mapper, begin, end, loc, field);
  const problem = spanProblem(out, text);
  if (problem) throw goldError(loc, problem, field);
  return out;
}

/**
 * Picks the offset unit of a file whose annotations carry their covered text: the unit under which every span's
 * text matches. Texts without astral characters need no choice.
 */
export function inferOffsetUnit(
  samples: readonly { text: string; begin: number; end: number; covered?: string }[],
  fallback: OffsetUnit,
): OffsetUnit {
  const checkable = samples.filter((s) => s.covered !== undefined && /[\uD800-\uDFFF]/.test(s.text));
  if (checkable.length === 0) return fallback;
  const matches = (unit: OffsetUnit) =>
    checkable.every((s) => {
      const mapper = new OffsetMapper(s.text);
      try {
        const a = unit === "utf16" ? s.begin : mapper.toUtf16(s.begin);
        const b = unit === "utf16" ? s.end : mapper.toUtf16(s.end);
        return s.text.slice(a, b) === s.covered;
      } catch {
        return false;
      }
    });
  if (matches(fallback)) return fallback;
  const other: OffsetUnit = fallback === "utf16" ? "code-points" : "utf16";
  return matches(other) ? other : fallback;
}
