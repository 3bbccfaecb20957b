// Built-in detectors as an explicit sorted map from id to module path (loaded lazily), plus user plugins by path.
import "reflect-metadata";
import { existsSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { container } from "tsyringe";
import { DeidError, PACKAGE_ROOT, RUNNING_COMPILED, runnableModulePath } from "../contract/index.js";
import type { DetectorPlugin, SecondOpinionFactory } from "./types.js";

export const PROJECT_ROOT: string = PACKAGE_ROOT;

/** Built-in detector ids → module path relative to the project root. Keep sorted. */
export const BUILTIN_DETECTORS: Readonly<Record<string, string>> = {
  "command-jsonl": "baselines/command-jsonl/index.ts",
  deduce: "baselines/deduce/index.ts",
  deid: "baselines/deid/index.ts",
  "known-identifiers": "plugins/known-identifiers/index.ts",
  "meddeid-onnx": "plugins/meddeid-onnx/index.ts",
  "ollama-llm": "plugins/ollama-llm/index.ts",
  patterns: "plugins/patterns/index.ts",
  philter: "baselines/philter/index.ts",
  "rules-en": "plugins/rules-en/index.ts",
  "rules-nl-be": "plugins/rules-nl-be/index.ts",
};

export interface LoadedPluginModule {
  plugin: DetectorPlugin;
  secondOpinion?: SecondOpinionFactory;
  /** Where it came from: "builtin" or the resolved file path. */
  source: string;
}

function isPathReference(use: string): boolean {
  return use.startsWith(".") || isAbsolute(use) || /\.(m?[jt]s)$/.test(use);
}

function checkPluginShape(mod: Record<string, unknown>, use: string): LoadedPluginModule["plugin"] {
  const plugin = (mod.default ?? mod.plugin) as DetectorPlugin | undefined;
  const ok =
    plugin &&
    typeof plugin === "object" &&
    plugin.meta &&
    typeof plugin.meta.id === "string" &&
    typeof plugin.meta.version === "string" &&
    plugin.meta.configSchema &&
    typeof (plugin.meta.configSchema as { safeParse?: unknown }).safeParse === "function" &&
    typeof plugin.create === "function";
  if (!ok) {
    throw new DeidError(
      "E_STACK_CONFIG",
      `module for detector "${use}" does not export a plugin (default export with meta {id, version, configSchema} and create())`,
    );
  }
  return plugin;
}

export class PluginRegistry {
  private readonly cache = new Map<string, Promise<LoadedPluginModule>>();

  constructor(readonly projectRoot: string = PROJECT_ROOT) {}

  /** Ids of built-in detectors, and whether each is installed in this checkout. */
  list(): { id: string; installed: boolean; path: string }[] {
    return Object.entries(BUILTIN_DETECTORS).map(([id, path]) => ({
      id,
      path,
      installed: existsSync(runnableModulePath(path, this.projectRoot)),
    }));
  }

  /** Loads a built-in detector by id, or a user plugin by path (resolved against baseDir). */
  load(use: string, baseDir: string): Promise<LoadedPluginModule> {
    const key = isPathReference(use) ? resolve(baseDir, use) : use;
    let p = this.cache.get(key);
    if (!p) {
      p = this.loadUncached(use, key);
      this.cache.set(key, p);
      p.catch(() => this.cache.delete(key));
    }
    return p;
  }

  private async loadUncached(use: string, key: string): Promise<LoadedPluginModule> {
    let file: string;
    let source: string;
    if (isPathReference(use)) {
      file = key;
      source = key;
      if (!existsSync(file)) throw new DeidError("E_DETECTOR_NOT_INSTALLED", `plugin file not found: ${use}`);
    } else {
      const rel = BUILTIN_DETECTORS[use];
      if (rel === undefined) {
        throw new DeidError(
          "E_STACK_CONFIG",
          `unknown detector "${use}"; valid ids: ${Object.keys(BUILTIN_DETECTORS).join(", ")} (or a path to a plugin module)`,
        );
      }
      file = runnableModulePath(rel, this.projectRoot);
      source = "builtin";
      if (!existsSync(file)) throw new DeidError("E_DETECTOR_NOT_INSTALLED", `detector ${use} is not installed`);
    }
    // Compiled code (dist/) cannot import a TypeScript user plugin by itself: tsx compiles it, loaded only then.
    if (RUNNING_COMPILED && /\.[mc]?ts$/.test(file)) await registerTypeScriptLoader();
    const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    const plugin = checkPluginShape(mod, use);
    const secondOpinion = mod.secondOpinion as SecondOpinionFactory | undefined;
    return { plugin, secondOpinion, source };
  }
}

let typeScriptLoader: Promise<void> | undefined;

function registerTypeScriptLoader(): Promise<void> {
  return (typeScriptLoader ??= import("tsx/esm/api").then((tsx) => {
    tsx.register();
  }));
}

export const PLUGIN_REGISTRY = Symbol.for("deidstack.PluginRegistry");

/** The process-wide registry (tsyringe container); tests may register another instance in a child container. */
export function getPluginRegistry(): PluginRegistry {
  if (!container.isRegistered(PLUGIN_REGISTRY)) {
    container.register(PLUGIN_REGISTRY, { useValue: new PluginRegistry() });
  }
  return container.resolve<PluginRegistry>(PLUGIN_REGISTRY);
}
