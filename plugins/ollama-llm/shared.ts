// Pieces the detector and the second opinion share: chat prefixes from a prompt, abort linking, provenance.
import { relative, isAbsolute } from "node:path";
import type { Message } from "ollama";
import { fillTemplate, type LoadedPrompt, type PromptDigest } from "./prompts.js";
import type { ServerFacts } from "./ollama-client.js";

/** System prompt, then each few-shot example as a user turn and the assistant's answer. */
export function fewShotPrefix<Example>(
  prompt: LoadedPrompt<Example>,
  asTurns: (example: Example) => { user: Record<string, string>; answer: unknown },
): Message[] {
  const messages: Message[] = [{ role: "system", content: prompt.system }];
  for (const example of prompt.examples) {
    const { user, answer } = asTurns(example);
    messages.push({ role: "user", content: fillTemplate(prompt.userTemplate, user) });
    messages.push({ role: "assistant", content: JSON.stringify(answer) });
  }
  return messages;
}

/** An abort controller that follows `signal`, and a function that stops following it. */
export function linkedAbort(signal: AbortSignal): { controller: AbortController; release: () => void } {
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  if (signal.aborted) controller.abort();
  else signal.addEventListener("abort", onAbort, { once: true });
  return { controller, release: () => signal.removeEventListener("abort", onAbort) };
}

/** Runs tasks at once; the first failure aborts the others (through `controller`) and is the one reported. */
export async function allOrAbort<T>(tasks: (() => Promise<T>)[], controller: AbortController): Promise<T[]> {
  return Promise.all(
    tasks.map((task) =>
      task().catch((err: unknown) => {
        controller.abort();
        throw err;
      }),
    ),
  );
}

export interface LlmProvenance {
  model: string;
  server: ServerFacts | null;
  prompt: { path: string; kind: string; language: string } & PromptDigest;
  options: Record<string, unknown>;
}

export function promptProvenance<Example>(prompt: LoadedPrompt<Example>, projectRoot: string): LlmProvenance["prompt"] {
  const rel = relative(projectRoot, prompt.dir);
  const path = rel && !rel.startsWith("..") && !isAbsolute(rel) ? rel.split("\\").join("/") : prompt.dir;
  return { path, kind: prompt.manifest.kind, language: prompt.manifest.language, ...prompt.digest };
}
