// Check digits of the identifiers found in Belgian, Dutch, British, US and international notes: the one home of
// each algorithm, used by the patterns detector (validate), keyed surrogates (validate and complete), the site's
// own patterns (validate) and the note generator (complete). Pure functions on digit strings.

/** Remainder of a decimal digit string of any length modulo 97 (ISO 7064 MOD 97-10 arithmetic), in chunks so no precision is lost. */
export function mod97(digits: string): number {
  let rest = 0;
  for (let i = 0; i < digits.length; i += 7) rest = Number(String(rest) + digits.slice(i, i + 7)) % 97;
  return rest;
}

/** The two check digits 97 − (payload mod 97) that Belgian national register and company numbers end with. */
export function mod97CheckDigits(payload: string): string {
  return String(97 - mod97(payload)).padStart(2, "0");
}

/** Whether the last two digits are 97 − (the number before them mod 97). */
export function mod97CheckPasses(digits: string): boolean {
  return /^\d{3,}$/.test(digits) && mod97CheckDigits(digits.slice(0, -2)) === digits.slice(-2);
}

/** IBAN length per country (ISO 13616 registry). */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BR: 29, BY: 28, CH: 21, CR: 22,
  CY: 28, CZ: 24, DE: 22, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18, FO: 18, FR: 27, GB: 22, GE: 22,
  GI: 23, GL: 18, GR: 27, GT: 28, HR: 21, HU: 28, IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30,
  KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20, LU: 20, LV: 21, MC: 27, MD: 24, ME: 22, MK: 19, MR: 27, MT: 31,
  MU: 30, NL: 18, NO: 15, PK: 24, PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, SA: 24, SC: 31, SE: 24,
  SI: 19, SK: 24, SM: 27, ST: 25, SV: 28, TL: 23, TN: 24, TR: 26, UA: 29, VA: 22, VG: 24, XK: 20,
};

/** IBAN letters become numbers A=10 … Z=35. */
function ibanNumeric(s: string): string {
  let digits = "";
  for (const ch of s) {
    const code = ch.charCodeAt(0);
    digits += code >= 65 ? String(code - 55) : ch;
  }
  return digits;
}

/** ISO 13616: an IBAN without spaces is valid when its length fits its country and the rearranged number is 1 mod 97. */
export function isValidIban(compact: string): boolean {
  const iban = compact.toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
  if (IBAN_LENGTHS[iban.slice(0, 2)] !== iban.length) return false;
  return mod97(ibanNumeric(iban.slice(4) + iban.slice(0, 4))) === 1;
}

