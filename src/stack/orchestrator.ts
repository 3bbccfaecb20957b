// Runs a stack over documents: detectors in parallel per document, fail closed, union, healing, scope,
// second opinion, overlap resolution, transform, leak guard. A failure withholds its document (processOutcome);
// run() keeps the older whole-run semantics for the battery and protocols.
import { setMaxListeners } from "node:events";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import pLimit from "p-limit";
import {
  DeidError,
  LABELS,
  OffsetMapper,
  analyseText,
  categoryOf,
  describeThrown,
  describeThrownCore,
  invalidSpanReason,
  type DetectedSpan,
  type Document,
  type IndexedDocument,
  type Label,
  type Span,
  type TextAnalysis,
  type Warning,
} from "../contract/index.js";
import {
  PROJECT_ROOT,
  getPluginRegistry,
  type Detector,
  type DetectorPlugin,
  type PluginRegistry,
  type SecondOpinionReviewer,
} from "../detectors/index.js";
import { getHealingProfile, healSpans, type HealingProfile } from "../healing/index.js";
import { createLexicalVeto, type LexicalVeto } from "../healing/index.js";
import { createTransformer, guardLeaks, leakGuardMode, type OutputSpan, type Transformer } from "../transform/index.js";
import type { LoadedStack } from "./config.js";
import { applyScope } from "./scope.js";
import { SITE_DENY_ID, SITE_VERSION, applyAllowList, createSiteDetectors, resolveSite, type ResolvedSite } from "./site.js";
import { OVERLAP_POLICY, resolveOverlaps, unionSpans } from "./union.js";

export const OUTPUT_FORMAT = "deidstack.output.v1";
export const SOFTWARE_VERSION: string = (
  JSON.parse(readFileSync(resolve(PROJECT_ROOT, "package.json"), "utf8")) as { version: string }
).version;

/** Detectors the leak guard re-runs on the de-identified text (src/transform/leak-guard.ts, checks 1 and 2). */
interface LeakGuardDetectors {
  /** The stack's known-identifiers, or the guard's own one (closed with the stack). */
  knownIdentifiers: DetectorInstance[];
  patterns: DetectorInstance[];
}

/** Labels whose hits in the output the leak guard's check 2 counts: identifiers and contact details. */
function isIdentifierLabel(label: Label): boolean {
  const category = categoryOf(label);
  return category === "ID" || category === "Contactdetails";
}

interface DetectorInstance {
  id: string;
  use: string;
  version: string;
  kind: DetectorPlugin["meta"]["kind"];
  /** The labels it can return (its plugin's `meta.labels`). */
  labels: readonly Label[];
  detector: Detector;
  timeoutMs: number;
  /** Built-in detectors' DeidErrors are deidstack's own words; a user plugin's are reduced to their code. */
  builtin: boolean;
}

export interface OutputRecord {
  document_id: string;
  patient_id?: string;
  deid_text: string;
  spans: Record<string, unknown>[];
  warnings: Warning[];
  processing?: Record<string, unknown>;
  provenance: Record<string, unknown>;
}

export interface RunnerOptions {
  registry?: PluginRegistry;
  /** Overrides the stack's document concurrency. */
  concurrency?: number;
  /** Added to every record's provenance (e.g. the queue run a record belongs to). */
  provenanceExtra?: Record<string, unknown>;
  /**
   * Told when a detector's synchronous part starts and ends (the worker pool's watchdog uses it to name the
   * detector that blocks a thread).
   */
  onDetectorCall?: (event: "start" | "end", documentIndex: number, detectorId: string) => void;
}

/** Why a document was withheld: codes, ids and phases only, never text. */
export interface QuarantineEntry {
  document_id: string | null;
  index: number;
  line?: number;
  code: string;
  detector: string | null;
  phase: string;
}

/** What became of one document: its output record, or its quarantine entry. */
export type DocumentOutcome =
  | { index: number; record: OutputRecord }
  /** `reason`: deidstack's own description (codes, offsets, counts), for the message of an aborted run. */
  | { index: number; quarantine: QuarantineEntry; reason: string };

/** The reason of a failure as deidstack describes it (never a plugin's message). */
export function failureReason(err: unknown): string {
  return err instanceof DeidError ? err.reason : `unexpected error: ${describeThrown(err)}`;
}

