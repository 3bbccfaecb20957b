// Tampering with what decides a result, through the real CLI of a copied install folder (the checkout's own files
// are never touched): 16 tampers (19 where dist/ is built: the compiled code bin/deidstack.js runs and the data it
// reads) make `protocol verify` exit 1 naming each thing that changed (all but one applied together,
// each naming its own file, so one verify covers them on this slow machine; the hand-edited lock alone, since a lock
// that fails its own digest is not read further), `protocol run` refuses, undoing them makes verify pass again, the
// same lock holds in a second copy of the install folder, and a tampered plugin is never imported by verify.
import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { sha256 } from "./workspace.js";

const ROOT = resolve(import.meta.dirname, "..", "..");
/** The compiled code bin/deidstack.js runs (built by `npm ci` through `prepare`; CI always has it). */
const HAS_DIST = existsSync(join(ROOT, "dist", "src", "cli", "main.js"));
const TOP = ["bin", "src", "plugins", "baselines", "stacks", "prompts", "policies", "package.json", "package-lock.json", "tsconfig.json", ...(HAS_DIST ? ["dist"] : [])];
/** A small installed package (a dependency of p-limit) copied for real, so its files can be edited in the copy. */
const EDITABLE_PACKAGE = "yocto-queue";
const DEP = "deidstack-tamper-dep";

interface Cli {
  code: number;
  stdout: string;
  stderr: string;
}

function cli(install: string, args: string[]): Promise<Cli> {
  return new Promise((done) => {
    // The copy's CLI from its TypeScript sources (the files this test tampers with), as the other CLI tests run it.
    execFile(process.execPath, [join(install, "test", "support", "cli-from-source.js"), ...args], { cwd: install, maxBuffer: 32 << 20 }, (err, stdout, stderr) => {
      done({ code: err ? (typeof (err as { code?: unknown }).code === "number" ? (err as { code: number }).code : 1) : 0, stdout, stderr });
    });
  });
}

/** A copy of the install: project files copied, node_modules entries linked, two packages real and editable. */
function makeInstall(dir: string): void {
  for (const name of TOP) cpSync(join(ROOT, name), join(dir, name), { recursive: true });
  cpSync(join(ROOT, "test", "support", "cli-from-source.js"), join(dir, "test", "support", "cli-from-source.js"));
  const nm = join(dir, "node_modules");
  mkdirSync(nm);
  for (const name of readdirSync(join(ROOT, "node_modules"))) {
    if (name === EDITABLE_PACKAGE) cpSync(join(ROOT, "node_modules", name), join(nm, name), { recursive: true });
    else symlinkSync(join(ROOT, "node_modules", name), join(nm, name));
  }
  mkdirSync(join(nm, DEP));
  writeFileSync(join(nm, DEP, "package.json"), JSON.stringify({ name: DEP, version: "1.0.0", type: "module", main: "index.js" }));
  writeFileSync(join(nm, DEP, "index.js"), "export const LABEL = 'Date';\n");
  const p = join(dir, "protocols", "tamper");
  mkdirSync(p, { recursive: true });
  cpSync(join(ROOT, "test", "fixtures", "battery", "corpus.jsonl"), join(p, "corpus.jsonl"));
  writeFileSync(join(p, "helper.ts"), "export const DATE = /\\b\\d{1,2}[-./]\\d{1,2}[-./]\\d{2,4}\\b/g;\n");
  writeFileSync(
    join(p, "plugin.ts"),
    [
      'import { z } from "zod";',
      `import { LABEL } from "${DEP}";`,
      'import { DATE } from "./helper.ts";',
      "export default {",
      '  meta: { id: "tamper-dates", version: "1.0.0", description: "dates by a regex", labels: ["Date"], configSchema: z.object({}), kind: "deterministic" },',
      "  create: () => ({ id: \"tamper-dates\", detect: (d: { text: string }) => [...d.text.matchAll(DATE)].map((m) => ({ start: m.index!, end: m.index! + m[0].length, label: LABEL, score: 1 })) }),",
      "};",
      "",
    ].join("\n"),
  );
  const stack = (name: string, detectors: unknown[]) => stringify({ name, language: "nl-BE", detectors, healing: "nl-BE", transform: "placeholders", leak_guard: false });
  writeFileSync(join(p, "with-plugin.yaml"), stack("with-plugin", [{ use: "known-identifiers" }, { use: "rules-nl-be" }, { use: "./plugin.ts" }]));
  writeFileSync(join(p, "plain.yaml"), stack("plain", [{ use: "known-identifiers" }]));
  const protocol = {
    id: "tamper",
    title: "Tamper fixture",
    corpora: [{ id: "c", path: "corpus.jsonl", sha256: sha256(join(p, "corpus.jsonl")), cluster: "patient" }],
    systems: [
      { id: "with-plugin", stack: "./with-plugin.yaml" },
      { id: "plain", stack: "./plain.yaml" },
    ],
    measures: ["span_recall"],
    bootstrap: { replicates: 200, seed: 1, cluster: "patient" },
    timing: { warmup_documents: 1, isolation: "none" },
    statements: [{ id: "A", kind: "superiority", corpus: "c", description: "x", system: "with-plugin", reference: "plain", measure: "span_recall" }],
    amendments: [],
  };
  writeFileSync(join(p, "protocol.yaml"), stringify(protocol));
}

