// Site configuration of a stack (`site:`): what a hospital adds without writing a plugin.
// - allow: words and phrases (optionally per label) never redacted, unless a known identifier matches them;
// - deny: phrases always redacted with a label;
// - patterns: named regular expressions with a label, an optional check digit and context words.
// Deny phrases and patterns run as two ordinary detectors (site-deny, site-patterns: same timeout and span
// validation as every detector); the allow list is a filter over the spans before overlaps are resolved.
// Patterns run on RE2 semantics (re2js, a pure-JS port of RE2): matching is linear in the text, and what needs
// backtracking (back-references, look-ahead) is refused when the stack is loaded.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { RE2JS } from "re2js";
import { z } from "zod";
import { DeidError, isValidLuhn, LABELS, mod11CheckPasses, mod97CheckPasses, type DetectedSpan, type Document, type Label, type Span } from "../contract/index.js";
import { NAME_CONNECTORS, NAME_TITLES } from "../contract/index.js";
import type { Detector } from "../detectors/index.js";
import { PhraseMatcher, phraseWords, type PhraseMatch } from "./site-phrases.js";

export const SITE_VERSION = "1.0.0";
export const SITE_DENY_ID = "site-deny";
export const SITE_PATTERNS_ID = "site-patterns";

const labelSchema = z.enum(LABELS);
const nameSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, "use letters, digits, '.', '_' and '-' only");

const allowEntrySchema = z.union([
  z.string().min(1),
  z
    .object({
      text: z.string().min(1),
      /** Only spans with one of these labels give way; default every label. */
      labels: z.array(labelSchema).min(1).optional(),
      case_sensitive: z.boolean().default(false),
    })
    .strict(),
  z
    .object({
      /** A UTF-8 file, one phrase a line; empty lines and lines starting with # are skipped. */
      file: z.string().min(1),
      labels: z.array(labelSchema).min(1).optional(),
      case_sensitive: z.boolean().default(false),
    })
    .strict(),
]);

const denyEntrySchema = z.union([
  z.object({ text: z.string().min(1), label: labelSchema, case_sensitive: z.boolean().default(false) }).strict(),
  z.object({ file: z.string().min(1), label: labelSchema, case_sensitive: z.boolean().default(false) }).strict(),
]);

export const CHECKSUMS = ["luhn", "mod97", "mod11"] as const;
export type ChecksumName = (typeof CHECKSUMS)[number];

const patternSchema = z
  .object({
    name: nameSchema,
    /** RE2 syntax (https://github.com/google/re2/wiki/Syntax); no back-references or look-ahead. */
    regex: z.string().min(1),
    label: labelSchema,
    case_insensitive: z.boolean().default(false),
    /** The capture group (number or name) that is the identifier; default the whole match. */
    group: z.union([z.number().int().nonnegative(), nameSchema]).default(0),
    /** Check digit over the digits of the identifier; a match that fails it is no finding. */
    checksum: z.enum(CHECKSUMS).optional(),
    context: z
      .object({
        /** Words or phrases looked for near the match (folded like the allow and deny lists). */
        words: z.array(z.string().min(1)).min(1),
        /** Characters before and after the identifier that are searched. */
        window: z.number().int().positive().max(1000).default(40),
        /** true: no finding without a context word; false: a context word only raises the score. */
        required: z.boolean().default(true),
      })
      .strict()
      .optional(),
    /** Score of a finding (a passed checksum or a context word found gives 1). */
    score: z.number().min(0).max(1).default(0.8),
  })
  .strict();

export const siteSchema = z
  .object({
    allow: z.array(allowEntrySchema).default([]),
    deny: z.array(denyEntrySchema).default([]),
    patterns: z.array(patternSchema).default([]),
  })
  .strict();

export type SiteConfig = z.output<typeof siteSchema>;
export type SitePattern = z.output<typeof patternSchema>;

interface AllowValue {
  labels: ReadonlySet<Label> | null;
}

interface CompiledPattern {
  spec: SitePattern;
  re: RE2JS;
  context: PhraseMatcher<true> | null;
}

/** A site configuration with its files read, its patterns compiled and its hashes taken. */
export interface ResolvedSite {
  allow: PhraseMatcher<AllowValue>;
  deny: PhraseMatcher<Label>;
  patterns: CompiledPattern[];
  provenance: SiteProvenance;
}

