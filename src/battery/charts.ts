// The report's charts as vega-lite specs, rendered to SVG strings in Node by vega (no browser, no network):
// recall against wall time on a log scale (MedDeID Fig. 3), a forest plot of paired differences (DeidSharp Fig. 2)
// and recall per gold label as a heat map.
import type * as vl from "vega-lite";
import { directionCue, metricTitle } from "./metric-words.js";
import type { CorpusResult, SystemTiming } from "./run.js";

export interface ChartSpec {
  /** Stable name, also the file name under charts/. */
  name: string;
  kind: "recall-vs-time" | "forest" | "label-heatmap" | "perturbation";
  corpus: string;
  title: string;
  spec: vl.TopLevelSpec;
}

/** A reference line on a forest plot, e.g. a non-inferiority margin. */
export interface ForestMarker {
  corpus: string;
  measure: string;
  /** Difference in proportion units (−0.02 for a 2-point margin), as `system − reference` when those are given. */
  value: number;
  label: string;
  /**
   * The comparison the line belongs to: drawn on that row only, and on the other side of zero when the plot shows the
   * difference the other way round (reference − system). Without them the line spans the measure's whole panel.
   */
  system?: string;
  reference?: string;
}

const FONT = "Helvetica, Arial, sans-serif";
// No label, title or header is ever cut short (vega-lite truncates at 180 pixels by default).
const BASE_CONFIG = {
  font: FONT,
  view: { stroke: "#ddd" },
  axis: { labelFontSize: 11, titleFontSize: 12, labelLimit: 0, titleLimit: 0 },
  legend: { labelFontSize: 11, labelLimit: 0, titleLimit: 0 },
  header: { labelLimit: 0, titleLimit: 0 },
  title: { limit: 0 },
} as const;

/** The recall measure plotted against time: the first bootstrapped measure whose id ends in "recall". */
export function recallMeasureOf(corpus: CorpusResult): string | undefined {
  return corpus.measures.find((m) => /recall$/.test(m));
}

const MIN_SECONDS = 1e-3;

export function recallVsTimeChart(corpus: CorpusResult): ChartSpec | undefined {
  const measure = recallMeasureOf(corpus);
  if (!measure) return undefined;
  const timing = new Map<string, SystemTiming>(corpus.timings.map((t) => [t.system, t]));
  const values = corpus.bootstrap.estimates
    .filter((e) => e.metric === measure && e.estimate !== null)
    .map((e) => {
      const t = timing.get(e.system);
      return {
        system: e.system,
        seconds: Math.max(MIN_SECONDS, t?.wall_s ?? MIN_SECONDS),
        fastest: Math.max(MIN_SECONDS, t?.wall_min_s ?? MIN_SECONDS),
        slowest: Math.max(MIN_SECONDS, t?.wall_max_s ?? MIN_SECONDS),
        recall: e.estimate! * 100,
        low: (e.low ?? e.estimate!) * 100,
        high: (e.high ?? e.estimate!) * 100,
      };
    });
  const passes = Math.max(1, ...corpus.timings.map((t) => t.passes));
  const x = {
    field: "seconds",
    type: "quantitative",
    scale: { type: "log" },
    title: `Wall time for ${corpus.documents} documents, median of ${passes} timed pass${passes === 1 ? "" : "es"} (seconds, log scale; lower is better)`,
  } as const;
  const spec: vl.TopLevelSpec = {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    config: BASE_CONFIG,
    width: 460,
    height: 300,
    data: { values },
    layer: [
      { mark: { type: "rule", strokeWidth: 1.5 }, encoding: { x, y: { field: "low", type: "quantitative" }, y2: { field: "high" }, color: { field: "system", type: "nominal" } } },
      // The range of the timed passes, fastest to slowest.
      { mark: { type: "rule", strokeWidth: 1.5 }, encoding: { x: { ...x, field: "fastest" }, x2: { field: "slowest" }, y: { field: "recall", type: "quantitative" }, color: { field: "system", type: "nominal" } } },
      {
        mark: { type: "point", filled: true, size: 90 },
        encoding: {
          x,
          y: { field: "recall", type: "quantitative", title: `${metricTitle(measure)} (%; ${directionCue(measure)})`, scale: { zero: false } },
          color: { field: "system", type: "nominal", title: "System" },
          shape: { field: "system", type: "nominal" },
        },
      },
      { mark: { type: "text", dx: 8, align: "left", fontSize: 10 }, encoding: { x, y: { field: "recall", type: "quantitative" }, text: { field: "system" } } },
    ],
  };
  return {
    name: `recall-vs-time-${corpus.id}`,
    kind: "recall-vs-time",
    corpus: corpus.id,
    title: `${metricTitle(measure)} against wall time, ${corpus.id} (vertical bars: ${Math.round(corpus.bootstrap.method.confidence * 100)}% intervals; horizontal: fastest to slowest pass)`,
    spec,
  };
}

