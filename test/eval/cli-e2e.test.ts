import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../e2e/helpers.js";

const FIX = join(import.meta.dirname, "../fixtures/corpora");

describe("deidstack score / compare (real CLI)", () => {
  it("scores and compares from the command line", async () => {
    const score = await runCli(["score", "--gold", join(FIX, "i2b2"), "--pred", `self=${join(FIX, "i2b2")}`, "--pred-format", "i2b2-2014", "--scope", "safe-harbor", "--json"]);
    expect(score.code).toBe(0);
    const parsed = JSON.parse(score.stdout);
    expect(parsed.format).toBe("deidstack.score.v1");
    expect(parsed.systems[0].metrics.span_recall).toBe(1);
    expect(parsed.systems[0].metrics.span_precision).toBeCloseTo(5 / 7, 12); // the age 45 and the bare year are false positives
    const compare = await runCli([
      "compare",
      "--gold", join(FIX, "meddeid/gold.jsonl"),
      "--pred", `A=${join(FIX, "meddeid/pred-a.jsonl")}`,
      "--pred", `B=${join(FIX, "meddeid/pred-b.jsonl")}`,
      "--bootstrap", "200", "--seed", "7", "--cluster", "patient", "--format", "csv",
    ]);
    expect(compare.code).toBe(0);
    expect(compare.stdout).toMatch(/^difference,core_pii_recall,A,B,/m);
  }, 60_000);

  it("exits 2 with a coded message on a bad option", async () => {
    const r = await runCli(["compare", "--gold", join(FIX, "meddeid/gold.jsonl"), "--pred", `A=${join(FIX, "meddeid/pred-a.jsonl")}`, "--cluster", "ward"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/E_CONFIG: option .--cluster <unit>. argument .ward. is invalid\. Allowed choices are document, patient\./);
  }, 60_000);
});
