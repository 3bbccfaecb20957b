// Predictions: `deidstack run` output (JSONL records with document_id and spans in code points of the ORIGINAL
// text, spans without text), any MedDeID JSONL with spans, and every corpus format the adapters read.
import { readFile } from "node:fs/promises";
import {
  DeidError,
  normaliseRecord,
  OffsetError,
  OffsetMapper,
  readUtf8Lines,
  type Document,
  type Span,
} from "../contract/index.js";
import { loadCorpus, isCorpusFormat } from "./corpora/index.js";
import { isRecord } from "./corpora/files.js";
import { labelResolver } from "./corpora/labels.js";
import { parsePhiFile, parsePhiHeaders, physionetDocumentId, physionetSpans, readPhysionetRecords, type PhysionetRecord } from "./corpora/physionet-deid.js";
import type { CorpusFormat, CorpusOptions } from "./corpora/types.js";
import { spanProblem } from "./corpora/validate.js";
import { WarningTally, type EvalWarning } from "./warnings.js";

export const PREDICTION_FORMATS = ["deidstack-jsonl", "meddeid-jsonl", "brat", "physionet-deid", "i2b2-2014", "inception-json", "doccano", "label-studio", "asq-phi"] as const;
export type PredictionFormat = "deidstack-jsonl" | CorpusFormat;

/** What to do with predictions for a document the gold corpus lacks: fail (default) or count and ignore. */
export type UnknownDocumentPolicy = "error" | "warn";

export interface PredictionOptions {
  format?: PredictionFormat;
  /** The gold corpus: supplies texts for offset conversion and the set of known document ids. */
  gold?: readonly Document[] | ReadonlyMap<string, Document>;
  /** Foreign label → contract label for predicted spans (unknown labels become Anonymize_Other, counted). */
  labelMap?: Readonly<Record<string, string>>;
  onUnknownDocument?: UnknownDocumentPolicy;
  /** Options for reading foreign formats through the corpus adapters. */
  corpus?: CorpusOptions;
}

export interface PredictionSet {
  format: PredictionFormat;
  /** Spans per document id, UTF-16 offsets into the gold text, sorted, exact duplicates removed. */
  predictions: Map<string, Span[]>;
  warnings: EvalWarning[];
}

export function goldIndex(gold: PredictionOptions["gold"]): ReadonlyMap<string, Document> | undefined {
  if (!gold) return undefined;
  if (gold instanceof Map) return gold;
  return new Map((gold as readonly Document[]).map((d) => [d.document_id, d]));
}

function predictionError(reason: string, ctx: { line?: number; documentIndex?: number; field?: string } = {}): DeidError {
  return new DeidError("E_INPUT_FORMAT", `predictions: ${reason}`, ctx);
}

