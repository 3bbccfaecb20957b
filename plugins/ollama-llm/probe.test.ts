import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MOCK_DIGEST, MOCK_HOST, MOCK_MODEL, serverInfoHandlers } from "../../test/support/ollama-mock.js";
import plugin, { probeVersion } from "./index.js";

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

describe("probeVersion (protocol locks pin server and weights)", () => {
  it("names the server version and the model digest", async () => {
    server.use(...serverInfoHandlers(MOCK_HOST, [MOCK_MODEL]));
    const options = plugin.meta.configSchema.parse({ host: MOCK_HOST, model: MOCK_MODEL });
    const v = await probeVersion(options);
    expect(v).toContain(`${MOCK_MODEL}@${MOCK_DIGEST}`);
    expect(v).toMatch(/^ollama \S+; /);
  });

  it("fails, naming the model, when the server lacks it", async () => {
    server.use(...serverInfoHandlers(MOCK_HOST, ["other:1b"]));
    const options = plugin.meta.configSchema.parse({ host: MOCK_HOST, model: MOCK_MODEL });
    await expect(probeVersion(options)).rejects.toThrow(/model test-model:7b is not installed/);
  });
});
