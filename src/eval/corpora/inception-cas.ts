// INCEpTION exports in the UIMA CAS JSON format (`%FEATURE_STRUCTURES`, `%VIEWS`): the text is the `_InitialView`
// Sofa's `sofaString`; spans are annotations of the chosen types, labelled by one string feature. INCEpTION is a
// Java application, so offsets count UTF-16 code units unless the header says otherwise.
import { basename, dirname, join } from "node:path";
import { DeidError, OffsetMapper, type Document, type Span } from "../../contract/index.js";
import { isDirectory, isRecord, listFiles, readJson } from "./files.js";
import { labelResolver } from "./labels.js";
import type { CorpusAdapter, CorpusOptions } from "./types.js";
import type { WarningTally } from "../warnings.js";
import { goldError, toUtf16Span, type GoldLocation, type OffsetUnit } from "./validate.js";

type FeatureStructure = Record<string, unknown> & { "%ID"?: number; "%TYPE"?: string };

const NAMED_ENTITY = "de.tudarmstadt.ukp.dkpro.core.api.ner.type.NamedEntity";
const DOCUMENT_META = "de.tudarmstadt.ukp.dkpro.core.api.metadata.type.DocumentMetaData";
const LABEL_FEATURES = ["value", "label", "kind", "type", "category"];

function isDefaultSpanType(type: string): boolean {
  return type === NAMED_ENTITY || type.startsWith("webanno.custom.") || type.startsWith("custom.");
}

function anchor(fs: FeatureStructure, name: "begin" | "end"): number | undefined {
  const v = fs[name] ?? fs[`^${name}`];
  return typeof v === "number" ? v : undefined;
}

/** Offset unit declared in the CAS header, if any. */
function declaredUnit(cas: Record<string, unknown>): OffsetUnit | undefined {
  const header = cas["%HEADER"];
  const enc = isRecord(header) ? header["%OFFSET_ENCODING"] : undefined;
  if (typeof enc !== "string") return undefined;
  if (/^utf-?16$/i.test(enc)) return "utf16";
  if (/^(utf-?32|code[-_ ]?points?)$/i.test(enc)) return "code-points";
  throw new DeidError("E_INPUT_FORMAT", `unsupported CAS offset encoding ${JSON.stringify(enc)}`);
}

/** Reads one CAS JSON object into a Document. */
export function casToDocument(
  cas: unknown,
  fallbackId: string,
  loc: GoldLocation,
  options: CorpusOptions,
  resolve: (foreign: string) => { label: Span["label"]; native?: string },
  warnings: WarningTally,
): Document {
  if (!isRecord(cas) || !Array.isArray(cas["%FEATURE_STRUCTURES"])) throw goldError(loc, "not a UIMA CAS JSON document");
  const all = (cas["%FEATURE_STRUCTURES"] as unknown[]).filter(isRecord) as FeatureStructure[];
  const views = isRecord(cas["%VIEWS"]) ? (cas["%VIEWS"] as Record<string, unknown>) : {};
  const initial = isRecord(views._InitialView) ? views._InitialView : undefined;
  const sofa =
    all.find((fs) => fs["%TYPE"] === "uima.cas.Sofa" && (initial ? fs["%ID"] === initial["%SOFA"] : fs.sofaID === "_InitialView")) ??
    all.find((fs) => fs["%TYPE"] === "uima.cas.Sofa");
  if (!sofa || typeof sofa.sofaString !== "string") throw goldError(loc, "no text Sofa in the CAS");
  const text = sofa.sofaString;
  const members = initial && Array.isArray(initial["%MEMBERS"]) ? new Set(initial["%MEMBERS"] as number[]) : undefined;
  const inView = (fs: FeatureStructure) =>
    (members ? members.has(fs["%ID"] as number) : true) && (fs["@sofa"] === undefined || fs["@sofa"] === sofa["%ID"]);
  const wanted = options.inception?.types;
  const isSpanType = (t: string) => (wanted ? wanted.includes(t) : isDefaultSpanType(t));
  const unit: OffsetUnit = options.offsets && options.offsets !== "auto" ? options.offsets : (declaredUnit(cas) ?? "utf16");
  const mapper = new OffsetMapper(text);
  const spans: Span[] = [];
  let ignored = 0;
  for (const fs of all) {
    const type = fs["%TYPE"];
    const begin = anchor(fs, "begin");
    const end = anchor(fs, "end");
    if (typeof type !== "string" || begin === undefined || end === undefined || !inView(fs)) continue;
    if (!isSpanType(type)) {
      if (type !== DOCUMENT_META && type !== "uima.tcas.DocumentAnnotation") ignored++;
      continue;
    }
    if (end === begin) {
      warnings.add("empty_gold_span", "zero-width gold annotations were ignored");
      continue;
    }
    const feature = options.inception?.labelFeature ?? LABEL_FEATURES.find((f) => typeof fs[f] === "string");
    const raw = feature ? fs[feature] : undefined;
    if (typeof raw !== "string" || raw === "") throw goldError(loc, `annotation ${String(fs["%ID"])} has no label feature`);
    const u = toUtf16Span(text, mapper, unit, begin, end, loc, `%ID ${String(fs["%ID"])}`);
    const { label, native } = resolve(raw);
    const span: Span = { start: u.start, end: u.end, label };
    if (native !== undefined) span.extra = { native_label: native };
    spans.push(span);
  }
  warnings.add("cas_other_annotations", "CAS annotations of other types (tokens, sentences, …) were ignored; choose types with inception.types", ignored);
  const meta = all.find((fs) => fs["%TYPE"] === DOCUMENT_META);
  const metaId = meta && (typeof meta.documentId === "string" ? meta.documentId : meta.documentTitle);
  const id = typeof metaId === "string" && metaId !== "" ? metaId : fallbackId;
  return { document_id: id, text, spans, annotated: true };
}

export const readInceptionCas: CorpusAdapter = async (path, options, warnings) => {
  const dir = (await isDirectory(path)) ? path : dirname(path);
  const names = (await isDirectory(path)) ? await listFiles(dir, [".json"]) : [basename(path)];
  if (names.length === 0) throw new DeidError("E_INPUT_EMPTY", `no .json files in ${path}`);
  const resolve = labelResolver({ labelMap: options.labelMap, unknownLabels: options.unknownLabels }, warnings, "gold");
  const documents: Document[] = [];
  for (let i = 0; i < names.length; i++) {
    const fallbackId = names[i].replace(/\.json$/, "");
    const loc = { documentIndex: i, documentId: fallbackId, source: "inception-json" };
    documents.push(casToDocument(await readJson(join(dir, names[i])), fallbackId, loc, options, resolve, warnings));
  }
  return documents;
};
