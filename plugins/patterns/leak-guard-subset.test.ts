// detectForLeakGuard (what the leak guard re-runs on a de-identified text) returns exactly the ID and contact spans
// of detect, on mixed notes of every family, tables and OCR digits included.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { categoryOf, type DetectedSpan, type Document } from "../../src/contract/index.js";
import plugin from "./index.js";

const PIECES = [
  "Gezien op 14/02/2021.",
  "le 3 mars 2019",
  "On April 2nd, 2020",
  "tel 09 222 33 44",
  "gsm 0499/88.77.66",
  "+32 499 88 77 66",
  "mail an.voorbeeld@ziekenhuis.example",
  "zie www.ziekenhuis.example/dienst",
  "IBAN BE71 0961 2345 6769",
  "RRN 90.02.01-997.41",
  "dossiernr. 4455667",
  "patiëntnummer: 20230045",
  "IP 10.0.0.12",
  "9000 Gent",
  "2000 Antwerpen",
  "45 jaar",
  "een man van 67 jaar",
  "Naam | Leeftijd | Nummer\n--- | --- | ---\nX | 54 | 7788990\n",
  "l9-O4-l956",
  "O499/12.34.56",
  "\n",
  " ",
];
const note = fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 12 }).map((xs) => xs.join(" "));

describe("patterns: detectForLeakGuard", () => {
  it("gives the ID and contact spans of detect, no more and no fewer", async () => {
    for (const lang of ["nl-BE", "en"]) {
      const detector = await plugin.create(plugin.meta.configSchema.parse({}), { baseDir: ".", language: lang, projectRoot: "." });
      const ctx = { signal: new AbortController().signal, documentIndex: 0 };
      const keep = (spans: DetectedSpan[]) => spans.filter((s) => ["ID", "Contactdetails"].includes(categoryOf(s.label)));
      await fc.assert(
        fc.asyncProperty(note, async (text) => {
          const doc: Document = { document_id: "d", text, metadata: { lang } };
          const full = await detector.detect(doc, ctx);
          const subset = await detector.detectForLeakGuard!(doc, ctx);
          expect(keep(subset)).toEqual(keep(full));
          // What it leaves out is only what the guard would drop anyway.
          expect(subset.length).toBeLessThanOrEqual(full.length);
        }),
        { numRuns: 400 },
      );
    }
  });
});
