// A table-driven tester for detector plugins, after ESLint's RuleTester. Cases are written in the span markup of
// the hand-written evaluation sets (eval-sets/tools/markup.ts: "[[surface|LABEL]]", full or short labels):
// - `valid`: texts in which the detector must find nothing;
// - `invalid`: texts with every span the detector must find marked, with its label; nothing else may be found.
// A failing case is shown as the detector marked it beside the case as written, so the string diff is the mistake.
// Golden files (regression corpora) are evaluation-set sources (`#! lang:`, `### doc:`, `### meta:`) marked with what
// the detector found when they were last written; `UPDATE=1 npx vitest run <test file>` rewrites them from what it
// finds now, to be reviewed like any change. Scores are not compared.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { OffsetMapper, type DetectedSpan, type Document, type DocumentMetadata, type Label } from "../../src/contract/index.js";
import { PROJECT_ROOT, type Detector, type DetectorPlugin } from "../../src/detectors/index.js";
import { parseBody, parseSource, SHORT_LABELS, type GoldRecord, type SourceError } from "../../eval-sets/tools/markup.js";

export interface DetectorCase {
  /** The text, with the spans the detector must find marked `[[surface|LABEL]]` (none in a valid case). */
  code: string;
  /** Options for this case, over the tester's own. */
  options?: Record<string, unknown>;
  metadata?: DocumentMetadata;
  /** Shown in the test title instead of the text. */
  name?: string;
}

export interface DetectorTesterSettings {
  /** Options every case starts from. */
  options?: Record<string, unknown>;
  /** The stack language the plugin is created for (default nl-BE). */
  language?: string;
  baseDir?: string;
}

type CaseInput = string | DetectorCase;

const SHORT_BY_LABEL = new Map<Label, string>(Object.entries(SHORT_LABELS).map(([short, label]) => [label, short]));

/** The plain text and UTF-16 spans of a marked text; markup errors fail with their reason. */
export function parseMarked(code: string): { text: string; spans: { start: number; end: number; label: Label }[] } {
  const errors: SourceError[] = [];
  const { text, spans } = parseBody(code, 1, errors);
  if (errors.length > 0) throw new Error(`case markup: ${errors.map((e) => e.message).join("; ")}`);
  const mapper = new OffsetMapper(text);
  return { text, spans: spans.map((s) => ({ start: mapper.toUtf16(s.begin), end: mapper.toUtf16(s.end), label: s.label })) };
}

/**
 * Spans written into the text as markup with short labels; spans that overlap an earlier one (markup cannot nest)
 * are listed after the text with their offsets.
 */
export function renderMarked(text: string, spans: readonly { start: number; end: number; label: Label }[]): string {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end || (a.label < b.label ? -1 : 1));
  let out = "";
  let pos = 0;
  const overlapping: string[] = [];
  for (const s of sorted) {
    const label = SHORT_BY_LABEL.get(s.label) ?? s.label;
    if (s.start < pos) {
      overlapping.push(`  overlapping [[${text.slice(s.start, s.end)}|${label}]] at ${s.start}..${s.end}`);
      continue;
    }
    out += `${text.slice(pos, s.start)}[[${text.slice(s.start, s.end)}|${label}]]`;
    pos = s.end;
  }
  out += text.slice(pos);
  return overlapping.length ? `${out}\n${overlapping.join("\n")}` : out;
}

export class DetectorTester {
  private readonly detectors = new Map<string, Promise<Detector>>();

  constructor(
    private readonly plugin: DetectorPlugin,
    private readonly settings: DetectorTesterSettings = {},
  ) {}

  /** The detector for some options, validated by the plugin's own schema and frozen, as the stack does. */
  detector(options: Record<string, unknown> = {}): Promise<Detector> {
    const merged = { ...this.settings.options, ...options };
    const key = JSON.stringify(merged);
    let made = this.detectors.get(key);
    if (!made) {
      const parsed = Object.freeze(this.plugin.meta.configSchema.parse(merged));
      const ctx = { baseDir: this.settings.baseDir ?? PROJECT_ROOT, language: this.settings.language ?? "nl-BE", projectRoot: PROJECT_ROOT };
      made = Promise.resolve(this.plugin.create(parsed as never, ctx));
      this.detectors.set(key, made);
    }
    return made;
  }

