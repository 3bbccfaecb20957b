// In-memory contract types. Offsets here are UTF-16 indices into `text` (see offsets.ts for the disk form).
import type { Label } from "./taxonomy.js";

export interface Subannotation {
  start: number;
  end: number;
  category: string;
}

/** What a detector returns: offsets, label and score only, never the covered text. */
export interface DetectedSpan {
  start: number;
  end: number;
  label: Label;
  score?: number;
}

export interface Span extends DetectedSpan {
  subannotations?: Subannotation[];
  /** Ids of the detectors (or rules) that produced this span. */
  detectors?: string[];
  /** Extra fields carried from disk (e.g. origin, native_label); never note text. */
  extra?: Record<string, unknown>;
}

export interface Person {
  given_name?: string | null;
  family_name?: string | null;
  birth_date?: string | null;
}

export interface KnownValue {
  value: string;
  label: Label;
}

export interface DocumentMetadata {
  lang?: string | null;
  document_creation_date?: string | null;
  date_shift_days?: number | null;
  patient?: Person | null;
  caregivers?: Person[] | null;
  known_values?: KnownValue[] | null;
  note_type?: string | null;
  name_source?: string | null;
  generator?: string | null;
  /** Site data outside the contract; no detector reads it. */
  extra?: Record<string, unknown> | null;
}

export interface Document {
  document_id: string;
  text: string;
  patient_id?: string;
  metadata?: DocumentMetadata;
  /** Gold spans, when the document is annotated. */
  spans?: Span[];
  /** True when a reviewer confirmed the document (spans: [] then means "no identifiers"). */
  annotated?: boolean;
}

export interface Warning {
  code: string;
  message: string;
}
