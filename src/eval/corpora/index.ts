// Corpus loading: format detection and the adapter registry (an explicit sorted map, no reflection).
import { open, readdir } from "node:fs/promises";
import { extname, join } from "node:path";
import { DeidError } from "../../contract/index.js";
import { WarningTally } from "../warnings.js";
import { readAsqPhi } from "./asq-phi.js";
import { readBrat } from "./brat.js";
import { readDoccano } from "./doccano.js";
import { isDirectory } from "./files.js";
import { readI2b2Xml } from "./i2b2-xml.js";
import { readInceptionCas } from "./inception-cas.js";
import { readLabelStudio } from "./label-studio.js";
import { readMeddeidJsonl } from "./meddeid-jsonl.js";
import { readPhysionetDeid } from "./physionet-deid.js";
import { CORPUS_FORMATS, type CorpusAdapter, type CorpusFormat, type CorpusOptions, type LoadedCorpus } from "./types.js";
import { assertUniqueIds, validateGoldDocument } from "./validate.js";

export const CORPUS_ADAPTERS: Readonly<Record<CorpusFormat, CorpusAdapter>> = {
  "asq-phi": readAsqPhi,
  brat: readBrat,
  doccano: readDoccano,
  "i2b2-2014": readI2b2Xml,
  "inception-json": readInceptionCas,
  "label-studio": readLabelStudio,
  "meddeid-jsonl": readMeddeidJsonl,
  "physionet-deid": readPhysionetDeid,
};

export function isCorpusFormat(value: string): value is CorpusFormat {
  return (CORPUS_FORMATS as readonly string[]).includes(value);
}

/** The first bytes of a file as text (enough to recognise a format). */
async function head(path: string, bytes = 4096): Promise<string> {
  const fh = await open(path, "r");
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await fh.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead).toString("utf8").replace(/^\uFEFF/, "");
  } finally {
    await fh.close();
  }
}

function detectFromJsonHead(text: string): CorpusFormat | undefined {
  const t = text.trimStart();
  if (t.startsWith("{") && t.includes('"%FEATURE_STRUCTURES"')) return "inception-json";
  if (t.startsWith("[") && /"(annotations|predictions)"\s*:/.test(t) && /"data"\s*:/.test(t)) return "label-studio";
  if (/"start_offset"\s*:/.test(t) || /"label"\s*:\s*\[\s*\[/.test(t) || /"label"\s*:\s*\[\s*\]/.test(t)) return "doccano";
  if (/"(document_id|doc_id|note_id|record_id)"\s*:/.test(t)) return "meddeid-jsonl";
  return undefined;
}

/** Recognises a corpus format from a path (extension, directory contents, first bytes). */
export async function detectCorpusFormat(path: string): Promise<CorpusFormat> {
  if (await isDirectory(path)) {
    const names = await readdir(path);
    if (names.some((n) => n.endsWith(".ann"))) return "brat";
    if (names.some((n) => n.endsWith(".xml"))) return "i2b2-2014";
    const json = names.filter((n) => n.endsWith(".json")).sort();
    if (json.length && detectFromJsonHead(await head(join(path, json[0]))) === "inception-json") return "inception-json";
    if (names.some((n) => n.endsWith(".txt"))) return "brat";
    throw new DeidError("E_CONFIG", `cannot tell the corpus format of directory ${path}; pass a format`);
  }
  const ext = extname(path).toLowerCase();
  if (ext === ".text" || ext === ".phi" || ext === ".deid" || path.endsWith("-phi.phrase")) return "physionet-deid";
  if (ext === ".xml") return "i2b2-2014";
  if (ext === ".ann") return "brat";
  const start = await head(path);
  if (start.includes("===QUERY===")) return "asq-phi";
  if (ext === ".json" || ext === ".jsonl" || start.trimStart().startsWith("{") || start.trimStart().startsWith("[")) {
    const found = detectFromJsonHead(start);
    if (found) return found;
  }
  if (ext === ".txt") return "brat";
  throw new DeidError("E_CONFIG", `cannot tell the corpus format of ${path}; pass a format`);
}

/**
 * Reads a gold corpus into contract Documents. Gold that fails the contract (offsets outside the text, subannotations
 * that do not partition their span, duplicate ids, unknown labels unless allowed) is an error; tolerated
 * irregularities come back as counted warnings.
 */
export async function loadCorpus(path: string, options: CorpusOptions = {}): Promise<LoadedCorpus> {
  const format = options.format ?? (await detectCorpusFormat(path));
  if (!isCorpusFormat(format)) throw new DeidError("E_CONFIG", `unknown corpus format ${String(format)}; valid: ${CORPUS_FORMATS.join(", ")}`);
  const warnings = new WarningTally();
  const documents = await CORPUS_ADAPTERS[format](path, options, warnings);
  if (documents.length === 0) throw new DeidError("E_INPUT_EMPTY", `${path} contains no documents`);
  assertUniqueIds(documents, format);
  documents.forEach((d, i) => validateGoldDocument(d, { documentIndex: i, documentId: d.document_id, source: format }));
  return { format, documents, warnings: warnings.toArray() };
}

export * from "./types.js";
export { labelResolver, type UnknownLabelPolicy } from "./labels.js";
export { parseAsqPhiBlocks, locateAsqValues, foldApostrophes } from "./asq-phi.js";
export { parseBratAnn } from "./brat.js";
export { parsePhysionetText, parsePhiFile, parsePhraseFile } from "./physionet-deid.js";
export { parseDoccanoRecords } from "./doccano.js";
export type { OffsetUnit } from "./validate.js";
