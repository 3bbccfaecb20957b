// MedDeID-style placeholders: every span becomes "[<Label>]".
import type { Transformer } from "./types.js";
import { replaceSpans } from "./types.js";

export function placeholderFor(label: string): string {
  return `[${label}]`;
}

export function createPlaceholderTransformer(): Transformer {
  return {
    id: "placeholders",
    version: "1.0.0",
    apply(document, spans) {
      const { deidText, spans: out } = replaceSpans(document.text, spans, (s) => placeholderFor(s.label));
      return { deidText, spans: out, warnings: [] };
    },
  };
}
