// Policy: a span with an unmatched bracket takes the matching bracket right outside it ("(03) 123").
import type { HealingRule } from "../index.js";
import { withBounds, mapSpans } from "../spans.js";

/** Bracket pairs by their UTF-16 units: "(" ")", "[" "]", "{" "}" (none is half of a surrogate pair). */
const PAIRS: readonly [number, number][] = [
  [0x28, 0x29],
  [0x5b, 0x5d],
  [0x7b, 0x7d],
];

/**
 * Per pair, the openers left open minus the closers never opened in text[start, end), in one scan (the brackets
 * are ASCII, so units stand for code points); null when the range holds no bracket at all.
 */
function surpluses(text: string, start: number, end: number): number[] | null {
  let any = false;
  const depth = [0, 0, 0];
  const unmatched = [0, 0, 0];
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    for (let p = 0; p < 3; p++) {
      if (c === PAIRS[p][0]) depth[p]++;
      else if (c === PAIRS[p][1]) {
        if (depth[p] > 0) depth[p]--;
        else unmatched[p]++;
      } else continue;
      any = true;
      break;
    }
  }
  return any ? [depth[0] - unmatched[0], depth[1] - unmatched[1], depth[2] - unmatched[2]] : null;
}

export const bracketBalance: HealingRule = (spans, { document }) =>
  mapSpans(spans, (s) => {
    const text = document.text;
    let { start, end } = s;
    // Growing over one pair's bracket adds no bracket of another pair: every balance is that of the span as given.
    const balances = surpluses(text, start, end);
    if (balances === null) return s;
    for (let p = 0; p < 3; p++) {
      const balance = balances[p];
      if (balance < 0 && text.charCodeAt(start - 1) === PAIRS[p][0]) start--;
      else if (balance > 0 && text.charCodeAt(end) === PAIRS[p][1]) end++;
    }
    return withBounds(s, start, end);
  });
