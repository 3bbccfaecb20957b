// The published package, as a user gets it: `npm pack` (which builds dist/ through `prepare`), the tarball unpacked
// into an empty project's node_modules with its dependencies taken from this checkout's node_modules (offline),
// then the README's API example, its plugin example and the CLI run there with no tsx and no TypeScript sources.
import { execFile } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../e2e/helpers.js";

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, "..", "..");
const README = readFileSync(join(ROOT, "README.md"), "utf8");
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  name: string;
  version: string;
  dependencies: Record<string, string>;
};

/** The fenced code block of the README that follows the line containing `marker`. */
function readmeBlock(marker: string): string {
  const at = README.indexOf(marker);
  if (at < 0) throw new Error(`README has no "${marker}"`);
  const m = /```[a-z]*\n([\s\S]*?)```/.exec(README.slice(at));
  if (!m) throw new Error(`no code block after "${marker}"`);
  return m[1];
}

let project: string;
let installed: string;

beforeAll(async () => {
  const work = tempDir("deidstack-pack-");
  const { stdout } = await run("npm", ["pack", "--json", "--pack-destination", work], {
    cwd: ROOT,
    env: { ...process.env, ONNXRUNTIME_NODE_INSTALL: "skip" },
    maxBuffer: 64 << 20,
  });
  const tarball = join(work, (JSON.parse(stdout.slice(stdout.indexOf("["))) as { filename: string }[])[0].filename);
  project = join(work, "project");
  installed = join(project, "node_modules", pkg.name);
  mkdirSync(join(project, "node_modules", ".bin"), { recursive: true });
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "user-project", private: true, type: "module" }));
  mkdirSync(installed);
  await run("tar", ["-xzf", tarball, "-C", installed, "--strip-components=1"]);
  // What npm install would link: each declared dependency, and the bin.
  for (const dep of Object.keys(pkg.dependencies)) {
    const target = join(project, "node_modules", dep);
    mkdirSync(resolve(target, ".."), { recursive: true });
    symlinkSync(join(ROOT, "node_modules", dep), target, "dir");
  }
  symlinkSync(join(installed, "bin", "deidstack.js"), join(project, "node_modules", ".bin", "deidstack"));
}, 300_000);

afterAll(() => {
  if (project) chmodSync(project, 0o755);
});

async function node(args: string[]) {
  return run(process.execPath, args, { cwd: project, maxBuffer: 64 << 20 });
}

describe("the npm package", () => {
  it("ships compiled JavaScript with types and no TypeScript sources or tests", () => {
    expect(existsSync(join(installed, "dist", "src", "index.js"))).toBe(true);
    expect(existsSync(join(installed, "dist", "src", "index.d.ts"))).toBe(true);
    expect(existsSync(join(installed, "dist", "plugins", "rules-nl-be", "index.js"))).toBe(true);
    expect(existsSync(join(installed, "src"))).toBe(false);
    expect(existsSync(join(installed, "test"))).toBe(false);
    expect(existsSync(join(installed, "dist", "plugins", "patterns", "index.test.js"))).toBe(false);
    expect(statSync(join(installed, "bin", "deidstack.js")).mode & 0o111).not.toBe(0);
  });

  it("runs the README's API example: one note in, spans and text out", async () => {
    writeFileSync(join(project, "example.mjs"), readmeBlock("<!-- api-example -->"));
    const { stdout } = await node(["example.mjs"]);
    const out = JSON.parse(stdout) as { text: string; spans: { start: number; end: number; label: string }[] };
    expect(out.text).not.toContain("Peeters");
    expect(out.text).toContain("[Name:Patient]");
    expect(out.spans.map((s) => s.label)).toContain("Name:Patient");
  });

  it("runs the README's plugin example as written, from a stack file, through the installed CLI", async () => {
    writeFileSync(join(project, "my-detector.mjs"), readmeBlock("<!-- plugin-example -->"));
    writeFileSync(join(project, "my-stack.yaml"), readmeBlock("<!-- plugin-stack-example -->"));
    const note = { document_id: "n1", text: "Opgenomen op kamer BED-1234 na val." };
    writeFileSync(join(project, "notes.jsonl"), JSON.stringify(note) + "\n");
    const bin = join(project, "node_modules", ".bin", "deidstack");
    await node([bin, "run", "--stack", "./my-stack.yaml", "notes.jsonl", "-o", "out.jsonl"]);
    const record = JSON.parse(readFileSync(join(project, "out.jsonl"), "utf8")) as {
      deid_text: string;
      spans: { begin: number; end: number; detectors: string[] }[];
    };
    expect(record.deid_text).not.toContain("BED-1234");
    expect(record.spans.find((s) => s.detectors.includes("my-detector"))).toMatchObject({ begin: 19, end: 27 });
  });

  it("prints the package version and scores through the API", async () => {
    const bin = join(project, "node_modules", ".bin", "deidstack");
    expect((await node([bin, "--version"])).stdout.trim()).toBe(pkg.version);
    const script = [
      'import { score } from "deidstack";',
      'const gold = [{ document_id: "d", text: "Jan Peeters belt.", spans: [{ start: 0, end: 11, label: "Name:Patient" }] }];',
      'const s = score(gold, [{ document_id: "d", spans: [{ start: 0, end: 11, label: "Name:Patient" }] }]);',
      "console.log(JSON.stringify(s.systems[0].metrics));",
    ].join("\n");
    writeFileSync(join(project, "score.mjs"), script);
    const metrics = JSON.parse((await node(["score.mjs"])).stdout) as Record<string, number>;
    expect(metrics.core_pii_recall).toBe(1);
    expect(metrics.span_precision).toBe(1);
  });
});
