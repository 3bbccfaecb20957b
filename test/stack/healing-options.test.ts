// healing_options are checked like every other part of a stack file: a misspelt key names itself and the nearest
// allowed key; a wrong type names the field; left out, the defaults apply.
import { describe, expect, it } from "vitest";
import { parseStackObject } from "../../src/stack/index.js";

const stack = (healing_options?: unknown) => ({ name: "t", detectors: [{ use: "patterns" }], healing: "nl-BE", ...(healing_options === undefined ? {} : { healing_options }) });

describe("healing_options", () => {
  it("refuses a misspelt key, naming it and the nearest allowed one", () => {
    expect(() => parseStackObject(stack({ propgate_names: true }), "s.yaml")).toThrow(
      /healing_options\.propgate_names: unknown key "propgate_names"; did you mean "propagate_names"\? \(allowed here: recover_names, propagate_names\)/,
    );
  });

  it("refuses a value of the wrong type, naming the field", () => {
    expect(() => parseStackObject(stack({ recover_names: "no" }), "s.yaml")).toThrow(/healing_options\.recover_names/);
  });

  it("applies the defaults to what is left out", () => {
    expect(parseStackObject(stack(), "s.yaml").healing_options).toEqual({ recover_names: true, propagate_names: false });
    expect(parseStackObject(stack({ propagate_names: true }), "s.yaml").healing_options).toEqual({ recover_names: true, propagate_names: true });
  });
});
