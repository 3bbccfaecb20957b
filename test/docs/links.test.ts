// Every relative link in the project's Markdown files names a file or folder inside the repository. Test sets
// (eval-sets/<lang>/test/) are never read: nobody who works on the code opens them.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const SKIP = new Set(["node_modules", ".git", "dist", ".cache"]);

function markdownFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const path = join(dir, entry.name);
    const rel = relative(ROOT, path).split(sep).join("/");
    if (entry.isDirectory()) {
      if (/^eval-sets\/[^/]+\/test$/.test(rel)) continue;
      out.push(...markdownFiles(path));
    } else if (entry.name.endsWith(".md")) out.push(rel);
  }
  return out;
}

/** Relative link targets of a Markdown text, code blocks and code spans left out. */
function relativeLinks(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "");
  const targets: string[] = [];
  for (const m of prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = m[1];
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("#")) continue;
    targets.push(target.split("#")[0]);
  }
  return targets;
}

describe("Markdown links", () => {
  it("finds the links of a text, not those in code", () => {
    expect(relativeLinks("[a](docs/x.md#y) [b](https://e.org) `[c](no.md)` [d](#top)\n```\n[e](no.md)\n```")).toEqual(["docs/x.md"]);
  });

  it("every relative link resolves inside the repository", () => {
    const files = markdownFiles(ROOT);
    expect(files).toContain("README.md");
    const broken: string[] = [];
    for (const file of files) {
      for (const target of relativeLinks(readFileSync(join(ROOT, file), "utf8"))) {
        const abs = resolve(ROOT, dirname(file), decodeURIComponent(target));
        const inside = !relative(ROOT, abs).startsWith("..");
        if (!inside || !existsSync(abs)) broken.push(`${file}: ${target}${inside ? "" : " (outside the repository)"}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("the root README links a README for every plugin and external tool", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    const folders = ["plugins", "baselines"].flatMap((top) =>
      readdirSync(join(ROOT, top), { withFileTypes: true })
        .filter((d) => d.isDirectory() && d.name !== "shared")
        .map((d) => `${top}/${d.name}`),
    );
    expect(folders.length).toBeGreaterThan(8);
    for (const folder of folders) {
      expect(existsSync(join(ROOT, folder, "README.md")), `${folder}/README.md`).toBe(true);
      expect(readme, `README.md links ${folder}/README.md`).toContain(`](${folder}/README.md)`);
    }
  });
});
