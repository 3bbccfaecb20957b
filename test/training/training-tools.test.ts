// The pure parts of the training tools (training/prepare-mixed.ts, training/calibrate.ts): how a development document
// is cut into a run of lines, which sets calibrate may read, and how it picks a threshold. Invented text only.
import { describe, expect, it } from "vitest";
import type { Span } from "../../src/contract/index.js";
import { Prng } from "../../src/synth/index.js";
import { calibrationSets, chooseBalanced, chooseThreshold, type SweepPoint } from "../../training/calibrate.js";
import { minedOf } from "../../training/mine-negatives.js";
import { lineRun } from "../../training/prepare-mixed.js";

describe("lineRun", () => {
  const text = "Kop regel\nBezoek van Jan Peeters\nplan: rust\nvolgende week terug";
  const spans: Span[] = [{ start: text.indexOf("Jan"), end: text.indexOf("Jan") + "Jan Peeters".length, label: "Name:Patient" }];

  it("returns whole lines and moves the spans inside them, over many seeds", () => {
    const lines = text.split("\n");
    let cut = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const part = lineRun(text, spans, new Prng(seed));
      expect(text).toContain(part.text);
      // a run of whole lines: it starts at a line start and ends at a line end
      const first = part.text.split("\n")[0];
      expect(lines).toContain(first);
      expect(lines).toContain(part.text.split("\n").at(-1));
      if (part.text !== text) cut++;
      for (const s of part.spans) expect(part.text.slice(s.start, s.end)).toBe("Jan Peeters");
      expect(part.spans.length).toBe(part.text.includes("Jan Peeters") ? 1 : 0);
    }
    expect(cut).toBeGreaterThan(100);
  });

  it("never cuts at a line break inside a span", () => {
    const t = "eerste\nadres Dorpstraat 4\n9000 Gent\nlaatste\nnog een";
    const s: Span[] = [{ start: t.indexOf("Dorpstraat"), end: t.indexOf(" Gent") + 5, label: "Address_Location:Patient" }];
    for (let seed = 1; seed <= 200; seed++) {
      const part = lineRun(t, s, new Prng(seed));
      expect(part.text.includes("Dorpstraat") === part.text.includes("9000 Gent")).toBe(true);
      for (const sp of part.spans) expect(part.text.slice(sp.start, sp.end)).toBe(t.slice(s[0].start, s[0].end));
    }
  });

  it("keeps a text of one or two lines whole", () => {
    const t = "een regel met Marie Dubois\ntweede";
    const s: Span[] = [{ start: 14, end: 26, label: "Name:Other" }];
    expect(lineRun(t, s, new Prng(3))).toEqual({ text: t, spans: s });
  });
});

describe("calibrate", () => {
  it("picks development sets of the language by name and never the held-out round or a test set", () => {
    const sources = ["nl/dev/t-notes-r5.txt", "nl/dev/t-notes-r6.txt", "nl/dev/extra-r5.txt", "nl/test/t-notes-r5.txt", "en/dev/t-notes-r5.txt", "nl/dev/notes.txt"];
    expect(calibrationSets(sources, "nl", /-r5$/, /^t-.*-r6$/)).toEqual(["nl/dev/t-notes-r5.txt", "nl/dev/extra-r5.txt"]);
    expect(calibrationSets(sources, "nl", /./, /^t-.*-r6$/)).toEqual(["nl/dev/t-notes-r5.txt", "nl/dev/extra-r5.txt", "nl/dev/notes.txt"]);
  });

  it("chooses the lowest threshold that reaches the recall target, else the highest swept", () => {
    const p = (threshold: number, recall: number): SweepPoint => ({ threshold, core_pii_recall: recall, non_pii_redaction_rate: 0, span_recall: 0, span_precision: 0 });
    const points = [p(0.99, 0.97), p(0.5, 0.9), p(0.9, 0.95), p(0.8, 0.94)];
    expect(chooseThreshold(points, 0.95).threshold).toBe(0.9);
    expect(chooseThreshold(points, 0.941).threshold).toBe(0.9);
    expect(chooseThreshold(points, 0.9).threshold).toBe(0.5);
    expect(chooseThreshold(points, 0.99).threshold).toBe(0.99);
  });
});

describe("calibrate, balanced rule", () => {
  const p = (threshold: number, recall: number, nonPii: number): SweepPoint => ({ threshold, core_pii_recall: recall, non_pii_redaction_rate: nonPii, span_recall: 0, span_precision: 0 });
  const reference = p(0.9, 0.95, 0.25);

  it("takes the threshold with the widest margin on the worse figure", () => {
    // gains (recall, non-PII drop): 0.8 → (-0.01, +0.10); 0.9 → (+0.01, +0.05); 0.95 → (+0.02, +0.01)
    const points = [p(0.8, 0.94, 0.15), p(0.9, 0.96, 0.2), p(0.95, 0.97, 0.24)];
    expect(chooseBalanced(points, reference, 0.95)?.threshold).toBe(0.9);
  });

  it("prefers thresholds that reach the recall floor, and gives up when nothing dominates the reference", () => {
    const points = [p(0.8, 0.94, 0.1), p(0.9, 0.951, 0.249)];
    expect(chooseBalanced(points, reference, 0.95)?.threshold).toBe(0.9);
    expect(chooseBalanced([p(0.8, 0.94, 0.1), p(0.9, 0.96, 0.3)], reference, 0.95)).toBeUndefined();
  });
});

describe("mine-negatives", () => {
  it("keeps the texts the model flagged, except those whose flagged text has a digit, an @ or a slash", () => {
    const texts = ["De map wordt gewist.", "Kies een kleur voor het venster.", "Versie 2 van het bestand.", "Zie het pad a/b.", "Niets hier."];
    const at = (t: string, w: string) => ({ start: t.indexOf(w), end: t.indexOf(w) + w.length });
    const spans = [[at(texts[0], "map")], [at(texts[1], "kleur"), at(texts[1], "venster")], [at(texts[2], "Versie 2")], [at(texts[3], "a/b")], []];
    expect(minedOf(texts, spans)).toEqual({ kept: [texts[0], texts[1]], flagged: 4, shapeLike: 2 });
  });
});
