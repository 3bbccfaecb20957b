import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compareCommand } from "../../src/cli/commands/compare.js";
import { scoreCommand } from "../../src/cli/commands/score.js";
import { systemNames } from "../../src/cli/commands/systems.js";

const FIX = join(import.meta.dirname, "../fixtures/corpora");
const gold = join(FIX, "meddeid/gold.jsonl");
const predA = join(FIX, "meddeid/pred-a.jsonl");
const predB = join(FIX, "meddeid/pred-b.jsonl");

describe("scoreCommand", () => {
  it("prints a Markdown table and returns the versioned JSON data", async () => {
    const { data, output } = await scoreCommand({ gold, pred: `A=${predA}` });
    expect(data.format).toBe("deidstack.score.v1");
    const a = data.systems[0];
    expect(a.name).toBe("A");
    // n1: both gold spans found exactly; n2: "3 mei" found with one extra character; n3: "Geen" is a false positive
    expect(a.metrics.char_recall).toBe(1);
    expect(a.metrics.core_pii_recall).toBe(1);
    expect(a.totals.non_pii_chars_boundary_extension).toBe(1);
    expect(a.totals.non_pii_chars_false_positive).toBe(4);
    expect(a.metrics.span_precision).toBeCloseTo(3 / 4, 12);
    expect(output).toMatch(/\| metric \| A \|/);
    expect(output).toMatch(/\| core_pii_recall \| 100\.00 \|/);
    expect(output).not.toContain("Claes"); // never quotes note text
  });

  it("prints JSON with --json and counts loader warnings", async () => {
    const { output } = await scoreCommand({ gold, pred: predB, json: true, metrics: ["char_recall", "span_recall"] });
    const parsed = JSON.parse(output);
    expect(parsed.format).toBe("deidstack.score.v1");
    expect(parsed.systems[0].name).toBe("pred-b");
    expect(Object.keys(parsed.systems[0].metrics)).toEqual(["char_recall", "span_recall"]);
    expect(parsed.systems[0].warnings).toEqual([expect.objectContaining({ code: "missing_document", count: 1 })]);
    expect(parsed.input_warnings[1].warnings).toEqual([expect.objectContaining({ code: "duplicate_prediction", count: 1 })]);
  });
});

describe("compareCommand", () => {
  it("bootstraps paired differences and prints them in every format", async () => {
    const base = { gold, pred: [`A=${predA}`, `B=${predB}`], bootstrap: 300, seed: 1, cluster: "patient" as const };
    const md = await compareCommand(base);
    expect(md.data.format).toBe("deidstack.compare.v1");
    expect(md.data.bootstrap.method).toMatchObject({ replicates: 300, cluster: "patient", units: 2 });
    expect(md.data.bootstrap.metrics).toEqual(["core_pii_recall", "non_pii_redaction_rate", "span_recall", "span_precision"]);
    expect(md.output).toMatch(/Paired differences/);
    expect(md.output).toMatch(/\| core_pii_recall \| A \| B \|/);
    const csv = await compareCommand({ ...base, format: "csv" });
    expect(csv.output.split("\n")[0]).toBe("kind,metric,system_a,system_b,estimate,low,high,excludes_zero,undefined_replicates");
    expect(csv.output).toMatch(/^difference,core_pii_recall,A,B,/m);
    const json = await compareCommand({ ...base, format: "json" });
    const parsed = JSON.parse(json.output);
    expect(parsed.format).toBe("deidstack.compare.v1");
    expect(parsed.bootstrap.format).toBe("deidstack.bootstrap.v1");
    expect(parsed.score.format).toBe("deidstack.score.v1");
    const again = await compareCommand({ ...base, format: "json" });
    expect(again.output).toBe(json.output);
  });

  it("rejects two systems with the same name", () => {
    expect(() => systemNames([`A=${predA}`, `A=${predB}`])).toThrow(/named "A"/);
    expect(systemNames(["/x/y/run-1.jsonl"])).toEqual([{ name: "run-1", path: "/x/y/run-1.jsonl" }]);
  });
});
