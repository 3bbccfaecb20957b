// The file boundary: MedDeID JSONL records (code-point offsets, field aliases) ⇄ in-memory Documents.
import { z } from "zod";
import type { Document, DocumentMetadata, Span, Subannotation } from "./document.js";
import { DeidError, type ErrorContext } from "./errors.js";
import { OffsetMapper, OffsetError } from "./offsets.js";
import { canonicalLabel, categoryOf, isLabel, type Label } from "./taxonomy.js";

const DOCUMENT_ALIASES: Record<string, string> = {
  doc_id: "document_id",
  note_id: "document_id",
  record_id: "document_id",
  raw_text: "text",
  plain_text: "text",
};
const SPAN_ALIASES: Record<string, string> = {
  start: "begin",
  start_char: "begin",
  end_char: "end",
  surface: "text",
  span_text: "text",
  tag: "label",
  type: "label",
  entity_type: "label",
  confidence: "score",
};
const REJECTED_SPAN_CONTAINERS = ["annotations", "entities", "deid_spans", "items", "subannotations"];
const RETIRED_METADATA_KEYS = ["patient_name", "caregiver_names"];

// Metadata is strict: a misspelt key ("pateint") would otherwise be ignored and leave the patient's name in clear.
// Site data that is not part of the contract goes into the explicit `extra` bag, which no detector reads.
const personSchema = z
  .object({
    given_name: z.string().nullish(),
    family_name: z.string().nullish(),
    birth_date: z.string().nullish(),
  })
  .strict();

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}/, "must be an ISO date (YYYY-MM-DD)");

export const metadataSchema = z
  .object({
    lang: z.string().nullish(),
    document_creation_date: isoDate.nullish(),
    date_shift_days: z.number().int().nullish(),
    patient: personSchema.nullish(),
    caregivers: z.array(personSchema).nullish(),
    known_values: z
      .array(
        z
          .object({
            value: z.string().min(1),
            label: z.string().refine((l) => canonicalLabel(l) !== undefined, "must be a contract label"),
          })
          .strict(),
      )
      .nullish(),
    /** Descriptive fields written by `deidstack synth`. */
    note_type: z.string().nullish(),
    name_source: z.string().nullish(),
    generator: z.string().nullish(),
    /** Site data outside the contract, carried as it is and never read by a detector. */
    extra: z.record(z.string(), z.unknown()).nullish(),
  })
  .strict();

/** Keys the metadata schema knows, for error messages. */
export const METADATA_KEYS = Object.keys(metadataSchema.shape).sort();

const subannotationDiskSchema = z
  .object({
    begin: z.number().int().nonnegative(),
    end: z.number().int().nonnegative(),
    text: z.string().optional(),
    category: z.string().min(1),
  })
  .loose();

const spanDiskSchema = z
  .object({
    begin: z.number().int().nonnegative(),
    end: z.number().int().nonnegative(),
    text: z.string().optional(),
    label: z.string().min(1),
    category: z.string().optional(),
    subtype: z.string().nullish(),
    score: z.number().finite().optional(),
    subannotations: z.array(subannotationDiskSchema).optional(),
  })
  .loose();

const documentDiskSchema = z
  .object({
    document_id: z.union([z.string().min(1), z.number()]).transform(String),
    text: z.string(),
    patient_id: z.union([z.string(), z.number()]).transform(String).optional(),
    spans: z.array(spanDiskSchema).optional(),
    metadata: metadataSchema.nullish(),
    annotated: z.boolean().optional(),
  })
  .loose();

export interface ParseContext {
  documentIndex: number;
  line?: number;
}

function applyAliases(obj: Record<string, unknown>, aliases: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) {
    const target = aliases[k];
    if (target !== undefined && obj[target] === undefined) out[target] = v;
    else if (target === undefined || out[k] === undefined) out[k] = v;
  }
  return out;
}

