// `deidstack run`: stream documents through a stack into a JSONL file that appears only if every document succeeded.
import { open, rename, rm } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { once } from "node:events";
import { finished } from "node:stream/promises";
import { readDocuments } from "../../contract/index.js";
import { StackRunner, chooseStack, loadStack, type StackChoice } from "../../stack/index.js";

export interface RunOptions {
  /** Stack preset or file; when absent, the default preset family's member for `lang` or the documents' language. */
  stack?: string;
  lang?: string;
  input: string;
  output: string;
  concurrency?: number;
  /** Called after each written document with counts only. */
  onProgress?: (documents: number, spans: number) => void;
}

export interface RunSummary {
  documents: number;
  spans: number;
  output: string;
  stack: string;
  stackSha256: string;
  /** How the stack was chosen (language tags and counts only). */
  stackChoice: StackChoice;
  /** Detector counters (counts only), e.g. LLM answers that were not in the note. */
  detectorStats: Record<string, object>;
}


export async function runCommand(opts: RunOptions): Promise<RunSummary> {
  const stackChoice = await chooseStack({ stack: opts.stack, lang: opts.lang, input: opts.input });
  const stack = await loadStack(stackChoice.stack);
  const output = resolve(opts.output);
  const tmp = join(dirname(output), `.${basename(output)}.${process.pid}.${Date.now()}.tmp`);
  const runner = await StackRunner.create(stack, { concurrency: opts.concurrency });
  let handle;
  try {
    handle = await open(tmp, "wx");
  } catch (err) {
    await runner.close();
    throw err;
  }
  const out = handle.createWriteStream();
  let documents = 0;
  let spans = 0;
  let detectorStats: Record<string, object> = {};
  try {
    for await (const record of runner.run(readDocuments(opts.input))) {
      if (!out.write(JSON.stringify(record) + "\n")) await once(out, "drain");
      documents++;
      spans += record.spans.length;
      opts.onProgress?.(documents, spans);
    }
    out.end();
    await once(out, "finish");
    await rename(tmp, output);
    detectorStats = runner.stats();
  } catch (err) {
    // Let the stream close its file before removing it, whatever state the failure left it in.
    out.end();
    await finished(out).catch(() => undefined);
    await rm(tmp, { force: true });
    throw err;
  } finally {
    await runner.close();
  }
  return { documents, spans, output, stack: stack.config.name, stackSha256: stack.sha256, stackChoice, detectorStats };
}
