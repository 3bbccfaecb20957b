// The review page in a real browser (Debian's chromium through playwright-core): it shows every span in place,
// filters, navigates by keyboard, takes "wrong" and "missed" marks, exports them, makes no request outside its own
// file; and `deidstack score --marks` reads the export as extra gold.
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scoreCommand } from "../../src/cli/commands/score.js";
import { parseReviewMarks } from "../../src/eval/index.js";
import { sampleIndices, writeReview } from "../../src/review/index.js";
import { tempDir } from "../e2e/helpers.js";
import { browserTestRuns, launchChromium } from "../support/chromium.js";

const canRun = browserTestRuns("the review page");

// Fictional notes; note b has an astral character before its spans (offsets on disk are code points).
const NOTES = [
  { document_id: "a", text: "Dhr. Jan Peeters werd opgenomen op 03/03/2025 in AZ Voorbeeld." },
  { document_id: "b", text: "😀 Mevr. An Claes, tel 0472 12 34 56, gezien door dr. Wouters." },
  { document_id: "c", text: "Geen identificerende gegevens in deze nota." },
];
const cp = (text: string, sub: string) => Array.from(text.slice(0, text.indexOf(sub))).length;
const span = (doc: number, sub: string, label: string, detectors: string[], score?: number) => {
  const t = NOTES[doc].text;
  const begin = cp(t, sub);
  return { begin, end: begin + Array.from(sub).length, label, replacement: `[${label}]`, ...(score === undefined ? {} : { score }), detectors };
};
const OUTPUT = [
  { document_id: "a", spans: [span(0, "Jan Peeters", "Name:Patient", ["known-identifiers", "rules-nl-be"], 1), span(0, "03/03/2025", "Date", ["patterns"]), span(0, "AZ Voorbeeld", "Organization:Healthcare", ["rules-nl-be"])] },
  { document_id: "b", spans: [span(1, "An Claes", "Name:Patient", ["rules-nl-be"]), span(1, "0472 12 34 56", "Contactdetails", ["patterns"], 0.9)] },
  { document_id: "c", spans: [] },
];

function workspace() {
  const dir = tempDir("deidstack-review-");
  const input = join(dir, "notes.jsonl");
  const output = join(dir, "out.jsonl");
  writeFileSync(input, NOTES.map((n) => JSON.stringify(n)).join("\n") + "\n");
  writeFileSync(output, OUTPUT.map((o) => JSON.stringify({ ...o, deid_text: "", warnings: [], provenance: {} })).join("\n") + "\n");
  return { dir, input, output, html: join(dir, "review.html") };
}

