// The HTML report in a real browser (Debian's chromium through playwright-core): it renders, its charts are drawn,
// it asks for nothing outside its own file, the forest plot draws each difference on the side of zero the table's
// sign says, and every setting a protocol changed from a stack file is disclosed.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { lockProtocol, runProtocol, type ProtocolRunOutcome } from "../../src/protocol/index.js";
import { createWorkspace, REGEX_PLUGIN, stackYaml } from "../protocol/workspace.js";
import { browserTestRuns, launchChromium } from "../support/chromium.js";

interface SignCheck {
  measure: string;
  comparison: string;
  table: number;
  /** Horizontal distance of the plotted point from its panel's zero line, in pixels (right of zero is positive). */
  offset: number | null;
}

/** For each row of the paired table, where the forest plot draws that difference relative to zero. */
async function signChecks(page: Page, corpus: string): Promise<SignCheck[]> {
  const rows = await page.locator(`#paired-${corpus} tbody tr`).evaluateAll((trs) =>
    trs.map((tr) => ({ measure: tr.getAttribute("data-measure")!, comparison: tr.getAttribute("data-comparison")!, table: Number(tr.getAttribute("data-difference")) })),
  );
  const out: SignCheck[] = [];
  const forest = page.locator(`figure[data-chart="forest"][data-corpus="${corpus}"]`);
  for (const r of rows) {
    const point = forest.locator(`[aria-roledescription="point"][aria-label^="measure=${r.measure}; comparison=${r.comparison};"]`);
    const zero = forest.locator(`[aria-label="no difference; measure=${r.measure}"]`);
    const [p, z] = [await point.boundingBox(), await zero.boundingBox()];
    out.push({ ...r, offset: p && z ? p.x + p.width / 2 - (z.x + z.width / 2) : null });
  }
  return out;
}

/** Rows whose plotted point lies on the other side of zero than the table's sign (or is missing). */
const mismatches = (checks: readonly SignCheck[]) =>
  checks.filter((c) => c.offset === null || (Math.abs(c.table) > 0.05 && Math.sign(c.offset) !== Math.sign(c.table)));

const canRun = browserTestRuns("report.html");

