// A system of a battery is a stack: a stack file or preset as it is, or an external tool wrapped as a stack of one
// detector (no healing unless asked, no leak guard: the tool is measured as it is).
import { loadStack, parseStackObject, resolveStackPath, type LoadedStack } from "../stack/index.js";
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

export async function resolveSystemStack(spec: SystemSpec, baseDir: string, source: string): Promise<LoadedStack> {
  if (!isBaselineSystem(spec)) {
    const stack = await loadStack(stackReference(spec, baseDir));
    const config = { ...stack.config };
    if (spec.concurrency !== undefined) config.concurrency = { documents: spec.concurrency };
    if (spec.leak_guard !== undefined) config.leak_guard = spec.leak_guard;
    return { ...stack, config };
  }
  const raw = baselineStackObject(spec);
  const config = parseStackObject(raw, `${source} system ${spec.id}`);
  return { config, path: `${source}#${spec.id}`, baseDir, sha256: sha256Text(canonicalJson(raw)) };
}
