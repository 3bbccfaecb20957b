// `deidstack perturb` and the battery's perturb block end to end: two stacks on a slice of the shipped synthetic
// corpus, perturbed copies scored by the common scorer, the results and the chart in the battery report.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseBatteryObject } from "../../src/battery/index.js";
import { perturbBatteryObject, perturbCommand, systemIdOf } from "../../src/cli/commands/perturb.js";
import { tempDir } from "../e2e/helpers.js";

const ROOT = join(import.meta.dirname, "..", "..");
const CORPUS = join(ROOT, "protocols", "examples", "nl-synth", "corpus.jsonl");

describe("deidstack perturb", () => {
  it("names systems and builds a battery with a perturb block that the battery schema accepts", () => {
    expect(systemIdOf("rules-only")).toEqual({ id: "rules-only", stack: "rules-only" });
    expect(systemIdOf("stacks/examples/site.yaml")).toEqual({ id: "site", stack: "stacks/examples/site.yaml" });
    expect(systemIdOf("mine=./x.yaml")).toEqual({ id: "mine", stack: "./x.yaml" });
    const config = parseBatteryObject(perturbBatteryObject({ gold: CORPUS, stacks: ["rules-only"], dimensions: ["typos"], output: "x" }), "t");
    expect(config.perturb).toEqual({ dimensions: ["typos"], seed: 1, measures: ["span_recall", "core_pii_recall"], permutations: 10_000, alpha: 0.05, min_units_changed: 5 });
    expect(() => parseBatteryObject(perturbBatteryObject({ gold: CORPUS, stacks: ["rules-only"], dimensions: ["spelling"], output: "x" }), "t")).toThrow(/perturb\.dimensions\[0\]: the string/);
    expect(() => parseBatteryObject(perturbBatteryObject({ gold: CORPUS, stacks: ["rules-only"], measures: ["recall"], output: "x" }), "t")).toThrow(/unknown perturbation measure "recall"/);
  });

  it("scores two stacks on the original and each copy and writes the cells, the table and the chart", async () => {
    const dir = tempDir("deidstack-perturb-");
    const slice = join(dir, "slice.jsonl");
    writeFileSync(slice, readFileSync(CORPUS, "utf8").split("\n").slice(0, 40).join("\n") + "\n");
    const out = join(dir, "results");
    const r = await perturbCommand({
      gold: slice,
      stacks: ["rules-only", join(ROOT, "stacks", "examples", "site.yaml")],
      dimensions: ["casing", "context"],
      seed: 3,
      permutations: 999,
      replicates: 300,
      output: out,
    });
    expect(r.dir).toBe(out);
    const p = r.result.perturbation![0];
    expect(p.cells).toHaveLength(2 * 2 * 2);
    const casing = p.cells.find((c) => c.system === "rules-only" && c.dimension === "casing" && c.measure === "span_recall")!;
    // The Dutch rules read capitals: upper- or lower-cased spans lose recall, and the test says so.
    expect(casing.delta!).toBeLessThan(-0.02);
    expect(casing.high!).toBeLessThan(0);
    expect(casing.significant_loss).toBe(true);
    expect(casing.q_loss!).toBeLessThan(0.05);
    expect(p.dimensions.map((d) => d.dimension)).toEqual(["casing", "context"]);
    for (const f of ["report.md", "report.html", "perturbation.csv", "perturbation.json", "charts/perturbation-slice.svg"]) expect(existsSync(join(out, f))).toBe(true);
    const md = readFileSync(join(out, "report.md"), "utf8");
    expect(md).toMatch(/## Perturbation stability, corpus slice/);
    expect(md).toMatch(/\| rules-only \| casing \| span_recall \|/);
    expect(md).toContain("![Metric change under perturbation");
    const html = readFileSync(join(out, "report.html"), "utf8");
    expect(html).toMatch(/<figure class="chart" data-chart="perturbation" data-corpus="slice"><figcaption>[^<]+<\/figcaption><svg/);
    expect(readFileSync(join(out, "perturbation.csv"), "utf8").trim().split("\n")).toHaveLength(1 + 8);
    // The report holds counts and rates only: no note text of the corpus.
    const firstNote = JSON.parse(readFileSync(slice, "utf8").split("\n")[0]).text as string;
    for (const f of ["report.md", "report.html", "perturbation.json", "perturbation.csv"]) expect(readFileSync(join(out, f), "utf8")).not.toContain(firstNote.split("\n")[0]);
    await expect(perturbCommand({ gold: slice, stacks: ["rules-only"], output: out })).rejects.toThrow(/exists already/);
  });
});
