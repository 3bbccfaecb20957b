// Review marks (deidstack review → reviewers → review-marks.jsonl): which documents a reviewer saw, which predicted
// spans they marked "wrong" (not an identifier) and which stretches they marked "missed" (an identifier the run left).
// `deidstack score --marks` reads them as extra gold: for every reviewed document the gold is the corpus' own spans,
// or, where the corpus has none, the run's spans; spans marked wrong are taken out, spans marked missed are added;
// only reviewed documents are scored. Offsets are code points of the original text, like every file on disk; a
// marks file holds no note text.
import { readFile } from "node:fs/promises";
import { DeidError, OffsetMapper, isLabel, type Document, type Label, type Span } from "../contract/index.js";

export const REVIEW_MARK_FORMAT = "deidstack.review-mark.v1";

export type ReviewMark =
  | { kind: "reviewed"; document_id: string }
  | { kind: "wrong" | "missed"; document_id: string; begin: number; end: number; label: Label };

export function parseReviewMarks(content: string, source: string): ReviewMark[] {
  const out: ReviewMark[] = [];
  content.split("\n").forEach((line, i) => {
    if (line.trim() === "") return;
    const at = { line: i + 1 };
    let raw: Record<string, unknown>;
    try {
      raw = JSON.parse(line) as Record<string, unknown>;
    } catch {
      throw new DeidError("E_INPUT_FORMAT", `${source}: not valid JSON`, at);
    }
    if (raw?.format !== REVIEW_MARK_FORMAT) throw new DeidError("E_INPUT_FORMAT", `${source}: not a ${REVIEW_MARK_FORMAT} line`, { ...at, field: "format" });
    if (typeof raw.document_id !== "string" || raw.document_id === "") throw new DeidError("E_INPUT_FORMAT", `${source}: document_id must be a string`, { ...at, field: "document_id" });
    if (raw.kind === "reviewed") {
      out.push({ kind: "reviewed", document_id: raw.document_id });
      return;
    }
    if (raw.kind !== "wrong" && raw.kind !== "missed") throw new DeidError("E_INPUT_FORMAT", `${source}: kind must be reviewed, wrong or missed`, { ...at, field: "kind" });
    const { begin, end, label } = raw;
    if (!Number.isInteger(begin) || !Number.isInteger(end) || (begin as number) < 0 || (end as number) <= (begin as number)) {
      throw new DeidError("E_INPUT_FORMAT", `${source}: begin and end must be integers with 0 ≤ begin < end`, { ...at, field: "begin" });
    }
    if (!isLabel(label)) throw new DeidError("E_INPUT_FORMAT", `${source}: label is not one of the 15 contract labels`, { ...at, field: "label" });
    out.push({ kind: raw.kind, document_id: raw.document_id, begin: begin as number, end: end as number, label });
  });
  return out;
}

export async function loadReviewMarks(path: string): Promise<ReviewMark[]> {
  let content: string;
  try {
    content = await readFile(path, "utf8");
  } catch {
    throw new DeidError("E_CONFIG", `cannot read review marks ${path}`);
  }
  return parseReviewMarks(content, path);
}

/**
 * The gold of the reviewed documents with the marks applied (see the file comment), in gold order. A mark on a
 * document the reviewer did not list, outside its text, or a document unknown to the gold corpus is an error.
 */
export function applyReviewMarks(gold: readonly Document[], predictions: ReadonlyMap<string, readonly Span[]>, marks: readonly ReviewMark[]): Document[] {
  const byId = new Map(gold.map((d, i) => [d.document_id, { d, i }]));
  const reviewed = new Set<string>();
  for (const m of marks) {
    if (!byId.has(m.document_id)) throw new DeidError("E_INPUT_FORMAT", `review marks name document ${JSON.stringify(m.document_id)}, which the gold corpus lacks`);
    if (m.kind === "reviewed") reviewed.add(m.document_id);
  }
  if (reviewed.size === 0) throw new DeidError("E_INPUT_EMPTY", "the review marks list no reviewed document");
  const out: Document[] = [];
  for (const doc of gold) {
    if (!reviewed.has(doc.document_id)) continue;
    const mapper = new OffsetMapper(doc.text);
    const own = doc.spans && doc.spans.length > 0 ? doc.spans : (predictions.get(doc.document_id) ?? []).map((s) => ({ start: s.start, end: s.end, label: s.label }));
    const mine = marks.filter((m): m is Extract<ReviewMark, { begin: number }> => m.kind !== "reviewed" && m.document_id === doc.document_id);
    const toUtf16 = (m: { begin: number; end: number }) => {
      try {
        return { start: mapper.toUtf16(m.begin), end: mapper.toUtf16(m.end) };
      } catch {
        throw new DeidError("E_INPUT_FORMAT", `a review mark on document ${JSON.stringify(doc.document_id)} lies outside its text`, { documentIndex: byId.get(doc.document_id)!.i });
      }
    };
    const wrong = new Set(mine.filter((m) => m.kind === "wrong").map((m) => { const r = toUtf16(m); return `${r.start}:${r.end}`; }));
    const spans: Span[] = own.filter((s) => !wrong.has(`${s.start}:${s.end}`)).map((s) => ({ ...s }));
    for (const m of mine.filter((x) => x.kind === "missed")) spans.push({ ...toUtf16(m), label: m.label, extra: { origin: "review:missed" } });
    spans.sort((a, b) => a.start - b.start || a.end - b.end);
    out.push({ ...doc, spans, annotated: true });
  }
  return out;
}
