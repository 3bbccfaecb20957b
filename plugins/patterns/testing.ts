// Helpers for the table-driven tests of the patterns detector (no test framework imported here).
import type { DetectedSpan, Label } from "../../src/contract/index.js";
import { compilePatterns, detectPatterns, type CompiledPatterns } from "./detect.js";
import { patternsConfigSchema } from "./index.js";

const compiledByConfig = new Map<string, CompiledPatterns>();

/** The compiled detector for a (partial) plugin config, validated through the plugin's own schema. */
export function compiledFor(config: unknown = {}): CompiledPatterns {
  const key = JSON.stringify(config);
  let compiled = compiledByConfig.get(key);
  if (!compiled) {
    compiled = compilePatterns(patternsConfigSchema.parse(config));
    compiledByConfig.set(key, compiled);
  }
  return compiled;
}

export function detect(text: string, config: unknown = {}): DetectedSpan[] {
  return detectPatterns(text, compiledFor(config));
}

/** "Opname op [[12/03/2023]]." → the text without markers and the marked offsets, in order. */
export function parseMarked(marked: string): { text: string; spans: { start: number; end: number }[] } {
  const spans: { start: number; end: number }[] = [];
  let text = "";
  let open = -1;
  for (let i = 0; i < marked.length; i++) {
    if (marked.startsWith("[[", i) && open < 0) {
      open = text.length;
      i++;
    } else if (marked.startsWith("]]", i) && open >= 0) {
      spans.push({ start: open, end: text.length });
      open = -1;
      i++;
    } else text += marked[i];
  }
  if (open >= 0) throw new Error(`unclosed marker in test case: ${marked}`);
  return { text, spans };
}

export interface Expected {
  start: number;
  end: number;
  label: Label;
  score?: number;
}

/** Expected spans of a marked case: one label for all markers, or one per marker; scores likewise. */
export function expectedSpans(marked: string, labels: Label | Label[], scores?: number | number[]): { text: string; spans: Expected[] } {
  const { text, spans } = parseMarked(marked);
  const out = spans.map((s, i) => {
    const label = Array.isArray(labels) ? labels[i] : labels;
    const score = Array.isArray(scores) ? scores[i] : scores;
    return score === undefined ? { ...s, label } : { ...s, label, score };
  });
  return { text, spans: out };
}

/** Spans without scores, for comparing offsets and labels only. */
export function withoutScores(spans: readonly DetectedSpan[]): { start: number; end: number; label: Label }[] {
  return spans.map(({ start, end, label }) => ({ start, end, label }));
}

export type PositiveCase = [marked: string, labels: Label | Label[], scores?: number | number[]];

/** Checks a positive case: exactly the marked spans with their labels (and scores when given), nothing else. */
export function checkPositive(testCase: PositiveCase, config: unknown = {}): { actual: unknown; expected: unknown } {
  const [marked, labels, scores] = testCase;
  const { text, spans } = expectedSpans(marked, labels, scores);
  const found = detect(text, config);
  const actual = scores === undefined ? withoutScores(found) : found.map(({ start, end, label, score }) => ({ start, end, label, score }));
  return { actual, expected: spans };
}
