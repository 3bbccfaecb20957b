// Protocol locks (<protocol dir>/<id>.lock.json) fix what decides a result: the protocol (amendments excluded),
// corpora, stack files, prompts, models and other files the stacks name; every source and data file of each
// built-in detector used and of the code that runs, heals, transforms and scores (src/, policies/); each user
// plugin's whole module graph (imports followed statically); a digest of every installed package those graphs
// reach (and their dependencies); package-lock.json and the version of every installed package; plugin and external
// tool versions. Paths are relative to the package root (or, outside it, to the protocol's folder), so a lock holds
// for a byte-identical install in another folder. A lock carries its own digest, so a hand edit is seen. `verify`
// hashes everything before it imports any plugin, and imports nothing when a hash differs. Amendments are
// append-only.
import { existsSync } from "node:fs";
import { readFile, rename, stat, writeFile } from "node:fs/promises";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { DeidError, runnableModulePath } from "../contract/index.js";
import { BUILTIN_DETECTORS, PROJECT_ROOT, getPluginRegistry, type DetectorPlugin, type PluginContext } from "../detectors/index.js";
import { canonicalJson, isBaselineSystem, listFilesRecursive, resolveSystemStack, sha256File, sha256Path, sha256Text, toPosix, type SystemSpec } from "../battery/index.js";
import { decidingFiles, installedVersions, moduleGraph, packageDigest } from "./graph.js";
import { SOFTWARE_VERSION, siteFilePaths, type LoadedStack } from "../stack/index.js";
import { amendmentSha256, loadProtocolFile, protocolContentSha256, rawAmendments, type LoadedProtocol } from "./schema.js";

export const LOCK_FORMAT = "deidstack.protocol-lock.v2";

export type LockedFileRole =
  | "corpus"
  | "stack"
  | "prompt"
  | "model"
  | "plugin"
  | "stack-reference"
  | "package-lock"
  /** A source or data file of a built-in detector's folder. */
  | "detector"
  /** Code and data of deidstack itself that decide a result (src/, policies/, package.json). */
  | "code"
  /** An installed package (node_modules/…): the digest of all its files. */
  | "package"
  /** The compiled counterpart in dist/ of a locked source or data file: what bin/deidstack.js runs. */
  | "compiled";

export interface LockedFile {
  role: LockedFileRole;
  /** What `path` is relative to: the package root (the install folder of deidstack) or the protocol's folder. */
  base: "package" | "protocol";
  /** With `/` separators. */
  path: string;
  sha256: string;
}

/** Roles whose files `verify` can list without importing any plugin; the others come from plugin code. */
const STATIC_ROLES: ReadonlySet<LockedFileRole> = new Set(["corpus", "stack", "prompt", "stack-reference", "plugin", "package-lock", "detector", "code", "package", "compiled"]);

export interface LockedComponent {
  system: string;
  /** Detector id within the system's stack ("second-opinion" for the second opinion). */
  detector: string;
  use: string;
  plugin_version: string;
  /** What the tool's version probe said (external tools); null when the plugin has no probe or probing was off. */
  tool_version: string | null;
}

export interface LockedAmendment {
  index: number;
  date: string;
  sha256: string;
}

export interface ProtocolLock {
  format: typeof LOCK_FORMAT;
  protocol: { id: string; file: string; sha256: string; content: Record<string, unknown> };
  locked_at: string;
  software: { name: "deidstack"; version: string };
  amendments: LockedAmendment[];
  files: LockedFile[];
  components: LockedComponent[];
  tool_versions_probed: boolean;
  /** Version of every installed package package-lock.json lists ("missing" when not installed). */
  installed: Record<string, string>;
  /** Earlier locks of this protocol (before amendments), oldest first. */
  history: { lock_sha256: string; locked_at: string; amendments: number }[];
  /** sha256 of the canonical JSON of every other field: a lock edited by hand no longer matches it. */
  lock_digest: string;
}

