// What an outcome source is fed and what it yields. With worker threads, the CLI thread does not parse a JSONL
// input: it splits it into lines (index, line number, blank lines, lines too long to parse) and each line is
// decoded, parsed and validated in the worker that processes it. The CLI thread keeps the order, the quarantine
// and the duplicate-id check (on the id each outcome carries).
import { DeidError, InputLineParser, type IndexedDocument, type InputEncoding } from "../contract/index.js";
import type { DocumentOutcome, QuarantineEntry } from "../stack/index.js";

/** A document's JSONL line, not yet decoded or parsed. */
export interface RawLineItem {
  index: number;
  line: number;
  /** The line's bytes: its own copy, not a view into a read buffer (for a worker pool, in shared memory: SharedLineSlabs). */
  raw: Uint8Array;
  encoding: InputEncoding;
  /** --max-document-bytes: a longer text is quarantined (E_DOCUMENT_TOO_LARGE), never processed. */
  maxDocumentBytes: number;
}

export type SourceItem = IndexedDocument | RawLineItem;

export function isRawLine(item: SourceItem): item is RawLineItem {
  return "raw" in item;
}

/**
 * One document's outcome as a source yields it: a DocumentOutcome; or its record already serialised (`bytes`: the
 * UTF-8 bytes of JSON.stringify(record) and a newline, and its span count), so the CLI thread neither serialises
 * nor encodes the record;
 * or the error that reading its line raised (`runError`: the run stops there, as it would have while reading).
 * `documentId` and `line`: the id of a document read from a RawLineItem and its line, for the caller's
 * duplicate-id check.
 */
export type RunOutcome = (DocumentOutcome | { index: number; bytes: Uint8Array; spans: number } | { index: number; runError: DeidError }) & {
  documentId?: string;
  line?: number;
};

/** The quarantine outcome of a document over --max-document-bytes. */
export function oversizeOutcome(index: number, bytes: number, maxDocumentBytes: number, document_id: string | undefined, line: number | undefined): DocumentOutcome {
  const quarantine: QuarantineEntry = { document_id: document_id ?? null, index, code: "E_DOCUMENT_TOO_LARGE", detector: null, phase: "input" };
  if (line !== undefined) quarantine.line = line;
  return { index, quarantine, reason: `document of ${bytes} bytes is over the limit of ${maxDocumentBytes} bytes (--max-document-bytes)` };
}

/**
 * Copies of JSONL lines in shared memory, for a worker pool: each line is copied once out of the read buffer into a
 * slab (a SharedArrayBuffer), and a view of it reaches its worker without another copy (a structured clone shares a
 * SharedArrayBuffer). A slab is freed once no thread holds a view of it; a long line gets a buffer of its own.
 */
export class SharedLineSlabs {
  private slab: SharedArrayBuffer | null = null;
  private used = 0;

  constructor(private readonly slabBytes = 1 << 20) {}

  copy(bytes: Uint8Array): Uint8Array {
    if (bytes.length > this.slabBytes >> 2) {
      const own = new Uint8Array(new SharedArrayBuffer(bytes.length));
      own.set(bytes);
      return own;
    }
    if (this.slab === null || this.used + bytes.length > this.slabBytes) {
      this.slab = new SharedArrayBuffer(this.slabBytes);
      this.used = 0;
    }
    const view = new Uint8Array(this.slab, this.used, bytes.length);
    view.set(bytes);
    this.used += bytes.length;
    return view;
  }
}

/** Parsers by encoding and size limit (one decoder each), kept by a thread that reads raw lines. */
export class LineReaders {
  private readonly parsers = new Map<string, InputLineParser>();

  /** The line as a document (or an oversize quarantine outcome); throws the DeidError reading it raises. */
  read(item: RawLineItem): { document: IndexedDocument } | { oversize: DocumentOutcome; documentId: string } {
    const key = `${item.encoding}\0${item.maxDocumentBytes}`;
    let parser = this.parsers.get(key);
    if (!parser) {
      parser = new InputLineParser(item.encoding, item.maxDocumentBytes);
      this.parsers.set(key, parser);
    }
    const r = parser.parse(item.raw, item.index, item.line);
    if (r.kind === "document") return { document: { document: r.document, index: r.index, line: r.line } };
    return { oversize: oversizeOutcome(r.index, r.bytes, item.maxDocumentBytes, r.document_id, r.line), documentId: r.document_id! };
  }

  /** The id of a raw line's document, or the error reading it raises (for a document a crashed worker held). */
  idOf(item: RawLineItem): { documentId: string } | { runError: DeidError } {
    try {
      const r = this.read(item);
      return { documentId: "document" in r ? r.document.document.document_id : r.documentId };
    } catch (err) {
      if (err instanceof DeidError) return { runError: err };
      throw err;
    }
  }
}
