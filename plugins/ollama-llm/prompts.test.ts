import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../src/detectors/index.js";
import { detectorAnswerSchema } from "./answer-schemas.js";
import { locateInChunk } from "./locate.js";
import { fillTemplate, listPromptLanguages, loadDetectorPrompt, loadSecondOpinionPrompt, promptDigest, resolvePromptDir } from "./prompts.js";

const LANGUAGES = ["en", "nl-BE"];
const tmp = mkdtempSync(join(tmpdir(), "prompts-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe.each(LANGUAGES)("bundled llm-detector prompt %s", (language) => {
  const prompt = loadDetectorPrompt(join(PROJECT_ROOT, "prompts/llm-detector", language));

  it("has a versioned manifest for its language and at least 20 examples, some without identifiers", () => {
    expect(prompt.manifest).toMatchObject({ kind: "llm-detector", language });
    expect(prompt.manifest.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(prompt.examples.length).toBeGreaterThanOrEqual(20);
    const empty = prompt.examples.filter((e) => e.spans.length === 0).length;
    expect(empty).toBeGreaterThanOrEqual(5);
    expect(empty).toBeLessThan(prompt.examples.length / 2);
  });

  it("answers every example with text that occurs in it exactly, as whole words, each listed once", () => {
    for (const [i, example] of prompt.examples.entries()) {
      expect(detectorAnswerSchema.safeParse({ spans: example.spans }).success, `example ${i + 1}`).toBe(true);
      for (const span of example.spans) expect(locateInChunk(example.text, span.text).kind, `example ${i + 1}: ${span.text}`).toBe("exact");
      const listed = example.spans.map((s) => s.text);
      expect(new Set(listed).size, `example ${i + 1}`).toBe(listed.length);
    }
  });

  it("wraps the note in the user template", () => {
    expect(fillTemplate(prompt.userTemplate, { text: "X" })).toMatch(/<<<\nX\n>>>/);
  });
});

describe.each(LANGUAGES)("bundled second-opinion prompt %s", (language) => {
  const prompt = loadSecondOpinionPrompt(join(PROJECT_ROOT, "prompts/second-opinion", language));

  it("has examples with one marked candidate each and every verdict", () => {
    expect(prompt.manifest).toMatchObject({ kind: "second-opinion", language });
    expect(prompt.examples.length).toBeGreaterThanOrEqual(12);
    for (const e of prompt.examples) expect([...e.context.matchAll(/[⟦⟧]/gu)].map((m) => m[0])).toEqual(["⟦", "⟧"]);
    expect(new Set(prompt.examples.map((e) => e.is_phi))).toEqual(new Set(["yes", "no", "unsure"]));
    expect(prompt.system).toMatch(/unsure/);
  });
});

describe("promptDigest", () => {
  it("hashes every file, combines the hashes, and changes when any file changes", () => {
    const dir = join(tmp, "nl");
    cpSync(join(PROJECT_ROOT, "prompts/llm-detector/nl-BE"), dir, { recursive: true });
    const before = promptDigest(dir);
    expect(Object.keys(before.files).sort()).toEqual(["examples.jsonl", "manifest.json", "system.md", "user.md"]);
    expect(before.version).toBe("1.0.0");
    expect(before).toEqual(promptDigest(join(PROJECT_ROOT, "prompts/llm-detector/nl-BE")));
    writeFileSync(join(dir, "system.md"), readFileSync(join(dir, "system.md"), "utf8") + " ");
    const after = promptDigest(dir);
    expect(after.files["system.md"]).not.toBe(before.files["system.md"]);
    expect(after.files["examples.jsonl"]).toBe(before.files["examples.jsonl"]);
    expect(after.sha256).not.toBe(before.sha256);
  });
});

describe("resolvePromptDir", () => {
  const ctx = { baseDir: join(PROJECT_ROOT, "stacks"), projectRoot: PROJECT_ROOT, language: "nl-BE" };

  it("resolves against the stack's directory first, then the project root", () => {
    expect(resolvePromptDir("prompts/llm-detector/nl-BE", "llm-detector", ctx)).toBe(join(PROJECT_ROOT, "prompts/llm-detector/nl-BE"));
    const own = join(tmp, "stackdir");
    cpSync(join(PROJECT_ROOT, "prompts/llm-detector/en"), join(own, "prompts/llm-detector/nl-BE"), { recursive: true });
    expect(resolvePromptDir("prompts/llm-detector/nl-BE", "llm-detector", { ...ctx, baseDir: own })).toBe(join(own, "prompts/llm-detector/nl-BE"));
  });

  it("defaults to prompts/<kind>/<language> and names the bundled languages when none fits", () => {
    expect(resolvePromptDir(undefined, "second-opinion", ctx)).toBe(join(PROJECT_ROOT, "prompts/second-opinion/nl-BE"));
    expect(() => resolvePromptDir(undefined, "llm-detector", { ...ctx, language: "fr-BE" })).toThrow(/bundled llm-detector prompts: en, nl-BE/);
    expect(listPromptLanguages(PROJECT_ROOT, "second-opinion")).toEqual(["en", "nl-BE"]);
  });

  it("refuses a prompt of the other kind", () => {
    expect(() => loadDetectorPrompt(join(PROJECT_ROOT, "prompts/second-opinion/en"))).toThrow(/not a llm-detector prompt/);
  });
});

describe("fillTemplate", () => {
  it("fills placeholders in one pass, so a note that contains a placeholder stays as it is", () => {
    expect(fillTemplate("Type: {{label}}\n{{context}}", { label: "Date", context: "zie {{label}} en $& $1" })).toBe("Type: Date\nzie {{label}} en $& $1");
  });
});
