// A throw-away protocol folder for lock/verify/run tests: a corpus, two stacks (one with a prompt folder), a
// protocol, all in a temporary directory that tests may change byte by byte.
import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { stringify } from "yaml";

const here = dirname(fileURLToPath(import.meta.url));
export const FIXTURES = join(here, "..", "fixtures");
export const REGEX_PLUGIN = join(FIXTURES, "battery", "plugins", "regex.ts");
const DATE_PATTERN = "\\b\\d{1,2}[-./]\\d{1,2}[-./]\\d{2,4}\\b";

export function sha256(path: string): string {
  return createHash("sha256").update(readFileSync(path)).digest("hex");
}

export interface Workspace {
  dir: string;
  protocolPath: string;
  lockPath: string;
  corpusPath: string;
  promptFile: string;
  stackPath: string;
  /** The protocol as an object: change it and call `writeProtocol`. */
  protocol: Record<string, unknown>;
  writeProtocol(): void;
}

export function stackYaml(name: string, detectors: unknown[]): string {
  return stringify({ name, language: "nl-BE", detectors, healing: "none", transform: "placeholders", leak_guard: false, concurrency: { documents: 4 } });
}

export function createWorkspace(options: { corpus?: string; protocol?: (p: Record<string, unknown>) => void } = {}): Workspace {
  const dir = mkdtempSync(join(tmpdir(), "deidstack-protocol-"));
  mkdirSync(join(dir, "stacks"));
  mkdirSync(join(dir, "prompts", "dates"), { recursive: true });
  const corpusPath = join(dir, "corpus.jsonl");
  copyFileSync(options.corpus ?? join(FIXTURES, "battery", "corpus.jsonl"), corpusPath);
  const promptFile = join(dir, "prompts", "dates", "pattern.txt");
  writeFileSync(promptFile, DATE_PATTERN + "\n");
  const stackPath = join(dir, "stacks", "dates.yaml");
  writeFileSync(stackPath, stackYaml("dates", [{ use: REGEX_PLUGIN, with: { prompt: "../prompts/dates", label: "Date" } }]));
  writeFileSync(
    join(dir, "stacks", "names-dates.yaml"),
    stackYaml("names-dates", [{ use: "known-identifiers" }, { use: REGEX_PLUGIN, with: { pattern: DATE_PATTERN, label: "Date" } }]),
  );
  const protocol: Record<string, unknown> = {
    id: "test-protocol",
    title: "Fixture protocol",
    corpora: [{ id: "synth", path: "corpus.jsonl", sha256: sha256(corpusPath), cluster: "patient" }],
    systems: [
      { id: "dates", stack: "stacks/dates.yaml" },
      { id: "names-dates", stack: "stacks/names-dates.yaml" },
    ],
    measures: ["span_recall", "span_precision"],
    bootstrap: { replicates: 300, seed: 5, cluster: "patient" },
    timing: { warmup_documents: 1, isolation: "none" },
    statements: [
      { id: "A", kind: "superiority", corpus: "synth", description: "names-dates finds more PHI than dates", system: "names-dates", reference: "dates", measure: "span_recall" },
      {
        id: "B",
        kind: "all",
        corpus: "synth",
        description: "dates loses at most 2 points of recall and has higher precision than names-dates",
        conditions: [
          { kind: "non-inferiority", system: "dates", reference: "names-dates", measure: "span_recall", margin_points: 2 },
          { kind: "superiority", system: "dates", reference: "names-dates", measure: "span_precision" },
        ],
      },
    ],
  };
  options.protocol?.(protocol);
  const protocolPath = join(dir, "protocol.yaml");
  const ws: Workspace = {
    dir,
    protocolPath,
    lockPath: join(dir, "test-protocol.lock.json"),
    corpusPath,
    promptFile,
    stackPath,
    protocol,
    writeProtocol: () => writeFileSync(protocolPath, "# fixture protocol\n" + stringify(ws.protocol)),
  };
  ws.writeProtocol();
  return ws;
}
