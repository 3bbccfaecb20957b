// `deidstack stacks list` reads the presets from stacks/, so a preset added there is listed and resolvable at once.
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listPresets, stacksListCommand } from "../../src/cli/commands/stacks.js";
import { listPresetNames, loadStack, PRESETS_DIR } from "../../src/stack/index.js";

describe("stacks list", () => {
  it("lists every preset file in stacks/ with its language and detectors, and nothing from stacks/examples/", async () => {
    const presets = await listPresets();
    expect(presets.map((p) => p.name)).toEqual(listPresetNames());
    expect(presets.find((p) => p.name === "rules-only")).toEqual({ name: "rules-only", language: "nl-BE", detectors: ["known-identifiers", "patterns", "rules-nl-be"], transform: "placeholders" });
    expect(presets.map((p) => p.name)).not.toContain("pseudonymise"); // stacks/examples/pseudonymise.yaml
    expect((await stacksListCommand()).split("\n")).toContain("rules-only\tnl-BE\tknown-identifiers,patterns,rules-nl-be\tplaceholders");
  });

  it("finds a preset added to stacks/ without any code change", async () => {
    const name = `zz-listed-${process.pid}`;
    const file = join(PRESETS_DIR, `${name}.yaml`);
    writeFileSync(file, `name: ${name}\nlanguage: fr-BE\ndetectors:\n  - use: patterns\ntransform: numbered\n`);
    try {
      expect(listPresetNames()).toContain(name);
      expect((await stacksListCommand()).split("\n")).toContain(`${name}\tfr-BE\tpatterns\tnumbered`);
      expect((await loadStack(name)).path).toBe(file);
    } finally {
      rmSync(file, { force: true });
    }
    expect(listPresetNames()).not.toContain(name);
  });

  it("names the preset that was meant when one is misspelt", async () => {
    await expect(loadStack("rules-olny")).rejects.toThrow(/no preset named "rules-olny"; did you mean "rules-only"\? \(presets: balanced, /);
    await expect(loadStack("./no-such-stack.yaml")).rejects.toThrow(/stack file not found: \.\/no-such-stack\.yaml \(looked for \/.*no-such-stack\.yaml\)/);
  });
});
