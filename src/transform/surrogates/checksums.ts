// Check digits of the identifiers found in Belgian, Dutch and international notes: validate and complete.

/** Remainder of a long decimal string modulo 97, in chunks so no precision is lost. */
export function mod97(digits: string): number {
  let rest = 0;
  for (let i = 0; i < digits.length; i += 7) rest = Number(String(rest) + digits.slice(i, i + 7)) % 97;
  return rest;
}

/** IBAN letters become numbers A=10 … Z=35. */
function ibanNumeric(s: string): string {
  return [...s.toUpperCase()].map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c)).join("");
}

/** ISO 13616: country code, two check digits, BBAN; valid when the rearranged number is 1 modulo 97. */
export function isValidIban(compact: string): boolean {
  const s = compact.toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{8,30}$/.test(s)) return false;
  return mod97(ibanNumeric(s.slice(4) + s.slice(0, 4))) === 1;
}

export function ibanCheckDigits(country: string, bban: string): string {
  const rest = mod97(ibanNumeric(bban + country.toUpperCase() + "00"));
  return String(98 - rest).padStart(2, "0");
}

/** Belgian account numbers (the BBAN of BE IBANs): 10 digits and 2 check digits = first 10 mod 97 (0 → 97). */
export function belgianAccountCheck(first10: string): string {
  const r = mod97(first10);
  return String(r === 0 ? 97 : r).padStart(2, "0");
}

export function isValidBelgianAccount(bban12: string): boolean {
  return /^\d{12}$/.test(bban12) && belgianAccountCheck(bban12.slice(0, 10)) === bban12.slice(10);
}

/**
 * Belgian national register number: yymmdd + serial (3) + check (2) with check = 97 − (first 9 mod 97), or the
 * same over "2" + first 9 for births from 2000. Returns the century flavour that validates, if any.
 */
export function belgianNationalRegisterFlavour(digits11: string): "1900" | "2000" | undefined {
  if (!/^\d{11}$/.test(digits11)) return undefined;
  const base = digits11.slice(0, 9);
  const check = Number(digits11.slice(9));
  if (97 - mod97(base) === check) return "1900";
  if (97 - mod97("2" + base) === check) return "2000";
  return undefined;
}

export function belgianNationalRegisterCheck(first9: string, flavour: "1900" | "2000"): string {
  return String(97 - mod97(flavour === "2000" ? "2" + first9 : first9)).padStart(2, "0");
}

/** Dutch BSN "elfproef": 9·d1 + 8·d2 + … + 2·d8 − d9 ≡ 0 (mod 11). */
export function isValidBsn(digits9: string): boolean {
  if (!/^\d{9}$/.test(digits9) || digits9 === "000000000") return false;
  return bsnSum(digits9.slice(0, 8)) % 11 === Number(digits9[8]);
}

function bsnSum(first8: string): number {
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(first8[i]) * (9 - i);
  return sum;
}

/** The ninth BSN digit for eight digits, or undefined when none exists (the remainder is 10). */
export function bsnDigit(first8: string): string | undefined {
  const r = bsnSum(first8) % 11;
  return r === 10 ? undefined : String(r);
}

/** Luhn (payment cards, many hospital ids): doubling every second digit from the right sums to 0 mod 10. */
export function isValidLuhn(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  return luhnSum(digits, false) % 10 === 0;
}

function luhnSum(digits: string, appendingCheck: boolean): number {
  let sum = 0;
  for (let i = digits.length - 1, k = appendingCheck ? 1 : 0; i >= 0; i--, k++) {
    let d = Number(digits[i]);
    if (k % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum;
}

export function luhnCheckDigit(payload: string): string {
  return String((10 - (luhnSum(payload, true) % 10)) % 10);
}
