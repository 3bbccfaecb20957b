// The answers the model is held to: Ollama's `format` gets the JSON schema generated from these zod schemas, and
// every answer is validated against the same schema, so what constrains decoding is what is checked.
import { z } from "zod";
import { LABELS } from "../../src/contract/index.js";

export const detectorAnswerSchema = z.strictObject({
  spans: z.array(
    z.strictObject({
      /** The identifier copied from the note, character for character. */
      text: z.string().min(1),
      type: z.enum(LABELS),
    }),
  ),
});
export type DetectorAnswer = z.output<typeof detectorAnswerSchema>;

export const SECOND_OPINION_VERDICTS = ["yes", "no", "unsure"] as const;
export const secondOpinionAnswerSchema = z.strictObject({ is_phi: z.enum(SECOND_OPINION_VERDICTS) });
export type SecondOpinionAnswer = z.output<typeof secondOpinionAnswerSchema>;

/** JSON schema for Ollama's `format`, without the `$schema` key that grammar converters need not see. */
export function toOllamaFormat(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema) as Record<string, unknown>;
  return rest;
}

export type ParsedAnswer<T> =
  | { kind: "ok"; value: T }
  /** Cut off at the output limit or not JSON: worth asking again with less text. */
  | { kind: "unusable"; reason: "truncated" | "invalid_json" }
  /** JSON of the wrong shape: a model or server fault, never retried. `where` is a schema path, never a value. */
  | { kind: "schema_violation"; where: string };

/** Parses a model answer; never copies the answer into the result's reasons. */
export function parseModelAnswer<T>(schema: z.ZodType<T>, content: string, truncated: boolean): ParsedAnswer<T> {
  if (truncated) return { kind: "unusable", reason: "truncated" };
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    return { kind: "unusable", reason: "invalid_json" };
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { kind: "ok", value: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue.path.map(String).join(".") || "(root)";
  return { kind: "schema_violation", where: `${where} (${issue.code})` };
}
