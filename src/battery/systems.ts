// A system of a battery is a stack: a stack file or preset as it is, or an external tool wrapped as a stack of one
// detector (no healing unless asked, no leak guard: the tool is measured as it is).
import { loadStack, parseStackObject, resolveStackPath, type LoadedStack, type StackConfig } from "../stack/index.js";
import { canonicalJson, sha256Text } from "./hashing.js";
import type { SystemSpec } from "./config.js";

export function isBaselineSystem(spec: SystemSpec): spec is Extract<SystemSpec, { baseline: string }> {
  return "baseline" in spec;
}

/** A stack file relative to the battery's folder, or a preset (see resolveStackPath: a bare name is a preset). */
export function stackReference(spec: Extract<SystemSpec, { stack: string }>, baseDir: string): string {
  return resolveStackPath(spec.stack, baseDir);
}

/** The stack config that wraps an external tool. */
export function baselineStackObject(spec: Extract<SystemSpec, { baseline: string }>): Record<string, unknown> {
  return {
    name: spec.id,
    description: `external tool ${spec.baseline} as a one-detector stack`,
    language: spec.language,
    detectors: [{ use: spec.baseline, with: spec.with }],
    healing: spec.healing,
    scope: null,
    second_opinion: null,
    transform: "placeholders",
    leak_guard: false,
    timeouts: { detector_ms: spec.timeout_ms },
    concurrency: { documents: spec.concurrency },
  };
}

/** A setting a battery entry changed from its stack file (or set, for an external tool whose stack it builds). */
export interface SystemOverride {
  field: "leak_guard" | "concurrency.documents" | "healing";
  value: unknown;
  /** What the stack file says; null for an external tool (the battery builds its stack). */
  stack_value: unknown;
  /** Why, in words, for the report. */
  note: string;
}

/** The settings that decide what a system's numbers mean, as it ran. */
export interface SystemSettings {
  leak_guard: "refuse" | "redact" | "off";
  healing: string | null;
  documents_at_once: number;
  transform: string;
  scope: string | null;
}

export interface ResolvedSystem {
  stack: LoadedStack;
  overrides: SystemOverride[];
}

function leakGuardMode(value: StackConfig["leak_guard"]): SystemSettings["leak_guard"] {
  if (value === false) return "off";
  if (value === true) return "refuse";
  return value.on_leak;
}

export function systemSettings(stack: LoadedStack): SystemSettings {
  const c = stack.config;
  return {
    leak_guard: leakGuardMode(c.leak_guard),
    healing: c.healing,
    documents_at_once: c.concurrency.documents,
    transform: typeof c.transform === "string" ? c.transform : c.transform.type,
    scope: c.scope,
  };
}

/** A system's stack with the battery entry's overrides applied, and the list of what they changed. */
export async function resolveSystem(spec: SystemSpec, baseDir: string, source: string): Promise<ResolvedSystem> {
  if (!isBaselineSystem(spec)) {
    const stack = await loadStack(stackReference(spec, baseDir));
    const config = { ...stack.config };
    const overrides: SystemOverride[] = [];
    if (spec.concurrency !== undefined) {
      overrides.push({ field: "concurrency.documents", value: spec.concurrency, stack_value: config.concurrency.documents, note: "documents at once set by the battery entry" });
      config.concurrency = { documents: spec.concurrency };
    }
    if (spec.leak_guard !== undefined) {
      const note = spec.leak_guard ? "leak guard switched on by the battery entry" : "leak guard switched off by the battery entry: its output is scored as detected, unchecked";
      overrides.push({ field: "leak_guard", value: spec.leak_guard, stack_value: config.leak_guard, note });
      config.leak_guard = spec.leak_guard;
    }
    return { stack: { ...stack, config }, overrides };
  }
  const raw = baselineStackObject(spec);
  const config = parseStackObject(raw, `${source} system ${spec.id}`);
  const overrides: SystemOverride[] = [
    { field: "leak_guard", value: false, stack_value: null, note: "external tool: measured as it is, without the leak guard" },
    { field: "healing", value: spec.healing, stack_value: null, note: spec.healing ? `shared healing ${spec.healing} applied to the tool's spans` : "no healing: the tool's spans as it gave them" },
    { field: "concurrency.documents", value: spec.concurrency, stack_value: null, note: "documents in flight at once (the most a wrapper gathers into one batch)" },
  ];
  return { stack: { config, path: `${source}#${spec.id}`, baseDir, sha256: sha256Text(canonicalJson(raw)) }, overrides };
}

export async function resolveSystemStack(spec: SystemSpec, baseDir: string, source: string): Promise<LoadedStack> {
  return (await resolveSystem(spec, baseDir, source)).stack;
}
