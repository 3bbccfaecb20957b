// report.md and report.html of a battery or protocol run: numbers, ids and hashes only, never note text. The HTML
// is one self-contained file (inline CSS and SVG, a Content-Security-Policy that forbids every external load).
import type { PerturbationCorpusResult } from "../eval/perturb/index.js";
import type { ChartSpec } from "./charts.js";
import { PERTURBATION_HEADER, perturbationMethod, perturbationRows } from "./perturb-report.js";
import type { BatteryResult, CorpusResult } from "./run.js";

/** One condition of a prespecified statement, as evaluated (differences in proportion units). */
export interface StatementRow {
  statement: string;
  description: string;
  corpus: string;
  condition: string;
  rule: string;
  difference: number | null;
  low: number | null;
  high: number | null;
  held: boolean;
  statementHeld: boolean;
}

export interface ProtocolReportInfo {
  id: string;
  title?: string;
  lockFile: string;
  lockSha256: string;
  lockedAt: string;
  protocolSha256: string;
  toolVersionsProbed: boolean;
  amendments: { date: string; reason: string; change?: string }[];
  statements: StatementRow[];
}

export interface RenderedChart {
  chart: ChartSpec;
  svg: string;
  /** Path of the chart's SVG file relative to the report. */
  file: string;
}

export interface ReportInput {
  result: BatteryResult;
  charts: readonly RenderedChart[];
  software: { name: string; version: string };
  protocol?: ProtocolReportInfo;
}

export function pct(v: number | null | undefined, digits = 2): string {
  return v === null || v === undefined || !Number.isFinite(v) ? "n/a" : (v * 100).toFixed(digits);
}

export function points(v: number | null | undefined, digits = 2): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return "n/a";
  const s = (v * 100).toFixed(digits);
  return v > 0 ? `+${s}` : s;
}

function withInterval(e: { estimate: number | null; low: number | null; high: number | null }, signed = false): string {
  const f = signed ? points : pct;
  return `${f(e.estimate)} (${f(e.low)} to ${f(e.high)})`;
}

function seconds(v: number): string {
  return v >= 100 ? v.toFixed(0) : v >= 1 ? v.toFixed(2) : v.toFixed(3);
}

interface Table {
  caption?: string;
  header: string[];
  align: ("l" | "r")[];
  rows: string[][];
}

function systemsTable(result: BatteryResult): Table {
  return {
    header: ["System", "Kind", "Stack", "Stack sha256", "Detectors"],
    align: ["l", "l", "l", "l", "l"],
    rows: result.systems.map((s) => [s.id, s.kind, s.stack.name, s.stack.sha256.slice(0, 12), s.detectors.map((d) => `${d.id}@${d.version}`).join(", ")]),
  };
}

function estimatesTable(corpus: CorpusResult): Table {
  const systems = corpus.bootstrap.systems;
  return {
    caption: `Estimates (%) with ${Math.round(corpus.bootstrap.method.confidence * 100)}% percentile intervals`,
    header: ["System", ...corpus.measures],
    align: ["l", ...corpus.measures.map(() => "r" as const)],
    rows: systems.map((system) => [
      system,
      ...corpus.measures.map((m) => {
        const e = corpus.bootstrap.estimates.find((x) => x.system === system && x.metric === m);
        return e ? withInterval(e) : "n/a";
      }),
    ]),
  };
}

function pairedTable(corpus: CorpusResult): Table {
  return {
    caption: "Paired differences (percentage points, first system minus second)",
    header: ["Measure", "Comparison", "Difference (interval)", "Excludes 0"],
    align: ["l", "l", "r", "l"],
    rows: corpus.bootstrap.differences.map((d) => [d.metric, `${d.system_a} − ${d.system_b}`, withInterval(d, true), d.excludes_zero ? "yes" : "no"]),
  };
}