/** The quarantine entry for a document whose processing failed with `err`. */
export function quarantineEntryFor(err: unknown, document_id: string | null, index: number, line?: number): QuarantineEntry {
  const e = err instanceof DeidError ? err : null;
  const detector = e?.context.detectorId ?? null;
  const phase = e?.context.phase ?? (detector !== null ? "detect" : "unknown");
  const entry: QuarantineEntry = { document_id, index, code: e?.code ?? "E_INTERNAL", detector, phase };
  if (line !== undefined) entry.line = line;
  return entry;
}

/** Validates plugin options against the plugin's schema; errors name the stack field. */
function validateOptions(plugin: DetectorPlugin, options: unknown, field: string): unknown {
  const parsed = plugin.meta.configSchema.safeParse(options);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue.path.map(String).join(".");
    throw new DeidError("E_STACK_CONFIG", `invalid options for detector ${plugin.meta.id}: ${issue.message}`, {
      field: path ? `${field}.${path}` : field,
    });
  }
  return Object.freeze(parsed.data);
}

/** Runs one detector on one document with a timeout; returns validated spans or throws a DeidError. */
export async function runDetectorChecked(
  inst: { id: string; detector: Detector; timeoutMs: number; builtin?: boolean },
  document: Document,
  documentIndex: number,
  runSignal: AbortSignal,
  onCall?: RunnerOptions["onDetectorCall"],
  analysis?: TextAnalysis,
): Promise<DetectedSpan[]> {
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  runSignal.addEventListener("abort", onAbort, { once: true });
  let timer: NodeJS.Timeout | undefined;
  // Made only when the timer fires: an error (with its stack trace) per detector call cost more than the call of a
  // small detector on a short note.
  let timeoutError: DeidError | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      timeoutError = new DeidError("E_DETECTOR_TIMEOUT", `no answer within ${inst.timeoutMs} ms`, { detectorId: inst.id, documentIndex });
      reject(timeoutError);
    }, inst.timeoutMs);
  });
  let result: unknown;
  try {
    result = await Promise.race([
      Promise.resolve().then(() => {
        onCall?.("start", documentIndex, inst.id);
        try {
          return inst.detector.detect(document, analysis ? { signal: controller.signal, documentIndex, analysis } : { signal: controller.signal, documentIndex });
        } finally {
          onCall?.("end", documentIndex, inst.id);
        }
      }),
      timeout,
    ]);
  } catch (err) {
    // Only our own timeout passes as it is: what plugin code threw is reduced to its kind (it may quote the note).
    if (timeoutError !== undefined && err === timeoutError) throw err;
    throw new DeidError("E_DETECTOR_FAILED", `detector threw: ${inst.builtin ? describeThrownCore(err) : describeThrown(err)}`, {
      detectorId: inst.id,
      documentIndex,
    });
  } finally {
    clearTimeout(timer);
    runSignal.removeEventListener("abort", onAbort);
  }
  if (!Array.isArray(result)) {
    throw new DeidError("E_DETECTOR_INVALID_SPAN", "detector did not return an array of spans", {
      detectorId: inst.id,
      documentIndex,
    });
  }
  const spans: DetectedSpan[] = [];
  result.forEach((s, k) => {
    const reason = invalidSpanReason(s, document.text);
    if (reason) {
      throw new DeidError("E_DETECTOR_INVALID_SPAN", `span ${k}: ${reason}`, { detectorId: inst.id, documentIndex });
    }
    const span = s as DetectedSpan;
    spans.push(span.score === undefined ? { start: span.start, end: span.end, label: span.label } : { start: span.start, end: span.end, label: span.label, score: span.score });
  });
  return spans;
}

/** The lexical veto of a stack: by default over every model detector; a named detector must be a model. */
function buildLexicalVeto(option: NonNullable<LoadedStack["config"]["lexical_veto"]>, instances: DetectorInstance[], language: string): LexicalVeto {
  const models = instances.filter((d) => d.kind === "model").map((d) => d.id);
  const chosen = option === true ? models : (option as { detectors?: string[] }).detectors ?? models;
  const bad = chosen.find((id) => !models.includes(id));
  if (bad !== undefined) {
    throw new DeidError("E_STACK_CONFIG", `lexical veto may only drop spans of model detectors; ${bad} is not one in this stack`, { field: "lexical_veto.detectors" });
  }
  if (chosen.length === 0) throw new DeidError("E_STACK_CONFIG", "lexical veto is on but the stack has no model detector", { field: "lexical_veto" });
  const languages = option === true ? undefined : (option as { languages?: ("nl" | "fr" | "en")[] }).languages;
  const mode = option === true ? undefined : (option as { mode?: "words" | "strict" }).mode;
  return createLexicalVeto({ detectors: chosen, languages, stackLanguage: language, ...(mode ? { mode } : {}) });
}

