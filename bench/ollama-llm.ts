// Orchestration overhead of the ollama-llm detector with a stand-in Ollama server that answers at once (in a child
// process, so this process's CPU time is the detector's own). Target (issue 7): ≥ 200 chunks/s on one core.
// Baseline, measured in the same run: the same requests (same prompt, same chunks, same concurrency) sent with plain
// fetch and their answers parsed, without chunking, locating, validating or the client library: the floor of any
// client of this server.
//   node --import tsx bench/ollama-llm.ts [documents=150] [rounds=3]
import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import pLimit from "p-limit";
import { PROJECT_ROOT } from "../src/detectors/index.js";
import plugin from "../plugins/ollama-llm/index.js";
import { DETECTOR_ANSWER_FORMAT, type OllamaLlmDetector } from "../plugins/ollama-llm/llm-detector.js";
import { llmDetectorOptionsSchema } from "../plugins/ollama-llm/options.js";
import { fillTemplate, loadDetectorPrompt } from "../plugins/ollama-llm/prompts.js";
import { splitIntoChunks } from "../plugins/ollama-llm/chunking.js";
import { fewShotPrefix } from "../plugins/ollama-llm/shared.js";

const documentCount = Number(process.argv[2] ?? 150);
const rounds = Number(process.argv[3] ?? 3);
const CONCURRENCY = 4;
const MODEL = "stand-in:1b";

const NAMES = ["Anna Peeters", "Jan Maes", "Marieke Vandenbroucke", "Yusuf Demir", "Chloé Martin", "Koen Goossens"];
const FILLER = [
  "Patiënt meldt sinds enkele dagen toenemende dyspnoe bij inspanning.",
  "Klinisch onderzoek toont geen bijzonderheden, cor en longen normaal bij auscultatie.",
  "Het labo toont een lichte stijging van de ontstekingsparameters.",
  "Pijnscore 3/10 na paracetamol 1 g IV, wondzorg volgens schema.",
  "Patient calme, orienté, TA 128/76 mmHg, poursuite du traitement.",
];

function makeNote(i: number): string {
  const parts: string[] = [];
  for (let k = 0; parts.join(" ").length < 10_000; k++) {
    parts.push(k % 7 === 3 ? `Gezien door dr. ${NAMES[(i + k) % NAMES.length]} op controle.` : FILLER[(i * 31 + k) % FILLER.length]);
  }
  return parts.join(" ");
}

async function startStandIn(): Promise<{ url: string; child: ChildProcess }> {
  const script = fileURLToPath(new URL("../test/support/stand-in-ollama.ts", import.meta.url));
  const options = { model: MODEL, gazetteer: NAMES.map((text) => ({ text, type: "Name:Caregiver" })) };
  const child = fork(script, [], { execArgv: ["--import", "tsx"], env: { ...process.env, STAND_IN_OPTIONS: JSON.stringify(options) }, stdio: ["ignore", "ignore", "inherit", "ipc"] });
  const url = await new Promise<string>((resolve, reject) => {
    child.once("message", (m) => resolve((m as { url: string }).url));
    child.once("exit", (code) => reject(new Error(`stand-in exited with ${code}`)));
  });
  return { url, child };
}

interface Measurement {
  seconds: number;
  cpuSeconds: number;
}

async function measure(work: () => Promise<void>): Promise<Measurement> {
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  await work();
  const used = process.cpuUsage(cpu);
  return { seconds: (performance.now() - t0) / 1000, cpuSeconds: (used.user + used.system) / 1e6 };
}

const { url, child } = await startStandIn();
try {
  const notes = Array.from({ length: documentCount }, (_, i) => makeNote(i));
  const promptDir = `${PROJECT_ROOT}/prompts/llm-detector/nl-BE`;
  const options = llmDetectorOptionsSchema.parse({ host: url, model: MODEL, prompt: promptDir, max_concurrency: CONCURRENCY });
  const detector = (await plugin.create(options, { baseDir: PROJECT_ROOT, language: "nl-BE", projectRoot: PROJECT_ROOT })) as OllamaLlmDetector;

  const prompt = loadDetectorPrompt(promptDir);
  const prefix = fewShotPrefix(prompt, (e) => ({ user: { text: e.text }, answer: { spans: e.spans } }));
  const chunkTexts = notes.flatMap((text) => splitIntoChunks(text, 2000, 200).map((r) => text.slice(r.start, r.end)));

  const baseline = async () => {
    const limit = pLimit(CONCURRENCY);
    await Promise.all(
      chunkTexts.map((chunk) =>
        limit(async () => {
          const body = { model: MODEL, messages: [...prefix, { role: "user", content: fillTemplate(prompt.userTemplate, { text: chunk }) }], format: DETECTOR_ANSWER_FORMAT, stream: false, think: false, options: { temperature: 0 } };
          const res = await fetch(`${url}/api/chat`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
          JSON.parse(((await res.json()) as { message: { content: string } }).message.content);
        }),
      ),
    );
  };
  let spans = 0;
  const detectAll = async () => {
    const limit = pLimit(CONCURRENCY);
    const results = await Promise.all(notes.map((text, i) => limit(() => detector.detect({ document_id: `d${i}`, text }, { signal: new AbortController().signal, documentIndex: i }))));
    spans = results.reduce((n, r) => n + r.length, 0);
  };

  await baseline();
  await detectAll();
  const base: Measurement[] = [];
  const ours: Measurement[] = [];
  for (let r = 0; r < rounds; r++) {
    base.push(await measure(baseline));
    ours.push(await measure(detectAll));
  }
  const best = (ms: Measurement[]) => ms.reduce((a, b) => (b.seconds < a.seconds ? b : a));
  const b = best(base);
  const o = best(ours);
  const chunks = chunkTexts.length;
  const promptKb = JSON.stringify(prefix).length / 1024;
  console.log(`ollama-llm orchestration overhead (stand-in server answering at once, in a child process)`);
  console.log(`  ${documentCount} notes of ~10,000 chars → ${chunks} chunks (2,000/200), prompt prefix ${promptKb.toFixed(0)} KB per request, ${CONCURRENCY} requests in flight, best of ${rounds}`);
  console.log(`  baseline (plain fetch + JSON.parse):  ${(chunks / b.seconds).toFixed(0)} chunks/s wall, ${(chunks / b.cpuSeconds).toFixed(0)} chunks per CPU-second of this process`);
  console.log(`  ollama-llm detector:                  ${(chunks / o.seconds).toFixed(0)} chunks/s wall, ${(chunks / o.cpuSeconds).toFixed(0)} chunks per CPU-second of this process (${spans} spans)`);
  console.log(`  ratio detector/baseline: wall ${(o.seconds / b.seconds).toFixed(2)}×, CPU ${(o.cpuSeconds / b.cpuSeconds).toFixed(2)}×`);
  console.log(`  target ≥ 200 chunks per CPU-second: ${chunks / o.cpuSeconds >= 200 ? "met" : "NOT met"}`);
} finally {
  child.kill();
}
