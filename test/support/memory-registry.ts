// A registry that serves in-memory plugins by id, for tests that run a stack without loading plugin folders.
import { PluginRegistry, type DetectorPlugin } from "../../src/detectors/index.js";

export class MemoryRegistry extends PluginRegistry {
  constructor(private readonly plugins: Record<string, DetectorPlugin>) {
    super();
  }
  override async load(use: string) {
    const plugin = this.plugins[use];
    if (!plugin) throw new Error(`no plugin ${use}`);
    return { plugin, source: "builtin" };
  }
}