/** Healing rules that add spans from note metadata: known identifiers, which the site allow list never cuts. */
const METADATA_HEALING_RULES = ["healing:recover-patient-names", "healing:recover-caregiver-names", "healing:recover-known-values"];
/** Calls a plugin's create(); what it throws is reduced to its kind unless deidstack raised it (codes, fields). */
async function createChecked<T>(create: () => Promise<T> | T, detectorId: string): Promise<T> {
  try {
    return await create();
  } catch (err) {
    if (err instanceof DeidError && isCoreConfigError(err)) throw err;
    throw new DeidError("E_DETECTOR_FAILED", `create() threw: ${describeThrown(err)}`, { detectorId, phase: "create" });
  }
}

/** A detector that names itself must name itself as its plugin does (`meta.id`): one id, not two that can differ. */
function checkDetectorId(detector: Detector, metaId: string, detectorId: string): void {
  if (detector.id === undefined || detector.id === metaId) return;
  const shown = /^[\w.@/:-]{1,80}$/.test(String(detector.id)) ? `"${String(detector.id)}"` : "an id";
  throw new DeidError("E_DETECTOR_FAILED", `create() returned a detector with ${shown} that is not its plugin's meta.id "${metaId}"; drop the detector's id or make them equal`, {
    detectorId,
    phase: "create",
  });
}

/** Configuration errors raised while a built-in plugin reads its files (a model that is not there): kept whole. */
function isCoreConfigError(err: DeidError): boolean {
  return err.code === "E_CONFIG" || err.code === "E_STACK_CONFIG" || err.code === "E_DETECTOR_NOT_INSTALLED";
}

/** Categories a second opinion may never veto: places and organisations are kept whatever the LLM says. */
const NEVER_VETOED = new Set(["Address_Location", "Organization"]);

export class StackRunner {
  private constructor(
    readonly stack: LoadedStack,
    private readonly detectors: DetectorInstance[],
    private readonly guardDetectors: LeakGuardDetectors,
    private readonly healing: HealingProfile | null,
    private readonly transformer: Transformer,
    private readonly secondOpinion: { reviewer: SecondOpinionReviewer; veto: Set<string>; timeoutMs: number } | null,
    private readonly concurrency: number,
    private readonly options: RunnerOptions,
    private readonly lexicalVeto: LexicalVeto | null = null,
    private readonly site: { resolved: ResolvedSite; protectedDetectors: ReadonlySet<string> } | null = null,
  ) {}

