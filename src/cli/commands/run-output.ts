// Where `deidstack run` puts its result besides a JSONL file: standard output (`-o -`), or a folder of de-identified
// `.txt` files (`--output-format txt`) or BRAT standoff pairs over the de-identified text (`--output-format brat`).
// The run itself always commits JSONL (so quarantine, checkpoints and --resume work the same); the other forms are
// made from it once every document is done, in a staging folder renamed into place, so a folder appears whole or
// not at all. Like the JSONL, they hold the de-identified text only, never the original.
import { once } from "node:events";
import { createReadStream, createWriteStream, existsSync, readdirSync, statSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative, resolve } from "node:path";
import { createInterface } from "node:readline";
import { DeidError } from "../../contract/index.js";

export const OUTPUT_FORMATS = ["jsonl", "txt", "brat"] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export interface PreparedOutput {
  /** Where the batch run writes its JSONL. */
  batchOutput: string;
  /** After the run: put the result in place; the final output and quarantine paths. */
  finish(files: { output: string; quarantine: string }): Promise<{ output: string; quarantine: string }>;
  /** After a failed or interrupted run: remove what only this form made. */
  discard(): Promise<void>;
}

/** A record of the run's output, as far as these forms read it. */
interface OutputRecordLite {
  document_id: string;
  deid_text: string;
  spans: { begin: number; end: number; label: string; replacement: string }[];
}

const SAFE_SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9 ._-]{0,199}$/;

/**
 * The file path (without extension) of a document in an output folder: its id when every `/`-separated part is a
 * plain file name (a recursive .txt input keeps its folders), else the id percent-encoded into one name. Distinct
 * ids give distinct paths (an encoded name always holds a `%`, a plain one never does).
 */
export function documentFilePath(id: string): string {
  const parts = id.split("/");
  if (parts.every((p) => SAFE_SEGMENT.test(p) && p !== "." && p !== "..")) return parts.join("/");
  let out = "";
  for (const byte of Buffer.from(id, "utf8")) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9_-]/.test(c) || (c === "." && out !== "") ? c : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** Code-point length of a string. */
function cpLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/**
 * Each span's place in the de-identified text (code points): the text is the original with every span replaced, so
 * a span starts where it started, moved by what the replacements before it added or removed. Every replacement is
 * checked to stand exactly there; a record where one does not is an error (nothing is written).
 */
export function replacementOffsets(record: OutputRecordLite, index: number): { start: number; end: number; label: string; text: string }[] {
  const chars = Array.from(record.deid_text);
  const spans = [...record.spans].sort((a, b) => a.begin - b.begin);
  const out: { start: number; end: number; label: string; text: string }[] = [];
  let shift = 0;
  let previousEnd = -1;
  for (const s of spans) {
    if (s.begin < previousEnd) throw new DeidError("E_TRANSFORM", "output spans overlap: cannot place them in the de-identified text", { documentIndex: index });
    const start = s.begin + shift;
    const length = cpLength(s.replacement);
    if (chars.slice(start, start + length).join("") !== s.replacement) {
      throw new DeidError("E_TRANSFORM", "a replacement is not where its span puts it in the de-identified text; cannot write BRAT offsets", { documentIndex: index });
    }
    out.push({ start, end: start + length, label: s.label, text: s.replacement });
    shift += length - (s.end - s.begin);
    previousEnd = s.end;
  }
  return out;
}

/** A BRAT `.ann` for the de-identified text: one entity per replacement (its type the contract label). */
export function bratAnn(record: OutputRecordLite, index: number): string {
  return replacementOffsets(record, index)
    .map((r, i) => `T${i + 1}\t${r.label} ${r.start} ${r.end}\t${r.text.replace(/[\t\n\r]/g, " ")}\n`)
    .join("");
}

async function* records(path: string): AsyncGenerator<OutputRecordLite> {
  const lines = createInterface({ input: createReadStream(path, { encoding: "utf8" }), crlfDelay: Infinity });
  for await (const line of lines) if (line.trim()) yield JSON.parse(line) as OutputRecordLite;
}

/** The run's own JSONL, where it is asked for (the batch run writes it in place). */
function jsonlFile(output: string): PreparedOutput {
  return { batchOutput: output, finish: async (files) => files, discard: async () => undefined };
}

/**
 * Standard output: the run writes into a private temporary folder; only a finished run is copied to stdout (in
 * input order, as the file would hold it). Quarantine entries (ids, codes, never text) go to stderr.
 */
