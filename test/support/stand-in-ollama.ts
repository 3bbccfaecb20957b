// A small stand-in for an Ollama server, for end-to-end tests and benchmarks: it answers GET /api/version,
// GET /api/tags and POST /api/chat on 127.0.0.1. Chat answers are derived from the request: as a detector it lists
// every entry of its gazetteer found in the fenced note text; as a second opinion (a format asking for is_phi) it
// says "no" for marked texts in `notPhi` and "yes" otherwise. It can be told to go away after n chat requests.
// Run directly (`node --import tsx test/support/stand-in-ollama.ts`) it reads its options as JSON from
// STAND_IN_OPTIONS and prints its URL on stdout (or sends it to the parent over IPC).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { fileURLToPath } from "node:url";

export interface StandInOptions {
  model?: string;
  /** Texts the stand-in "recognises": each one found in the note text is listed with its type. */
  gazetteer?: { text: string; type: string }[];
  /** Marked candidates the second opinion answers "no" for. */
  notPhi?: string[];
  /** After this many chat requests the server goes away: it drops that request and every connection, and closes. */
  goAwayAfterChats?: number;
}

export interface StandInServer {
  url: string;
  /** Chat requests received so far. */
  chats(): number;
  close(): Promise<void>;
}

interface ChatBody {
  model?: string;
  messages?: { role: string; content: string }[];
  format?: { properties?: Record<string, unknown> };
}

function fenced(content: string): string {
  const m = /<<<\n([\s\S]*)\n>>>/.exec(content);
  return m ? m[1] : content;
}

function listedIn(note: string, gazetteer: readonly { text: string; type: string }[]): { text: string; type: string }[] {
  return gazetteer.filter((g) => note.includes(g.text));
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const data = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(data) });
  res.end(data);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts).toString("utf8");
}

export async function startStandInOllama(options: StandInOptions = {}): Promise<StandInServer> {
  const model = options.model ?? "stand-in:1b";
  const gazetteer = options.gazetteer ?? [];
  const notPhi = new Set(options.notPhi ?? []);
  const sockets = new Set<Socket>();
  let chats = 0;
  let gone = false;

  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    if (req.method === "GET" && path === "/api/version") return sendJson(res, 200, { version: "0.0.0-stand-in" });
    if (req.method === "GET" && path === "/api/tags") {
      return sendJson(res, 200, { models: [{ name: model, model, digest: "stand-in-digest", size: 0 }] });
    }
    if (req.method === "POST" && path === "/api/chat") {
      chats++;
      if (options.goAwayAfterChats !== undefined && chats > options.goAwayAfterChats) {
        goAway();
        return;
      }
      const body = JSON.parse(await readBody(req)) as ChatBody;
      if (body.model !== model) return sendJson(res, 404, { error: `model "${body.model}" not found, try pulling it first` });
      const last = body.messages?.at(-1)?.content ?? "";
      let content: string;
      if (body.format?.properties && "is_phi" in body.format.properties) {
        const marked = /⟦([^⟧]*)⟧/u.exec(last)?.[1] ?? "";
        content = JSON.stringify({ is_phi: notPhi.has(marked) ? "no" : "yes" });
      } else {
        content = JSON.stringify({ spans: listedIn(fenced(last), gazetteer) });
      }
      return sendJson(res, 200, { model, created_at: new Date().toISOString(), message: { role: "assistant", content }, done: true, done_reason: "stop" });
    }
    sendJson(res, 404, { error: "not found" });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  function goAway(): void {
    if (gone) return;
    gone = true;
    server.close();
    for (const socket of sockets) socket.destroy();
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    chats: () => chats,
    close: async () => {
      goAway();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const standIn = await startStandInOllama(JSON.parse(process.env.STAND_IN_OPTIONS ?? "{}") as StandInOptions);
  if (process.send) process.send({ url: standIn.url });
  else process.stdout.write(`${standIn.url}\n`);
}
