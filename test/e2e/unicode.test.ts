// Unicode through the real CLI: a name in NFD against NFC metadata (and the reverse), or disguised with soft
// hyphens, zero-width characters, a line-break hyphen, full-width or look-alike letters, spaced letters or
// initials, is still found by known-identifiers, and a disguised survivor is still caught by the leak guard.
// The leak guard also sees a survivor written in the other Unicode normal form (original-text check and metadata check).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, runCli, tempDir } from "./helpers.js";

const NAME = "Zoëlinde";
const FAMILY = "Qwertaal";

/** name → how it is written in the note. */
const DISGUISES: [string, string][] = [
  ["NFD text, NFC metadata", FAMILY.normalize("NFC") + " " + NAME.normalize("NFD")],
  ["soft hyphens", "Qwer\u00adtaal"],
  ["zero-width space and joiner", "Qwe\u200brtaal\u200d"],
  ["word joiner", "Qwer\u2060taal"],
  ["line-break hyphenation", "Qwer-\ntaal"],
  ["full-width", "Ｑｗｅｒｔａａｌ"],
  ["Cyrillic look-alikes", "Qwеrtааl"],
  ["Greek capitals", "QWΕRTΑΑL"],
  ["spaced letters", "Q w e r t a a l"],
  ["dotted letters", "Q.W.E.R.T.A.A.L"],
  ["full initials", "Z.Q."],
];

function cpRange(text: string, piece: string): [number, number] {
  const at = text.indexOf(piece);
  const begin = [...text.slice(0, at)].length;
  return [begin, begin + [...piece].length];
}

/** One document through the CLI with a detector that finds only the first occurrence of `word`, leak guard on. */
async function runFirstOccurrence(word: string, doc: Record<string, unknown>) {
  const dir = tempDir();
  const stack = join(dir, "stack.json");
  writeFileSync(stack, JSON.stringify({ name: "first", detectors: [{ use: join(ROOT, "test/fixtures/plugins/first-occurrence.ts"), with: { word } }], healing: null, leak_guard: true }));
  const input = join(dir, "in.jsonl");
  writeFileSync(input, JSON.stringify(doc) + "\n");
  return runCli(["run", "--stack", stack, input, "-o", join(dir, "out.jsonl")]);
}

describe("Unicode through the CLI", () => {
  it("known-identifiers finds every disguise, with exact code point offsets, and the output keeps none of it", async () => {
    const dir = tempDir();
    const stack = join(dir, "stack.json");
    writeFileSync(stack, JSON.stringify({ name: "ki", detectors: [{ use: "known-identifiers" }], healing: null, leak_guard: true }));
    const docs = DISGUISES.map(([, written], i) => ({
      document_id: `d${i}`,
      text: `Gezien: ${written} op consult.`,
      metadata: { patient: { given_name: NAME.normalize(i === 0 ? "NFC" : "NFD"), family_name: FAMILY } },
    }));
    // NFC text against NFD metadata, the other way round.
    docs.push({ document_id: "nfc-text", text: `Gezien: ${NAME.normalize("NFC")} op consult.`, metadata: { patient: { given_name: NAME.normalize("NFD"), family_name: FAMILY } } });
    const input = join(dir, "in.jsonl");
    writeFileSync(input, docs.map((d) => JSON.stringify(d)).join("\n") + "\n");
    const output = join(dir, "out.jsonl");
    const r = await runCli(["run", "--stack", stack, input, "-o", output]);
    expect(r.code).toBe(0);
    const records = readFileSync(output, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    expect(records).toHaveLength(docs.length);
    records.forEach((rec, i) => {
      const written = i < DISGUISES.length ? DISGUISES[i][1] : NAME.normalize("NFC");
      const [begin, end] = cpRange(docs[i].text, written);
      const covered = rec.spans.filter((s: { begin: number; end: number }) => s.begin <= begin && s.end >= end);
      expect(covered.length, `document ${rec.document_id}`).toBeGreaterThan(0);
      expect(rec.deid_text).toBe("Gezien: [Name:Patient] op consult.");
    });
  });

  it.each(DISGUISES.filter(([what]) => !what.startsWith("NFD") && what !== "full initials"))(
    "the leak guard refuses a surviving original in disguise: %s",
    async (_what, written) => {
      // No metadata: only the original-text check of the leak guard can see the second occurrence.
      const r = await runFirstOccurrence(FAMILY, { document_id: "a", text: `${FAMILY} kwam. Later belde ${written} terug.` });
      expect(r.code).not.toBe(0);
      expect(r.stderr).toContain("E_LEAK_GUARD");
      expect(r.stderr).toMatch(/original span text [1-9]/);
      expect(r.stderr).not.toContain(FAMILY);
    },
  );

  it.each([
    ["NFD survivor of an NFC span", NAME.normalize("NFC"), NAME.normalize("NFD")],
    ["NFC survivor of an NFD span", NAME.normalize("NFD"), NAME.normalize("NFC")],
  ])("the leak guard refuses a surviving original in the other normal form: %s", async (_what, first, later) => {
    const r = await runFirstOccurrence(first, { document_id: "a", text: `${first} kwam. Later belde ${later} terug.` });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain("E_LEAK_GUARD");
    expect(r.stderr).toMatch(/original span text [1-9]/);
    expect(r.stderr).not.toContain(NAME.normalize("NFC"));
    expect(r.stderr).not.toContain(NAME.normalize("NFD"));
  });

  it.each([
    ["NFD text, NFC metadata", "NFD", "NFC"],
    ["NFC text, NFD metadata", "NFC", "NFD"],
  ])("the leak guard's metadata check refuses a patient name no detector found: %s", async (_what, textForm, metaForm) => {
    // A detector that finds nothing here: only the guard's own known-identifiers check can see the name.
    const r = await runFirstOccurrence("Niemand", {
      document_id: "a",
      text: `Gezien: ${NAME.normalize(textForm as "NFC" | "NFD")} op consult.`,
      metadata: { patient: { given_name: NAME.normalize(metaForm as "NFC" | "NFD"), family_name: FAMILY } },
    });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain("E_LEAK_GUARD");
    expect(r.stderr).toMatch(/known identifiers [1-9]/);
    expect(r.stderr).not.toContain(NAME.normalize("NFC"));
    expect(r.stderr).not.toContain(NAME.normalize("NFD"));
  });
});
