// Reading prespecified statements from paired bootstrap intervals: superiority holds when the interval of
// system − reference lies above zero; non-inferiority when its lower bound lies above −margin; a conjunction
// when every condition holds. Each statement is read from its own interval, without multiplicity adjustment.
import type { BootstrapResult, PairedDifference } from "../eval/index.js";
import type { PerturbationCorpusResult } from "../eval/perturb/index.js";
import type { StatementRow } from "../battery/index.js";
import { conditionsOf, type Condition, type Statement } from "./schema.js";

export interface ConditionOutcome {
  condition: Condition;
  /** system − reference, in proportion units. */
  difference: number | null;
  low: number | null;
  high: number | null;
  held: boolean;
  /** The rule applied, in words. */
  rule: string;
}

export interface StatementOutcome {
  statement: Statement;
  held: boolean;
  conditions: ConditionOutcome[];
}

/** The paired difference system − reference for a measure, turned around when the bootstrap computed it the other way. */
export function pairedDifference(bootstrap: BootstrapResult, system: string, reference: string, measure: string): Pick<PairedDifference, "estimate" | "low" | "high"> | undefined {
  for (const d of bootstrap.differences) {
    if (d.metric !== measure) continue;
    if (d.system_a === system && d.system_b === reference) return { estimate: d.estimate, low: d.low, high: d.high };
    if (d.system_a === reference && d.system_b === system) {
      const neg = (v: number | null) => (v === null ? null : -v);
      return { estimate: neg(d.estimate), low: neg(d.high), high: neg(d.low) };
    }
  }
  return undefined;
}

export function ruleOf(condition: Condition): string {
  if (condition.kind === "perturbation") return `loss interval below ${condition.max_loss_points} points`;
  return condition.kind === "superiority"
    ? "interval above 0"
    : `lower bound above −${condition.margin_points} points`;
}

/** Whether an interval satisfies a condition; an undefined interval never does. */
export function conditionHolds(condition: Exclude<Condition, { kind: "perturbation" }>, low: number | null): boolean {
  if (low === null || !Number.isFinite(low)) return false;
  const threshold = condition.kind === "superiority" ? 0 : -condition.margin_points / 100;
  return low > threshold;
}

/**
 * A perturbation condition on its cell: held when the upper end of the loss's paired interval lies below the
 * maximum (strictly); the reported difference is the change perturbed − original, with its interval.
 */
export function evaluatePerturbationCondition(condition: Extract<Condition, { kind: "perturbation" }>, perturbation: PerturbationCorpusResult | undefined): ConditionOutcome {
  const cell = perturbation?.cells.find((c) => c.system === condition.system && c.dimension === condition.dimension && c.measure === condition.measure);
  const rule = ruleOf(condition);
  if (!cell || cell.delta === null || cell.low === null || cell.high === null) return { condition, difference: null, low: null, high: null, held: false, rule };
  // loss = −change, or +change where higher is worse (loss and change have opposite signs unless the measure is a rate of harm).
  const lossHigh = cell.loss === cell.delta ? cell.high : -cell.low;
  return { condition, difference: cell.delta, low: cell.low, high: cell.high, held: lossHigh < condition.max_loss_points / 100, rule };
}

export function evaluateCondition(condition: Exclude<Condition, { kind: "perturbation" }>, bootstrap: BootstrapResult): ConditionOutcome {
  const d = pairedDifference(bootstrap, condition.system, condition.reference, condition.measure);
  const low = d?.low ?? null;
  return { condition, difference: d?.estimate ?? null, low, high: d?.high ?? null, held: conditionHolds(condition, low), rule: ruleOf(condition) };
}

/** Evaluates every statement on the bootstrap of its corpus. */
export function evaluateStatements(
  statements: readonly Statement[],
  bootstrapByCorpus: ReadonlyMap<string, BootstrapResult>,
  perturbationByCorpus: ReadonlyMap<string, PerturbationCorpusResult> = new Map(),
): StatementOutcome[] {
  return statements.map((statement) => {
    const bootstrap = bootstrapByCorpus.get(statement.corpus);
    const conditions = conditionsOf(statement).map((c) =>
      c.kind === "perturbation"
        ? evaluatePerturbationCondition(c, perturbationByCorpus.get(statement.corpus))
        : bootstrap
          ? evaluateCondition(c, bootstrap)
          : { condition: c, difference: null, low: null, high: null, held: false, rule: ruleOf(c) },
    );
    return { statement, held: conditions.every((c) => c.held), conditions };
  });
}

export function describeCondition(c: Condition): string {
  if (c.kind === "perturbation") return `${c.measure}: ${c.system} loses at most ${c.max_loss_points} points under ${c.dimension} (change perturbed − original)`;
  return c.kind === "superiority"
    ? `${c.measure}: ${c.system} higher than ${c.reference}`
    : `${c.measure}: ${c.system} at most ${c.margin_points} points below ${c.reference}`;
}

/** One report row per condition. */
export function statementRows(outcomes: readonly StatementOutcome[]): StatementRow[] {
  return outcomes.flatMap((o) =>
    o.conditions.map((c) => ({
      statement: o.statement.id,
      description: o.statement.description,
      corpus: o.statement.corpus,
      condition: describeCondition(c.condition),
      rule: c.rule,
      difference: c.difference,
      low: c.low,
      high: c.high,
      held: c.held,
      statementHeld: o.held,
    })),
  );
}

export const STATEMENTS_FORMAT = "deidstack.statements.v1";

export function statementsJson(outcomes: readonly StatementOutcome[], meta: { protocol: string; lockSha256: string; confidence: number; replicates: number }) {
  return {
    format: STATEMENTS_FORMAT,
    protocol: meta.protocol,
    lock_sha256: meta.lockSha256,
    confidence: meta.confidence,
    replicates: meta.replicates,
    statements: outcomes.map((o) => ({
      id: o.statement.id,
      description: o.statement.description,
      corpus: o.statement.corpus,
      held: o.held,
      conditions: o.conditions.map((c) => ({ ...c.condition, rule: c.rule, difference: c.difference, low: c.low, high: c.high, held: c.held })),
    })),
  };
}
