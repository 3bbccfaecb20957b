// The DetectorTester itself: markup in and out, exact comparison (a missed, extra, shifted or mislabelled span
// fails), overlapping spans shown, golden files checked and rewritten only with UPDATE=1.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { Document } from "../../src/contract/index.js";
import { definePlugin } from "../../src/detectors/index.js";
import { DetectorTester, parseMarked, renderMarked } from "../support/detector-tester.js";

/** Marks every "Jan" as the patient, and with `dates` every dd/mm/yyyy. */
const plugin = definePlugin({
  meta: { id: "toy", version: "1", description: "toy", labels: ["Name:Patient", "Date"], configSchema: z.object({ dates: z.boolean().default(true) }).strict(), kind: "deterministic" },
  create: (o: { dates: boolean }) => ({
    detect: (doc: Document) => [
      ...[...doc.text.matchAll(/Jan/g)].map((m) => ({ start: m.index, end: m.index + 3, label: "Name:Patient" as const, score: 1 })),
      ...(o.dates ? [...doc.text.matchAll(/\d\d\/\d\d\/\d{4}/g)].map((m) => ({ start: m.index, end: m.index + 10, label: "Date" as const })) : []),
    ],
  }),
});
const tester = new DetectorTester(plugin);

tester.run("toy detector", {
  valid: ["Geen naam hier.", { code: "Op 12/03/2023.", options: { dates: false }, name: "dates off" }],
  invalid: ["[[Jan|PAT]] kwam op [[12/03/2023|Date]].", "😀 [[Jan|Name:Patient]]"],
});

describe("DetectorTester", () => {
  it("parses and renders markup with UTF-16 offsets and short labels", () => {
    expect(parseMarked("😀 [[Jan|PAT]]")).toEqual({ text: "😀 Jan", spans: [{ start: 3, end: 6, label: "Name:Patient" }] });
    expect(renderMarked("😀 Jan", [{ start: 3, end: 6, label: "Name:Patient" }])).toBe("😀 [[Jan|PAT]]");
    expect(renderMarked("Jan Peeters", [{ start: 0, end: 11, label: "Name:Patient" }, { start: 4, end: 11, label: "Name:Other" }])).toBe(
      "[[Jan Peeters|PAT]]\n  overlapping [[Peeters|PERS]] at 4..11",
    );
    expect(() => parseMarked("[[Jan|NOPE]]")).toThrow(/unknown label "NOPE"/);
  });

  it("shows a missed, extra or mislabelled span as the detector marked the text", async () => {
    expect(await tester.mark("Jan en Janneke op 01/02/2020")).toBe("[[Jan|PAT]] en [[Jan|PAT]]neke op [[01/02/2020|DATE]]");
    expect(await tester.mark("Jan", { dates: false })).not.toBe(renderMarked("Jan", parseMarked("[[Jan|PERS]]").spans));
  });

  describe("golden files", () => {
    const dir = mkdtempSync(join(tmpdir(), "golden-"));
    const file = join(dir, "toy.golden.txt");
    const source = (body: string) => `#! lang: nl-BE\n### doc: a\n### meta: {"patient": {"given_name": "Jan"}}\n${body}\n\n### doc: b\nNiets.\n`;
    afterEach(() => {
      vi.unstubAllEnvs();
    });

    it("rewrite themselves with UPDATE=1, and only then", async () => {
      writeFileSync(file, source("Jan op 01/02/2020."));
      vi.stubEnv("UPDATE", "1");
      await tester.checkGolden(file);
      expect(readFileSync(file, "utf8")).toBe(source("[[Jan|PAT]] op [[01/02/2020|DATE]]."));
      vi.stubEnv("UPDATE", "");
      await tester.checkGolden(file);
      writeFileSync(file, source("[[Jan|PAT]] op 01/02/2020."));
      await expect(tester.checkGolden(file)).rejects.toThrow(/differs from what the detector finds/);
      expect(readFileSync(file, "utf8")).toBe(source("[[Jan|PAT]] op 01/02/2020."));
    });
  });
});

