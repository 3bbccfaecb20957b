import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { bootstrapCompare, scoreCorpus, type BootstrapResult } from "../../src/eval/index.js";
import type { Document } from "../../src/contract/index.js";
import { evaluateStatements, lockProtocol, pairedDifference, runProtocol, type Statement } from "../../src/protocol/index.js";
import { REGEX_PLUGIN, createWorkspace, sha256, stackYaml } from "./workspace.js";

function bootstrapWith(differences: { a: string; b: string; metric: string; estimate: number | null; low: number | null; high: number | null }[]): BootstrapResult {
  return {
    differences: differences.map((d) => ({ metric: d.metric, system_a: d.a, system_b: d.b, estimate: d.estimate, low: d.low, high: d.high, undefined_replicates: 0, excludes_zero: false })),
  } as unknown as BootstrapResult;
}

const sup = (system: string, reference: string, measure = "span_recall"): Statement => ({ id: "S", description: "d", corpus: "c", kind: "superiority", system, reference, measure });
const noninf = (system: string, reference: string, margin: number, measure = "span_recall"): Statement => ({ id: "N", description: "d", corpus: "c", kind: "non-inferiority", system, reference, measure, margin_points: margin });

describe("statement rules", () => {
  const boot = bootstrapWith([
    { a: "X", b: "Y", metric: "span_recall", estimate: 0.03, low: 0.01, high: 0.05 },
    { a: "X", b: "Y", metric: "span_precision", estimate: -0.01, low: -0.019, high: 0.004 },
    { a: "X", b: "Z", metric: "span_recall", estimate: 0.0, low: -0.02, high: 0.02 },
    { a: "X", b: "W", metric: "span_recall", estimate: null, low: null, high: null },
  ]);
  const byCorpus = new Map([["c", boot]]);

  it("superiority holds when the paired interval lies above zero", () => {
    const [held] = evaluateStatements([sup("X", "Y")], byCorpus);
    expect(held).toMatchObject({ held: true, conditions: [{ difference: 0.03, low: 0.01, high: 0.05, held: true, rule: "interval above 0" }] });
    expect(evaluateStatements([sup("X", "Z")], byCorpus)[0].held).toBe(false);
  });

  it("reads the difference the other way round when the reference came first", () => {
    expect(pairedDifference(boot, "Y", "X", "span_recall")).toEqual({ estimate: -0.03, low: -0.05, high: -0.01 });
    const [o] = evaluateStatements([sup("Y", "X")], byCorpus);
    expect(o.held).toBe(false);
    expect(o.conditions[0]).toMatchObject({ difference: -0.03, low: -0.05, high: -0.01 });
  });

  it("non-inferiority holds when the lower bound lies above −margin, strictly", () => {
    expect(evaluateStatements([noninf("X", "Y", 2, "span_precision")], byCorpus)[0].held).toBe(true);
    expect(evaluateStatements([noninf("X", "Y", 1.9, "span_precision")], byCorpus)[0].held).toBe(false);
    expect(evaluateStatements([noninf("X", "Z", 2)], byCorpus)[0].held).toBe(false);
    expect(evaluateStatements([noninf("X", "Z", 2.01)], byCorpus)[0].held).toBe(true);
  });

  it("a conjunction holds only when every condition holds", () => {
    const b: Statement = {
      id: "B",
      description: "loses at most 2 points of recall and has higher precision",
      corpus: "c",
      kind: "all",
      conditions: [
        { kind: "non-inferiority", system: "X", reference: "Z", measure: "span_recall", margin_points: 2.5 },
        { kind: "superiority", system: "X", reference: "Y", measure: "span_recall" },
      ],
    };
    expect(evaluateStatements([b], byCorpus)[0]).toMatchObject({ held: true, conditions: [{ held: true }, { held: true }] });
    const failing = { ...b, conditions: [b.conditions[0], { kind: "superiority" as const, system: "X", reference: "Y", measure: "span_precision" }] };
    expect(evaluateStatements([failing], byCorpus)[0]).toMatchObject({ held: false, conditions: [{ held: true }, { held: false }] });
  });

  it("an undefined interval never holds", () => {
    expect(evaluateStatements([noninf("X", "W", 50)], byCorpus)[0]).toMatchObject({ held: false, conditions: [{ low: null }] });
  });

  it("agrees with the bootstrap's own paired differences on real counts", () => {
    const gold: Document[] = Array.from({ length: 30 }, (_, i) => ({
      document_id: `d${i}`,
      patient_id: `p${i % 9}`,
      text: "Jan Peeters 01-02-2024 en Els",
      spans: [
        { start: 0, end: 11, label: "Name:Patient" },
        { start: 12, end: 22, label: "Date" },
        { start: 26, end: 29, label: "Name:Other" },
      ],
    }));
    const pick = (f: (i: number) => { start: number; end: number }[]) =>
      new Map(gold.map((d, i) => [d.document_id, f(i).map((s) => ({ ...s, label: "Date" as const }))]));
    const score = scoreCorpus(gold, {
      A: pick((i) => (i % 3 === 0 ? [{ start: 0, end: 3 }] : [{ start: 0, end: 3 }, { start: 12, end: 22 }])),
      B: pick((i) => (i % 4 === 0 ? [] : [{ start: 12, end: 22 }])),
    });
    const boot = bootstrapCompare(new Map(score.systems.map((s) => [s.name, s.matrix])), { metrics: ["span_recall"], replicates: 500, seed: 3, cluster: "patient" });
    const [o] = evaluateStatements([{ ...sup("B", "A"), corpus: "c" }], new Map([["c", boot]]));
    const d = boot.differences[0];
    expect(o.conditions[0]).toMatchObject({ difference: -d.estimate!, low: -d.high!, high: -d.low! });
  });
});

