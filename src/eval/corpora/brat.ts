// BRAT standoff: `<doc>.txt` + `<doc>.ann`. Entity lines `T<n>\t<Type> <start> <end>[;<start> <end>...]\t<text>`,
// offsets in characters (code points) of the .txt, end exclusive. A discontinuous entity becomes one Span per
// fragment sharing `extra.entity_id`, so span-level metrics count it once.
import { access } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { OffsetMapper, type Document, type Span } from "../../contract/index.js";
import { readUtf8, isDirectory, listFiles } from "./files.js";
import { labelResolver } from "./labels.js";
import type { BratOptions, CorpusAdapter } from "./types.js";
import { codePointsToUtf16, goldError, type GoldLocation } from "./validate.js";

export interface BratEntity {
  id: string;
  type: string;
  /** Fragments in code points of the file as read. */
  fragments: { begin: number; end: number }[];
  covered: string;
}

/** Parses the entity lines of a .ann file; other annotation kinds are counted and returned separately. */
export function parseBratAnn(ann: string, loc: GoldLocation): { entities: BratEntity[]; ignoredLines: number } {
  const entities: BratEntity[] = [];
  let ignoredLines = 0;
  const lines = ann.split(/\r?\n/);
  lines.forEach((line, i) => {
    if (line.trim() === "") return;
    if (!line.startsWith("T")) {
      ignoredLines++;
      return;
    }
    const [id, spec, covered] = line.split("\t");
    const m = spec === undefined ? null : /^(\S+) (\d+ \d+(?:;\d+ \d+)*)$/.exec(spec);
    if (!m || covered === undefined) throw goldError(loc, `malformed entity line ${i + 1} of the .ann file`, `line ${i + 1}`);
    const fragments = m[2].split(";").map((pair) => {
      const [b, e] = pair.split(" ").map(Number);
      return { begin: b, end: e };
    });
    entities.push({ id, type: m[1], fragments, covered });
  });
  return { entities, ignoredLines };
}

/** Maps code-point offsets of the text with CRLF counted as one character back to offsets of the text as is. */
export function lfOffsetsToOriginal(text: string): (offset: number) => number {
  const chars = Array.from(text);
  const crlf: number[] = []; // code-point positions (in the text as is) of each \r that precedes \n
  for (let i = 0; i + 1 < chars.length; i++) if (chars[i] === "\r" && chars[i + 1] === "\n") crlf.push(i);
  return (n) => {
    // The j-th removed \r sits at position crlf[j] - j of the normalised text.
    let lo = 0;
    let hi = crlf.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (crlf[mid] - mid < n) lo = mid + 1;
      else hi = mid;
    }
    return n + lo;
  };
}

function coveredText(chars: readonly string[], fragments: BratEntity["fragments"]): string {
  return fragments.map((f) => chars.slice(f.begin, f.end).join("")).join(" ");
}

function sameText(a: string, b: string): boolean {
  return a === b || a.replace(/\s+/g, " ").trim() === b.replace(/\s+/g, " ").trim();
}

/** Chooses how the .ann counted line breaks: the reading under which every entity's text matches. */
export function chooseNewlineReading(
  text: string,
  entities: readonly BratEntity[],
  mode: NonNullable<BratOptions["newlines"]>,
): "as-is" | "lf" | undefined {
  const chars = Array.from(text);
  const asIs = () => entities.every((e) => sameText(coveredText(chars, e.fragments), e.covered));
  const lf = () => {
    const normalised = Array.from(text.replace(/\r\n/g, "\n"));
    return entities.every((e) => sameText(coveredText(normalised, e.fragments), e.covered));
  };
  if (mode === "as-is") return asIs() ? "as-is" : undefined;
  if (mode === "lf") return lf() ? "lf" : undefined;
  if (asIs()) return "as-is";
  if (text.includes("\r\n") && lf()) return "lf";
  return undefined;
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

export const readBrat: CorpusAdapter = async (path, options, warnings) => {
  const dir = (await isDirectory(path)) ? path : dirname(path);
  const names = (await isDirectory(path)) ? await listFiles(dir, [".txt"]) : [basename(path).replace(/\.(ann|txt)$/, ".txt")];
  const resolve = labelResolver({ labelMap: options.labelMap, unknownLabels: options.unknownLabels }, warnings, "gold");
  const mode = options.brat?.newlines ?? "auto";
  const documents: Document[] = [];
  for (let index = 0; index < names.length; index++) {
    const id = names[index].slice(0, -".txt".length);
    const loc: GoldLocation = { documentIndex: index, documentId: id, source: "brat" };
    const text = await readUtf8(join(dir, names[index]));
    const annPath = join(dir, `${id}.ann`);
    if (!(await exists(annPath))) {
      warnings.add("brat_missing_ann", ".txt files without an .ann file were scored as containing no PHI");
      documents.push({ document_id: id, text, spans: [], annotated: false });
      continue;
    }
    const { entities, ignoredLines } = parseBratAnn(await readUtf8(annPath), loc);
    warnings.add("brat_non_entity_lines", "non-entity .ann lines (relations, events, attributes, notes) were ignored", ignoredLines);
    const reading = chooseNewlineReading(text, entities, mode);
    if (!reading) throw goldError(loc, "entity offsets do not match the text of the .ann file under any newline reading");
    const toOriginal = reading === "lf" ? lfOffsetsToOriginal(text) : (n: number) => n;
    if (reading === "lf") warnings.add("brat_crlf_counted_once", "documents whose .ann offsets count CRLF as one character were realigned to the text as is");
    const mapper = new OffsetMapper(text);
    const spans: Span[] = [];
    for (const entity of entities) {
      const { label, native } = resolve(entity.type);
      if (entity.fragments.length > 1) {
        warnings.add("brat_discontinuous_entity", "discontinuous entities were read as fragments scored as one entity for span-level metrics");
      }
      entity.fragments.forEach((f, j) => {
        const u = codePointsToUtf16(mapper, toOriginal(f.begin), toOriginal(f.end), loc, `${entity.id}[${j}]`);
        if (u.end <= u.start) throw goldError(loc, `empty fragment in entity ${entity.id}`);
        const span: Span = { start: u.start, end: u.end, label };
        const extra: Record<string, unknown> = {};
        if (native !== undefined) extra.native_label = native;
        if (entity.fragments.length > 1) extra.entity_id = entity.id;
        if (Object.keys(extra).length) span.extra = extra;
        spans.push(span);
      });
    }
    documents.push({ document_id: id, text, spans, annotated: true });
  }
  return documents;
};
