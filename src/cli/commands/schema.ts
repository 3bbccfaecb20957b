// `deidstack schema stack|battery|protocol`: JSON Schemas of the configuration files, generated from the zod schemas
// that validate them (z.toJSONSchema), for editor completion and checking. The stack schema also knows each built-in
// detector's options (`with`), from the detector's own config schema. The shipped copies in schemas/ are kept equal
// to this output by test/cli/schema.test.ts; regenerate them with `npm run deidstack -- schema stack > schemas/stack.schema.json`.
import { z } from "zod";
import { batterySchema } from "../../battery/index.js";
import { BUILTIN_DETECTORS, getPluginRegistry, PROJECT_ROOT } from "../../detectors/index.js";
import { protocolSchema } from "../../protocol/index.js";
import { stackSchema } from "../../stack/index.js";

export type SchemaKind = "stack" | "battery" | "protocol";

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; items?: JsonSchema; anyOf?: JsonSchema[] };

const SCHEMA_BASE = "https://deidstack.invalid/schemas";

/** What each top-level key of a stack file does (shown by editors on hover). */
const STACK_KEYS: Record<string, string> = {
  name: "Name of the stack, recorded in every output record's provenance.",
  description: "Free text about the stack.",
  language: "BCP 47 tag of the notes (nl-BE, fr-BE, en, en-GB, ...): picks prompts, word lists and healing defaults.",
  detectors: "Detectors run in parallel on every document; any failure withholds the document (fail closed).",
  healing: "Healing profile applied to the union of spans (nl-BE, en, ...), or null for none.",
  healing_options: "Options of the healing profile.",
  scope: "Optional scope filter: safe-harbor drops ages under 90, a bare year, a time or weekday alone, short numbers.",
  second_opinion: "An LLM reviewer that may veto spans of the named model detectors only, or null.",
  lexical_veto: "true, or { mode: words | strict, detectors, languages }: drop model-only spans made of common dictionary words (words) or without evidence besides the model (strict).",
  transform: "placeholders | numbered | surrogates | pseudonymise, or { type, ... } with that transform's options.",
  leak_guard: "true (refuse a document with a surviving identifier), false, or { on_leak: refuse | redact }.",
  timeouts: "detector_ms: time limit of one detector call on one document.",
  concurrency: "documents: documents processed at once.",
};

function toJson(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
}

/** A detector's options schema as JSON Schema, without the `$schema` line of a top-level document. */
function optionsJson(schema: z.ZodType): JsonSchema {
  const { $schema: _drop, ...rest } = toJson(schema);
  return rest;
}

/** Defaults that come from the environment (OLLAMA_HOST) are written as their documented value. */
async function withoutEnvironment<T>(run: () => Promise<T>): Promise<T> {
  const saved = process.env.OLLAMA_HOST;
  delete process.env.OLLAMA_HOST;
  try {
    return await run();
  } finally {
    if (saved !== undefined) process.env.OLLAMA_HOST = saved;
  }
}

async function stackJsonSchema(): Promise<JsonSchema> {
  const registry = getPluginRegistry();
  const ids = Object.keys(BUILTIN_DETECTORS);
  const detectorOptions: JsonSchema[] = [];
  const reviewerOptions: JsonSchema[] = [];
  for (const id of ids) {
    const { plugin, secondOpinion } = await registry.load(id, PROJECT_ROOT);
    const options = { ...optionsJson(plugin.meta.configSchema), description: `Options of ${id}: ${plugin.meta.description}` };
    detectorOptions.push({ if: { properties: { use: { const: id } }, required: ["use"] }, then: { properties: { with: options } } });
    if (secondOpinion) {
      reviewerOptions.push({ if: { properties: { use: { const: id } }, required: ["use"] }, then: { properties: { with: optionsJson(secondOpinion.configSchema) } } });
    }
  }
  const schema = toJson(stackSchema);
  const props = schema.properties!;
  for (const [key, description] of Object.entries(STACK_KEYS)) if (props[key]) props[key].description = description;
  const entry = props.detectors.items!;
  entry.properties!.use = {
    description: "A built-in detector id, or a plugin file by path (./my-detector.js).",
    anyOf: [{ enum: ids }, { type: "string", pattern: "^[./]|\\.m?[jt]s$" }],
  };
  entry.allOf = detectorOptions;
  const reviewer = props.second_opinion.anyOf?.find((s) => s.type === "object");
  if (reviewer && reviewerOptions.length) reviewer.allOf = reviewerOptions;
  return schema;
}

/** The JSON Schema of one kind of configuration file, with a title and an id. */
export async function configJsonSchema(kind: SchemaKind): Promise<JsonSchema> {
  const body = await withoutEnvironment(async () => (kind === "stack" ? stackJsonSchema() : toJson(kind === "battery" ? batterySchema : protocolSchema)));
  const { $schema, ...rest } = body;
  return { $schema, $id: `${SCHEMA_BASE}/${kind}.schema.json`, title: `deidstack ${kind} file`, ...rest };
}

export async function schemaCommand(kind: string): Promise<string> {
  return JSON.stringify(await configJsonSchema(kind as SchemaKind), null, 2);
}