describe("statements on a fixture corpus with known intervals", () => {
  it("reads degenerate paired intervals exactly and reports them as held or not held", async () => {
    // Every note has one name and one date: "all" finds both (recall 1), "dates" finds the date (recall 0.5),
    // "noisy" finds the date and one word that is not PHI (recall 0.5, precision 0.5). Every replicate therefore
    // gives the same differences, so each interval is a single known value.
    const notes = Array.from({ length: 16 }, (_, i) => {
      const text = `Patiënt Vermeulen gezien op 0${(i % 9) + 1}-03-2024 voor controle.`;
      const date = /\d{2}-\d{2}-\d{4}/.exec(text)!;
      return {
        document_id: `n${i}`,
        patient_id: `p${i % 5}`,
        text,
        spans: [
          { begin: 8, end: 17, label: "Name:Patient" },
          { begin: date.index, end: date.index + 10, label: "Date" },
        ],
      };
    });
    const ws = createWorkspace({
      protocol: (p) => {
        p.systems = [
          { id: "all", stack: "stacks/all.yaml" },
          { id: "dates", stack: "stacks/dates.yaml" },
          { id: "noisy", stack: "stacks/noisy.yaml" },
        ];
        p.measures = ["span_recall", "span_precision"];
        p.statements = [
          { id: "A", kind: "superiority", corpus: "synth", description: "all finds more than dates", system: "all", reference: "dates", measure: "span_recall" },
          {
            id: "B",
            kind: "all",
            corpus: "synth",
            description: "dates loses at most 2 points of recall and has higher precision than noisy",
            conditions: [
              { kind: "non-inferiority", system: "dates", reference: "noisy", measure: "span_recall", margin_points: 2 },
              { kind: "superiority", system: "dates", reference: "noisy", measure: "span_precision" },
            ],
          },
          { id: "C", kind: "superiority", corpus: "synth", description: "dates finds more than noisy", system: "dates", reference: "noisy", measure: "span_recall" },
        ];
      },
    });
    writeFileSync(ws.corpusPath, notes.map((n) => JSON.stringify(n)).join("\n") + "\n");
    (ws.protocol.corpora as { sha256: string }[])[0].sha256 = sha256(ws.corpusPath);
    ws.writeProtocol();
    writeFileSync(join(ws.dir, "stacks", "all.yaml"), stackYaml("all", [{ use: REGEX_PLUGIN, with: { pattern: "Vermeulen|\\d{2}-\\d{2}-\\d{4}", label: "Date" } }]));
    writeFileSync(join(ws.dir, "stacks", "noisy.yaml"), stackYaml("noisy", [{ use: REGEX_PLUGIN, with: { pattern: "controle|\\d{2}-\\d{2}-\\d{4}", label: "Date" } }]));
    await lockProtocol(ws.protocolPath);
    const run = await runProtocol(ws.protocolPath, { outputRoot: join(ws.dir, "results") });
    const byId = Object.fromEntries(run.statements.map((s) => [s.statement.id, s]));
    expect(byId.A).toMatchObject({ held: true, conditions: [{ difference: 0.5, low: 0.5, high: 0.5, held: true }] });
    expect(byId.B).toMatchObject({ held: true, conditions: [{ difference: 0, low: 0, high: 0, held: true }, { difference: 0.5, low: 0.5, high: 0.5, held: true }] });
    expect(byId.C).toMatchObject({ held: false, conditions: [{ difference: 0, low: 0, high: 0, held: false }] });
    expect(run.files).toEqual(expect.arrayContaining(["statements.json", "statements.csv", "lock.json", "report.md", "report.html"]));
  });
});