/** Sorts spans and removes exact duplicates (same start, end, label), counting them. */
export function dedupeSpans(spans: Span[], warnings: WarningTally): Span[] {
  spans.sort((a, b) => a.start - b.start || a.end - b.end || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  const out: Span[] = [];
  for (const s of spans) {
    const last = out[out.length - 1];
    if (last && last.start === s.start && last.end === s.end && last.label === s.label) {
      warnings.add("duplicate_prediction", "identical predicted spans (same offsets and label) were counted once");
    } else out.push(s);
  }
  return out;
}

interface RecordContext {
  gold?: ReadonlyMap<string, Document>;
  resolve: (foreign: string) => { label: Span["label"]; native?: string };
  warnings: WarningTally;
  line: number;
  index: number;
}

/** Parses one `deidstack run` / MedDeID JSONL record into (document id, spans). */
export function parsePredictionRecord(raw: unknown, ctx: RecordContext): { documentId: string; spans: Span[] } {
  const where = { line: ctx.line, documentIndex: ctx.index };
  if (!isRecord(raw)) throw predictionError("record is not a JSON object", where);
  const rec = normaliseRecord(raw);
  const id = rec.document_id;
  if (typeof id !== "string" && typeof id !== "number") throw predictionError("record has no document_id", { ...where, field: "document_id" });
  const documentId = String(id);
  const goldDoc = ctx.gold?.get(documentId);
  const ownText = typeof rec.text === "string" ? rec.text : undefined;
  if (ownText !== undefined && goldDoc && ownText !== goldDoc.text) {
    throw predictionError(`text of document ${JSON.stringify(documentId)} differs from the gold text`, { ...where, field: "text" });
  }
  const text = ownText ?? goldDoc?.text;
  if (rec.spans === undefined) {
    ctx.warnings.add("prediction_without_spans", "prediction records without a spans field were read as predicting nothing");
    return { documentId, spans: [] };
  }
  if (!Array.isArray(rec.spans)) throw predictionError("spans is not a list", { ...where, field: "spans" });
  if (text === undefined) {
    if (rec.spans.length === 0 || !ctx.gold) {
      if (rec.spans.length === 0) return { documentId, spans: [] };
      throw predictionError("records without text need the gold corpus to convert code-point offsets", { ...where, field: "text" });
    }
    return { documentId, spans: [] }; // unknown document: the caller applies its policy
  }
  const mapper = new OffsetMapper(text);
  const spans: Span[] = [];
  rec.spans.forEach((s: unknown, k: number) => {
    const field = `spans[${k}]`;
    if (!isRecord(s)) throw predictionError("span is not an object", { ...where, field });
    const begin = s.begin;
    const end = s.end;
    if (!Number.isInteger(begin) || !Number.isInteger(end)) throw predictionError("begin/end are not integers", { ...where, field });
    if (end === begin) {
      ctx.warnings.add("empty_prediction", "zero-width predicted spans were ignored");
      return;
    }
    let u: { start: number; end: number };
    try {
      u = { start: mapper.toUtf16(begin as number), end: mapper.toUtf16(end as number) };
    } catch (e) {
      if (e instanceof OffsetError) {
        throw predictionError(`span ${begin}..${end} of document ${JSON.stringify(documentId)} is outside the text (${mapper.codePointLength} code points)`, { ...where, field });
      }
      throw e;
    }
    const problem = spanProblem(u, text);
    if (problem) throw predictionError(`document ${JSON.stringify(documentId)}: ${problem}`, { ...where, field });
    if (typeof s.text === "string" && text.slice(u.start, u.end) !== s.text) {
      throw predictionError(`span text of document ${JSON.stringify(documentId)} does not match the text at its offsets`, { ...where, field });
    }
    if (typeof s.label !== "string" || s.label === "") throw predictionError("span has no label", { ...where, field: `${field}.label` });
    const { label, native } = ctx.resolve(s.label);
    const span: Span = { start: u.start, end: u.end, label };
    if (typeof s.score === "number" && Number.isFinite(s.score)) span.score = s.score;
    if (native !== undefined) span.extra = { native_label: native };
    spans.push(span);
  });
  return { documentId, spans };
}

async function readDeidstackJsonl(path: string, options: PredictionOptions, warnings: WarningTally): Promise<Map<string, Span[]>> {
  const gold = goldIndex(options.gold);
  const resolve = labelResolver({ labelMap: options.labelMap }, warnings, "prediction");
  const out = new Map<string, Span[]>();
  let index = 0;
  for await (const { text, line } of readUtf8Lines(path)) {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      throw predictionError("line is not valid JSON", { line });
    }
    const { documentId, spans } = parsePredictionRecord(raw, { gold, resolve, warnings, line, index });
    if (out.has(documentId)) throw predictionError(`document ${JSON.stringify(documentId)} appears twice`, { line });
    out.set(documentId, spans);
    index++;
  }
  return out;
}

