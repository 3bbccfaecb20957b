// CLI errors name what to fix: the path, the option and its allowed values, the line of a stack file. Commands are
// called in-process; a few real CLI runs check that commander refuses bad values with exit 2 and a coded message.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { batteryCommand } from "../../src/cli/commands/battery.js";
import { checkOutputFile, checkOutputFolder } from "../../src/cli/commands/paths.js";
import { protocolRunCommand } from "../../src/cli/commands/protocol.js";
import { stacksShowCommand } from "../../src/cli/commands/stacks.js";
import { synthCommand } from "../../src/cli/commands/synth.js";
import { runCli, tempDir } from "../e2e/helpers.js";

const BATTERY = join(import.meta.dirname, "..", "fixtures", "battery", "battery.yaml");

describe("output paths", () => {
  it("a missing output folder is named, with what to do, and nothing is written", async () => {
    const dir = tempDir();
    const output = join(dir, "missing", "corpus.jsonl");
    await expect(synthCommand({ profile: "nl-BE", n: 2, seed: 1, output })).rejects.toThrow(
      `-o ${output}: the output folder ${join(dir, "missing")} does not exist (ENOENT); create it first (mkdir -p) or choose another -o`,
    );
    expect(readdirSync(dir)).toEqual([]);
  });

  it("an output that is a folder, or under a file, is refused before any work", async () => {
    const dir = tempDir();
    expect(() => checkOutputFile(dir)).toThrow(`-o ${dir} is a folder; name a file in it, e.g. -o ${dir}/out.jsonl`);
    const file = join(dir, "a-file");
    writeFileSync(file, "");
    expect(() => checkOutputFile(join(file, "out.jsonl"))).toThrow(`${file} is not a folder`);
    expect(() => checkOutputFolder(join(file, "results"))).toThrow(`-o ${join(file, "results")}: ${file} is a file, not a folder; choose another -o`);
    expect(() => checkOutputFolder(file)).toThrow(`-o ${file}: it is a file, not a folder`);
    expect(checkOutputFolder(join(dir, "new", "deeper"))).toBe(join(dir, "new", "deeper"));
    expect(checkOutputFile(join(dir, "out.jsonl"))).toBe(join(dir, "out.jsonl"));
  });

  it("battery and protocol runs check their results folder before running anything", async () => {
    const dir = tempDir();
    const file = join(dir, "results");
    writeFileSync(file, "");
    const started = Date.now();
    await expect(batteryCommand(BATTERY, { outputRoot: file })).rejects.toThrow(`-o ${file}: it is a file, not a folder`);
    await expect(protocolRunCommand(join(dir, "none.yaml"), { outputRoot: join(file, "x") })).rejects.toThrow(`${file} is a file, not a folder`);
    expect(Date.now() - started).toBeLessThan(5000); // refused up front, not after running the systems
  });
});

describe("files that cannot be read", () => {
  it("name the path and the reason", async () => {
    const dir = tempDir();
    await expect(batteryCommand(join(dir, "nope.yaml"), { outputRoot: dir })).rejects.toThrow(`battery file ${join(dir, "nope.yaml")} does not exist (ENOENT)`);
    await expect(protocolRunCommand(join(dir, "nope.yaml"), { outputRoot: dir })).rejects.toThrow(`protocol file ${join(dir, "nope.yaml")} does not exist (ENOENT)`);
    mkdirSync(join(dir, "folder.yaml"));
    await expect(batteryCommand(join(dir, "folder.yaml"), { outputRoot: dir })).rejects.toThrow(`battery file ${join(dir, "folder.yaml")} is a folder, not a file (EISDIR)`);
  });
});

describe("the real CLI", () => {
  it("refuses a bad option value with exit 2, the option and what it accepts", async () => {
    const number = await runCli(["synth", "-p", "nl-BE", "-n", "abc", "-o", join(tempDir(), "x.jsonl")]);
    expect(number.code).toBe(2);
    expect(number.stderr).toMatch(/^deidstack: E_CONFIG: option '-n, --n <count>' argument 'abc' is invalid\. -n must be a whole number \(digits only\)\n/);
    expect(number.stderr).not.toMatch(/unexpected error|TypeError/);
    const choice = await runCli(["synth", "-p", "nl", "-n", "1", "-o", join(tempDir(), "x.jsonl")]);
    expect(choice.code).toBe(2);
    expect(choice.stderr).toContain("argument 'nl' is invalid. Allowed choices are nl-BE, en-US, en-GB.");
    const unknown = await runCli(["score", "--gold", "g", "--pred", "p", "--formt", "csv"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/E_CONFIG: unknown option '--formt'\n\(Did you mean --format\?\)/);
  });

  it("names the line and column of a stack file's problem, and the output folder that is missing", async () => {
    const dir = tempDir();
    const stack = join(dir, "s.yaml");
    writeFileSync(stack, "name: s\ndetectors:\n  - use: patterns\ntransform: placeholdrs\n");
    const shown = await runCli(["stacks", "show", stack]);
    expect(shown.code).toBe(2);
    expect(shown.stderr).toContain(`E_STACK_CONFIG: stack ${stack}: line 4, column 12: transform: the string "placeholdrs" is not allowed`);
    await expect(stacksShowCommand(stack)).rejects.toThrow(/did you mean "placeholders"\?/);
    const output = join(dir, "no", "such", "folder", "corpus.jsonl");
    const synth = await runCli(["synth", "-p", "nl-BE", "-n", "1", "-o", output]);
    expect(synth.code).toBe(2);
    expect(synth.stderr).toContain(`the output folder ${join(dir, "no", "such", "folder")} does not exist (ENOENT)`);
    expect(existsSync(join(dir, "no"))).toBe(false);
  });
});