const PROTOCOL = join("protocols", "tamper", "protocol.yaml");
let base: string;
let install: string;

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), "deidstack-tamper-"));
  install = join(base, "install-a");
  mkdirSync(install);
  makeInstall(install);
  const locked = await cli(install, ["protocol", "lock", "--no-probe", PROTOCOL]);
  expect(locked.stderr).toBe("");
  expect(locked.code).toBe(0);
}, 180_000);

afterAll(() => rmSync(base, { recursive: true, force: true }));

/** A tamper: what it edits (relative to the install), how, and what verify must name. */
type Tamper = [name: string, file: () => string, edit: (bytes: Buffer) => Buffer | string, expected: RegExp];

const append = (text: string) => (b: Buffer) => Buffer.concat([b, Buffer.from(text)]);
const firstList = () => {
  const data = join(install, "plugins", "rules-nl-be", "data");
  const walk = (d: string): string | undefined => {
    for (const n of readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = join(d, n.name);
      if (n.isDirectory()) {
        const r = walk(p);
        if (r) return r;
      } else if (n.name === "items.txt" && readFileSync(p).length > 0) return p;
    }
    return undefined;
  };
  return walk(data)!.slice(install.length + 1);
};

const TAMPERS: Tamper[] = [
  ["a protocol field", () => PROTOCOL, (b) => b.toString().replace("replicates: 200", "replicates: 199"), /protocol changed \(fields: bootstrap\.replicates/],
  ["a corpus byte", () => "protocols/tamper/corpus.jsonl", (b) => ((b[b.length - 3] ^= 1), b), /corpus file protocols\/tamper\/corpus\.jsonl changed/],
  ["a stack file", () => "protocols/tamper/with-plugin.yaml", append("# edited\n"), /stack file protocols\/tamper\/with-plugin\.yaml changed/],
  ["the user plugin's entry", () => "protocols/tamper/plugin.ts", append("// edited\n"), /plugin file protocols\/tamper\/plugin\.ts changed/],
  ["a module the user plugin imports", () => "protocols/tamper/helper.ts", (b) => b.toString().replace("{1,2}", "{1,3}"), /plugin file protocols\/tamper\/helper\.ts changed/],
  ["a new import in the user plugin", () => "protocols/tamper/helper.ts", (b) => `import "./extra.ts";\n${b}`, /plugin file protocols\/tamper\/extra\.ts was added after the lock/],
  ["a node_modules file the user plugin imports", () => `node_modules/${DEP}/index.js`, () => "export const LABEL = 'Name:Patient';\n", new RegExp(`installed package node_modules/${DEP} changed`)],
  ["the scorer (src/eval/counts.ts)", () => "src/eval/counts.ts", append("\n// edited\n"), /code file src\/eval\/counts\.ts changed/],
  ["an emptied rules lookup list", firstList, () => "", /detector file plugins\/rules-nl-be\/data\/.*items\.txt changed/],
  ["plugins/rules-nl-be/lib/names.ts", () => "plugins/rules-nl-be/lib/names.ts", append("\n// edited\n"), /detector file plugins\/rules-nl-be\/lib\/names\.ts changed/],
  ["a healing rule", () => "src/healing/rules/trim-span.ts", append("\n// edited\n"), /code file src\/healing\/rules\/trim-span\.ts changed/],
  ["the leak guard", () => "src/transform/leak-guard.ts", append("\n// edited\n"), /code file src\/transform\/leak-guard\.ts changed/],
  ["the known-identifiers detector", () => "plugins/known-identifiers/index.ts", append("\n// edited\n"), /detector file plugins\/known-identifiers\/index\.ts changed/],
  ["package-lock.json", () => "package-lock.json", (b) => b.toString().replace('"lockfileVersion": 3', '"lockfileVersion": 3 '), /package-lock file package-lock\.json changed/],
  ["an installed package's version", () => `node_modules/${EDITABLE_PACKAGE}/package.json`, (b) => b.toString().replace(/"version": "([^"]+)"/, '"version": "$1-edited"'), new RegExp(`installed package ${EDITABLE_PACKAGE}: version .* locked, .*-edited now`)],
  ...(HAS_DIST
    ? ([
        ["the compiled scorer (dist/src/eval/counts.js)", () => "dist/src/eval/counts.js", append("\n// edited\n"), /compiled file dist\/src\/eval\/counts\.js changed/],
        ["a compiled rules-nl-be module", () => "dist/plugins/rules-nl-be/lib/names.js", append("\n// edited\n"), /compiled file dist\/plugins\/rules-nl-be\/lib\/names\.js changed/],
        ["a rules-nl-be list as dist/ reads it", () => `dist/${firstList()}`, () => "", /compiled file dist\/plugins\/rules-nl-be\/data\/.*items\.txt changed/],
      ] satisfies Tamper[])
    : []),
  ["the lock itself, by hand", () => "protocols/tamper/tamper.lock.json", (b) => b.toString().replace(/"sha256": "[0-9a-f]{64}"/, `"sha256": "${"0".repeat(64)}"`), /lock file was edited after it was written/],
];

describe("protocol locks against tampering, through the CLI", () => {
  it("the lock holds for the install it was made in, and for a byte-identical copy in another folder", async () => {
    expect((await cli(install, ["protocol", "verify", PROTOCOL])).code).toBe(0);
    const copy = join(base, "elsewhere", "install-b");
    cpSync(install, copy, { recursive: true, verbatimSymlinks: true });
    const r = await cli(copy, ["protocol", "verify", PROTOCOL]);
    expect(r.stdout).toMatch(/matches its lock/);
    expect(r.code).toBe(0);
    const lock = JSON.parse(readFileSync(join(install, "protocols", "tamper", "tamper.lock.json"), "utf8"));
    expect(JSON.stringify(lock)).not.toContain(install);
    expect(lock.files.every((f: { base: string }) => f.base === "package")).toBe(true);
  }, 120_000);

  it(`${TAMPERS.length - 1} tampers at once (dist/ among them when built): verify exits 1 naming each; undone, verify passes`, async () => {
    const originals = new Map<string, Buffer>();
    for (const [, file, edit] of TAMPERS.slice(0, -1)) {
      const abs = join(install, file());
      if (!originals.has(abs)) originals.set(abs, readFileSync(abs));
      writeFileSync(abs, edit(readFileSync(abs)));
    }
    writeFileSync(join(install, "protocols", "tamper", "extra.ts"), "export {};\n");
    try {
      const r = await cli(install, ["protocol", "verify", PROTOCOL]);
      expect(r.code).toBe(1);
      for (const [name, , , expected] of TAMPERS.slice(0, -1)) expect(r.stdout, name).toMatch(expected);
      expect(r.stdout + r.stderr).not.toContain(install);
    } finally {
      for (const [abs, bytes] of originals) writeFileSync(abs, bytes);
      rmSync(join(install, "protocols", "tamper", "extra.ts"), { force: true });
    }
    expect((await cli(install, ["protocol", "verify", PROTOCOL])).code).toBe(0);
  }, 180_000);

  it("a hand-edited lock: verify exits 1 saying so", async () => {
    const [, file, edit, expected] = TAMPERS[TAMPERS.length - 1];
    const abs = join(install, file());
    const original = readFileSync(abs);
    writeFileSync(abs, edit(Buffer.from(original)));
    try {
      const r = await cli(install, ["protocol", "verify", PROTOCOL]);
      expect(r.code).toBe(1);
      expect(r.stdout).toMatch(expected);
    } finally {
      writeFileSync(abs, original);
    }
  }, 120_000);

  it("protocol run refuses a tampered scorer with exit 2 and writes no results", async () => {
    const abs = join(install, "src", "eval", "counts.ts");
    const original = readFileSync(abs);
    writeFileSync(abs, Buffer.concat([original, Buffer.from("\n// edited\n")]));
    try {
      const r = await cli(install, ["protocol", "run", PROTOCOL, "-o", join(base, "results")]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/protocol run refused: .*code file src\/eval\/counts\.ts changed/);
      expect(existsSync(join(base, "results"))).toBe(false);
    } finally {
      writeFileSync(abs, original);
    }
  }, 120_000);

  it("verify hashes before it imports: a tampered plugin that acts on import never runs", async () => {
    const abs = join(install, "protocols", "tamper", "plugin.ts");
    const flag = join(base, "plugin-was-imported");
    const original = readFileSync(abs);
    writeFileSync(abs, `import { writeFileSync } from "node:fs";\nwriteFileSync(${JSON.stringify(flag)}, "imported");\n${original}`);
    try {
      const r = await cli(install, ["protocol", "verify", PROTOCOL]);
      expect(r.code).toBe(1);
      expect(r.stdout).toMatch(/plugin file protocols\/tamper\/plugin\.ts changed/);
      expect(existsSync(flag)).toBe(false);
    } finally {
      writeFileSync(abs, original);
    }
  }, 120_000);
});
