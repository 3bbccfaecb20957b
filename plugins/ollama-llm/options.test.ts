import { afterEach, describe, expect, it, vi } from "vitest";
import { defaultHost, llmDetectorOptionsSchema, secondOpinionOptionsSchema } from "./options.js";

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

  describe("host", () => {
    afterEach(() => vi.unstubAllEnvs());

    it("is OLLAMA_HOST when the stack names none, read the way the Ollama CLI reads it", () => {
      expect(defaultHost({})).toBe("http://127.0.0.1:11434");
      expect(defaultHost({ OLLAMA_HOST: "  " })).toBe("http://127.0.0.1:11434");
      expect(defaultHost({ OLLAMA_HOST: "gpu-box" })).toBe("http://gpu-box:11434");
      expect(defaultHost({ OLLAMA_HOST: "gpu-box:8080" })).toBe("http://gpu-box:8080");
      expect(defaultHost({ OLLAMA_HOST: ":11500" })).toBe("http://127.0.0.1:11500");
      expect(defaultHost({ OLLAMA_HOST: "https://llm.example.org" })).toBe("https://llm.example.org");
      expect(defaultHost({ OLLAMA_HOST: "http://10.0.0.5:11434/" })).toBe("http://10.0.0.5:11434");
      vi.stubEnv("OLLAMA_HOST", "10.1.2.3:9999");
      expect(llmDetectorOptionsSchema.parse({ model: "m" }).host).toBe("http://10.1.2.3:9999");
      expect(secondOpinionOptionsSchema.parse({ model: "m" }).host).toBe("http://10.1.2.3:9999");
      expect(llmDetectorOptionsSchema.parse({ model: "m", host: "http://127.0.0.1:7000" }).host).toBe("http://127.0.0.1:7000");
    });

    it("refuses an OLLAMA_HOST that is no http(s) host, naming the variable", () => {
      expect(() => defaultHost({ OLLAMA_HOST: "ftp://x" })).toThrow(/OLLAMA_HOST "ftp:\/\/x" uses ftp; only http and https/);
      expect(() => defaultHost({ OLLAMA_HOST: "http://[bad" })).toThrow(/OLLAMA_HOST "http:\/\/\[bad" is not a host/);
      vi.stubEnv("OLLAMA_HOST", "ftp://x");
      expect(() => llmDetectorOptionsSchema.safeParse({ model: "m" })).toThrow(/OLLAMA_HOST/);
    });
  });
});
