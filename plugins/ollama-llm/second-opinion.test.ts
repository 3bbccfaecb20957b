import fc from "fast-check";
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DeidError, type DetectedSpan, type Document } from "../../src/contract/index.js";
import { PROJECT_ROOT } from "../../src/detectors/index.js";
import { MOCK_HOST, MOCK_MODEL, chatHandler, chatReply, fencedText, serverInfoHandlers } from "../../test/support/ollama-mock.js";
import { secondOpinion } from "./index.js";
import { markCandidate, type OllamaSecondOpinion } from "./second-opinion.js";

const server = setupServer(...serverInfoHandlers());
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const CANARY = "Quirijntje";
const pluginCtx = { baseDir: PROJECT_ROOT, language: "nl-BE", projectRoot: PROJECT_ROOT };

async function createReviewer(options: Record<string, unknown> = {}): Promise<OllamaSecondOpinion> {
  const parsed = secondOpinion.configSchema.parse({ host: MOCK_HOST, model: MOCK_MODEL, context_chars: 30, ...options });
  return (await secondOpinion.create(parsed, pluginCtx)) as OllamaSecondOpinion;
}

const text = `Ziekte van Parkinson sinds 2021. Gezien door dr. Wouters. Patiënt ${CANARY} woont alleen.`;
const document: Document = { document_id: "d", text };
const at = (needle: string, label: DetectedSpan["label"]): DetectedSpan => ({ start: text.indexOf(needle), end: text.indexOf(needle) + needle.length, label });
const parkinson = at("Parkinson", "Name:Other");
const wouters = at("Wouters", "Name:Caregiver");
const canary = at(CANARY, "Name:Patient");
const ctx = () => ({ signal: new AbortController().signal, documentIndex: 2 });

/** Answers from the marked text: no for Parkinson, unsure for the canary, yes otherwise. */
function verdictByMarkedText(body: { messages: { content: string }[] }) {
  const marked = /⟦([^⟧]*)⟧/u.exec(fencedText(body as never))![1];
  return chatReply(JSON.stringify({ is_phi: marked === "Parkinson" ? "no" : marked === CANARY ? "unsure" : "yes" }));
}

describe("markCandidate", () => {
  it("shows the candidate between marks with context on both sides, cut with an ellipsis", () => {
    expect(markCandidate("Gezien door dr. Wouters op maandag.", { start: 16, end: 23 }, 6)).toBe("…r dr. ⟦Wouters⟧ op ma…");
    expect(markCandidate("Wouters.", { start: 0, end: 7 }, 50)).toBe("⟦Wouters⟧.");
  });

  it("is the note's own text around exactly one pair of marks, without splitting a surrogate pair", () => {
    const chars = fc.constantFrom("a", " ", "é", "😀", "⟦", "⟧", "\n");
    fc.assert(
      fc.property(fc.array(chars, { minLength: 1, maxLength: 60 }), fc.nat(), fc.nat(), fc.nat({ max: 20 }), (cs, a, b, context) => {
        const note = cs.join("");
        const bounds = [...Array(note.length + 1).keys()].filter((i) => !(i > 0 && i < note.length && /[\uDC00-\uDFFF]/.test(note[i])));
        const start = bounds[a % (bounds.length - 1)];
        const later = bounds.filter((i) => i > start);
        const end = later[b % later.length];
        const marked = markCandidate(note, { start, end }, context);
        expect([...marked.matchAll(/[⟦⟧]/gu)].length).toBe(2);
        const inner = /⟦([^⟧]*)⟧/u.exec(marked)![1];
        expect(inner).toBe(note.slice(start, end).replace(/⟦/g, "[").replace(/⟧/g, "]"));
        expect(marked).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
      }),
    );
  });
});

describe("ollama-llm second opinion against a mocked /api/chat", () => {
  it("keeps yes and unsure, vetoes only no, and asks with the label and the marked context", async () => {
    const chat = chatHandler(verdictByMarkedText);
    server.use(chat.handler);
    const reviewer = await createReviewer();
    expect(await reviewer.review(document, [parkinson, wouters, canary], ctx())).toEqual([false, true, true]);
    const asked = chat.seen.map((b) => b.messages.at(-1)!.content);
    expect(asked.find((m) => m.includes("⟦Parkinson⟧"))).toMatch(/Type: Name:Other/);
    expect(chat.seen[0].format).toEqual({
      type: "object",
      properties: { is_phi: { type: "string", enum: ["yes", "no", "unsure"] } },
      required: ["is_phi"],
      additionalProperties: false,
    });
    expect(chat.seen[0].options).toMatchObject({ temperature: 0, num_ctx: 16384 });
    expect(chat.seen[0].think).toBe(false);
    expect(reviewer.stats()).toEqual({ documents: 1, candidates: 3, requests: 3, answered_yes: 1, answered_no: 1, answered_unsure: 1 });
  });

  it("asks once for a candidate listed twice", async () => {
    const chat = chatHandler(verdictByMarkedText);
    server.use(chat.handler);
    expect(await (await createReviewer()).review(document, [parkinson, parkinson], ctx())).toEqual([false, false]);
    expect(chat.seen).toHaveLength(1);
  });

  it.each([
    ["a cut-off answer", () => chatReply('{"is_phi": "n', "length"), /cut off/],
    ["an answer that is not JSON", () => chatReply(`no, ${CANARY} is not PHI`), /not valid JSON/],
    ["an empty answer", () => chatReply(""), /not valid JSON/],
    ["a schema violation", () => chatReply(JSON.stringify({ is_phi: "maybe" })), /answer schema at is_phi/],
    ["HTTP 500", () => HttpResponse.json({ error: CANARY }, { status: 500 }), /HTTP 500/],
    ["an unknown model", () => HttpResponse.json({ error: "model not found" }, { status: 404 }), /not found/],
  ])("fails closed on %s, quoting no note text", async (_name, reply, pattern) => {
    server.use(http.post(`${MOCK_HOST}/api/chat`, reply));
    const err = await (await createReviewer()).review(document, [canary], ctx()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DeidError);
    expect((err as Error).message).toMatch(pattern);
    expect((err as Error).message).not.toContain(CANARY);
  });

  it("reports its prompt digest and options for provenance", async () => {
    const p = (await createReviewer()).provenance();
    expect(p.prompt).toMatchObject({ path: "prompts/second-opinion/nl-BE", kind: "second-opinion", language: "nl-BE", version: "1.0.0" });
    expect(p.options).toMatchObject({ context_chars: 30, num_ctx: 16384, temperature: 0 });
  });
});
