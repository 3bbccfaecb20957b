// Annotated fixture sentences: "Dhr. [Jan Peeters](Name:Patient) werd ..." ⇄ text + spans.
import { isLabel, type DetectedSpan, type Label } from "../../../src/contract/index.js";

export interface MarkedSpan {
  start: number;
  end: number;
  label: Label;
}

const MARK = /\[([^\]]+)\]\(([A-Za-z_:]+)\)/g;

export function parseMarkup(marked: string): { text: string; spans: MarkedSpan[] } {
  let text = "";
  let cursor = 0;
  const spans: MarkedSpan[] = [];
  for (const m of marked.matchAll(MARK)) {
    text += marked.slice(cursor, m.index);
    const label = m[2];
    if (!isLabel(label)) throw new Error(`fixture label is not a contract label: ${label}`);
    spans.push({ start: text.length, end: text.length + m[1].length, label });
    text += m[1];
    cursor = m.index + m[0].length;
  }
  text += marked.slice(cursor);
  return { text, spans };
}

export function renderMarkup(text: string, spans: readonly DetectedSpan[]): string {
  const sorted = [...spans].sort((x, y) => x.start - y.start);
  let out = "";
  let cursor = 0;
  for (const s of sorted) {
    if (s.start < cursor) continue;
    out += `${text.slice(cursor, s.start)}[${text.slice(s.start, s.end)}](${s.label})`;
    cursor = s.end;
  }
  return out + text.slice(cursor);
}
