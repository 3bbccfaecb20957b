// What the detector makes of the model's answers, in the evaluation sets' span markup (test/support/detector-tester.ts):
// a stand-in Ollama (msw) lists the texts of a fixed word list that occur in the chunk, as a model would; the
// detector must locate each listed text as whole words, every occurrence, case- and whitespace-tolerant, and nothing else.
import { setupServer } from "msw/node";
import { afterAll, beforeAll } from "vitest";
import { DetectorTester } from "../../test/support/detector-tester.js";
import { MOCK_HOST, MOCK_MODEL, chatHandler, fencedText, serverInfoHandlers, spansReply } from "../../test/support/ollama-mock.js";
import plugin from "./index.js";

/** What the stand-in model "knows": a text and its label, listed when the chunk contains it (any case, any spacing). */
const KNOWN: [text: string, type: string][] = [
  ["Peeters", "Name:Patient"],
  ["Jan Maes", "Name:Patient"],
  ["AZ Delta", "Organization:Healthcare"],
  ["12/03/2024", "Date"],
];
const fold = (s: string) => s.toLowerCase().replace(/\s+/g, " ");

const server = setupServer(
  ...serverInfoHandlers(),
  chatHandler((body) => spansReply(KNOWN.filter(([t]) => fold(fencedText(body)).includes(fold(t))).map(([text, type]) => ({ text, type })))).handler,
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

new DetectorTester(plugin, { options: { host: MOCK_HOST, model: MOCK_MODEL } }).run("ollama-llm: listed texts located in the note", {
  valid: ["Geen namen, geen data.", "Peeterssen is een andere patiënt."],
  invalid: [
    "[[Peeters|PAT]] belt. Mevr. [[Peeters|PAT]] komt morgen; Peeterssen is een andere patiënt.",
    "Dhr.  [[JAN\nMAES|PAT]] kwam op controle.",
    "Opgenomen in [[AZ Delta|HOSP]] op [[12/03/2024|DATE]].",
  ],
});