/** What the protocol and its files look like now. */
export interface Snapshot {
  protocolSha256: string;
  content: Record<string, unknown>;
  amendments: { date: string; sha256: string }[];
  files: LockedFile[];
  components: LockedComponent[];
  installed: Record<string, string>;
  /** Corpora whose sha256 differs from the one the protocol declares. */
  corpusMismatches: { id: string; path: string; declared: string; actual: string }[];
}

export function lockPathOf(loaded: LoadedProtocol): string {
  return join(loaded.baseDir, `${loaded.protocol.id}.lock.json`);
}

function relativePath(loaded: LoadedProtocol, abs: string): string {
  return toPosix(relative(loaded.baseDir, abs)) || ".";
}

function isInside(dir: string, abs: string): boolean {
  const r = relative(dir, abs);
  return r === "" || (!r.startsWith("..") && !isAbsolute(r));
}

/** Where a file is recorded: relative to the package root when inside it, else to the protocol's folder. */
function locate(loaded: LoadedProtocol, abs: string): { base: LockedFile["base"]; path: string } {
  if (isInside(PROJECT_ROOT, abs)) return { base: "package", path: toPosix(relative(PROJECT_ROOT, abs)) || "." };
  return { base: "protocol", path: relativePath(loaded, abs) };
}

function absoluteOf(loaded: LoadedProtocol, f: Pick<LockedFile, "base" | "path">): string {
  return resolve(f.base === "package" ? PROJECT_ROOT : loaded.baseDir, f.path);
}

async function fileEntries(loaded: LoadedProtocol, role: LockedFileRole, abs: string): Promise<LockedFile[]> {
  const s = await stat(abs);
  const files = s.isDirectory() ? await listFilesRecursive(abs) : [abs];
  return Promise.all(files.map(async (f) => ({ role, ...locate(loaded, f), sha256: await sha256File(f) })));
}

async function entriesOf(loaded: LoadedProtocol, role: LockedFileRole, files: readonly string[]): Promise<LockedFile[]> {
  return Promise.all(files.map(async (f) => ({ role, ...locate(loaded, f), sha256: await sha256File(f) })));
}

/** The hash a locked file has now (a package's digest for packages), or undefined when it is gone. */
async function currentHash(loaded: LoadedProtocol, f: LockedFile): Promise<string | undefined> {
  const abs = absoluteOf(loaded, f);
  if (!existsSync(abs)) return undefined;
  return f.role === "package" ? packageDigest(abs) : sha256File(abs);
}

/** A path option resolves against the stack's folder, then the project root (as plugins resolve them). */
function existingPath(value: string, baseDir: string): string | undefined {
  const candidates = isAbsolute(value) ? [value] : [resolve(baseDir, value), resolve(PROJECT_ROOT, value)];
  return candidates.find((p) => existsSync(p));
}

function looksLikePath(value: string): boolean {
  return value.includes("/") || /\.[A-Za-z0-9]{1,8}$/.test(value);
}

function stringsIn(value: unknown, key = ""): { key: string; value: string }[] {
  if (typeof value === "string") return [{ key, value }];
  if (Array.isArray(value)) return value.flatMap((v) => stringsIn(v, key));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => stringsIn(v, k));
  return [];
}

interface PluginExtras {
  probeVersion?: (options: unknown, ctx: PluginContext) => Promise<string>;
  /** Files and folders that decide the plugin's behaviour (prompts, models, lists), absolute. */
  lockedPaths?: (options: unknown, ctx: PluginContext) => string[] | Promise<string[]>;
  /** Model plugins (meddeid-onnx) that resolve their `model` option to a folder. */
  resolveModelDirectory?: (model: string, ctx: PluginContext) => string;
}

async function pluginExtras(use: string, source: string): Promise<PluginExtras> {
  const file = source === "builtin" ? runnableModulePath(BUILTIN_DETECTORS[use], PROJECT_ROOT) : source;
  const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  return {
    probeVersion: typeof mod.probeVersion === "function" ? (mod.probeVersion as PluginExtras["probeVersion"]) : undefined,
    lockedPaths: typeof mod.lockedPaths === "function" ? (mod.lockedPaths as PluginExtras["lockedPaths"]) : undefined,
    resolveModelDirectory: typeof mod.resolveModelDirectory === "function" ? (mod.resolveModelDirectory as PluginExtras["resolveModelDirectory"]) : undefined,
  };
}

