// Check-digit algorithms of the identifiers the patterns detector validates. Pure functions on digit strings.

/** Remainder of a decimal digit string of any length modulo 97 (ISO 7064 MOD 97-10 arithmetic). */
export function mod97(digits: string): number {
  let remainder = 0;
  for (let i = 0; i < digits.length; i += 7) {
    remainder = Number(String(remainder) + digits.slice(i, i + 7)) % 97;
  }
  return remainder;
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

/** ISO 13616: an IBAN without spaces is valid when its length fits its country and the mod-97 remainder is 1. */
export function isValidIban(compact: string): boolean {
  const iban = compact.toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
  if (IBAN_LENGTHS[iban.slice(0, 2)] !== iban.length) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let digits = "";
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    digits += code >= 65 ? String(code - 55) : ch;
  }
  return mod97(digits) === 1;
}

/**
 * Belgian national register number (rijksregisternummer / INSZ / NISS), 11 digits YYMMDD SSS CC:
 * CC = 97 − (first nine digits mod 97), computed over "2" + the nine digits for people born from 2000.
 */
export function rrnCheckPasses(digits11: string): boolean {
  if (!/^\d{11}$/.test(digits11)) return false;
  const body = Number(digits11.slice(0, 9));
  const check = Number(digits11.slice(9));
  return 97 - (body % 97) === check || 97 - ((2_000_000_000 + body) % 97) === check;
}

/**
 * The birth-date part of a national register number is plausible: month 0–12, or +20 / +40 for bis numbers
 * (people not in the register), day 0–31 (0 when the birth date is unknown).
 */
export function rrnDatePartPlausible(digits11: string): boolean {
  const month = Number(digits11.slice(2, 4));
  const day = Number(digits11.slice(4, 6));
  const baseMonth = month >= 40 ? month - 40 : month >= 20 ? month - 20 : month;
  return baseMonth >= 0 && baseMonth <= 12 && day >= 0 && day <= 31;
}

export function isValidRrn(digits11: string): boolean {
  return rrnCheckPasses(digits11) && rrnDatePartPlausible(digits11);
}

/** Dutch 11-proof (elfproef) for a BSN: weights 9..2 and −1 on the last digit, sum divisible by 11 and not 0. */
export function elfproef(digits: string): boolean {
  if (!/^\d{8,9}$/.test(digits)) return false;
  const nine = digits.padStart(9, "0");
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(nine[i]) * (9 - i);
  sum -= Number(nine[8]);
  return sum % 11 === 0 && sum !== 0;
}

/** Luhn (mod 10) check over a digit string whose last digit is the check digit. */
export function luhn(digits: string): boolean {
  if (!/^\d+$/.test(digits) || digits.length < 2) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** US National Provider Identifier: 10 digits whose Luhn check is computed with the card-issuer prefix 80840. */
export function isValidNpi(digits10: string): boolean {
  return /^\d{10}$/.test(digits10) && luhn("80840" + digits10);
}

/** UK NHS number: 10 digits, weights 10..2 on the first nine, check = 11 − (sum mod 11), 11 → 0, 10 invalid. */
export function isValidNhsNumber(digits10: string): boolean {
  if (!/^\d{10}$/.test(digits10)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(digits10[i]) * (10 - i);
  const check = 11 - (sum % 11);
  const expected = check === 11 ? 0 : check;
  return expected !== 10 && expected === Number(digits10[9]);
}

/** US SSN AAA-GG-SSSS: area not 000, 666 or 9xx; group not 00; serial not 0000. */
export function isValidSsn(area: string, group: string, serial: string): boolean {
  return area !== "000" && area !== "666" && area[0] !== "9" && group !== "00" && serial !== "0000";
}
