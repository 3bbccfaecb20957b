import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { batteryCommand, type BatteryCommandResult } from "../../src/cli/commands/battery.js";
import { loadJsonlDocuments } from "../../src/contract/index.js";
import { forestRows, labelRecallCells, parseBatteryObject, type CorpusResult } from "../../src/battery/index.js";

const FIXTURES = join(import.meta.dirname, "..", "fixtures", "battery");

function allFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? allFiles(join(dir, e.name)) : [join(dir, e.name)]));
}

describe("battery on a fixture corpus", () => {
  let run: BatteryCommandResult;
  const outputRoot = mkdtempSync(join(tmpdir(), "deidstack-battery-results-"));

  beforeAll(async () => {
    run = await batteryCommand(join(FIXTURES, "battery.yaml"), { outputRoot });
  });

  it("writes every artifact into results/<battery-id>/<timestamp>/", () => {
    expect(run.dir.startsWith(join(outputRoot, "test-battery"))).toBe(true);
    expect(run.files).toEqual(
      expect.arrayContaining([
        "counts.json",
        "estimates.csv",
        "paired.csv",
        "timing.csv",
        "labels.csv",
        "report.md",
        "report.html",
        "run.json",
        "charts/recall-vs-time-synth.svg",
        "charts/forest-synth.svg",
        "charts/label-recall-synth.svg",
      ]),
    );
    for (const f of run.files) expect(existsSync(join(run.dir, f))).toBe(true);
  });

  it("times every system in three passes per corpus after set-up and warm-up, and reports their median and range", () => {
    const timing = readFileSync(join(run.dir, "timing.csv"), "utf8").trim().split("\n");
    expect(timing[0]).toBe(
      "corpus,system,documents,characters,setup_s,setup_corpus,warmup_documents,warmup_s,passes,wall_s,wall_min_s,wall_max_s,pass_wall_s,documents_per_s,characters_per_s,unstable_documents",
    );
    expect(timing.slice(1).map((l) => l.split(",").slice(0, 3).join(","))).toEqual(["synth,dates,12", "synth,names-dates,12", "synth,fake-tool,12"]);
    for (const t of run.result.corpora[0].timings) {
      expect(t.passes).toBe(3);
      expect(t.pass_wall_s).toHaveLength(3);
      expect(t.pass_wall_s.every((s) => s > 0)).toBe(true);
      expect(t.wall_s).toBe([...t.pass_wall_s].sort((a, b) => a - b)[1]);
      expect(t.wall_min_s).toBe(Math.min(...t.pass_wall_s));
      expect(t.wall_max_s).toBe(Math.max(...t.pass_wall_s));
      expect(t.documents_per_s).toBeCloseTo(12 / t.wall_s, 6);
      expect(t.unstable_documents).toBe(0);
      expect(t.warmup_documents).toBe(2);
      expect(t.setup_s).toBeGreaterThan(0);
    }
    const report = readFileSync(join(run.dir, "report.md"), "utf8");
    expect(report).toContain("the median of 3 timed passes and their range");
    expect(report).not.toMatch(/\| 0\.000 \|/);
  });

  it("discloses every setting the battery changed from a stack file, in the report and in run.json", () => {
    const runJson = JSON.parse(readFileSync(join(run.dir, "run.json"), "utf8"));
    const byId = Object.fromEntries(runJson.systems.map((s: { id: string }) => [s.id, s]));
    expect(byId["names-dates"].overrides).toEqual([
      { field: "concurrency.documents", value: 2, stack_value: 4, note: "documents at once set by the battery entry" },
      { field: "leak_guard", value: false, stack_value: true, note: expect.stringMatching(/^leak guard switched off by the battery entry/) },
    ]);
    expect(byId["names-dates"].settings).toMatchObject({ leak_guard: "off", documents_at_once: 2 });
    expect(byId.dates.overrides).toEqual([]);
    expect(byId.dates.settings.leak_guard).toBe("off"); // its stack file says so: no override, but shown
    expect(byId["fake-tool"].overrides.map((o: { field: string }) => o.field)).toEqual(["leak_guard", "healing", "concurrency.documents"]);
    expect(runJson.timing).toEqual({ warmup_documents: 2, isolation: "process", passes: 3 });
    const report = readFileSync(join(run.dir, "report.md"), "utf8");
    expect(report).toContain("- names-dates: leak_guard false (stack file: true); leak guard switched off by the battery entry");
    expect(report).toContain("- names-dates: concurrency.documents 2 (stack file: 4)");
    expect(report).toContain("**Without the leak guard: dates, names-dates, fake-tool.");
    expect(report).toMatch(/\| names-dates \| stack \| names-dates \| [0-9a-f]{12} \| [^|]+ \| off \| none \| 2 \| concurrency\.documents, leak_guard \|/);
  });

  it("gives span recall per gold label with intervals", () => {
    const corpus = run.result.corpora[0];
    const labels = readFileSync(join(run.dir, "labels.csv"), "utf8").trim().split("\n");
    expect(labels[0]).toBe("corpus,system,label,gold_spans,gold_spans_hit,estimate,low,high,confidence,replicates");
    const row = labels.map((l) => l.split(",")).find((r) => r[1] === "names-dates" && r[2] === "Date")!;
    const totals = corpus.score.systems.find((s) => s.name === "names-dates")!.totals;
    expect(Number(row[3])).toBe(totals["gold_spans[label=Date]"]);
    expect(Number(row[5])).toBeCloseTo(totals["gold_spans_hit[label=Date]"] / totals["gold_spans[label=Date]"], 12);
    expect(Number(row[6])).toBeLessThanOrEqual(Number(row[5]));
    expect(Number(row[7])).toBeGreaterThanOrEqual(Number(row[5]));
    expect(Number(row[7]) - Number(row[6])).toBeGreaterThan(0); // a real interval on 31 dates of 7 patients
    expect(corpus.label_bootstrap.method).toMatchObject({ replicates: 400, seed: 11, cluster: "patient" });
    const cell = labelRecallCells(corpus).find((c) => c.system === "names-dates" && c.label === "Date")!;
    expect(cell.low / 100).toBeCloseTo(Number(row[6]), 12);
    expect(cell.high / 100).toBeCloseTo(Number(row[7]), 12);
  });

  it("scores every system on the same documents and bootstraps them with the same replicates", async () => {
    const gold = await loadJsonlDocuments(join(FIXTURES, "corpus.jsonl"));
    const counts = JSON.parse(readFileSync(join(run.dir, "counts.json"), "utf8"));
    expect(counts.format).toBe("deidstack.battery-counts.v1");
    const corpus = counts.corpora[0];
    expect(corpus.units).toHaveLength(gold.length);
    expect(new Set(corpus.units).size).toBe(new Set(gold.map((d) => d.patient_id)).size);
    for (const s of corpus.systems) {
      for (const column of Object.values(s.columns) as number[][]) expect(column).toHaveLength(gold.length);
      expect((s.columns.gold_spans as number[]).reduce((a, b) => a + b, 0)).toBe(s.totals.gold_spans);
      expect(s.totals.gold_spans).toBe(gold.reduce((n, d) => n + (d.spans?.length ?? 0), 0));
    }
    const estimates = readFileSync(join(run.dir, "estimates.csv"), "utf8").trim().split("\n").slice(1).map((l) => l.split(","));
    for (const s of corpus.systems) {
      const row = estimates.find((r) => r[1] === s.id && r[2] === "span_recall")!;
      expect(Number(row[3])).toBeCloseTo(s.totals.gold_spans_hit / s.totals.gold_spans, 12);
      expect(row[7]).toBe("400");
    }
    const paired = readFileSync(join(run.dir, "paired.csv"), "utf8").trim().split("\n");
    expect(paired).toHaveLength(1 + 3 * 3);
    const method = run.result.corpora[0].bootstrap.method;
    expect(method).toMatchObject({ replicates: 400, seed: 11, cluster: "patient" });
  });

  it("quotes no note text in any result file, and versions every JSON artifact", async () => {
    const gold = await loadJsonlDocuments(join(FIXTURES, "corpus.jsonl"));
    const phrases = new Set<string>();
    for (const d of gold) {
      for (const s of d.spans ?? []) if (s.end - s.start >= 8) phrases.add(d.text.slice(s.start, s.end));
      for (const line of d.text.split("\n")) if (line.trim().length >= 25) phrases.add(line.trim());
    }
    expect(phrases.size).toBeGreaterThan(50);
    for (const file of allFiles(run.dir)) {
      const content = readFileSync(file, "utf8");
      for (const p of phrases) expect(content.includes(p), `${file} quotes note text`).toBe(false);
      if (file.endsWith(".json")) expect(JSON.parse(content).format).toMatch(/^deidstack\.[a-z-]+\.v\d+$/);
    }
  });

  it("puts the three charts into the HTML report as inline SVG", () => {
    const html = readFileSync(join(run.dir, "report.html"), "utf8");
    for (const kind of ["recall-vs-time", "forest", "label-heatmap"]) expect(html).toContain(`data-chart="${kind}"`);
    expect((html.match(/<svg/g) ?? []).length).toBe(3);
    expect(html).toContain("Content-Security-Policy");
  });

  it("measures its own overhead apart from the systems' processing", () => {
    expect(run.overhead.systems_own_s).toBeGreaterThan(0);
    expect(run.overhead.total_s).toBeGreaterThan(run.overhead.systems_own_s);
    const runJson = JSON.parse(readFileSync(join(run.dir, "run.json"), "utf8"));
    expect(runJson.format).toBe("deidstack.battery-run.v1");
    expect(Object.keys(runJson.phases)).toEqual(["load_corpora_s", "systems_s", "scoring_s", "bootstrap_s", "report_s"]);
    // Every timed pass counts as the systems' own work.
    const own = run.result.corpora[0].timings.reduce((s, t) => s + (t.setup_s ?? 0) + (t.warmup_s ?? 0) + t.pass_wall_s.reduce((a, b) => a + b, 0), 0);
    expect(run.overhead.systems_own_s).toBeCloseTo(own, 9);
  });

  it("plots differences against the reference, turned the right way round", () => {
    const corpus = run.result.corpora[0] as CorpusResult;
    const rows = forestRows(corpus, "dates").filter((r) => r.measure === "span_recall");
    expect(rows.map((r) => r.comparison)).toEqual(["names-dates − dates", "fake-tool − dates"]);
    const direct = corpus.bootstrap.differences.find((d) => d.metric === "span_recall" && d.system_a === "dates" && d.system_b === "names-dates")!;
    expect(rows[0].difference).toBeCloseTo(-direct.estimate! * 100, 10);
    expect(rows[0].low).toBeCloseTo(-direct.high! * 100, 10);
    const cells = labelRecallCells(corpus);
    expect(cells.find((c) => c.system === "names-dates" && c.label === "Name:Patient")!.recall).toBeGreaterThan(0);
  });

  it("shows the paired differences in the table with the signs the forest plot draws", () => {
    const corpus = run.result.corpora[0] as CorpusResult;
    const report = readFileSync(join(run.dir, "report.md"), "utf8");
    expect(report).toContain("Paired differences (percentage points, each system minus the reference dates; 95% intervals)");
    for (const r of forestRows(corpus, "dates")) {
      const sign = r.difference > 0 ? "\\+" : r.difference < 0 ? "-" : "";
      expect(report).toMatch(new RegExp(`\\| ${r.comparison} \\| ${sign}${Math.abs(r.difference).toFixed(2).replace(".", "\\.")} \\(`));
    }
    // The bootstrap computed dates − names-dates; the table turned it round, as the plot does.
    expect(report).not.toContain("dates − names-dates");
    const html = readFileSync(join(run.dir, "report.html"), "utf8");
    const row = /<tr data-measure="span_recall" data-comparison="names-dates − dates" data-difference="([^"]+)">/.exec(html);
    expect(Number(row![1])).toBeGreaterThan(0);
  });
});