/** Default prompt folders of the LLM plugin when a stack names none (as the plugin resolves them). */
function defaultPromptRef(use: string, role: "detector" | "second-opinion", language: string): string | undefined {
  if (use !== "ollama-llm") return undefined;
  return `prompts/${role === "detector" ? "llm-detector" : "second-opinion"}/${language}`;
}

interface DetectorUse {
  detector: string;
  use: string;
  with: Record<string, unknown>;
  role: "detector" | "second-opinion";
}

function detectorUses(stack: LoadedStack): DetectorUse[] {
  const uses: DetectorUse[] = stack.config.detectors.map((d) => ({ detector: d.id ?? d.use, use: d.use, with: d.with, role: "detector" }));
  const so = stack.config.second_opinion;
  if (so) uses.push({ detector: "second-opinion", use: so.use, with: so.with, role: "second-opinion" });
  return uses;
}

/** Folders of deidstack's own code and data that decide a result, and the entries whose imports are followed. */
const CORE_FOLDERS = ["src/contract", "src/detectors", "src/stack", "src/healing", "src/transform", "src/eval", "src/battery", "src/protocol", "policies"];
const CORE_ENTRIES = ["src/stack/index.ts", "src/eval/index.ts"];

interface StaticFiles {
  files: LockedFile[];
  /** Installed package folders reached by any module graph (absolute). */
  packages: Set<string>;
}

/** What a stack fixes that can be found without importing its plugins: files and module graphs. */
async function staticStackFiles(loaded: LoadedProtocol, spec: SystemSpec, out: StaticFiles): Promise<void> {
  const stack = await resolveSystemStack(spec, loaded.baseDir, loaded.path);
  if (!isBaselineSystem(spec)) out.files.push({ role: "stack", ...locate(loaded, stack.path), sha256: stack.sha256 });
  for (const f of siteFilePaths(stack.config.site, stack.baseDir)) out.files.push(...(await fileEntries(loaded, "stack-reference", f)));
  for (const u of detectorUses(stack)) {
    const builtin = BUILTIN_DETECTORS[u.use];
    const entry = builtin !== undefined ? resolve(PROJECT_ROOT, builtin) : resolve(stack.baseDir, u.use);
    if (!existsSync(entry)) throw new DeidError("E_DETECTOR_NOT_INSTALLED", `system ${spec.id}: detector ${u.detector} (${u.use}) is not installed`);
    const graph = moduleGraph([entry]);
    if (graph.unresolved.length) {
      throw new DeidError("E_CONFIG", `system ${spec.id}: detector ${u.detector} imports ${graph.unresolved.length} module(s) that do not exist`, { field: "detectors.use" });
    }
    for (const p of graph.packages) out.packages.add(p);
    if (builtin !== undefined) {
      const folder = dirname(entry);
      out.files.push(...(await entriesOf(loaded, "detector", decidingFiles(folder))));
      out.files.push(...(await entriesOf(loaded, "code", graph.files.filter((f) => !isInside(folder, f)))));
    } else {
      out.files.push(...(await entriesOf(loaded, "plugin", graph.files)));
    }
    const promptRef = typeof u.with.prompt === "string" ? u.with.prompt : defaultPromptRef(u.use, u.role, stack.config.language);
    if (promptRef !== undefined) {
      const dir = existingPath(promptRef, stack.baseDir);
      if (!dir) throw new DeidError("E_CONFIG", `system ${spec.id}: prompt ${promptRef} of detector ${u.detector} not found`, { field: "with.prompt" });
      out.files.push(...(await fileEntries(loaded, "prompt", dir)));
    }
    for (const s of stringsIn(u.with)) {
      if (s.key === "prompt" || s.key === "model" || !looksLikePath(s.value)) continue;
      const p = existingPath(s.value, stack.baseDir);
      if (p) out.files.push(...(await fileEntries(loaded, "stack-reference", p)));
    }
  }
}

