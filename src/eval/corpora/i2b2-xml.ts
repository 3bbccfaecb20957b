// i2b2/UTHealth 2014 de-identification XML: `<deIdi2b2><TEXT><![CDATA[…]]></TEXT><TAGS><DATE id="P0" start="16"
// end="20" text="…" TYPE="DATE" comment=""/>…</TAGS></deIdi2b2>`. Offsets count characters (code points) of the TEXT
// content after XML line-end normalisation (CRLF → LF), which is what an XML parser hands to the original scorer.
// File names `<patient>-<record>.xml` give the patient id.
import { basename, dirname, join } from "node:path";
import { DeidError, OffsetMapper, type Document, type Span } from "../../contract/index.js";
import { isDirectory, listFiles, readUtf8 } from "./files.js";
import { labelResolver } from "./labels.js";
import type { CorpusAdapter } from "./types.js";
import { codePointsToUtf16, goldError, type GoldLocation } from "./validate.js";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

export function decodeXmlEntities(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, e: string) =>
    e[0] === "#" ? String.fromCodePoint(e[1] === "x" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10)) : ENTITIES[e],
  );
}

export function normaliseXmlNewlines(s: string): string {
  return s.replace(/\r\n?/g, "\n");
}

/** The TEXT element's character content (CDATA sections verbatim, other text entity-decoded). */
export function extractText(xml: string, loc: GoldLocation): string {
  const m = /<TEXT\s*>([\s\S]*?)<\/TEXT\s*>/.exec(xml);
  if (!m) throw goldError(loc, "no TEXT element");
  let out = "";
  const re = /<!\[CDATA\[([\s\S]*?)\]\]>/g;
  let last = 0;
  for (let c = re.exec(m[1]); c; c = re.exec(m[1])) {
    out += decodeXmlEntities(m[1].slice(last, c.index)) + c[1];
    last = c.index + c[0].length;
  }
  out += decodeXmlEntities(m[1].slice(last));
  return normaliseXmlNewlines(out);
}

export interface I2b2Tag {
  element: string;
  attributes: Record<string, string>;
}

/** The elements inside TAGS with their attributes (entity-decoded, whitespace normalised as XML does). */
export function extractTags(xml: string): I2b2Tag[] {
  const m = /<TAGS\s*>([\s\S]*?)<\/TAGS\s*>/.exec(xml);
  if (!m) return [];
  const tags: I2b2Tag[] = [];
  const elementRe = /<([A-Za-z_][\w.-]*)((?:\s+[\w.:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*\/?>/g;
  for (let e = elementRe.exec(m[1]); e; e = elementRe.exec(m[1])) {
    const attributes: Record<string, string> = {};
    const attrRe = /([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
    for (let a = attrRe.exec(e[2]); a; a = attrRe.exec(e[2])) {
      attributes[a[1]] = decodeXmlEntities((a[2] ?? a[3]).replace(/[\t\r\n]/g, " "));
    }
    tags.push({ element: e[1], attributes });
  }
  return tags;
}

function sameCovered(a: string, b: string): boolean {
  const norm = (s: string) => s.replace(/\s+/g, " ").trim();
  return norm(a) === norm(b);
}

/** Patient id from i2b2 2014 file names (`110-01` → `110`). */
export function i2b2PatientId(documentId: string): string | undefined {
  return /^(\d+)-\d+$/.exec(documentId)?.[1];
}

export const readI2b2Xml: CorpusAdapter = async (path, options, warnings) => {
  const dir = (await isDirectory(path)) ? path : dirname(path);
  const names = (await isDirectory(path)) ? await listFiles(dir, [".xml"]) : [basename(path)];
  if (names.length === 0) throw new DeidError("E_INPUT_EMPTY", `no .xml files in ${path}`);
  const resolve = labelResolver(
    { labelMap: options.labelMap, maps: ["i2b2-2014"], unknownLabels: options.unknownLabels },
    warnings,
    "gold",
  );
  const documents: Document[] = [];
  for (let index = 0; index < names.length; index++) {
    const id = names[index].replace(/\.xml$/, "");
    const loc: GoldLocation = { documentIndex: index, documentId: id, source: "i2b2-2014" };
    const xml = await readUtf8(join(dir, names[index]));
    const text = extractText(xml, loc);
    const mapper = new OffsetMapper(text);
    const spans: Span[] = extractTags(xml).map((tag, k) => {
      const { start, end, TYPE, text: covered } = tag.attributes;
      if (start === undefined || end === undefined) throw goldError(loc, `tag ${k} has no start/end`, `TAGS[${k}]`);
      const u = codePointsToUtf16(mapper, Number(start), Number(end), loc, `TAGS[${k}]`);
      if (u.end <= u.start) throw goldError(loc, `tag ${k} is empty`, `TAGS[${k}]`);
      if (covered !== undefined && !sameCovered(text.slice(u.start, u.end), covered)) {
        throw goldError(loc, `tag ${k}: its text attribute does not match the TEXT at its offsets`, `TAGS[${k}]`);
      }
      const { label, native } = resolve(TYPE ?? tag.element);
      const span: Span = { start: u.start, end: u.end, label };
      if (native !== undefined) span.extra = { native_label: native };
      return span;
    });
    const doc: Document = { document_id: id, text, spans, annotated: true };
    const patient = i2b2PatientId(id);
    if (patient !== undefined) doc.patient_id = patient;
    documents.push(doc);
  }
  return documents;
};