describe.skipIf(!canRun)("report.html in chromium", () => {
  let browser: Browser;
  let run: ProtocolRunOutcome;

  beforeAll(async () => {
    const ws = createWorkspace();
    // The differences are shown against a reference (the plot turns the bootstrap's dates − names-dates round), and
    // names-dates runs with settings its stack file does not have: both must show in the report.
    ws.protocol.reference = "dates";
    const stackFile = join(ws.dir, "stacks", "names-dates.yaml");
    writeFileSync(stackFile, stringify({ ...parse(readFileSync(stackFile, "utf8")), leak_guard: true }));
    // A third system that finds less than the reference puts a difference on each side of zero.
    writeFileSync(join(ws.dir, "stacks", "years.yaml"), stackYaml("years", [{ use: REGEX_PLUGIN, with: { pattern: "\\b(?:19|20)\\d{2}\\b", label: "Date" } }]));
    ws.protocol.systems = [
      { id: "dates", stack: "stacks/dates.yaml" },
      { id: "names-dates", stack: "stacks/names-dates.yaml", leak_guard: false, concurrency: 2 },
      { id: "years", stack: "stacks/years.yaml" },
    ];
    ws.writeProtocol();
    await lockProtocol(ws.protocolPath);
    (ws.protocol.bootstrap as { replicates: number }).replicates = 200;
    ws.protocol.amendments = [{ date: "2026-11-30", reason: "fewer replicates to keep the fixture fast", change: "bootstrap.replicates 300 → 200" }];
    ws.writeProtocol();
    await lockProtocol(ws.protocolPath);
    run = await runProtocol(ws.protocolPath, { outputRoot: join(ws.dir, "results") });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("renders its tables and charts, cites the lock and shows the amendment, and loads nothing from outside", async () => {
    const context = await browser.newContext();
    const requested: string[] = [];
    await context.route("**/*", (route) => {
      const url = route.request().url();
      requested.push(url);
      return url.startsWith("file://") ? route.continue() : route.abort();
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    const reportUrl = pathToFileURL(join(run.dir, "report.html")).href;
    await page.goto(reportUrl, { waitUntil: "load" });

    expect(await page.title()).toBe("Protocol test-protocol: Fixture protocol");
    const charts = page.locator("figure.chart");
    expect(await charts.count()).toBe(3);
    for (const kind of ["recall-vs-time", "forest", "label-heatmap"]) {
      const svg = page.locator(`figure[data-chart="${kind}"] svg`);
      expect(await svg.count()).toBe(1);
      const box = await svg.boundingBox();
      expect(box!.width).toBeGreaterThan(100);
      expect(box!.height).toBeGreaterThan(50);
      expect(await svg.locator("path, rect, line").count()).toBeGreaterThan(5);
    }
    expect(await page.locator('figure[data-chart="recall-vs-time"] .mark-symbol.role-mark path').count()).toBe(3);
    expect(await page.locator("#lock-sha256").textContent()).toBe(run.lockSha256);
    expect(await page.locator("#amendments li").allTextContents()).toEqual(["2026-11-30: fewer replicates to keep the fixture fast (change: bootstrap.replicates 300 → 200)"]);
    expect(await page.locator("#statement-A").textContent()).toBe("Statement A: held");
    expect(await page.locator("#statement-B").textContent()).toBe("Statement B: not held");
    expect(await page.locator("table").count()).toBeGreaterThanOrEqual(6);
    expect(errors).toEqual([]);
    expect(requested.filter((u) => !u.startsWith("file://"))).toEqual([]);
    expect(requested).toEqual([reportUrl]);
    await context.close();
  });

  it("draws every paired difference on the side of zero the table's sign says, and each margin on its own row", async () => {
    const page = await browser.newPage();
    await page.goto(pathToFileURL(join(run.dir, "report.html")).href, { waitUntil: "load" });
    const checks = await signChecks(page, "synth");
    expect(checks.map((c) => `${c.measure} ${c.comparison}`)).toEqual([
      "span_recall names-dates − dates",
      "span_recall years − dates",
      "span_precision names-dates − dates",
      "span_precision years − dates",
    ]);
    expect(checks.some((c) => c.table > 0.05) && checks.some((c) => c.table < -0.05)).toBe(true); // both sides are exercised
    expect(mismatches(checks)).toEqual([]);
    // Statement B: dates at most 2 points below names-dates; on the row names-dates − dates that margin lies at +2.
    const forest = page.locator('figure[data-chart="forest"]');
    const margin = await forest.locator('[aria-label^="margin (B); measure=span_recall; comparison=names-dates − dates; value=2"]').boundingBox();
    const zero = await forest.locator('[aria-label="no difference; measure=span_recall"]').boundingBox();
    expect(margin!.x).toBeGreaterThan(zero!.x + 1);
    // The table says which way round it is, and the measure in words with its direction.
    expect(await page.locator("#paired-synth caption").textContent()).toContain("each system minus the reference dates");
    expect(await page.locator("#paired-synth tbody tr td").first().textContent()).toBe("Span recall (higher is better)");
    await page.close();
  });

  it("would see a point drawn on the wrong side of zero (the check above can fail)", async () => {
    const page = await browser.newPage();
    await page.goto(pathToFileURL(join(run.dir, "report.html")).href, { waitUntil: "load" });
    // Mirror every point of the forest plot about its panel's zero line, as a plot with the opposite sign would draw it.
    await page.evaluate(`(() => {
      const forest = document.querySelector('figure[data-chart="forest"]');
      for (const p of forest.querySelectorAll('[aria-roledescription="point"]')) {
        const measure = /^measure=([^;]+);/.exec(p.getAttribute("aria-label"))[1];
        const zero = forest.querySelector('[aria-label="no difference; measure=' + measure + '"]').getBoundingClientRect();
        const box = p.getBoundingClientRect();
        const dx = 2 * (zero.x + zero.width / 2 - (box.x + box.width / 2));
        p.setAttribute("transform", "translate(" + dx + ",0) " + (p.getAttribute("transform") || ""));
      }
    })()`);
    const wrong = mismatches(await signChecks(page, "synth"));
    expect(wrong.map((c) => c.measure)).toContain("span_recall");
    await page.close();
  });

  it("discloses every setting the protocol changed from a stack file, and which systems ran without the leak guard", async () => {
    const page = await browser.newPage();
    await page.goto(pathToFileURL(join(run.dir, "report.html")).href, { waitUntil: "load" });
    const items = page.locator("#overrides li");
    expect(await items.evaluateAll((li) => li.map((l) => `${l.getAttribute("data-system")} ${l.getAttribute("data-field")}`))).toEqual([
      "names-dates concurrency.documents",
      "names-dates leak_guard",
    ]);
    expect(await page.locator('#overrides li[data-field="leak_guard"]').textContent()).toMatch(/^names-dates: leak_guard false \(stack file: true\); leak guard switched off/);
    expect(await page.locator('#overrides li[data-field="concurrency.documents"]').textContent()).toMatch(/^names-dates: concurrency\.documents 2 \(stack file: 4\)/);
    const warning = page.locator("#leak-guard-off");
    expect(await warning.isVisible()).toBe(true);
    expect(await warning.textContent()).toMatch(/^Without the leak guard: dates, names-dates, years\./);
    expect(await page.locator('#systems tr[data-system="names-dates"]').getAttribute("data-leak-guard")).toBe("off");
    expect(await page.locator('#systems tr[data-system="names-dates"] td').nth(5).textContent()).toBe("off");
    const runJson = JSON.parse(readFileSync(join(run.dir, "run.json"), "utf8"));
    expect(runJson.systems.find((s: { id: string }) => s.id === "names-dates").overrides.map((o: { field: string; value: unknown; stack_value: unknown }) => [o.field, o.value, o.stack_value])).toEqual([
      ["concurrency.documents", 2, 4],
      ["leak_guard", false, true],
    ]);
    await page.close();
  });

  it("writes axis titles in words with their direction, and cuts no label short", async () => {
    const page = await browser.newPage();
    await page.goto(pathToFileURL(join(run.dir, "report.html")).href, { waitUntil: "load" });
    const texts = await page.locator("figure.chart svg text").allTextContents();
    expect(texts).toContain("Span recall (%; higher is better)");
    expect(texts.some((t) => /^Wall time for 12 documents, median of 3 timed passes \(seconds, log scale; lower is better\)$/.test(t))).toBe(true);
    expect(texts).toContain("Span recall (%; higher is better)");
    expect(texts.filter((t) => t.endsWith("…"))).toEqual([]);
    expect(texts.filter((t) => /^(span_recall|span_precision)( \(%\))?$/.test(t))).toEqual([]);
    await page.close();
  });

  it("would see an external request if a page made one (the check above can fail)", async () => {
    const context = await browser.newContext();
    const requested: string[] = [];
    await context.route("**/*", (route) => {
      requested.push(route.request().url());
      return route.request().url().startsWith("file://") ? route.continue() : route.abort();
    });
    const page = await context.newPage();
    const probe = join(run.dir, "..", "probe.html");
    writeFileSync(probe, '<!doctype html><title>probe</title><img src="http://deidstack.invalid/x.png">');
    await page.goto(pathToFileURL(probe).href, { waitUntil: "load" });
    expect(requested.filter((u) => !u.startsWith("file://"))).toEqual(["http://deidstack.invalid/x.png"]);
    await context.close();
  });
});