/** What a stack fixes that only its plugins' code can say: versions, model folders, files they name themselves. */
async function dynamicStackFiles(loaded: LoadedProtocol, spec: SystemSpec, probe: boolean): Promise<{ files: LockedFile[]; components: LockedComponent[] }> {
  const stack = await resolveSystemStack(spec, loaded.baseDir, loaded.path);
  const ctx: PluginContext = { baseDir: stack.baseDir, language: stack.config.language, projectRoot: PROJECT_ROOT };
  const files: LockedFile[] = [];
  const components: LockedComponent[] = [];
  for (const u of detectorUses(stack)) {
    const { plugin, source } = await getPluginRegistry().load(u.use, stack.baseDir);
    const extras = await pluginExtras(u.use, source);
    const options = parseOptions(plugin, u, spec.id);
    if (extras.lockedPaths) {
      for (const p of await extras.lockedPaths(options, ctx)) files.push(...(await fileEntries(loaded, "stack-reference", p)));
    }
    const model = (options as { model?: unknown }).model;
    if (extras.resolveModelDirectory && typeof model === "string") {
      const dir = extras.resolveModelDirectory(model, ctx);
      if (!existsSync(dir)) throw new DeidError("E_CONFIG", `system ${spec.id}: model folder of detector ${u.detector} not found (${relativePath(loaded, dir)})`, { field: "with.model" });
      files.push(...(await fileEntries(loaded, "model", dir)));
    }
    const toolVersion = probe && extras.probeVersion ? await extras.probeVersion(options, ctx) : null;
    components.push({ system: spec.id, detector: u.detector, use: u.use, plugin_version: plugin.meta.version, tool_version: toolVersion });
  }
  return { files, components };
}

function parseOptions(plugin: DetectorPlugin, u: DetectorUse, system: string): unknown {
  const parsed = plugin.meta.configSchema.safeParse(u.with);
  if (!parsed.success) {
    throw new DeidError("E_STACK_CONFIG", `system ${system}: invalid options for detector ${u.detector}: ${parsed.error.issues[0].message}`);
  }
  return parsed.data;
}

function fileKey(f: Pick<LockedFile, "role" | "base" | "path">): string {
  return `${f.role}\0${f.base}\0${f.path}`;
}

function dedupeFiles(files: LockedFile[]): LockedFile[] {
  const byKey = new Map<string, LockedFile>();
  for (const f of files) byKey.set(fileKey(f), f);
  return [...byKey.values()].sort((a, b) => a.role.localeCompare(b.role) || a.base.localeCompare(b.base) || a.path.localeCompare(b.path));
}

type StaticSnapshot = Omit<Snapshot, "components">;

const COMPILED_FROM = ["src/", "plugins/", "baselines/"];
const COMPILED_ROLES: ReadonlySet<LockedFileRole> = new Set(["detector", "code"]);

/**
 * The dist/ counterparts of locked source and data files (`src/x.ts` → `dist/src/x.js`, data copied as is), where
 * they exist: `bin/deidstack.js` runs the compiled code, so an edited dist/ file changes a result as much as an
 * edited source.
 */
async function compiledCounterparts(loaded: LoadedProtocol, files: readonly LockedFile[]): Promise<LockedFile[]> {
  const out: LockedFile[] = [];
  for (const f of files) {
    if (f.base !== "package" || !COMPILED_ROLES.has(f.role) || !COMPILED_FROM.some((p) => f.path.startsWith(p))) continue;
    const abs = resolve(PROJECT_ROOT, "dist", f.path.replace(/\.[cm]?ts$/, (ext) => ext.replace("ts", "js")));
    if (existsSync(abs)) out.push({ role: "compiled", ...locate(loaded, abs), sha256: await sha256File(abs) });
  }
  return out;
}