export interface PairRow {
  measure: string;
  /** The system whose value comes first in the difference (`system − versus`). */
  system: string;
  versus: string;
  comparison: string;
  difference: number;
  low: number;
  high: number;
}

/** Paired differences to plot: against the reference when there is one, else every pair. */
export function forestRows(corpus: CorpusResult, reference: string | undefined): PairRow[] {
  const rows: PairRow[] = [];
  for (const d of corpus.bootstrap.differences) {
    if (d.estimate === null || d.low === null || d.high === null) continue;
    let a = d.system_a;
    let b = d.system_b;
    let sign = 1;
    if (reference !== undefined) {
      if (a === reference) [a, b, sign] = [b, a, -1];
      else if (b !== reference) continue;
    }
    const lo = sign * d.low * 100;
    const hi = sign * d.high * 100;
    rows.push({ measure: d.metric, system: a, versus: b, comparison: `${a} − ${b}`, difference: sign * d.estimate * 100, low: Math.min(lo, hi), high: Math.max(lo, hi) });
  }
  return rows;
}

export function forestChart(corpus: CorpusResult, reference: string | undefined, markers: readonly ForestMarker[] = []): ChartSpec | undefined {
  const rows = forestRows(corpus, reference);
  if (rows.length === 0) return undefined;
  const measures = [...new Set(rows.map((r) => r.measure))];
  // Facets are named in words, with the direction in which a difference favours the first system.
  const facet = (measure: string) => `${metricTitle(measure)} (${directionCue(measure)})`;
  const lines = [
    ...measures.map((measure) => ({ measure: facet(measure), value: 0, label: "no difference", description: `no difference; measure=${measure}` })),
    ...markers
      .filter((m) => m.corpus === corpus.id && measures.includes(m.measure) && m.system === undefined)
      .map((m) => ({ measure: facet(m.measure), value: m.value * 100, label: m.label, description: `${m.label}; measure=${m.measure}` })),
  ];
  const rowMarkers = markers.flatMap((m) => {
    if (m.corpus !== corpus.id || m.system === undefined) return [];
    const row = rows.find((r) => r.measure === m.measure && ((r.system === m.system && r.versus === m.reference) || (r.system === m.reference && r.versus === m.system)));
    if (!row) return [];
    const value = (row.system === m.system ? m.value : -m.value) * 100;
    return [{ measure: facet(m.measure), comparison: row.comparison, value, label: m.label, description: `${m.label}; measure=${m.measure}; comparison=${row.comparison}; value=${value}` }];
  });
  const comparisons = [...new Set(rows.map((r) => r.comparison))];
  const spec: vl.TopLevelSpec = {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    config: BASE_CONFIG,
    data: {
      values: [
        // `description` becomes each mark's aria-label: the measure, comparison and difference a reader (or a test) can match to the table.
        ...rows.map((r) => ({ ...r, measure: facet(r.measure), kind: "pair", description: `measure=${r.measure}; comparison=${r.comparison}; difference=${r.difference}` })),
        ...lines.map((l) => ({ ...l, kind: "line" })),
        ...rowMarkers.map((l) => ({ ...l, kind: "marker" })),
      ],
    },
    facet: { row: { field: "measure", type: "nominal", title: null, sort: measures.map(facet), header: { labelAngle: 0, labelOrient: "top", labelAnchor: "start", labelFontSize: 12 } } },
    resolve: { scale: { x: "independent" } },
    spec: {
      width: 420,
      height: Math.max(40, 22 * comparisons.length),
      layer: [
        {
          transform: [{ filter: "datum.kind === 'line'" }],
          mark: { type: "rule", strokeDash: [4, 3], color: "#888" },
          encoding: { x: { field: "value", type: "quantitative" }, description: { field: "description" } },
        },
        {
          // A margin of one comparison: a red mark across that comparison's row (a rule would run to zero).
          transform: [{ filter: "datum.kind === 'marker'" }],
          mark: { type: "tick", orient: "vertical", color: "#b42318", thickness: 2 },
          encoding: { x: { field: "value", type: "quantitative" }, y: { field: "comparison", type: "nominal", sort: comparisons }, description: { field: "description" } },
        },
        {
          transform: [{ filter: "datum.kind === 'pair'" }],
          mark: { type: "rule", strokeWidth: 2 },
          encoding: {
            x: { field: "low", type: "quantitative", title: "Paired difference, first system minus second (percentage points)", axis: { format: "+~f" } },
            x2: { field: "high" },
            y: { field: "comparison", type: "nominal", title: null, sort: comparisons },
          },
        },
        {
          transform: [{ filter: "datum.kind === 'pair'" }],
          mark: { type: "point", filled: true, size: 60, shape: "square" },
          encoding: { x: { field: "difference", type: "quantitative" }, y: { field: "comparison", type: "nominal", sort: comparisons }, description: { field: "description" } },
        },
      ],
    },
  };
  return { name: `forest-${corpus.id}`, kind: "forest", corpus: corpus.id, title: `Paired differences with ${Math.round(corpus.bootstrap.method.confidence * 100)}% intervals, ${corpus.id}`, spec };
}

