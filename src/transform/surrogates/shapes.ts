// Surrogates that keep a value's shape: digits stay digits, letters letters (same case), separators stay where
// they were; identifiers that carried a valid check digit get one again.
import {
  belgianAccountCheck,
  belgianNationalNumberCentury,
  belgianNationalNumberCheck,
  bsnCheckDigit,
  ibanCheckDigits,
  isValidBelgianAccount,
  isValidBsn,
  isValidIban,
  isValidLuhn,
  luhnCheckDigit,
} from "../../contract/index.js";
import type { KeyedStream } from "./key.js";

const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const LOWER = "abcdefghijklmnopqrstuvwxyz";

function randomDigit(stream: KeyedStream, nonZero = false): string {
  return nonZero ? String(1 + stream.int(9)) : String(stream.int(10));
}

/** Replaces each letter and digit by a random one of its kind and case; the first digit stays non-zero if it was. */
export function genericShape(original: string, stream: KeyedStream): string {
  let out = "";
  let firstDigit = true;
  for (const c of original) {
    if (/\d/.test(c)) {
      out += randomDigit(stream, firstDigit && c !== "0");
      firstDigit = false;
    } else if (/\p{Lu}/u.test(c)) out += UPPER[stream.int(26)];
    else if (/\p{Ll}/u.test(c)) out += LOWER[stream.int(26)];
    else out += c;
  }
  return out;
}

/** Writes compact alphanumerics back into the original's layout (separators and spaces where they were). */
export function layOut(original: string, compact: string): string {
  let k = 0;
  let out = "";
  for (const c of original) {
    if (/[\p{L}\p{N}]/u.test(c) && k < compact.length) {
      const r = compact[k++];
      out += /\p{Ll}/u.test(c) ? r.toLowerCase() : r;
    } else out += c;
  }
  return out;
}

function alnum(s: string): string {
  return s.replace(/[^\p{L}\p{N}]/gu, "");
}

function randomDigits(stream: KeyedStream, n: number, firstNonZero = false): string {
  let s = "";
  for (let i = 0; i < n; i++) s += randomDigit(stream, firstNonZero && i === 0);
  return s;
}

function ibanSurrogate(compact: string, stream: KeyedStream): string {
  const country = compact.slice(0, 2).toUpperCase();
  const bban = compact.slice(4);
  let newBban = "";
  for (const c of bban) newBban += /\d/.test(c) ? randomDigit(stream) : UPPER[stream.int(26)];
  if (country === "BE" && isValidBelgianAccount(bban)) newBban = newBban.slice(0, 10) + belgianAccountCheck(newBban.slice(0, 10));
  return country + ibanCheckDigits(country, newBban) + newBban;
}

function nationalRegisterSurrogate(century: "1900" | "2000", stream: KeyedStream): string {
  const yy = String(stream.int(100)).padStart(2, "0");
  const mm = String(1 + stream.int(12)).padStart(2, "0");
  const dd = String(1 + stream.int(28)).padStart(2, "0");
  const serial = String(1 + stream.int(997)).padStart(3, "0");
  const first9 = yy + mm + dd + serial;
  return first9 + belgianNationalNumberCheck(first9, century);
}

function bsnSurrogate(stream: KeyedStream): string {
  for (;;) {
    const first8 = randomDigits(stream, 8, true);
    const last = bsnCheckDigit(first8);
    if (last !== undefined) return first8 + last;
  }
}

function luhnSurrogate(length: number, stream: KeyedStream, firstNonZero: boolean): string {
  const payload = randomDigits(stream, length - 1, firstNonZero);
  return payload + luhnCheckDigit(payload);
}

/** The check-digit scheme an identifier satisfies, if any (IBAN, Belgian national register, BSN, Luhn). */
export function checksumSchemeOf(original: string): "iban" | "be-national-register" | "bsn" | "luhn" | undefined {
  const compact = alnum(original);
  if (/^[A-Za-z]{2}\d{2}/.test(compact) && isValidIban(compact)) return "iban";
  if (/^\d{11}$/.test(compact) && belgianNationalNumberCentury(compact)) return "be-national-register";
  if (/^\d{9}$/.test(compact) && isValidBsn(compact)) return "bsn";
  if (/^\d{8,19}$/.test(compact) && isValidLuhn(compact)) return "luhn";
  return undefined;
}

