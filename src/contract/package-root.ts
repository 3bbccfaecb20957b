// Where the package's own files (stacks/, prompts/, models/, policies/, package.json) are, whether this code runs
// from its TypeScript sources (src/contract/) or compiled (dist/src/contract/).
import { existsSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** True when this module runs as compiled JavaScript from dist/ (the `bin` and the published package). */
export const RUNNING_COMPILED: boolean = import.meta.url.endsWith(".js");

function findPackageRoot(): string {
  const twoUp = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
  return basename(twoUp) === "dist" && existsSync(join(twoUp, "..", "package.json")) ? dirname(twoUp) : twoUp;
}

export const PACKAGE_ROOT: string = findPackageRoot();

/** The file that runs for a project module given by its source path (`plugins/x/index.ts`): itself, or its compiled twin. */
export function runnableModulePath(sourcePath: string, root: string = PACKAGE_ROOT): string {
  return RUNNING_COMPILED ? resolve(root, "dist", sourcePath.replace(/\.ts$/, ".js")) : resolve(root, sourcePath);
}
