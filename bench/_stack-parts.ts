// The layers of a deterministic stack, timed one by one per document in CPU time: the stack's own detectors (with
// the shared analysis, as the orchestrator gives it), union, healing, overlap resolution, transform and leak guard.
// It follows StackRunner.processDocument for stacks without lexical veto, scope, second opinion or site lists;
// `same` compares its output with the runner's so a drift between the two is seen, not reported as a figure.
import { analyseText, categoryOf, DeidError, type Document, type Label, type Span } from "../src/contract/index.js";
import { getPluginRegistry, PROJECT_ROOT, type Detector } from "../src/detectors/index.js";
import { getHealingProfile, healSpans } from "../src/healing/index.js";
import { resolveOverlaps, unionSpans } from "../src/stack/union.js";
import type { LoadedStack, OutputRecord } from "../src/stack/index.js";
import { createTransformer, guardLeaks, leakGuardMode, type TransformResult } from "../src/transform/index.js";

export const PHASES = ["detectors", "union", "healing", "resolve", "transform", "leak guard"] as const;
export type Phase = (typeof PHASES)[number];

export interface StackParts {
  detectors: { id: string; use: string; kind: string; labels: readonly Label[]; detector: Detector }[];
  /** Runs one document through every layer; adds each layer's CPU microseconds (and each detector's) to `into`. */
  run(document: Document, index: number, into: Map<string, number>): Promise<{ result: TransformResult | null; refused: boolean }>;
  close(): Promise<void>;
}

export async function stackParts(stack: LoadedStack): Promise<StackParts> {
  const { config, baseDir } = stack;
  if (config.lexical_veto || config.scope || config.second_opinion || config.site) throw new Error("stackParts: only plain deterministic stacks");
  const registry = getPluginRegistry();
  const ctx = { baseDir, language: config.language, projectRoot: PROJECT_ROOT };
  const detectors: StackParts["detectors"] = [];
  for (const entry of config.detectors) {
    const { plugin } = await registry.load(entry.use, baseDir);
    const options = Object.freeze(plugin.meta.configSchema.parse(entry.with ?? {}));
    detectors.push({ id: entry.id ?? entry.use, use: entry.use, kind: plugin.meta.kind, labels: plugin.meta.labels, detector: await plugin.create(options as never, ctx) });
  }
  const healing = config.healing ? getHealingProfile(config.healing) : null;
  const transformer = await createTransformer(config.transform as never, { baseDir, language: config.language, healingOptions: config.healing_options } as never);
  const onLeak = leakGuardMode(config.leak_guard);
  const guard = detectors.filter((d) => d.use === "known-identifiers").map((d) => d.detector);
  // As the orchestrator chooses them: every other deterministic detector that can return an identifier or a contact.
  const patterns = detectors
    .filter((d) => d.kind === "deterministic" && d.use !== "known-identifiers" && d.labels.some((l) => ["ID", "Contactdetails"].includes(categoryOf(l))))
    .map((d) => d.detector);
  const signal = new AbortController().signal;
  const add = (into: Map<string, number>, key: string, before: NodeJS.CpuUsage) => {
    const u = process.cpuUsage(before);
    into.set(key, (into.get(key) ?? 0) + u.user + u.system);
  };
  return {
    detectors,
    async run(document, documentIndex, into) {
      let t = process.cpuUsage();
      const analysis = analyseText(document.text);
      const outputs = [];
      for (const d of detectors) {
        const t0 = process.cpuUsage();
        outputs.push({ detectorId: d.id, spans: await d.detector.detect(document, { signal, documentIndex, analysis }) });
        add(into, `detector ${d.id}`, t0);
      }
      add(into, "detectors", t);
      t = process.cpuUsage();
      let spans: Span[] = unionSpans(outputs);
      add(into, "union", t);
      t = process.cpuUsage();
      if (healing) spans = healSpans(healing, spans, { document, options: config.healing_options, analysis });
      add(into, "healing", t);
      t = process.cpuUsage();
      spans = resolveOverlaps(spans);
      add(into, "resolve", t);
      t = process.cpuUsage();
      let result = await transformer.apply(document, spans, { documentIndex });
      add(into, "transform", t);
      t = process.cpuUsage();
      let refused = false;
      if (onLeak !== "off") {
        try {
          result = await guardLeaks(document, result, { onLeak, knownIdentifierDetectors: guard, patternDetectors: patterns, signal, documentIndex });
        } catch (err) {
          if (!(err instanceof DeidError) || err.code !== "E_LEAK_GUARD") throw err;
          refused = true;
        }
      }
      add(into, "leak guard", t);
      return { result: refused ? null : result, refused };
    },
    async close() {
      await Promise.allSettled(detectors.map((d) => d.detector.close?.()));
    },
  };
}

/**
 * Each document's detector outputs and its transform result without the leak guard (detectors with the shared
 * analysis, union, the nl-BE healing profile, overlap resolution, transform): what the leak-guard benches feed the guard.
 */
export async function unguardedCases(
  stack: LoadedStack,
  parts: StackParts,
  documents: readonly Document[],
): Promise<{ doc: Document; outputs: Parameters<typeof unionSpans>[0]; result: TransformResult }[]> {
  const transformer = await createTransformer(stack.config.transform as never, { baseDir: stack.baseDir, language: stack.config.language, healingOptions: stack.config.healing_options } as never);
  const signal = new AbortController().signal;
  const profile = getHealingProfile("nl-BE");
  const cases = [];
  for (const [i, doc] of documents.entries()) {
    const analysis = analyseText(doc.text);
    const outputs = [];
    for (const p of parts.detectors) outputs.push({ detectorId: p.id, spans: await p.detector.detect(doc, { signal, documentIndex: i, analysis }) });
    const spans = resolveOverlaps(healSpans(profile, unionSpans(outputs), { document: doc, options: stack.config.healing_options ?? {}, analysis }));
    cases.push({ doc, outputs, result: await transformer.apply(doc, spans, { documentIndex: i }) });
  }
  return cases;
}

/** Whether the layers gave what the runner gave for one document (same text out, same spans). */
export function same(parts: TransformResult | null, record: OutputRecord | null): boolean {
  if (parts === null || record === null) return parts === record;
  return parts.deidText === record.deid_text && parts.spans.length === record.spans.length && parts.spans.every((s, k) => s.replacement === record.spans[k].replacement && s.label === record.spans[k].label);
}
