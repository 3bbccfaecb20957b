// The ollama-llm plugin through the real CLI against a stand-in Ollama server on 127.0.0.1: a healthy run, a run
// whose server goes away mid-run (no output, exit ≠ 0, no note text anywhere), and the LLM second opinion.
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parse as parseYaml, stringify as stringifyYaml } from "yaml";
import { getPluginRegistry } from "../../src/detectors/index.js";
import { getHealingProfile } from "../../src/healing/index.js";
import { startStandInOllama, type StandInServer } from "../support/stand-in-ollama.js";
import { ROOT, canaryLeaked, runCli, tempDir } from "./helpers.js";

const CANARY = "Zqxollamacanary";
const FIXTURES = join(ROOT, "test/fixtures");
const GAZETTEER = [
  { text: `Anna ${CANARY}`, type: "Name:Patient" },
  { text: "dr. Wouters", type: "Name:Caregiver" },
  { text: "AZ Sint-Aldegonde", type: "Organization:Healthcare" },
];

let standIn: StandInServer | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

function notes(n: number): string {
  return (
    Array.from({ length: n }, (_, i) =>
      JSON.stringify({
        document_id: `d${i}`,
        text: `${i % 2 ? "Bob" : "Het"} verslag ${i}: Anna ${CANARY} werd gezien door dr. Wouters in AZ Sint-Aldegonde. Controle bij dr. Wouters.`,
      }),
    ).join("\n") + "\n"
  );
}

/** Writes the stack template with the stand-in's host (and the patterns detector when it is installed). */
function writeStack(dir: string, template: string, host: string): string {
  let yaml = readFileSync(join(FIXTURES, "stacks", template), "utf8").replaceAll("${OLLAMA_HOST}", host).replaceAll("${FIXTURES}", FIXTURES);
  if (getPluginRegistry().list().find((d) => d.id === "patterns")?.installed) {
    yaml = yaml.replace("  - use: known-identifiers\n", "  - use: known-identifiers\n  - use: patterns\n");
  }
  const path = join(dir, "stack.yaml");
  writeFileSync(path, yaml);
  return path;
}

/**
 * The recall-first preset as shipped, pointed at the stand-in: only the LLM's host changes; detectors or a healing
 * profile not installed in this checkout yet are left out (and named, so the test says what it ran).
 */
function writeRecallFirstPreset(dir: string, host: string): { path: string; left_out: string[] } {
  const preset = parseYaml(readFileSync(join(ROOT, "stacks/recall-first.yaml"), "utf8"));
  const installed = new Set(getPluginRegistry().list().filter((d) => d.installed).map((d) => d.id));
  const leftOut: string[] = [];
  preset.detectors = preset.detectors.filter((d: { use: string }) => installed.has(d.use) || !leftOut.push(d.use));
  for (const d of preset.detectors) if (d.use === "ollama-llm") d.with.host = host;
  try {
    getHealingProfile(preset.healing);
  } catch {
    leftOut.push(`healing ${preset.healing}`);
    preset.healing = null;
  }
  const path = join(dir, "recall-first.yaml");
  writeFileSync(path, stringifyYaml(preset));
  return { path, left_out: leftOut };
}

function setup(n: number) {
  const dir = tempDir("deidstack-ollama-");
  const input = join(dir, "in.jsonl");
  writeFileSync(input, notes(n));
  return { dir, input, output: join(dir, "out.jsonl") };
}

