// A bounded memo for values derived from note data (folded needles, compiled patterns), shared by the rooms.
/**
 * A memo of at most about 2 × `size` entries with O(1) eviction: when the young generation is full it becomes the
 * old one (the previous old one is dropped), and an old entry that is read again moves back. Evicting one entry at a
 * time from the front of a Map instead makes every insertion skip the holes earlier deletions left (quadratic).
 */
export class BoundedCache<K, V> {
  private young = new Map<K, V>();
  private old = new Map<K, V>();

  constructor(private readonly size: number) {}

  get(key: K): V | undefined {
    const hit = this.young.get(key);
    if (hit !== undefined) return hit;
    const aged = this.old.get(key);
    if (aged !== undefined) this.set(key, aged);
    return aged;
  }

  set(key: K, value: V): void {
    if (this.young.size >= this.size) {
      this.old = this.young;
      this.young = new Map();
    }
    this.young.set(key, value);
  }
}
