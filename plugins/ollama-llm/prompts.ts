// Versioned prompt directories: manifest.json names the system prompt, the user-message template and the
// few-shot examples; every file's sha256 goes into provenance so a run says exactly which prompt it used.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { z } from "zod";
import { DeidError, LABELS } from "../../src/contract/index.js";
import { SECOND_OPINION_VERDICTS } from "./answer-schemas.js";

export const PROMPT_MANIFEST_FORMAT = "deidstack.prompt.v1";
export const PROMPT_KINDS = ["llm-detector", "second-opinion"] as const;
export type PromptKind = (typeof PROMPT_KINDS)[number];

const manifestSchema = z.strictObject({
  format: z.literal(PROMPT_MANIFEST_FORMAT),
  kind: z.enum(PROMPT_KINDS),
  language: z.string().min(2),
  version: z.string().regex(/^\d+\.\d+\.\d+$/),
  description: z.string().optional(),
  system: z.string().min(1),
  user: z.string().min(1),
  examples: z.string().min(1),
});
export type PromptManifest = z.output<typeof manifestSchema>;

export const detectorExampleSchema = z.strictObject({
  text: z.string().min(1),
  spans: z.array(z.strictObject({ text: z.string().min(1), type: z.enum(LABELS) })),
});
export type DetectorExample = z.output<typeof detectorExampleSchema>;

export const secondOpinionExampleSchema = z.strictObject({
  /** Note context with the candidate between ⟦ and ⟧. */
  context: z.string().min(1),
  label: z.enum(LABELS),
  is_phi: z.enum(SECOND_OPINION_VERDICTS),
});
export type SecondOpinionExample = z.output<typeof secondOpinionExampleSchema>;

export interface PromptDigest {
  version: string;
  /** sha256 (hex) of each file of the directory, by file name. */
  files: Record<string, string>;
  /** sha256 of the sorted "<sha256>  <name>\n" lines of every file (sha256sum's format). */
  sha256: string;
}

export interface LoadedPrompt<Example> {
  dir: string;
  manifest: PromptManifest;
  system: string;
  userTemplate: string;
  examples: Example[];
  digest: PromptDigest;
}

function sha256Hex(data: Buffer | string): string {
  return createHash("sha256").update(data).digest("hex");
}

function promptFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => !name.startsWith(".") && statSync(join(dir, name)).isFile())
    .sort();
}

/** Version and sha256 of every (non-hidden) file of a prompt directory, plus one combined sha256. */
export function promptDigest(dir: string): PromptDigest {
  const manifest = readManifest(dir);
  const files: Record<string, string> = {};
  for (const name of promptFiles(dir)) files[name] = sha256Hex(readFileSync(join(dir, name)));
  const combined = Object.entries(files)
    .map(([name, hash]) => `${hash}  ${name}\n`)
    .join("");
  return { version: manifest.version, files, sha256: sha256Hex(combined) };
}

function readManifest(dir: string): PromptManifest {
  const path = join(dir, "manifest.json");
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, "utf8"));
  } catch {
    throw new DeidError("E_CONFIG", `prompt manifest ${path} is missing or not valid JSON`);
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new DeidError("E_CONFIG", `prompt manifest ${path}: ${issue.message}`, { field: issue.path.map(String).join(".") });
  }
  return parsed.data;
}

/**
 * Resolves a prompt directory: an absolute path as given; a relative one against the stack's directory first,
 * then the project root (presets live in stacks/, prompts in prompts/ at the root). Without a reference the
 * default is prompts/<kind>/<language>.
 */
export function resolvePromptDir(ref: string | undefined, kind: PromptKind, ctx: { baseDir: string; projectRoot: string; language: string }): string {
  const wanted = ref ?? join("prompts", kind, ctx.language);
  const candidates = isAbsolute(wanted) ? [wanted] : [resolve(ctx.baseDir, wanted), resolve(ctx.projectRoot, wanted)];
  const found = candidates.find((dir) => existsSync(join(dir, "manifest.json")));
  if (!found) {
    const available = listPromptLanguages(ctx.projectRoot, kind);
    throw new DeidError(
      "E_STACK_CONFIG",
      `no prompt directory with a manifest.json at ${wanted} (looked in ${[...new Set(candidates)].join(" and ")}); bundled ${kind} prompts: ${available.join(", ") || "none"}`,
      { field: "prompt" },
    );
  }
  return found;
}

export function listPromptLanguages(projectRoot: string, kind: PromptKind): string[] {
  const dir = join(projectRoot, "prompts", kind);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => existsSync(join(dir, name, "manifest.json")))
    .sort();
}

function readExamples<Example>(path: string, schema: z.ZodType<Example>): Example[] {
  const lines = readFileSync(path, "utf8").split("\n");
  const out: Example[] = [];
  lines.forEach((line, i) => {
    if (line.trim() === "") return;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      throw new DeidError("E_CONFIG", `prompt examples ${path}: not valid JSON`, { line: i + 1 });
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new DeidError("E_CONFIG", `prompt examples ${path}: ${issue.message}`, { line: i + 1, field: issue.path.map(String).join(".") });
    }
    out.push(parsed.data);
  });
  return out;
}

function loadPrompt<Example>(dir: string, kind: PromptKind, schema: z.ZodType<Example>, placeholder: string): LoadedPrompt<Example> {
  const manifest = readManifest(dir);
  if (manifest.kind !== kind) {
    throw new DeidError("E_STACK_CONFIG", `prompt directory ${dir} holds a ${manifest.kind} prompt, not a ${kind} prompt`, { field: "prompt" });
  }
  const read = (name: string) => readFileSync(join(dir, name), "utf8");
  const userTemplate = read(manifest.user).trim();
  if (!userTemplate.includes(`{{${placeholder}}}`)) {
    throw new DeidError("E_CONFIG", `prompt ${dir}: ${manifest.user} must contain {{${placeholder}}}`);
  }
  return {
    dir,
    manifest,
    system: read(manifest.system).trim(),
    userTemplate,
    examples: readExamples(join(dir, manifest.examples), schema),
    digest: promptDigest(dir),
  };
}

export function loadDetectorPrompt(dir: string): LoadedPrompt<DetectorExample> {
  return loadPrompt(dir, "llm-detector", detectorExampleSchema, "text");
}

export function loadSecondOpinionPrompt(dir: string): LoadedPrompt<SecondOpinionExample> {
  return loadPrompt(dir, "second-opinion", secondOpinionExampleSchema, "context");
}

/** Fills {{name}} placeholders of a template in one pass (inserted values are never scanned again). */
export function fillTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? values[name] : whole));
}
