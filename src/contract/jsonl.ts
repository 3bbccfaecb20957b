// Streaming readers for document inputs: JSONL files (strict UTF-8) and directories of .txt notes.
import { createReadStream } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import type { Document } from "./document.js";
import { parseDocumentLine } from "./disk.js";
import { DeidError } from "./errors.js";
import { CompactIdSet } from "./id-set.js";

export interface IndexedDocument {
  document: Document;
  /** 0-based position among the documents of the input. */
  index: number;
  /** 1-based line in a JSONL file, when the input is one. */
  line?: number;
}

/**
 * Yields every line of a file as bytes (without the newline), or `bytes: null` with its size for a line longer
 * than `maxLineBytes`, whose bytes are dropped as they stream by (a 1 GB line never sits in memory).
 */
async function* readRawLines(path: string, maxLineBytes: number): AsyncGenerator<{ bytes: Buffer | null; size: number }> {
  // Split on the newline byte (it never occurs inside a multi-byte UTF-8 sequence). A line's pieces are gathered
  // in a list and joined once, so a long line costs linear time.
  let parts: Buffer[] = [];
  let partsLength = 0;
  let dropping = false;
  const take = (piece: Buffer): { bytes: Buffer | null; size: number } => {
    const size = partsLength + piece.length;
    const over = dropping || size > maxLineBytes;
    const bytes = over ? null : parts.length ? Buffer.concat([...parts, piece]) : piece;
    parts = [];
    partsLength = 0;
    dropping = false;
    return { bytes, size };
  };
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) {
    const buf = chunk as Buffer;
    let from = 0;
    let nl: number;
    while ((nl = buf.indexOf(0x0a, from)) >= 0) {
      yield take(buf.subarray(from, nl));
      from = nl + 1;
    }
    if (from < buf.length) {
      const rest = buf.subarray(from);
      partsLength += rest.length;
      if (!dropping && partsLength > maxLineBytes) {
        dropping = true;
        parts = [];
      } else if (!dropping) parts.push(rest);
    }
  }
  if (partsLength > 0) yield take(Buffer.alloc(0));
}

/**
 * Yields the non-blank lines of a UTF-8 file with their 1-based line numbers; invalid UTF-8 is an error. A line
 * over `maxLineBytes` comes back as `text: null` with its size, undecoded.
 */
export async function* readUtf8LinesBounded(
  path: string,
  maxLineBytes = Number.POSITIVE_INFINITY,
  encoding: InputEncoding = "utf-8",
): AsyncGenerator<{ text: string | null; line: number; bytes: number }> {
  if (!LINE_ENCODINGS.includes(encoding)) {
    throw new DeidError("E_CONFIG", `a JSONL input cannot be read as ${encoding} (lines are split on the newline byte); use ${LINE_ENCODINGS.join(", ")}`);
  }
  const decoder = decoderFor(encoding);
  let line = 0;
  for await (const { bytes, size } of readRawLines(path, maxLineBytes)) {
    line++;
    if (bytes === null) {
      yield { text: null, line, bytes: size };
      continue;
    }
    const text = decodeLine(decoder, encoding, bytes, line);
    if (text.trim() !== "") yield { text, line, bytes: size };
  }
}

/** One line of a JSONL file as text: decoded strictly, a BOM on line 1 and a trailing CR removed. */
function decodeLine(decoder: LineDecoder, encoding: InputEncoding, bytes: Uint8Array, line: number): string {
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    throw new DeidError("E_INPUT_ENCODING", encoding === "utf-8" ? "input is not valid UTF-8 (another encoding? see --encoding)" : `input is not valid ${encoding}`, { line });
  }
  if (line === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.endsWith("\r")) text = text.slice(0, -1);
  return text;
}

/** ASCII bytes that String.prototype.trim removes (tab, VT, FF, CR, space); 2: any other ASCII byte. */
const ASCII_CLASS = new Uint8Array(128).fill(2);
for (const b of [0x09, 0x0b, 0x0c, 0x0d, 0x20]) ASCII_CLASS[b] = 1;

/**
 * Whether a line's text (as decodeLine gives it) is blank, mostly without decoding it: an ASCII byte other than
 * white space means text in every line encoding; only a line of white space and non-ASCII bytes is decoded.
 */
function lineIsBlank(decoder: LineDecoder, encoding: InputEncoding, bytes: Uint8Array, line: number): boolean {
  let nonAscii = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b >= 0x80) nonAscii = true;
    else if (ASCII_CLASS[b] === 2) return false;
  }
  return !nonAscii || decodeLine(decoder, encoding, bytes, line).trim() === "";
}

/** A line of a JSONL input, undecoded, for a reader that parses it elsewhere (a worker thread). */
export type RawInputLine =
  | { kind: "line"; index: number; line: number; bytes: Buffer }
  | { kind: "oversize"; index: number; line: number; bytes: number };

/**
 * The documents' lines of a JSONL input with the index and line number each gets from readRunInput, without
 * parsing them (blank lines skipped; a line too long to parse comes back as `oversize`). `bytes` may be a view
 * into the read buffer: copy it to keep it. Each line is then read by parseInputLine; the duplicate-id check is
 * the caller's (CompactIdSet, then idOccursBefore).
 */
