import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { elfproef, isValidIban, isValidNhsNumber, isValidNpi, isValidRrn, isValidSsn, luhn, mod97, rrnCheckPasses, rrnDatePartPlausible } from "./checksums.js";

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
