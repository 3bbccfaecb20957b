// Configuration files (stack, battery, protocol files) read as YAML or JSON, and their errors told so that a user
// can fix them: the line and column of a syntax error or of the offending field, every problem at once, the values
// a field accepts and the nearest one to a misspelling. Configuration files are written by users and hold no note
// text, so their keys and values may be named; the note text that documents carry never passes through here.
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Node } from "yaml";
import type { z } from "zod";
import { DeidError, type ErrorCode } from "./errors.js";

/** 1-based line and column in a configuration file. */
export interface SourcePosition {
  line: number;
  column: number;
}

/** A parsed configuration file: its value and where each of its fields was written. */
export interface ConfigText {
  value: unknown;
  /** Position of the value at `path` (or of the key `key` inside it), when the file has one. */
  locate(path: readonly PropertyKey[], key?: string): SourcePosition | undefined;
}

const NOWHERE: ConfigText["locate"] = () => undefined;

/** A parsed value that did not come from a file (tests, protocol entries built in code): no positions. */
export function configValue(value: unknown): ConfigText {
  return { value, locate: NOWHERE };
}

function positionOf(counter: LineCounter, offset: number): SourcePosition {
  const p = counter.linePos(offset);
  return { line: p.line, column: p.col };
}

/** The description yaml gives, without its position suffix and the excerpt of the file it appends. */
function yamlReason(message: string): string {
  return message.replace(/ at line \d+, column \d+:[\s\S]*$/, "").trim();
}

/** JSON.parse's description without the excerpt of the input V8 may quote. */
function jsonReason(message: string): string {
  return message
    .replace(/, "[\s\S]*" is not valid JSON$/, "")
    .replace(/ in JSON at position \d+.*$/, "")
    .trim();
}

/**
 * Parses a configuration file's text: JSON when `path` ends in `.json`, else YAML. A syntax error is a DeidError
 * with `code` naming the file, the line and column and what is wrong.
 */
export function parseConfigText(text: string, path: string, code: ErrorCode): ConfigText {
  const counter = new LineCounter();
  const isJson = path.toLowerCase().endsWith(".json");
  let value: unknown;
  if (isJson) {
    try {
      value = JSON.parse(text);
    } catch (err) {
      const message = err instanceof Error ? err.message : "";
      const at = /at position (\d+)/.exec(message);
      const where = at ? positionOf(lineCounterFor(text), Number(at[1])) : undefined;
      throw new DeidError(code, `${path}: not valid JSON${where ? ` at line ${where.line}, column ${where.column}` : ""}: ${jsonReason(message) || "syntax error"}`);
    }
  }
  // JSON is YAML too: the YAML parse of a JSON file only serves to locate its fields.
  const doc = parseDocument(text, { lineCounter: counter, prettyErrors: false });
  if (!isJson) {
    const first = doc.errors[0];
    if (first) {
      const where = positionOf(counter, first.pos[0]);
      const more = doc.errors.length > 1 ? ` (and ${doc.errors.length - 1} more syntax error${doc.errors.length > 2 ? "s" : ""})` : "";
      throw new DeidError(code, `${path}: not valid YAML at line ${where.line}, column ${where.column}: ${yamlReason(first.message)} [${first.code}]${more}`);
    }
    value = doc.toJS();
  }
  const located = doc.errors.length === 0;
  return {
    value,
    locate(path, key) {
      if (!located) return undefined;
      let node: unknown = doc.contents;
      for (const step of path) {
        node = childOf(node, step)?.value;
        if (node === undefined) return undefined;
      }
      if (key !== undefined) {
        const pair = childOf(node, key);
        return pair?.key && typeof pair.key === "object" && "range" in pair.key ? startOf(counter, pair.key as Node) : undefined;
      }
      return startOf(counter, node);
    },
  };
}

function lineCounterFor(text: string): LineCounter {
  const counter = new LineCounter();
  counter.addNewLine(0);
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) counter.addNewLine(i + 1);
  return counter;
}

function startOf(counter: LineCounter, node: unknown): SourcePosition | undefined {
  const range = node && typeof node === "object" && "range" in node ? (node as Node).range : undefined;
  return range ? positionOf(counter, range[0]) : undefined;
}

function childOf(node: unknown, step: PropertyKey): { key?: unknown; value: unknown } | undefined {
  if (isMap(node)) {
    const pair = node.items.find((p) => isPair(p) && (isScalar(p.key) ? String(p.key.value) : String(p.key)) === String(step));
    return pair ? { key: pair.key, value: pair.value } : undefined;
  }
  if (isSeq(node) && typeof step === "number") {
    const item = node.items[step];
    return item === undefined ? undefined : { value: item };
  }
  return undefined;
}

