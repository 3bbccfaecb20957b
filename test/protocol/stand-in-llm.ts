// A minimal Ollama-compatible server on 127.0.0.1 for protocol end-to-end tests: /api/version, /api/tags and a
// non-streamed /api/chat that lists every gazetteer entry found in the fenced note text of the last user turn.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface StandInLlm {
  url: string;
  chats(): number;
  close(): Promise<void>;
}

function json(res: ServerResponse, body: unknown): void {
  const data = JSON.stringify(body);
  res.writeHead(200, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(data) });
  res.end(data);
}

async function body(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const p of req) parts.push(p as Buffer);
  return Buffer.concat(parts).toString("utf8");
}

export async function startStandInLlm(model: string, gazetteer: readonly { text: string; type: string }[]): Promise<StandInLlm> {
  let chats = 0;
  const server = createServer(async (req, res) => {
    if (req.method === "GET" && req.url === "/api/version") return json(res, { version: "0.0.0-stand-in" });
    if (req.method === "GET" && req.url === "/api/tags") return json(res, { models: [{ name: model, model, digest: "stand-in-digest" }] });
    if (req.method === "POST" && req.url === "/api/chat") {
      chats++;
      const request = JSON.parse(await body(req)) as { messages: { role: string; content: string }[] };
      const last = [...request.messages].reverse().find((m) => m.role === "user")?.content ?? "";
      const note = /<<<\n([\s\S]*)\n>>>/.exec(last)?.[1] ?? last;
      const spans = gazetteer.filter((g) => note.includes(g.text));
      return json(res, { model, message: { role: "assistant", content: JSON.stringify({ spans }) }, done: true, done_reason: "stop" });
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    chats: () => chats,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
