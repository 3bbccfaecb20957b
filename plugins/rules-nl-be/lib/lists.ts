// Reading the DEDUCE-layout lookup lists: a list folder `lst_<name>` holds `items.txt` (one value a line),
// optionally `exceptions.txt` (values to subtract), `transform.json` (spelling variants) and nested `lst_*`
// sublists. A folder's exceptions and transforms apply to its own items and to every nested sublist.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** `{ transforms: { group: { pattern: [replacement, ...] } } }`; groups apply one after the other. */
export interface TransformSpec {
  transforms: Record<string, Record<string, string[]>>;
}

interface CompiledRule {
  pattern: RegExp;
  replacements: string[];
}

interface CompiledGroup {
  /** Rules of the form `\bword\b`, found by looking the item's words up instead of running each regex. */
  wordRules: Map<string, CompiledRule[]>;
  otherRules: CompiledRule[];
}

/** `\bSint\b` or `(\b|^)Van\b` → "Sint" / "Van"; anything else → undefined. */
const WHOLE_WORD_PATTERN = /^(?:\\b|\(\\b\|\^\))([A-Za-z]+)\\b$/;
/** Words as JavaScript's `\b` sees them (ASCII word characters). */
const ASCII_WORDS = /[A-Za-z0-9_]+/g;

export function readLines(path: string): string[] {
  const lines: string[] = [];
  for (const raw of readFileSync(path, "utf8").split("\n")) {
    const line = raw.replace(/\r$/, "").trim();
    if (line.length > 0) lines.push(line);
  }
  return lines;
}

function compileTransforms(spec: TransformSpec): CompiledGroup[] {
  return Object.values(spec.transforms).map((group) => {
    const wordRules = new Map<string, CompiledRule[]>();
    const otherRules: CompiledRule[] = [];
    for (const [source, replacements] of Object.entries(group)) {
      const rule = { pattern: new RegExp(source, "gu"), replacements };
      const word = WHOLE_WORD_PATTERN.exec(source)?.[1];
      if (word) wordRules.set(word, [...(wordRules.get(word) ?? []), rule]);
      else otherRules.push(rule);
    }
    return { wordRules, otherRules };
  });
}

/** The rules of a group whose pattern occurs in the item, in the group's order of discovery. */
function rulesMatching(group: CompiledGroup, item: string): CompiledRule[] {
  const found: CompiledRule[] = [];
  if (group.wordRules.size > 0) {
    const seen = new Set<string>();
    for (const m of item.matchAll(ASCII_WORDS)) {
      const rules = group.wordRules.get(m[0]);
      if (rules && !seen.has(m[0])) {
        seen.add(m[0]);
        found.push(...rules);
      }
    }
  }
  for (const rule of group.otherRules) {
    rule.pattern.lastIndex = 0;
    if (rule.pattern.test(item)) found.push(rule);
  }
  return found;
}

function tidy(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

/**
 * Adds spelling variants: within one group every pattern found in an item yields one variant per replacement
 * (all occurrences replaced); the variants of a group feed the next group, so variants compound across groups.
 * `dedupeKey` lets the caller collapse variants that its matcher cannot tell apart (e.g. case variants).
 */
export function applyTransforms(
  items: Iterable<string>,
  spec: TransformSpec,
  dedupeKey: (value: string) => string = (v) => v,
): string[] {
  const seen = new Map<string, string>();
  for (const item of items) if (!seen.has(dedupeKey(item))) seen.set(dedupeKey(item), item);
  for (const group of compileTransforms(spec)) {
    const current = [...seen.values()];
    for (const item of current) {
      for (const { pattern, replacements } of rulesMatching(group, item)) {
        for (const replacement of replacements) {
          pattern.lastIndex = 0;
          const variant = tidy(item.replace(pattern, () => replacement));
          if (variant.length === 0) continue;
          const key = dedupeKey(variant);
          if (!seen.has(key)) seen.set(key, variant);
        }
      }
    }
  }
  return [...seen.values()];
}

export interface LoadedList {
  /** Path of the list folder relative to the root it was loaded from, e.g. "names/lst_surname". */
  path: string;
  items: string[];
}

export interface LoadOptions {
  /** Case/diacritic folding used both to subtract exceptions and to collapse equivalent variants. */
  dedupeKey: (value: string) => string;
  /** Extra items derived from the raw items of a list before its transforms run (e.g. hospital aliases). */
  derive?: (path: string, items: string[]) => string[];
}

function readTransform(dir: string): TransformSpec | undefined {
  const file = join(dir, "transform.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as TransformSpec) : undefined;
}

function subtract(items: string[], exceptions: ReadonlySet<string>, dedupeKey: (v: string) => string): string[] {
  return exceptions.size === 0 ? items : items.filter((item) => !exceptions.has(dedupeKey(item)));
}

/**
 * Loads one list folder and its nested sublists. Each sublist is returned separately (its own path), with the
 * exceptions and transforms of every enclosing folder applied after its own.
 */
export function loadListFolder(root: string, relPath: string, options: LoadOptions): LoadedList[] {
  const dir = join(root, relPath);
  const exceptionsFile = join(dir, "exceptions.txt");
  const exceptions = new Set(existsSync(exceptionsFile) ? readLines(exceptionsFile).map(options.dedupeKey) : []);
  const transform = readTransform(dir);
  const finish = (path: string, raw: string[], ownItems: boolean): LoadedList => {
    let items = subtract(raw, exceptions, options.dedupeKey);
    if (ownItems && options.derive) items = items.concat(options.derive(path, items));
    if (transform) items = applyTransforms(items, transform, options.dedupeKey);
    return { path, items: subtract(items, exceptions, options.dedupeKey) };
  };
  const results: LoadedList[] = [];
  const itemsFile = join(dir, "items.txt");
  if (existsSync(itemsFile)) results.push(finish(relPath, readLines(itemsFile), true));
  const children = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name.startsWith("lst_"))
    .map((d) => d.name)
    .sort();
  for (const child of children) {
    for (const sub of loadListFolder(root, join(relPath, child), options)) results.push(finish(sub.path, sub.items, false));
  }
  return results;
}
