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

const LETTER_DIGIT = /^[\p{L}\p{N}]$/u;
const SPACE = /^\s$/u;

/**
 * Case, accents, punctuation and spacing do not make a different entity: letters and digits kept, any other
 * characters dropped, whitespace between kept runs read as one space. One pass over the code points (a chain of
 * regex replaces over a very long span was super-linear) into one buffer of UTF-16 units (an array of every run
 * kept alive until the end made each young-generation collection copy all of them again).
 */
export function entityKey(text: string): string {
  const folded = foldSameLength(text.normalize("NFC"));
  const out = new Uint16Array(folded.length);
  let length = 0;
  let space = false;
  for (let i = 0; i < folded.length; ) {
    const cp = folded.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    const keep =
      cp < 128
        ? (cp >= 48 && cp <= 57) || (cp >= 97 && cp <= 122) || (cp >= 65 && cp <= 90)
        : LETTER_DIGIT.test(folded.slice(i, i + width));
    if (keep) {
      if (space && length > 0) out[length++] = 0x20;
      space = false;
      out[length++] = folded.charCodeAt(i);
      if (width === 2) out[length++] = folded.charCodeAt(i + 1);
    } else if (cp < 128 ? cp === 32 || (cp >= 9 && cp <= 13) : SPACE.test(folded.slice(i, i + width))) space = true;
    i += width;
  }
  return unitsToString(out, length);
}

const UTF16 = new TextDecoder("utf-16le");
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * The string of the first `length` UTF-16 units of `units`. They never hold a lone surrogate (entityKey keeps a
 * surrogate only as part of a pair), which the decoder would replace.
 */
function unitsToString(units: Uint16Array, length: number): string {
  if (LITTLE_ENDIAN) return UTF16.decode(units.subarray(0, length));
  let out = "";
  for (let i = 0; i < length; i += 4096) out += String.fromCharCode.apply(null, Array.from(units.subarray(i, Math.min(length, i + 4096))));
  return out;
}

/**
 * Optimal-string-alignment (restricted Damerau-Levenshtein) distance, or `limit + 1` once it exceeds `limit`. With a
 * finite limit only the diagonal band |i - j| ≤ limit is computed (a cell outside it costs more than the limit), so
 * two long spellings cost O(length × limit), not O(length²).
 */
export function damerauLevenshtein(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const band = Number.isFinite(limit) ? limit : Math.max(a.length, b.length);
  const INF = Number.POSITIVE_INFINITY;
  const width = b.length + 1;
  // Three rows (i - 2, i - 1, i) are enough for the transposition step.
  let prev2 = new Array<number>(width).fill(INF);
  let prev = new Array<number>(width).fill(INF);
  let row = new Array<number>(width).fill(INF);
  for (let j = 0; j <= Math.min(b.length, band); j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    row.fill(INF);
    const lo = Math.max(1, i - band);
    const hi = Math.min(b.length, i + band);
    if (i <= band) row[0] = i;
    let rowMin = i <= band ? i : INF;
    for (let j = lo; j <= hi; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
      row[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > limit) return limit + 1;
    [prev2, prev, row] = [prev, row, prev2];
  }
  const d = prev[b.length];
  return d > limit ? limit + 1 : d;
}

/** Whether two strings are at most one substitution, insertion, deletion or adjacent transposition apart: O(length). */
function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let p = 0;
  while (p < a.length && p < b.length && a[p] === b[p]) p++;
  if (a.length === b.length) {
    if (a.slice(p + 1) === b.slice(p + 1)) return true;
    return p + 1 < a.length && a[p] === b[p + 1] && a[p + 1] === b[p] && a.slice(p + 2) === b.slice(p + 2);
  }
  return a.length > b.length ? a.slice(p + 1) === b.slice(p) : a.slice(p) === b.slice(p + 1);
}

