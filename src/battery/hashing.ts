// Content hashes for locks and provenance: a file's bytes, or every file of a folder with its relative path.
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { join, relative, sep } from "node:path";

export async function sha256File(path: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

export function sha256Text(text: string | Buffer): string {
  return createHash("sha256").update(text).digest("hex");
}

/** Every regular file under a folder, sorted by relative path (with `/` separators). */
export async function listFilesRecursive(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string) => {
    const entries = await readdir(d, { withFileTypes: true });
    for (const e of entries) {
      const p = join(d, e.name);
      if (e.isDirectory()) await walk(p);
      else if (e.isFile()) out.push(p);
    }
  };
  await walk(dir);
  return out.sort((a, b) => toPosix(relative(dir, a)).localeCompare(toPosix(relative(dir, b))));
}

export function toPosix(path: string): string {
  return path.split(sep).join("/");
}

/** sha256 of a file, or of a folder as the hash of "relative path NUL file hash" lines of its files. */
export async function sha256Path(path: string): Promise<string> {
  const s = await stat(path);
  if (!s.isDirectory()) return sha256File(path);
  const hash = createHash("sha256");
  for (const file of await listFilesRecursive(path)) hash.update(`${toPosix(relative(path, file))}\0${await sha256File(file)}\n`);
  return hash.digest("hex");
}

/** JSON with object keys sorted at every level: the same data always gives the same bytes. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value as Record<string, unknown>)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}
