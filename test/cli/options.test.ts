// The CLI's option parsers and allowed values: refused values name the option and what it accepts, and every list of
// choices is the list its source module knows (written out in options.ts only to keep start-up light).
import { InvalidArgumentError } from "commander";
import { describe, expect, expectTypeOf, it } from "vitest";
import * as o from "../../src/cli/commands/options.js";
import { CORPUS_FORMATS, PREDICTION_FORMATS, type ClusterBy, type OutOfScopePolicy, type ReportFormat, type Scope } from "../../src/eval/index.js";
import { NOTE_TYPES, PROFILE_IDS, type NameSource } from "../../src/synth/index.js";
import { INPUT_ENCODINGS } from "../../src/contract/index.js";
import { OUTPUT_FORMATS } from "../../src/cli/commands/run-output.js";

function refusal(parse: (v: string) => unknown, value: string): string {
  try {
    parse(value);
  } catch (err) {
    expect(err).toBeInstanceOf(InvalidArgumentError);
    return (err as Error).message;
  }
  throw new Error(`${value} was accepted`);
}

describe("option parsers", () => {
  it("take whole numbers in digits only and name the option otherwise", () => {
    const parse = o.wholeNumber("--concurrency", 1);
    expect(parse("4")).toBe(4);
    expect(parse(" 12 ")).toBe(12);
    for (const bad of ["abc", "", "1e3", "2.5", "10x", "0x10", "99999999999999999999"]) expect(refusal(parse, bad)).toBe("--concurrency must be a whole number (digits only)");
    expect(refusal(parse, "0")).toBe("--concurrency must be at least 1");
    expect(refusal(o.wholeNumber("--bootstrap", 1, 1000), "5000")).toBe("--bootstrap must be from 1 to 1000");
  });

  it("take lists whose items are allowed, naming the ones that are not", () => {
    const parse = o.listOf("--note-types", o.NOTE_TYPE_CHOICES);
    expect(parse("lab, radiology")).toEqual(["lab", "radiology"]);
    expect(refusal(parse, "lab,xray,ct")).toBe(`--note-types: "xray", "ct" not allowed; allowed: ${o.NOTE_TYPE_CHOICES.join(", ")}`);
    expect(refusal(parse, " , ")).toBe("--note-types needs at least one item");
  });
});

describe("choices", () => {
  it("are the values their source modules accept", () => {
    expect([...o.CORPUS_FORMAT_CHOICES]).toEqual([...CORPUS_FORMATS]);
    expect([...o.PREDICTION_FORMAT_CHOICES].sort()).toEqual([...PREDICTION_FORMATS].sort());
    expect([...o.PROFILE_CHOICES]).toEqual([...PROFILE_IDS]);
    expect([...o.NOTE_TYPE_CHOICES]).toEqual([...NOTE_TYPES]);
    expect([...o.ENCODING_CHOICES]).toEqual([...INPUT_ENCODINGS]);
    expect([...o.OUTPUT_FORMAT_CHOICES]).toEqual([...OUTPUT_FORMATS]);
    // Types without a runtime list: the compiler checks these (tsc runs over the tests).
    expectTypeOf<(typeof o.SCOPE_CHOICES)[number]>().toEqualTypeOf<Scope>();
    expectTypeOf<(typeof o.OUT_OF_SCOPE_CHOICES)[number]>().toEqualTypeOf<OutOfScopePolicy>();
    expectTypeOf<(typeof o.CLUSTER_CHOICES)[number]>().toEqualTypeOf<ClusterBy>();
    expectTypeOf<(typeof o.REPORT_FORMAT_CHOICES)[number]>().toEqualTypeOf<ReportFormat>();
    expectTypeOf<(typeof o.NAME_SOURCE_CHOICES)[number]>().toEqualTypeOf<NameSource>();
  });
});
