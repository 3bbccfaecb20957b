// Gold spans → per-token training targets (BIO tag and entity index), the inverse of decodeSpans.
import { MODEL_LABELS, type Span } from "../../src/contract/index.js";
import { BIO_B, BIO_I, BIO_O } from "./decode.js";
import type { TokenizedText } from "./tokenizer.js";

const ENTITY_INDEX = new Map<string, number>(MODEL_LABELS.map((l, i) => [l, i]));

/** BIO tag and entity index per token: a token belongs to the first gold span its non-space part overlaps. */
export function tokenLabels(text: string, tok: TokenizedText, spans: readonly Span[]): { bio: Int8Array; entity: Int8Array } {
  const n = tok.ids.length;
  const bio = new Int8Array(n).fill(BIO_O);
  const entity = new Int8Array(n).fill(-1);
  const sorted = [...spans].filter((s) => ENTITY_INDEX.has(s.label)).sort((a, b) => a.start - b.start);
  let si = 0;
  let lastSpan = -1;
  for (let t = 0; t < n; t++) {
    let s = tok.starts[t];
    let e = tok.ends[t];
    const rawStart = s;
    while (s < e && /\s/u.test(text[s])) s++;
    while (e > s && /\s/u.test(text[e - 1])) e--;
    const whitespaceOnly = s === e;
    while (si < sorted.length && sorted[si].end <= (whitespaceOnly ? rawStart : s)) si++;
    const span = sorted[si];
    if (!span) continue;
    const inside = whitespaceOnly ? rawStart >= span.start && tok.ends[t] <= span.end && lastSpan === si : s < span.end && e > span.start;
    if (!inside) continue;
    bio[t] = lastSpan === si ? BIO_I : BIO_B;
    entity[t] = ENTITY_INDEX.get(span.label)!;
    lastSpan = si;
  }
  return { bio, entity };
}