/** Everything a lock fixes that can be read without importing any plugin (see the notes at the top). */
export async function takeStaticSnapshot(loaded: LoadedProtocol): Promise<StaticSnapshot> {
  const out: StaticFiles = { files: [], packages: new Set() };
  const corpusMismatches: Snapshot["corpusMismatches"] = [];
  for (const c of loaded.protocol.corpora) {
    const abs = resolve(loaded.baseDir, c.path);
    if (!existsSync(abs)) throw new DeidError("E_CONFIG", `corpus ${c.id}: ${c.path} does not exist`, { field: "corpora.path" });
    const actual = await sha256Path(abs);
    if (actual !== c.sha256) corpusMismatches.push({ id: c.id, path: c.path, declared: c.sha256, actual });
    out.files.push({ role: "corpus", ...locate(loaded, abs), sha256: actual });
  }
  for (const spec of loaded.protocol.systems) await staticStackFiles(loaded, spec, out);
  for (const folder of CORE_FOLDERS) {
    const abs = resolve(PROJECT_ROOT, folder);
    if (existsSync(abs)) out.files.push(...(await entriesOf(loaded, "code", decidingFiles(abs))));
  }
  const core = moduleGraph(CORE_ENTRIES.map((e) => resolve(PROJECT_ROOT, e)));
  out.files.push(...(await entriesOf(loaded, "code", core.files)));
  for (const p of core.packages) out.packages.add(p);
  out.files.push(...(await entriesOf(loaded, "code", [resolve(PROJECT_ROOT, "package.json")])));
  for (const dir of [...out.packages].sort()) out.files.push({ role: "package", ...locate(loaded, dir), sha256: packageDigest(dir) });
  const packageLock = resolve(PROJECT_ROOT, "package-lock.json");
  if (existsSync(packageLock)) out.files.push({ role: "package-lock", ...locate(loaded, packageLock), sha256: await sha256File(packageLock) });
  out.files.push(...(await compiledCounterparts(loaded, out.files)));
  const { amendments: _a, ...content } = loaded.raw;
  return {
    protocolSha256: protocolContentSha256(loaded.raw),
    content,
    amendments: rawAmendments(loaded.raw).map((a, i) => ({ date: loaded.protocol.amendments[i]?.date ?? "", sha256: amendmentSha256(a) })),
    files: dedupeFiles(out.files),
    installed: installedVersions(PROJECT_ROOT),
    corpusMismatches,
  };
}

export async function takeSnapshot(loaded: LoadedProtocol, options: { probe: boolean }): Promise<Snapshot> {
  const st = await takeStaticSnapshot(loaded);
  const files = [...st.files];
  const components: LockedComponent[] = [];
  for (const spec of loaded.protocol.systems) {
    const d = await dynamicStackFiles(loaded, spec, options.probe);
    files.push(...d.files);
    components.push(...d.components);
  }
  return { ...st, files: dedupeFiles(files), components };
}

const short = (h: string | null) => (h === null ? "none" : h.length > 16 ? `${h.slice(0, 12)}…` : h);

/** Dotted paths of the fields that differ between two protocol contents. */
export function changedFields(a: unknown, b: unknown, path = ""): string[] {
  if (JSON.stringify(a) === JSON.stringify(b)) return [];
  const isObj = (x: unknown) => x !== null && typeof x === "object";
  if (!isObj(a) || !isObj(b) || Array.isArray(a) !== Array.isArray(b)) return [path || "(whole protocol)"];
  const keys = new Set([...Object.keys(a as object), ...Object.keys(b as object)]);
  const out: string[] = [];
  for (const k of [...keys].sort()) {
    const child = Array.isArray(a) ? `${path}[${k}]` : path ? `${path}.${k}` : k;
    out.push(...changedFields((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], child));
  }
  return out;
}

function describeFile(f: Pick<LockedFile, "role" | "path">): string {
  return f.role === "package" ? `installed package ${f.path}` : `${f.role} file ${f.path}`;
}

