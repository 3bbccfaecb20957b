// `deidstack run` without --stack: the preset comes from --lang or the documents' metadata.lang, and stderr says
// which, with no note text.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { canaryLeaked, runCli, tempDir } from "./helpers.js";

const CANARY = "Zqxfamily";

describe("run picks the preset family's member for the language", () => {
  it("from metadata.lang: rules-only-en for English documents", async () => {
    const dir = tempDir();
    const input = join(dir, "in.jsonl");
    writeFileSync(input, JSON.stringify({ document_id: "a", text: `Seen by Dr. ${CANARY} on April 12, 2023.`, metadata: { lang: "en-US" } }) + "\n");
    const output = join(dir, "out.jsonl");
    const r = await runCli(["run", input, "-o", output]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("no --stack given: preset rules-only-en for metadata.lang en-US");
    const rec = JSON.parse(readFileSync(output, "utf8").trim());
    expect(rec.provenance.stack.name).toBe("rules-only-en");
    expect(rec.deid_text).not.toContain(CANARY);
    expect(canaryLeaked(CANARY, { ...r, stdout: r.stdout }, dir, [input, output])).toBe(false);
  });

  it("from --lang, over the documents' own tags", async () => {
    const dir = tempDir();
    const input = join(dir, "in.jsonl");
    writeFileSync(input, JSON.stringify({ document_id: "a", text: `Gezien door dr. ${CANARY}.`, metadata: { lang: "en-GB" } }) + "\n");
    const output = join(dir, "out.jsonl");
    const r = await runCli(["run", "--lang", "nl-BE", input, "-o", output]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("no --stack given: preset rules-only for --lang nl-BE");
    expect(JSON.parse(readFileSync(output, "utf8").trim()).provenance.stack.name).toBe("rules-only");
  });
});