export interface HeatCell {
  system: string;
  label: string;
  recall: number;
  /** The label's bootstrap interval (percent); the estimate itself when the label had no interval. */
  low: number;
  high: number;
  gold: number;
}

/** Span recall per gold label and system, from the scorer's breakdown metrics, with the per-label intervals. */
export function labelRecallCells(corpus: CorpusResult): HeatCell[] {
  const cells: HeatCell[] = [];
  for (const s of corpus.score.systems) {
    for (const [id, value] of Object.entries(s.metrics)) {
      const m = /^span_recall\[label=(.+)\]$/.exec(id);
      if (!m || value === null) continue;
      const e = corpus.label_bootstrap.estimates.find((x) => x.system === s.name && x.metric === id);
      cells.push({ system: s.name, label: m[1], recall: value * 100, low: (e?.low ?? value) * 100, high: (e?.high ?? value) * 100, gold: s.totals[`gold_spans[label=${m[1]}]`] ?? 0 });
    }
  }
  return cells;
}

export function labelHeatmapChart(corpus: CorpusResult): ChartSpec | undefined {
  const cells = labelRecallCells(corpus);
  if (cells.length === 0) return undefined;
  const labels = [...new Set(cells.map((c) => c.label))].sort();
  const systems = corpus.score.systems.map((s) => s.name);
  const spec: vl.TopLevelSpec = {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    config: BASE_CONFIG,
    data: { values: cells.map((c) => ({ ...c, row: `${c.label} (n=${c.gold})`, text: [c.recall.toFixed(1), `${c.low.toFixed(0)}–${c.high.toFixed(0)}`] })) },
    width: Math.max(120, 100 * systems.length),
    height: Math.max(60, 34 * labels.length),
    encoding: {
      x: { field: "system", type: "nominal", title: null, sort: systems, axis: { orient: "top", labelAngle: 0, labelLimit: 0 } },
      y: { field: "row", type: "nominal", title: "Gold label (gold spans)", axis: { labelLimit: 0 } },
    },
    layer: [
      { mark: "rect", encoding: { color: { field: "recall", type: "quantitative", title: "Span recall (%; higher is better)", scale: { domain: [0, 100], scheme: "blues" } } } },
      {
        mark: { type: "text", fontSize: 10, lineHeight: 12 },
        encoding: { text: { field: "text" }, color: { condition: { test: "datum.recall > 60", value: "white" }, value: "black" } },
      },
    ],
  };
  return {
    name: `label-recall-${corpus.id}`,
    kind: "label-heatmap",
    corpus: corpus.id,
    title: `Span recall per gold label, ${corpus.id} (each cell: recall and its ${Math.round(corpus.label_bootstrap.method.confidence * 100)}% interval)`,
    spec,
  };
}

/** Every chart of a battery result, in report order. */
export function batteryCharts(corpora: readonly CorpusResult[], reference: string | undefined, markers: readonly ForestMarker[] = []): ChartSpec[] {
  return corpora.flatMap((c) => [recallVsTimeChart(c), forestChart(c, reference, markers), labelHeatmapChart(c)].filter((x): x is ChartSpec => x !== undefined));
}

/** Loads vega and vega-lite ahead of the first chart (a battery does it while its first system starts). */
export async function preloadChartRenderer(): Promise<void> {
  await Promise.all([import("vega"), import("vega-lite")]);
}

/** Renders a vega-lite spec to a standalone SVG string. */
export async function renderSvg(spec: vl.TopLevelSpec): Promise<string> {
  // Loaded on first use: commands that never draw (protocol lock, verify) should not pay for vega.
  const [vega, vegaLite] = await Promise.all([import("vega"), import("vega-lite")]);
  const compiled = vegaLite.compile(spec).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: "none" });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