  static async create(stack: LoadedStack, opts: RunnerOptions = {}): Promise<StackRunner> {
    const registry = opts.registry ?? getPluginRegistry();
    const { config, baseDir } = stack;
    const pluginCtx = { baseDir, language: config.language, projectRoot: PROJECT_ROOT };
    const instances: DetectorInstance[] = [];
    try {
      for (const [i, entry] of config.detectors.entries()) {
        const { plugin, source } = await registry.load(entry.use, baseDir);
        const options = validateOptions(plugin, entry.with, `detectors[${i}].with`);
        const detector = await createChecked(() => plugin.create(options as never, pluginCtx), entry.id ?? entry.use);
        checkDetectorId(detector, plugin.meta.id, entry.id ?? entry.use);
        instances.push({
          id: entry.id ?? (source === "builtin" ? entry.use : plugin.meta.id),
          use: entry.use,
          version: plugin.meta.version,
          kind: plugin.meta.kind,
          labels: plugin.meta.labels,
          detector,
          timeoutMs: entry.timeout_ms ?? config.timeouts.detector_ms,
          builtin: source === "builtin",
        });
      }
      const resolvedSite = config.site ? await resolveSite(config.site, baseDir) : null;
      for (const detector of resolvedSite ? createSiteDetectors(resolvedSite) : []) {
        instances.push({ id: detector.id, use: detector.id, version: SITE_VERSION, kind: "deterministic", labels: LABELS, detector, timeoutMs: config.timeouts.detector_ms, builtin: true });
      }
      // Spans the allow list never cuts: known identifiers, metadata-driven healing and the site's own deny list.
      const site = resolvedSite
        ? { resolved: resolvedSite, protectedDetectors: new Set([...instances.filter((d) => d.use === "known-identifiers").map((d) => d.id), ...METADATA_HEALING_RULES, SITE_DENY_ID]) }
        : null;
      const guard: LeakGuardDetectors = { knownIdentifiers: [], patterns: [] };
      if (config.leak_guard) {
        // The metadata check: the stack's known-identifiers, or one with default options when it has none.
        guard.knownIdentifiers = instances.filter((d) => d.use === "known-identifiers");
        if (guard.knownIdentifiers.length === 0) {
          const { plugin } = await registry.load("known-identifiers", baseDir);
          const detector = await createChecked(() => plugin.create(validateOptions(plugin, {}, "leak_guard") as never, pluginCtx), "known-identifiers");
          const { version, kind, labels } = plugin.meta;
          guard.knownIdentifiers = [{ id: "known-identifiers", use: "known-identifiers", version, kind, labels, detector, timeoutMs: config.timeouts.detector_ms, builtin: true }];
        }
        // Every other deterministic detector (by meta.kind) that can return an identifier or a contact detail.
        guard.patterns = instances
          .filter((d) => d.kind === "deterministic" && d.use !== "known-identifiers" && d.labels.some(isIdentifierLabel));
      }
      let second: StackRunner["secondOpinion"] = null;
      if (config.second_opinion) {
        const so = config.second_opinion;
        const { secondOpinion } = await registry.load(so.use, baseDir);
        if (!secondOpinion) {
          throw new DeidError("E_STACK_CONFIG", `detector ${so.use} cannot act as a second opinion`, { field: "second_opinion.use" });
        }
        const parsed = secondOpinion.configSchema.safeParse({ ...so.with, context_chars: so.context_chars });
        if (!parsed.success) {
          throw new DeidError("E_STACK_CONFIG", `invalid second opinion options: ${parsed.error.issues[0].message}`, {
            field: `second_opinion.with.${parsed.error.issues[0].path.map(String).join(".")}`,
          });
        }
        const reviewer = await createChecked(() => secondOpinion.create(Object.freeze(parsed.data) as never, pluginCtx), `${so.use} (second opinion)`);
        const protectedIds = instances.filter((d) => d.kind !== "model").map((d) => d.id);
        const bad = so.veto.find((id) => protectedIds.includes(id));
        if (bad) {
          throw new DeidError("E_STACK_CONFIG", `second opinion may not veto spans of ${bad} (only model detectors)`, {
            field: "second_opinion.veto",
          });
        }
        second = { reviewer, veto: new Set(so.veto), timeoutMs: so.timeout_ms ?? config.timeouts.detector_ms };
      }
      const healing = config.healing ? getHealingProfile(config.healing) : null;
      const lexicalVeto = config.lexical_veto ? buildLexicalVeto(config.lexical_veto, instances, config.language) : null;
      const transformer = await createTransformer(config.transform as never, { baseDir, language: config.language });
      return new StackRunner(stack, instances, guard, healing, transformer, second, opts.concurrency ?? config.concurrency.documents, opts, lexicalVeto, site);
    } catch (err) {
      await Promise.allSettled(instances.map((d) => d.detector.close?.()));
      throw err;
    }
  }

  get detectorInfo(): { id: string; use: string; version: string; kind: string }[] {
    return this.detectors.map(({ id, use, version, kind }) => ({ id, use, version, kind }));
  }

  private cachedProvenance?: Record<string, unknown>;

  /** Fixed for the life of the runner, so computed once. */
  provenance(): Record<string, unknown> {
    return (this.cachedProvenance ??= this.computeProvenance());
  }

