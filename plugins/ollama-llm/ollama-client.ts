// A thin, fail-closed wrapper around the npm `ollama` client: one request at a time per slot of a per-host limit,
// temperature 0, thinking off where the model has it, abortable, and errors that never carry note text or answers.
import { Ollama, type Message } from "ollama";
import pLimit, { type LimitFunction } from "p-limit";
import { DeidError } from "../../src/contract/index.js";

export interface ModelOptions {
  num_ctx: number;
  num_predict: number;
  keep_alive?: string | number;
}

export interface ChatClientConfig {
  host: string;
  model: string;
  modelOptions: ModelOptions;
  maxConcurrency: number;
}

export interface ChatOutcome {
  content: string;
  /** The server stopped at the output limit (`done_reason: "length"`). */
  truncated: boolean;
}

export interface ServerFacts {
  server_version: string;
  /** The model's digest as the server lists it (pins the weights in provenance). */
  model_digest: string | null;
}

type ErrorBodyKind = "model_not_found" | "thinking_unsupported" | "other";

/** An HTTP error status; the body was read only to classify it and is not kept. */
class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    readonly kind: ErrorBodyKind,
  ) {
    super(`HTTP ${status}`);
    this.name = "HttpStatusError";
  }
}

const limitersByHost = new Map<string, LimitFunction>();
const thinkingUnsupported = new Set<string>();

/** The process-wide request limit for a host; the smallest limit any detector asked for wins. */
export function hostLimiter(host: string, maxConcurrency: number): LimitFunction {
  const key = new URL(host).origin;
  let limiter = limitersByHost.get(key);
  if (!limiter) {
    limiter = pLimit(maxConcurrency);
    limitersByHost.set(key, limiter);
  } else if (maxConcurrency < limiter.concurrency) {
    limiter.concurrency = maxConcurrency;
  }
  return limiter;
}

async function classifyErrorBody(response: Response): Promise<ErrorBodyKind> {
  let body = "";
  try {
    body = (await response.text()).slice(0, 4000);
  } catch {
    // An unreadable body classifies as "other".
  }
  if (/does not support thinking|think value .* is not supported/i.test(body)) return "thinking_unsupported";
  if (response.status === 404 || /model .*not found/i.test(body)) return "model_not_found";
  return "other";
}

/** fetch bound to a signal, turning error statuses into HttpStatusError before the client logs anything. */
function boundFetch(signal: AbortSignal): typeof fetch {
  return async (input, init) => {
    const response = await globalThis.fetch(input, { ...init, signal });
    if (!response.ok) throw new HttpStatusError(response.status, await classifyErrorBody(response));
    return response;
  };
}

function networkErrorCode(err: unknown): string | undefined {
  const cause = (err as { cause?: { code?: unknown; errors?: { code?: unknown }[] } } | undefined)?.cause;
  const code = cause?.code ?? cause?.errors?.[0]?.code;
  return typeof code === "string" && /^[A-Z][A-Z0-9_]*$/.test(code) ? code : undefined;
}

/** Network error codes that mean nothing listens at the host (or the host name is wrong). */
const NO_SERVER_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "ECONNRESET", "ETIMEDOUT", "UND_ERR_CONNECT_TIMEOUT"]);

const NO_SERVER_REMEDY =
  "Start it on this machine with `ollama serve` (and `ollama pull` the stack's model), or point the stack at a running " +
  "server: `with.host` in the stack file, or the OLLAMA_HOST environment variable when the stack names no host; or " +
  "choose a stack without an LLM (`--stack rules-only`, `--stack no-llm`).";

export class OllamaChatClient {
  private readonly limit: LimitFunction;

  constructor(private readonly config: ChatClientConfig) {
    this.limit = hostLimiter(config.host, config.maxConcurrency);
  }

  private get where(): string {
    return `ollama at ${new URL(this.config.host).origin}`;
  }