/** Differences of the protocol itself, its corpora, the deidstack version and installed package versions. */
function headerDifferences(lock: ProtocolLock, now: StaticSnapshot): string[] {
  const out: string[] = [];
  if (lock.protocol.sha256 !== now.protocolSha256) {
    const fields = changedFields(lock.protocol.content, now.content);
    out.push(`protocol changed (${fields.length ? `fields: ${fields.join(", ")}` : "content"}; sha256 ${short(lock.protocol.sha256)} locked, ${short(now.protocolSha256)} now)`);
  }
  for (const m of now.corpusMismatches) out.push(`corpus ${m.id} (${m.path}) has sha256 ${short(m.actual)}, not the ${short(m.declared)} the protocol declares`);
  if (lock.software.version !== SOFTWARE_VERSION) out.push(`deidstack version ${lock.software.version} locked, ${SOFTWARE_VERSION} now`);
  const names = new Set([...Object.keys(lock.installed), ...Object.keys(now.installed)]);
  const changed = [...names].sort().filter((n) => lock.installed[n] !== now.installed[n]);
  for (const n of changed.slice(0, 20)) out.push(`installed package ${n}: version ${lock.installed[n] ?? "absent"} locked, ${now.installed[n] ?? "absent"} now`);
  if (changed.length > 20) out.push(`… and ${changed.length - 20} more installed package version(s) differ`);
  return out;
}

/** Differences between the files a lock lists and the files found now (only roles in `roles`). */
function fileDifferences(locked: readonly LockedFile[], current: readonly LockedFile[], roles: ReadonlySet<LockedFileRole>): string[] {
  const out: string[] = [];
  const lockedMap = new Map(locked.filter((f) => roles.has(f.role)).map((f) => [fileKey(f), f]));
  const currentMap = new Map(current.filter((f) => roles.has(f.role)).map((f) => [fileKey(f), f]));
  for (const [key, f] of lockedMap) {
    const n = currentMap.get(key);
    if (!n) out.push(`${describeFile(f)} is no longer part of the protocol or is missing (locked sha256 ${short(f.sha256)})`);
    else if (n.sha256 !== f.sha256) out.push(`${describeFile(f)} changed (sha256 ${short(f.sha256)} locked, ${short(n.sha256)} now)`);
  }
  for (const [key, f] of currentMap) if (!lockedMap.has(key)) out.push(`${describeFile(f)} was added after the lock`);
  return out;
}

function componentDifferences(lock: ProtocolLock, components: readonly LockedComponent[]): string[] {
  const out: string[] = [];
  const compKey = (c: LockedComponent) => `${c.system}\0${c.detector}`;
  const lockedComps = new Map(lock.components.map((c) => [compKey(c), c]));
  const nowComps = new Map(components.map((c) => [compKey(c), c]));
  for (const [key, c] of lockedComps) {
    const n = nowComps.get(key);
    const name = `detector ${c.detector} (${c.use}) of system ${c.system}`;
    if (!n) out.push(`${name} is no longer in the protocol`);
    else {
      if (n.use !== c.use) out.push(`${name} now uses ${n.use}`);
      if (n.plugin_version !== c.plugin_version) out.push(`${name}: plugin version ${c.plugin_version} locked, ${n.plugin_version} now`);
      if (lock.tool_versions_probed && n.tool_version !== c.tool_version) out.push(`${name}: tool version ${c.tool_version ?? "none"} locked, ${n.tool_version ?? "none"} now`);
    }
  }
  for (const [key, c] of nowComps) if (!lockedComps.has(key)) out.push(`detector ${c.detector} (${c.use}) of system ${c.system} was added after the lock`);
  return out;
}

const ALL_ROLES: ReadonlySet<LockedFileRole> = new Set(["corpus", "stack", "prompt", "model", "plugin", "stack-reference", "package-lock", "detector", "code", "package", "compiled"]);

/** Differences between a lock and a snapshot, amendments excepted. */
export function contentDifferences(lock: ProtocolLock, now: Snapshot): string[] {
  return [...headerDifferences(lock, now), ...fileDifferences(lock.files, now.files, ALL_ROLES), ...componentDifferences(lock, now.components)];
}

/** Locked amendments must stay as they were, in place; returns problems and the count of new ones. */
export function amendmentDifferences(lock: ProtocolLock, now: Pick<Snapshot, "amendments">): { problems: string[]; appended: number } {
  const problems: string[] = [];
  lock.amendments.forEach((a, i) => {
    const n = now.amendments[i];
    if (!n) problems.push(`amendment ${a.index} (${a.date}) was removed after it was locked`);
    else if (n.sha256 !== a.sha256) problems.push(`amendment ${a.index} (${a.date}) was changed after it was locked`);
  });
  return { problems, appended: Math.max(0, now.amendments.length - lock.amendments.length) };
}

