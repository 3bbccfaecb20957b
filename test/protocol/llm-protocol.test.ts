// A protocol whose system uses the local-LLM detector, run against a stand-in Ollama server: the lock hashes the
// bundled prompt files the detector uses, and the run reads statements from real LLM-detector output.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadJsonlDocuments } from "../../src/contract/index.js";
import { lockProtocol, runProtocol, verifyProtocol } from "../../src/protocol/index.js";
import { startStandInLlm, type StandInLlm } from "./stand-in-llm.js";
import { FIXTURES, createWorkspace, stackYaml } from "./workspace.js";

const MODEL = "stand-in:1b";

describe("a protocol with an LLM stack and a stand-in Ollama server", () => {
  let llm: StandInLlm;

  beforeAll(async () => {
    const gold = await loadJsonlDocuments(join(FIXTURES, "battery", "corpus.jsonl"));
    const names = new Set<string>();
    for (const d of gold) for (const p of [d.metadata?.patient, ...(d.metadata?.caregivers ?? [])]) if (p?.family_name) names.add(p.family_name);
    llm = await startStandInLlm(MODEL, [...names].map((text) => ({ text, type: "Name:Other" })));
  });

  afterAll(async () => {
    await llm?.close();
  });

  it("locks the bundled prompt, runs the LLM detector, and reads the statements", async () => {
    const ws = createWorkspace({
      protocol: (p) => {
        (p.systems as unknown[]).push({ id: "llm", stack: "stacks/llm.yaml" });
        // As a battery runs by default: each system in its own process.
        p.timing = { warmup_documents: 1, isolation: "process" };
        p.statements = [{ id: "L", kind: "superiority", corpus: "synth", description: "the LLM stack finds more PHI than dates alone", system: "llm", reference: "dates", measure: "span_recall" }];
      },
    });
    writeFileSync(
      join(ws.dir, "stacks", "llm.yaml"),
      stackYaml("llm", [{ use: "known-identifiers" }, { use: "ollama-llm", with: { host: llm.url, model: MODEL } }]),
    );
    const locked = await lockProtocol(ws.protocolPath);
    const prompts = locked.lock.files.filter((f) => f.role === "prompt").map((f) => f.path.split("/").slice(-3).join("/"));
    expect(prompts).toEqual(expect.arrayContaining(["llm-detector/nl-BE/manifest.json", "llm-detector/nl-BE/system.md", "llm-detector/nl-BE/user.md", "llm-detector/nl-BE/examples.jsonl"]));
    expect(locked.lock.components.find((c) => c.use === "ollama-llm")).toMatchObject({ system: "llm", plugin_version: expect.any(String) });
    expect((await verifyProtocol(ws.protocolPath)).ok).toBe(true);
    const run = await runProtocol(ws.protocolPath, { outputRoot: join(ws.dir, "results") });
    expect(llm.chats()).toBeGreaterThan(0);
    const [statement] = run.statements;
    expect(statement.statement.id).toBe("L");
    expect(statement.held).toBe(true);
    expect(statement.conditions[0].low!).toBeGreaterThan(0);
  });
});
