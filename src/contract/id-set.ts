// A compact set of string ids for the duplicate-id check of streamed inputs: two 32-bit hashes per id in an
// open-addressing table (8 bytes a slot at load ≤ 1/2, so 16 MB for 1 million ids instead of a Set of strings).
// A hit is only "probably seen": the caller confirms it exactly (see readJsonlDocuments), so a hash collision
// can never wrongly reject an input.

function hashA(s: string): number {
  // FNV-1a over UTF-16 code units.
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function hashB(s: string): number {
  // A multiplicative hash with murmur3's finaliser, independent of hashA.
  let h = 0x9747b28c ^ s.length;
  for (let i = 0; i < s.length; i++) {
    h = Math.imul(h ^ s.charCodeAt(i), 0x5bd1e995);
    h ^= h >>> 15;
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export class CompactIdSet {
  private slots = new Uint32Array(2 * 1024);
  private used = 0;

  get size(): number {
    return this.used;
  }

  /** Adds the id; returns true when an id with the same two hashes was already present (probably the same id). */
  add(id: string): boolean {
    const a = hashA(id) || 1; // 0 marks an empty slot
    const b = hashB(id);
    if (this.insert(a, b)) return true;
    this.used++;
    if (this.used * 2 > this.slots.length / 2) this.grow();
    return false;
  }

  private insert(a: number, b: number): boolean {
    const mask = this.slots.length / 2 - 1;
    for (let i = (a ^ b) & mask; ; i = (i + 1) & mask) {
      const sa = this.slots[2 * i];
      if (sa === 0) {
        this.slots[2 * i] = a;
        this.slots[2 * i + 1] = b;
        return false;
      }
      if (sa === a && this.slots[2 * i + 1] === b) return true;
    }
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Uint32Array(old.length * 2);
    for (let i = 0; i < old.length; i += 2) if (old[i] !== 0) this.insert(old[i], old[i + 1]);
  }
}
