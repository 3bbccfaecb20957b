// Reads a model directory: a MedDeID bundle (bundle.json + tokenizer.json + model.onnx, dual heads) or a Hugging
// Face token-classification export (config.json id2label with typed BIO tags, one `logits` output).
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { WordAggregation } from "./decode.js";
import { canonicalLabel, DeidError, LABEL_MAPS, mapForeignLabel, MODEL_LABELS, type Label, type LabelMapId } from "../../src/contract/index.js";

export interface DualHeadSpec {
  kind: "meddeid";
  entityLabels: readonly Label[];
}

/** Per class of a typed-BIO `logits` output: its BIO tag (0 O, 1 B, 2 I) and contract label index (−1 for O). */
export interface TypedBioSpec {
  kind: "hf";
  entityLabels: readonly Label[];
  classes: { bio: 0 | 1 | 2; entity: number }[];
}

export interface ModelSpec {
  dir: string;
  name: string;
  onnxPath: string;
  tokenizerPath: string;
  maxLength: number;
  overlap: number;
  minEntityScore: number;
  /** A token is O only when P(O) reaches this; else B or I, whichever is likelier. Undefined: argmax of O, B, I. */
  outsideThreshold?: number;
  /** How a word's tokens pool P(O) before tagging (decode.ts aggregateWords); undefined: per token. */
  wordAggregation?: WordAggregation;
  heads: DualHeadSpec | TypedBioSpec;
}

function configError(message: string): DeidError {
  return new DeidError("E_CONFIG", message, { detectorId: "meddeid-onnx", phase: "load" });
}

async function readJson(path: string): Promise<Record<string, unknown>> {
  try {
    return JSON.parse(await readFile(path, "utf8")) as Record<string, unknown>;
  } catch (err) {
    throw configError(`cannot read ${path}: ${err instanceof SyntaxError ? "invalid JSON" : "unreadable"}`);
  }
}

/** Why a bundle's entity labels are not the contract's 14 model labels in order, or undefined when they are. */
export function entityLabelMismatch(entity: unknown): string | undefined {
  if (!Array.isArray(entity) || !entity.every((l) => typeof l === "string")) return "labels.entity must be a list of label names";
  const expected = MODEL_LABELS as readonly string[];
  const missing = expected.filter((l) => !entity.includes(l));
  const unexpected = (entity as string[]).filter((l) => !expected.includes(l));
  if (missing.length || unexpected.length) {
    const parts = [];
    if (missing.length) parts.push(`missing ${missing.join(", ")}`);
    if (unexpected.length) parts.push(`unexpected ${unexpected.join(", ")}`);
    return `labels.entity differ from the contract's 14 model labels: ${parts.join("; ")}`;
  }
  if (entity.length !== expected.length) return `labels.entity has ${entity.length} entries, the contract has ${expected.length} (duplicates?)`;
  const at = expected.findIndex((l, i) => entity[i] !== l);
  if (at >= 0) return `labels.entity are not in contract order: position ${at} is ${String(entity[at])}, expected ${expected[at]}`;
  return undefined;
}

function positiveInt(value: unknown, fallback: number): number {
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? value : fallback;
}

function wordAggregationOf(dir: string, value: unknown): { wordAggregation?: WordAggregation } {
  if (value === undefined) return {};
  if (value === "token" || value === "mean" || value === "max") return { wordAggregation: value };
  throw configError(`bundle ${dir}: inference.word_aggregation must be "token", "mean" or "max", not ${JSON.stringify(value)}`);
}

async function readBundle(dir: string): Promise<ModelSpec> {
  const bundle = await readJson(join(dir, "bundle.json"));
  const labels = (bundle.labels ?? {}) as { bio?: unknown; entity?: unknown };
  if (JSON.stringify(labels.bio) !== JSON.stringify(["O", "B", "I"])) throw configError(`bundle ${dir}: labels.bio must be ["O","B","I"]`);
  const mismatch = entityLabelMismatch(labels.entity);
  if (mismatch) throw configError(`bundle ${dir} refused: ${mismatch}`);
  const weights = (bundle.weights ?? {}) as { filename?: unknown; format?: unknown };
  const onnxName = typeof weights.filename === "string" && weights.filename.endsWith(".onnx") ? weights.filename : "model.onnx";
  const inference = (bundle.inference ?? {}) as { max_length?: unknown; overlap?: unknown; min_entity_score?: unknown; outside_threshold?: unknown; word_aggregation?: unknown };
  const tokenizerDir = typeof bundle.tokenizer_path === "string" ? join(dir, bundle.tokenizer_path) : dir;
  return {
    dir,
    name: typeof bundle.name === "string" ? bundle.name : dir,
    onnxPath: join(dir, onnxName),
    tokenizerPath: join(tokenizerDir, "tokenizer.json"),
    maxLength: positiveInt(inference.max_length, 512),
    overlap: typeof inference.overlap === "number" ? inference.overlap : 64,
    minEntityScore: typeof inference.min_entity_score === "number" ? inference.min_entity_score : 0,
    ...(typeof inference.outside_threshold === "number" && inference.outside_threshold > 0 && inference.outside_threshold <= 1
      ? { outsideThreshold: inference.outside_threshold }
      : {}),
    ...wordAggregationOf(dir, inference.word_aggregation),
    heads: { kind: "meddeid", entityLabels: MODEL_LABELS },
  };
}