function fieldPath(path: PropertyKey[]): string {
  let s = "";
  for (const p of path) s += typeof p === "number" ? `[${p}]` : s ? `.${String(p)}` : String(p);
  return s || "(record)";
}

/** A key name fit for an error message: field names, not values, but still bounded and printable. */
function safeKeyName(key: string): string {
  const printable = key.replace(/[^\p{L}\p{N}_\-.]/gu, "?");
  return printable.length > 40 ? `${printable.slice(0, 40)}…` : printable;
}

function describeKey(key: string): string {
  return `"${safeKeyName(key)}"`;
}

function fail(reason: string, ctx: ParseContext, field?: string): never {
  const c: ErrorContext = { documentIndex: ctx.documentIndex, line: ctx.line, field };
  throw new DeidError("E_INPUT_FORMAT", reason, c);
}

/** Normalises aliases of a raw record (top level, spans, metadata) without validating it. */
export function normaliseRecord(raw: Record<string, unknown>): Record<string, unknown> {
  const rec = applyAliases(raw, DOCUMENT_ALIASES);
  if (Array.isArray(rec.spans)) {
    rec.spans = rec.spans.map((s) =>
      s && typeof s === "object" && !Array.isArray(s) ? applyAliases(s as Record<string, unknown>, SPAN_ALIASES) : s,
    );
  }
  if (rec.metadata && typeof rec.metadata === "object" && !Array.isArray(rec.metadata)) {
    rec.metadata = applyAliases(rec.metadata as Record<string, unknown>, { language: "lang" });
  }
  return rec;
}

/**
 * Parses one MedDeID JSONL record into a Document with UTF-16 offsets. Errors name the line and field and never
 * quote the note text.
 */
export function parseDocumentRecord(raw: unknown, ctx: ParseContext): Document {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) fail("record must be a JSON object", ctx);
  const rawObj = raw as Record<string, unknown>;
  for (const key of REJECTED_SPAN_CONTAINERS) {
    if (key in rawObj) fail(`"${key}" is not a span container; spans belong in "spans"`, ctx, key);
  }
  const rec = normaliseRecord(rawObj);
  if (rec.metadata && typeof rec.metadata === "object") {
    for (const key of RETIRED_METADATA_KEYS) {
      if (key in (rec.metadata as object)) fail(`retired metadata key; use patient/caregivers`, ctx, `metadata.${key}`);
    }
  }
  const parsed = documentDiskSchema.safeParse(rec);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (issue.code === "unrecognized_keys") {
      const where = fieldPath(issue.path);
      const key = issue.keys[0];
      const known = where === "metadata" ? `; known keys: ${METADATA_KEYS.join(", ")}; site data goes under metadata.extra` : "";
      fail(`unknown key ${describeKey(key)}${issue.keys.length > 1 ? ` (and ${issue.keys.length - 1} more)` : ""}${known}`, ctx, `${where}.${safeKeyName(key)}`);
    }
    fail(issue.message, ctx, fieldPath(issue.path));
  }
  const d = parsed.data;
  const mapper = new OffsetMapper(d.text);
  const toU16 = (cp: number, field: string): number => {
    try {
      return mapper.toUtf16(cp);
    } catch (e) {
      if (e instanceof OffsetError) fail(`offset ${cp} is outside the text (length ${mapper.codePointLength})`, ctx, field);
      throw e;
    }
  };

  const doc: Document = { document_id: d.document_id, text: d.text };
  if (d.patient_id !== undefined) doc.patient_id = d.patient_id;
  if (d.annotated !== undefined) doc.annotated = d.annotated;
  if (d.metadata) {
    const md = { ...d.metadata } as DocumentMetadata;
    if (md.known_values) {
      md.known_values = md.known_values.map((kv) => ({ ...kv, label: canonicalLabel(kv.label) as Label }));
    }
    doc.metadata = md;
  }
  if (d.spans) {
    doc.spans = d.spans.map((s, i): Span => {
      const f = `spans[${i}]`;
      if (s.end <= s.begin) fail(`end must be greater than begin`, ctx, `${f}.end`);
      const start = toU16(s.begin, `${f}.begin`);
      const end = toU16(s.end, `${f}.end`);
      if (s.text !== undefined && d.text.slice(start, end) !== s.text) {
        fail(`span text does not match the document text at its offsets`, ctx, `${f}.text`);
      }
      const label = canonicalLabel(s.label);
      if (!label) fail(`unknown label (expected one of the 15 contract labels)`, ctx, `${f}.label`);
      if (s.category !== undefined && s.category !== categoryOf(s.label)) {
        fail(`category is inconsistent with label`, ctx, `${f}.category`);
      }
      const span: Span = { start, end, label };
      if (s.score !== undefined) span.score = s.score;
      if (label !== s.label) span.extra = { native_label: s.label };
      if (s.subannotations && s.subannotations.length > 0) {
        let cursor = s.begin;
        span.subannotations = s.subannotations.map((sa, j): Subannotation => {
          const sf = `${f}.subannotations[${j}]`;
          if (sa.begin !== cursor) fail(`subannotations must partition the span contiguously`, ctx, `${sf}.begin`);
          if (sa.end <= sa.begin) fail(`end must be greater than begin`, ctx, `${sf}.end`);
          cursor = sa.end;
          const ss = toU16(sa.begin, `${sf}.begin`);
          const se = toU16(sa.end, `${sf}.end`);
          if (sa.text !== undefined && d.text.slice(ss, se) !== sa.text) {
            fail(`subannotation text does not match the document text at its offsets`, ctx, `${sf}.text`);
          }
          return { start: ss, end: se, category: sa.category };
        });
        if (cursor !== s.end) fail(`subannotations must end where the span ends`, ctx, `${f}.subannotations`);
      }
      return span;
    });
  }
  return doc;
}

