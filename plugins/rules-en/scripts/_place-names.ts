// Shared by build-world-places.ts and build-world-cities.ts: which gazetteer names enter a place list.
/**
 * Names in Latin script of four letters or more whose words are not all English or medical words (or of two letters
 * or fewer), each once (case-insensitive), sorted.
 */
export function keptPlaceNames(names: Iterable<string>, words: ReadonlySet<string>): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of names) {
    const name = raw.trim();
    if (name.length < 4 || !/^\p{Lu}[\p{Script=Latin}\p{M}.' -]*$/u.test(name)) continue;
    const parts = name
      .toLowerCase()
      .split(/[\s'-]+/)
      .filter(Boolean);
    if (parts.every((p) => words.has(p) || p.length <= 2)) continue;
    const key = name.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(name);
  }
  return out.sort();
}