function timingTable(corpus: CorpusResult): Table {
  return {
    caption: "Warm end-to-end timing (set-up and warm-up excluded; detection, healing, transform and writing included)",
    header: ["System", "Documents", "Wall time (s)", "Documents/s", "Characters/s", "Set-up (s)", "Warm-up (s, documents)"],
    align: ["l", "r", "r", "r", "r", "r", "r"],
    rows: corpus.timings.map((t) => [
      t.system,
      String(t.documents),
      seconds(t.wall_s),
      t.documents_per_s.toFixed(2),
      t.characters_per_s.toFixed(0),
      seconds(t.setup_s),
      `${seconds(t.warmup_s)} (${t.warmup_documents})`,
    ]),
  };
}

function countsTable(corpus: CorpusResult): Table {
  return {
    caption: "Totals",
    header: ["System", "Gold spans", "Gold spans hit", "Predicted spans", "Predictions touching gold", "Gold characters", "Gold characters hit"],
    align: ["l", "r", "r", "r", "r", "r", "r"],
    rows: corpus.score.systems.map((s) => [
      s.name,
      ...["gold_spans", "gold_spans_hit", "pred_spans", "pred_spans_touching_gold", "gold_chars", "gold_chars_hit"].map((f) => String(s.totals[f] ?? 0)),
    ]),
  };
}

function statementsTable(protocol: ProtocolReportInfo): Table {
  return {
    header: ["Statement", "Corpus", "Condition", "Rule", "Paired difference (points, interval)", "Condition held", "Statement held"],
    align: ["l", "l", "l", "l", "r", "l", "l"],
    rows: protocol.statements.map((r) => [
      `${r.statement}: ${r.description}`,
      r.corpus,
      r.condition,
      r.rule,
      withInterval({ estimate: r.difference, low: r.low, high: r.high }, true),
      r.held ? "yes" : "no",
      r.statementHeld ? "**yes**" : "**no**",
    ]),
  };
}

function mdTable(t: Table): string {
  const sep = t.align.map((a) => (a === "r" ? "---:" : "---"));
  const lines = [t.header, sep, ...t.rows].map((r) => `| ${r.map((c) => c.replace(/\|/g, "\\|")).join(" | ")} |`);
  return (t.caption ? `${t.caption}\n\n` : "") + lines.join("\n");
}

function methodLine(result: BatteryResult): string {
  const m = result.corpora[0]?.bootstrap.method;
  if (!m) return "";
  return `Paired percentile bootstrap: ${m.replicates} replicates, seed ${m.seed}, ${Math.round(m.confidence * 100)}% intervals, one multiplicity vector per replicate shared by every system; PRNG ${m.prng}; rates are ratios of summed per-document counts.`;
}

function warningsOf(corpus: CorpusResult): string[] {
  return [
    ...corpus.gold_warnings.map((w) => `gold: ${w.code} × ${w.count}: ${w.message}`),
    ...corpus.score.systems.flatMap((s) => s.warnings.map((w) => `${s.name}: ${w.code} × ${w.count}: ${w.message}`)),
    ...corpus.bootstrap.warnings.map((w) => `bootstrap: ${w.code} × ${w.count}: ${w.message}`),
    ...corpus.score.notes.map((n) => `note: ${n}`),
  ];
}

