// The one home of every check-digit algorithm (src/contract/checksums.ts): fixed examples, and properties against
// independent formulations written here (BigInt arithmetic, explicit weight tables, brute force over the digit).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  belgianAccountCheck,
  belgianNationalNumberCentury,
  belgianNationalNumberCheck,
  belgianNationalNumberDatePlausible,
  bsnCheckDigit,
  ibanCheckDigits,
  IBAN_LENGTHS,
  isValidBelgianAccount,
  isValidBelgianNationalNumber as isValidRrn,
  isValidBsn as elfproef,
  isValidIban,
  isValidLuhn as luhn,
  isValidNhsNumber,
  isValidNpi,
  isValidSsn,
  luhnCheckDigit,
  mod11CheckDigit,
  mod11CheckPasses,
  mod97,
  mod97CheckPasses,
} from "../../src/contract/index.js";

const rrnCheckPasses = (d: string) => belgianNationalNumberCentury(d) !== undefined;
const rrnDatePartPlausible = belgianNationalNumberDatePlausible;

describe("mod97", () => {
  it("equals BigInt arithmetic for any digit string", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,40}$/), (digits) => {
        expect(mod97(digits)).toBe(Number(BigInt(digits) % 97n));
      }),
    );
  });
});

describe("isValidIban", () => {
  it.each([
    "BE68539007547034",
    "BE71096123456769",
    "NL91ABNA0417164300",
    "FR1420041010050500013M02606",
    "DE89370400440532013000",
    "GB29NWBK60161331926819",
    "nl91abna0417164300",
  ])("accepts %s", (iban) => expect(isValidIban(iban)).toBe(true));

  it.each([
    ["BE68539007547035", "wrong check"],
    ["BE69539007547034", "wrong check digits"],
    ["BE6853900754703", "too short for BE"],
    ["XX68539007547034", "unknown country"],
    ["NL91ABNA0417164301", "wrong check"],
    ["BE68 5390 0754 7034", "spaces (callers compact first)"],
  ])("rejects %s (%s)", (iban) => expect(isValidIban(iban)).toBe(false));

  it("detects every single-digit substitution in a valid IBAN", () => {
    const valid = "BE68539007547034";
    for (let i = 2; i < valid.length; i++) {
      for (const d of "0123456789") {
        if (d === valid[i]) continue;
        expect(isValidIban(valid.slice(0, i) + d + valid.slice(i + 1))).toBe(false);
      }
    }
  });
});

describe("Belgian national register number", () => {
  it("accepts a number of someone born before 2000", () => expect(isValidRrn("85073003328")).toBe(true));

  it("accepts a number of someone born from 2000 only through the 2-prefixed check", () => {
    const body = "050312123";
    expect(97 - (Number(body) % 97)).not.toBe(60);
    expect(isValidRrn("05031212360")).toBe(true);
  });

  it("accepts bis numbers (month + 20 or + 40) and an unknown day (0)", () => {
    expect(isValidRrn("85323003309")).toBe(true);
    expect(isValidRrn("85523003352")).toBe(true);
    expect(isValidRrn("85070003355")).toBe(true);
  });

  it("rejects a wrong check and an impossible month even with a passing check", () => {
    expect(isValidRrn("85073003329")).toBe(false);
    expect(rrnCheckPasses("85133003370")).toBe(true);
    expect(rrnDatePartPlausible("85133003370")).toBe(false);
    expect(isValidRrn("85133003370")).toBe(false);
    expect(isValidRrn("8507300332")).toBe(false);
  });
});

describe("elfproef", () => {
  it.each(["123456782", "111222333", "234567806", "12345678"])("accepts %s", (bsn) => {
    if (bsn.length === 8) expect(elfproef(bsn)).toBe(elfproef("0" + bsn));
    else expect(elfproef(bsn)).toBe(true);
  });
  it.each(["123456780", "123456789", "000000000", "12345", "1234567890"])("rejects %s", (bsn) => expect(elfproef(bsn)).toBe(false));
});

describe("luhn and NPI", () => {
  it("accepts card-style numbers and the CMS example NPI", () => {
    expect(luhn("79927398713")).toBe(true);
    expect(isValidNpi("1234567893")).toBe(true);
  });
  it("rejects a wrong check digit", () => {
    expect(luhn("79927398710")).toBe(false);
    expect(isValidNpi("1234567890")).toBe(false);
    expect(isValidNpi("123456789")).toBe(false);
  });
  it("catches every single-digit error", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{9}$/), fc.integer({ min: 0, max: 9 }), fc.integer({ min: 1, max: 9 }), (body, pos, delta) => {
        const check = [..."0123456789"].find((d) => isValidNpi(body + d)) as string;
        const valid = body + check;
        const digit = (Number(valid[pos]) + delta) % 10;
        expect(isValidNpi(valid.slice(0, pos) + digit + valid.slice(pos + 1))).toBe(false);
      }),
    );
  });
});