/** `detectors[0].with.host`: the dotted path of a field. */
export function fieldPath(path: readonly PropertyKey[]): string {
  let s = "";
  for (const p of path) s += typeof p === "number" ? `[${p}]` : s ? `.${String(p)}` : String(p);
  return s || "(root)";
}

/** Levenshtein distance, for "did you mean" (short strings only). */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length];
}

/** The allowed value nearest to a misspelt one, when it is near enough to be a likely typo. */
export function nearest(value: string, allowed: readonly string[]): string | undefined {
  if (allowed.includes(value)) return undefined;
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const a of allowed) {
    const d = distance(value.toLowerCase(), a.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [a, d];
  }
  // A third of the letters may differ (one in a short word; none in a word of one or two letters).
  const limit = best === undefined || best.length < 3 ? 0 : Math.max(1, Math.floor(best.length / 3));
  return best !== undefined && bestDistance <= limit ? best : undefined;
}

type SchemaDef = { type: string; [k: string]: unknown };
const defOf = (schema: unknown): SchemaDef | undefined => (schema as { _zod?: { def?: SchemaDef } })?._zod?.def;

/** The schemas the value at `path` may match (optionals, defaults and unions unwrapped). */
function schemaAt(schema: unknown, path: readonly PropertyKey[]): unknown[] {
  let current: unknown[] = [schema];
  for (const step of [...path, null]) {
    const expanded: unknown[] = [];
    const expand = (s: unknown): void => {
      const def = defOf(s);
      if (!def) return;
      if (["optional", "nullable", "default", "prefault", "readonly", "catch", "nonoptional"].includes(def.type)) expand(def.innerType);
      else if (def.type === "pipe") expand(def.in);
      else if (def.type === "lazy") expand((def.getter as () => unknown)());
      else if (def.type === "union") for (const o of def.options as unknown[]) expand(o);
      else expanded.push(s);
    };
    for (const s of current) expand(s);
    if (step === null) return expanded;
    const next: unknown[] = [];
    for (const s of expanded) {
      const def = defOf(s)!;
      if (def.type === "object" && typeof step === "string") {
        const shape = def.shape as Record<string, unknown>;
        if (step in shape) next.push(shape[step]);
      } else if (def.type === "array" && typeof step === "number") next.push(def.element);
      else if (def.type === "record" && typeof step === "string") next.push(def.valueType);
    }
    current = next;
  }
  return current;
}

/** Keys an object at `path` accepts, from the schema. */
function allowedKeys(schema: unknown, path: readonly PropertyKey[]): string[] {
  const keys = new Set<string>();
  for (const s of schemaAt(schema, path)) {
    const def = defOf(s);
    if (def?.type === "object") for (const k of Object.keys(def.shape as object)) keys.add(k);
  }
  return [...keys];
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let v = value;
  for (const step of path) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<PropertyKey, unknown>)[step as string];
  }
  return v;
}

function alternatives(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} or ${words[words.length - 1]}`;
}

function kindOf(v: unknown): string {
  if (v === undefined) return "nothing";
  if (v === null) return "null";
  if (Array.isArray(v)) return "a list";
  if (typeof v === "object") return "an object";
  if (typeof v === "string") return `the string ${JSON.stringify(v.length > 40 ? v.slice(0, 40) + "…" : v)}`;
  return `the ${typeof v} ${String(v as number | boolean | bigint | symbol)}`;
}

const TYPE_WORDS: Record<string, string> = { object: "an object ({ ... })", array: "a list", string: "a string", number: "a number", boolean: "true, false", int: "a whole number" };

function expectedWords(issue: z.core.$ZodIssue, objectKeys: readonly string[] = []): string {
  if (issue.code === "invalid_type" && issue.expected === "object" && objectKeys.length) return `an object with ${objectKeys.join(", ")}`;
  if (issue.code === "invalid_type") return TYPE_WORDS[issue.expected] ?? issue.expected;
  if (issue.code === "invalid_value") return issue.values.length === 1 ? JSON.stringify(issue.values[0]) : `one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
  return issue.message;
}

/** A problem of a configuration value: where it is and what is wrong, in words. */
export interface ConfigProblem {
  path: PropertyKey[];
  position?: SourcePosition;
  message: string;
}

