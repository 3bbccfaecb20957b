// Case- and accent-folding that keeps every UTF-16 index, so offsets found in folded text are offsets in the text.

const cache = new Map<string, string>();

function foldChar(c: string): string {
  let f = cache.get(c);
  if (f !== undefined) return f;
  const lower = c.toLowerCase();
  f = lower.length === 1 ? lower : c;
  const nfd = f.normalize("NFD");
  if (nfd.length > 1 && /^[\p{L}][\p{M}]+$/u.test(nfd)) f = nfd[0];
  if (f === "’" || f === "`" || f === "´" || f === "‘") f = "'";
  if (f === "–" || f === "—" || f === "‐" || f === "‑") f = "-";
  cache.set(c, f);
  return f;
}

const NON_ASCII = /[^\x00-\x7f]/g;
const HAS_NON_ASCII = /[^\x00-\x7f]/;

/** Lower-cases, strips diacritics and unifies apostrophes and dashes, one UTF-16 unit for one. */
export function foldSameLength(text: string): string {
  // Fast path: the engine's lower-casing, then only the non-ASCII units fixed one by one.
  const lower = text.toLowerCase();
  if (lower.length === text.length) return HAS_NON_ASCII.test(lower) ? lower.replace(NON_ASCII, foldChar) : lower;
  return foldEachUnit(text);
}

function foldEachUnit(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 128) out += code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : text[i];
    else out += foldChar(text[i]);
  }
  return out;
}

export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