  private computeProvenance(): Record<string, unknown> {
    return {
      format: OUTPUT_FORMAT,
      software: { name: "deidstack", version: SOFTWARE_VERSION },
      stack: { name: this.stack.config.name, sha256: this.stack.sha256 },
      detectors: this.detectors.map(({ id, use, version, detector }) => {
        const extra = detector.provenance?.();
        return extra ? { id, use, version, ...extra } : { id, use, version };
      }),
      healing: this.healing ? { profile_id: this.healing.id, version: this.healing.version } : null,
      scope: this.stack.config.scope,
      second_opinion: this.secondOpinion
        ? { id: this.secondOpinion.reviewer.id, veto: [...this.secondOpinion.veto], ...(this.secondOpinion.reviewer.provenance?.() ?? {}) }
        : null,
      lexical_veto: this.lexicalVeto?.provenance() ?? null,
      overlap_policy: OVERLAP_POLICY,
      transform: { id: this.transformer.id, version: this.transformer.version },
      leak_guard: this.stack.config.leak_guard,
      ...(this.site ? { site: this.site.resolved.provenance } : {}),
      ...(this.options.provenanceExtra ?? {}),
    };
  }

  /** Detection through overlap resolution: the spans that will be transformed (original-text UTF-16 offsets). */
  async detectSpans(document: Document, documentIndex: number, signal: AbortSignal): Promise<{ spans: Span[]; vetoed: number; lexicalVetoed: number; allowCarved: number }> {
    // One analysis of the text for every detector and healing (src/contract/analysis.ts).
    const analysis = analyseText(document.text);
    const outputs = await Promise.all(
      this.detectors.map(async (inst) => ({
        detectorId: inst.id,
        spans: await runDetectorChecked(inst, document, documentIndex, signal, this.options.onDetectorCall, analysis),
      })),
    );
    let spans = unionSpans(outputs);
    // Before healing, so that no rule grows or propagates a span the veto drops.
    let lexicalVetoed = 0;
    if (this.lexicalVeto) ({ spans, dropped: lexicalVetoed } = this.lexicalVeto.apply(spans, document));
    if (this.healing) {
      try {
        spans = healSpans(this.healing, spans, { document, options: this.stack.config.healing_options, analysis });
      } catch (err) {
        throw new DeidError("E_TRANSFORM", `healing failed: ${describeThrown(err)}`, { documentIndex, phase: "healing" });
      }
      for (const [k, s] of spans.entries()) {
        const reason = invalidSpanReason({ start: s.start, end: s.end, label: s.label, score: s.score }, document.text);
        if (reason) throw new DeidError("E_TRANSFORM", `healing produced an invalid span ${k}: ${reason}`, { documentIndex, phase: "healing" });
      }
    }
    spans = applyScope(this.stack.config.scope, spans, document.text);
    let vetoed = 0;
    if (this.secondOpinion) {
      const r = await this.reviewSecondOpinion(document, documentIndex, spans, signal);
      spans = r.spans;
      vetoed = r.vetoed;
    }
    let allowCarved = 0;
    if (this.site) ({ spans, carved: allowCarved } = applyAllowList(this.site.resolved, document.text, spans, this.site.protectedDetectors));
    return { spans: resolveOverlaps(spans), vetoed, lexicalVetoed, allowCarved };
  }

  private async reviewSecondOpinion(document: Document, documentIndex: number, spans: Span[], signal: AbortSignal) {
    const so = this.secondOpinion!;
    const candidateIdx: number[] = [];
    spans.forEach((s, i) => {
      const ds = s.detectors ?? [];
      if (ds.length > 0 && ds.every((d) => so.veto.has(d)) && !NEVER_VETOED.has(categoryOf(s.label))) candidateIdx.push(i);
    });
    if (candidateIdx.length === 0) return { spans, vetoed: 0 };
    const candidates = candidateIdx.map((i) => ({ start: spans[i].start, end: spans[i].end, label: spans[i].label }));
    const keep = await runDetectorChecked(
      {
        id: `${so.reviewer.id} (second opinion)`,
        timeoutMs: so.timeoutMs,
        detector: {
          id: so.reviewer.id,
          detect: async (doc, ctx) => {
            const answer = await so.reviewer.review(doc, candidates, ctx);
            if (!Array.isArray(answer) || answer.length !== candidates.length || answer.some((a) => typeof a !== "boolean")) {
              throw new DeidError("E_DETECTOR_FAILED", "second opinion returned a malformed answer");
            }
            // Encode the verdicts as spans so the checked runner's timeout and error handling apply.
            return candidates.filter((_, k) => answer[k]);
          },
        },
      },
      document,
      documentIndex,
      signal,
    );
    const kept = new Set(keep.map((s) => `${s.start}:${s.end}:${s.label}`));
    const drop = new Set(candidateIdx.filter((i) => !kept.has(`${spans[i].start}:${spans[i].end}:${spans[i].label}`)));
    return { spans: spans.filter((_, i) => !drop.has(i)), vetoed: drop.size };
  }