/** An identifier surrogate of the same shape that satisfies the same check-digit scheme as the original. */
export function identifierSurrogate(original: string, stream: KeyedStream): string {
  const compact = alnum(original);
  const scheme = checksumSchemeOf(original);
  for (let attempt = 0; attempt < 20; attempt++) {
    let next: string;
    if (scheme === "iban") next = layOut(original, ibanSurrogate(compact, stream));
    else if (scheme === "be-national-register") next = layOut(original, nationalRegisterSurrogate(belgianNationalNumberCentury(compact)!, stream));
    else if (scheme === "bsn") next = layOut(original, bsnSurrogate(stream));
    else if (scheme === "luhn") next = layOut(original, luhnSurrogate(compact.length, stream, compact[0] !== "0"));
    else next = genericShape(original, stream);
    if (alnum(next).toLowerCase() !== compact.toLowerCase()) return next;
  }
  throw new Error("no identifier surrogate different from the original");
}

/**
 * A phone number of the same shape: the international prefix (+32, 0032), the trunk 0 and the first digit after
 * it are kept so the number still reads as, say, a Belgian mobile; the subscriber digits are new.
 */
export function phoneSurrogate(original: string, stream: KeyedStream): string {
  const digits = [...original].map((c, i) => ({ c, i })).filter((x) => /\d/.test(x.c));
  let keep = 0;
  const compact = digits.map((d) => d.c).join("");
  if (original.trimStart().startsWith("+")) keep = compact.startsWith("1") ? 2 : 3;
  else if (compact.startsWith("00")) keep = 5;
  else if (compact.startsWith("0")) keep = 2;
  keep = Math.min(keep, Math.max(0, digits.length - 4));
  for (let attempt = 0; attempt < 20; attempt++) {
    const chars = [...original];
    digits.forEach((d, k) => {
      if (k >= keep) chars[d.i] = randomDigit(stream);
    });
    const next = chars.join("");
    if (next !== original) return next;
  }
  throw new Error("no phone surrogate different from the original");
}

const MAIL_PROVIDERS = new Set([
  "gmail", "googlemail", "hotmail", "outlook", "live", "msn", "yahoo", "icloud", "me", "telenet", "skynet", "proximus", "scarlet",
  "voo", "orange", "base", "pandora", "gmx", "protonmail", "proton", "mail", "ziggo", "kpnmail", "home", "planet", "free", "wanadoo",
]);

/** An e-mail address of the same shape: name-like parts of the local part become surrogate words, the domain a town. */
export function emailSurrogate(original: string, stream: KeyedStream, word: (original: string, role: "local" | "domain") => string): string {
  const at = original.indexOf("@");
  const local = original.slice(0, at);
  const domain = original.slice(at + 1);
  const newLocal = local.replace(/\p{L}{2,}|\d+/gu, (m) => (/^\d+$/.test(m) ? genericShape(m, stream) : word(m, "local")));
  const labels = domain.split(".");
  const newDomain = labels
    .map((label, i) => (i === labels.length - 1 || MAIL_PROVIDERS.has(label.toLowerCase()) ? label : label.replace(/\p{L}{2,}|\d+/gu, (m) => (/^\d+$/.test(m) ? genericShape(m, stream) : word(m, "domain")))))
    .join(".");
  return `${newLocal}@${newDomain}`;
}

/** A web address of the same shape: scheme, "www" and the top-level domain stay, the rest is replaced. */
export function urlSurrogate(original: string, stream: KeyedStream, word: (original: string, role: "local" | "domain") => string): string {
  const m = /^((?:[a-z]+:\/\/)?(?:www\.)?)([^/?#]*)(.*)$/i.exec(original)!;
  const [, prefix, host, rest] = m;
  const labels = host.split(".");
  const newHost = labels.map((l, i) => (i === labels.length - 1 && labels.length > 1 ? l : l.replace(/\p{L}{2,}/gu, (w) => word(w, "domain")))).join(".");
  return prefix + newHost + genericShape(rest, stream);
}
