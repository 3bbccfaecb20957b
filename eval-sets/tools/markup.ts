// Inline-markup evaluation sources (`[[surface|LABEL]]`) → MedDeID JSONL records with code-point offsets.
import { canonicalLabel, isLabel, type Label } from "../../src/contract/index.js";

export const SHORT_LABELS: Readonly<Record<string, Label>> = {
  PAT: "Name:Patient",
  CARE: "Name:Caregiver",
  PERS: "Name:Other",
  ADDR_P: "Address_Location:Patient",
  ADDR_C: "Address_Location:Caregiver",
  LOC: "Address_Location:Other",
  AGE: "Age_Birthdate",
  DATE: "Date",
  ID_P: "ID:Patient",
  ID_C: "ID:Caregiver",
  CONTACT: "Contactdetails",
  HOSP: "Organization:Healthcare",
  ORG: "Organization:Other",
  PROF: "Profession",
  OTHER: "Anonymize_Other",
};

export interface SourceError {
  line: number;
  message: string;
}

export interface GoldRecord {
  document_id: string;
  patient_id?: string;
  text: string;
  annotated: true;
  spans: { begin: number; end: number; label: Label; text: string }[];
  metadata: Record<string, unknown>;
}

export class MarkupError extends Error {
  constructor(
    readonly file: string,
    readonly errors: SourceError[],
  ) {
    super(`${file}: ${errors.map((e) => `line ${e.line}: ${e.message}`).join("; ")}`);
    this.name = "MarkupError";
  }
}

function resolveLabel(raw: string): Label | undefined {
  const t = raw.trim();
  if (SHORT_LABELS[t]) return SHORT_LABELS[t];
  if (isLabel(t)) return t;
  const c = canonicalLabel(t);
  return c && c === t ? c : undefined;
}

const MARK = /\[\[([^\[\]|]+)\|([^\[\]|]+)\]\]/g;

/** Strips the markup of one document body; offsets are code points of the plain text. */
export function parseBody(body: string, firstLine: number, errors: SourceError[]): Pick<GoldRecord, "text" | "spans"> {
  let text = "";
  let cp = 0;
  const spans: GoldRecord["spans"] = [];
  let last = 0;
  for (const m of body.matchAll(MARK)) {
    const before = body.slice(last, m.index);
    text += before;
    cp += [...before].length;
    const surface = m[1];
    const label = resolveLabel(m[2]);
    const line = firstLine + body.slice(0, m.index).split("\n").length - 1;
    if (!label) errors.push({ line, message: `unknown label "${m[2]}"` });
    if (surface !== surface.trim()) errors.push({ line, message: "span starts or ends with whitespace" });
    const len = [...surface].length;
    if (label) spans.push({ begin: cp, end: cp + len, label, text: surface });
    text += surface;
    cp += len;
    last = m.index + m[0].length;
  }
  text += body.slice(last);
  const stray = text.indexOf("[[") >= 0 ? "[[" : text.indexOf("]]") >= 0 ? "]]" : undefined;
  if (stray) errors.push({ line: firstLine, message: `unbalanced or malformed markup "${stray}"` });
  return { text, spans };
}

/**
 * A source file: optional `#! lang: xx-YY` at the top, then documents, each opened by `### doc: <id>`, optionally
 * followed by `### lang: …`, `### patient_id: …`, `### meta: {json}` lines, then the body up to the next
 * `### doc:`. Blank lines at the end of a body are not part of the text.
 */
export function parseSource(file: string, source: string): GoldRecord[] {
  const lines = source.replace(/\r\n/g, "\n").split("\n");
  const errors: SourceError[] = [];
  let defaultLang: string | undefined;
  const docs: GoldRecord[] = [];
  const ids = new Set<string>();
  let i = 0;
  while (i < lines.length && !lines[i].startsWith("### doc:")) {
    const m = /^#!\s*lang:\s*(\S+)\s*$/.exec(lines[i]);
    if (m) defaultLang = m[1];
    else if (lines[i].trim() !== "") errors.push({ line: i + 1, message: "text before the first ### doc: line" });
    i++;
  }
  while (i < lines.length) {
    const id = lines[i].slice("### doc:".length).trim();
    const docLine = i + 1;
    if (!id) errors.push({ line: docLine, message: "empty document id" });
    if (ids.has(id)) errors.push({ line: docLine, message: `duplicate document id "${id}"` });
    ids.add(id);
    i++;
    const metadata: Record<string, unknown> = {};
    let lang = defaultLang;
    let patientId: string | undefined;
    for (;;) {
      const h = /^### (lang|patient_id|meta):\s*(.*)$/.exec(lines[i] ?? "");
      if (!h) break;
      if (h[1] === "lang") lang = h[2].trim();
      else if (h[1] === "patient_id") patientId = h[2].trim();
      else {
        try {
          Object.assign(metadata, JSON.parse(h[2]));
        } catch {
          errors.push({ line: i + 1, message: "### meta: is not valid JSON" });
        }
      }
      i++;
    }
    const start = i;
    while (i < lines.length && !lines[i].startsWith("### doc:")) {
      if (lines[i].startsWith("### ")) errors.push({ line: i + 1, message: "unknown ### header inside a body" });
      i++;
    }
    let end = i;
    while (end > start && lines[end - 1].trim() === "") end--;
    const body = lines.slice(start, end).join("\n");
    if (body === "") errors.push({ line: docLine, message: "empty document body" });
    if (!lang) errors.push({ line: docLine, message: "no language (### lang: or #! lang:)" });
    const { text, spans } = parseBody(body, start + 1, errors);
    const rec: GoldRecord = { document_id: id, text, annotated: true, spans, metadata: { lang, ...metadata } };
    if (patientId) rec.patient_id = patientId;
    docs.push(rec);
  }
  if (docs.length === 0) errors.push({ line: 1, message: "no documents" });
  if (errors.length > 0) throw new MarkupError(file, errors);
  return docs;
}

export function toJsonl(docs: GoldRecord[]): string {
  return docs.map((d) => JSON.stringify(d)).join("\n") + "\n";
}