export function renderMarkdown(input: ReportInput): string {
  const { result, protocol } = input;
  const out: string[] = [];
  out.push(`# ${protocol ? "Protocol" : "Battery"} ${result.id}${result.title ? `: ${result.title}` : ""}`, "");
  out.push(`Run ${result.started_at} to ${result.finished_at} with ${input.software.name} ${input.software.version}. Counts and rates only; no note text.`, "");
  if (protocol) {
    out.push("## Pre-registration", "");
    out.push(`- Lock file: \`${protocol.lockFile}\`, sha256 \`${protocol.lockSha256}\`, locked ${protocol.lockedAt}`);
    out.push(`- Protocol sha256 (amendments excluded): \`${protocol.protocolSha256}\``);
    out.push(`- Every file and version fixed by the lock was verified before this run.${protocol.toolVersionsProbed ? "" : " External tool versions were not probed at lock time."}`);
    out.push("", "### Statements", "");
    const held = new Set(protocol.statements.filter((s) => s.statementHeld).map((s) => s.statement));
    const all = new Set(protocol.statements.map((s) => s.statement));
    out.push(`${held.size} of ${all.size} prespecified statements held.`, "", mdTable(statementsTable(protocol)), "");
    out.push("### Amendments", "");
    if (protocol.amendments.length === 0) out.push("None.");
    for (const [i, a] of protocol.amendments.entries()) out.push(`${i + 1}. ${a.date}: ${a.reason}${a.change ? ` (change: ${a.change})` : ""}`);
    out.push("");
  }
  out.push("## Systems", "", mdTable(systemsTable(result)), "", methodLine(result), "");
  for (const corpus of result.corpora) {
    out.push(`## Corpus ${corpus.id}`, "");
    out.push(`${corpus.documents} documents (${corpus.format}, \`${corpus.path}\`, sha256 \`${corpus.sha256}\`), resampled by ${corpus.cluster} (${corpus.bootstrap.method.units} units); scope ${corpus.score.options.scope}.`, "");
    out.push(mdTable(estimatesTable(corpus)), "", mdTable(pairedTable(corpus)), "", mdTable(timingTable(corpus)), "", mdTable(countsTable(corpus)), "");
    for (const c of input.charts.filter((x) => x.chart.corpus === corpus.id && x.chart.kind !== "perturbation")) out.push(`![${c.chart.title}](${c.file})`, "");
    const warnings = warningsOf(corpus);
    if (warnings.length) out.push("Warnings and notes:", "", ...warnings.map((w) => `- ${w}`), "");
  }
  for (const p of result.perturbation ?? []) {
    out.push(`## Perturbation stability, corpus ${p.corpus}`, "", perturbationMethod(p), "");
    for (const c of input.charts.filter((x) => x.chart.kind === "perturbation" && x.chart.corpus === p.corpus)) out.push(`![${c.chart.title}](${c.file})`, "");
    out.push(mdTable(perturbationTable(p)), "");
  }
  return out.join("\n");
}

function perturbationTable(p: PerturbationCorpusResult): Table {
  return { caption: "Change per system, dimension and measure (points; significant loss: BH q below the plan's alpha and a positive loss)", header: PERTURBATION_HEADER, align: PERTURBATION_HEADER.map((_, i) => (i < 3 || i === 9 ? "l" : "r")), rows: perturbationRows(p) };
}

export function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

