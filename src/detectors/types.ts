// The detector plugin API. Plugins import only src/contract and src/detectors.
import type { z } from "zod";
import type { DetectedSpan, Document, Label, TextAnalysis } from "../contract/index.js";

export interface DetectContext {
  /** Aborted when the run fails or the detector's timeout passes; long work should stop on it. */
  signal: AbortSignal;
  /** 0-based index of the document in its input (for error messages). */
  documentIndex: number;
  /**
   * The shared analysis of `document.text` (folded forms, words, per-consumer memo), made once per document by the
   * orchestrator and given to every detector. Optional: use `analysisFor(document.text, ctx.analysis)` from
   * src/contract, which falls back to a fresh one when a caller passes none.
   */
  analysis?: TextAnalysis;
}

/** A ready detector: `detect` returns offsets, labels and scores only, never text. `[]` means nothing found. */
export interface Detector {
  /**
   * Optional and redundant: the detector is known by its plugin's `meta.id` (or the stack entry's `id`). When a
   * detector still carries one, it must equal `meta.id`; the stack refuses to start otherwise.
   */
  readonly id?: string;
  detect(document: Document, ctx: DetectContext): Promise<DetectedSpan[]> | DetectedSpan[];
  /** Optional batch form; the orchestrator uses it when present (e.g. to batch windows across documents). */
  detectBatch?(documents: readonly Document[], ctx: { signal: AbortSignal; documentIndices: number[] }): Promise<DetectedSpan[][]>;
  /**
   * Optional: what the leak guard re-runs on a de-identified text instead of `detect`. It must return every span
   * of category ID or Contactdetails that `detect` returns on that document (the guard keeps no other), and may
   * leave out the rest; a detector that cannot say so cheaply has none.
   */
  detectForLeakGuard?(document: Document, ctx: DetectContext): Promise<DetectedSpan[]> | DetectedSpan[];
  /** Releases resources (sessions, sockets). */
  close?(): Promise<void> | void;
  /** Fixed facts for provenance (model digest, prompt sha256, server version): never text. */
  provenance?(): object;
  /** Running counters (counts only), reported once at the end of a run. */
  stats?(): object;
}

export interface PluginMeta<Schema extends z.ZodType = z.ZodType> {
  id: string;
  version: string;
  description: string;
  /** Labels the detector can return. */
  labels: readonly Label[];
  /** Options schema with complete defaults: `schema.parse({})` must succeed unless an option is required. */
  configSchema: Schema;
  /**
   * "deterministic" detectors that can return an ID or contact-detail label are re-run by the leak guard on the
   * de-identified text; only "model" detectors' spans may be dropped by a second opinion or the lexical veto.
   */
  kind: "deterministic" | "model" | "llm" | "external";
}

export interface PluginContext {
  /** Directory against which relative paths in the options resolve (the stack file's directory). */
  baseDir: string;
  /** Language of the stack (e.g. nl-BE, en). */
  language: string;
  /** Project root (for bundled data such as models and prompts). */
  projectRoot: string;
}

export interface DetectorPlugin<Schema extends z.ZodType = z.ZodType> {
  meta: PluginMeta<Schema>;
  /** Options are validated and frozen by the core before `create` is called. */
  create(options: z.output<Schema>, ctx: PluginContext): Promise<Detector> | Detector;
}

export function definePlugin<Schema extends z.ZodType>(plugin: DetectorPlugin<Schema>): DetectorPlugin<Schema> {
  return plugin;
}

/**
 * A second opinion reviews candidate spans of named detectors in their note context and answers, per candidate,
 * whether to keep it. It may only veto; the orchestrator decides which spans are candidates.
 */
export interface SecondOpinionReviewer {
  readonly id: string;
  review(document: Document, candidates: readonly DetectedSpan[], ctx: DetectContext): Promise<boolean[]>;
  close?(): Promise<void> | void;
  provenance?(): object;
  stats?(): object;
}

/** A plugin that can also act as a second opinion exports this beside its default plugin. */
export interface SecondOpinionFactory<Schema extends z.ZodType = z.ZodType> {
  configSchema: Schema;
  create(options: z.output<Schema>, ctx: PluginContext): Promise<SecondOpinionReviewer> | SecondOpinionReviewer;
}