/** The digest a lock carries: sha256 of the canonical JSON of every field but `lock_digest`. */
export function lockDigest(lock: Omit<ProtocolLock, "lock_digest"> | ProtocolLock): string {
  const { lock_digest: _d, ...rest } = lock as ProtocolLock;
  return sha256Text(canonicalJson(rest));
}

export interface ReadLock {
  lock: ProtocolLock;
  /** sha256 of the lock file's bytes. */
  sha256: string;
  /** False when the lock's content no longer matches the digest it carries (it was edited by hand). */
  intact: boolean;
}

export async function readLock(path: string): Promise<ReadLock> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch {
    throw new DeidError("E_CONFIG", `no lock file at ${path}; run \`deidstack protocol lock\` first`);
  }
  let lock: ProtocolLock;
  try {
    lock = JSON.parse(bytes.toString("utf8")) as ProtocolLock;
  } catch {
    throw new DeidError("E_CONFIG", `${path} is not valid JSON`);
  }
  if ((lock?.format as string) === "deidstack.protocol-lock.v1") {
    throw new DeidError("E_CONFIG", `${path} is a ${lock.format} lock, which does not fix code, data or installed packages; lock the protocol again (delete the old lock, or keep it in version control as history)`);
  }
  if (lock?.format !== LOCK_FORMAT) throw new DeidError("E_CONFIG", `${path} is not a ${LOCK_FORMAT} lock file`);
  return { lock, sha256: sha256Text(bytes), intact: typeof lock.lock_digest === "string" && lock.lock_digest === lockDigest(lock) };
}

const EDITED_LOCK = "the lock file was edited after it was written (its content does not match the digest it carries)";

function lockFromSnapshot(loaded: LoadedProtocol, now: Snapshot, probe: boolean, at: Date, history: ProtocolLock["history"]): ProtocolLock {
  const lock: Omit<ProtocolLock, "lock_digest"> = {
    format: LOCK_FORMAT,
    protocol: { id: loaded.protocol.id, file: relativePath(loaded, loaded.path), sha256: now.protocolSha256, content: now.content },
    locked_at: at.toISOString(),
    software: { name: "deidstack", version: SOFTWARE_VERSION },
    amendments: now.amendments.map((a, i) => ({ index: i + 1, date: a.date, sha256: a.sha256 })),
    files: now.files,
    components: now.components,
    tool_versions_probed: probe,
    installed: now.installed,
    history,
  };
  return { ...lock, lock_digest: lockDigest(lock) };
}

async function writeLockFile(path: string, lock: ProtocolLock): Promise<string> {
  const text = JSON.stringify(lock, null, 2) + "\n";
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, text);
  await rename(tmp, path);
  return sha256Text(text);
}

export interface LockOptions {
  /** Run external tools' version probes (default true). Without, tool versions are not fixed by the lock. */
  probe?: boolean;
  now?: Date;
}

export interface LockOutcome {
  status: "created" | "unchanged" | "amended";
  lockPath: string;
  lockSha256: string;
  lock: ProtocolLock;
  /** With status "amended": what changed since the previous lock. */
  changes: string[];
}

/**
 * Locks a protocol. A protocol already locked is re-locked only when amendments were appended (and the locked
 * ones are untouched): any other change is refused, naming what changed.
 */
