// File helpers shared by the adapters: strict UTF-8, BOM removal, sorted directory listings.
import { readdir, readFile, stat } from "node:fs/promises";
import { DeidError } from "../../contract/index.js";

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Reads a UTF-8 file (BOM removed); invalid UTF-8 is an error naming the file. */
export async function readUtf8(path: string): Promise<string> {
  const buf = await readFile(path).catch(() => {
    throw new DeidError("E_CONFIG", `cannot read ${path}`);
  });
  let text: string;
  try {
    text = utf8.decode(buf);
  } catch {
    throw new DeidError("E_INPUT_ENCODING", `${path} is not valid UTF-8`);
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

export async function readJson(path: string): Promise<unknown> {
  const text = await readUtf8(path);
  try {
    return JSON.parse(text);
  } catch {
    throw new DeidError("E_INPUT_FORMAT", `${path} is not valid JSON`);
  }
}

export async function isDirectory(path: string): Promise<boolean> {
  const s = await stat(path).catch(() => {
    throw new DeidError("E_CONFIG", `path does not exist: ${path}`);
  });
  return s.isDirectory();
}

/** Names in a directory ending with one of the suffixes, sorted (code-unit order, same on every machine). */
export async function listFiles(dir: string, suffixes: readonly string[]): Promise<string[]> {
  const names = await readdir(dir);
  return names.filter((n) => suffixes.some((s) => n.endsWith(s))).sort();
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === "object" && !Array.isArray(v);
}