async function stdoutOutput(format: OutputFormat, stdout: NodeJS.WritableStream, stderr: NodeJS.WritableStream): Promise<PreparedOutput> {
  if (format === "brat") throw new DeidError("E_CONFIG", "--output-format brat writes two files per document: name a folder with -o, not -");
  const dir = await mkdtemp(join(tmpdir(), "deidstack-run-"));
  const write = async (chunk: string | Buffer) => {
    if (!stdout.write(chunk)) await once(stdout, "drain");
  };
  return {
    batchOutput: join(dir, "output.jsonl"),
    async finish(files) {
      try {
        if (format === "jsonl") {
          for await (const chunk of createReadStream(files.output)) await write(chunk as Buffer);
        } else {
          for await (const r of records(files.output)) await write(r.deid_text.endsWith("\n") ? r.deid_text : r.deid_text + "\n");
        }
        const quarantined = (await readFile(files.quarantine, "utf8")).split("\n").filter((l) => l.trim());
        for (const q of quarantined) stderr.write(`deidstack: quarantined ${q}\n`);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
      return { output: "-", quarantine: "stderr (above)" };
    },
    discard: () => rm(dir, { recursive: true, force: true }),
  };
}

/** A folder of `.txt` (or `.txt` + `.ann`) files, made from the run's JSONL, which is kept hidden beside it meanwhile. */
function folderOutput(folder: string, format: "txt" | "brat", input: string): PreparedOutput {
  const target = resolve(folder);
  const parent = dirname(target);
  if (!existsSync(parent) || !statSync(parent).isDirectory()) {
    throw new DeidError("E_CONFIG", `-o ${folder}: the output folder's parent ${parent} does not exist; create it first (mkdir -p) or choose another -o`);
  }
  if (existsSync(target) && (!statSync(target).isDirectory() || readdirSync(target).length > 0)) {
    throw new DeidError("E_CONFIG", `-o ${folder}: ${statSync(target).isDirectory() ? "the folder is not empty" : "it is a file"}; --output-format ${format} writes a new folder, choose another -o`);
  }
  const source = resolve(input);
  const rel = relative(source, target);
  if (source === target || (existsSync(source) && statSync(source).isDirectory() && !rel.startsWith("..") && !rel.startsWith("/"))) {
    throw new DeidError("E_CONFIG", `-o ${folder} is inside the input folder ${input}: a later run would read the output as notes; choose another -o`);
  }
  // Hidden beside the folder and named after it, so that --resume with the same -o finds the run again.
  const batchOutput = join(parent, `.${basename(target)}.deidstack-run.jsonl`);
  const staging = join(parent, `.${basename(target)}.staging-${process.pid}`);
  return {
    batchOutput,
    async finish(files) {
      await rm(staging, { recursive: true, force: true });
      try {
        let index = 0;
        for await (const r of records(files.output)) {
          const file = join(staging, documentFilePath(r.document_id));
          await mkdir(dirname(file), { recursive: true });
          await writeFile(`${file}.txt`, r.deid_text, { mode: 0o600 });
          if (format === "brat") await writeFile(`${file}.ann`, bratAnn(r, index), { mode: 0o600 });
          index++;
        }
        await mkdir(staging, { recursive: true });
        if (existsSync(target)) await rm(target, { recursive: true }); // an empty folder, checked before the run
        await rename(staging, target);
      } catch (err) {
        await rm(staging, { recursive: true, force: true });
        await rm(files.output, { force: true });
        await rm(files.quarantine, { force: true });
        throw err;
      }
      await rm(files.output, { force: true });
      const quarantine = `${target}.quarantine.jsonl`;
      await rename(files.quarantine, quarantine);
      return { output: target, quarantine };
    },
    discard: async () => {
      await rm(staging, { recursive: true, force: true });
    },
  };
}

export interface OutputRequest {
  output: string;
  format: OutputFormat;
  input: string;
  resume?: boolean;
  stdout?: NodeJS.WritableStream;
  stderr?: NodeJS.WritableStream;
}

/** Checks the output before the run and says where the batch run writes. */
export async function prepareOutput(req: OutputRequest): Promise<PreparedOutput> {
  if (!(OUTPUT_FORMATS as readonly string[]).includes(req.format)) {
    throw new DeidError("E_CONFIG", `unknown --output-format ${JSON.stringify(req.format)}; use one of ${OUTPUT_FORMATS.join(", ")}`);
  }
  if (req.output === "-") {
    if (req.resume) throw new DeidError("E_CONFIG", "--resume needs an output file: a run to stdout (-o -) keeps no partial run");
    return stdoutOutput(req.format, req.stdout ?? process.stdout, req.stderr ?? process.stderr);
  }
  if (req.format === "jsonl") return jsonlFile(req.output);
  return folderOutput(req.output, req.format, req.input);
}

/**
 * Standard input (`-`): JSONL documents, spooled to a private temporary file (mode 600) so that the run can read its
 * input twice (a count and a hash first, as for a file); the file is removed when the run ends.
 */
export async function spoolStdin(stdin: NodeJS.ReadableStream = process.stdin): Promise<{ path: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), "deidstack-stdin-"));
  const path = join(dir, "stdin.jsonl");
  const remove = () => rm(dir, { recursive: true, force: true });
  try {
    const out = createWriteStream(path, { mode: 0o600, flags: "wx" });
    for await (const chunk of stdin) if (!out.write(chunk)) await once(out, "drain");
    out.end();
    await once(out, "finish");
  } catch (err) {
    await remove();
    throw err;
  }
  return { path, remove };
}