  /** What the detector finds in a document. */
  async detect(document: Document, options?: Record<string, unknown>): Promise<DetectedSpan[]> {
    const detector = await this.detector(options);
    return detector.detect(document, { signal: new AbortController().signal, documentIndex: 0 });
  }

  /** The text of a case marked with what the detector finds in it. */
  async mark(code: string, options?: Record<string, unknown>, metadata?: DocumentMetadata): Promise<string> {
    const { text } = parseMarked(code);
    const document: Document = { document_id: "case", text, ...(metadata ? { metadata } : {}) };
    return renderMarked(text, await this.detect(document, options));
  }

  /** Registers one test per case: valid cases find nothing, invalid cases find exactly their marks. */
  run(title: string, cases: { valid?: readonly CaseInput[]; invalid?: readonly CaseInput[] }): void {
    const asCase = (c: CaseInput): DetectorCase => (typeof c === "string" ? { code: c } : c);
    describe(title, () => {
      for (const c of (cases.valid ?? []).map(asCase)) {
        it(`valid: ${c.name ?? c.code}`, async () => {
          const { text, spans } = parseMarked(c.code);
          if (spans.length > 0) throw new Error("a valid case has no marks; put it under invalid");
          expect(await this.mark(c.code, c.options, c.metadata)).toBe(text);
        });
      }
      for (const c of (cases.invalid ?? []).map(asCase)) {
        it(`invalid: ${c.name ?? c.code}`, async () => {
          const { text, spans } = parseMarked(c.code);
          if (spans.length === 0) throw new Error("an invalid case marks what must be found; without marks it is valid");
          expect(await this.mark(c.code, c.options, c.metadata)).toBe(renderMarked(text, spans));
        });
      }
    });
  }

  /**
   * Registers a golden-file test: every document of `path` (an evaluation-set source) must come back marked as the
   * file marks it. With UPDATE=1 the file is rewritten from what the detector finds, and the test passes.
   */
  golden(title: string, path: string, options?: Record<string, unknown>): void {
    it(`golden: ${title}`, () => this.checkGolden(path, options));
  }

  /** The check `golden` registers. */
  async checkGolden(path: string, options?: Record<string, unknown>): Promise<void> {
    if (!existsSync(path)) throw new Error(`no golden file ${path}: write its documents (any marks) and run with UPDATE=1`);
    const source = readFileSync(path, "utf8");
    const docs = parseSource(path, source);
    const found = await Promise.all(docs.map(async (d) => this.detect(goldDocument(d), options)));
    const actual = renderSource(source, docs, (d, k) => renderMarked(d.text, found[k]));
    if (process.env.UPDATE === "1") {
      writeFileSync(path, actual);
      return;
    }
    const expected = renderSource(source, docs, (d) => renderMarked(d.text, utf16Spans(d)));
    expect(actual, `${path} differs from what the detector finds; if the change is intended: UPDATE=1 npx vitest run <this test file>`).toBe(expected);
  }
}

function goldDocument(d: GoldRecord): Document {
  const metadata = d.metadata as DocumentMetadata;
  return { document_id: d.document_id, text: d.text, metadata, ...(d.patient_id ? { patient_id: d.patient_id } : {}) };
}

function utf16Spans(d: GoldRecord): { start: number; end: number; label: Label }[] {
  const mapper = new OffsetMapper(d.text);
  return d.spans.map((s) => ({ start: mapper.toUtf16(s.begin), end: mapper.toUtf16(s.end), label: s.label }));
}

/** The source again, each document's body replaced by `body(doc)`; headers and blank lines kept as they were. */
function renderSource(source: string, docs: readonly GoldRecord[], body: (d: GoldRecord, k: number) => string): string {
  const lines = source.replace(/\r\n/g, "\n").split("\n");
  const out: string[] = [];
  let k = -1;
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (line.startsWith("### doc:")) {
      k++;
      out.push(line);
      i++;
      while (i < lines.length && /^### (lang|patient_id|meta):/.test(lines[i])) out.push(lines[i++]);
      const start = i;
      while (i < lines.length && !lines[i].startsWith("### doc:")) i++;
      let end = i;
      while (end > start && lines[end - 1].trim() === "") end--;
      out.push(body(docs[k], k), ...lines.slice(end, i));
      continue;
    }
    out.push(line);
    i++;
  }
  return out.join("\n");
}