describe("deidstack review (files)", () => {
  it("samples by seed, writes mode 600, refuses to overwrite, and names bad output lines", async () => {
    expect(sampleIndices(10, 4, 3)).toEqual(sampleIndices(10, 4, 3));
    expect(sampleIndices(10, 4, 3)).not.toEqual(sampleIndices(10, 4, 4));
    expect(sampleIndices(3, 10, 1)).toEqual([0, 1, 2]);
    const ws = workspace();
    const r = await writeReview({ input: ws.input, output: ws.output, sample: 2, seed: 1, html: ws.html });
    expect(r.notes).toBe(2);
    expect(statSync(ws.html).mode & 0o777).toBe(0o600);
    await expect(writeReview({ input: ws.input, output: ws.output, sample: 2, seed: 1, html: ws.html })).rejects.toThrow(/exists already: the review page is never overwritten/);
    const bad = join(ws.dir, "bad.jsonl");
    writeFileSync(bad, JSON.stringify({ document_id: "a", spans: [{ begin: 0, end: 999, label: "Date" }] }) + "\n");
    await expect(writeReview({ input: ws.input, output: bad, sample: 1, seed: 1, html: join(ws.dir, "x.html") })).rejects.toThrow(/line 1, field spans\[0\]: .*outside the note's text/);
    expect(existsSync(join(ws.dir, "x.html"))).toBe(false);
  });
});

describe.skipIf(!canRun)("review.html in chromium", () => {
  let browser: Browser;
  let ws: ReturnType<typeof workspace>;

  beforeAll(async () => {
    ws = workspace();
    await writeReview({ input: ws.input, output: ws.output, sample: 3, seed: 1, html: ws.html });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("highlights, filters, navigates, marks and exports; no request leaves the file", async () => {
    const context = await browser.newContext({ acceptDownloads: true });
    const requested: string[] = [];
    await context.route("**/*", (route) => {
      requested.push(route.request().url());
      return route.request().url().startsWith("file://") ? route.continue() : route.abort();
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    const url = pathToFileURL(ws.html).href;
    await page.goto(url, { waitUntil: "load" });

    await expect(page.locator("#phi-banner").isVisible()).resolves.toBe(true);
    expect(await page.locator("#phi-banner").textContent()).toMatch(/contains PHI.*must stay on site/);
    // Every span in place, with label, detectors, score and replacement.
    const marks = page.locator("mark.span");
    expect(await marks.count()).toBe(5);
    expect(await page.locator('mark.span[data-note="0"][data-span="0"] .t').textContent()).toBe("Jan Peeters");
    expect(await page.locator('mark.span[data-note="1"][data-span="1"] .t').textContent()).toBe("0472 12 34 56");
    expect(await page.locator('mark.span[data-note="0"][data-span="0"] .meta').textContent()).toBe("Name:Patient · known-identifiers,rules-nl-be · 1 → [Name:Patient]");
    expect(await page.locator("pre.note-text").nth(1).textContent()).toContain("😀 Mevr. An Claes");

    // Filters: without the patterns detector its two spans are not highlighted and navigation skips them.
    await page.locator('input[data-filter="detector"][value="patterns"]').uncheck();
    expect(await page.locator("mark.span.off").count()).toBe(2);
    await page.keyboard.press("j");
    await page.keyboard.press("j");
    expect(await page.locator("mark.span.current .t").textContent()).toBe("AZ Voorbeeld");
    await page.locator('input[data-filter="detector"][value="patterns"]').check();
    await page.locator('input[data-filter="label"][value="Organization:Healthcare"]').uncheck();
    expect(await page.locator('mark.span.off[data-label="Organization:Healthcare"]').count()).toBe(1);
    await page.locator('input[data-filter="label"][value="Organization:Healthcare"]').check();

    // Keyboard: a filter change starts over; next note twice, next span, mark it wrong.
    await page.keyboard.press("n");
    expect(await page.locator("mark.span.current .t").textContent()).toBe("Jan Peeters");
    await page.keyboard.press("n");
    expect(await page.locator("mark.span.current .t").textContent()).toBe("An Claes");
    await page.keyboard.press("j");
    expect(await page.locator("mark.span.current .t").textContent()).toBe("0472 12 34 56");
    await page.keyboard.press("w");
    expect(await page.locator("mark.span.wrong .t").textContent()).toBe("0472 12 34 56");

    // Select "Wouters" in note b and mark it missed as Name:Caregiver.
    await page.selectOption("#missed-label", "Name:Caregiver");
    // In the page (a string, so the test's types need no DOM library).
    await page.evaluate(`(() => {
      const walker = document.createTreeWalker(document.getElementById("text-1"), NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const i = n.textContent.indexOf("Wouters");
        if (i >= 0 && n.parentElement.classList.contains("t")) {
          const r = document.createRange();
          r.setStart(n, i);
          r.setEnd(n, i + 7);
          getSelection().removeAllRanges();
          getSelection().addRange(r);
          return;
        }
      }
    })()`);
    await page.locator("body").press("m");
    expect(await page.locator("mark.missed .t").textContent()).toBe("Wouters");
    expect(await page.locator("#mark-counts").textContent()).toBe("1 wrong, 1 missed");

    const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("e")]);
    const exported = readFileSync((await download.path())!, "utf8");
    expect(exported).toBe(await page.locator("#marks-jsonl").inputValue());
    const marksFile = join(ws.dir, "review-marks.jsonl");
    writeFileSync(marksFile, exported);
    const parsed = parseReviewMarks(exported, marksFile);
    const b = NOTES[1].text;
    expect(parsed).toEqual([
      { kind: "reviewed", document_id: "a" },
      { kind: "reviewed", document_id: "b" },
      { kind: "wrong", document_id: "b", begin: cp(b, "0472"), end: cp(b, "0472") + 13, label: "Contactdetails" },
      { kind: "missed", document_id: "b", begin: cp(b, "Wouters"), end: cp(b, "Wouters") + 7, label: "Name:Caregiver" },
      { kind: "reviewed", document_id: "c" },
    ]);
    expect(exported).not.toMatch(/Peeters|Claes|Wouters/);

    expect(errors).toEqual([]);
    expect(requested).toEqual([url]);
    await context.close();

    // `score --marks`: the run is scored against its own spans minus the wrong one, plus the missed one.
    const scored = await scoreCommand({ gold: ws.input, pred: ws.output, marks: marksFile, json: true });
    const m = scored.data.systems[0].metrics as Record<string, number>;
    expect(m.span_recall).toBeCloseTo(4 / 5, 12);
    expect(m.span_precision).toBeCloseTo(4 / 5, 12);
  });
});