export function sameEntity(a: string, b: string, options: NumberedOptions): boolean {
  if (a === b) return true;
  if (Math.min(a.length, b.length) < options.min_length_for_fuzzy) return false;
  if (options.max_edit_distance === 0) return false;
  if (options.max_edit_distance === 1) return withinOneEdit(a, b);
  return damerauLevenshtein(a, b, options.max_edit_distance) <= options.max_edit_distance;
}

const BASE_1 = 0x01000193;
const BASE_2 = 0x5bd1e995;

/** Powers of both hash bases, grown on demand. */
const powers1: number[] = [1];
const powers2: number[] = [1];
function power(p: number[], base: number, n: number): number {
  while (p.length <= n) p.push(Math.imul(p[p.length - 1], base) >>> 0);
  return p[n];
}

/**
 * Hash keys of a spelling and of each spelling one deletion away, in O(length): two strings within one edit
 * (substitution, insertion, deletion or adjacent transposition) share at least one of these. Polynomial hashes
 * modulo 2³² with two bases; a shared key is only a candidate, checked with `withinOneEdit`.
 */
function deletionKeys(key: string): string[] {
  const n = key.length;
  const pre1 = new Array<number>(n + 1);
  const pre2 = new Array<number>(n + 1);
  pre1[0] = 0;
  pre2[0] = 0;
  for (let i = 0; i < n; i++) {
    const c = key.charCodeAt(i);
    pre1[i + 1] = (Math.imul(pre1[i], BASE_1) + c) >>> 0;
    pre2[i + 1] = (Math.imul(pre2[i], BASE_2) + c) >>> 0;
  }
  // Hash of key[i..n): h(n) - h(i) * base^(n - i).
  const suffix = (pre: number[], pw: number[], base: number, i: number) =>
    (pre[n] - Math.imul(pre[i], power(pw, base, n - i))) >>> 0;
  const out = new Set<string>([`${n}:${pre1[n]}:${pre2[n]}`]);
  for (let i = 0; i < n; i++) {
    // key without key[i]: prefix [0, i) shifted past the n - i - 1 characters after it, plus that suffix.
    const h1 = (Math.imul(pre1[i], power(powers1, BASE_1, n - i - 1)) + suffix(pre1, powers1, BASE_1, i + 1)) >>> 0;
    const h2 = (Math.imul(pre2[i], power(powers2, BASE_2, n - i - 1)) + suffix(pre2, powers2, BASE_2, i + 1)) >>> 0;
    out.add(`${n - 1}:${h1}:${h2}`);
  }
  return [...out];
}

/**
 * Assigns entity numbers per label in text order; a mention joins the first (lowest-numbered) entity it matches a
 * spelling of. Each distinct spelling remembers the first entity holding it. With an edit distance of at most 1 (the
 * default), fuzzy candidates are found through deletion keys (see `deletionKeys`), so a mention is compared with the
 * few spellings sharing a key instead of with every spelling so far: linear in the mentions' total length. A
 * spelling's deletion keys are computed only once another spelling of its label is one character longer, shorter or
 * as long (only those can be one edit away), so a long span alone of its length (a whole text of dates merged into
 * one) costs no key per character. A larger distance compares each new spelling with every distinct spelling of its
 * label (quadratic in distinct spellings).
 */
export function numberMentions(mentions: readonly { label: string; text: string }[], options: NumberedOptions): number[] {
  return numberEach(mentions.length, (i) => mentions[i].label, (i) => mentions[i].text, options);
}

/**
 * `numberMentions` over mentions given by index: the transform reads each mention's label and text from its span
 * when it is numbered, so no list of mention objects and sliced texts stays alive through the call.
 */
