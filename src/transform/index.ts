// Transform registry: the stack's `transform` entry → a Transformer.
import { DeidError } from "../contract/index.js";
import { createNumberedTransformer } from "./numbered.js";
import { createPlaceholderTransformer } from "./placeholders.js";
import { createPseudonymiseTransformer } from "./pseudonymise.js";
import type { Transformer } from "./types.js";

export * from "./types.js";
export * from "./placeholders.js";
export * from "./leak-guard.js";
export { createNumberedTransformer, numberMentions, damerauLevenshtein, entityKey } from "./numbered.js";
export { createPseudonymiseTransformer, pseudonymiseOptionsSchema, type PseudonymiseOptions } from "./pseudonymise.js";

export interface TransformFactoryContext {
  baseDir: string;
  language: string;
}

type TransformSetting = string | ({ type: string } & Record<string, unknown>);

const FACTORIES: Record<string, (options: Record<string, unknown>, ctx: TransformFactoryContext) => Promise<Transformer> | Transformer> = {
  numbered: (options) => createNumberedTransformer(options),
  placeholders: () => createPlaceholderTransformer(),
  pseudonymise: (options, ctx) => createPseudonymiseTransformer(options, ctx, "pseudonymise"),
  surrogates: (options, ctx) => createPseudonymiseTransformer(options, ctx, "surrogates"),
};

/** Registers a transform factory (used by the transform modules of this room). */
export function registerTransform(
  id: string,
  factory: (options: Record<string, unknown>, ctx: TransformFactoryContext) => Promise<Transformer> | Transformer,
): void {
  FACTORIES[id] = factory;
}

export async function createTransformer(setting: TransformSetting, ctx: TransformFactoryContext): Promise<Transformer> {
  const { type, ...options } = typeof setting === "string" ? { type: setting } : setting;
  const factory = FACTORIES[type];
  if (!factory) {
    throw new DeidError("E_STACK_CONFIG", `transform "${type}" is not available; available: ${Object.keys(FACTORIES).sort().join(", ")}`, {
      field: "transform",
    });
  }
  return factory(options, ctx);
}
export { MIN_KEY_BYTES, loadKeyFile, writeNewKeyFile } from "./surrogates/index.js";
