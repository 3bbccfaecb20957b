// Build step after tsc: copies the data files that modules read beside themselves (word lists, pools, manifests,
// licences) from src/, plugins/ and baselines/ into dist/, so the compiled code finds them where the sources do.
// Test fixtures, test helpers, TypeScript and Markdown stay behind.
import { copyFileSync, mkdirSync, readdirSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const SKIPPED_DIRS = new Set(["fixtures", "test-support", "node_modules"]);
const skippedFile = (name) => name.endsWith(".ts") || name.endsWith(".md");

let copied = 0;
function walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) walk(path);
    } else if (entry.isFile() && !skippedFile(entry.name)) {
      const target = join(root, "dist", relative(root, path));
      mkdirSync(dirname(target), { recursive: true });
      copyFileSync(path, target);
      copied++;
    }
  }
}
for (const top of ["src", "plugins", "baselines"]) walk(join(root, top));
console.log(`copy-assets: ${copied} data files into dist/`);
