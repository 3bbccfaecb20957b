// Splits a note into overlapping chunks cut at whitespace, and halves a chunk whose answer did not fit.
// All offsets are UTF-16 indices into the note, half-open.

export interface TextRange {
  start: number;
  end: number;
}

function isWhitespace(ch: string | undefined): boolean {
  return ch !== undefined && /\s/u.test(ch);
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** Moves an index back by one if it would split a surrogate pair. */
function codePointFloor(text: string, index: number): number {
  return index > 0 && index < text.length && isHighSurrogate(text.charCodeAt(index - 1)) ? index - 1 : index;
}

/** The largest end in (floor, limit] that falls on whitespace; otherwise `limit` itself (a hard cut). */
function cutAtWhitespace(text: string, limit: number, floor: number): number {
  for (let i = limit; i > floor; i--) if (isWhitespace(text[i])) return i;
  return codePointFloor(text, limit);
}

/** The first word start in [from, before); otherwise `from` itself. A word start follows whitespace. */
function wordStartAtOrAfter(text: string, from: number, before: number): number {
  for (let i = from; i < before; i++) {
    if ((i === 0 || isWhitespace(text[i - 1])) && !isWhitespace(text[i])) return i;
  }
  return codePointFloor(text, from);
}

/**
 * Chunks of at most `chunkChars` characters; each next chunk starts at the first word that begins at least
 * `overlapChars` before the previous chunk's end, so a name of up to `overlapChars` characters that starts a word
 * is always whole in at least one chunk.
 */
export function splitIntoChunks(text: string, chunkChars: number, overlapChars: number): TextRange[] {
  if (text.length === 0) return [];
  if (chunkChars < 2 || overlapChars * 2 >= chunkChars) throw new RangeError("chunk size must exceed twice the overlap");
  const chunks: TextRange[] = [];
  let start = 0;
  for (;;) {
    if (start + chunkChars >= text.length) {
      chunks.push({ start, end: text.length });
      return chunks;
    }
    const end = cutAtWhitespace(text, start + chunkChars, start + Math.ceil(chunkChars / 2));
    chunks.push({ start, end });
    const next = wordStartAtOrAfter(text, end - overlapChars, end);
    start = next > start ? next : end;
  }
}

/**
 * Two overlapping halves of a range, cut at whitespace, each shorter than the range; undefined when the range is
 * shorter than twice `minChars` (the halving stops there).
 */
export function halveRange(text: string, range: TextRange, overlapChars: number, minChars: number): [TextRange, TextRange] | undefined {
  const length = range.end - range.start;
  if (length < 2 * minChars) return undefined;
  const overlap = Math.min(overlapChars, Math.floor(length / 4));
  const middle = range.start + Math.floor(length / 2);
  const leftEnd = cutAtWhitespace(text, middle + Math.floor(overlap / 2), range.start + Math.floor(length / 4));
  const rightStart = wordStartAtOrAfter(text, Math.max(range.start + 1, leftEnd - overlap), leftEnd);
  const left = { start: range.start, end: leftEnd };
  const right = { start: Math.min(rightStart, leftEnd), end: range.end };
  const fits = (r: TextRange) => r.end > r.start && r.end - r.start < length;
  return fits(left) && fits(right) ? [left, right] : undefined;
}