export async function* readJsonlRawLines(path: string, limits: ReadLimits = {}): AsyncGenerator<RawInputLine> {
  const encoding = limits.encoding ?? "utf-8";
  if (!LINE_ENCODINGS.includes(encoding)) {
    throw new DeidError("E_CONFIG", `a JSONL input cannot be read as ${encoding} (lines are split on the newline byte); use ${LINE_ENCODINGS.join(", ")}`);
  }
  const decoder = decoderFor(encoding);
  const maxText = limits.maxDocumentBytes ?? Number.POSITIVE_INFINITY;
  let line = 0;
  let index = 0;
  for await (const { bytes, size } of readRawLines(path, maxText * LINE_TO_TEXT_BYTES + (1 << 20))) {
    line++;
    if (bytes === null) yield { kind: "oversize", index: index++, line, bytes: size };
    else if (!lineIsBlank(decoder, encoding, bytes, line)) yield { kind: "line", index: index++, line, bytes };
  }
  if (index === 0) throw new DeidError("E_INPUT_EMPTY", "input contains no documents");
}

/** Reads lines of one JSONL input: one decoder for all of them. */
export class InputLineParser {
  private readonly decoder: LineDecoder;

  constructor(
    private readonly encoding: InputEncoding = "utf-8",
    private readonly maxDocumentBytes = Number.POSITIVE_INFINITY,
  ) {
    this.decoder = decoderFor(encoding);
  }

  /**
   * One non-blank line of a JSONL input (from readJsonlRawLines) as readRunInput reads it: the document, or
   * `oversize` when its text is over the limit; invalid bytes or an invalid record throw as readRunInput would.
   */
  parse(bytes: Uint8Array, index: number, line: number): RunInputItem {
    const document = parseDocumentLine(decodeLine(this.decoder, this.encoding, bytes, line), { documentIndex: index, line });
    return documentItem(document, index, line, this.maxDocumentBytes);
  }
}

/** A parsed document as a run input item: `oversize` when its text is over the limit (in UTF-8 bytes). */
function documentItem(document: Document, index: number, line: number, maxDocumentBytes: number): RunInputItem {
  const textBytes = Buffer.byteLength(document.text, "utf8");
  if (textBytes > maxDocumentBytes) return { kind: "oversize", index, line, document_id: document.document_id, bytes: textBytes };
  return { kind: "document", document, index, line };
}

/** Yields the non-blank lines of a UTF-8 file with their 1-based line numbers; invalid UTF-8 is an error. */
export async function* readUtf8Lines(path: string): AsyncGenerator<{ text: string; line: number }> {
  for await (const { text, line } of readUtf8LinesBounded(path)) yield { text: text!, line };
}

/** Whether a line before `beforeLine` of a JSONL file holds a document with this id (exact check after a hash hit). */
export async function idOccursBefore(path: string, id: string, beforeLine: number): Promise<boolean> {
  for await (const { text, line } of readUtf8Lines(path)) {
    if (line >= beforeLine) return false;
    try {
      if ((JSON.parse(text) as { document_id?: unknown }).document_id === id) return true;
    } catch {
      // lines before beforeLine were parsed once already; a line that does not parse cannot be there
    }
  }
  return false;
}

/** A document of a run's input, or a line/file over the size limit that is not processed (quarantined). */
export type RunInputItem =
  | ({ kind: "document" } & IndexedDocument)
  | { kind: "oversize"; index: number; line?: number; document_id?: string; bytes: number };

export interface ReadLimits {
  /** Largest document text, in UTF-8 bytes; larger documents come back as `oversize`. */
  maxDocumentBytes?: number;
  /** A directory input: read the `.txt` files of its sub-folders too (ids are their relative paths, `sub/note`). */
  recursive?: boolean;
  /** Character encoding of the input (default utf-8); invalid bytes for it are an error. */
  encoding?: InputEncoding;
}

/** Encodings an input may be read in (WHATWG labels; windows-1252 also reads ISO-8859-1 "latin1"). */
export const INPUT_ENCODINGS = ["utf-8", "windows-1252", "iso-8859-15", "utf-16le", "utf-16be"] as const;
export type InputEncoding = (typeof INPUT_ENCODINGS)[number];

/** UTF-16 has no newline byte a JSONL reader can split on. */
const LINE_ENCODINGS: readonly InputEncoding[] = ["utf-8", "windows-1252", "iso-8859-15"];

type LineDecoder = ReturnType<typeof decoderFor>;

function decoderFor(encoding: InputEncoding = "utf-8") {
  if (!(INPUT_ENCODINGS as readonly string[]).includes(encoding)) {
    throw new DeidError("E_CONFIG", `unknown encoding ${JSON.stringify(encoding)}; use one of ${INPUT_ENCODINGS.join(", ")}`);
  }
  return new TextDecoder(encoding, { fatal: true });
}

