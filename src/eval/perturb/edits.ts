// Text edits with exact span bookkeeping: a perturbation is a list of edits (replace [start, end) by a string) on a
// gold document; applying them moves every gold span and sub-annotation so that it covers exactly its edited text.
// An edit lies wholly inside one span (and inside one of its sub-annotations, when it has them) or wholly outside
// every span; an insertion at a span's edge is outside it. Anything else is refused: it would make the gold lie.
import { DeidError, type Document, type Span, type Subannotation } from "../../contract/index.js";

export interface TextEdit {
  start: number;
  end: number;
  text: string;
  /**
   * For an edit that replaces one whole gold span: its new sub-annotations, offsets relative to the new text (a
   * re-rendered date gets day, month, year and formatting anew). Without it the span keeps none if it had none.
   */
  subannotations?: readonly Subannotation[];
}

/** Where an edit may go: outside every span, or inside the span (and sub-annotation) that contains it. */
export function editFits(doc: Document, e: TextEdit): boolean {
  for (const s of doc.spans ?? []) {
    if (e.start === e.end) {
      if (e.start > s.start && e.start < s.end && !insideOneSub(s, e)) return false;
      continue;
    }
    const overlaps = e.start < s.end && s.start < e.end;
    if (!overlaps) continue;
    if (e.start < s.start || e.end > s.end) return false;
    if (e.subannotations !== undefined) {
      if (e.start !== s.start || e.end !== s.end || !partitions(e.subannotations, e.text.length)) return false;
      continue;
    }
    if (!insideOneSub(s, e)) return false;
  }
  return true;
}

/** Sub-annotations that cover [0, length) contiguously, each non-empty. */
function partitions(subs: readonly Subannotation[], length: number): boolean {
  let at = 0;
  for (const x of subs) {
    if (x.start !== at || x.end <= x.start) return false;
    at = x.end;
  }
  return at === length && subs.length > 0;
}

function insideOneSub(s: Span, e: TextEdit): boolean {
  const subs = s.subannotations;
  if (!subs || subs.length === 0) return true;
  if (e.start === e.end) return subs.some((x) => e.start > x.start && e.start < x.end);
  return subs.some((x) => x.start <= e.start && e.end <= x.end);
}

/** Position of a start boundary after the edits: edits ending at or before it (insertions at it included) move it. */
function mapStart(edits: readonly TextEdit[], p: number): number {
  let d = 0;
  for (const e of edits) {
    if (e.end <= p) d += e.text.length - (e.end - e.start);
    else break;
  }
  return p + d;
}

/** Position of an end boundary: edits ending before it, or ending at it from inside, move it; an insertion at it does not. */
function mapEnd(edits: readonly TextEdit[], p: number): number {
  let d = 0;
  for (const e of edits) {
    if (e.end < p || (e.end === p && e.start < p)) d += e.text.length - (e.end - e.start);
    else if (e.start >= p) break;
  }
  return p + d;
}

function sortEdits(edits: readonly TextEdit[]): TextEdit[] {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  for (let i = 1; i < sorted.length; i++) {
    const a = sorted[i - 1];
    const b = sorted[i];
    if (b.start < a.end || (b.start === a.start && a.start === a.end && b.start === b.end)) {
      throw new DeidError("E_TRANSFORM", `perturbation edits overlap at offset ${b.start}`);
    }
  }
  return sorted;
}

/**
 * Applies edits to a gold document: new text, spans and sub-annotations at their new offsets, metadata as given.
 * Spans keep their order, labels and extras; a span never becomes empty (an edit that would empty it is refused).
 */
export function applyEdits(doc: Document, edits: readonly TextEdit[], documentIndex: number): Document {
  if (edits.length === 0) return doc;
  const sorted = sortEdits(edits);
  for (const e of sorted) {
    if (e.start < 0 || e.end > doc.text.length || e.end < e.start || !editFits(doc, e)) {
      throw new DeidError("E_TRANSFORM", `perturbation edit [${e.start}, ${e.end}) crosses a gold span boundary`, { documentIndex });
    }
  }
  let text = "";
  let at = 0;
  for (const e of sorted) {
    text += doc.text.slice(at, e.start) + e.text;
    at = e.end;
  }
  text += doc.text.slice(at);
  const move = (x: { start: number; end: number }) => ({ start: mapStart(sorted, x.start), end: mapEnd(sorted, x.end) });
  const spans = doc.spans?.map((s) => {
    const moved: Span = { ...s, ...move(s) };
    if (moved.end <= moved.start) throw new DeidError("E_TRANSFORM", "a perturbation emptied a gold span", { documentIndex });
    const whole = sorted.find((e) => e.subannotations !== undefined && e.start === s.start && e.end === s.end);
    if (whole) {
      moved.subannotations = whole.subannotations!.map((x) => ({ ...x, start: x.start + moved.start, end: x.end + moved.start }));
    } else if (s.subannotations) {
      moved.subannotations = s.subannotations.map((x): Subannotation => ({ ...x, ...move(x) }));
      if (moved.subannotations.some((x) => x.end <= x.start)) throw new DeidError("E_TRANSFORM", "a perturbation emptied a gold sub-annotation", { documentIndex });
    }
    return moved;
  });
  const out: Document = { ...doc, text };
  if (spans) out.spans = spans;
  return out;
}