  async processDocument(document: Document, documentIndex: number, signal: AbortSignal): Promise<OutputRecord> {
    const { spans, vetoed, lexicalVetoed, allowCarved } = await this.detectSpans(document, documentIndex, signal);
    let result;
    try {
      result = await this.transformer.apply(document, spans, { documentIndex });
    } catch (err) {
      if (err instanceof DeidError) throw err;
      throw new DeidError("E_TRANSFORM", `transform failed: ${describeThrown(err)}`, { documentIndex, phase: "transform" });
    }
    const onLeak = leakGuardMode(this.stack.config.leak_guard);
    if (onLeak !== "off") {
      result = await guardLeaks(document, result, {
        onLeak,
        knownIdentifierDetectors: this.guardDetectors.knownIdentifiers.map((d) => d.detector),
        patternDetectors: this.guardDetectors.patterns.map((d) => d.detector),
        signal,
        documentIndex,
      });
    }
    const record = this.toRecord(document, result.spans, result.deidText, result.warnings, {
      ...(result.processing ?? {}),
      ...(vetoed ? { second_opinion_vetoed: vetoed } : {}),
      ...(lexicalVetoed ? { lexical_veto_dropped: lexicalVetoed } : {}),
      ...(allowCarved ? { site_allow_cut: allowCarved } : {}),
    });
    // With pseudonymise_ids, the ids (which may hold a name or a record number) leave only as keyed pseudonyms.
    if (result.ids) Object.assign(record, result.ids);
    return record;
  }

  private toRecord(document: Document, spans: OutputSpan[], deidText: string, warnings: Warning[], processing: Record<string, unknown>): OutputRecord {
    const mapper = new OffsetMapper(document.text);
    const rec: OutputRecord = {
      document_id: document.document_id,
      deid_text: deidText,
      spans: spans.map((s) => {
        const o: Record<string, unknown> = {
          begin: mapper.toCodePoint(s.start),
          end: mapper.toCodePoint(s.end),
          label: s.label,
          replacement: s.replacement,
        };
        if (s.score !== undefined) o.score = s.score;
        o.detectors = s.detectors ?? [];
        return o;
      }),
      warnings,
      provenance: this.provenance(),
    };
    if (document.patient_id !== undefined) rec.patient_id = document.patient_id;
    if (Object.keys(processing).length) rec.processing = processing;
    return rec;
  }

  /**
   * Processes documents with bounded concurrency and yields records in input order. The first failure aborts
   * every detector call in flight and rejects; nothing after it is yielded.
   */
  async *run(input: AsyncIterable<IndexedDocument>): AsyncGenerator<OutputRecord> {
    const controller = new AbortController();
    // Every detector call of every document in flight listens on this signal.
    setMaxListeners(0, controller.signal);
    const limit = pLimit(this.concurrency);
    const queue: Promise<OutputRecord>[] = [];
    const window = Math.max(2, this.concurrency * 2);
    let failed = false;
    let firstError: unknown;
    const schedule = (item: IndexedDocument) => {
      const p = limit(() => {
        if (controller.signal.aborted) throw new DeidError("E_DETECTOR_FAILED", "run aborted", { documentIndex: item.index });
        return this.processDocument(item.document, item.index, controller.signal);
      });
      p.catch((err) => {
        if (!failed) firstError = err;
        failed = true;
        controller.abort();
      });
      queue.push(p);
    };
    // The error reported is the first one that happened, not the "aborted" that it caused in its neighbours.
    const next = async () => {
      try {
        return await queue.shift()!;
      } catch (err) {
        throw firstError ?? err;
      }
    };
    try {
      for await (const item of input) {
        schedule(item);
        while (queue.length >= window || (failed && queue.length)) yield await next();
      }
      while (queue.length) yield await next();
    } finally {
      controller.abort();
      // Settle everything still in flight so no rejection goes unhandled.
      await Promise.allSettled(queue);
    }
  }