describe("battery failures", () => {
  it("stops at the first failing system, naming it, and writes no results", async () => {
    const dir = mkdtempSync(join(tmpdir(), "deidstack-battery-fail-"));
    const file = join(dir, "battery.yaml");
    writeFileSync(
      file,
      stringify({
        id: "failing",
        systems: [
          { id: "ok", stack: join(FIXTURES, "stacks", "dates.yaml") },
          { id: "broken", baseline: "command-jsonl", with: { command: ["node", join(FIXTURES, "..", "fake-tools", "jsonl", "fake-jsonl.mjs"), "out-of-range"] } },
        ],
        corpora: [{ id: "synth", path: join(FIXTURES, "corpus.jsonl") }],
        bootstrap: { replicates: 50 },
      }),
    );
    await expect(batteryCommand(file, { outputRoot: join(dir, "results") })).rejects.toThrow(/system broken, corpus synth: .*detector command-jsonl.*outside the text/);
    expect(existsSync(join(dir, "results"))).toBe(false);
  });

  it("reports a corpus it cannot read as such, not as a failure of the system starting meanwhile", async () => {
    const dir = mkdtempSync(join(tmpdir(), "deidstack-battery-nocorpus-"));
    const file = join(dir, "battery.yaml");
    writeFileSync(file, stringify({ id: "nocorpus", systems: [{ id: "ok", stack: join(FIXTURES, "stacks", "dates.yaml") }], corpora: [{ id: "gone", path: join(dir, "missing.jsonl"), format: "meddeid-jsonl" }] }));
    const err = (await batteryCommand(file, { outputRoot: join(dir, "results") }).catch((e) => e)) as Error;
    expect(err.message).toMatch(/missing\.jsonl/);
    expect(err.message).not.toMatch(/^system ok/);
  });

  it("rejects unknown systems as reference and duplicate ids", () => {
    const base = { id: "b", systems: [{ id: "a", stack: "rules-only" }], corpora: [{ id: "c", path: "x.jsonl" }] };
    expect(() => parseBatteryObject({ ...base, reference: "z" }, "battery.yaml")).toThrow(/reference "z" is not one of the systems/);
    expect(() => parseBatteryObject({ ...base, systems: [...base.systems, { id: "a", stack: "no-llm" }] }, "battery.yaml")).toThrow(/system id "a" is used twice/);
    expect(() => parseBatteryObject({ ...base, bootstrap: { replicates: 0 } }, "battery.yaml")).toThrow(/bootstrap\.replicates|Too small/);
  });
});
