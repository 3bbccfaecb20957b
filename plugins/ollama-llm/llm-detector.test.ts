import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HttpResponse, delay, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DeidError, LABELS, invalidSpanReason, type Document } from "../../src/contract/index.js";
import { PROJECT_ROOT, type DetectContext } from "../../src/detectors/index.js";
import { runDetectorChecked } from "../../src/stack/orchestrator.js";
import { MOCK_DIGEST, MOCK_HOST, MOCK_MODEL, chatHandler, chatReply, fencedText, serverInfoHandlers, spansReply } from "../../test/support/ollama-mock.js";
import plugin from "./index.js";
import type { OllamaLlmDetector } from "./llm-detector.js";
import { llmDetectorOptionsSchema } from "./options.js";
import { promptDigest } from "./prompts.js";

const server = setupServer(...serverInfoHandlers());
beforeAll(() => server.listen({ onUnhandledRequest: (req, print) => (new URL(req.url).hostname === "127.0.0.1" ? undefined : print.error()) }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const pluginCtx = { baseDir: PROJECT_ROOT, language: "nl-BE", projectRoot: PROJECT_ROOT };
const CANARY = "Quirijntje";

async function createDetector(options: Record<string, unknown> = {}): Promise<OllamaLlmDetector> {
  const parsed = llmDetectorOptionsSchema.parse({ host: MOCK_HOST, model: MOCK_MODEL, ...options });
  return (await plugin.create(parsed, pluginCtx)) as OllamaLlmDetector;
}

/** A port on which nothing listens (it was free a moment ago). */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

function doc(text: string): Document {
  return { document_id: "d1", text };
}

function ctx(signal = new AbortController().signal): DetectContext {
  return { signal, documentIndex: 0 };
}

function covered(text: string, spans: { start: number; end: number; label: string }[]) {
  return spans.map((s) => [text.slice(s.start, s.end), s.label]);
}

/** Asserts that detection fails closed with an error that quotes no note text. */
async function expectFailsClosed(detector: OllamaLlmDetector, text: string, pattern: RegExp): Promise<DeidError> {
  const err = await detector.detect(doc(text), ctx()).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DeidError);
  const message = (err as DeidError).message;
  expect(message).toMatch(pattern);
  expect(message).not.toContain(CANARY);
  return err as DeidError;
}

/** A note of n words with the canary name at word `at`, long enough for several chunks. */
function longNote(words: number, at: number[]): string {
  return Array.from({ length: words }, (_, i) => (at.includes(i) ? `${CANARY} Verbeke` : `zin${i % 50}`)).join(" ");
}

describe("ollama-llm detector against a mocked /api/chat", () => {
  it("turns listed text into spans at its place in the note, with a request built as specified", async () => {
    const text = "Patiënte Anna Peeters werd op 03/09/2024 gezien door dr. Jan Maes in AZ Sint-Aldegonde.";
    const chat = chatHandler(() =>
      spansReply([
        { text: "Anna Peeters", type: "Name:Patient" },
        { text: "03/09/2024", type: "Date" },
        { text: "Jan Maes", type: "Name:Caregiver" },
        { text: "AZ Sint-Aldegonde", type: "Organization:Healthcare" },
      ]),
    );
    server.use(chat.handler);
    const detector = await createDetector({ options: { num_ctx: 4096, num_predict: 512, keep_alive: "10m" } });
    const spans = await detector.detect(doc(text), ctx());
    expect(covered(text, spans)).toEqual([
      ["Anna Peeters", "Name:Patient"],
      ["03/09/2024", "Date"],
      ["Jan Maes", "Name:Caregiver"],
      ["AZ Sint-Aldegonde", "Organization:Healthcare"],
    ]);
    for (const s of spans) expect(invalidSpanReason(s, text)).toBeUndefined();
    const body = chat.seen[0];
    expect(body.model).toBe(MOCK_MODEL);
    expect(body.stream).toBe(false);
    expect(body.think).toBe(false);
    expect(body.keep_alive).toBe("10m");
    expect(body.options).toEqual({ temperature: 0, num_ctx: 4096, num_predict: 512 });
    const spanSchema = (body.format as { properties: { spans: { items: { properties: { type: { enum: string[] } } } } } }).properties.spans.items;
    expect(spanSchema.properties.type.enum).toEqual([...LABELS]);
    expect(body.format).not.toHaveProperty("$schema");
    expect(body.messages[0].role).toBe("system");
    expect(body.messages.filter((m) => m.role === "assistant").length).toBeGreaterThanOrEqual(20);
    expect(fencedText(body)).toBe(text);
    expect(detector.stats()).toMatchObject({ documents: 1, chunks: 1, requests: 1, listed: 4, located_exact: 4, spans: 4 });
  });

  it("finds every occurrence of a listed text as whole words, once per occurrence", async () => {
    const text = "Peeters belt. Mevr. Peeters komt morgen; Peeterssen is een andere patiënt. PEETERS tekent.";
    server.use(chatHandler(() => spansReply([{ text: "Peeters", type: "Name:Patient" }])).handler);
    const detector = await createDetector();
    const spans = await detector.detect(doc(text), ctx());
    expect(spans.map((s) => s.start)).toEqual([0, 20]);
    expect(covered(text, spans).every(([t]) => t === "Peeters")).toBe(true);
  });

  it("locates a near-verbatim copy (case and whitespace) and counts it apart", async () => {
    const text = "Dhr.  JAN\nMAES kwam op controle.";
    server.use(chatHandler(() => spansReply([{ text: "Jan Maes", type: "Name:Patient" }])).handler);
    const detector = await createDetector();
    const spans = await detector.detect(doc(text), ctx());
    expect(covered(text, spans)).toEqual([["JAN\nMAES", "Name:Patient"]]);
    expect(detector.stats()).toMatchObject({ located_exact: 0, located_tolerant: 1 });
  });

  it("never makes a span of invented or reworded text, and counts both", async () => {
    const text = "Anna Peeters werd gezien door dr. Maes.";
    server.use(
      chatHandler(() =>
        spansReply([
          { text: "Karel Jansen", type: "Name:Patient" },
          { text: "Peeters Anna", type: "Name:Patient" },
          { text: "dr. Maes uit Gent", type: "Name:Caregiver" },
          { text: "Maes", type: "Name:Caregiver" },
        ]),
      ).handler,
    );
    const detector = await createDetector();
    const spans = await detector.detect(doc(text), ctx());
    expect(covered(text, spans)).toEqual([["Maes", "Name:Caregiver"]]);
    expect(detector.stats()).toMatchObject({ listed: 4, dropped_invented: 2, dropped_reworded: 1, located_exact: 1, spans: 1 });
  });

  it("answers {spans: []} with no spans", async () => {
    server.use(chatHandler(() => spansReply([])).handler);
    const detector = await createDetector();
    expect(await detector.detect(doc("Pijnscore 3/10 na paracetamol."), ctx())).toEqual([]);
  });

  it("sends nothing for an empty or blank note", async () => {
    const chat = chatHandler(() => spansReply([]));
    server.use(chat.handler);
    const detector = await createDetector();
    expect(await detector.detect(doc(""), ctx())).toEqual([]);
    expect(await detector.detect(doc("   \n  "), ctx())).toEqual([]);
    expect(chat.seen).toHaveLength(0);
  });

  it("chunks a long note with overlap, puts spans at note offsets, and keeps one span per place", async () => {
    const text = longNote(900, [5, 300, 520, 610]);
    const chat = chatHandler((body) => {
      const chunk = fencedText(body);
      return spansReply(chunk.includes(CANARY) ? [{ text: `${CANARY} Verbeke`, type: "Name:Patient" }] : []);
    });
    server.use(chat.handler);
    const detector = await createDetector();
    const spans = await detector.detect(doc(text), ctx());
    const expected = [...text.matchAll(new RegExp(`${CANARY} Verbeke`, "g"))].map((m) => m.index);
    expect(spans.map((s) => s.start)).toEqual(expected);
    expect(chat.seen.length).toBe(detector.stats().chunks);
    expect(detector.stats().chunks).toBeGreaterThan(2);
    for (const body of chat.seen) expect(fencedText(body).length).toBeLessThanOrEqual(2000);
  });

  it("asks again for each half of a chunk whose answer was cut off, and succeeds when the halves fit", async () => {
    const text = longNote(300, [40, 250]);
    const chat = chatHandler((body) => {
      const chunk = fencedText(body);
      if (chunk.length > 800) return chatReply('{"spans": [{"text": "Quiri', "length");
      return spansReply(chunk.includes(CANARY) ? [{ text: `${CANARY} Verbeke`, type: "Name:Patient" }] : []);
    });
    server.use(chat.handler);
    const detector = await createDetector();
    const spans = await detector.detect(doc(text), ctx());
    expect(spans).toHaveLength(2);
    expect(covered(text, spans).every(([t]) => t === `${CANARY} Verbeke`)).toBe(true);
    expect(detector.stats().halvings).toBeGreaterThanOrEqual(1);
    expect(chat.seen.length).toBeGreaterThan(detector.stats().chunks);
  });

  it("fails closed when an answer is still cut off at the minimum chunk size", async () => {
    const chat = chatHandler(() => chatReply('{"spans": [', "length"));
    server.use(chat.handler);
    const detector = await createDetector({ min_chunk_chars: 200 });
    await expectFailsClosed(detector, longNote(300, [10]), /cut off at the output limit/);
    expect(chat.seen.length).toBeGreaterThan(2);
    for (const body of chat.seen.slice(1)) expect(fencedText(body).length).toBeGreaterThanOrEqual(100);
  });

  it("asks again in halves when the answer is not JSON, then fails closed", async () => {
    const chat = chatHandler(() => chatReply(`{spans: [{text: ${CANARY}`));
    server.use(chat.handler);
    const detector = await createDetector({ min_chunk_chars: 300 });
    await expectFailsClosed(detector, longNote(200, [3]), /not valid JSON/);
    expect(detector.stats().halvings).toBeGreaterThanOrEqual(1);
  });

  it("treats an empty answer as unusable and fails closed", async () => {
    server.use(chatHandler(() => chatReply("")).handler);
    const detector = await createDetector();
    await expectFailsClosed(detector, `Patiënt ${CANARY} kwam binnen.`, /not valid JSON/);
  });

  it("fails closed at once on a schema violation (a type that is not a contract label)", async () => {
    const chat = chatHandler(() => spansReply([{ text: CANARY, type: "PERSON" }]));
    server.use(chat.handler);
    const detector = await createDetector();
    await expectFailsClosed(detector, `Patiënt ${CANARY} kwam binnen.`, /answer schema at spans\.0\.type/);
    expect(chat.seen).toHaveLength(1);
  });

  it("fails closed on a schema violation with extra fields", async () => {
    server.use(chatHandler(() => chatReply(JSON.stringify({ spans: [{ text: CANARY, type: "Name:Patient", start: 8 }] }))).handler);
    await expectFailsClosed(await createDetector(), `Patiënt ${CANARY} kwam binnen.`, /answer schema/);
  });

  it("fails closed on HTTP 500 without quoting the server's body", async () => {
    server.use(http.post(`${MOCK_HOST}/api/chat`, () => HttpResponse.json({ error: `boom ${CANARY}` }, { status: 500 })));
    await expectFailsClosed(await createDetector(), `Patiënt ${CANARY}.`, /HTTP 500 from \/api\/chat/);
  });

  it("fails closed on a body that is not JSON", async () => {
    server.use(http.post(`${MOCK_HOST}/api/chat`, () => new HttpResponse(`<html>${CANARY}</html>`, { status: 200, headers: { "Content-Type": "text/html" } })));
    await expectFailsClosed(await createDetector(), `Patiënt ${CANARY}.`, /not JSON/);
  });

  it("fails closed on an unknown model and says how to get it", async () => {
    server.use(http.post(`${MOCK_HOST}/api/chat`, () => HttpResponse.json({ error: `model "${MOCK_MODEL}" not found, try pulling it first` }, { status: 404 })));
    await expectFailsClosed(await createDetector(), `Patiënt ${CANARY}.`, /model test-model:7b not found.*ollama pull test-model:7b/);
  });

  it("refuses to start when the server does not hold the model", async () => {
    server.use(...serverInfoHandlers(MOCK_HOST, ["other:1b"]));
    await expect(createDetector()).rejects.toMatchObject({ code: "E_DETECTOR_NOT_INSTALLED" });
  });

  it("fails closed when the connection is refused", async () => {
    const detector = await createDetector({ host: `http://127.0.0.1:${await closedPort()}`, preflight: false });
    const err = await expectFailsClosed(detector, `Patiënt ${CANARY}.`, /ECONNREFUSED/);
    // The message says what to do: start a server, point the stack (or OLLAMA_HOST) at one, or use a stack without it.
    expect(err.message).toMatch(/no Ollama server answers there\. Start it on this machine with `ollama serve`.*with\.host.*OLLAMA_HOST.*--stack rules-only/);
  });

  it("aborts the request in flight when the orchestrator's timeout passes", async () => {
    let aborted = false;
    server.use(
      http.post(`${MOCK_HOST}/api/chat`, async ({ request }) => {
        request.signal.addEventListener("abort", () => (aborted = true));
        await delay("infinite");
        return spansReply([]);
      }),
    );
    const detector = await createDetector();
    const run = runDetectorChecked({ id: "ollama-llm", detector, timeoutMs: 150 }, doc(`Patiënt ${CANARY}.`), 4, new AbortController().signal);
    await expect(run).rejects.toMatchObject({ code: "E_DETECTOR_TIMEOUT", context: { documentIndex: 4 } });
    await expect.poll(() => aborted).toBe(true);
  });

  it("sends no request once the run is aborted", async () => {
    const chat = chatHandler(() => spansReply([]));
    server.use(chat.handler);
    const controller = new AbortController();
    controller.abort();
    await expect((await createDetector()).detect(doc("Patiënt kwam."), ctx(controller.signal))).rejects.toThrow(/aborted/);
    expect(chat.seen).toHaveLength(0);
  });

  it("asks again without `think` for a model that has no thinking mode, and remembers it", async () => {
    const host = "http://no-think.test:11434";
    server.use(...serverInfoHandlers(host));
    const chat = chatHandler(
      (body) =>
        body.think === undefined ? spansReply([{ text: "Maes", type: "Name:Caregiver" }]) : HttpResponse.json({ error: `"${MOCK_MODEL}" does not support thinking` }, { status: 400 }),
      host,
    );
    server.use(chat.handler);
    const detector = await createDetector({ host });
    const text = "Gezien door dr. Maes.";
    expect(covered(text, await detector.detect(doc(text), ctx()))).toEqual([["Maes", "Name:Caregiver"]]);
    await detector.detect(doc(text), ctx());
    expect(chat.seen.map((b) => b.think)).toEqual([false, undefined, undefined]);
  });

  it("limits requests in flight per host across documents", async () => {
    const host = "http://limited.test:11434";
    server.use(...serverInfoHandlers(host));
    let inFlight = 0;
    let peak = 0;
    server.use(
      http.post(`${host}/api/chat`, async () => {
        inFlight++;
        peak = Math.max(peak, inFlight);
        await delay(5);
        inFlight--;
        return spansReply([]);
      }),
    );
    const a = await createDetector({ host, max_concurrency: 2 });
    const b = await createDetector({ host, max_concurrency: 3 });
    const text = longNote(700, []);
    await Promise.all([a, b, a, b].map((d) => d.detect(doc(text), ctx())));
    expect(peak).toBe(2);
  });

  it("drops what Safe Harbor lets one keep only when the filters are on, whatever the type", async () => {
    const text = "Anna Peeters (45 jaar) werd maandag om 14u30 gezien in 2019, kamer 12, op 03/09/2024.";
    const listed = [
      { text: "Anna Peeters", type: "Name:Patient" },
      { text: "45 jaar", type: "Age_Birthdate" },
      { text: "maandag", type: "Date" },
      { text: "14u30", type: "Date" },
      { text: "2019", type: "Date" },
      { text: "12", type: "Address_Location:Patient" },
      { text: "03/09/2024", type: "Date" },
    ];
    server.use(chatHandler(() => spansReply(listed)).handler);
    const unfiltered = await createDetector();
    expect(await unfiltered.detect(doc(text), ctx())).toHaveLength(7);
    const filtered = await createDetector({ filters: ["safe-harbor"] });
    expect(covered(text, await filtered.detect(doc(text), ctx()))).toEqual([
      ["Anna Peeters", "Name:Patient"],
      ["03/09/2024", "Date"],
    ]);
    expect(filtered.stats().dropped_safe_harbor).toEqual({ age_under_90: 1, year_alone: 1, time_alone: 1, weekday_alone: 1, short_identifier: 1 });
  });

  it("returns valid offsets around emoji and other astral characters", async () => {
    const text = "😀 Anna 😀 Peeters 𝒜 Anna";
    server.use(chatHandler(() => spansReply([{ text: "Anna", type: "Name:Patient" }, { text: "Peeters", type: "Name:Patient" }])).handler);
    const spans = await (await createDetector()).detect(doc(text), ctx());
    expect(spans).toHaveLength(3);
    for (const s of spans) expect(invalidSpanReason(s, text)).toBeUndefined();
  });

  it("writes prompts and answers only to an explicit debug log whose first line warns of patient text", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ollama-debug-"));
    try {
      server.use(chatHandler(() => spansReply([{ text: CANARY, type: "Name:Patient" }])).handler);
      const plain = await createDetector();
      await plain.detect(doc(`Patiënt ${CANARY}.`), ctx());
      const path = join(dir, "debug.jsonl");
      expect(existsSync(path)).toBe(false);
      const logged = await createDetector({ debug_log: path });
      await logged.detect(doc(`Patiënt ${CANARY}.`), ctx());
      const lines = readFileSync(path, "utf8").trim().split("\n").map((l) => JSON.parse(l));
      expect(lines[0].warning).toMatch(/PATIENT TEXT/);
      expect(lines[0]).not.toHaveProperty("user");
      expect(lines[1].user).toContain(CANARY);
      expect(lines[1].answer).toContain(CANARY);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("reports the model, server, options and prompt digest for provenance", async () => {
    const detector = await createDetector({ filters: ["year_alone"] });
    const p = detector.provenance();
    expect(p.model).toBe(MOCK_MODEL);
    expect(p.server).toEqual({ server_version: "0.40.11-mock", model_digest: MOCK_DIGEST });
    expect(p.prompt.path).toBe("prompts/llm-detector/nl-BE");
    expect(p.prompt.sha256).toBe(promptDigest(join(PROJECT_ROOT, "prompts/llm-detector/nl-BE")).sha256);
    expect(p.options).toMatchObject({ temperature: 0, think: false, chunk_chars: 2000, overlap_chars: 200, filters: ["year_alone"] });
    expect(JSON.stringify(p)).not.toMatch(/Peeters|Vandenbroucke/);
  });
});
