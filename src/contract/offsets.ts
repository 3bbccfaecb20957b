// On disk, offsets are Unicode code points (MedDeID contract); in memory they are UTF-16 indices of JS strings.
// This is the only module that converts between the two.

const SURROGATE = /[\uD800-\uDFFF]/;

export class OffsetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OffsetError";
  }
}

/**
 * Converts offsets of one text in both directions. Texts without astral characters (the common case) take an
 * identity fast path; otherwise a sorted table of astral positions answers each query in O(log n).
 */
export class OffsetMapper {
  readonly utf16Length: number;
  readonly codePointLength: number;
  /** UTF-16 indices at which an astral character (surrogate pair) starts, ascending. */
  private readonly astralStarts: number[];

  constructor(text: string) {
    this.utf16Length = text.length;
    this.astralStarts = [];
    if (SURROGATE.test(text)) {
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
          const d = text.charCodeAt(i + 1);
          if (d >= 0xdc00 && d <= 0xdfff) {
            this.astralStarts.push(i);
            i++;
          }
        }
      }
    }
    this.codePointLength = this.utf16Length - this.astralStarts.length;
  }

  get isIdentity(): boolean {
    return this.astralStarts.length === 0;
  }

  /** Code point offset → UTF-16 index. Accepts 0..codePointLength. */
  toUtf16(codePoint: number): number {
    if (!Number.isInteger(codePoint) || codePoint < 0 || codePoint > this.codePointLength) {
      throw new OffsetError(`code point offset ${codePoint} outside 0..${this.codePointLength}`);
    }
    if (this.isIdentity) return codePoint;
    // The k-th astral character (0-based) starting at UTF-16 index a has code point index a - k.
    // Count astral characters whose code point index is < codePoint.
    let lo = 0;
    let hi = this.astralStarts.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.astralStarts[mid] - mid < codePoint) lo = mid + 1;
      else hi = mid;
    }
    return codePoint + lo;
  }

  /** UTF-16 index → code point offset. Throws if the index falls inside a surrogate pair. */
  toCodePoint(utf16: number): number {
    if (!Number.isInteger(utf16) || utf16 < 0 || utf16 > this.utf16Length) {
      throw new OffsetError(`UTF-16 offset ${utf16} outside 0..${this.utf16Length}`);
    }
    if (this.isIdentity) return utf16;
    let lo = 0;
    let hi = this.astralStarts.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.astralStarts[mid] < utf16) lo = mid + 1;
      else hi = mid;
    }
    // lo = number of astral starts strictly before utf16.
    if (lo > 0 && this.astralStarts[lo - 1] + 1 === utf16) {
      throw new OffsetError(`UTF-16 offset ${utf16} splits a surrogate pair`);
    }
    return utf16 - lo;
  }
}

/** True when a UTF-16 index does not fall between the two halves of a surrogate pair. */
export function isCodePointBoundary(text: string, utf16: number): boolean {
  if (utf16 <= 0 || utf16 >= text.length) return true;
  const prev = text.charCodeAt(utf16 - 1);
  const next = text.charCodeAt(utf16);
  return !(prev >= 0xd800 && prev <= 0xdbff && next >= 0xdc00 && next <= 0xdfff);
}