function htmlTable(t: Table): string {
  const head = t.header.map((h, i) => `<th class="${t.align[i]}">${escapeHtml(h)}</th>`).join("");
  const body = t.rows.map((r) => `<tr>${r.map((c, i) => `<td class="${t.align[i]}">${escapeHtml(c.replace(/\*\*/g, ""))}</td>`).join("")}</tr>`).join("\n");
  return `<table>${t.caption ? `<caption>${escapeHtml(t.caption)}</caption>` : ""}<thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

/** An SVG made safe to inline: no XML prolog, no script, no external references. */
export function inlineSvg(svg: string): string {
  return svg
    .replace(/<\?xml[^>]*\?>/g, "")
    .replace(/<script[\s\S]*?<\/script>/gi, "")
    .replace(/\s(?:xlink:)?href="(?!#)[^"]*"/g, "");
}

const CSS = `body{font-family:Helvetica,Arial,sans-serif;margin:2rem auto;max-width:1100px;color:#222;line-height:1.4}
table{border-collapse:collapse;margin:1rem 0;font-size:.9rem}caption{text-align:left;font-weight:bold;padding:.3rem 0}
th,td{border-bottom:1px solid #ddd;padding:.25rem .6rem}th{background:#f4f4f4}.r{text-align:right}.l{text-align:left}
figure{margin:1.5rem 0}figcaption{font-weight:bold;margin-bottom:.4rem}code{background:#f4f4f4;padding:0 .2rem}
.held{color:#1a7f37;font-weight:bold}.not-held{color:#b42318;font-weight:bold}`;

export function renderHtml(input: ReportInput): string {
  const { result, protocol } = input;
  const title = `${protocol ? "Protocol" : "Battery"} ${result.id}${result.title ? `: ${result.title}` : ""}`;
  const parts: string[] = [];
  parts.push(`<h1>${escapeHtml(title)}</h1>`);
  parts.push(`<p>Run ${escapeHtml(result.started_at)} to ${escapeHtml(result.finished_at)} with ${escapeHtml(input.software.name)} ${escapeHtml(input.software.version)}. Counts and rates only; no note text.</p>`);
  if (protocol) {
    const held = new Set(protocol.statements.filter((s) => s.statementHeld).map((s) => s.statement));
    const all = new Set(protocol.statements.map((s) => s.statement));
    parts.push(`<section id="pre-registration"><h2>Pre-registration</h2><ul>
<li>Lock file <code>${escapeHtml(protocol.lockFile)}</code>, sha256 <code id="lock-sha256">${escapeHtml(protocol.lockSha256)}</code>, locked ${escapeHtml(protocol.lockedAt)}</li>
<li>Protocol sha256 (amendments excluded) <code>${escapeHtml(protocol.protocolSha256)}</code></li>
<li>Every file and version fixed by the lock was verified before this run.${protocol.toolVersionsProbed ? "" : " External tool versions were not probed at lock time."}</li></ul>
<h3>Statements</h3><p>${held.size} of ${all.size} prespecified statements held.</p>
${[...all].map((id) => `<p id="statement-${escapeHtml(id)}" class="${held.has(id) ? "held" : "not-held"}">Statement ${escapeHtml(id)}: ${held.has(id) ? "held" : "not held"}</p>`).join("\n")}
${htmlTable(statementsTable(protocol))}
<h3>Amendments</h3>${protocol.amendments.length === 0 ? "<p>None.</p>" : `<ol id="amendments">${protocol.amendments.map((a) => `<li>${escapeHtml(a.date)}: ${escapeHtml(a.reason)}${a.change ? ` (change: ${escapeHtml(a.change)})` : ""}</li>`).join("")}</ol>`}</section>`);
  }
  parts.push(`<h2>Systems</h2>${htmlTable(systemsTable(result))}<p>${escapeHtml(methodLine(result))}</p>`);
  for (const corpus of result.corpora) {
    parts.push(`<section class="corpus" data-corpus="${escapeHtml(corpus.id)}"><h2>Corpus ${escapeHtml(corpus.id)}</h2>`);
    parts.push(`<p>${corpus.documents} documents (${escapeHtml(corpus.format)}, <code>${escapeHtml(corpus.path)}</code>, sha256 <code>${escapeHtml(corpus.sha256)}</code>), resampled by ${escapeHtml(corpus.cluster)} (${corpus.bootstrap.method.units} units); scope ${escapeHtml(corpus.score.options.scope)}.</p>`);
    for (const c of input.charts.filter((x) => x.chart.corpus === corpus.id && x.chart.kind !== "perturbation")) {
      parts.push(`<figure class="chart" data-chart="${c.chart.kind}" data-corpus="${escapeHtml(corpus.id)}"><figcaption>${escapeHtml(c.chart.title)}</figcaption>${inlineSvg(c.svg)}</figure>`);
    }
    parts.push(htmlTable(estimatesTable(corpus)), htmlTable(pairedTable(corpus)), htmlTable(timingTable(corpus)), htmlTable(countsTable(corpus)));
    const warnings = warningsOf(corpus);
    if (warnings.length) parts.push(`<h3>Warnings and notes</h3><ul>${warnings.map((w) => `<li>${escapeHtml(w)}</li>`).join("")}</ul>`);
    parts.push("</section>");
  }
  for (const p of result.perturbation ?? []) {
    parts.push(`<section class="perturbation" data-corpus="${escapeHtml(p.corpus)}"><h2>Perturbation stability, corpus ${escapeHtml(p.corpus)}</h2><p>${escapeHtml(perturbationMethod(p))}</p>`);
    for (const c of input.charts.filter((x) => x.chart.kind === "perturbation" && x.chart.corpus === p.corpus)) {
      parts.push(`<figure class="chart" data-chart="perturbation" data-corpus="${escapeHtml(p.corpus)}"><figcaption>${escapeHtml(c.chart.title)}</figcaption>${inlineSvg(c.svg)}</figure>`);
    }
    parts.push(htmlTable(perturbationTable(p)), "</section>");
  }
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${CSS}</style></head>
<body>
${parts.join("\n")}
</body></html>
`;
}
