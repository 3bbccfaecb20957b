// Gold-corpus options shared by `score` and `compare`.
import { DeidError } from "../../contract/index.js";
import type { CorpusFormat, CorpusOptions } from "../../eval/index.js";

export interface GoldCommandOptions {
  goldFormat?: CorpusFormat;
  unknownLabels?: "error" | "other";
  asqOccurrences?: "all" | "first";
  asqExactApostrophes?: boolean;
}

export function goldOptions(opts: GoldCommandOptions): CorpusOptions {
  if (opts.asqOccurrences !== undefined && opts.asqOccurrences !== "all" && opts.asqOccurrences !== "first") {
    throw new DeidError("E_CONFIG", `--asq-occurrences must be all or first; got ${JSON.stringify(opts.asqOccurrences)}`);
  }
  if (opts.unknownLabels !== undefined && opts.unknownLabels !== "error" && opts.unknownLabels !== "other") {
    throw new DeidError("E_CONFIG", `--unknown-labels must be error or other; got ${JSON.stringify(opts.unknownLabels)}`);
  }
  return {
    format: opts.goldFormat,
    unknownLabels: opts.unknownLabels,
    asqPhi: { occurrences: opts.asqOccurrences, apostropheInsensitive: !opts.asqExactApostrophes },
  };
}
