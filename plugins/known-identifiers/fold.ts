// Case- and accent-folding that keeps string length, so offsets in the folded text are offsets in the original.

const cache = new Map<string, string>();
const NON_ASCII = /[^\x00-\x7f]/;
const NON_ASCII_GLOBAL = /[^\x00-\x7f]/g;

function foldChar(c: string): string {
  let f = cache.get(c);
  if (f !== undefined) return f;
  const lower = c.toLowerCase();
  f = lower.length === 1 ? lower : c;
  const nfd = f.normalize("NFD");
  if (nfd.length > 1 && /^[\p{L}][\p{M}]+$/u.test(nfd)) f = nfd[0];
  if (f === "’" || f === "`" || f === "´") f = "'";
  cache.set(c, f);
  return f;
}

/** Lower-cases and strips diacritics character by character; the result has the same length as the input. */
export function foldText(text: string): string {
  // Fast path: lower-casing in one call, then fold only the non-ASCII characters (one UTF-16 unit at a time).
  const lower = text.toLowerCase();
  if (lower.length === text.length) {
    return NON_ASCII.test(lower) ? lower.replace(NON_ASCII_GLOBAL, foldChar) : lower;
  }
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 128) {
      out += code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : text[i];
    } else {
      out += foldChar(text[i]);
    }
  }
  return out;
}

export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
