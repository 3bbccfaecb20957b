import { describe, expect, it } from "vitest";
import { llmDetectorOptionsSchema, secondOpinionOptionsSchema } from "./options.js";

describe("ollama-llm options", () => {
  it("needs only a model and fills the documented defaults", () => {
    expect(llmDetectorOptionsSchema.parse({ model: "m" })).toEqual({
      host: "http://127.0.0.1:11434",
      model: "m",
      max_concurrency: 2,
      preflight: true,
      options: { num_ctx: 8192, num_predict: 2048 },
      chunk_chars: 2000,
      overlap_chars: 200,
      min_chunk_chars: 250,
      filters: [],
    });
    expect(secondOpinionOptionsSchema.parse({ model: "m" })).toMatchObject({ options: { num_ctx: 16384, num_predict: 64 }, context_chars: 200 });
    expect(llmDetectorOptionsSchema.safeParse({}).success).toBe(false);
  });

  it.each<[Record<string, unknown>, string]>([
    [{ model: "m", temperature: 0.7 }, "unknown key"],
    [{ model: "m", options: { num_ctx: 8192, top_k: 3 } }, "unknown model option"],
    [{ model: "m", chunk_chars: 400, overlap_chars: 200 }, "overlap of half a chunk"],
    [{ model: "m", chunk_chars: 400, min_chunk_chars: 400 }, "minimum not below the chunk size"],
    [{ model: "m", host: "ftp://x" }, "a host that is not http(s)"],
    [{ model: "m", filters: ["ages"] }, "an unknown filter"],
  ])("rejects %j (%s)", (input, _why) => {
    expect(llmDetectorOptionsSchema.safeParse(input).success).toBe(false);
  });
});