/** Headroom for metadata and JSON escapes: a line longer than this many times the text limit is not even parsed. */
const LINE_TO_TEXT_BYTES = 4;

/** Streams Documents from a MedDeID JSONL file; an empty file is an error; ids are checked unique. */
export async function* readJsonlDocuments(path: string, limits: ReadLimits = {}): AsyncGenerator<IndexedDocument> {
  for await (const item of readJsonlItems(path, limits)) if (item.kind === "document") yield item;
}

async function* readJsonlItems(path: string, limits: ReadLimits): AsyncGenerator<RunInputItem> {
  const maxText = limits.maxDocumentBytes ?? Number.POSITIVE_INFINITY;
  let index = 0;
  const seen = new CompactIdSet();
  for await (const { text, line, bytes } of readUtf8LinesBounded(path, maxText * LINE_TO_TEXT_BYTES + (1 << 20), limits.encoding)) {
    if (text === null) {
      yield { kind: "oversize", index, line, bytes };
      index++;
      continue;
    }
    const document = parseDocumentLine(text, { documentIndex: index, line });
    if (seen.add(document.document_id) && (await idOccursBefore(path, document.document_id, line))) {
      throw new DeidError("E_INPUT_FORMAT", "duplicate document_id", { documentIndex: index, line, field: "document_id" });
    }
    yield documentItem(document, index, line, maxText);
    index++;
  }
  if (index === 0) throw new DeidError("E_INPUT_EMPTY", "input contains no documents");
}

/** Streams one Document per `.txt` file of a directory (sorted by name; id = file name without `.txt`). */
export async function* readTextDirectory(dir: string, options: Pick<ReadLimits, "recursive" | "encoding"> = {}): AsyncGenerator<IndexedDocument> {
  for await (const item of readTextDirectoryItems(dir, options)) if (item.kind === "document") yield item;
}

/** A `.txt` file's document id: its path relative to the input directory, `/`-separated, without `.txt`. */
export function textFileDocumentId(relativePath: string): string {
  return relativePath.slice(0, -".txt".length);
}

/**
 * The `.txt` files of an input directory as `/`-separated paths relative to it, sorted. Without `recursive`, `.txt`
 * files in sub-folders are an error that says so, never skipped in silence.
 */
export async function listTextFiles(dir: string, options: Pick<ReadLimits, "recursive"> = {}): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.name.endsWith(".txt")) continue;
    const full = join(entry.parentPath, entry.name);
    // A symbolic link counts when it leads to a file (as a plain read would follow it).
    if (!(entry.isFile() || (entry.isSymbolicLink() && (await stat(full).then((s) => s.isFile(), () => false))))) continue;
    files.push(relative(dir, full).split(sep).join("/"));
  }
  const nested = files.filter((f) => f.includes("/"));
  if (nested.length && !options.recursive) {
    const folders = new Set(nested.map((f) => f.slice(0, f.indexOf("/"))));
    throw new DeidError(
      "E_CONFIG",
      `directory ${dir} has ${nested.length} .txt file${nested.length === 1 ? "" : "s"} in ${folders.size} sub-folder${folders.size === 1 ? "" : "s"} (${[...folders].sort()[0]}${folders.size > 1 ? ", ..." : ""}) that would be skipped; pass --recursive to read them too, or give the folder that holds only the notes`,
    );
  }
  return files.sort();
}

async function* readTextDirectoryItems(dir: string, limits: ReadLimits): AsyncGenerator<RunInputItem> {
  const names = await listTextFiles(dir, limits);
  if (names.length === 0) throw new DeidError("E_INPUT_EMPTY", "directory contains no .txt files");
  const encoding = limits.encoding ?? "utf-8";
  const decoder = decoderFor(encoding);
  const maxText = limits.maxDocumentBytes ?? Number.POSITIVE_INFINITY;
  for (let index = 0; index < names.length; index++) {
    const size = (await stat(join(dir, names[index]))).size;
    if (size > maxText) {
      yield { kind: "oversize", index, document_id: textFileDocumentId(names[index]), bytes: size };
      continue;
    }
    const buf = await readFile(join(dir, names[index]));
    let text: string;
    try {
      text = decoder.decode(buf);
    } catch {
      throw new DeidError("E_INPUT_ENCODING", `file ${names[index]} is not valid ${encoding}${encoding === "utf-8" ? " (another encoding? see --encoding)" : ""}`, { documentIndex: index });
    }
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    yield { kind: "document", document: { document_id: textFileDocumentId(names[index]), text }, index };
  }
}

/** A run's input: documents and oversize markers from a JSONL file or a directory of .txt files. */
export async function* readRunInput(path: string, limits: ReadLimits = {}): AsyncGenerator<RunInputItem> {
  const s = await stat(path).catch(() => {
    throw new DeidError("E_CONFIG", `input path does not exist: ${path}`);
  });
  if (s.isDirectory()) yield* readTextDirectoryItems(path, limits);
  else if (limits.recursive) throw new DeidError("E_CONFIG", `--recursive reads a directory of .txt files; ${path} is a file`);
  else yield* readJsonlItems(path, limits);
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
