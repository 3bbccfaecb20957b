// Streaming readers for document inputs: JSONL files (strict UTF-8) and directories of .txt notes.
import { createReadStream } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import { basename, join } from "node:path";
import type { Document } from "./document.js";
import { parseDocumentLine } from "./disk.js";
import { DeidError } from "./errors.js";

export interface IndexedDocument {
  document: Document;
  /** 0-based position among the documents of the input. */
  index: number;
  /** 1-based line in a JSONL file, when the input is one. */
  line?: number;
}

/** Yields the non-blank lines of a UTF-8 file with their 1-based line numbers; invalid UTF-8 is an error. */
export async function* readUtf8Lines(path: string): AsyncGenerator<{ text: string; line: number }> {
  // Split on the newline byte first (it never occurs inside a multi-byte UTF-8 sequence), then decode each line
  // strictly, so an encoding error names its line.
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let pending: Buffer = Buffer.alloc(0);
  let line = 0;
  const decodeLine = (bytes: Buffer): string => {
    line++;
    try {
      let text = decoder.decode(bytes);
      if (line === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      return text.endsWith("\r") ? text.slice(0, -1) : text;
    } catch {
      throw new DeidError("E_INPUT_ENCODING", "input is not valid UTF-8", { line });
    }
  };
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) {
    pending = pending.length ? Buffer.concat([pending, chunk as Buffer]) : (chunk as Buffer);
    let from = 0;
    let nl: number;
    while ((nl = pending.indexOf(0x0a, from)) >= 0) {
      const text = decodeLine(pending.subarray(from, nl));
      from = nl + 1;
      if (text.trim() !== "") yield { text, line };
    }
    pending = pending.subarray(from);
  }
  if (pending.length) {
    const text = decodeLine(pending);
    if (text.trim() !== "") yield { text, line };
  }
}

/** Streams Documents from a MedDeID JSONL file; an empty file is an error. */
export async function* readJsonlDocuments(path: string): AsyncGenerator<IndexedDocument> {
  let index = 0;
  const seen = new Set<string>();
  for await (const { text, line } of readUtf8Lines(path)) {
    const document = parseDocumentLine(text, { documentIndex: index, line });
    if (seen.has(document.document_id)) {
      throw new DeidError("E_INPUT_FORMAT", "duplicate document_id", { documentIndex: index, line, field: "document_id" });
    }
    seen.add(document.document_id);
    yield { document, index, line };
    index++;
  }
  if (index === 0) throw new DeidError("E_INPUT_EMPTY", "input contains no documents");
}

/** Streams one Document per `.txt` file of a directory (sorted by name; id = file name without `.txt`). */
export async function* readTextDirectory(dir: string): AsyncGenerator<IndexedDocument> {
  const names = (await readdir(dir)).filter((n) => n.endsWith(".txt")).sort();
  if (names.length === 0) throw new DeidError("E_INPUT_EMPTY", "directory contains no .txt files");
  const decoder = new TextDecoder("utf-8", { fatal: true });
  for (let index = 0; index < names.length; index++) {
    const buf = await readFile(join(dir, names[index]));
    let text: string;
    try {
      text = decoder.decode(buf);
    } catch {
      throw new DeidError("E_INPUT_ENCODING", `file ${names[index]} is not valid UTF-8`, { documentIndex: index });
    }
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    yield { document: { document_id: basename(names[index], ".txt"), text }, index };
  }
}

/** Reads documents from a JSONL file or a directory of .txt files. */
export async function* readDocuments(path: string): AsyncGenerator<IndexedDocument> {
  const s = await stat(path).catch(() => {
    throw new DeidError("E_CONFIG", `input path does not exist: ${path}`);
  });
  if (s.isDirectory()) yield* readTextDirectory(path);
  else yield* readJsonlDocuments(path);
}

/** Reads a whole JSONL corpus into memory (for evaluation, where documents are needed together). */
export async function loadJsonlDocuments(path: string): Promise<Document[]> {
  const docs: Document[] = [];
  for await (const { document } of readJsonlDocuments(path)) docs.push(document);
  return docs;
}
