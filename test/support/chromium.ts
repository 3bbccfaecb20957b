// Debian's chromium through playwright-core, for the tests of the HTML pages in a real browser.
import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

const CHROMIUM = "/usr/bin/chromium";

/** Whether a page's browser test runs: chromium is installed, or this is CI, where it must run. Says so when it skips. */
export function browserTestRuns(page: string): boolean {
  const canRun = existsSync(CHROMIUM) || process.env.CI === "true";
  if (!canRun) console.warn(`skipping the browser test of ${page}: ${CHROMIUM} is missing (apt-get install -y chromium); in CI (CI=true) it must run`);
  return canRun;
}

/** A headless chromium that reaches for nothing on its own (no updates, sync or background requests). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
}
