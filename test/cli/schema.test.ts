// The JSON Schemas shipped in schemas/ are what `deidstack schema` generates from the zod schemas, accept every
// stack, battery and protocol file the project ships, and reject what the loaders reject (so an editor flags it).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { parse } from "yaml";
import { configJsonSchema, schemaCommand, type SchemaKind } from "../../src/cli/commands/schema.js";
import { ROOT } from "../e2e/helpers.js";

const shipped = (kind: SchemaKind) => readFileSync(join(ROOT, "schemas", `${kind}.schema.json`), "utf8");
const yamlFiles = (dir: string) =>
  readdirSync(join(ROOT, dir))
    .filter((f) => /\.ya?ml$/.test(f))
    .map((f) => join(dir, f));

describe("schemas/", () => {
  // Regenerate with: npm run deidstack -- schema <kind> > schemas/<kind>.schema.json
  it.each(["stack", "battery", "protocol"] as const)("%s.schema.json is current", async (kind) => {
    expect(shipped(kind), `schemas/${kind}.schema.json is stale: npm run deidstack -- schema ${kind} > schemas/${kind}.schema.json`).toBe((await schemaCommand(kind)) + "\n");
  });

  it("does not depend on OLLAMA_HOST where it is generated", async () => {
    vi.stubEnv("OLLAMA_HOST", "elsewhere:1");
    try {
      expect(JSON.stringify(await configJsonSchema("stack"))).not.toContain("elsewhere");
      expect(process.env.OLLAMA_HOST).toBe("elsewhere:1");
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe("the stack schema", () => {
  let validate: ReturnType<Ajv2020["compile"]>;
  beforeAll(() => {
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    ajv.addFormat("uri", (s: string) => URL.canParse(s));
    validate = ajv.compile(JSON.parse(shipped("stack")));
  });

  it("accepts every preset and example stack", () => {
    const files = [...yamlFiles("stacks"), ...yamlFiles("stacks/examples")];
    expect(files.length).toBeGreaterThanOrEqual(9);
    for (const f of files) expect(validate(parse(readFileSync(join(ROOT, f), "utf8"))), `${f}: ${JSON.stringify(validate.errors)}`).toBe(true);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ["a misspelt transform", { transform: "placeholdrs" }, "/transform"],
    ["an unknown top-level key", { concurency: { documents: 2 } }, ""],
    ["an unknown key of a detector entry", { detectors: [{ use: "patterns", wth: {} }] }, "/detectors/0"],
    ["an unknown option of a built-in detector", { detectors: [{ use: "ollama-llm", with: { model: "m", temprature: 0 } }] }, "/detectors/0/with"],
    ["a missing required option of a built-in detector", { detectors: [{ use: "ollama-llm", with: {} }] }, "/detectors/0/with"],
    ["an unknown detector id that is no path", { detectors: [{ use: "patern" }] }, "/detectors/0/use"],
    ["a bad second-opinion option", { second_opinion: { use: "ollama-llm", with: { model: "m", host: 3 } } }, "/second_opinion/with/host"],
  ])("rejects %s", (_what, change, path) => {
    const stack = { name: "x", detectors: [{ use: "patterns" }], ...change };
    expect(validate(stack)).toBe(false);
    expect(validate.errors!.map((e) => e.instancePath)).toContain(path);
  });

  it("accepts a user plugin by path with any options", () => {
    for (const use of ["./my-detector.js", "../plugins/x", "/opt/site/detector.mjs", "detector.ts"]) {
      expect(validate({ name: "x", detectors: [{ use, with: { anything: 1 } }] }), use).toBe(true);
    }
  });
});

describe("the battery and protocol schemas", () => {
  it("accept the shipped files and reject a misspelt key", () => {
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    const battery = ajv.compile(JSON.parse(shipped("battery")));
    const protocol = ajv.compile(JSON.parse(shipped("protocol")));
    const example = parse(readFileSync(join(ROOT, "test/fixtures/battery/battery.yaml"), "utf8"));
    expect(battery(example), JSON.stringify(battery.errors)).toBe(true);
    expect(battery({ ...example, refrence: "x" })).toBe(false);
    const p = parse(readFileSync(join(ROOT, "protocols/nl-synth-example.yaml"), "utf8"));
    expect(protocol(p), JSON.stringify(protocol.errors)).toBe(true);
    expect(protocol({ ...p, statments: [] })).toBe(false);
  });
});
