// MedDeID windowing: windows of `usable` tokens stepping by usable − overlap, the last one anchored to the end;
// logits of every window covering a token are averaged.

export interface TokenWindow {
  /** Token indices [start, end) into the document's tokens. */
  start: number;
  end: number;
}

export function planWindows(tokenCount: number, usable: number, overlap: number): TokenWindow[] {
  if (!Number.isInteger(usable) || usable < 1) throw new Error(`window size must be a positive integer (got ${usable})`);
  if (!Number.isInteger(overlap) || overlap < 0 || overlap >= usable) throw new Error(`overlap must be in [0, ${usable - 1}] (got ${overlap})`);
  if (tokenCount <= 0) return [];
  if (tokenCount <= usable) return [{ start: 0, end: tokenCount }];
  const step = usable - overlap;
  const windows: TokenWindow[] = [];
  for (let start = 0; start + usable < tokenCount; start += step) windows.push({ start, end: start + usable });
  windows.push({ start: tokenCount - usable, end: tokenCount });
  return windows;
}

/** Sums window logits per token and divides by the number of windows covering it. */
export class LogitAccumulator {
  readonly sums: Float32Array;
  private readonly counts: Uint16Array;

  constructor(readonly tokenCount: number, readonly width: number) {
    this.sums = new Float32Array(tokenCount * width);
    this.counts = new Uint16Array(tokenCount);
  }

  /** Adds logits [window length × width] (row-major) for the tokens of `window`. */
  add(window: TokenWindow, logits: ArrayLike<number>, rowOffset = 0): void {
    const n = window.end - window.start;
    for (let i = 0; i < n; i++) {
      const t = window.start + i;
      const src = (rowOffset + i) * this.width;
      const dst = t * this.width;
      for (let k = 0; k < this.width; k++) this.sums[dst + k] += logits[src + k];
      this.counts[t]++;
    }
  }

  averaged(): Float32Array {
    const out = new Float32Array(this.sums.length);
    for (let t = 0; t < this.tokenCount; t++) {
      const c = this.counts[t];
      if (c === 0) throw new Error(`token ${t} is not covered by any window`);
      for (let k = 0; k < this.width; k++) out[t * this.width + k] = this.sums[t * this.width + k] / c;
    }
    return out;
  }
}
