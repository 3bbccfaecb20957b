// escapeRegExp has one home (src/contract/fold.ts): the escaped string, as a pattern, matches exactly itself.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { escapeRegExp } from "../../src/contract/index.js";

describe("escapeRegExp", () => {
  it("makes any string a pattern that matches that string and nothing else", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 20 }), fc.string({ unit: "binary", maxLength: 20 }), (s, other) => {
        for (const flags of ["", "u", "i"]) {
          const re = new RegExp(`^(?:${escapeRegExp(s)})$`, flags);
          expect(re.test(s)).toBe(true);
          if (flags !== "i" && other !== s) expect(re.test(other)).toBe(false);
        }
      }),
    );
  });

  it("escapes every regex syntax character and leaves other characters alone", () => {
    expect(escapeRegExp("a.b*c+d?e^f$g{h}i(j)k|l[m]n\\o")).toBe("a\\.b\\*c\\+d\\?e\\^f\\$g\\{h\\}i\\(j\\)k\\|l\\[m\\]n\\\\o");
    expect(escapeRegExp("Dr. Peeters-Van den Bossche (AZ)")).toBe("Dr\\. Peeters-Van den Bossche \\(AZ\\)");
  });
});
