// Protocol locks (<protocol dir>/<id>.lock.json): sha256 of the protocol (amendments excluded), of every stack
// file, prompt file and corpus, of user plugin files and of package-lock.json, plus plugin and external tool
// versions. `verify` recomputes all of it and names every difference; amendments are append-only.
import { existsSync } from "node:fs";
import { readFile, rename, stat, writeFile } from "node:fs/promises";
import { isAbsolute, join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { DeidError } from "../contract/index.js";
import { BUILTIN_DETECTORS, PROJECT_ROOT, getPluginRegistry, type DetectorPlugin, type PluginContext } from "../detectors/index.js";
import { isBaselineSystem, listFilesRecursive, resolveSystemStack, sha256File, sha256Path, sha256Text, toPosix, type SystemSpec } from "../battery/index.js";
import { SOFTWARE_VERSION, siteFilePaths, type LoadedStack } from "../stack/index.js";
import { amendmentSha256, loadProtocolFile, protocolContentSha256, rawAmendments, type LoadedProtocol } from "./schema.js";

export const LOCK_FORMAT = "deidstack.protocol-lock.v1";

export type LockedFileRole = "corpus" | "stack" | "prompt" | "model" | "plugin" | "stack-reference" | "package-lock";

export interface LockedFile {
  role: LockedFileRole;
  /** Relative to the protocol's folder, with `/` separators. */
  path: string;
  sha256: string;
}

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
  /** Earlier locks of this protocol (before amendments), oldest first. */
  history: { lock_sha256: string; locked_at: string; amendments: number }[];
}

/** What the protocol and its files look like now. */
export interface Snapshot {
  protocolSha256: string;
  content: Record<string, unknown>;
  amendments: { date: string; sha256: string }[];
  files: LockedFile[];
  components: LockedComponent[];
  /** Corpora whose sha256 differs from the one the protocol declares. */
  corpusMismatches: { id: string; path: string; declared: string; actual: string }[];
}

export function lockPathOf(loaded: LoadedProtocol): string {
  return join(loaded.baseDir, `${loaded.protocol.id}.lock.json`);
}

function relativePath(loaded: LoadedProtocol, abs: string): string {
  return toPosix(relative(loaded.baseDir, abs)) || ".";
}

