// `NAME=path` arguments naming systems on the command line.
import { basename, extname } from "node:path";
import { DeidError } from "../../contract/index.js";

/** Splits `NAME=path`; a bare path is named after its file (without extension). */
export function systemName(arg: string): { name: string; path: string } {
  const eq = arg.indexOf("=");
  if (eq > 0) return { name: arg.slice(0, eq), path: arg.slice(eq + 1) };
  const file = basename(arg);
  return { name: file.slice(0, file.length - extname(file).length) || file, path: arg };
}

/** Parses several `NAME=path` arguments; names must be distinct. */
export function systemNames(args: readonly string[]): { name: string; path: string }[] {
  const out = args.map(systemName);
  const seen = new Set<string>();
  for (const { name } of out) {
    if (seen.has(name)) throw new DeidError("E_CONFIG", `two predictions are named ${JSON.stringify(name)}; use NAME=path`);
    seen.add(name);
  }
  return out;
}
