// Accumulates a note's text together with its gold spans, so offsets are exact by construction.
import type { Label, Span, Subannotation } from "../contract/index.js";

/** A piece of an entity's surface text with its sub-annotation category. */
export interface Part {
  text: string;
  category: string;
}

export type Newline = "\n" | "\r\n";

export function part(text: string, category: string): Part {
  return { text, category };
}

export function formatting(text: string): Part {
  return { text, category: "formatting" };
}

/** Adjacent parts of one category become one sub-annotation; empty parts disappear. */
export function mergeParts(parts: readonly Part[]): Part[] {
  const out: Part[] = [];
  for (const p of parts) {
    if (p.text.length === 0) continue;
    const last = out[out.length - 1];
    if (last && last.category === p.category) last.text += p.text;
    else out.push({ text: p.text, category: p.category });
  }
  return out;
}

export function mapPartsText(parts: readonly Part[], f: (text: string) => string): Part[] {
  return parts.map((p) => ({ text: f(p.text), category: p.category }));
}

export class NoteBuilder {
  private out = "";
  private readonly spans: Span[] = [];

  constructor(readonly newline: Newline) {}

  get length(): number {
    return this.out.length;
  }

  /** The last character written, or "" at the start (lets templates avoid doubled separators). */
  get lastChar(): string {
    return this.out.length === 0 ? "" : this.out[this.out.length - 1];
  }

  private withNewlines(s: string): string {
    return this.newline === "\n" || !s.includes("\n") ? s : s.replace(/\n/g, "\r\n");
  }

  /** Plain (non-identifying) text; "\n" is written as the note's newline. */
  text(s: string): this {
    this.out += this.withNewlines(s);
    return this;
  }

  /** An annotated entity: one span whose sub-annotations partition it. */
  entity(label: Label, parts: readonly Part[]): this {
    const merged = mergeParts(parts);
    if (merged.length === 0) return this;
    const start = this.out.length;
    const subannotations: Subannotation[] = [];
    for (const p of merged) {
      const t = this.withNewlines(p.text);
      subannotations.push({ start: this.out.length, end: this.out.length + t.length, category: p.category });
      this.out += t;
    }
    this.spans.push({ start, end: this.out.length, label, subannotations });
    return this;
  }

  build(): { text: string; spans: Span[] } {
    return { text: this.out, spans: this.spans };
  }
}