/** Parses one JSONL line. */
export function parseDocumentLine(line: string, ctx: ParseContext): Document {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    fail("line is not valid JSON", ctx);
  }
  return parseDocumentRecord(raw, ctx);
}

export interface DiskSpanOptions {
  /** Include `text` of each span (only for gold/annotation files, never for de-identified output). */
  includeText?: boolean;
}

/** A span in disk form (code points) for a given text. */
export function spanToDisk(span: Span, text: string, mapper: OffsetMapper, opts: DiskSpanOptions = {}) {
  const out: Record<string, unknown> = {
    begin: mapper.toCodePoint(span.start),
    end: mapper.toCodePoint(span.end),
    label: span.label,
  };
  if (opts.includeText) out.text = text.slice(span.start, span.end);
  if (span.score !== undefined) out.score = span.score;
  if (span.subannotations) {
    out.subannotations = span.subannotations.map((sa) => {
      const o: Record<string, unknown> = {
        begin: mapper.toCodePoint(sa.start),
        end: mapper.toCodePoint(sa.end),
        category: sa.category,
      };
      if (opts.includeText) o.text = text.slice(sa.start, sa.end);
      return o;
    });
  }
  if (span.extra) Object.assign(out, span.extra);
  if (span.detectors) out.detectors = span.detectors;
  return out;
}

/** A whole annotated document in disk form (used for gold corpora and synthetic data, which carry text). */
export function documentToDisk(doc: Document): Record<string, unknown> {
  const mapper = new OffsetMapper(doc.text);
  const out: Record<string, unknown> = { document_id: doc.document_id, text: doc.text };
  if (doc.patient_id !== undefined) out.patient_id = doc.patient_id;
  if (doc.spans) out.spans = doc.spans.map((s) => spanToDisk(s, doc.text, mapper, { includeText: true }));
  if (doc.annotated !== undefined) out.annotated = doc.annotated;
  if (doc.metadata) out.metadata = doc.metadata;
  return out;
}

export { isLabel };