function numberEach(count: number, labelAt: (i: number) => string, textAt: (i: number) => string, options: NumberedOptions): number[] {
  type Label = {
    count: number;
    firstEntity: Map<string, number>;
    byKey: Map<string, string[]>;
    /** Distinct long spellings per length. */
    spellingsOfLength: Map<number, number>;
    /** Long spellings per length whose deletion keys are not in `byKey` yet. */
    unindexed: Map<number, string[]>;
  };
  const labels = new Map<string, Label>();
  // A spelling repeated through a document computes its entity key and deletion keys once.
  const keyOf = new Map<string, string>();
  const deletionKeysOf = new Map<string, string[]>();
  const keysOf = (key: string): string[] => {
    let keys = deletionKeysOf.get(key);
    if (keys === undefined) {
      keys = deletionKeys(key);
      deletionKeysOf.set(key, keys);
    }
    return keys;
  };
  const index = (state: Label, spelling: string, keys: readonly string[]) => {
    for (const k of keys) {
      const list = state.byKey.get(k);
      if (list) list.push(spelling);
      else state.byKey.set(k, [spelling]);
    }
  };
  const fuzzyIndexed = options.max_edit_distance === 1;
  const fuzzy = options.max_edit_distance > 0;
  const numbers: number[] = [];
  for (let i = 0; i < count; i++) numbers.push(numberOne(labelAt(i), textAt(i)));
  return numbers;

  function numberOne(label: string, text: string): number {
    let key = keyOf.get(text);
    if (key === undefined) {
      key = entityKey(text);
      keyOf.set(text, key);
    }
    let state = labels.get(label);
    if (!state) {
      state = { count: 0, firstEntity: new Map(), byKey: new Map(), spellingsOfLength: new Map(), unindexed: new Map() };
      labels.set(label, state);
    }
    const known = state.firstEntity.get(key);
    let found = known ?? Number.POSITIVE_INFINITY;
    const long = key.length >= options.min_length_for_fuzzy;
    let keys: readonly string[] | undefined;
    if (fuzzy && long) {
      if (fuzzyIndexed) {
        const n = key.length;
        // Other spellings one edit away can only be of length n - 1, n or n + 1 (this one counted once if known).
        const others = (state.spellingsOfLength.get(n - 1) ?? 0) + (state.spellingsOfLength.get(n) ?? 0) + (state.spellingsOfLength.get(n + 1) ?? 0) - (known === undefined ? 0 : 1);
        if (others > 0) {
          for (const len of [n - 1, n, n + 1]) {
            const waiting = state.unindexed.get(len);
            if (!waiting) continue;
            state.unindexed.delete(len);
            for (const s of waiting) index(state, s, keysOf(s));
          }
          keys = keysOf(key);
          for (const k of keys) {
            for (const s of state.byKey.get(k) ?? []) {
              const e = state.firstEntity.get(s)!;
              if (e < found && sameEntity(s, key, options)) found = e;
            }
          }
        }
      } else {
        for (const [s, e] of state.firstEntity) if (e < found && sameEntity(s, key, options)) found = e;
      }
    }
    if (!Number.isFinite(found)) found = ++state.count;
    if (known === undefined || found < known) {
      state.firstEntity.set(key, found);
      if (known === undefined && fuzzyIndexed && long) {
        const n = key.length;
        state.spellingsOfLength.set(n, (state.spellingsOfLength.get(n) ?? 0) + 1);
        if (keys) index(state, key, keys);
        else {
          const waiting = state.unindexed.get(n);
          if (waiting) waiting.push(key);
          else state.unindexed.set(n, [key]);
        }
      }
    }
    return found;
  }
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
      const text = document.text;
      const numbers = numberEach(sorted.length, (i) => sorted[i].label, (i) => text.slice(sorted[i].start, sorted[i].end), options);
      // One placeholder string per entity, shared by its mentions (not one string per mention kept in the output).
      const placeholders = new Map<string, string[]>();
      const placeholder = (label: string, n: number): string => {
        let byNumber = placeholders.get(label);
        if (!byNumber) placeholders.set(label, (byNumber = []));
        return (byNumber[n] ??= `[${label}-${n}]`);
      };
      // replaceSpans sorts stably by start too: its i-th span is sorted[i].
      const { deidText, spans: out } = replaceSpans(text, sorted, (s, i) => placeholder(s.label, numbers[i]));
      return { deidText, spans: out, warnings: [] };
    },
  };
}
