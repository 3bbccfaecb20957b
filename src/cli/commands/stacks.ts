import { readFile } from "node:fs/promises";
import { listPresetNames, loadStack } from "../../stack/index.js";

export async function stacksShowCommand(ref: string): Promise<string> {
  const stack = await loadStack(ref);
  const source = await readFile(stack.path, "utf8");
  return `# ${stack.path}\n# sha256 ${stack.sha256}\n${source}`;
}

export function stacksListCommand(): string {
  return listPresetNames().join("\n");
}