/** Every problem of a failed parse, unions opened to the branch the value was meant for. */
export function configProblems(error: z.ZodError, source: ConfigText, schema?: z.ZodType): ConfigProblem[] {
  const out: ConfigProblem[] = [];
  const visit = (issue: z.core.$ZodIssue, prefix: readonly PropertyKey[]): void => {
    const path = [...prefix, ...issue.path];
    const got = valueAt(source.value, path);
    const at = (message: string, key?: string) => out.push({ path, position: source.locate(path, key) ?? source.locate(path.slice(0, -1)), message });
    switch (issue.code) {
      case "invalid_union": {
        // A branch that rejected the value's type at its root was not the one meant; open the others.
        const meant = issue.errors.filter((branch) => !branch.every((i) => i.path.length === 0 && i.code === "invalid_type"));
        const keys = schema ? allowedKeys(schema, path) : [];
        if (meant.length >= 1) {
          const others = issue.errors.filter((b) => !meant.includes(b)).map((b) => expectedWords(b[0], keys));
          const before = out.length;
          for (const i of meant[0]) visit(i, path);
          if (others.length && out.length > before) out[before].message += ` (or else ${alternatives(others)})`;
        } else {
          at(`expected ${alternatives(issue.errors.map((b) => expectedWords(b[0], keys)))}, got ${kindOf(got)}`);
        }
        return;
      }
      case "invalid_value": {
        const allowed = issue.values.map((v) => String(v));
        const hint = typeof got === "string" && allowed.length > 1 ? nearest(got, allowed) : undefined;
        at(`${kindOf(got)} is not allowed: expected ${expectedWords(issue)}${hint ? `; did you mean "${hint}"?` : ""}`);
        return;
      }
      case "unrecognized_keys": {
        const allowed = schema ? allowedKeys(schema, path) : [];
        for (const key of issue.keys) {
          const hint = nearest(key, allowed);
          const where = [...path, key];
          out.push({
            path: where,
            position: source.locate(path, key) ?? source.locate(path),
            message: `unknown key "${key}"${hint ? `; did you mean "${hint}"?` : ""}${allowed.length ? ` (allowed here: ${allowed.join(", ")})` : ""}`,
          });
        }
        return;
      }
      case "invalid_type":
        at(got === undefined ? `is required: expected ${expectedWords(issue)}` : `expected ${expectedWords(issue)}, got ${kindOf(got)}`);
        return;
      case "too_small":
      case "too_big": {
        const bound = issue.code === "too_small" ? issue.minimum : issue.maximum;
        const word = issue.code === "too_small" ? (issue.inclusive ? "at least" : "more than") : issue.inclusive ? "at most" : "less than";
        if (issue.origin === "array") at(`needs ${word} ${String(bound)} item${Number(bound) === 1 ? "" : "s"}, got ${Array.isArray(got) ? got.length : kindOf(got)}`);
        else if (issue.origin === "string") at(`needs ${word} ${String(bound)} character${Number(bound) === 1 ? "" : "s"}`);
        else at(`must be ${word} ${String(bound)}, got ${kindOf(got)}`);
        return;
      }
      default:
        at(issue.message.replace(/^Invalid input: /, ""));
    }
  };
  for (const issue of error.issues) visit(issue, []);
  // In file order, so that a user can work down the file.
  const rank = (p: ConfigProblem) => (p.position ? p.position.line * 1e6 + p.position.column : Infinity);
  return out.map((p, i) => ({ p, i })).sort((a, b) => rank(a.p) - rank(b.p) || a.i - b.i).map(({ p }) => p);
}

/** One line per problem: `line 5, column 12: transform: ...`. */
export function formatConfigProblems(problems: readonly ConfigProblem[]): string[] {
  return problems.map((p) => `${p.position ? `line ${p.position.line}, column ${p.position.column}: ` : ""}${fieldPath(p.path)}: ${p.message}`);
}

/**
 * The DeidError for a configuration value that failed its schema: every problem, one per line, each with its line
 * and column when the value came from a file.
 */
export function configError(code: ErrorCode, what: string, error: z.ZodError, source: ConfigText, schema?: z.ZodType): DeidError {
  const problems = configProblems(error, source, schema);
  const lines = formatConfigProblems(problems);
  const message = lines.length === 1 ? `${what}: ${lines[0]}` : `${what}: ${lines.length} problems:\n${lines.map((l) => `  - ${l}`).join("\n")}`;
  return new DeidError(code, message);
}
