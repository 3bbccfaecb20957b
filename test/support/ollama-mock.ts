// msw helpers for tests of the ollama-llm plugin: a mocked Ollama HTTP API (POST /api/chat, GET /api/tags,
// GET /api/version) whose chat answers tests compute from the note text the request carries.
import { HttpResponse, http } from "msw";

export const MOCK_HOST = "http://ollama.test:11434";
export const MOCK_MODEL = "test-model:7b";
export const MOCK_DIGEST = "sha256:0123456789abcdef";

export interface ChatRequestBody {
  model: string;
  messages: { role: string; content: string }[];
  format: Record<string, unknown>;
  stream: boolean;
  think?: boolean;
  keep_alive?: string | number;
  options: Record<string, unknown>;
}

/** The text between the <<< and >>> fences of the last user turn (the chunk or the marked context). */
export function fencedText(body: ChatRequestBody): string {
  const last = body.messages.at(-1)!.content;
  const m = /<<<\n([\s\S]*)\n>>>/.exec(last);
  if (!m) throw new Error("no fenced text in the last user turn");
  return m[1];
}

export function chatReply(content: string, doneReason = "stop") {
  return HttpResponse.json({
    model: MOCK_MODEL,
    created_at: new Date().toISOString(),
    message: { role: "assistant", content },
    done: true,
    done_reason: doneReason,
  });
}

export function spansReply(spans: { text: string; type: string }[]) {
  return chatReply(JSON.stringify({ spans }));
}

/** /api/version and /api/tags of a server that holds `models`. */
export function serverInfoHandlers(host = MOCK_HOST, models: string[] = [MOCK_MODEL]) {
  return [
    http.get(`${host}/api/version`, () => HttpResponse.json({ version: "0.40.11-mock" })),
    http.get(`${host}/api/tags`, () =>
      HttpResponse.json({ models: models.map((name) => ({ name, model: name, digest: MOCK_DIGEST, size: 1 })) }),
    ),
  ];
}

/** A chat handler that answers from the request body; records every body it saw. */
export function chatHandler(answer: (body: ChatRequestBody, request: Request) => Response | Promise<Response>, host = MOCK_HOST) {
  const seen: ChatRequestBody[] = [];
  const handler = http.post(`${host}/api/chat`, async ({ request }) => {
    const body = (await request.json()) as ChatRequestBody;
    seen.push(body);
    return answer(body, request);
  });
  return { handler, seen };
}
