import { getPluginRegistry } from "../../detectors/index.js";

export async function detectorsListCommand(): Promise<string> {
  const registry = getPluginRegistry();
  const rows: string[] = [];
  for (const { id, installed } of registry.list()) {
    if (!installed) {
      rows.push(`${id}\tnot installed`);
      continue;
    }
    const { plugin } = await registry.load(id, process.cwd());
    rows.push(`${id}\t${plugin.meta.version}\t${plugin.meta.kind}\t${plugin.meta.description}`);
  }
  return rows.join("\n");
}
