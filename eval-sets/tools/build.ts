// Builds eval-sets/<lang>/<split>/<name>.jsonl from <name>.txt, checks builds and freezes sets.
//   node --import tsx eval-sets/tools/build.ts                 build every source
//   node --import tsx eval-sets/tools/build.ts --check         fail if a build is stale or a frozen file changed
//   node --import tsx eval-sets/tools/build.ts --freeze PATH…  record sha256 of sources and builds in FROZEN.json
//   node --import tsx eval-sets/tools/build.ts --stats         documents and spans per file (counts only)
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { MarkupError, parseSource, toJsonl } from "./markup.js";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const FROZEN_PATH = join(ROOT, "FROZEN.json");
const FORMAT = "deidstack.eval-sets.frozen.v1";

export interface FrozenEntry {
  source_sha256: string;
  jsonl_sha256: string;
  documents: number;
  spans: number;
  frozen_on: string;
  author: string;
}
export interface FrozenFile {
  format: typeof FORMAT;
  sets: Record<string, FrozenEntry>;
}

const sha256 = (data: string | Buffer): string => createHash("sha256").update(data).digest("hex");

/** Every `<lang>/<split>/<name>.txt` source under eval-sets/, as paths relative to eval-sets/. */
export function listSources(root = ROOT): string[] {
  const out: string[] = [];
  for (const lang of readdirSync(root)) {
    const langDir = join(root, lang);
    if (lang === "tools" || !statSync(langDir).isDirectory()) continue;
    for (const split of readdirSync(langDir)) {
      const splitDir = join(langDir, split);
      if (!statSync(splitDir).isDirectory()) continue;
      for (const f of readdirSync(splitDir)) if (f.endsWith(".txt")) out.push(join(lang, split, f));
    }
  }
  return out.sort();
}

export function readFrozen(path = FROZEN_PATH): FrozenFile {
  if (!existsSync(path)) return { format: FORMAT, sets: {} };
  const parsed = JSON.parse(readFileSync(path, "utf8")) as FrozenFile;
  if (parsed.format !== FORMAT) throw new Error(`${path}: unknown format`);
  return parsed;
}

export function buildSource(rel: string, root = ROOT): { jsonl: string; documents: number; spans: number } {
  const docs = parseSource(rel, readFileSync(join(root, rel), "utf8"));
  return { jsonl: toJsonl(docs), documents: docs.length, spans: docs.reduce((n, d) => n + d.spans.length, 0) };
}

/** Problems that make the tree untrustworthy: stale builds, edited frozen files, unfrozen test sets. */
export function checkTree(root = ROOT): string[] {
  const problems: string[] = [];
  const frozen = readFrozen(join(root, "FROZEN.json"));
  const sources = listSources(root);
  for (const rel of sources) {
    const out = rel.replace(/\.txt$/, ".jsonl");
    let built: string;
    try {
      built = buildSource(rel, root).jsonl;
    } catch (e) {
      problems.push(e instanceof MarkupError ? e.message : `${rel}: ${String(e)}`);
      continue;
    }
    const outPath = join(root, out);
    if (!existsSync(outPath) || readFileSync(outPath, "utf8") !== built) problems.push(`${out}: stale build`);
    const entry = frozen.sets[rel];
    if (!entry) {
      if (rel.split("/")[1] === "test") problems.push(`${rel}: a test set that is not frozen`);
      continue;
    }
    if (sha256(readFileSync(join(root, rel))) !== entry.source_sha256) problems.push(`${rel}: changed after freezing`);
    if (existsSync(outPath) && sha256(readFileSync(outPath)) !== entry.jsonl_sha256) {
      problems.push(`${out}: changed after freezing`);
    }
  }
  for (const rel of Object.keys(frozen.sets)) {
    if (!sources.includes(rel)) problems.push(`${rel}: frozen but missing`);
  }
  return problems;
}

function main(argv: string[]): number {
  if (argv[0] === "--check") {
    const problems = checkTree();
    for (const p of problems) console.error(p);
    console.log(problems.length === 0 ? "eval-sets: all builds current, frozen files intact" : "");
    return problems.length === 0 ? 0 : 1;
  }
  if (argv[0] === "--stats") {
    for (const rel of listSources()) {
      const b = buildSource(rel);
      console.log(`${rel}\t${b.documents} documents\t${b.spans} spans`);
    }
    return 0;
  }
  if (argv[0] === "--freeze") {
    const authorIdx = argv.indexOf("--author");
    const author = authorIdx > 0 ? argv[authorIdx + 1] : "unknown";
    const paths = argv.slice(1).filter((p, i, a) => p !== "--author" && a[i - 1] !== "--author");
    const frozen = readFrozen();
    for (const p of paths) {
      const rel = relative(ROOT, resolve(p));
      if (frozen.sets[rel]) {
        console.error(`${rel}: already frozen; write a new set instead of editing this one`);
        return 1;
      }
      const b = buildSource(rel);
      writeFileSync(join(ROOT, rel.replace(/\.txt$/, ".jsonl")), b.jsonl);
      frozen.sets[rel] = {
        source_sha256: sha256(readFileSync(join(ROOT, rel))),
        jsonl_sha256: sha256(b.jsonl),
        documents: b.documents,
        spans: b.spans,
        frozen_on: new Date().toISOString().slice(0, 10),
        author,
      };
      console.log(`froze ${rel}: ${b.documents} documents, ${b.spans} spans`);
    }
    const sorted = Object.fromEntries(Object.entries(frozen.sets).sort(([a], [b]) => a.localeCompare(b)));
    writeFileSync(FROZEN_PATH, JSON.stringify({ format: FORMAT, sets: sorted }, null, 2) + "\n");
    return 0;
  }
  let failed = 0;
  for (const rel of listSources()) {
    try {
      const b = buildSource(rel);
      writeFileSync(join(ROOT, rel.replace(/\.txt$/, ".jsonl")), b.jsonl);
      console.log(`${rel}: ${b.documents} documents, ${b.spans} spans`);
    } catch (e) {
      failed++;
      console.error(e instanceof MarkupError ? e.message : String(e));
    }
  }
  return failed === 0 ? 0 : 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
