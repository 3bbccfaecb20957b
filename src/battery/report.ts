// report.md and report.html of a battery or protocol run: numbers, ids and hashes only, never note text. The HTML
// is one self-contained file (inline CSS and SVG, a Content-Security-Policy that forbids every external load).
import type { PerturbationCorpusResult } from "../eval/perturb/index.js";
import { forestRows, type ChartSpec } from "./charts.js";
import { directionArrow, directionCue, metricTitle } from "./metric-words.js";
import { PERTURBATION_HEADER, perturbationMethod, perturbationRows } from "./perturb-report.js";
import type { BatteryResult, CorpusResult, SystemInfo } from "./run.js";

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

/** Seconds with the precision a reader can use: never "0.000" for a short but non-zero time. */
export function seconds(v: number): string {
  if (v >= 100) return v.toFixed(0);
  if (v >= 1) return v.toFixed(2);
  if (v >= 0.01) return v.toFixed(3);
  if (v > 0) return v.toPrecision(2);
  return "0";
}

interface Table {
  /** HTML id of the table. */
  id?: string;
  caption?: string;
  header: string[];
  align: ("l" | "r")[];
  rows: string[][];
  /** data-* attributes per row (HTML only), for readers and tests that check numbers, not prose. */
  rowData?: Record<string, string>[];
}

const DIRECTION_KEY = "↑ higher is better, ↓ lower is better";

function leakGuardWords(mode: SystemInfo["settings"]["leak_guard"]): string {
  return mode === "off" ? "off" : mode === "redact" ? "on (redact)" : "on (refuse)";
}

function systemsTable(result: BatteryResult): Table {
  return {
    id: "systems",
    header: ["System", "Kind", "Stack", "Stack sha256", "Detectors", "Leak guard", "Healing", "Documents at once", "Changed by the battery"],
    align: ["l", "l", "l", "l", "l", "l", "l", "r", "l"],
    rows: result.systems.map((s) => [
      s.id,
      s.kind,
      s.stack.name,
      s.stack.sha256.slice(0, 12),
      s.detectors.map((d) => `${d.id}@${d.version}`).join(", "),
      leakGuardWords(s.settings.leak_guard),
      s.settings.healing ?? "none",
      String(s.settings.documents_at_once),
      s.overrides.length ? s.overrides.map((o) => o.field).join(", ") : "nothing",
    ]),
    rowData: result.systems.map((s) => ({ system: s.id, "leak-guard": s.settings.leak_guard, overrides: s.overrides.map((o) => o.field).join(" ") })),
  };
}

function valueWords(v: unknown): string {
  return v === null || v === undefined ? "none" : typeof v === "object" ? JSON.stringify(v) : String(v as string | number | boolean | bigint);
}

/** Every setting a battery entry changed from its stack file, one line each. */
export function overrideLines(result: BatteryResult): { system: string; field: string; text: string }[] {
  return result.systems.flatMap((s) =>
    s.overrides.map((o) => ({
      system: s.id,
      field: o.field,
      text: `${s.id}: ${o.field} ${valueWords(o.value)}${o.stack_value === null ? "" : ` (stack file: ${valueWords(o.stack_value)})`}; ${o.note}`,
    })),
  );
}

function leakGuardOffSentence(result: BatteryResult): string | undefined {
  const off = result.systems.filter((s) => s.settings.leak_guard === "off").map((s) => s.id);
  if (off.length === 0) return undefined;
  return `Without the leak guard: ${off.join(", ")}. Their numbers measure detection as it is; a production run with the leak guard would withhold the documents in which a known identifier survives.`;
}

