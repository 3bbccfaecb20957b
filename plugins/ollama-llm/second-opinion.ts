// The LLM second opinion (DeidSharp §2): each candidate span is shown in its note context and the model says
// whether it is an identifier; it is told to keep a span when unsure, and only a plain "no" drops one.
// Which spans are candidates (model detectors only, never places or organisations) is the orchestrator's rule.
import type { Message } from "ollama";
import { DeidError, type DetectedSpan, type Document } from "../../src/contract/index.js";
import type { DetectContext, PluginContext, SecondOpinionReviewer } from "../../src/detectors/index.js";
import { parseModelAnswer, secondOpinionAnswerSchema, toOllamaFormat, type SecondOpinionAnswer } from "./answer-schemas.js";
import { openDebugLog, type DebugLog } from "./debug-log.js";
import { OllamaChatClient, type ServerFacts } from "./ollama-client.js";
import type { SecondOpinionOptions } from "./options.js";
import { fillTemplate, loadSecondOpinionPrompt, resolvePromptDir, type LoadedPrompt, type SecondOpinionExample } from "./prompts.js";
import { allOrAbort, fewShotPrefix, linkedAbort, promptProvenance, type LlmProvenance } from "./shared.js";

export const SECOND_OPINION_ANSWER_FORMAT = toOllamaFormat(secondOpinionAnswerSchema);
export const OPEN_MARK = "⟦";
export const CLOSE_MARK = "⟧";

export interface SecondOpinionStats {
  documents: number;
  candidates: number;
  requests: number;
  answered_yes: number;
  answered_no: number;
  answered_unsure: number;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** Marks never occur in the note's own text, so the model sees exactly one candidate. */
function withoutMarks(s: string): string {
  return s.replace(/[⟦⟧]/gu, (m) => (m === OPEN_MARK ? "[" : "]"));
}

/** The candidate between ⟦ and ⟧ with up to `contextChars` characters of note on each side ("…" where cut). */
export function markCandidate(text: string, span: { start: number; end: number }, contextChars: number): string {
  let from = Math.max(0, span.start - contextChars);
  if (from > 0 && isLowSurrogate(text.charCodeAt(from))) from--;
  let to = Math.min(text.length, span.end + contextChars);
  if (to < text.length && isLowSurrogate(text.charCodeAt(to))) to++;
  return (
    (from > 0 ? "…" : "") +
    withoutMarks(text.slice(from, span.start)) +
    OPEN_MARK +
    withoutMarks(text.slice(span.start, span.end)) +
    CLOSE_MARK +
    withoutMarks(text.slice(span.end, to)) +
    (to < text.length ? "…" : "")
  );
}

export class OllamaSecondOpinion implements SecondOpinionReviewer {
  readonly id = "ollama-llm";
  private readonly prefix: Message[];
  private readonly counters: SecondOpinionStats = { documents: 0, candidates: 0, requests: 0, answered_yes: 0, answered_no: 0, answered_unsure: 0 };

  constructor(
    private readonly options: SecondOpinionOptions,
    private readonly prompt: LoadedPrompt<SecondOpinionExample>,
    private readonly client: OllamaChatClient,
    private readonly server: ServerFacts | null,
    private readonly projectRoot: string,
    private readonly debugLog?: DebugLog,
  ) {
    this.prefix = fewShotPrefix(prompt, (e) => ({ user: { label: e.label, context: e.context }, answer: { is_phi: e.is_phi } }));
  }

  /** One verdict per candidate: true keeps the span, false (a plain "no") vetoes it. */
  async review(document: Document, candidates: readonly DetectedSpan[], ctx: DetectContext): Promise<boolean[]> {
    this.counters.documents++;
    this.counters.candidates += candidates.length;
    const { controller, release } = linkedAbort(ctx.signal);
    const asked = new Map<string, Promise<SecondOpinionAnswer["is_phi"]>>();
    try {
      const verdicts = await allOrAbort(
        candidates.map((span) => () => {
          const key = `${span.start}:${span.end}:${span.label}`;
          let verdict = asked.get(key);
          if (!verdict) {
            verdict = this.ask(document.text, span, ctx.documentIndex, controller.signal);
            asked.set(key, verdict);
          }
          return verdict;
        }),
        controller,
      );
      return verdicts.map((v) => v !== "no");
    } finally {
      release();
    }
  }

  private async ask(text: string, span: DetectedSpan, documentIndex: number, signal: AbortSignal): Promise<SecondOpinionAnswer["is_phi"]> {
    const user = fillTemplate(this.prompt.userTemplate, { label: span.label, context: markCandidate(text, span, this.options.context_chars) });
    this.counters.requests++;
    const answer = await this.client.chat([...this.prefix, { role: "user", content: user }], SECOND_OPINION_ANSWER_FORMAT, signal);
    this.debugLog?.write({ document_index: documentIndex, span: [span.start, span.end], user, answer: answer.content, truncated: answer.truncated });
    const parsed = parseModelAnswer(secondOpinionAnswerSchema, answer.content, answer.truncated);
    if (parsed.kind === "unusable") {
      const why = parsed.reason === "truncated" ? "was cut off at the output limit (raise options.num_predict)" : "is not valid JSON";
      throw new DeidError("E_DETECTOR_FAILED", `second-opinion answer ${why}`);
    }
    if (parsed.kind === "schema_violation") {
      throw new DeidError("E_DETECTOR_FAILED", `second-opinion answer does not match the answer schema at ${parsed.where}`);
    }
    this.counters[`answered_${parsed.value.is_phi}`]++;
    return parsed.value.is_phi;
  }

  stats(): SecondOpinionStats {
    return { ...this.counters };
  }

  provenance(): LlmProvenance {
    return {
      model: this.options.model,
      server: this.server,
      prompt: promptProvenance(this.prompt, this.projectRoot),
      options: { ...this.options.options, temperature: 0, think: false, context_chars: this.options.context_chars },
    };
  }
}

export async function createSecondOpinion(options: SecondOpinionOptions, ctx: PluginContext): Promise<OllamaSecondOpinion> {
  const prompt = loadSecondOpinionPrompt(resolvePromptDir(options.prompt, "second-opinion", ctx));
  const client = new OllamaChatClient({
    host: options.host,
    model: options.model,
    modelOptions: options.options,
    maxConcurrency: options.max_concurrency,
  });
  const server = options.preflight ? await client.preflight(AbortSignal.timeout(30_000)) : null;
  const debugLog = openDebugLog(options.debug_log, ctx.baseDir, "ollama-llm second opinion");
  return new OllamaSecondOpinion(options, prompt, client, server, ctx.projectRoot, debugLog);
}