async function fileEntries(loaded: LoadedProtocol, role: LockedFileRole, abs: string): Promise<LockedFile[]> {
  const s = await stat(abs);
  const files = s.isDirectory() ? await listFilesRecursive(abs) : [abs];
  return Promise.all(files.map(async (f) => ({ role, path: relativePath(loaded, f), sha256: await sha256File(f) })));
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
  const file = source === "builtin" ? resolve(PROJECT_ROOT, BUILTIN_DETECTORS[use]) : source;
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

async function snapshotStack(loaded: LoadedProtocol, spec: SystemSpec, probe: boolean): Promise<{ files: LockedFile[]; components: LockedComponent[] }> {
  const stack = await resolveSystemStack(spec, loaded.baseDir, loaded.path);
  const files: LockedFile[] = [];
  if (!isBaselineSystem(spec)) files.push({ role: "stack", path: relativePath(loaded, stack.path), sha256: stack.sha256 });
  for (const f of siteFilePaths(stack.config.site, stack.baseDir)) files.push(...(await fileEntries(loaded, "stack-reference", f)));
  const ctx: PluginContext = { baseDir: stack.baseDir, language: stack.config.language, projectRoot: PROJECT_ROOT };
  const components: LockedComponent[] = [];
  for (const u of detectorUses(stack)) {
    const { plugin, source } = await getPluginRegistry().load(u.use, stack.baseDir);
    if (source !== "builtin") files.push(...(await fileEntries(loaded, "plugin", source)));
    const extras = await pluginExtras(u.use, source);
    const options = parseOptions(plugin, u, spec.id);
    if (extras.lockedPaths) {
      for (const p of await extras.lockedPaths(options, ctx)) files.push(...(await fileEntries(loaded, "stack-reference", p)));
    } else {
      const promptRef = typeof u.with.prompt === "string" ? u.with.prompt : defaultPromptRef(u.use, u.role, stack.config.language);
      if (promptRef !== undefined) {
        const dir = existingPath(promptRef, stack.baseDir);
        if (!dir) throw new DeidError("E_CONFIG", `system ${spec.id}: prompt ${promptRef} of detector ${u.detector} not found`, { field: "with.prompt" });
        files.push(...(await fileEntries(loaded, "prompt", dir)));
      }
      const model = (options as { model?: unknown }).model;
      if (extras.resolveModelDirectory && typeof model === "string") {
        const dir = extras.resolveModelDirectory(model, ctx);
        if (!existsSync(dir)) throw new DeidError("E_CONFIG", `system ${spec.id}: model folder of detector ${u.detector} not found (${relativePath(loaded, dir)})`, { field: "with.model" });
        files.push(...(await fileEntries(loaded, "model", dir)));
      }
      for (const s of stringsIn(u.with)) {
        if (s.key === "prompt" || s.key === "model" || !looksLikePath(s.value)) continue;
        const p = existingPath(s.value, stack.baseDir);
        if (p) files.push(...(await fileEntries(loaded, "stack-reference", p)));
      }
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

function dedupeFiles(files: LockedFile[]): LockedFile[] {
  const byKey = new Map<string, LockedFile>();
  for (const f of files) byKey.set(`${f.role}\0${f.path}`, f);
  return [...byKey.values()].sort((a, b) => a.role.localeCompare(b.role) || a.path.localeCompare(b.path));
}

export async function takeSnapshot(loaded: LoadedProtocol, options: { probe: boolean }): Promise<Snapshot> {
  const files: LockedFile[] = [];
  const corpusMismatches: Snapshot["corpusMismatches"] = [];
  for (const c of loaded.protocol.corpora) {
    const abs = resolve(loaded.baseDir, c.path);
    if (!existsSync(abs)) throw new DeidError("E_CONFIG", `corpus ${c.id}: ${c.path} does not exist`, { field: "corpora.path" });
    const actual = await sha256Path(abs);
    if (actual !== c.sha256) corpusMismatches.push({ id: c.id, path: c.path, declared: c.sha256, actual });
    files.push({ role: "corpus", path: relativePath(loaded, abs), sha256: actual });
  }
  const components: LockedComponent[] = [];
  for (const spec of loaded.protocol.systems) {
    const s = await snapshotStack(loaded, spec, options.probe);
    files.push(...s.files);
    components.push(...s.components);
  }
  const packageLock = resolve(PROJECT_ROOT, "package-lock.json");
  if (existsSync(packageLock)) files.push({ role: "package-lock", path: relativePath(loaded, packageLock), sha256: await sha256File(packageLock) });
  const { amendments: _a, ...content } = loaded.raw;
  return {
    protocolSha256: protocolContentSha256(loaded.raw),
    content,
    amendments: rawAmendments(loaded.raw).map((a, i) => ({ date: loaded.protocol.amendments[i]?.date ?? "", sha256: amendmentSha256(a) })),
    files: dedupeFiles(files),
    components,
    corpusMismatches,
  };
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

/** Differences between a lock and a snapshot, amendments excepted. */
export function contentDifferences(lock: ProtocolLock, now: Snapshot): string[] {
  const out: string[] = [];
  if (lock.protocol.sha256 !== now.protocolSha256) {
    const fields = changedFields(lock.protocol.content, now.content);
    out.push(`protocol changed (${fields.length ? `fields: ${fields.join(", ")}` : "content"}; sha256 ${short(lock.protocol.sha256)} locked, ${short(now.protocolSha256)} now)`);
  }
  for (const m of now.corpusMismatches) out.push(`corpus ${m.id} (${m.path}) has sha256 ${short(m.actual)}, not the ${short(m.declared)} the protocol declares`);
  const locked = new Map(lock.files.map((f) => [`${f.role}\0${f.path}`, f]));
  const current = new Map(now.files.map((f) => [`${f.role}\0${f.path}`, f]));
  for (const [key, f] of locked) {
    const n = current.get(key);
    if (!n) out.push(`${f.role} file ${f.path} is no longer part of the protocol or is missing (locked sha256 ${short(f.sha256)})`);
    else if (n.sha256 !== f.sha256) out.push(`${f.role} file ${f.path} changed (sha256 ${short(f.sha256)} locked, ${short(n.sha256)} now)`);
  }
  for (const [key, f] of current) if (!locked.has(key)) out.push(`${f.role} file ${f.path} was added after the lock`);
  const compKey = (c: LockedComponent) => `${c.system}\0${c.detector}`;
  const lockedComps = new Map(lock.components.map((c) => [compKey(c), c]));
  const nowComps = new Map(now.components.map((c) => [compKey(c), c]));
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
  if (lock.software.version !== SOFTWARE_VERSION) out.push(`deidstack version ${lock.software.version} locked, ${SOFTWARE_VERSION} now`);
  return out;
}

/** Locked amendments must stay as they were, in place; returns problems and the count of new ones. */
export function amendmentDifferences(lock: ProtocolLock, now: Snapshot): { problems: string[]; appended: number } {
  const problems: string[] = [];
  lock.amendments.forEach((a, i) => {
    const n = now.amendments[i];
    if (!n) problems.push(`amendment ${a.index} (${a.date}) was removed after it was locked`);
    else if (n.sha256 !== a.sha256) problems.push(`amendment ${a.index} (${a.date}) was changed after it was locked`);
  });
  return { problems, appended: Math.max(0, now.amendments.length - lock.amendments.length) };
}

export async function readLock(path: string): Promise<{ lock: ProtocolLock; sha256: string }> {
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
  if (lock?.format !== LOCK_FORMAT) throw new DeidError("E_CONFIG", `${path} is not a ${LOCK_FORMAT} lock file`);
  return { lock, sha256: sha256Text(bytes) };
}

function lockFromSnapshot(loaded: LoadedProtocol, now: Snapshot, probe: boolean, at: Date, history: ProtocolLock["history"]): ProtocolLock {
  return {
    format: LOCK_FORMAT,
    protocol: { id: loaded.protocol.id, file: relativePath(loaded, loaded.path), sha256: now.protocolSha256, content: now.content },
    locked_at: at.toISOString(),
    software: { name: "deidstack", version: SOFTWARE_VERSION },
    amendments: now.amendments.map((a, i) => ({ index: i + 1, date: a.date, sha256: a.sha256 })),
    files: now.files,
    components: now.components,
    tool_versions_probed: probe,
    history,
  };
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

/** Recomputes everything the lock fixes and lists every difference (empty when the protocol may run). */
export async function verifyProtocol(path: string): Promise<VerifyOutcome> {
  const loaded = await loadProtocolFile(path);
  const lockPath = lockPathOf(loaded);
  const { lock, sha256 } = await readLock(lockPath);
  const differences: string[] = [];
  if (lock.protocol.id !== loaded.protocol.id) differences.push(`lock is for protocol ${lock.protocol.id}, not ${loaded.protocol.id}`);
  const now = await takeSnapshot(loaded, { probe: lock.tool_versions_probed });
  const { problems, appended } = amendmentDifferences(lock, now);
  differences.push(...problems);
  for (let i = lock.amendments.length; i < lock.amendments.length + appended; i++) {
    differences.push(`amendment ${i + 1} (${now.amendments[i].date}) is not in the lock yet; run \`deidstack protocol lock\` to record it`);
  }
  differences.push(...contentDifferences(lock, now));
  return { ok: differences.length === 0, differences, loaded, lockPath, lock, lockSha256: sha256 };
}