  /**
   * Processes one document under its own abort signal (linked to `runSignal`): a failure stops only this
   * document's detectors and comes back as its quarantine entry.
   */
  async processOutcome(document: Document, documentIndex: number, runSignal: AbortSignal, line?: number): Promise<DocumentOutcome> {
    const controller = new AbortController();
    setMaxListeners(0, controller.signal);
    const onAbort = () => controller.abort();
    runSignal.addEventListener("abort", onAbort, { once: true });
    try {
      return { index: documentIndex, record: await this.processDocument(document, documentIndex, controller.signal) };
    } catch (err) {
      controller.abort();
      return { index: documentIndex, quarantine: quarantineEntryFor(err, document.document_id, documentIndex, line), reason: failureReason(err) };
    } finally {
      runSignal.removeEventListener("abort", onAbort);
    }
  }

  /**
   * Processes documents with bounded concurrency and yields one outcome per document, in input order: a failing
   * document is quarantined and the others go on.
   */
  async *runOutcomes(input: AsyncIterable<IndexedDocument>, signal?: AbortSignal): AsyncGenerator<DocumentOutcome> {
    const controller = new AbortController();
    setMaxListeners(0, controller.signal);
    const onAbort = () => controller.abort();
    signal?.addEventListener("abort", onAbort, { once: true });
    const limit = pLimit(this.concurrency);
    const queue: Promise<DocumentOutcome>[] = [];
    const window = Math.max(2, this.concurrency * 2);
    try {
      for await (const item of input) {
        queue.push(limit(() => this.processOutcome(item.document, item.index, controller.signal, item.line)));
        while (queue.length >= window) yield await queue.shift()!;
      }
      while (queue.length) yield await queue.shift()!;
    } finally {
      controller.abort();
      signal?.removeEventListener("abort", onAbort);
      await Promise.allSettled(queue);
    }
  }

  /** Closes every detector; a close that throws or does not return within `timeoutMs` is an error naming it. */
  async closeChecked(timeoutMs: number): Promise<void> {
    const closers: { id: string; close: () => unknown }[] = [];
    const seen = new Set<Detector>();
    for (const d of [...this.detectors, ...this.guardDetectors.knownIdentifiers]) {
      if (seen.has(d.detector) || !d.detector.close) continue;
      seen.add(d.detector);
      closers.push({ id: d.id, close: () => d.detector.close!() });
    }
    const so = this.secondOpinion?.reviewer;
    if (so?.close) closers.push({ id: `${so.id} (second opinion)`, close: () => so.close!() });
    const results = await Promise.all(
      closers.map(async ({ id, close }) => {
        let timer: NodeJS.Timeout | undefined;
        try {
          await Promise.race([
            Promise.resolve().then(close),
            new Promise((_, reject) => {
              timer = setTimeout(() => reject(new DeidError("E_DETECTOR_TIMEOUT", `close() did not return within ${timeoutMs} ms`, { detectorId: id, phase: "close" })), timeoutMs);
            }),
          ]);
          return null;
        } catch (err) {
          if (err instanceof DeidError && err.context.phase === "close") return err;
          return new DeidError("E_DETECTOR_FAILED", `close() threw: ${describeThrown(err)}`, { detectorId: id, phase: "close" });
        } finally {
          clearTimeout(timer);
        }
      }),
    );
    const first = results.find((r) => r !== null);
    if (first) throw first;
  }

  /** Counters of every detector and the second opinion (counts only), keyed by detector id. */
  stats(): Record<string, object> {
    const out: Record<string, object> = {};
    for (const d of this.detectors) {
      const s = d.detector.stats?.();
      if (s) out[d.id] = s;
    }
    const so = this.secondOpinion?.reviewer.stats?.();
    if (so) out[`${this.secondOpinion!.reviewer.id} (second opinion)`] = so;
    if (this.lexicalVeto) out[this.lexicalVeto.id] = this.lexicalVeto.stats();
    return out;
  }

  async close(): Promise<void> {
    const all = new Set([...this.detectors, ...this.guardDetectors.knownIdentifiers].map((d) => d.detector));
    const closers = [...all].map((d) => d.close?.());
    if (this.secondOpinion) closers.push(this.secondOpinion.reviewer.close?.());
    await Promise.allSettled(closers);
  }
}