async function readPhiPredictions(path: string, options: PredictionOptions, warnings: WarningTally): Promise<Map<string, Span[]>> {
  const gold = goldIndex(options.gold);
  const encoding = options.corpus?.physionet?.encoding ?? "latin1";
  let records: PhysionetRecord[];
  if (gold) {
    records = [...gold.values()].map((d) => {
      // Split only so that physionetDocumentId joins the parts back into the same id.
      const [patientId, ...rest] = d.document_id.split("-");
      return { patientId, noteId: rest.join("-"), text: d.text };
    });
  } else {
    records = await readPhysionetRecords(path.replace(/\.(phi|deid)$/, ".text"), encoding);
  }
  const content = (await readFile(path)).toString("latin1");
  const annotations = parsePhiFile(content);
  const known = new Set(records.map((r) => physionetDocumentId(r.patientId, r.noteId)));
  const named = new Set([...parsePhiHeaders(content), ...annotations.map((a) => a.documentId)]);
  for (const id of named) if (!known.has(id)) unknownDocument(id, options, warnings);
  const kept = annotations.filter((a) => known.has(a.documentId));
  const spans = physionetSpans(records, kept, encoding, () => ({ label: "Anonymize_Other", native: "PHI" }), path);
  for (const id of parsePhiHeaders(content)) if (known.has(id) && !spans.has(id)) spans.set(id, []);
  return spans;
}

function unknownDocument(documentId: string, options: PredictionOptions, warnings: WarningTally): void {
  if ((options.onUnknownDocument ?? "error") === "error") {
    throw predictionError(`document ${JSON.stringify(documentId)} is not in the gold corpus`);
  }
  warnings.add("unknown_document", "predictions for document ids not in the gold corpus were ignored");
}

async function spansOfCorpus(path: string, format: CorpusFormat, options: PredictionOptions, warnings: WarningTally): Promise<Map<string, Span[]>> {
  const corpus = await loadCorpus(path, { ...options.corpus, format, labelMap: options.labelMap, unknownLabels: "other" });
  warnings.addAll(corpus.warnings);
  const gold = goldIndex(options.gold);
  const out = new Map<string, Span[]>();
  for (const d of corpus.documents) {
    const g = gold?.get(d.document_id);
    if (g && g.text !== d.text) throw predictionError(`text of document ${JSON.stringify(d.document_id)} differs from the gold text`);
    out.set(d.document_id, d.spans ?? []);
  }
  return out;
}

async function detectPredictionFormat(path: string): Promise<PredictionFormat> {
  if (/\.(phi|deid)$/.test(path)) return "physionet-deid";
  const { detectCorpusFormat } = await import("./corpora/index.js");
  const format = await detectCorpusFormat(path);
  return format === "meddeid-jsonl" ? "deidstack-jsonl" : format;
}

/**
 * Reads predictions into spans per document id (UTF-16 offsets into the original text). With `gold`, texts come
 * from the gold corpus, a text that differs from gold is an error, and predictions for unknown document ids follow
 * `onUnknownDocument` (default: error).
 */
export async function loadPredictions(path: string, options: PredictionOptions = {}): Promise<PredictionSet> {
  const format = options.format ?? (await detectPredictionFormat(path));
  if (format !== "deidstack-jsonl" && !isCorpusFormat(format)) {
    throw new DeidError("E_CONFIG", `unknown prediction format ${String(format)}; valid: ${PREDICTION_FORMATS.join(", ")}`);
  }
  const warnings = new WarningTally();
  let predictions: Map<string, Span[]>;
  if (format === "deidstack-jsonl" || format === "meddeid-jsonl") predictions = await readDeidstackJsonl(path, options, warnings);
  else if (format === "physionet-deid" && !path.endsWith(".text")) predictions = await readPhiPredictions(path, options, warnings);
  else predictions = await spansOfCorpus(path, format, options, warnings);
  const gold = goldIndex(options.gold);
  if (gold) {
    for (const id of [...predictions.keys()]) {
      if (!gold.has(id)) {
        unknownDocument(id, options, warnings);
        predictions.delete(id);
      }
    }
  }
  for (const [id, spans] of predictions) predictions.set(id, dedupeSpans(spans, warnings));
  return { format, predictions, warnings: warnings.toArray() };
}
