// A read-only string → bits hash table kept in a few flat arrays (the UTF-16 code units of all keys, offsets, bits
// and an open-addressing slot table). Compared with a Map of ~440k strings it loads from a file without rebuilding
// or decoding anything (the key units are a view of the file's bytes) and leaves the garbage collector almost
// nothing to trace.

/** The FNV-1a offset basis: hashKey(key) is hashOn(HASH_SEED, key) >>> 0. */
export const HASH_SEED = 0x811c9dc5;

/**
 * FNV-1a over the UTF-16 units of `key`, continued from `hash`: the hash of a concatenation is the hash of its parts
 * in turn (hashKey(a + b) === hashOn(hashOn(HASH_SEED, a), b) >>> 0), so a key of several words can be hashed
 * without being built.
 */
export function hashOn(hash: number, key: string): number {
  let h = hash;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h;
}

/** FNV-1a over UTF-16 code units. */
export function hashKey(key: string): number {
  return hashOn(HASH_SEED, key) >>> 0;
}

/** A string from UTF-16 code units (in chunks: one call with a very long argument list would overflow the stack). */
function unitsToString(units: Uint16Array): string {
  let out = "";
  for (let i = 0; i < units.length; i += 8192) out += String.fromCharCode(...units.subarray(i, i + 8192));
  return out;
}

export class PhraseIndex {
  private readonly mask: number;

  /**
   * @param keys the UTF-16 code units of every key, concatenated
   * @param offsets entry i spans keys[offsets[i], offsets[i + 1])
   * @param bits bits of entry i
   * @param slots open-addressing table of (hash, entry index + 1) pairs; entry 0 marks an empty slot. The number of
   *   pairs is a power of two; the stored hash spares most string comparisons and cache misses.
   */
  constructor(
    readonly keys: Uint16Array,
    readonly offsets: Int32Array,
    readonly bits: Int32Array,
    readonly slots: Int32Array,
  ) {
    this.mask = slots.length / 2 - 1;
  }

  get size(): number {
    return this.bits.length;
  }

  get(key: string): number | undefined {
    return this.getHashed(key, hashKey(key));
  }

  /** get(key) for a caller that has hashKey(key) already. */
  getHashed(key: string, unsignedHash: number): number | undefined {
    const { keys, offsets, slots, mask } = this;
    const length = key.length;
    const hash = unsignedHash | 0;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = slots[slot * 2 + 1];
      if (entry === 0) return undefined;
      if (slots[slot * 2] !== hash) continue;
      const from = offsets[entry - 1];
      if (offsets[entry] - from !== length) continue;
      let same = true;
      for (let i = 0; i < length; i++) {
        if (keys[from + i] !== key.charCodeAt(i)) {
          same = false;
          break;
        }
      }
      if (same) return this.bits[entry - 1];
    }
  }

  *entries(): IterableIterator<[string, number]> {
    for (let i = 0; i < this.bits.length; i++) yield [unitsToString(this.keys.subarray(this.offsets[i], this.offsets[i + 1])), this.bits[i]];
  }

  static fromMap(map: ReadonlyMap<string, number>): PhraseIndex {
    const n = map.size;
    const offsets = new Int32Array(n + 1);
    const bits = new Int32Array(n);
    const parts: string[] = [];
    let offset = 0;
    let i = 0;
    for (const [key, value] of map) {
      parts.push(key);
      offsets[i] = offset;
      bits[i] = value;
      offset += key.length;
      i++;
    }
    offsets[n] = offset;
    let size = 1;
    while (size < n * 2) size <<= 1;
    const slots = new Int32Array(size * 2);
    const mask = size - 1;
    i = 0;
    for (const key of map.keys()) {
      const hash = hashKey(key) | 0;
      let slot = hash & mask;
      while (slots[slot * 2 + 1] !== 0) slot = (slot + 1) & mask;
      slots[slot * 2] = hash;
      slots[slot * 2 + 1] = ++i;
    }
    const joined = parts.join("");
    const keys = new Uint16Array(joined.length);
    for (let k = 0; k < joined.length; k++) keys[k] = joined.charCodeAt(k);
    return new PhraseIndex(keys, offsets, bits, slots);
  }
}
