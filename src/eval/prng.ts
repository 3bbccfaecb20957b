// A seedable PRNG that gives the same numbers on every machine: xoshiro128** 1.1 (Blackman & Vigna 2018), 32-bit
// integer arithmetic only, its 128-bit state filled from two outputs of SplitMix64 (Steele, Lea & Flood 2014)
// started at the seed. Bounded integers use Lemire's nearly divisionless method (2019), exact and unbiased.
import { DeidError } from "../contract/index.js";

const MASK64 = (1n << 64n) - 1n;

/** SplitMix64 as a generator of unsigned 64-bit BigInts (used only to seed). */
export function* splitMix64(seed: bigint): Generator<bigint, never> {
  let state = BigInt.asUintN(64, seed);
  for (;;) {
    state = (state + 0x9e3779b97f4a7c15n) & MASK64;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK64;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK64;
    yield z ^ (z >> 31n);
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

const TWO_32 = 4294967296;

export class Xoshiro128StarStar {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;

  /** State words in order s0..s3 (each an unsigned 32-bit integer). */
  constructor(state: readonly [number, number, number, number]) {
    [this.s0, this.s1, this.s2, this.s3] = state.map((x) => x | 0);
    if ((this.s0 | this.s1 | this.s2 | this.s3) === 0) throw new DeidError("E_CONFIG", "xoshiro128** state must not be all zero");
  }

  /**
   * Seeds from a non-negative safe integer: SplitMix64 started at the seed gives a and b; the state is
   * (low32(a), high32(a), low32(b), high32(b)).
   */
  static fromSeed(seed: number): Xoshiro128StarStar {
    if (!Number.isSafeInteger(seed) || seed < 0) throw new DeidError("E_CONFIG", `seed must be a non-negative integer, got ${seed}`);
    const sm = splitMix64(BigInt(seed));
    const a = sm.next().value;
    const b = sm.next().value;
    const words: [number, number, number, number] = [
      Number(a & 0xffffffffn),
      Number(a >> 32n),
      Number(b & 0xffffffffn),
      Number(b >> 32n),
    ];
    if (words.every((w) => w === 0)) words[0] = 1; // probability 2^-128; kept only so no seed can fail
    return new Xoshiro128StarStar(words);
  }

  /** Next unsigned 32-bit output. */
  nextUint32(): number {
    const result = Math.imul(rotl(Math.imul(this.s1, 5), 7), 9);
    const t = this.s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= this.s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = rotl(this.s3, 11);
    return result >>> 0;
  }

  /** Uniform integer in [0, bound), 1 ≤ bound ≤ 2^32; exact (no modulo bias). */
  nextBelow(bound: number): number {
    if (bound <= 0x200000) {
      // x·bound < 2^53, so the product is exact in a double; Math.imul gives its low 32 bits.
      let x = this.nextUint32();
      let low = Math.imul(x, bound) >>> 0;
      if (low < bound) {
        const threshold = (TWO_32 - bound) % bound;
        while (low < threshold) {
          x = this.nextUint32();
          low = Math.imul(x, bound) >>> 0;
        }
      }
      return (x * bound - low) / TWO_32;
    }
    if (!Number.isInteger(bound) || bound > TWO_32) throw new DeidError("E_CONFIG", `bound out of range: ${bound}`);
    // Rejection on the top of the range keeps x mod bound uniform.
    const limit = TWO_32 - (TWO_32 % bound);
    let x = this.nextUint32();
    while (x >= limit) x = this.nextUint32();
    return x % bound;
  }

  /**
   * Multinomial(n, uniform over n cells) counts into `out` (n = out.length ≤ 2^21): exactly the draws
   * `out[nextBelow(n)]++` repeated n times, with the state kept in locals for speed.
   */
  fillMultinomialCounts(out: Int32Array): void {
    const bound = out.length;
    if (bound > 0x200000) {
      out.fill(0);
      for (let k = 0; k < bound; k++) out[this.nextBelow(bound)]++;
      return;
    }
    out.fill(0);
    const threshold = bound === 0 ? 0 : (TWO_32 - bound) % bound;
    let s0 = this.s0;
    let s1 = this.s1;
    let s2 = this.s2;
    let s3 = this.s3;
    for (let k = 0; k < bound; k++) {
      let x: number;
      let low: number;
      do {
        x = Math.imul(rotl(Math.imul(s1, 5), 7), 9) >>> 0;
        const t = s1 << 9;
        s2 ^= s0;
        s3 ^= s1;
        s1 ^= s2;
        s0 ^= s3;
        s2 ^= t;
        s3 = rotl(s3, 11);
        low = Math.imul(x, bound) >>> 0;
      } while (low < threshold);
      out[(x * bound - low) / TWO_32]++;
    }
    this.s0 = s0;
    this.s1 = s1;
    this.s2 = s2;
    this.s3 = s3;
  }

  /** Uniform double in [0, 1) with 53 random bits. */
  nextDouble(): number {
    const hi = this.nextUint32() >>> 5; // 27 bits
    const lo = this.nextUint32() >>> 6; // 26 bits
    return (hi * 67108864 + lo) / 9007199254740992;
  }
}
