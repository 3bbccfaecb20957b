import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { chooseStack, inputLanguages, listPresetNames, loadStack, presetForLanguage, PRESET_FAMILIES } from "../../src/stack/index.js";
import { tempDir } from "../e2e/helpers.js";

const doc = (id: string, lang?: string) => JSON.stringify({ document_id: id, text: "Secret Zqxname text.", ...(lang ? { metadata: { lang } } : {}) });

describe("preset families", () => {
  it("map each language tag to its member", () => {
    expect(presetForLanguage("en")).toBe("rules-only-en");
    expect(presetForLanguage("en-GB")).toBe("rules-only-en");
    expect(presetForLanguage("EN_us", "no-llm")).toBe("no-llm-en");
    expect(presetForLanguage("nl-BE")).toBe("rules-only");
    expect(presetForLanguage("fr-BE", "no-llm")).toBe("no-llm");
    expect(() => presetForLanguage("en", "fastest")).toThrow(/no preset family "fastest"/);
  });

  it("every member is a preset that loads, by bare name and as preset:NAME, in its own language", async () => {
    for (const members of Object.values(PRESET_FAMILIES)) {
      for (const [word, name] of Object.entries(members)) {
        expect(listPresetNames()).toContain(name);
        const bare = await loadStack(name);
        const prefixed = await loadStack(`preset:${name}`);
        expect(prefixed.sha256).toBe(bare.sha256);
        expect(bare.config.name).toBe(name);
        expect(bare.config.language.startsWith(word === "en" ? "en" : "nl")).toBe(true);
      }
    }
  });
});

describe("chooseStack", () => {
  it("keeps a named stack", async () => {
    expect(await chooseStack({ stack: "no-llm", lang: "en", input: "x" })).toMatchObject({ stack: "no-llm", chosen: false });
  });

  it("uses --lang before the documents", async () => {
    const dir = tempDir();
    const input = join(dir, "in.jsonl");
    writeFileSync(input, doc("a", "nl-BE") + "\n");
    const c = await chooseStack({ lang: "en-US", input });
    expect(c).toMatchObject({ stack: "rules-only-en", chosen: true });
    expect(c.reason).toContain("--lang en-US");
  });

  it("reads metadata.lang of the documents and says so with tags and counts only", async () => {
    const dir = tempDir();
    const input = join(dir, "in.jsonl");
    writeFileSync(input, [doc("a", "en-US"), doc("b", "en-GB"), doc("c")].join("\n") + "\n");
    const c = await chooseStack({ input });
    expect(c.stack).toBe("rules-only-en");
    expect(c.reason).toBe("no --stack given: preset rules-only-en for metadata.lang en-US ×1, en-GB ×1 (first 3 documents)");
    expect(c.reason).not.toContain("Zqxname");
  });

  it("refuses documents whose languages need different presets", async () => {
    const dir = tempDir();
    const input = join(dir, "in.jsonl");
    writeFileSync(input, [doc("a", "en-US"), doc("b", "nl-BE")].join("\n") + "\n");
    await expect(chooseStack({ input })).rejects.toMatchObject({ code: "E_STACK_CONFIG" });
  });

  it("falls back to rules-only without metadata.lang (a directory of .txt, or untagged JSONL)", async () => {
    const dir = tempDir();
    expect(await chooseStack({ input: dir })).toMatchObject({ stack: "rules-only", chosen: true });
    const input = join(dir, "in.jsonl");
    writeFileSync(input, `${doc("a")}\nnot json\n`);
    expect(await inputLanguages(input)).toEqual({ documents: 2, tags: {} });
    expect((await chooseStack({ input })).stack).toBe("rules-only");
  });
});
