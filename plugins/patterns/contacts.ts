// E-mail addresses, URLs and social-media handles → "Contactdetails"; IPv4 and IPv6 addresses → "Anonymize_Other".
import { isIPv6 } from "node:net";
import type { DetectedSpan } from "../../src/contract/index.js";
import {
  SCORE_PATTERN,
  VERSION_WORDS,
  digitAt,
  matchAt,
  previousWord,
  span,
  wordCharAt,
  wordCharBefore,
  type TextScan,
} from "./text.js";

// ── E-mail ──────────────────────────────────────────────────────────────────────────────────────────────────────

const LOCAL_PART_SYMBOLS = "._%+-";

function isLocalPartChar(text: string, index: number): boolean {
  const ch = text[index];
  return LOCAL_PART_SYMBOLS.includes(ch) || wordCharAt(text, index);
}
const DOMAIN_AFTER_AT = /@((?:[\p{L}\p{N}](?:[\p{L}\p{N}\-]{0,61}[\p{L}\p{N}])?\.)+\p{L}{2,24})(?![\p{L}\p{N}\-])/uy;

function localPartStart(text: string, at: number): number {
  let i = at;
  while (i > 0 && at - i < 64 && isLocalPartChar(text, i - 1)) i--;
  while (i < at && (text[i] === "." || text[i] === "-")) i++;
  return i;
}

export function findEmails(text: string): DetectedSpan[] {
  const out: DetectedSpan[] = [];
  let consumed = 0;
  for (let at = text.indexOf("@"); at >= 0; at = text.indexOf("@", at + 1)) {
    const start = localPartStart(text, at);
    if (start === at || start < consumed || text[at - 1] === ".") continue;
    const m = matchAt(DOMAIN_AFTER_AT, text, at);
    if (!m) continue;
    const end = at + m[0].length;
    out.push(span(start, end, "Contactdetails", SCORE_PATTERN));
    consumed = end;
  }
  return out;
}

