// Finds the text an LLM listed inside the chunk it was shown. The model's copy is never trusted as an offset:
// every occurrence of it as whole words becomes a span, and a copy not in the chunk makes none.
import type { TextRange } from "./chunking.js";
import { escapeRegExp } from "../../src/contract/index.js";

export type LocateOutcome =
  | { kind: "exact" | "tolerant"; ranges: TextRange[] }
  /** Every word of the copy occurs in the chunk, but not together as listed. */
  | { kind: "reworded" }
  /** Some word of the copy does not occur in the chunk at all. */
  | { kind: "invented" }
  /** Nothing to look for: no letter or digit. */
  | { kind: "blank" };

const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
const EDGE_PUNCTUATION = /^[\s"'“”‘’«»()[\]{},.;:!?]+|[\s"'“”‘’«»()[\]{},.;:!?]+$/gu;


/** Whether [start,end) does not cut a word on either side (checked only where the needle's edge is a word char). */
function isWholeWords(text: string, start: number, end: number): boolean {
  const before = start > 0 ? text[start - 1] : undefined;
  const after = end < text.length ? text[end] : undefined;
  const leftOk = !WORD_CHAR.test(text[start]) || before === undefined || !WORD_CHAR.test(before);
  const rightOk = !WORD_CHAR.test(text[end - 1]) || after === undefined || !WORD_CHAR.test(after);
  return leftOk && rightOk;
}

function exactOccurrences(chunk: string, needle: string): TextRange[] {
  const out: TextRange[] = [];
  for (let i = chunk.indexOf(needle); i >= 0; i = chunk.indexOf(needle, i + 1)) {
    if (isWholeWords(chunk, i, i + needle.length)) out.push({ start: i, end: i + needle.length });
  }
  return out;
}

/** Case-insensitive, any run of whitespace for any run of whitespace, quotes and edge punctuation ignored. */
function tolerantOccurrences(chunk: string, needle: string): TextRange[] {
  const core = needle.replace(EDGE_PUNCTUATION, "");
  if (core === "") return [];
  const source = core.split(/\s+/u).map(escapeRegExp).join("\\s+");
  const out: TextRange[] = [];
  for (const m of chunk.matchAll(new RegExp(source, "giu"))) {
    const start = m.index!;
    const end = start + m[0].length;
    if (isWholeWords(chunk, start, end)) out.push({ start, end });
  }
  return out;
}

function wordsOf(s: string): string[] {
  return s.match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];
}

function hasWholeWord(chunk: string, word: string): boolean {
  return new RegExp(`(?<![\\p{L}\\p{N}\\p{M}])${escapeRegExp(word)}(?![\\p{L}\\p{N}\\p{M}])`, "iu").test(chunk);
}

/** Locates a listed text in its chunk: exact copies first, then near-verbatim ones; offsets are chunk-relative. */
export function locateInChunk(chunk: string, listed: string): LocateOutcome {
  const needle = listed.trim();
  // Without a letter or digit a copy would match every comma or dash of the note.
  if (wordsOf(needle).length === 0) return { kind: "blank" };
  const exact = exactOccurrences(chunk, needle);
  if (exact.length > 0) return { kind: "exact", ranges: exact };
  const tolerant = tolerantOccurrences(chunk, needle);
  if (tolerant.length > 0) return { kind: "tolerant", ranges: tolerant };
  if (wordsOf(needle).every((w) => hasWholeWord(chunk, w))) return { kind: "reworded" };
  return { kind: "invented" };
}
