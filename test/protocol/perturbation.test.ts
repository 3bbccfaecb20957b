// Pre-registered statements on perturbation cells ("recall drop under typos ≤ 2 points"): schema checks, the lock
// fixes the perturb block, and a run reads each statement from the loss's paired interval.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lockProtocol, parseProtocolObject, runProtocol, verifyProtocol } from "../../src/protocol/index.js";
import { createWorkspace } from "./workspace.js";

const perturb = { dimensions: ["typos", "casing"], measures: ["span_recall"], permutations: 300, seed: 4 };
const statement = (id: string, max: number, dimension = "typos") => ({ id, kind: "perturbation", corpus: "synth", description: `dates loses less than ${max} points under ${dimension}`, system: "dates", dimension, measure: "span_recall", max_loss_points: max });

describe("perturbation statements in protocols", () => {
  it("must name a dimension and a measure the perturb block makes", () => {
    const ws = createWorkspace();
    const base = { ...ws.protocol, perturb, statements: [statement("C", 2)] };
    expect(parseProtocolObject(base, "p.yaml").statements[0].kind).toBe("perturbation");
    expect(() => parseProtocolObject({ ...base, perturb: undefined }, "p.yaml")).toThrow(/has no perturb block/);
    expect(() => parseProtocolObject({ ...base, statements: [statement("C", 2, "names")] }, "p.yaml")).toThrow(/field statements\[0\]\.dimension: .*does not make/);
    expect(() => parseProtocolObject({ ...base, statements: [{ ...statement("C", 2), measure: "span_precision" }] }, "p.yaml")).toThrow(/not among the perturb block's measures/);
  });

  it("are fixed by the lock and read from the loss interval", async () => {
    const ws = createWorkspace({
      protocol: (p) => {
        p.perturb = perturb;
        p.statements = [statement("C", 100), statement("D", 0.001), statement("E", 100, "casing")];
      },
    });
    await lockProtocol(ws.protocolPath);
    (ws.protocol.perturb as { seed: number }).seed = 5;
    ws.writeProtocol();
    expect((await verifyProtocol(ws.protocolPath)).differences).toEqual([expect.stringMatching(/^protocol changed \(fields: content\.perturb\.seed|^protocol changed \(fields: perturb\.seed/)]);
    (ws.protocol.perturb as { seed: number }).seed = 4;
    ws.writeProtocol();
    const run = await runProtocol(ws.protocolPath, { outputRoot: join(ws.dir, "results") });
    const byId = new Map(run.statements.map((s) => [s.statement.id, s]));
    const typos = run.result.perturbation![0].cells.find((c) => c.system === "dates" && c.dimension === "typos")!;
    // Typos in dates (O for 0, l for 1, doubled digits) cost the date regex recall.
    expect(typos.delta!).toBeLessThan(0);
    expect(byId.get("C")!.held).toBe(true);
    expect(byId.get("D")!.held).toBe(false);
    expect(byId.get("D")!.conditions[0]).toMatchObject({ difference: typos.delta, low: typos.low, high: typos.high, rule: "loss interval below 0.001 points" });
    // Casing leaves digits alone: no change, held.
    expect(byId.get("E")!.held).toBe(true);
    expect(run.files).toEqual(expect.arrayContaining(["perturbation.csv", "statements.json"]));
  });
});