// ── URL ─────────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * A social-media handle ("@fietsendeoma", "insta: @papa_van_twee"): "@" after a space, a bracket or the start, then 3–30
 * letters, digits, "_" or "." starting with a letter or "_", not followed by a domain (that is an e-mail's) and not
 * glued to a word before ("info@…" is an e-mail, "naam@" a typo).
 */
const HANDLE = /(?<![\p{L}\p{N}@._%+-])@([\p{L}_][\p{L}\p{N}_.]{2,29})(?![\p{L}\p{N}_@])/gu;

const HANDLE_CUE = /(?:insta(?:gram)?|twitter|tiktok|facebook|fb|snapchat|snap|telegram|linkedin|threads|handle|account|profiel|profile|pseudo)\s?[:=]?\s?$/i;

export function findHandles(text: string): DetectedSpan[] {
  const out: DetectedSpan[] = [];
  if (!text.includes("@")) return out;
  HANDLE.lastIndex = 0;
  for (let m = HANDLE.exec(text); m; m = HANDLE.exec(text)) {
    const handle = m[1].replace(/\.+$/, "");
    if (handle.length < 3 || /\.\p{L}{2,24}$/u.test(handle)) continue;
    // A short word after "@" is a platform or a place ("@twitter", "@home") unless a cue or its shape says handle.
    if (!/[\p{N}_.]/u.test(handle) && handle.length < 9 && !HANDLE_CUE.test(text.slice(Math.max(0, m.index - 16), m.index))) continue;
    out.push(span(m.index, m.index + 1 + handle.length, "Contactdetails", SCORE_PATTERN));
  }
  return out;
}

const URL_START = /(?:https?|s?ftp):\/\/|www\./giu;
const URL_BODY = /[^\s<>"'`{}|\\^]+/uy;

const URL_TRAILING = ".,;:!?'\"*";

/** Drops trailing punctuation and closing brackets that have no opening bracket inside the URL. */
function urlEnd(text: string, start: number, end: number): number {
  let e = end;
  for (;;) {
    while (e > start && URL_TRAILING.includes(text[e - 1])) e--;
    const last = text[e - 1];
    const partner = last === ")" ? "(" : last === "]" ? "[" : undefined;
    if (partner === undefined) return e;
    const body = text.slice(start, e);
    if (body.split(partner).length >= body.split(last).length) return e;
    e--;
  }
}

export function findUrls(text: string): DetectedSpan[] {
  const out: DetectedSpan[] = [];
  URL_START.lastIndex = 0;
  for (let m = URL_START.exec(text); m; m = URL_START.exec(text)) {
    const start = m.index;
    if (wordCharBefore(text, start)) continue;
    const body = matchAt(URL_BODY, text, start);
    if (!body) continue;
    const end = urlEnd(text, start, start + body[0].length);
    URL_START.lastIndex = Math.max(end, start + 1);
    const rest = text.slice(start + m[0].length, end);
    // "www." needs a domain with a dot after it; a scheme needs a host.
    if (m[0].toLowerCase() === "www." ? !/^[\p{L}\p{N}\-]+\.[\p{L}\p{N}]/u.test(rest) : !/^[\p{L}\p{N}\[]/u.test(rest)) continue;
    out.push(span(start, end, "Contactdetails", SCORE_PATTERN));
  }
  return out;
}

/**
 * Domains written without a scheme or "www." ("umcutrecht.nl", "azdelta.be/patienten"): anchored at a top-level
 * domain common in Dutch, Belgian and French notes, read backwards over at most 100 characters of labels.
 * Not an e-mail domain (the e-mail rule has those), not a label made of digits only.
 */
const BARE_TLD = /\.(?:nl|be|com|org|net|eu|fr|de|lu|info|nu|uk|io|health|care|zorg|brussels|vlaanderen|gent|amsterdam)(?![\p{L}\p{N}\-]|\.[\p{L}\p{N}])/giu;
const DOMAIN_CHAR = /[a-z0-9\-]/i;

export function findBareDomains(text: string): DetectedSpan[] {
  const out: DetectedSpan[] = [];
  BARE_TLD.lastIndex = 0;
  let consumed = 0;
  for (let m = BARE_TLD.exec(text); m; m = BARE_TLD.exec(text)) {
    const dot = m.index;
    let start = dot;
    while (start > 0 && dot - start < 100 && (DOMAIN_CHAR.test(text[start - 1]) || (text[start - 1] === "." && DOMAIN_CHAR.test(text[start - 2] ?? "")))) start--;
    if (start === dot || start < consumed) continue;
    const before = text[start - 1];
    // "jan@uz.be" is an e-mail, "https://x.be" and "www.x.be" are URLs found by their own rules.
    if (before === "@" || before === "/" || before === "." || (before !== undefined && wordCharBefore(text, start))) continue;
    const host = text.slice(start, dot);
    const labels = host.split(".");
    if (/^www$/i.test(labels[0]) || !/[a-z]/i.test(host) || host.startsWith("-") || host.endsWith("-")) continue;
    // "o.a.de", "pt.be", "Gezien.Nu": abbreviations and a missing space after a full stop are no domain; the
    // top-level domain is written in lower case and the label before it has three characters or more.
    if (labels[labels.length - 1].length < 3 || m[0] !== m[0].toLowerCase()) continue;
    let end = dot + m[0].length;
    if (text[end] === "@") continue;
    if (text[end] === "/") {
      const body = matchAt(URL_BODY, text, end);
      if (body) end = urlEnd(text, start, end + body[0].length);
    }
    out.push(span(start, end, "Contactdetails", SCORE_PATTERN));
    consumed = end;
  }
  return out;
}

// ── IP addresses ────────────────────────────────────────────────────────────────────────────────────────────────

const IPV4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?!\d)/y;

function ipv4At(text: string, s: number): { start: number; end: number } | null {
  const m = matchAt(IPV4, text, s);
  if (!m) return null;
  const end = s + m[0].length;
  if (wordCharBefore(text, s) || wordCharAt(text, end)) return null;
  if ((text[s - 1] === "." && digitAt(text, s - 2)) || (text[end] === "." && digitAt(text, end + 1))) return null;
  if (Number(m[1]) > 255 || Number(m[2]) > 255 || Number(m[3]) > 255 || Number(m[4]) > 255) return null;
  if (VERSION_WORDS.has(previousWord(text, s))) return null;
  return { start: s, end };
}

function isHexColonOrDot(ch: string | undefined): boolean {
  if (ch === undefined) return false;
  const c = ch.charCodeAt(0);
  return (c >= 48 && c <= 58) || c === 46 || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}

/** Grows a candidate around a colon over hex digits, colons and dots (for an embedded IPv4 tail). */
function ipv6Candidate(text: string, colon: number): { start: number; end: number } {
  let start = colon;
  while (start > 0 && colon - start < 45 && isHexColonOrDot(text[start - 1])) start--;
  let end = colon + 1;
  while (end < text.length && end - colon < 45 && isHexColonOrDot(text[end])) end++;
  while (start < colon && text[start] === ".") start++;
  while (end > colon + 1 && text[end - 1] === ".") end--;
  return { start, end };
}

function findIpv6(text: string): DetectedSpan[] {
  const out: DetectedSpan[] = [];
  let consumed = 0;
  for (let colon = text.indexOf(":"); colon >= 0; colon = text.indexOf(":", colon + 1)) {
    if (colon < consumed) continue;
    // "Datum: ..." and "14:30": an address needs hex digits or another colon on both sides of some colon.
    if (!isHexColonOrDot(text[colon - 1]) && text[colon + 1] !== ":") continue;
    if (!isHexColonOrDot(text[colon + 1])) continue;
    const { start, end } = ipv6Candidate(text, colon);
    consumed = end;
    const candidate = text.slice(start, end);
    // At least two groups, and no trailing "::": "::1" (loopback), "::" and "0:0::" identify no one.
    if ((candidate.match(/:/g) ?? []).length < 2 || candidate.split(/:+/).filter(Boolean).length < 2) continue;
    if (candidate.endsWith(":")) continue;
    if (wordCharBefore(text, start) || wordCharAt(text, end) || !isIPv6(candidate)) continue;
    out.push(span(start, end, "Anonymize_Other", SCORE_PATTERN));
  }
  return out;
}

export function findIpAddresses(scan: TextScan): DetectedSpan[] {
  const { text, runs } = scan;
  const out: DetectedSpan[] = [];
  let consumed = 0;
  for (let r = 0; r < runs.length; r += 2) {
    const s = runs[r];
    const e = runs[r + 1];
    if (s < consumed || e - s > 3 || text[e] !== "." || !digitAt(text, e + 1)) continue;
    const found = ipv4At(text, s);
    if (!found) continue;
    out.push(span(found.start, found.end, "Anonymize_Other", SCORE_PATTERN));
    consumed = found.end;
  }
  return out.concat(findIpv6(text));
}
