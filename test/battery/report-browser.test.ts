// The HTML report in a real browser (Debian's chromium through playwright-core): it renders, its charts are drawn,
// and it asks for nothing outside its own file.
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lockProtocol, runProtocol, type ProtocolRunOutcome } from "../../src/protocol/index.js";
import { createWorkspace } from "../protocol/workspace.js";

const CHROMIUM = "/usr/bin/chromium";
const canRun = existsSync(CHROMIUM) || process.env.CI === "true";
if (!canRun) console.warn(`skipping the browser test of report.html: ${CHROMIUM} is missing (apt-get install -y chromium); in CI (CI=true) it must run`);

describe.skipIf(!canRun)("report.html in chromium", () => {
  let browser: Browser;
  let run: ProtocolRunOutcome;

  beforeAll(async () => {
    const ws = createWorkspace();
    await lockProtocol(ws.protocolPath);
    (ws.protocol.bootstrap as { replicates: number }).replicates = 200;
    ws.protocol.amendments = [{ date: "2026-11-30", reason: "fewer replicates to keep the fixture fast", change: "bootstrap.replicates 300 → 200" }];
    ws.writeProtocol();
    await lockProtocol(ws.protocolPath);
    run = await runProtocol(ws.protocolPath, { outputRoot: join(ws.dir, "results") });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    });
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
    expect(await page.locator('figure[data-chart="recall-vs-time"] .mark-symbol.role-mark path').count()).toBe(2);
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