/** The two IBAN check digits for a country and a BBAN. */
export function ibanCheckDigits(country: string, bban: string): string {
  const rest = mod97(ibanNumeric((bban + country + "00").toUpperCase()));
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
 * Belgian national register number (rijksregisternummer / INSZ / NISS), 11 digits YYMMDD SSS CC: CC = 97 − (the
 * first nine digits mod 97), computed over "2" + the nine digits for people born from 2000. Returns the century
 * whose check validates, if any.
 */
export function belgianNationalNumberCentury(digits11: string): "1900" | "2000" | undefined {
  if (!/^\d{11}$/.test(digits11)) return undefined;
  const first9 = digits11.slice(0, 9);
  const check = digits11.slice(9);
  if (mod97CheckDigits(first9) === check) return "1900";
  if (mod97CheckDigits("2" + first9) === check) return "2000";
  return undefined;
}

/** The two check digits of a Belgian national register number for its first nine digits and century. */
export function belgianNationalNumberCheck(first9: string, century: "1900" | "2000"): string {
  return mod97CheckDigits(century === "2000" ? "2" + first9 : first9);
}

/**
 * The birth-date part of a national register number is plausible: month 0–12, or +20 / +40 for bis numbers
 * (people not in the register), day 0–31 (0 when the birth date is unknown).
 */
export function belgianNationalNumberDatePlausible(digits11: string): boolean {
  const month = Number(digits11.slice(2, 4));
  const day = Number(digits11.slice(4, 6));
  const baseMonth = month >= 40 ? month - 40 : month >= 20 ? month - 20 : month;
  return baseMonth >= 0 && baseMonth <= 12 && day >= 0 && day <= 31;
}

/** A national register number whose check digits validate for either century and whose date part is plausible. */
export function isValidBelgianNationalNumber(digits11: string): boolean {
  return belgianNationalNumberCentury(digits11) !== undefined && belgianNationalNumberDatePlausible(digits11);
}

/** 9·d1 + 8·d2 + … + 2·d8 of a BSN's first eight digits. */
function bsnWeightedSum(first8: string): number {
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += (first8.charCodeAt(i) - 48) * (9 - i);
  return sum;
}

/**
 * Dutch BSN "elfproef": 9·d1 + 8·d2 + … + 2·d8 − d9 is divisible by 11 and not 0. Eight digits are an older BSN
 * written without its leading zero.
 */
export function isValidBsn(digits: string): boolean {
  if (!/^\d{8,9}$/.test(digits)) return false;
  const nine = digits.padStart(9, "0");
  const sum = bsnWeightedSum(nine) - (nine.charCodeAt(8) - 48);
  return sum % 11 === 0 && sum !== 0;
}

/** The ninth BSN digit for eight digits, or undefined when none makes a valid BSN. */
export function bsnCheckDigit(first8: string): string | undefined {
  const weighted = bsnWeightedSum(first8);
  const r = weighted % 11;
  return r === 10 || weighted === r ? undefined : String(r);
}

/** Sum of the Luhn digits, doubling every second digit from the right (from the last one when a check digit is still to come). */
function luhnSum(digits: string, checkDigitToCome: boolean): number {
  let sum = 0;
  for (let i = digits.length - 1, double = checkDigitToCome; i >= 0; i--, double = !double) {
    let d = digits.charCodeAt(i) - 48;
    if (double && (d *= 2) > 9) d -= 9;
    sum += d;
  }
  return sum;
}

/** Luhn (mod 10; payment cards, many hospital ids) over a digit string whose last digit is the check digit. */
export function isValidLuhn(digits: string): boolean {
  return /^\d{2,}$/.test(digits) && luhnSum(digits, false) % 10 === 0;
}

/** The Luhn check digit to append to `payload`. */
export function luhnCheckDigit(payload: string): string {
  return String((10 - (luhnSum(payload, true) % 10)) % 10);
}

/** Weights 2, 3, 4, … from the right over `payload`; the check is 11 − (sum mod 11), 11 → 0; undefined when it would be 10. */
export function mod11CheckDigit(payload: string): string | undefined {
  let sum = 0;
  for (let i = payload.length - 1, w = 2; i >= 0; i--, w++) sum += (payload.charCodeAt(i) - 48) * w;
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? undefined : String(check);
}

/** mod 11 over a digit string whose last digit is the check (NHS numbers, ISBN-10 style). */
export function mod11CheckPasses(digits: string): boolean {
  return /^\d{2,}$/.test(digits) && mod11CheckDigit(digits.slice(0, -1)) === digits.slice(-1);
}

/** UK NHS number: 10 digits, mod 11 (weights 10..2 on the first nine; a check of 10 is never issued). */
export function isValidNhsNumber(digits10: string): boolean {
  return /^\d{10}$/.test(digits10) && mod11CheckPasses(digits10);
}

/** US National Provider Identifier: 10 digits whose Luhn check is computed with the card-issuer prefix 80840. */
export function isValidNpi(digits10: string): boolean {
  return /^\d{10}$/.test(digits10) && isValidLuhn("80840" + digits10);
}

/** US SSN AAA-GG-SSSS: area not 000, 666 or 9xx; group not 00; serial not 0000. */
export function isValidSsn(area: string, group: string, serial: string): boolean {
  return area !== "000" && area !== "666" && area[0] !== "9" && group !== "00" && serial !== "0000";
}