  /** Maps anything the request threw to a DeidError that names the host and model, never the text. */
  private failure(err: unknown, endpoint: string, signal: AbortSignal): DeidError {
    if (err instanceof DeidError) return err;
    if (signal.aborted) return new DeidError("E_DETECTOR_FAILED", `${this.where}: ${endpoint} request aborted (timeout or run failure)`);
    if (err instanceof HttpStatusError) {
      if (err.kind === "model_not_found") {
        return new DeidError("E_DETECTOR_FAILED", `${this.where}: model ${this.config.model} not found (HTTP ${err.status}); pull it with \`ollama pull ${this.config.model}\``);
      }
      return new DeidError("E_DETECTOR_FAILED", `${this.where}: HTTP ${err.status} from ${endpoint}`);
    }
    if (err instanceof SyntaxError) return new DeidError("E_DETECTOR_FAILED", `${this.where}: ${endpoint} answered with a body that is not JSON`);
    const code = networkErrorCode(err);
    if (code && NO_SERVER_CODES.has(code)) {
      return new DeidError("E_DETECTOR_FAILED", `${this.where}: cannot complete ${endpoint} (${code}): no Ollama server answers there. ${NO_SERVER_REMEDY}`);
    }
    if (code) return new DeidError("E_DETECTOR_FAILED", `${this.where}: cannot complete ${endpoint} (${code})`);
    return new DeidError("E_DETECTOR_FAILED", `${this.where}: ${endpoint} failed (${err instanceof Error ? err.name : typeof err})`);
  }

  private client(signal: AbortSignal): Ollama {
    return new Ollama({ host: this.config.host, fetch: boundFetch(signal) });
  }

  /** One non-streamed chat request with a JSON-schema `format`; waits for a slot of the host's limit. */
  chat(messages: Message[], format: Record<string, unknown>, signal: AbortSignal): Promise<ChatOutcome> {
    return this.limit(async () => {
      if (signal.aborted) throw this.failure(undefined, "/api/chat", signal);
      const thinkKey = `${new URL(this.config.host).origin}|${this.config.model}`;
      const { num_ctx, num_predict, keep_alive } = this.config.modelOptions;
      const request = {
        model: this.config.model,
        messages,
        format,
        stream: false as const,
        keep_alive,
        options: { temperature: 0, num_ctx, num_predict },
      };
      let response: unknown;
      try {
        try {
          response = await this.client(signal).chat(thinkingUnsupported.has(thinkKey) ? request : { ...request, think: false });
        } catch (err) {
          if (!(err instanceof HttpStatusError && err.kind === "thinking_unsupported")) throw err;
          // Models without a thinking mode reject the field itself; they cannot think, so asking without it is the same.
          thinkingUnsupported.add(thinkKey);
          response = await this.client(signal).chat(request);
        }
      } catch (err) {
        throw this.failure(err, "/api/chat", signal);
      }
      const r = response as { message?: { content?: unknown }; done_reason?: unknown } | null;
      if (!r || typeof r !== "object" || typeof r.message?.content !== "string") {
        throw new DeidError("E_DETECTOR_FAILED", `${this.where}: /api/chat answered without a message`);
      }
      return { content: r.message.content, truncated: r.done_reason === "length" };
    });
  }

  /** Checks that the server answers and lists the model; returns what pins them in provenance. */
  async preflight(signal: AbortSignal): Promise<ServerFacts> {
    const client = this.client(signal);
    let version: unknown;
    let tags: unknown;
    try {
      version = (await client.version()).version;
    } catch (err) {
      throw this.failure(err, "/api/version", signal);
    }
    try {
      tags = await client.list();
    } catch (err) {
      throw this.failure(err, "/api/tags", signal);
    }
    const models = (tags as { models?: { name?: unknown; model?: unknown; digest?: unknown }[] } | null)?.models;
    if (!Array.isArray(models)) throw new DeidError("E_DETECTOR_FAILED", `${this.where}: /api/tags answered without a model list`);
    const wanted = new Set([this.config.model, this.config.model.includes(":") ? this.config.model : `${this.config.model}:latest`]);
    const found = models.find((m) => wanted.has(String(m?.name)) || wanted.has(String(m?.model)));
    if (!found) {
      throw new DeidError("E_DETECTOR_NOT_INSTALLED", `${this.where}: model ${this.config.model} is not installed; pull it with \`ollama pull ${this.config.model}\``);
    }
    return {
      server_version: typeof version === "string" ? version : "unknown",
      model_digest: typeof found.digest === "string" ? found.digest : null,
    };
  }
}
