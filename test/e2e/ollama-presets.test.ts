// The presets that use the LLM (recall-first, balanced, precision-first) load the ollama-llm plugin with their own
// options: the prompt paths resolve from stacks/ to the project root, and the detector and the balanced preset's
// second opinion work against the Ollama API at the preset's host (mocked here with msw).
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getPluginRegistry, PROJECT_ROOT, type SecondOpinionReviewer } from "../../src/detectors/index.js";
import { loadStack } from "../../src/stack/index.js";
import type { LlmDetector } from "../../plugins/ollama-llm/index.js";
import { chatHandler, chatReply, fencedText, spansReply } from "../support/ollama-mock.js";

const PRESET_HOST = "http://127.0.0.1:11434";
const PRESET_MODEL = "gemma4:26b-a4b";

const server = setupServer(
  http.get(`${PRESET_HOST}/api/version`, () => HttpResponse.json({ version: "0.40.11" })),
  http.get(`${PRESET_HOST}/api/tags`, () => HttpResponse.json({ models: [{ name: PRESET_MODEL, model: PRESET_MODEL, digest: "abc" }] })),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe.each(["recall-first", "balanced", "precision-first"])("preset %s", (preset) => {
  it("runs the ollama-llm detector with the preset's options and bundled nl-BE prompt", async () => {
    const stack = await loadStack(preset);
    const entry = stack.config.detectors.find((d) => d.use === "ollama-llm")!;
    expect(entry).toBeDefined();
    const { plugin } = await getPluginRegistry().load("ollama-llm", stack.baseDir);
    const options = plugin.meta.configSchema.parse(entry.with);
    const detector = (await plugin.create(options as never, { baseDir: stack.baseDir, language: stack.config.language, projectRoot: PROJECT_ROOT })) as LlmDetector;
    expect(detector.provenance().prompt).toMatchObject({ path: "prompts/llm-detector/nl-BE", language: "nl-BE" });
    expect(detector.provenance().server).toEqual({ server_version: "0.40.11", model_digest: "abc" });
    const chat = chatHandler((body) => spansReply(fencedText(body).includes("Wouters") ? [{ text: "Wouters", type: "Name:Caregiver" }] : []), PRESET_HOST);
    server.use(chat.handler);
    const text = "Gezien door dr. Wouters.";
    expect(await detector.detect({ document_id: "d", text }, { signal: new AbortController().signal, documentIndex: 0 })).toEqual([
      { start: 16, end: 23, label: "Name:Caregiver" },
    ]);
    expect(chat.seen[0].model).toBe(PRESET_MODEL);
  });
});

describe("preset balanced", () => {
  it("uses the ollama-llm second opinion with the nl-BE second-opinion prompt, vetoing only meddeid-onnx", async () => {
    const stack = await loadStack("balanced");
    const so = stack.config.second_opinion!;
    expect(so).toMatchObject({ use: "ollama-llm", veto: ["meddeid-onnx"] });
    const { secondOpinion } = await getPluginRegistry().load(so.use, stack.baseDir);
    const options = secondOpinion!.configSchema.parse({ ...so.with, context_chars: so.context_chars });
    const reviewer = (await secondOpinion!.create(options as never, { baseDir: stack.baseDir, language: "nl-BE", projectRoot: PROJECT_ROOT })) as unknown as {
      provenance(): { prompt: { path: string } };
    } & SecondOpinionReviewer;
    expect(reviewer.provenance().prompt.path).toBe("prompts/second-opinion/nl-BE");
    const chat = chatHandler((body) => chatReply(JSON.stringify({ is_phi: fencedText(body).includes("⟦Parkinson⟧") ? "no" : "yes" })), PRESET_HOST);
    server.use(chat.handler);
    const text = "Ziekte van Parkinson, gezien door dr. Wouters.";
    const verdicts = await reviewer.review(
      { document_id: "d", text },
      [
        { start: 11, end: 20, label: "Name:Other" },
        { start: 38, end: 45, label: "Name:Caregiver" },
      ],
      { signal: new AbortController().signal, documentIndex: 0 },
    );
    expect(verdicts).toEqual([false, true]);
    expect(fencedText(chat.seen[0])).toContain(text.slice(0, 11));
  });
});

describe("presets with an LLM name no host", () => {
  afterEach(() => vi.unstubAllEnvs());

  it.each(["recall-first", "balanced", "precision-first"])("%s talks to OLLAMA_HOST when it is set", async (preset) => {
    const stack = await loadStack(preset);
    const { plugin, secondOpinion } = await getPluginRegistry().load("ollama-llm", stack.baseDir);
    const entries = [...stack.config.detectors.filter((d) => d.use === "ollama-llm").map((d) => d.with), ...(stack.config.second_opinion ? [stack.config.second_opinion.with] : [])];
    expect(entries.length).toBeGreaterThan(0);
    for (const w of entries) expect(w).not.toHaveProperty("host");
    vi.stubEnv("OLLAMA_HOST", "gpu-box:8080");
    expect((plugin.meta.configSchema.parse(entries[0]) as { host: string }).host).toBe("http://gpu-box:8080");
    if (stack.config.second_opinion) expect((secondOpinion!.configSchema.parse(stack.config.second_opinion.with) as { host: string }).host).toBe("http://gpu-box:8080");
  });
});
