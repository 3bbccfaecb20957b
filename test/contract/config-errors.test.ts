// Configuration errors that say what to fix: the line and column, every problem, the accepted values, the nearest one.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { configError, DeidError, nearest, parseConfigText } from "../../src/contract/index.js";
import { loadStack, parseStackObject } from "../../src/stack/index.js";
import { loadBatteryFile } from "../../src/battery/index.js";
import { deidFailure } from "../support/deid-failure.js";

const dir = mkdtempSync(join(tmpdir(), "deidstack-config-errors-"));
function file(name: string, text: string): string {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
}

describe("YAML and JSON syntax errors", () => {
  it("name the file, the line and the column of a YAML error", async () => {
    const p = file("indent.yaml", "name: x\ndetectors:\n  - use: patterns\n   with: [\n");
    const err = await deidFailure(loadStack(p));
    expect(err.code).toBe("E_STACK_CONFIG");
    expect(err.message).toContain(p);
    expect(err.message).toMatch(/not valid YAML at line 4, column 1: .+ \[[A-Z_]+\]/);
  });

  it("name the line of a duplicate key", () => {
    expect(() => parseConfigText("name: a\nlanguage: nl\nname: b\n", "s.yaml", "E_CONFIG")).toThrow(/s\.yaml: not valid YAML at line 3, column 1: .*unique.*\[DUPLICATE_KEY\]/);
  });

  it("name the line and column of a JSON error, without quoting the file", () => {
    const text = '{"name": "x",\n "detectors": [ {"use": "patterns"} ]\n "transform": "numbered" }';
    const err = (() => {
      try {
        parseConfigText(text, "s.json", "E_STACK_CONFIG");
      } catch (e) {
        return e as DeidError;
      }
    })()!;
    expect(err.message).toMatch(/^s\.json: not valid JSON at line 3, column 2: /);
    expect(err.message).not.toContain("numbered");
  });
});

describe("schema errors", () => {
  const text = [
    "name: x", //                            1
    "detectors:", //                         2
    "  - use: patterns", //                  3
    "    wth: { date_order: dmy }", //       4
    "transform: placeholdrs", //             5
    "leak_guard: yes", //                    6
    "timeouts: { detector_ms: -5 }", //      7
    "concurency: { documents: 2 }", //       8
    "",
  ].join("\n");

  it("list every problem in file order, each with its line, column and field", async () => {
    const err = await deidFailure(loadStack(file("many.yaml", text)));
    const lines = err.message.split("\n");
    expect(lines[0]).toMatch(/many\.yaml: 5 problems:$/);
    expect(lines.slice(1).map((l) => /line (\d+), column \d+: (\S+):/.exec(l)?.slice(1, 3).join(" "))).toEqual([
      "4 detectors[0].wth",
      "5 transform",
      "6 leak_guard",
      "7 timeouts.detector_ms",
      "8 concurency",
    ]);
  });

  it("say which values a misspelt transform could be, and which one was meant", async () => {
    const err = await deidFailure(loadStack(file("transform.yaml", "name: x\ndetectors: [{ use: patterns }]\ntransform: placeholdrs\n")));
    expect(err.message).toContain('line 3, column 12: transform: the string "placeholdrs" is not allowed');
    expect(err.message).toContain('expected one of "placeholders", "numbered", "surrogates", "pseudonymise"; did you mean "placeholders"?');
    expect(err.message).not.toMatch(/Invalid input/);
  });

  it("name the keys allowed where an unknown key was written, and the nearest", async () => {
    const err = await deidFailure(loadStack(file("key.yaml", "name: x\ndetectors:\n  - use: patterns\n    timeout: 10\n")));
    expect(err.message).toContain('line 4, column 5: detectors[0].timeout: unknown key "timeout"; did you mean "timeout_ms"? (allowed here: use, id, with, timeout_ms)');
  });

  it("say what a union accepts when the value has none of its types", async () => {
    const err = await deidFailure(loadStack(file("guard.yaml", "name: x\ndetectors: [{ use: patterns }]\nleak_guard: yes\n")));
    expect(err.message).toContain('leak_guard: expected true, false or an object with on_leak, got the string "yes"');
  });

  it("give bounds in words", () => {
    expect(() => parseStackObject({ name: "x", detectors: [] }, "inline")).toThrow(/stack inline: detectors: needs at least 1 item, got 0$/);
    expect(() => parseStackObject({ name: "x", detectors: [{ use: "patterns" }], timeouts: { detector_ms: 0 } }, "inline")).toThrow(
      /timeouts\.detector_ms: must be more than 0, got the number 0$/,
    );
  });

  it("say that a required field is missing", () => {
    expect(() => parseStackObject({ detectors: [{ use: "patterns" }] }, "inline")).toThrow(/name: is required: expected a string$/);
  });

  it("locate fields in JSON files too", async () => {
    const err = await deidFailure(loadStack(file("s.json", '{\n  "name": "x",\n  "detectors": [{ "use": "patterns" }],\n  "scope": "safe-harbour"\n}\n')));
    expect(err.message).toMatch(/line 4, column 12: scope: the string "safe-harbour" is not allowed: expected "safe-harbor"$/);
  });

  it("work for battery files, which also name a file that cannot be read", async () => {
    const err = await deidFailure(loadBatteryFile(file("b.yaml", "id: b\nsystems:\n  - id: a\n    stak: rules-only\ncorpora: [{ id: c, path: x.jsonl }]\n")));
    expect(err.message).toContain('line 4, column 5: systems[0].stak: unknown key "stak"; did you mean "stack"?');
    const missing = join(dir, "no-such-battery.yaml");
    expect((await deidFailure(loadBatteryFile(missing))).message).toBe(`battery file ${missing} does not exist (ENOENT)`);
  });

  it("suggest only near misses", () => {
    expect(nearest("placeholdrs", ["placeholders", "numbered"])).toBe("placeholders");
    expect(nearest("Numbered", ["placeholders", "numbered"])).toBe("numbered");
    expect(nearest("xyz", ["placeholders", "numbered"])).toBeUndefined();
    expect(nearest("numbered", ["placeholders", "numbered"])).toBeUndefined();
  });

  it("describe a value that came from no file without positions", () => {
    const schema = z.object({ a: z.enum(["x", "y"]) }).strict();
    const parsed = schema.safeParse({ a: "z", b: 1 });
    const err = configError("E_CONFIG", "inline", parsed.error!, { value: { a: "z", b: 1 }, locate: () => undefined }, schema);
    expect(err.message).toBe('inline: 2 problems:\n  - a: the string "z" is not allowed: expected one of "x", "y"\n  - b: unknown key "b" (allowed here: a)');
  });
});
