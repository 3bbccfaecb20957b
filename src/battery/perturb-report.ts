// The perturbation part of a battery report: a chart of the metric change per dimension (points with paired
// bootstrap intervals, one colour per system, filled when the loss is significant after Benjamini-Hochberg), a
// table per corpus, and perturbation.csv. Counts and rates only.
import type * as vl from "vega-lite";
import type { PerturbationCorpusResult } from "../eval/perturb/index.js";
import type { ChartSpec } from "./charts.js";

const FONT = "Helvetica, Arial, sans-serif";

export function perturbationChart(result: PerturbationCorpusResult): ChartSpec | undefined {
  const rows = result.cells
    .filter((c) => c.delta !== null && c.low !== null && c.high !== null)
    .map((c) => ({
      system: c.system,
      dimension: c.dimension,
      measure: c.measure,
      delta: c.delta! * 100,
      low: c.low! * 100,
      high: c.high! * 100,
      significance: c.significant_loss ? `significant loss (q < ${result.alpha})` : c.eligible ? "not significant" : "not tested",
    }));
  if (rows.length === 0) return undefined;
  const dimensions = [...new Set(result.cells.map((c) => c.dimension))];
  const spec: vl.TopLevelSpec = {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    config: { font: FONT, view: { stroke: "#ddd" }, axis: { labelFontSize: 11, titleFontSize: 12 }, legend: { labelFontSize: 11 } },
    data: { values: [...rows.map((r) => ({ ...r, kind: "cell" })), ...[...new Set(rows.map((r) => r.measure))].map((measure) => ({ measure, value: 0, kind: "zero" }))] },
    facet: { column: { field: "measure", type: "nominal", title: null, header: { labelFontSize: 12 } } },
    resolve: { scale: { x: "independent" } },
    spec: {
      width: 300,
      height: Math.max(80, 34 * dimensions.length),
      layer: [
        { transform: [{ filter: "datum.kind === 'zero'" }], mark: { type: "rule", strokeDash: [4, 3], color: "#888" }, encoding: { x: { field: "value", type: "quantitative" } } },
        {
          transform: [{ filter: "datum.kind === 'cell'" }],
          mark: { type: "rule", strokeWidth: 2 },
          encoding: {
            x: { field: "low", type: "quantitative", title: "Change under perturbation (points, perturbed − original)" },
            x2: { field: "high" },
            y: { field: "dimension", type: "nominal", sort: dimensions, title: null },
            yOffset: { field: "system", type: "nominal" },
            color: { field: "system", type: "nominal", title: "System" },
          },
        },
        {
          transform: [{ filter: "datum.kind === 'cell'" }],
          mark: { type: "point", size: 70, strokeWidth: 2 },
          encoding: {
            x: { field: "delta", type: "quantitative" },
            y: { field: "dimension", type: "nominal", sort: dimensions },
            yOffset: { field: "system", type: "nominal" },
            color: { field: "system", type: "nominal" },
            fill: { condition: { test: "indexof(datum.significance, 'significant loss') === 0", field: "system", type: "nominal" }, value: "white" },
            shape: {
              field: "significance",
              type: "nominal",
              title: "Loss",
              scale: { domain: [`significant loss (q < ${result.alpha})`, "not significant", "not tested"], range: ["circle", "square", "diamond"] },
              // The title explains the shapes: a legend of outline-only symbols drew nothing visible.
              legend: null,
            },
          },
        },
      ],
    },
  };
  return {
    name: `perturbation-${result.corpus}`,
    kind: "perturbation",
    corpus: result.corpus,
    title: `Metric change under perturbation with ${Math.round(result.confidence * 100)}% paired intervals, ${result.corpus} (filled circle: significant loss, BH q < ${result.alpha}; square: not significant; diamond: not tested)`,
    spec,
  };
}

const pts = (v: number | null) => (v === null ? "n/a" : `${v > 0 ? "+" : ""}${(v * 100).toFixed(2)}`);
const pc = (v: number | null) => (v === null ? "n/a" : (v * 100).toFixed(2));
const pval = (v: number | null) => (v === null ? "n/a" : v < 0.001 ? v.toExponential(1) : v.toFixed(3));

/** Rows of the report's perturbation table (strings), one per cell. */
export function perturbationRows(result: PerturbationCorpusResult): string[][] {
  return result.cells.map((c) => [
    c.system,
    c.dimension,
    c.measure,
    pc(c.original),
    pc(c.perturbed),
    `${pts(c.delta)} (${pts(c.low)} to ${pts(c.high)})`,
    String(c.units_changed),
    pval(c.p_loss),
    pval(c.q_loss),
    c.significant_loss ? "yes" : c.eligible ? "no" : "not tested",
  ]);
}

export const PERTURBATION_HEADER = ["System", "Dimension", "Measure", "Original (%)", "Perturbed (%)", "Change (points, interval)", "Units changed", "p (loss)", "q (BH)", "Significant loss"];

export function perturbationMethod(result: PerturbationCorpusResult): string {
  const dims = result.dimensions.map((d) => `${d.dimension} (${d.documents_changed} documents, ${d.spans_changed} gold spans changed)`).join(", ");
  return (
    `Perturbed copies (seed ${result.seed}): ${dims}. Change = perturbed − original, ratio of summed counts; ` +
    `${Math.round(result.confidence * 100)}% paired percentile bootstrap interval (${result.replicates} replicates, by ${result.cluster}); ` +
    `one-sided paired sign-flip permutation test of a loss (${result.permutations} permutations, by ${result.cluster}); ` +
    `Benjamini-Hochberg q-values, one family per system; cells with fewer than ${result.min_units_changed} changed units are not tested.`
  );
}

export function perturbationCsv(results: readonly PerturbationCorpusResult[]): string {
  const header = ["corpus", "system", "dimension", "measure", "original", "perturbed", "delta", "low", "high", "loss", "units_changed", "eligible", "p_loss", "p_two_sided", "q_loss", "significant_loss", "seed", "permutations", "replicates", "confidence", "cluster"];
  const cell = (v: string | number | boolean | null | undefined) => (v === null || v === undefined ? "" : String(v));
  const lines = results.flatMap((r) =>
    r.cells.map((c) => [r.corpus, c.system, c.dimension, c.measure, c.original, c.perturbed, c.delta, c.low, c.high, c.loss, c.units_changed, c.eligible, c.p_loss, c.p_two_sided, c.q_loss, c.significant_loss, r.seed, r.permutations, r.replicates, r.confidence, r.cluster].map(cell).join(",")),
  );
  return [header.join(","), ...lines].join("\n") + "\n";
}
