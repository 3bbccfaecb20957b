// protocol.yaml: a pre-registered evaluation. It fixes the corpora (with their sha256 and cluster unit), the
// systems, the measures, the bootstrap, and the statements to be read as held or not held; amendments are
// append-only, dated and give a reason.
import { dirname, resolve } from "node:path";
import { z } from "zod";
import { configError, configValue, DeidError, type ConfigText } from "../contract/index.js";
import {
  bootstrapSpecSchema,
  clusterSchema,
  perturbSpecSchema,
  corpusSpecSchema,
  readConfigFile,
  scoringSpecSchema,
  systemSpecSchema,
  timingSpecSchema,
  DEFAULT_TIMING,
  canonicalJson,
  sha256Text,
} from "../battery/index.js";
import { resolveMetric } from "../eval/index.js";
import { PERTURB_DIMENSIONS } from "../eval/perturb/index.js";

const idSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, "use letters, digits, '.', '_' and '-' only");

const comparisonFields = {
  /** The system the statement is about. */
  system: z.string().min(1),
  /** The system it is compared with: the difference is system − reference. */
  reference: z.string().min(1),
  measure: z.string().min(1),
};

export const superioritySchema = z.object({ kind: z.literal("superiority"), ...comparisonFields }).strict();
export const nonInferioritySchema = z
  .object({
    kind: z.literal("non-inferiority"),
    ...comparisonFields,
    /** The system may be worse by less than this many percentage points: the interval's lower bound must exceed −margin. */
    margin_points: z.number().positive().max(100),
  })
  .strict();
/**
 * Stability under a perturbation (a perturb block must make the cell): the system loses less than max_loss_points
 * of the measure under the dimension, read from the upper bound of the loss's paired interval ("recall drop under
 * typos ≤ 2 points").
 */
export const perturbationConditionSchema = z
  .object({
    kind: z.literal("perturbation"),
    system: z.string().min(1),
    dimension: z.enum(PERTURB_DIMENSIONS),
    measure: z.string().min(1),
    max_loss_points: z.number().positive().max(100),
  })
  .strict();
export const conditionSchema = z.discriminatedUnion("kind", [superioritySchema, nonInferioritySchema, perturbationConditionSchema]);
export type Condition = z.output<typeof conditionSchema>;

const statementBase = { id: idSchema, description: z.string().min(1), corpus: z.string().min(1) };

export const statementSchema = z.discriminatedUnion("kind", [
  z.object({ ...statementBase, ...superioritySchema.shape }).strict(),
  z.object({ ...statementBase, ...nonInferioritySchema.shape }).strict(),
  z.object({ ...statementBase, ...perturbationConditionSchema.shape }).strict(),
  /** A conjunction: held when every condition holds (DeidSharp's statement B). */
  z.object({ ...statementBase, kind: z.literal("all"), conditions: z.array(conditionSchema).min(2) }).strict(),
]);
export type Statement = z.output<typeof statementSchema>;

export const amendmentSchema = z
  .object({
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date YYYY-MM-DD"),
    reason: z.string().min(1),
    /** What changed, in words. */
    change: z.string().min(1).optional(),
  })
  .strict();
export type Amendment = z.output<typeof amendmentSchema>;

export const protocolCorpusSchema = corpusSpecSchema.extend({
  sha256: z.string().regex(/^[0-9a-f]{64}$/, "must be the corpus' sha256 (64 lowercase hex digits)"),
  cluster: clusterSchema,
});

export const protocolSchema = z
  .object({
    id: idSchema,
    title: z.string().min(1),
    /** Free text: who registered it, where, and anything a reader should know. */
    notes: z.string().optional(),
    corpora: z.array(protocolCorpusSchema).min(1),
    systems: z.array(systemSpecSchema).min(2),
    measures: z.array(z.string().min(1)).min(1),
    reference: z.string().optional(),
    bootstrap: bootstrapSpecSchema,
    scoring: scoringSpecSchema.default({ scope: "all", out_of_scope: "false-positive" }),
    timing: timingSpecSchema.default(DEFAULT_TIMING),
    perturb: perturbSpecSchema.optional(),
    statements: z.array(statementSchema).min(1),
    amendments: z.array(amendmentSchema).default([]),
  })
  .strict();
export type Protocol = z.output<typeof protocolSchema>;

export interface LoadedProtocol {
  protocol: Protocol;
  /** The parsed YAML as written (hashed without its amendments). */
  raw: Record<string, unknown>;
  path: string;
  baseDir: string;
}

