// Numbered placeholders: "[Name:Patient-1]", one number per entity and label within a document; two mentions are
// one entity when their folded texts are equal or, both of at least 4 characters, within Damerau-Levenshtein
// distance 1 (as Belgian DEDUCE numbers repeated mentions).
import { z } from "zod";
import { DeidError } from "../contract/index.js";
import { foldSameLength } from "./dates/words.js";
import { replaceSpans, type Transformer } from "./types.js";

export const numberedOptionsSchema = z
  .object({
    /** Largest edit distance between two spellings of one entity. */
    max_edit_distance: z.number().int().min(0).max(3).default(1),
    /** Shorter folded texts ("J.", "AZ") must match exactly: one edit would join different initials. */
    min_length_for_fuzzy: z.number().int().min(1).default(4),
  })
  .strict();

export type NumberedOptions = z.output<typeof numberedOptionsSchema>;

/** Case, accents, punctuation and spacing do not make a different entity. */
export function entityKey(text: string): string {
  return foldSameLength(text.normalize("NFC"))
    .replace(/[^\p{L}\p{N}\s]/gu, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Optimal-string-alignment (restricted Damerau-Levenshtein) distance, or `limit + 1` once it exceeds `limit`. */
export function damerauLevenshtein(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push(new Array<number>(b.length + 1).fill(0));
    rows[i][0] = i;
  }
  for (let j = 0; j <= b.length; j++) rows[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    let rowMin = Number.POSITIVE_INFINITY;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2][j - 2] + 1);
      rows[i][j] = d;
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > limit) return limit + 1;
  }
  return rows[a.length][b.length];
}

export function sameEntity(a: string, b: string, options: NumberedOptions): boolean {
  if (a === b) return true;
  if (Math.min(a.length, b.length) < options.min_length_for_fuzzy) return false;
  return damerauLevenshtein(a, b, options.max_edit_distance) <= options.max_edit_distance;
}

/** Assigns entity numbers per label in text order; a mention joins the first entity it matches a spelling of. */
export function numberMentions(mentions: readonly { label: string; text: string }[], options: NumberedOptions): number[] {
  const entities = new Map<string, string[][]>();
  return mentions.map(({ label, text }) => {
    const key = entityKey(text);
    const list = entities.get(label) ?? [];
    entities.set(label, list);
    const found = list.findIndex((spellings) => spellings.some((s) => sameEntity(s, key, options)));
    if (found >= 0) {
      if (!list[found].includes(key)) list[found].push(key);
      return found + 1;
    }
    list.push([key]);
    return list.length;
  });
}

export function createNumberedTransformer(raw: Record<string, unknown>): Transformer {
  const parsed = numberedOptionsSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new DeidError("E_STACK_CONFIG", `invalid numbered transform options: ${issue.message}`, {
      field: `transform.${issue.path.map(String).join(".")}`,
    });
  }
  const options = parsed.data;
  return {
    id: "numbered",
    version: "1.0.0",
    apply(document, spans) {
      const sorted = [...spans].sort((a, b) => a.start - b.start);
      const numbers = numberMentions(
        sorted.map((s) => ({ label: s.label, text: document.text.slice(s.start, s.end) })),
        options,
      );
      const numberOf = new Map(sorted.map((s, i) => [s, numbers[i]]));
      const { deidText, spans: out } = replaceSpans(document.text, sorted, (s) => `[${s.label}-${numberOf.get(s)}]`);
      return { deidText, spans: out, warnings: [] };
    },
  };
}