function estimatesTable(corpus: CorpusResult): Table {
  const systems = corpus.bootstrap.systems;
  return {
    caption: `Estimates (%) with ${Math.round(corpus.bootstrap.method.confidence * 100)}% percentile intervals (${DIRECTION_KEY})`,
    header: ["System", ...corpus.measures.map((m) => `${metricTitle(m)} ${directionArrow(m)}`)],
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

/**
 * Paired differences as the forest plot draws them (one list for both, so their signs agree): against the battery's
 * reference, each system minus the reference; without one, every pair, first minus second.
 */
function pairedTable(corpus: CorpusResult, reference: string | undefined): Table {
  const rows = forestRows(corpus, reference);
  const excludes = new Map(corpus.bootstrap.differences.map((d) => [`${d.metric}|${[d.system_a, d.system_b].sort().join("|")}`, d.excludes_zero]));
  return {
    id: `paired-${corpus.id}`,
    caption: `Paired differences (percentage points, ${reference === undefined ? "first system minus second" : `each system minus the reference ${reference}`}; ${Math.round(corpus.bootstrap.method.confidence * 100)}% intervals)`,
    header: ["Measure", "Comparison", "Difference (interval)", "Excludes 0"],
    align: ["l", "l", "r", "l"],
    rows: rows.map((r) => [
      `${metricTitle(r.measure)} (${directionCue(r.measure)})`,
      `${r.system} − ${r.versus}`,
      `${points(r.difference / 100)} (${points(r.low / 100)} to ${points(r.high / 100)})`,
      excludes.get(`${r.measure}|${[r.system, r.versus].sort().join("|")}`) ? "yes" : "no",
    ]),
    rowData: rows.map((r) => ({ measure: r.measure, comparison: r.comparison, difference: String(r.difference) })),
  };
}

/** Span recall per gold label with its interval, one column per system. */
function labelTable(corpus: CorpusResult): Table | undefined {
  const lb = corpus.label_bootstrap;
  if (lb.estimates.length === 0) return undefined;
  const labels = [...new Set(lb.estimates.map((e) => /\[label=(.+)\]$/.exec(e.metric)![1]))];
  const gold = corpus.score.systems[0]?.totals ?? {};
  return {
    id: `labels-${corpus.id}`,
    caption: `Span recall per gold label (%, ${Math.round(lb.method.confidence * 100)}% intervals; higher is better)`,
    header: ["Gold label", "Gold spans", ...lb.systems],
    align: ["l", "r", ...lb.systems.map(() => "r" as const)],
    rows: labels.map((label) => [
      label,
      String(gold[`gold_spans[label=${label}]`] ?? 0),
      ...lb.systems.map((system) => {
        const e = lb.estimates.find((x) => x.system === system && x.metric === `span_recall[label=${label}]`);
        return e ? withInterval(e) : "n/a";
      }),
    ]),
  };
}

function timingTable(corpus: CorpusResult, result: BatteryResult): Table {
  const passes = Math.max(...corpus.timings.map((t) => t.passes), 1);
  const setupWords = result.timing.isolation === "process" ? "process start, module loading, stack creation" : "stack creation (modules already loaded in the battery's process)";
  return {
    id: `timing-${corpus.id}`,
    caption:
      `Warm end-to-end timing: the median of ${passes} timed pass${passes === 1 ? "" : "es"} and their range (detection, healing, transform, leak guard and writing; ` +
      `set-up and warm-up apart; lower is better). Set-up is ${setupWords}, once per system on its first corpus.` +
      (passes < 3 ? " Fewer than 3 passes: the range says little about the spread." : ""),
    header: ["System", "Documents", "Wall time, median (s)", "Range (s)", "Documents/s", "Characters/s", "Set-up (s)", "Warm-up (s, documents)", "Same output every pass"],
    align: ["l", "r", "r", "r", "r", "r", "r", "r", "l"],
    rows: corpus.timings.map((t) => [
      t.system,
      String(t.documents),
      seconds(t.wall_s),
      t.passes > 1 ? `${seconds(t.wall_min_s)} to ${seconds(t.wall_max_s)}` : "one pass",
      t.documents_per_s.toFixed(2),
      t.characters_per_s.toFixed(0),
      t.setup_s === null ? `on ${t.setup_corpus}` : seconds(t.setup_s),
      t.warmup_s === null ? `on ${t.setup_corpus}` : `${seconds(t.warmup_s)} (${t.warmup_documents})`,
      t.passes < 2 ? "one pass" : t.unstable_documents === 0 ? "yes" : `no: ${t.unstable_documents} documents differ`,
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
  out.push("## Systems", "", mdTable(systemsTable(result)), "");
  const overrides = overrideLines(result);
  out.push("Settings the battery changed from the systems' stack files (or set, for external tools):", "");
  out.push(...(overrides.length ? overrides.map((o) => `- ${o.text}`) : ["- none"]), "");
  const noGuard = leakGuardOffSentence(result);
  if (noGuard) out.push(`**${noGuard}**`, "");
  out.push(methodLine(result), "");
  for (const corpus of result.corpora) {
    out.push(`## Corpus ${corpus.id}`, "");
    out.push(`${corpus.documents} documents (${corpus.format}, \`${corpus.path}\`, sha256 \`${corpus.sha256}\`), resampled by ${corpus.cluster} (${corpus.bootstrap.method.units} units); scope ${corpus.score.options.scope}.`, "");
    const labels = labelTable(corpus);
    out.push(mdTable(estimatesTable(corpus)), "", mdTable(pairedTable(corpus, result.reference)), "", ...(labels ? [mdTable(labels), ""] : []));
    out.push(mdTable(timingTable(corpus, result)), "", mdTable(countsTable(corpus)), "");
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
  const data = (i: number) =>
    Object.entries(t.rowData?.[i] ?? {})
      .map(([k, v]) => ` data-${k}="${escapeHtml(v)}"`)
      .join("");
  const body = t.rows.map((r, i) => `<tr${data(i)}>${r.map((c, j) => `<td class="${t.align[j]}">${escapeHtml(c.replace(/\*\*/g, ""))}</td>`).join("")}</tr>`).join("\n");
  return `<table${t.id ? ` id="${escapeHtml(t.id)}"` : ""}>${t.caption ? `<caption>${escapeHtml(t.caption)}</caption>` : ""}<thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`;
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
.held{color:#1a7f37;font-weight:bold}.not-held{color:#b42318;font-weight:bold}.warning{color:#b42318;font-weight:bold}`;

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
  const overrides = overrideLines(result);
  const noGuard = leakGuardOffSentence(result);
  parts.push(
    `<h2>Systems</h2>${htmlTable(systemsTable(result))}` +
      `<section id="overrides"><h3>Settings the battery changed from the systems' stack files (or set, for external tools)</h3>` +
      (overrides.length
        ? `<ul>${overrides.map((o) => `<li data-system="${escapeHtml(o.system)}" data-field="${escapeHtml(o.field)}">${escapeHtml(o.text)}</li>`).join("")}</ul>`
        : "<p>None.</p>") +
      (noGuard ? `<p id="leak-guard-off" class="warning">${escapeHtml(noGuard)}</p>` : "") +
      `</section><p>${escapeHtml(methodLine(result))}</p>`,
  );
  for (const corpus of result.corpora) {
    parts.push(`<section class="corpus" data-corpus="${escapeHtml(corpus.id)}"><h2>Corpus ${escapeHtml(corpus.id)}</h2>`);
    parts.push(`<p>${corpus.documents} documents (${escapeHtml(corpus.format)}, <code>${escapeHtml(corpus.path)}</code>, sha256 <code>${escapeHtml(corpus.sha256)}</code>), resampled by ${escapeHtml(corpus.cluster)} (${corpus.bootstrap.method.units} units); scope ${escapeHtml(corpus.score.options.scope)}.</p>`);
    for (const c of input.charts.filter((x) => x.chart.corpus === corpus.id && x.chart.kind !== "perturbation")) {
      parts.push(`<figure class="chart" data-chart="${c.chart.kind}" data-corpus="${escapeHtml(corpus.id)}"><figcaption>${escapeHtml(c.chart.title)}</figcaption>${inlineSvg(c.svg)}</figure>`);
    }
    const labels = labelTable(corpus);
    parts.push(htmlTable(estimatesTable(corpus)), htmlTable(pairedTable(corpus, result.reference)), ...(labels ? [htmlTable(labels)] : []), htmlTable(timingTable(corpus, result)), htmlTable(countsTable(corpus)));
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
