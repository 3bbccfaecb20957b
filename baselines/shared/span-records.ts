// The JSONL protocol of command-jsonl and our DEDUCE driver. Documents go out as
// {document_id, text, metadata?}; answers come back as {document_id, spans:[{start|begin, end,
// label|type|entity_type|tag, score?|confidence?}]}, with offsets in code points (default) or UTF-16 units.
import { DeidError, OffsetError, OffsetMapper, isCodePointBoundary, type DetectedSpan, type Document } from "../../src/contract/index.js";
import type { LabelMapper } from "./labels.js";

export type OffsetUnit = "codepoints" | "utf16";

export interface SpanRecord {
  documentId: string;
  spans: unknown[];
}

function invalid(toolId: string, reason: string, field?: string): DeidError {
  return new DeidError("E_DETECTOR_INVALID_SPAN", reason, { detectorId: toolId, field });
}

/** Parses one output line into a record; anything but {document_id, spans: []} is an error. */
export function parseSpanRecordLine(line: string, toolId: string, lineNumber: number): SpanRecord {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    throw invalid(toolId, `output line ${lineNumber} is not valid JSON`);
  }
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) throw invalid(toolId, `output line ${lineNumber} is not a JSON object`);
  const rec = raw as Record<string, unknown>;
  const id = rec.document_id;
  if (typeof id !== "string" && typeof id !== "number") throw invalid(toolId, `output line ${lineNumber} has no document_id`, "document_id");
  if (!Array.isArray(rec.spans)) throw invalid(toolId, `output line ${lineNumber} has no spans array`, "spans");
  return { documentId: String(id), spans: rec.spans };
}

function firstDefined(obj: Record<string, unknown>, keys: readonly string[]): unknown {
  for (const k of keys) if (obj[k] !== undefined) return obj[k];
  return undefined;
}

export interface SpanConversion {
  toolId: string;
  offsets: OffsetUnit;
  mapLabel: LabelMapper;
  /** Spans scored below this are dropped (tools that report a score for every candidate). */
  minScore?: number;
}

/**
 * Converts a tool's spans for one document into detected spans (UTF-16 offsets, contract labels). Out-of-range,
 * reversed or non-integer offsets, missing labels and non-finite scores fail the document.
 */
export function convertToolSpans(document: Document, spans: readonly unknown[], conv: SpanConversion): DetectedSpan[] {
  const mapper = conv.offsets === "codepoints" ? new OffsetMapper(document.text) : undefined;
  const out: DetectedSpan[] = [];
  spans.forEach((rawSpan, k) => {
    const f = `spans[${k}]`;
    if (!rawSpan || typeof rawSpan !== "object" || Array.isArray(rawSpan)) throw invalid(conv.toolId, `${f} is not an object`, f);
    const s = rawSpan as Record<string, unknown>;
    const start = firstDefined(s, ["start", "begin"]);
    const end = s.end;
    const label = firstDefined(s, ["label", "type", "entity_type", "tag"]);
    const score = firstDefined(s, ["score", "confidence"]);
    if (!Number.isInteger(start) || !Number.isInteger(end)) throw invalid(conv.toolId, `${f}: start and end must be integers`, f);
    if (typeof label !== "string" || label.trim() === "") throw invalid(conv.toolId, `${f}: no label`, `${f}.label`);
    if (score !== undefined && (typeof score !== "number" || !Number.isFinite(score))) throw invalid(conv.toolId, `${f}: score is not a finite number`, `${f}.score`);
    let u16Start = start as number;
    let u16End = end as number;
    if (u16End <= u16Start) throw invalid(conv.toolId, `${f}: end ${u16End} is not greater than start ${u16Start}`, `${f}.end`);
    if (mapper) {
      try {
        u16Start = mapper.toUtf16(u16Start);
        u16End = mapper.toUtf16(u16End);
      } catch (e) {
        if (e instanceof OffsetError) {
          throw invalid(conv.toolId, `${f}: offsets ${String(start)}..${String(end)} are outside the text (${mapper.codePointLength} code points)`, f);
        }
        throw e;
      }
    } else {
      if (u16Start < 0 || u16End > document.text.length) {
        throw invalid(conv.toolId, `${f}: offsets ${u16Start}..${u16End} are outside the text (${document.text.length} UTF-16 units)`, f);
      }
      if (!isCodePointBoundary(document.text, u16Start) || !isCodePointBoundary(document.text, u16End)) {
        throw invalid(conv.toolId, `${f}: an offset splits a surrogate pair (are the offsets code points? set with.offsets)`, f);
      }
    }
    if (conv.minScore !== undefined && typeof score === "number" && score < conv.minScore) return;
    const span: DetectedSpan = { start: u16Start, end: u16End, label: conv.mapLabel(label) };
    if (typeof score === "number") span.score = score;
    out.push(span);
  });
  return out;
}

/** The document as one input line. Metadata goes along when asked (patient names help some tools). */
export function documentInputLine(document: Document, withMetadata: boolean): string {
  const rec: Record<string, unknown> = { document_id: document.document_id, text: document.text };
  if (withMetadata && document.metadata) rec.metadata = document.metadata;
  return JSON.stringify(rec) + "\n";
}

/**
 * Matches a batch's output lines to its documents by document_id: each document must be answered exactly once,
 * and nothing else may be answered.
 */
export function matchRecordsToDocuments(documents: readonly Document[], stdout: string, toolId: string): SpanRecord[] {
  const byId = new Map<string, SpanRecord>();
  const wanted = new Set(documents.map((d) => d.document_id));
  let lineNumber = 0;
  for (const line of stdout.split("\n")) {
    lineNumber++;
    if (line.trim() === "") continue;
    const rec = parseSpanRecordLine(line, toolId, lineNumber);
    if (!wanted.has(rec.documentId)) throw invalid(toolId, `output line ${lineNumber} answers a document that was not sent`);
    if (byId.has(rec.documentId)) throw invalid(toolId, `output line ${lineNumber} answers a document a second time`);
    byId.set(rec.documentId, rec);
  }
  return documents.map((d, i) => {
    const rec = byId.get(d.document_id);
    if (!rec) throw invalid(toolId, `no output line for document ${i + 1} of the batch`);
    return rec;
  });
}
