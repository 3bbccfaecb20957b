// PhysioNet deid records: `<base>.text` holds `START_OF_RECORD=<PID>||||<Note>||||` … `||||END_OF_RECORD`;
// gold (or deid output) is `<base>.phi` / `<base>.deid` (`Patient <PID>\tNote <N>` then `start\tstart\tend`) or
// `<base>-phi.phrase` (`pid note start end type phrase`). Offsets are 0-based, end exclusive, counted from the first
// character after the record's header line; deid reads latin-1, so by default one byte is one character.
import { readFile, access } from "node:fs/promises";
import { DeidError, parsePhi, type Document, type Label, type Span } from "../../contract/index.js";
import { labelResolver } from "./labels.js";
import type { CorpusAdapter, PhysionetOptions } from "./types.js";
import { goldError, spanProblem } from "./validate.js";

export interface PhysionetRecord {
  patientId: string;
  noteId: string;
  text: string;
}

/** Record key used as document_id. */
export function physionetDocumentId(patientId: string, noteId: string): string {
  return `${patientId}-${noteId}`;
}

/** Splits a deid `.text` file into records; the record text keeps its final newline, as deid counts it. */
export function parsePhysionetText(content: string): PhysionetRecord[] {
  const records: PhysionetRecord[] = [];
  const lines = content.split(/(?<=\n)/);
  let current: { patientId: string; noteId: string; parts: string[] } | undefined;
  lines.forEach((line, i) => {
    const bare = line.replace(/\r?\n$/, "");
    const header = /^START_OF_RECORD=([^|]+)\|\|\|\|([^|]+)\|\|\|\|$/.exec(bare);
    if (header) {
      if (current) throw new DeidError("E_INPUT_FORMAT", "record starts before the previous one ended", { line: i + 1 });
      current = { patientId: header[1].trim(), noteId: header[2].trim(), parts: [] };
    } else if (bare === "||||END_OF_RECORD") {
      if (!current) throw new DeidError("E_INPUT_FORMAT", "END_OF_RECORD without a record", { line: i + 1 });
      records.push({ patientId: current.patientId, noteId: current.noteId, text: current.parts.join("") });
      current = undefined;
    } else if (current) {
      current.parts.push(line);
    } else if (bare.trim() !== "") {
      throw new DeidError("E_INPUT_FORMAT", "text outside a record", { line: i + 1 });
    }
  });
  if (current) throw new DeidError("E_INPUT_FORMAT", "last record has no END_OF_RECORD");
  return records;
}

export interface PhysionetAnnotation {
  documentId: string;
  start: number;
  end: number;
  type?: string;
}

/** The PHI of a `.phi` / `.deid` file (parsed by the contract's `parsePhi`), one annotation per PHI line. */
export function parsePhiFile(content: string): PhysionetAnnotation[] {
  return parsePhi(content).flatMap((r) => {
    const documentId = physionetDocumentId(r.patientId, r.noteId);
    return r.intervals.map(({ start, end }) => ({ documentId, start, end }));
  });
}

/** Record ids named by the `Patient P\tNote N` headers of a `.phi` file (including records without PHI). */
export function parsePhiHeaders(content: string): string[] {
  return parsePhi(content).map((r) => physionetDocumentId(r.patientId, r.noteId));
}

/** Parses `-phi.phrase` lines; the sixth field (the PHI phrase itself) is never read. */
export function parsePhraseFile(content: string): PhysionetAnnotation[] {
  const out: PhysionetAnnotation[] = [];
  content.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === "") return;
    const m = /^\s*(\S+)\s+(\S+)\s+(\d+)\s+(\d+)\s+(\S+)/.exec(line);
    if (!m) throw new DeidError("E_INPUT_FORMAT", "malformed -phi.phrase line", { line: i + 1 });
    out.push({ documentId: physionetDocumentId(m[1], m[2]), start: Number(m[3]), end: Number(m[4]), type: m[5] });
  });
  return out;
}

/**
 * Category names used in deid's `-phi.phrase` gold. The list is not published with the package, so the adapter
 * maps unknown names to Anonymize_Other (counted) unless the caller asks for errors. Belongs with the contract's
 * label maps once confirmed.
 */
export const PHYSIONET_GOLD_TYPES: Readonly<Record<string, Label>> = {
  PTName: "Name:Patient",
  PTNameInitial: "Name:Patient",
  RelativeProxyName: "Name:Other",
  ProxyName: "Name:Other",
  HCPName: "Name:Caregiver",
  Location: "Address_Location:Other",
  Phone: "Contactdetails",
  Date: "Date",
  DateYear: "Date",
  Age: "Age_Birthdate",
  Other: "Anonymize_Other",
};