export interface SiteProvenance {
  version: string;
  /** sha256 of the canonical JSON of the resolved entries (file contents included), and their counts. */
  allow: { phrases: number; sha256: string };
  deny: { phrases: number; sha256: string };
  patterns: { count: number; names: string[]; sha256: string };
  /** Every list file read, relative to the stack file's folder, with its sha256. */
  files: { path: string; sha256: string }[];
}

function sha256(s: string | Buffer): string {
  return createHash("sha256").update(s).digest("hex");
}

function fail(reason: string, field: string): never {
  throw new DeidError("E_STACK_CONFIG", `site configuration: ${reason}`, { field });
}

/** Absolute paths of every list file a site configuration names (for protocol locks). */
export function siteFilePaths(site: SiteConfig | null, baseDir: string): string[] {
  if (!site) return [];
  const files: string[] = [];
  for (const e of [...site.allow, ...site.deny]) if (typeof e === "object" && "file" in e) files.push(resolve(baseDir, e.file));
  return [...new Set(files)];
}

/** Phrases of a list file: one a line, trimmed; empty lines and # comments skipped. */
export function parsePhraseFile(content: string): string[] {
  return content
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0 && !l.startsWith("#"));
}

async function readList(baseDir: string, file: string, field: string, files: SiteProvenance["files"]): Promise<string[]> {
  let bytes: Buffer;
  try {
    bytes = await readFile(resolve(baseDir, file));
  } catch {
    fail(`cannot read list file ${file}`, field);
  }
  const text = bytes.toString("utf8");
  if (Buffer.from(text, "utf8").compare(bytes) !== 0) fail(`list file ${file} is not valid UTF-8`, field);
  files.push({ path: file, sha256: sha256(bytes) });
  return parsePhraseFile(text);
}

function checkPhrase(text: string, field: string): void {
  if (phraseWords(text).length === 0) fail("a phrase must contain a letter or a digit", field);
}

function compilePattern(spec: SitePattern, i: number): CompiledPattern {
  const field = `site.patterns[${i}].regex`;
  let re: RE2JS;
  try {
    re = RE2JS.compile(spec.regex, spec.case_insensitive ? RE2JS.CASE_INSENSITIVE : 0);
  } catch (err) {
    // The reason names the construct (a back-reference, a look-ahead): configuration text, never note text.
    fail(`pattern ${spec.name} is refused: ${err instanceof Error ? err.message : "not a valid RE2 expression"} (RE2 syntax: no back-references or look-around, so matching stays linear in the text)`, field);
  }
  if (re.matches("")) fail(`pattern ${spec.name} matches the empty string`, field);
  const group = spec.group;
  if (typeof group === "number" && group > re.groupCount()) fail(`pattern ${spec.name} has no capture group ${group}`, `site.patterns[${i}].group`);
  if (typeof group === "string" && !(group in re.namedGroups())) fail(`pattern ${spec.name} has no capture group named ${group}`, `site.patterns[${i}].group`);
  if (spec.context) spec.context.words.forEach((w, k) => checkPhrase(w, `site.patterns[${i}].context.words[${k}]`));
  const context = spec.context ? new PhraseMatcher(spec.context.words.map((text) => ({ text, caseSensitive: false, value: true as const }))) : null;
  return { spec, re, context };
}

