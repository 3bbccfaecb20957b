// The Dutch/French regression suite: annotated sentences, scoring helpers (span-level precision and recall).
import { readFileSync } from "node:fs";
import type { DetectedSpan } from "../../../src/contract/index.js";
import { parseMarkup, type MarkedSpan } from "./markup.js";

export interface SuiteCase {
  id: string;
  family: string;
  core: boolean;
  text: string;
  gold: MarkedSpan[];
}

export function loadSuite(): SuiteCase[] {
  const path = new URL("../regression.jsonl", import.meta.url);
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.trim().length > 0)
    .map((line) => {
      const row = JSON.parse(line) as { id: string; family: string; core?: boolean; marked: string };
      const { text, spans } = parseMarkup(row.marked);
      return { id: row.id, family: row.family, core: row.core === true, text, gold: spans };
    });
}

const categoryOf = (label: string): string => label.split(":")[0];

export interface Counts {
  gold: number;
  predicted: number;
  /** Gold spans overlapped by a prediction of the same category. */
  goldHit: number;
  /** Predictions overlapping a gold span of the same category. */
  predictedHit: number;
  /** Gold spans predicted with the same offsets and the same full label. */
  exact: number;
}

export function emptyCounts(): Counts {
  return { gold: 0, predicted: 0, goldHit: 0, predictedHit: 0, exact: 0 };
}

const overlapsSameCategory = (a: { start: number; end: number; label: string }, b: { start: number; end: number; label: string }) =>
  a.start < b.end && b.start < a.end && categoryOf(a.label) === categoryOf(b.label);

export function countCase(gold: readonly MarkedSpan[], predicted: readonly DetectedSpan[]): Counts {
  return {
    gold: gold.length,
    predicted: predicted.length,
    goldHit: gold.filter((g) => predicted.some((p) => overlapsSameCategory(g, p))).length,
    predictedHit: predicted.filter((p) => gold.some((g) => overlapsSameCategory(g, p))).length,
    exact: gold.filter((g) => predicted.some((p) => p.start === g.start && p.end === g.end && p.label === g.label)).length,
  };
}

export function addCounts(a: Counts, b: Counts): Counts {
  return {
    gold: a.gold + b.gold,
    predicted: a.predicted + b.predicted,
    goldHit: a.goldHit + b.goldHit,
    predictedHit: a.predictedHit + b.predictedHit,
    exact: a.exact + b.exact,
  };
}

export interface Rates {
  overlapPrecision: number;
  overlapRecall: number;
  exactPrecision: number;
  exactRecall: number;
}

const ratio = (n: number, d: number): number => (d === 0 ? 1 : n / d);

export function rates(c: Counts): Rates {
  return {
    overlapPrecision: ratio(c.predictedHit, c.predicted),
    overlapRecall: ratio(c.goldHit, c.gold),
    exactPrecision: ratio(c.exact, c.predicted),
    exactRecall: ratio(c.exact, c.gold),
  };
}
