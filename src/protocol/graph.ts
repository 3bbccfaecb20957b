// What decides a result, found statically (nothing here imports the code it looks at): the module graph of an
// entry file (relative imports followed file by file; bare imports to the installed package that holds them, and
// that package's own dependencies), the folders of source and data around it, and digests of installed packages.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, resolve, sep } from "node:path";

const BUILTINS = new Set(builtinModules);

/** Import specifiers of a JS/TS module: static imports and re-exports, `import("…")` and `require("…")` with literals. */
export function importSpecifiers(source: string): string[] {
  const out = new Set<string>();
  const patterns = [
    /(?:^|[;\s}])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?["']([^"'\n]+)["']/g,
    /\bimport\(\s*["']([^"'\n]+)["']\s*\)/g,
    /\brequire\(\s*["']([^"'\n]+)["']\s*\)/g,
  ];
  for (const re of patterns) for (const m of source.matchAll(re)) out.add(m[1]);
  return [...out];
}

const CODE_EXTENSIONS = [".ts", ".mts", ".cts", ".tsx", ".js", ".mjs", ".cjs", ".json"];

/** The file a relative import names, as TypeScript's NodeNext resolution finds it ("./x.js" may be "./x.ts"). */
function resolveRelative(fromFile: string, spec: string): string | undefined {
  const base = resolve(dirname(fromFile), spec);
  const candidates = [base];
  const swap: Record<string, string[]> = { ".js": [".ts", ".tsx"], ".mjs": [".mts"], ".cjs": [".cts"], ".jsx": [".tsx"] };
  for (const [ext, alts] of Object.entries(swap)) if (base.endsWith(ext)) for (const a of alts) candidates.push(base.slice(0, -ext.length) + a);
  for (const ext of CODE_EXTENSIONS) candidates.push(base + ext);
  for (const ext of CODE_EXTENSIONS) candidates.push(join(base, "index" + ext));
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

function packageNameOf(spec: string): string {
  const parts = spec.split("/");
  return spec.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/** The folder of an installed package as Node finds it from `fromDir` (node_modules folders walking up). */
export function findPackageDir(name: string, fromDir: string): string | undefined {
  for (let d = fromDir; ; d = dirname(d)) {
    const p = join(d, "node_modules", name);
    if (existsSync(join(p, "package.json"))) return p;
    if (dirname(d) === d) return undefined;
  }
}

export interface ModuleGraph {
  /** Every project file reached (absolute), outside node_modules. */
  files: string[];
  /** Installed package folders reached, with the packages they depend on (absolute). */
  packages: string[];
  /** Relative imports that name no file (absolute path the import pointed at). */
  unresolved: string[];
}

const isInNodeModules = (p: string) => p.split(sep).includes("node_modules");

/** Follows imports from the entry files; a file inside an installed package stops the walk at that package. */
export function moduleGraph(entries: readonly string[]): ModuleGraph {
  const files = new Set<string>();
  const packages = new Set<string>();
  const unresolved = new Set<string>();
  const queue = [...entries];
  const addPackage = (name: string, fromDir: string) => {
    const dir = findPackageDir(name, fromDir);
    if (!dir || packages.has(dir)) return;
    packages.add(dir);
    // A package's own dependencies decide its behaviour too.
    let meta: Record<string, Record<string, string> | undefined> = {};
    try {
      meta = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    } catch {
      return;
    }
    for (const field of ["dependencies", "optionalDependencies", "peerDependencies"]) {
      for (const dep of Object.keys(meta[field] ?? {})) addPackage(dep, dir);
    }
  };
  while (queue.length) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    if (isInNodeModules(file)) {
      const parts = file.split(sep);
      const at = parts.lastIndexOf("node_modules");
      const name = parts[at + 1]?.startsWith("@") ? `${parts[at + 1]}/${parts[at + 2]}` : parts[at + 1];
      if (name) addPackage(name, parts.slice(0, at).join(sep) || sep);
      continue;
    }
    files.add(file);
    if (!/\.[cm]?[jt]sx?$/.test(file)) continue;
    for (const spec of importSpecifiers(readFileSync(file, "utf8"))) {
      if (spec.startsWith("node:") || BUILTINS.has(spec) || BUILTINS.has(spec.split("/")[0])) continue;
      if (spec.startsWith(".") || spec.startsWith("/")) {
        const target = resolveRelative(file, spec);
        if (target) queue.push(target);
        else unresolved.add(resolve(dirname(file), spec));
      } else addPackage(packageNameOf(spec), dirname(file));
    }
  }
  return { files: [...files].sort(), packages: [...packages].sort(), unresolved: [...unresolved].sort() };
}

/** Every regular file under a folder (symbolic links followed), sorted, skipping the folders `skip` names. */
export function filesUnder(dir: string, skip: (name: string, isDir: boolean) => boolean = () => false): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      let s;
      try {
        s = statSync(p);
      } catch {
        continue;
      }
      if (skip(name, s.isDirectory())) continue;
      if (s.isDirectory()) walk(p);
      else if (s.isFile()) out.push(p);
    }
  };
  walk(dir);
  return out;
}

export function sha256Bytes(bytes: Buffer | string): string {
  return createHash("sha256").update(bytes).digest("hex");
}

export function sha256FileSync(path: string): string {
  return sha256Bytes(readFileSync(path));
}

/** Digest of an installed package: its files (nested node_modules excluded: they are packages of their own). */
export function packageDigest(dir: string): string {
  const hash = createHash("sha256");
  for (const f of filesUnder(dir, (name, isDir) => isDir && name === "node_modules")) {
    hash.update(`${f.slice(dir.length + 1).split(sep).join("/")}\0${sha256FileSync(f)}\n`);
  }
  return hash.digest("hex");
}

/** Source and data files of a folder that decide results: tests and prose left out. */
export function decidingFiles(dir: string): string[] {
  return filesUnder(dir, (name, isDir) => (isDir ? name === "node_modules" || name.startsWith(".") : /\.test\.[cm]?[jt]sx?$/.test(name) || /\.md$/i.test(name)));
}

/**
 * Versions of every installed package package-lock.json lists (name → version, or "missing"), read from each
 * package's own package.json: what is installed, which may differ from what the lock file says.
 */
export function installedVersions(projectRoot: string): Record<string, string> {
  const lockPath = join(projectRoot, "package-lock.json");
  if (!existsSync(lockPath)) return {};
  const lock = JSON.parse(readFileSync(lockPath, "utf8")) as { packages?: Record<string, unknown> };
  const out: Record<string, string> = {};
  for (const key of Object.keys(lock.packages ?? {}).sort()) {
    if (!key.startsWith("node_modules/")) continue;
    const pj = join(projectRoot, key, "package.json");
    let version = "missing";
    try {
      const found = (JSON.parse(readFileSync(pj, "utf8")) as { version?: unknown }).version;
      version = typeof found === "string" ? found : "none";
    } catch {
      // an optional package for another platform is not installed: "missing" says so
    }
    out[key.slice("node_modules/".length)] = version;
  }
  return out;
}
