// `deidstack stacks list|show`: the presets in stacks/ and the exact content of a stack.
import { readFile } from "node:fs/promises";
import { listPresetNames, loadStack } from "../../stack/index.js";

export async function stacksShowCommand(ref: string): Promise<string> {
  const stack = await loadStack(ref);
  const source = await readFile(stack.path, "utf8");
  return `# ${stack.path}\n# sha256 ${stack.sha256}\n${source}`;
}

export interface PresetSummary {
  name: string;
  language: string;
  detectors: string[];
  transform: string;
}

/** Every preset found in stacks/, read and validated (a broken preset is an error naming its file and line). */
export async function listPresets(): Promise<PresetSummary[]> {
  const out: PresetSummary[] = [];
  for (const name of listPresetNames()) {
    const { config } = await loadStack(`preset:${name}`);
    const transform = typeof config.transform === "string" ? config.transform : config.transform.type;
    out.push({ name, language: config.language, detectors: config.detectors.map((d) => d.id ?? d.use), transform });
  }
  return out;
}

/** One preset a line: name, language, detectors, transform (tab-separated). */
export async function stacksListCommand(): Promise<string> {
  return (await listPresets()).map((p) => [p.name, p.language, p.detectors.join(","), p.transform].join("\t")).join("\n");
}
