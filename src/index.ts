// The package's public API: `import { deidentify, loadStack, score } from "deidstack"`. One note in, spans (UTF-16
// offsets into the original note) and text out; the same stacks, detectors, leak guard and scorer as the CLI.
import "reflect-metadata";
import {
  DeidError,
  OffsetMapper,
  parseDocumentRecord,
  type Document,
  type DocumentMetadata,
  type Label,
  type Span,
  type Warning,
} from "./contract/index.js";
import { scoreCorpus, type CorpusScore, type ScoreOptions } from "./eval/index.js";
import { StackRunner, loadStack, type LoadedStack, type OutputRecord } from "./stack/index.js";

export {
  DeidError,
  LABELS,
  type DetectedSpan,
  type Document,
  type DocumentMetadata,
  type ErrorCode,
  type Label,
  type Span,
  type Warning,
} from "./contract/index.js";
export {
  definePlugin,
  type DetectContext,
  type Detector,
  type DetectorPlugin,
  type PluginContext,
  type PluginMeta,
} from "./detectors/index.js";
// Plugins declare their options with the same zod the core validates them with.
export { z } from "zod";
export { loadCorpus, type CorpusScore, type ScoreOptions } from "./eval/index.js";
export { listPresetNames, loadStack, type LoadedStack, type OutputRecord, type StackConfig } from "./stack/index.js";

/** A note: its text alone, or a document with an id and the metadata known-identifiers and pseudonymisation read. */
export type NoteInput =
  | string
  | { document_id?: string; text: string; patient_id?: string; metadata?: DocumentMetadata };

/** A span of the original note and what replaced it. Offsets are UTF-16 indices (`note.slice(start, end)`). */
export interface DeidentifiedSpan {
  start: number;
  end: number;
  label: Label;
  replacement: string;
  score?: number;
  /** Ids of the detectors that found it. */
  detectors: string[];
}

export interface DeidentifyResult {
  document_id: string;
  /** The de-identified text. */
  text: string;
  spans: DeidentifiedSpan[];
  warnings: Warning[];
  /** The record `deidstack run` writes for this note (code point offsets, provenance). */
  record: OutputRecord;
}

export interface DeidentifyOptions {
  /** A preset name (`rules-only`, the default), a stack file path, or a stack from `loadStack`. */
  stack?: string | LoadedStack;
  /** Where a relative stack path resolves (default: the working directory). */
  baseDir?: string;
}

function toDocument(note: NoteInput, index: number): Document {
  if (typeof note === "string") return { document_id: String(index + 1), text: note };
  if (!note || typeof note !== "object" || typeof note.text !== "string") {
    throw new DeidError("E_INPUT_FORMAT", "a note is a string or an object with a string text", {
      documentIndex: index,
      field: "text",
    });
  }
  const record: Record<string, unknown> = { document_id: note.document_id ?? String(index + 1), text: note.text };
  if (note.patient_id !== undefined) record.patient_id = note.patient_id;
  if (note.metadata !== undefined) record.metadata = note.metadata;
  return parseDocumentRecord(record, { documentIndex: index });
}

function toResult(document: Document, record: OutputRecord): DeidentifyResult {
  const mapper = new OffsetMapper(document.text);
  const spans = record.spans.map((s) => {
    const span: DeidentifiedSpan = {
      start: mapper.toUtf16(s.begin as number),
      end: mapper.toUtf16(s.end as number),
      label: s.label as Label,
      replacement: s.replacement as string,
      detectors: s.detectors as string[],
    };
    if (typeof s.score === "number") span.score = s.score;
    return span;
  });
  return { document_id: record.document_id, text: record.deid_text, spans, warnings: record.warnings, record };
}

/**
 * A stack made ready once (models and word lists loaded) for many notes. `close()` releases detectors (model
 * sessions, sockets); a failing note rejects with a DeidError that names the document index, never its text.
 */
export class Deidentifier {
  private count = 0;

  private constructor(private readonly runner: StackRunner) {}

  static async open(options: DeidentifyOptions = {}): Promise<Deidentifier> {
    const stack =
      typeof options.stack === "object" ? options.stack : await loadStack(options.stack ?? "rules-only", options.baseDir);
    return new Deidentifier(await StackRunner.create(stack));
  }

  async deidentify(note: NoteInput, signal: AbortSignal = new AbortController().signal): Promise<DeidentifyResult> {
    const index = this.count++;
    const document = toDocument(note, index);
    return toResult(document, await this.runner.processDocument(document, index, signal));
  }

  close(): Promise<void> {
    return this.runner.close();
  }
}

/** De-identifies one note with a stack (default `rules-only`: no model, no server). */
export async function deidentify(note: NoteInput, options: DeidentifyOptions = {}): Promise<DeidentifyResult> {
  const deidentifier = await Deidentifier.open(options);
  try {
    return await deidentifier.deidentify(note);
  } finally {
    await deidentifier.close();
  }
}

/** What `score` reads of a prediction: a `DeidentifyResult` fits. Offsets are UTF-16 indices into the gold text. */
export interface Prediction {
  document_id: string;
  spans: readonly { start: number; end: number; label: Label }[];
}

/**
 * Scores predictions against gold documents (in-memory, UTF-16 offsets; `loadCorpus` reads them from disk) with
 * the scorer `deidstack score` uses. One system as an array, several as `{ name: predictions }`.
 */
export function score(
  gold: readonly Document[],
  predictions: readonly Prediction[] | Readonly<Record<string, readonly Prediction[]>>,
  options: ScoreOptions = {},
): CorpusScore {
  const systems = Array.isArray(predictions)
    ? { system: predictions as readonly Prediction[] }
    : (predictions as Readonly<Record<string, readonly Prediction[]>>);
  const bySystem: Record<string, Map<string, Span[]>> = {};
  for (const [name, list] of Object.entries(systems)) {
    const byDocument = new Map<string, Span[]>();
    for (const p of list) {
      const spans = p.spans.map((s) => ({ start: s.start, end: s.end, label: s.label }));
      byDocument.set(p.document_id, [...(byDocument.get(p.document_id) ?? []), ...spans]);
    }
    for (const spans of byDocument.values()) spans.sort((a, b) => a.start - b.start || a.end - b.end);
    bySystem[name] = byDocument;
  }
  return scoreCorpus(gold, bySystem, options);
}