/** Reads the list files, compiles the patterns and hashes everything; errors name the field. */
export async function resolveSite(site: SiteConfig, baseDir: string): Promise<ResolvedSite> {
  const files: SiteProvenance["files"] = [];
  const allowEntries: { text: string; caseSensitive: boolean; labels: Label[] | null }[] = [];
  for (const [i, e] of site.allow.entries()) {
    const field = `site.allow[${i}]`;
    if (typeof e === "string") {
      checkPhrase(e, field);
      allowEntries.push({ text: e, caseSensitive: false, labels: null });
    } else {
      const texts = "file" in e ? await readList(baseDir, e.file, `${field}.file`, files) : [e.text];
      for (const text of texts) {
        checkPhrase(text, "file" in e ? `${field}.file` : `${field}.text`);
        allowEntries.push({ text, caseSensitive: e.case_sensitive, labels: e.labels ? [...e.labels].sort() : null });
      }
    }
  }
  const denyEntries: { text: string; caseSensitive: boolean; label: Label }[] = [];
  for (const [i, e] of site.deny.entries()) {
    const field = `site.deny[${i}]`;
    const texts = "file" in e ? await readList(baseDir, e.file, `${field}.file`, files) : [e.text];
    for (const text of texts) {
      checkPhrase(text, "file" in e ? `${field}.file` : `${field}.text`);
      denyEntries.push({ text, caseSensitive: e.case_sensitive, label: e.label });
    }
  }
  // A phrase both allowed (for every label) and denied has no meaning: refuse it rather than pick a winner.
  const denied = new Set(denyEntries.map((d) => phraseWords(d.text).join(" ")));
  allowEntries.forEach((a) => {
    if (a.labels === null && denied.has(phraseWords(a.text).join(" "))) fail("a phrase is both in the allow and the deny list", "site.allow");
  });
  const names = new Set<string>();
  site.patterns.forEach((p, i) => {
    if (names.has(p.name)) fail(`pattern name ${p.name} is used twice`, `site.patterns[${i}].name`);
    names.add(p.name);
  });
  const patterns = site.patterns.map(compilePattern);
  const allow = new PhraseMatcher(allowEntries.map((a) => ({ text: a.text, caseSensitive: a.caseSensitive, value: { labels: a.labels ? new Set(a.labels) : null } })));
  const deny = new PhraseMatcher(denyEntries.map((d) => ({ text: d.text, caseSensitive: d.caseSensitive, value: d.label })));
  return {
    allow,
    deny,
    patterns,
    provenance: {
      version: SITE_VERSION,
      allow: { phrases: allowEntries.length, sha256: sha256(JSON.stringify(allowEntries)) },
      deny: { phrases: denyEntries.length, sha256: sha256(JSON.stringify(denyEntries)) },
      patterns: { count: patterns.length, names: patterns.map((p) => p.spec.name), sha256: sha256(JSON.stringify(site.patterns)) },
      files,
    },
  };
}

/** The site's `checksum:` names → the contract's check-digit algorithms. */
const CHECKSUM_FNS: Record<ChecksumName, (digits: string) => boolean> = { luhn: isValidLuhn, mod97: mod97CheckPasses, mod11: mod11CheckPasses };

/** Allowed occurrences sorted by start, searched by range in logarithmic time (so a note full of them stays linear). */
class AllowedIndex {
  private readonly maxLength: number;
  constructor(readonly occurrences: readonly PhraseMatch<AllowValue>[]) {
    this.maxLength = occurrences.reduce((m, o) => Math.max(m, o.end - o.start), 0);
  }

  /** Occurrences that overlap [start, end) and apply to the label. */
  overlapping(start: number, end: number, label: Label): PhraseMatch<AllowValue>[] {
    const list = this.occurrences;
    let lo = 0;
    let hi = list.length;
    const from = start - this.maxLength;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid].start < from) lo = mid + 1;
      else hi = mid;
    }
    const out: PhraseMatch<AllowValue>[] = [];
    for (let i = lo; i < list.length && list[i].start < end; i++) {
      const a = list[i];
      if (a.end > start && (a.value.labels === null || a.value.labels.has(label))) out.push(a);
    }
    return out;
  }

  covers(start: number, end: number, label: Label): boolean {
    return this.overlapping(start, end, label).some((a) => a.start <= start && end <= a.end);
  }
}

function contextNear(p: CompiledPattern, text: string, start: number, end: number): boolean {
  const w = p.spec.context!.window;
  const from = Math.max(0, start - w);
  const to = Math.min(text.length, end + w);
  // Matched on the window's own text, so words cut by the window's edges do not count.
  return p.context!.findAll(text.slice(from, to)).some((m) => m.end + from <= start || m.start + from >= end);
}