/** Conditions of a statement, whatever its kind. */
export function conditionsOf(statement: Statement): Condition[] {
  if (statement.kind === "all") return statement.conditions;
  const { id: _id, description: _d, corpus: _c, ...condition } = statement;
  return [condition as Condition];
}

function fail(source: string, reason: string, field: string): never {
  throw new DeidError("E_CONFIG", `${source}: ${reason}`, { field });
}

/** Names must resolve: systems, corpora, measures and the reference; a condition compares two different systems. */
export function checkProtocolReferences(p: Protocol, source: string): void {
  const systems = new Set<string>();
  p.systems.forEach((s, i) => {
    if (systems.has(s.id)) fail(source, `system id "${s.id}" is used twice`, `systems[${i}].id`);
    systems.add(s.id);
  });
  const corpora = new Set<string>();
  p.corpora.forEach((c, i) => {
    if (corpora.has(c.id)) fail(source, `corpus id "${c.id}" is used twice`, `corpora[${i}].id`);
    corpora.add(c.id);
  });
  p.measures.forEach((m, i) => {
    try {
      resolveMetric(m);
    } catch {
      fail(source, `unknown measure "${m}"`, `measures[${i}]`);
    }
  });
  if (p.reference !== undefined && !systems.has(p.reference)) fail(source, `reference "${p.reference}" is not one of the systems`, "reference");
  const ids = new Set<string>();
  p.statements.forEach((st, i) => {
    const f = `statements[${i}]`;
    if (ids.has(st.id)) fail(source, `statement id "${st.id}" is used twice`, `${f}.id`);
    ids.add(st.id);
    if (!corpora.has(st.corpus)) fail(source, `statement ${st.id} names corpus "${st.corpus}", which the protocol lacks`, `${f}.corpus`);
    conditionsOf(st).forEach((c, j) => {
      const cf = st.kind === "all" ? `${f}.conditions[${j}]` : f;
      if (!systems.has(c.system)) fail(source, `statement ${st.id} names system "${c.system}", which the protocol lacks`, `${cf}.system`);
      if (c.kind === "perturbation") {
        const pb = p.perturb;
        if (!pb) fail(source, `statement ${st.id} is about perturbation, but the protocol has no perturb block`, `${cf}.kind`);
        if (pb.corpora && !pb.corpora.includes(st.corpus)) fail(source, `statement ${st.id}: corpus ${st.corpus} is not perturbed`, `${f}.corpus`);
        if (!pb.dimensions.includes(c.dimension)) fail(source, `statement ${st.id} reads dimension "${c.dimension}", which the perturb block does not make`, `${cf}.dimension`);
        if (!pb.measures.includes(c.measure)) fail(source, `statement ${st.id} reads measure "${c.measure}", which is not among the perturb block's measures`, `${cf}.measure`);
        return;
      }
      if (!systems.has(c.reference)) fail(source, `statement ${st.id} names reference "${c.reference}", which the protocol lacks`, `${cf}.reference`);
      if (c.system === c.reference) fail(source, `statement ${st.id} compares ${c.system} with itself`, `${cf}.reference`);
      if (!p.measures.includes(c.measure)) fail(source, `statement ${st.id} reads measure "${c.measure}", which is not among the protocol's measures`, `${cf}.measure`);
    });
  });
}

export function parseProtocolObject(raw: unknown, source: string, locate?: ConfigText["locate"]): Protocol {
  const parsed = protocolSchema.safeParse(raw);
  if (!parsed.success) throw configError("E_CONFIG", source, parsed.error, locate ? { value: raw, locate } : configValue(raw), protocolSchema);
  checkProtocolReferences(parsed.data, source);
  return parsed.data;
}

export async function loadProtocolFile(path: string): Promise<LoadedProtocol> {
  const abs = resolve(path);
  const text = await readConfigFile(abs, "protocol file");
  const raw = text.value;
  const protocol = parseProtocolObject(raw, abs, text.locate);
  return { protocol, raw: raw as Record<string, unknown>, path: abs, baseDir: dirname(abs) };
}

/**
 * sha256 of the protocol's content without its amendments: canonical JSON of the parsed YAML, so comments and
 * formatting do not count, every field does.
 */
export function protocolContentSha256(raw: Record<string, unknown>): string {
  const { amendments: _amendments, ...rest } = raw;
  return sha256Text(canonicalJson(rest));
}

export function amendmentSha256(amendment: unknown): string {
  return sha256Text(canonicalJson(amendment));
}

/** The raw amendments as written (for hashing), in order. */
export function rawAmendments(raw: Record<string, unknown>): unknown[] {
  return Array.isArray(raw.amendments) ? raw.amendments : [];
}