const FOREIGN_MAP_ORDER: LabelMapId[] = ["i2b2-2014", "presidio", "deid", "philter", "deduce", "asq-phi", "safe-harbor"];

/** A foreign entity type → contract label: explicit map first, then the contract's names, then known taxonomies. */
export function contractLabelFor(type: string, explicit: Readonly<Record<string, string>>): Label | undefined {
  const fromExplicit = explicit[type] ?? explicit[type.toUpperCase()] ?? explicit[type.toLowerCase()];
  if (fromExplicit !== undefined) return canonicalLabel(fromExplicit);
  const direct = canonicalLabel(type);
  if (direct) return direct;
  for (const id of FOREIGN_MAP_ORDER) {
    if (!(id in LABEL_MAPS)) continue;
    const mapped = mapForeignLabel(id, type) ?? mapForeignLabel(id, type.replace(/_/g, " "));
    if (mapped) return mapped;
  }
  return undefined;
}

/** Parses an id2label table of typed BIO(ES) tags into per-class BIO tags and contract labels. */
export function typedBioSpec(id2label: Record<string, string>, explicit: Readonly<Record<string, string>>): TypedBioSpec {
  const count = Object.keys(id2label).length;
  const entityLabels: Label[] = [];
  const classes: TypedBioSpec["classes"] = [];
  const unmapped = new Set<string>();
  for (let i = 0; i < count; i++) {
    const tag = id2label[String(i)];
    if (typeof tag !== "string") throw configError(`config.json id2label has no entry for class ${i}`);
    if (tag === "O") {
      classes.push({ bio: 0, entity: -1 });
      continue;
    }
    const m = /^([BIESLU])[-_](.+)$/.exec(tag);
    if (!m) throw configError(`config.json id2label entry "${tag}" is not a typed BIO tag (B-X / I-X / O)`);
    const label = contractLabelFor(m[2], explicit);
    if (!label) {
      unmapped.add(m[2]);
      continue;
    }
    let entity = entityLabels.indexOf(label);
    if (entity < 0) entity = entityLabels.push(label) - 1;
    classes.push({ bio: m[1] === "B" || m[1] === "S" || m[1] === "U" ? 1 : 2, entity });
  }
  if (unmapped.size > 0) {
    throw configError(`model types with no contract label: ${[...unmapped].join(", ")} (add them to the detector's label_map option)`);
  }
  return { kind: "hf", entityLabels, classes };
}

async function readHuggingFaceExport(dir: string, explicit: Readonly<Record<string, string>>): Promise<ModelSpec> {
  const config = await readJson(join(dir, "config.json"));
  const id2label = config.id2label as Record<string, string> | undefined;
  if (!id2label || typeof id2label !== "object") throw configError(`${dir}/config.json has no id2label`);
  const onnxPath = [join(dir, "model.onnx"), join(dir, "onnx", "model.onnx")].find((p) => existsSync(p));
  if (!onnxPath) throw configError(`${dir} has no model.onnx (or onnx/model.onnx)`);
  const positions = positiveInt(config.max_position_embeddings, 514);
  // RoBERTa-family position tables carry two extra rows (padding offset); BERT-family ones do not.
  const maxLength = Math.min(512, config.model_type === "roberta" || config.model_type === "xlm-roberta" || config.model_type === "camembert" ? positions - 2 : positions);
  return {
    dir,
    name: typeof config._name_or_path === "string" ? config._name_or_path : dir,
    onnxPath,
    tokenizerPath: join(dir, "tokenizer.json"),
    maxLength,
    overlap: 64,
    minEntityScore: 0,
    heads: typedBioSpec(id2label, explicit),
  };
}

export async function readModelDirectory(dir: string, labelMap: Readonly<Record<string, string>> = {}): Promise<ModelSpec> {
  if (!existsSync(dir)) throw configError(`model directory not found: ${dir}`);
  const spec = existsSync(join(dir, "bundle.json")) ? await readBundle(dir) : existsSync(join(dir, "config.json")) ? await readHuggingFaceExport(dir, labelMap) : undefined;
  if (!spec) throw configError(`${dir} is neither a MedDeID bundle (bundle.json) nor a Hugging Face export (config.json)`);
  if (!existsSync(spec.onnxPath)) throw configError(`model file not found: ${spec.onnxPath}`);
  if (!existsSync(spec.tokenizerPath)) throw configError(`tokenizer not found: ${spec.tokenizerPath}`);
  if (spec.overlap < 0 || spec.overlap >= spec.maxLength - 2) throw configError(`inference.overlap ${spec.overlap} must be below max_length − 2`);
  return spec;
}