describe("isValidNhsNumber", () => {
  it("accepts the NHS example number and rejects a changed check digit", () => {
    expect(isValidNhsNumber("9434765919")).toBe(true);
    expect(isValidNhsNumber("9434765918")).toBe(false);
    expect(isValidNhsNumber("943476591")).toBe(false);
  });
  it("rejects every number whose check would be 10", () => {
    const bodyWithCheckTen = (): string => {
      for (let n = 0; ; n++) {
        const body = String(n).padStart(9, "0");
        let sum = 0;
        for (let i = 0; i < 9; i++) sum += Number(body[i]) * (10 - i);
        if (11 - (sum % 11) === 10) return body;
      }
    };
    const body = bodyWithCheckTen();
    for (const d of "0123456789") expect(isValidNhsNumber(body + d)).toBe(false);
  });
});

describe("isValidSsn", () => {
  it("accepts ordinary numbers and rejects the never-issued ranges", () => {
    expect(isValidSsn("123", "45", "6789")).toBe(true);
    expect(isValidSsn("000", "45", "6789")).toBe(false);
    expect(isValidSsn("666", "45", "6789")).toBe(false);
    expect(isValidSsn("912", "45", "6789")).toBe(false);
    expect(isValidSsn("123", "00", "6789")).toBe(false);
    expect(isValidSsn("123", "45", "0000")).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Independent formulations

/** ISO 13616 with BigInt: move the first four characters to the end, letters to 10..35, the number mod 97 is 1. */
function ibanReference(iban: string): boolean {
  const s = iban.toUpperCase();
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]+$/.test(s) || IBAN_LENGTHS[s.slice(0, 2)] !== s.length) return false;
  const moved = s.slice(4) + s.slice(0, 4);
  const numeric = [...moved].map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - "A".charCodeAt(0) + 10) : c)).join("");
  return BigInt(numeric) % 97n === 1n;
}

/** Luhn by the textbook: from the left, double the digits whose distance from the end is odd, digit sums of the products. */
function luhnReference(digits: string): boolean {
  if (!/^[0-9]{2,}$/.test(digits)) return false;
  const doubledDigitSum = [0, 2, 4, 6, 8, 1, 3, 5, 7, 9];
  let total = 0;
  for (let i = 0; i < digits.length; i++) {
    const d = Number(digits[i]);
    total += (digits.length - 1 - i) % 2 === 1 ? doubledDigitSum[d] : d;
  }
  return total % 10 === 0;
}

/** BSN elfproef with the weight table written out, the last weight −1. */
function bsnReference(digits: string): boolean {
  if (!/^[0-9]{8,9}$/.test(digits)) return false;
  const nine = digits.length === 8 ? "0" + digits : digits;
  const weights = [9, 8, 7, 6, 5, 4, 3, 2, -1];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(nine[i]), 0);
  return sum !== 0 && sum % 11 === 0;
}

/** Belgian national register number with BigInt: 97 − (nine digits, or "2" + nine digits, mod 97) is the check. */
function rrnCheckReference(digits11: string): "1900" | "2000" | undefined {
  if (!/^[0-9]{11}$/.test(digits11)) return undefined;
  const check = BigInt(digits11.slice(9));
  if (97n - (BigInt(digits11.slice(0, 9)) % 97n) === check) return "1900";
  if (97n - (BigInt("2" + digits11.slice(0, 9)) % 97n) === check) return "2000";
  return undefined;
}

/** NHS number with the weight table 10..2 written out. */
function nhsReference(digits10: string): boolean {
  if (!/^[0-9]{10}$/.test(digits10)) return false;
  const sum = [10, 9, 8, 7, 6, 5, 4, 3, 2].reduce((acc, w, i) => acc + w * Number(digits10[i]), 0);
  const check = 11 - (sum % 11);
  if (check === 10) return false;
  return (check === 11 ? 0 : check) === Number(digits10[9]);
}

