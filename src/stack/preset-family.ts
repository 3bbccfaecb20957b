// Which preset `deidstack run` uses when no stack is named: the default preset family in the documents' language,
// from --lang or else from the documents' metadata.lang. Says why, with language tags and counts only.
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createInterface } from "node:readline";
import { DeidError } from "../contract/index.js";
import { wordLanguageOf, type WordLanguage } from "../contract/index.js";

/** The preset used when no stack is named. */
export const DEFAULT_PRESET_FAMILY = "rules-only";

/** Each preset family's member per word language (French notes are Belgian and go with the nl-BE stacks). */
export const PRESET_FAMILIES: Readonly<Record<string, Readonly<Record<WordLanguage, string>>>> = {
  "rules-only": { nl: "rules-only", fr: "rules-only", en: "rules-only-en" },
  "no-llm": { nl: "no-llm", fr: "no-llm", en: "no-llm-en" },
};

/** The member of a preset family for a language tag ("en-GB" → rules-only-en). */
export function presetForLanguage(tag: string, family: string = DEFAULT_PRESET_FAMILY): string {
  const members = PRESET_FAMILIES[family];
  if (!members) throw new DeidError("E_STACK_CONFIG", `no preset family "${family}" (families: ${Object.keys(PRESET_FAMILIES).join(", ")})`);
  return members[wordLanguageOf(tag)];
}

export interface InputLanguages {
  /** Documents read (at most the limit). */
  documents: number;
  /** Distinct metadata.lang tags with their document counts. */
  tags: Record<string, number>;
}

/**
 * The metadata.lang tags of the first `limit` documents of a JSONL input (a directory of .txt files has none).
 * Lines that do not parse are skipped here: reading the input for real reports them with their line number.
 */
export async function inputLanguages(input: string, limit = 1000): Promise<InputLanguages> {
  const result: InputLanguages = { documents: 0, tags: {} };
  const info = await stat(input).catch(() => undefined);
  if (!info || !info.isFile()) return result;
  const lines = createInterface({ input: createReadStream(input, { encoding: "utf8" }), crlfDelay: Infinity });
  try {
    for await (const line of lines) {
      if (result.documents >= limit) break;
      if (!line.trim()) continue;
      result.documents++;
      let lang: unknown;
      try {
        lang = (JSON.parse(line) as { metadata?: { lang?: unknown } })?.metadata?.lang;
      } catch {
        continue;
      }
      if (typeof lang === "string" && lang) result.tags[lang] = (result.tags[lang] ?? 0) + 1;
    }
  } finally {
    lines.close();
  }
  return result;
}

export interface StackChoice {
  /** The stack reference to load. */
  stack: string;
  /** Whether it was chosen here (no stack was named). */
  chosen: boolean;
  /** Why, for stderr: language tags and counts only. */
  reason: string;
}

/**
 * The stack a run uses: the named one, else the default family's member for `lang`, else for the documents'
 * metadata.lang (all documents read must agree on the word language), else the default preset.
 */
export async function chooseStack(opts: { stack?: string; lang?: string; input: string }): Promise<StackChoice> {
  if (opts.stack) return { stack: opts.stack, chosen: false, reason: "named with --stack" };
  if (opts.lang) {
    const stack = presetForLanguage(opts.lang);
    return { stack, chosen: true, reason: `no --stack given: preset ${stack} for --lang ${opts.lang}` };
  }
  const found = await inputLanguages(opts.input);
  const tags = Object.keys(found.tags);
  const words = [...new Set(tags.map((t) => wordLanguageOf(t)))];
  if (words.length > 1) {
    const members = [...new Set(tags.map((t) => presetForLanguage(t)))];
    if (members.length > 1) {
      const counts = tags.map((t) => `${t} ×${found.tags[t]}`).join(", ");
      throw new DeidError("E_STACK_CONFIG", `no --stack given and the documents' metadata.lang differ (${counts}); name a stack with --stack or a language with --lang`);
    }
  }
  if (tags.length === 0) {
    return { stack: DEFAULT_PRESET_FAMILY, chosen: true, reason: `no --stack given and no metadata.lang in the input: default preset ${DEFAULT_PRESET_FAMILY}` };
  }
  const stack = presetForLanguage(tags[0]);
  const counted = tags.map((t) => `${t} ×${found.tags[t]}`).join(", ");
  return { stack, chosen: true, reason: `no --stack given: preset ${stack} for metadata.lang ${counted} (first ${found.documents} documents)` };
}
