// Option schemas for the LLM detector and the LLM second opinion (validated and frozen by the core before create).
import { z } from "zod";
import { DeidError } from "../../src/contract/index.js";

export const DEFAULT_HOST = "http://127.0.0.1:11434";

/**
 * The host when the stack names none: OLLAMA_HOST as the Ollama CLI reads it (`host`, `host:port`, `:port`, or a
 * URL; the port defaults to 11434 when no scheme is given), else DEFAULT_HOST. A value that is no http(s) host is
 * a configuration error naming the variable.
 */
export function defaultHost(env: NodeJS.ProcessEnv = process.env): string {
  const raw = env.OLLAMA_HOST?.trim();
  if (!raw) return DEFAULT_HOST;
  const explicit = raw.includes("://");
  const text = raw.startsWith(":") ? `http://127.0.0.1${raw}` : explicit ? raw : `http://${raw}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new DeidError("E_STACK_CONFIG", `OLLAMA_HOST ${JSON.stringify(raw)} is not a host: write host, host:port or http://host:port (or set with.host in the stack)`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new DeidError("E_STACK_CONFIG", `OLLAMA_HOST ${JSON.stringify(raw)} uses ${url.protocol.slice(0, -1)}; only http and https are supported`);
  }
  if (!url.port && !explicit && !raw.startsWith(":")) url.port = "11434";
  return url.origin + (url.pathname === "/" ? "" : url.pathname.replace(/\/$/, ""));
}

export const SAFE_HARBOR_FILTER_NAMES = ["age_under_90", "year_alone", "time_alone", "weekday_alone", "short_identifier"] as const;
export type SafeHarborFilterName = (typeof SAFE_HARBOR_FILTER_NAMES)[number];

const modelOptionsSchema = (defaults: { num_ctx: number; num_predict: number }) =>
  z
    .object({
      /** Context window in tokens; must hold the system prompt, the examples and one chunk. */
      num_ctx: z.number().int().positive().default(defaults.num_ctx),
      /** Output limit in tokens; an answer cut off here is asked again in halves. */
      num_predict: z.number().int().positive().default(defaults.num_predict),
      /** How long the server keeps the model loaded after a request (Ollama duration, e.g. "10m", or seconds). */
      keep_alive: z.union([z.string().min(1), z.number()]).optional(),
    })
    .strict()
    .default(defaults);

const sharedShape = {
  /** Default: OLLAMA_HOST, else http://127.0.0.1:11434 (defaultHost). */
  host: z.url({ protocol: /^https?$/ }).default(() => defaultHost()),
  /** Ollama model name, e.g. "gemma4:26b-a4b". */
  model: z.string().min(1),
  /** Prompt directory (manifest.json, system.md, user.md, examples.jsonl); default prompts/<kind>/<stack language>. */
  prompt: z.string().min(1).optional(),
  /** Requests in flight per host, across documents and across every detector and reviewer on that host. */
  max_concurrency: z.number().int().positive().max(64).default(2),
  /** Checks at start-up that the server answers and holds the model, and records their versions for provenance. */
  preflight: z.boolean().default(true),
  /** Writes prompts and answers to this local file, marked as containing patient text. Off unless set. */
  debug_log: z.string().min(1).optional(),
};

export const llmDetectorOptionsSchema = z
  .object({
    ...sharedShape,
    options: modelOptionsSchema({ num_ctx: 8192, num_predict: 2048 }),
    chunk_chars: z.number().int().min(100).default(2000),
    overlap_chars: z.number().int().nonnegative().default(200),
    /** A cut-off or unparsable answer is asked again for each half of its chunk while halves stay at least this long. */
    min_chunk_chars: z.number().int().min(20).default(250),
    /** Safe Harbor keep-list applied after the model, whatever type it assigned; "safe-harbor" turns on all five. */
    filters: z.array(z.enum([...SAFE_HARBOR_FILTER_NAMES, "safe-harbor"])).default([]),
  })
  .strict()
  .refine((o) => o.overlap_chars * 2 < o.chunk_chars, { message: "overlap_chars must be less than half of chunk_chars", path: ["overlap_chars"] })
  .refine((o) => o.min_chunk_chars < o.chunk_chars, { message: "min_chunk_chars must be less than chunk_chars", path: ["min_chunk_chars"] });

export type LlmDetectorOptions = z.output<typeof llmDetectorOptionsSchema>;

export const secondOpinionOptionsSchema = z
  .object({
    ...sharedShape,
    // A long note must fit whole around each candidate (DeidSharp raised this window to 16,384 tokens).
    options: modelOptionsSchema({ num_ctx: 16384, num_predict: 64 }),
    /** Characters of note shown on each side of the candidate span. */
    context_chars: z.number().int().nonnegative().default(200),
  })
  .strict();

export type SecondOpinionOptions = z.output<typeof secondOpinionOptionsSchema>;

/** Expands "safe-harbor" into the five filters it stands for. */
export function enabledFilters(names: readonly string[]): SafeHarborFilterName[] {
  const out = new Set<SafeHarborFilterName>();
  for (const n of names) {
    if (n === "safe-harbor") SAFE_HARBOR_FILTER_NAMES.forEach((f) => out.add(f));
    else out.add(n as SafeHarborFilterName);
  }
  return SAFE_HARBOR_FILTER_NAMES.filter((f) => out.has(f));
}