export async function lockProtocol(path: string, options: LockOptions = {}): Promise<LockOutcome> {
  const probe = options.probe ?? true;
  const loaded = await loadProtocolFile(path);
  const now = await takeSnapshot(loaded, { probe });
  if (now.corpusMismatches.length) {
    throw new DeidError(
      "E_CONFIG",
      `cannot lock: ${now.corpusMismatches.map((m) => `corpus ${m.id} (${m.path}) has sha256 ${m.actual}, the protocol declares ${m.declared}`).join("; ")}`,
    );
  }
  const lockPath = lockPathOf(loaded);
  if (!existsSync(lockPath)) {
    const lock = lockFromSnapshot(loaded, now, probe, options.now ?? new Date(), []);
    return { status: "created", lockPath, lockSha256: await writeLockFile(lockPath, lock), lock, changes: [] };
  }
  const previous = await readLock(lockPath);
  if (!previous.intact) throw new DeidError("E_CONFIG", `cannot lock: ${EDITED_LOCK}; restore it (version control keeps it) before amending`);
  const { problems, appended } = amendmentDifferences(previous.lock, now);
  if (problems.length) throw new DeidError("E_CONFIG", `cannot lock: amendments are append-only: ${problems.join("; ")}`);
  const changes = contentDifferences(previous.lock, now);
  if (probe !== previous.lock.tool_versions_probed) changes.push(`tool version probing ${probe ? "on" : "off"} (was ${previous.lock.tool_versions_probed ? "on" : "off"})`);
  if (appended === 0) {
    if (changes.length === 0) return { status: "unchanged", lockPath, lockSha256: previous.sha256, lock: previous.lock, changes };
    throw new DeidError(
      "E_CONFIG",
      `protocol ${loaded.protocol.id} changed since it was locked: ${changes.join("; ")}. To change a locked protocol, append an amendment (date, reason) and lock again`,
    );
  }
  const history = [...previous.lock.history, { lock_sha256: previous.sha256, locked_at: previous.lock.locked_at, amendments: previous.lock.amendments.length }];
  const lock = lockFromSnapshot(loaded, now, probe, options.now ?? new Date(), history);
  return { status: "amended", lockPath, lockSha256: await writeLockFile(lockPath, lock), lock, changes };
}

export interface VerifyOutcome {
  ok: boolean;
  differences: string[];
  loaded: LoadedProtocol;
  lockPath: string;
  lock: ProtocolLock;
  lockSha256: string;
}

/**
 * Recomputes everything the lock fixes and lists every difference (empty when the protocol may run). First, without
 * importing any plugin: the lock's own digest, then the protocol, corpora, installed versions and the hash of every
 * file the lock lists, and the files the stacks and module graphs name now. Only when all of that matches are the
 * plugins imported, for their versions, tool versions and the files they name themselves.
 */
export async function verifyProtocol(path: string): Promise<VerifyOutcome> {
  const loaded = await loadProtocolFile(path);
  const lockPath = lockPathOf(loaded);
  const { lock, sha256, intact } = await readLock(lockPath);
  const done = (differences: string[]): VerifyOutcome => ({ ok: differences.length === 0, differences, loaded, lockPath, lock, lockSha256: sha256 });
  if (!intact) return done([EDITED_LOCK]);
  const differences: string[] = [];
  if (lock.protocol.id !== loaded.protocol.id) differences.push(`lock is for protocol ${lock.protocol.id}, not ${loaded.protocol.id}`);
  const st = await takeStaticSnapshot(loaded);
  const { problems, appended } = amendmentDifferences(lock, st);
  differences.push(...problems);
  for (let i = lock.amendments.length; i < lock.amendments.length + appended; i++) {
    differences.push(`amendment ${i + 1} (${st.amendments[i].date}) is not in the lock yet; run \`deidstack protocol lock\` to record it`);
  }
  differences.push(...headerDifferences(lock, st));
  differences.push(...fileDifferences(lock.files, st.files, STATIC_ROLES));
  // Files only plugin code names (models, files a plugin lists itself): hashed from the lock's list, no import.
  for (const f of lock.files.filter((x) => !STATIC_ROLES.has(x.role))) {
    const h = await currentHash(loaded, f);
    if (h === undefined) differences.push(`${describeFile(f)} is missing (locked sha256 ${short(f.sha256)})`);
    else if (h !== f.sha256) differences.push(`${describeFile(f)} changed (sha256 ${short(f.sha256)} locked, ${short(h)} now)`);
  }
  if (differences.length) return done(differences);
  const now = await takeSnapshot(loaded, { probe: lock.tool_versions_probed });
  const dynamicRoles = new Set([...ALL_ROLES].filter((r) => !STATIC_ROLES.has(r)));
  return done([...fileDifferences(lock.files, now.files, dynamicRoles), ...componentDifferences(lock, now.components)]);
}