const digitString = (min: number, max: number) => fc.stringMatching(new RegExp(`^[0-9]{${min},${max}}$`));
const countries = Object.keys(IBAN_LENGTHS);
/** IBAN-shaped strings of a known country and its length: a quarter made valid, the rest random. */
const ibanLike = fc
  .tuple(fc.constantFrom(...countries), fc.integer({ min: 0, max: 99 }), fc.boolean(), fc.infiniteStream(fc.constantFrom(..."0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ")))
  .map(([country, check, makeValid, chars]) => {
    const bban = [...Array(IBAN_LENGTHS[country] - 4)].map(() => chars.next().value as string).join("");
    return country + (makeValid ? ibanCheckDigits(country, bban) : String(check).padStart(2, "0")) + bban;
  });

describe("properties against independent formulations", () => {
  it("mod97 and the mod-97 check digits equal BigInt arithmetic", () => {
    fc.assert(
      fc.property(digitString(3, 40), (digits) => {
        expect(mod97(digits)).toBe(Number(BigInt(digits) % 97n));
        expect(mod97CheckPasses(digits)).toBe(97n - (BigInt(digits.slice(0, -2)) % 97n) === BigInt(digits.slice(-2)));
      }),
    );
  });

  it("isValidIban agrees with ISO 13616 in BigInt, and completed IBANs are valid", () => {
    fc.assert(fc.property(ibanLike, (iban) => {
      expect(isValidIban(iban)).toBe(ibanReference(iban));
    }));
    fc.assert(
      fc.property(fc.constantFrom(...countries), fc.infiniteStream(fc.constantFrom(..."0123456789")), (country, digits) => {
        const bban = [...Array(IBAN_LENGTHS[country] - 4)].map(() => digits.next().value as string).join("");
        expect(ibanReference(country + ibanCheckDigits(country, bban) + bban)).toBe(true);
      }),
    );
  });

  it("Belgian accounts: the check is the first ten digits mod 97 (0 → 97)", () => {
    fc.assert(
      fc.property(digitString(12, 12), (bban) => {
        const rest = Number(BigInt(bban.slice(0, 10)) % 97n);
        expect(isValidBelgianAccount(bban)).toBe((rest === 0 ? 97 : rest) === Number(bban.slice(10)));
        expect(isValidBelgianAccount(bban.slice(0, 10) + belgianAccountCheck(bban.slice(0, 10)))).toBe(true);
      }),
    );
  });

  it("Luhn agrees with the textbook formulation, and the check digit completes a valid number", () => {
    fc.assert(
      fc.property(digitString(1, 25), (digits) => {
        expect(luhn(digits)).toBe(luhnReference(digits));
        expect(luhnReference(digits + luhnCheckDigit(digits))).toBe(true);
        expect([..."0123456789"].filter((d) => luhnReference(digits + d))).toEqual([luhnCheckDigit(digits)]);
      }),
    );
  });

  it("BSN agrees with the weight table, and the check digit is the only valid ninth digit", () => {
    fc.assert(
      fc.property(digitString(7, 10), (digits) => {
        expect(elfproef(digits)).toBe(bsnReference(digits));
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(digitString(8, 8), (first8) => {
        const valid = [..."0123456789"].filter((d) => bsnReference(first8 + d));
        expect(valid).toEqual(bsnCheckDigit(first8) === undefined ? [] : [bsnCheckDigit(first8)]);
      }),
    );
  });

  it("Belgian national numbers agree with BigInt, for both centuries", () => {
    fc.assert(
      fc.property(digitString(11, 11), (digits) => {
        expect(belgianNationalNumberCentury(digits)).toBe(rrnCheckReference(digits));
      }),
    );
    fc.assert(
      fc.property(digitString(9, 9), fc.constantFrom("1900" as const, "2000" as const), (first9, century) => {
        const full = first9 + belgianNationalNumberCheck(first9, century);
        expect(rrnCheckReference(full)).toBeDefined();
        // The two centuries' checks differ for every nine digits (2·10⁹ mod 97 ≠ 0), so the century is recovered.
        expect(rrnCheckReference(full)).toBe(century);
      }),
    );
  });

  it("mod 11 agrees with the NHS weight table; the check digit completes a valid number", () => {
    fc.assert(
      fc.property(digitString(10, 10), (digits) => {
        expect(isValidNhsNumber(digits)).toBe(nhsReference(digits));
        expect(mod11CheckPasses(digits)).toBe(nhsReference(digits));
        const check = mod11CheckDigit(digits.slice(0, 9));
        if (check !== undefined) expect(nhsReference(digits.slice(0, 9) + check)).toBe(true);
        else for (const d of "0123456789") expect(nhsReference(digits.slice(0, 9) + d)).toBe(false);
      }),
    );
  });
});