/** Findings of the site patterns in one text (UTF-16 offsets), allowed phrases left out. */
export function findPatterns(site: ResolvedSite, text: string): DetectedSpan[] {
  const out: DetectedSpan[] = [];
  if (site.patterns.length === 0) return out;
  const allowed = new AllowedIndex(site.allow.findAll(text));
  for (const p of site.patterns) {
    const m = p.re.matcher(text);
    let from = 0;
    while (from <= text.length && m.find(from)) {
      const mEnd = m.end();
      from = mEnd > m.start() ? mEnd : mEnd + 1;
      const start = m.start(p.spec.group);
      const end = m.end(p.spec.group);
      if (start < 0 || end <= start) continue;
      let score = p.spec.score;
      if (p.spec.checksum) {
        const digits = text.slice(start, end).replace(/\D/g, "");
        if (!CHECKSUM_FNS[p.spec.checksum](digits)) continue;
        score = 1;
      }
      if (p.context) {
        const near = contextNear(p, text, start, end);
        if (!near && p.spec.context!.required) continue;
        if (near) score = 1;
      }
      if (allowed.covers(start, end, p.spec.label)) continue;
      out.push({ start, end, label: p.spec.label, score });
    }
  }
  return out;
}

/** The two detectors of a site configuration (only those it needs). */
export function createSiteDetectors(site: ResolvedSite): (Detector & { id: string })[] {
  const out: (Detector & { id: string })[] = [];
  if (site.deny.size > 0) {
    out.push({
      id: SITE_DENY_ID,
      detect: (doc: Document) => site.deny.findAll(doc.text).map((m) => ({ start: m.start, end: m.end, label: m.value, score: 1 })),
    });
  }
  if (site.patterns.length > 0) out.push({ id: SITE_PATTERNS_ID, detect: (doc: Document) => findPatterns(site, doc.text) });
  return out;
}

const TRIM = /[\s,;:()[\]{}/\\|–—-]/u;

/** Words that identify no one alone: what is left of a span made only of these goes with the allowed word. */
const BARE_WORDS: ReadonlySet<string> = new Set([...Object.values(NAME_TITLES).flat(), ...NAME_CONNECTORS].flatMap(phraseWords));

function identifiesAlone(piece: string): boolean {
  const words = phraseWords(piece);
  return words.length > 0 && words.some((w) => !BARE_WORDS.has(w));
}

/**
 * Takes allowed phrases out of spans: each span loses the characters of every allowed occurrence whose labels
 * include its own; what is left of it stays (trimmed), unless it is only titles and name particles ("dr.", "van").
 * Spans found by a
 * protected detector (known identifiers, metadata-driven healing, the deny list) are kept whole: an allowed word
 * that is the patient's name is still redacted.
 */
export function applyAllowList(site: ResolvedSite, text: string, spans: readonly Span[], protectedDetectors: ReadonlySet<string>): { spans: Span[]; carved: number } {
  if (site.allow.size === 0 || spans.length === 0) return { spans: [...spans], carved: 0 };
  const occurrences = site.allow.findAll(text);
  if (occurrences.length === 0) return { spans: [...spans], carved: 0 };
  const allowed = new AllowedIndex(occurrences);
  const out: Span[] = [];
  let carved = 0;
  for (const span of spans) {
    if ((span.detectors ?? []).some((d) => protectedDetectors.has(d))) {
      out.push(span);
      continue;
    }
    const cuts = allowed.overlapping(span.start, span.end, span.label);
    if (cuts.length === 0) {
      out.push(span);
      continue;
    }
    carved++;
    let pieces: { start: number; end: number }[] = [{ start: span.start, end: span.end }];
    for (const c of cuts) {
      pieces = pieces.flatMap((p) => {
        if (c.end <= p.start || p.end <= c.start) return [p];
        const left = { start: p.start, end: Math.max(p.start, c.start) };
        const right = { start: Math.min(p.end, c.end), end: p.end };
        return [left, right].filter((x) => x.end > x.start);
      });
    }
    for (let { start, end } of pieces) {
      while (start < end && TRIM.test(text[start])) start++;
      while (end > start && TRIM.test(text[end - 1])) end--;
      if (end <= start || !identifiesAlone(text.slice(start, end))) continue;
      const piece: Span = { start, end, label: span.label };
      if (span.score !== undefined) piece.score = span.score;
      if (span.detectors) piece.detectors = [...span.detectors];
      out.push(piece);
    }
  }
  return { spans: out, carved };
}
