// Policy: a span with an unmatched bracket takes the matching bracket right outside it ("(03) 123").
import type { HealingRule } from "../index.js";
import { withBounds } from "../spans.js";

const PAIRS: readonly [string, string][] = [["(", ")"], ["[", "]"], ["{", "}"]];

function surplus(text: string, open: string, close: string): number {
  let depth = 0;
  let unmatchedClosers = 0;
  for (const c of text) {
    if (c === open) depth++;
    else if (c === close) {
      if (depth > 0) depth--;
      else unmatchedClosers++;
    }
  }
  return depth - unmatchedClosers;
}

export const bracketBalance: HealingRule = (spans, { document }) =>
  spans.map((s) => {
    const text = document.text;
    let { start, end } = s;
    for (const [open, close] of PAIRS) {
      const balance = surplus(text.slice(start, end), open, close);
      if (balance < 0 && text[start - 1] === open) start--;
      else if (balance > 0 && text[end] === close) end++;
    }
    return withBounds(s, start, end);
  });