describe("ollama-llm through the CLI against a stand-in server", () => {
  it("replaces what the LLM listed in every document and quotes no note text", async () => {
    standIn = await startStandInOllama({ model: "stand-in:1b", gazetteer: GAZETTEER });
    const { dir, input, output } = setup(4);
    const stack = writeStack(dir, "ollama-recall-first.template.yaml", standIn.url);
    const r = await runCli(["run", "--stack", stack, input, "-o", output, "--workers", "1"]);
    expect(r.stderr).toMatch(/wrote 4 documents/);
    expect(r.code).toBe(0);
    const records = readFileSync(output, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    expect(records).toHaveLength(4);
    for (const rec of records) {
      expect(rec.deid_text).not.toContain(CANARY);
      expect(rec.deid_text).not.toContain("Wouters");
      expect(rec.deid_text).toContain("[Name:Patient]");
      expect(rec.deid_text).toContain("[Organization:Healthcare]");
      expect(rec.spans.filter((s: { detectors: string[] }) => s.detectors.includes("ollama-llm")).length).toBe(4);
    }
    expect(standIn.chats()).toBe(4);
    expect(canaryLeaked(CANARY, r, dir, [input, output])).toBe(false);
  });

  it("runs the recall-first preset with the stand-in as its Ollama server", async () => {
    standIn = await startStandInOllama({ model: "gemma4:26b-a4b", gazetteer: GAZETTEER });
    const { dir, input, output } = setup(3);
    const { path, left_out } = writeRecallFirstPreset(dir, standIn.url);
    expect(left_out).not.toContain("ollama-llm");
    const r = await runCli(["run", "--stack", path, input, "-o", output, "--workers", "1"]);
    expect(r.stderr).toMatch(/wrote 3 documents .* with stack recall-first/);
    const records = readFileSync(output, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    for (const rec of records) {
      expect(rec.deid_text).not.toContain(CANARY);
      expect(rec.spans.some((s: { detectors: string[] }) => s.detectors.includes("ollama-llm"))).toBe(true);
    }
    expect(standIn.chats()).toBe(3);
    expect(canaryLeaked(CANARY, r, dir, [input, output])).toBe(false);
  });

  it("fails closed when the server goes away mid-run: no output file, exit ≠ 0, no note text anywhere", async () => {
    standIn = await startStandInOllama({ model: "stand-in:1b", gazetteer: GAZETTEER, goAwayAfterChats: 3 });
    const { dir, input, output } = setup(10);
    const stack = writeStack(dir, "ollama-recall-first.template.yaml", standIn.url);
    const r = await runCli(["run", "--stack", stack, input, "-o", output, "--workers", "1"]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/E_DETECTOR_FAILED/);
    expect(r.stderr).toMatch(/detector ollama-llm, document index \d+/);
    expect(r.stderr).toMatch(/ollama at http:\/\/127\.0\.0\.1:\d+/);
    expect(existsSync(output)).toBe(false);
    expect(readdirSync(dir).sort()).toEqual(["in.jsonl", "stack.yaml"]);
    expect(canaryLeaked(CANARY, r, dir, [input])).toBe(false);
  });

  it("lets the LLM second opinion veto only the model detector's spans it answers no for", async () => {
    standIn = await startStandInOllama({ model: "stand-in:1b", gazetteer: GAZETTEER, notPhi: ["Het"] });
    const { dir, input, output } = setup(4);
    const stack = writeStack(dir, "ollama-balanced.template.yaml", standIn.url);
    const r = await runCli(["run", "--stack", stack, input, "-o", output, "--workers", "1"]);
    expect(r.stderr).toMatch(/wrote 4 documents/);
    const records = readFileSync(output, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    for (const [i, rec] of records.entries()) {
      const vetoed = i % 2 === 0;
      expect(rec.deid_text.startsWith(vetoed ? "Het verslag" : "[Name:Patient] verslag")).toBe(true);
      expect(rec.processing?.second_opinion_vetoed ?? 0).toBe(vetoed ? 1 : 0);
      expect(rec.provenance.second_opinion).toMatchObject({ id: "ollama-llm", veto: ["stand-in-ner"], prompt: { path: expect.any(String) } });
      expect(rec.deid_text).not.toContain(CANARY);
    }
    expect(canaryLeaked(CANARY, r, dir, [input, output])).toBe(false);
  });
});