async function firstExisting(paths: readonly string[]): Promise<string | undefined> {
  for (const p of paths) {
    if (await access(p).then(() => true, () => false)) return p;
  }
  return undefined;
}

/** UTF-8 byte offset → UTF-16 index table for one text. */
function byteToUtf16Table(text: string): Int32Array {
  const bytes = Buffer.byteLength(text, "utf8");
  const table = new Int32Array(bytes + 1).fill(-1);
  let b = 0;
  for (let i = 0; i < text.length; ) {
    table[b] = i;
    const cp = text.codePointAt(i)!;
    b += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    i += cp > 0xffff ? 2 : 1;
  }
  table[bytes] = text.length;
  return table;
}

/** Reads `.text` records with the given byte interpretation. */
export async function readPhysionetRecords(textPath: string, encoding: PhysionetOptions["encoding"]): Promise<PhysionetRecord[]> {
  const buf = await readFile(textPath).catch(() => {
    throw new DeidError("E_CONFIG", `cannot read ${textPath}`);
  });
  const content = encoding === "utf8-bytes" ? new TextDecoder("utf-8", { fatal: true }).decode(buf) : buf.toString("latin1");
  return parsePhysionetText(content);
}

/** Turns annotations into spans per record (validated, converted from the file's offset unit). */
export function physionetSpans(
  records: readonly PhysionetRecord[],
  annotations: readonly PhysionetAnnotation[],
  encoding: PhysionetOptions["encoding"],
  toLabel: (type: string | undefined) => { label: Label; native?: string },
  source: string,
): Map<string, Span[]> {
  const byId = new Map(records.map((r, i) => [physionetDocumentId(r.patientId, r.noteId), { r, i }]));
  const tables = new Map<string, Int32Array>();
  const out = new Map<string, Span[]>();
  annotations.forEach((a, k) => {
    const rec = byId.get(a.documentId);
    if (!rec) {
      throw new DeidError("E_INPUT_FORMAT", `${source}: annotation ${k} names record ${JSON.stringify(a.documentId)}, which the .text file lacks`);
    }
    const loc = { documentIndex: rec.i, documentId: a.documentId, source };
    let start = a.start;
    let end = a.end;
    if (encoding === "utf8-bytes") {
      let table = tables.get(a.documentId);
      if (!table) tables.set(a.documentId, (table = byteToUtf16Table(rec.r.text)));
      start = a.start < table.length ? table[a.start] : -1;
      end = a.end < table.length ? table[a.end] : -1;
      if (start < 0 || end < 0) throw goldError(loc, `byte offsets ${a.start}..${a.end} do not fall on character boundaries`);
    }
    const problem = spanProblem({ start, end }, rec.r.text);
    if (problem) throw goldError(loc, problem, `annotation ${k}`);
    const { label, native } = toLabel(a.type);
    const span: Span = { start, end, label };
    if (native !== undefined) span.extra = { native_label: native };
    let list = out.get(a.documentId);
    if (!list) out.set(a.documentId, (list = []));
    list.push(span);
  });
  return out;
}

export const readPhysionetDeid: CorpusAdapter = async (path, options, warnings) => {
  const base = path.replace(/\.text$/, "");
  const textPath = `${base}.text`;
  const encoding = options.physionet?.encoding ?? "latin1";
  const records = await readPhysionetRecords(textPath, encoding);
  if (records.length === 0) throw new DeidError("E_INPUT_EMPTY", `${textPath} contains no records`);
  const annPath =
    options.physionet?.annotations ?? (await firstExisting([`${base}-phi.phrase`, `${base}.phi`, `${base}.deid`]));
  if (!annPath) throw new DeidError("E_CONFIG", `no annotation file next to ${textPath} (-phi.phrase, .phi or .deid)`);
  const content = (await readFile(annPath)).toString("latin1");
  const annotations = annPath.endsWith(".phrase") ? parsePhraseFile(content) : parsePhiFile(content);
  const resolve = labelResolver(
    { labelMap: { ...PHYSIONET_GOLD_TYPES, ...options.labelMap }, maps: ["deid"], unknownLabels: options.unknownLabels ?? "other" },
    warnings,
    "gold",
  );
  const untyped = { label: "Anonymize_Other" as Label, native: "PHI" };
  const spans = physionetSpans(records, annotations, encoding, (t) => (t === undefined ? untyped : resolve(t)), annPath);
  return records.map((r): Document => {
    const id = physionetDocumentId(r.patientId, r.noteId);
    return { document_id: id, text: r.text, patient_id: r.patientId, spans: spans.get(id) ?? [], annotated: true };
  });
};
