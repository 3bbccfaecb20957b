// doccano sequence-labelling exports: JSONL (or a JSON array) of `{id, text, label: [[start, end, "TAG"], …]}` or
// `{id, text, entities: [{start_offset, end_offset, label}]}`. doccano's server is Python, so offsets count code
// points unless told otherwise.
import { DeidError, OffsetMapper, type Document, type Span } from "../../contract/index.js";
import { isRecord, readUtf8 } from "./files.js";
import { labelResolver } from "./labels.js";
import type { CorpusAdapter } from "./types.js";
import { goldError, toUtf16Span, type GoldLocation, type OffsetUnit } from "./validate.js";

/** Parses a doccano export (JSONL or JSON array) into raw records. */
export function parseDoccanoRecords(content: string): { record: Record<string, unknown>; line?: number }[] {
  const trimmed = content.trimStart();
  if (trimmed.startsWith("[")) {
    let arr: unknown;
    try {
      arr = JSON.parse(content);
    } catch {
      throw new DeidError("E_INPUT_FORMAT", "doccano export is not valid JSON");
    }
    return (arr as unknown[]).map((record, i) => {
      if (!isRecord(record)) throw new DeidError("E_INPUT_FORMAT", "doccano record is not an object", { documentIndex: i });
      return { record };
    });
  }
  const out: { record: Record<string, unknown>; line?: number }[] = [];
  content.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === "") return;
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      throw new DeidError("E_INPUT_FORMAT", "line is not valid JSON", { line: i + 1 });
    }
    if (!isRecord(record)) throw new DeidError("E_INPUT_FORMAT", "doccano record is not an object", { line: i + 1 });
    out.push({ record, line: i + 1 });
  });
  return out;
}

interface RawSpan {
  begin: number;
  end: number;
  tag: string;
}

function rawSpans(record: Record<string, unknown>, loc: GoldLocation): RawSpan[] {
  const list = record.label ?? record.labels ?? record.entities ?? [];
  if (!Array.isArray(list)) throw goldError(loc, "label/entities is not a list");
  return list.map((item, k): RawSpan => {
    if (Array.isArray(item) && item.length >= 3) return { begin: Number(item[0]), end: Number(item[1]), tag: String(item[2]) };
    if (isRecord(item) && item.start_offset !== undefined) {
      return { begin: Number(item.start_offset), end: Number(item.end_offset), tag: String(item.label) };
    }
    throw goldError(loc, `span ${k} is neither [start, end, label] nor {start_offset, end_offset, label}`);
  });
}

function documentId(record: Record<string, unknown>, index: number): string {
  const id = record.document_id ?? record.doc_id ?? record.id;
  return typeof id === "string" || typeof id === "number" ? String(id) : String(index + 1);
}

export const readDoccano: CorpusAdapter = async (path, options, warnings) => {
  const resolve = labelResolver({ labelMap: options.labelMap, unknownLabels: options.unknownLabels }, warnings, "gold");
  const unit: OffsetUnit = options.offsets && options.offsets !== "auto" ? options.offsets : "code-points";
  const records = parseDoccanoRecords(await readUtf8(path));
  if (records.length === 0) throw new DeidError("E_INPUT_EMPTY", `${path} contains no records`);
  return records.map(({ record }, index): Document => {
    const id = documentId(record, index);
    const loc: GoldLocation = { documentIndex: index, documentId: id, source: "doccano" };
    const text = record.text ?? record.data;
    if (typeof text !== "string") throw goldError(loc, "record has no text");
    const mapper = new OffsetMapper(text);
    const spans = rawSpans(record, loc).map((r, k): Span => {
      const u = toUtf16Span(text, mapper, unit, r.begin, r.end, loc, `label[${k}]`);
      const { label, native } = resolve(r.tag);
      const span: Span = { start: u.start, end: u.end, label };
      if (native !== undefined) span.extra = { native_label: native };
      return span;
    });
    return { document_id: id, text, spans, annotated: true };
  });
};
