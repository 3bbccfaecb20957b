// Belgian-DEDUCE-style rule detector for Dutch and French Belgian clinical text: lookup lists (names, places,
// streets, hospitals, institutions, whitelists) matched all at once over tokens, plus context rules for names,
// addresses, organisations, dates, ages and professions.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { DeidError, type Label } from "../../src/contract/index.js";
import { definePlugin } from "../../src/detectors/index.js";
import { detectSpans, type RuleFamilies } from "./lib/detect.js";
import { loadLexicon, type Lexicon } from "./lib/lexicon.js";

export const RULES_DATA_DIR = fileURLToPath(new URL("./data", import.meta.url));

const familiesSchema = z
  .object({
    names: z.boolean().default(true),
    addresses: z.boolean().default(true),
    organisations: z.boolean().default(true),
    dates: z.boolean().default(true),
    ages: z.boolean().default(true),
    professions: z.boolean().default(true),
  })
  .strict();

export const configSchema = z
  .object({
    /** The rules and lists are written for Belgian Dutch notes with French passages. */
    language: z.literal("nl-BE").default("nl-BE"),
    families: familiesSchema.prefault({}),
    /** Keep the compiled lookup index in `<project>/.cache/rules-nl-be/` (rebuilt when the lists change). */
    cache_index: z.boolean().default(true),
  })
  .strict();

export type RulesNlBeOptions = z.output<typeof configSchema>;

export const RULES_NL_BE_LABELS: readonly Label[] = [
  "Address_Location:Caregiver",
  "Address_Location:Other",
  "Address_Location:Patient",
  "Age_Birthdate",
  "Date",
  "Name:Caregiver",
  "Name:Other",
  "Name:Patient",
  "Organization:Healthcare",
  "Organization:Other",
  "Profession",
];

/** Loads (or builds and caches) the lexicon for a project root. */
export function loadRulesLexicon(projectRoot: string | null, useCache = true): Lexicon {
  const cacheDir = useCache && projectRoot ? join(projectRoot, ".cache", "rules-nl-be") : null;
  return loadLexicon({ dataDir: RULES_DATA_DIR, cacheDir });
}

export default definePlugin({
  meta: {
    id: "rules-nl-be",
    version: "1.0.0",
    description:
      "Belgian-DEDUCE-style rules: lookup lists and context rules for names, addresses, organisations, dates, ages and professions (nl-BE, fr-BE)",
    labels: RULES_NL_BE_LABELS,
    configSchema,
    kind: "deterministic",
  },
  create(options, ctx) {
    const lexicon = loadRulesLexicon(ctx.projectRoot, options.cache_index);
    const families: RuleFamilies = { ...options.families };
    return {
      detect(document, detectCtx) {
        if (detectCtx.signal.aborted) {
          throw new DeidError("E_DETECTOR_TIMEOUT", "aborted before the rules ran", {
            detectorId: "rules-nl-be",
            documentIndex: detectCtx.documentIndex,
          });
        }
        return detectSpans(document.text, lexicon, families);
      },
    };
  },
});
