// ASQ-PHI (Weatherhead, Golovko & McCaffrey 2026): blocks of `===QUERY===` / `===PHI_TAGS===` with JSON tag
// lines that carry surface values and no offsets. Values are located in their own query under an explicit policy;
// values that cannot be located are counted, never dropped silently.
import { DeidError, type Document, type Span } from "../../contract/index.js";
import { readUtf8 } from "./files.js";
import { labelResolver } from "./labels.js";
import type { AsqPhiOptions, CorpusAdapter } from "./types.js";
import type { WarningTally } from "../warnings.js";

export interface AsqPhiBlock {
  query: string;
  tags: { identifier_type: string; value: string }[];
  /** 1-based line of the block's `===QUERY===` marker. */
  line: number;
}

const QUERY_MARKER = "===QUERY===";
const TAGS_MARKER = "===PHI_TAGS===";

/** Splits the file into blocks; a malformed tag line is an error naming its line. */
export function parseAsqPhiBlocks(content: string): AsqPhiBlock[] {
  const lines = content.split(/\r?\n/);
  const blocks: AsqPhiBlock[] = [];
  let current: AsqPhiBlock | undefined;
  let queryLines: string[] = [];
  let state: "outside" | "query" | "tags" = "outside";
  const finishQuery = () => {
    while (queryLines.length && queryLines[queryLines.length - 1].trim() === "") queryLines.pop();
    if (current) current.query = queryLines.join("\n");
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const trimmed = line.trim();
    if (trimmed === QUERY_MARKER) {
      if (state === "query") finishQuery();
      current = { query: "", tags: [], line: i + 1 };
      blocks.push(current);
      queryLines = [];
      state = "query";
    } else if (trimmed === TAGS_MARKER) {
      if (state !== "query") throw new DeidError("E_INPUT_FORMAT", `${TAGS_MARKER} without a query`, { line: i + 1 });
      finishQuery();
      state = "tags";
    } else if (state === "query") {
      queryLines.push(line);
    } else if (state === "tags" && trimmed !== "") {
      current!.tags.push(parseTagLine(trimmed, i + 1));
    } else if (state === "outside" && trimmed !== "") {
      throw new DeidError("E_INPUT_FORMAT", `content before the first ${QUERY_MARKER}`, { line: i + 1 });
    }
  }
  if (state === "query") finishQuery();
  return blocks;
}

function parseTagLine(line: string, lineNo: number): { identifier_type: string; value: string } {
  let tag: unknown;
  try {
    tag = JSON.parse(line);
  } catch {
    throw new DeidError("E_INPUT_FORMAT", "PHI tag line is not valid JSON", { line: lineNo });
  }
  const t = tag as Record<string, unknown>;
  if (!t || typeof t.identifier_type !== "string" || typeof t.value !== "string" || t.value === "") {
    throw new DeidError("E_INPUT_FORMAT", "PHI tag needs a string identifier_type and a non-empty value", { line: lineNo });
  }
  return { identifier_type: t.identifier_type, value: t.value };
}

const APOSTROPHES = /[\u2019\u2018\u02BC\u2032`]/g;

/** Same length as the input (every replaced character is one UTF-16 unit), so indices carry over. */
export function foldApostrophes(s: string): string {
  return s.replace(APOSTROPHES, "'");
}

/** Every start index (UTF-16) of `needle` in `haystack`, overlapping occurrences included. */
export function occurrencesOf(haystack: string, needle: string): number[] {
  const out: number[] = [];
  for (let i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + 1)) out.push(i);
  return out;
}

export interface LocatedTag {
  tagIndex: number;
  start: number;
  end: number;
}

/**
 * Locates each tag's value in its query. `all`: every occurrence; `first`: each tag takes the first occurrence not
 * already taken by an earlier tag with the same value. Returns located spans and the indices of unlocated tags.
 */
export function locateAsqValues(
  query: string,
  values: readonly string[],
  options: AsqPhiOptions = {},
): { located: LocatedTag[]; unlocated: number[]; extraOccurrences: number; apostropheMatches: number; duplicateTags: number } {
  const policy = options.occurrences ?? "all";
  const fold = options.apostropheInsensitive ?? true;
  const foldedQuery = fold ? foldApostrophes(query) : query;
  const taken = new Map<string, number>();
  const located: LocatedTag[] = [];
  const unlocated: number[] = [];
  let extraOccurrences = 0;
  let apostropheMatches = 0;
  let duplicateTags = 0;
  const locatedKeys = new Set<string>();
  values.forEach((value, tagIndex) => {
    let starts = occurrencesOf(query, value);
    const key = fold ? foldApostrophes(value) : value;
    if (starts.length === 0 && fold) {
      starts = occurrencesOf(foldedQuery, key);
      if (starts.length > 0) apostropheMatches++;
    }
    if (starts.length === 0) {
      unlocated.push(tagIndex);
      return;
    }
    if (policy === "all") {
      // A repeated tag adds nothing under this policy: its occurrences are already gold.
      if (locatedKeys.has(key)) {
        duplicateTags++;
        return;
      }
      locatedKeys.add(key);
      extraOccurrences += starts.length - 1;
      for (const s of starts) located.push({ tagIndex, start: s, end: s + value.length });
      return;
    }
    const n = taken.get(key) ?? 0;
    if (n >= starts.length) {
      duplicateTags++; // more identical tags than occurrences: nothing left to claim
      return;
    }
    const s = starts[n];
    taken.set(key, n + 1);
    located.push({ tagIndex, start: s, end: s + value.length });
  });
  return { located, unlocated, extraOccurrences, apostropheMatches, duplicateTags };
}

function blockToDocument(
  block: AsqPhiBlock,
  index: number,
  options: AsqPhiOptions,
  resolve: (foreign: string) => { label: Span["label"]; native?: string },
  warnings: WarningTally,
): Document {
  const { located, unlocated, extraOccurrences, apostropheMatches, duplicateTags } = locateAsqValues(
    block.query,
    block.tags.map((t) => t.value),
    options,
  );
  warnings.add("asq_value_unlocated", "ASQ-PHI tag values not found in their query (not scored as gold)", unlocated.length);
  warnings.add("asq_extra_occurrences", "additional occurrences of tagged ASQ-PHI values marked as gold (policy: all occurrences)", extraOccurrences);
  warnings.add("asq_duplicate_tag", "repeated ASQ-PHI tags with a value already located (policy: all occurrences) added no span", duplicateTags);
  warnings.add("asq_apostrophe_match", "ASQ-PHI tag values located only by treating typographic apostrophes as '", apostropheMatches);
  const spans: Span[] = located.map((l) => {
    const { label, native } = resolve(block.tags[l.tagIndex].identifier_type);
    const span: Span = { start: l.start, end: l.end, label };
    if (native !== undefined) span.extra = { native_label: native };
    return span;
  });
  return { document_id: `asq-phi-${String(index + 1).padStart(4, "0")}`, text: block.query, spans, annotated: true };
}

export const readAsqPhi: CorpusAdapter = async (path, options, warnings) => {
  const blocks = parseAsqPhiBlocks(await readUtf8(path));
  if (blocks.length === 0) throw new DeidError("E_INPUT_EMPTY", `${path} contains no ${QUERY_MARKER} block`);
  const resolve = labelResolver(
    { labelMap: options.labelMap, maps: ["asq-phi"], unknownLabels: options.unknownLabels },
    warnings,
    "gold",
  );
  return blocks.map((b, i) => blockToDocument(b, i, options.asqPhi ?? {}, resolve, warnings));
};
