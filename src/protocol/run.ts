// `protocol run`: refuses unless everything the lock fixes is unchanged, then runs the battery the protocol
// describes, reads each statement as held or not held, and writes results whose report cites the lock hash.
import { readFile } from "node:fs/promises";
import { relative } from "node:path";
import { DeidError } from "../contract/index.js";
import {
  csv,
  runBattery,
  toPosix,
  writeBatteryResults,
  type BatteryPlan,
  type BatteryProgress,
  type BatteryResult,
  type ForestMarker,
} from "../battery/index.js";
import { statementRows, statementsJson, evaluateStatements, type StatementOutcome } from "./statements.js";
import { conditionsOf, type LoadedProtocol } from "./schema.js";
import { verifyProtocol } from "./lock.js";

export function protocolPlan(loaded: LoadedProtocol): BatteryPlan {
  const p = loaded.protocol;
  return {
    config: {
      id: p.id,
      title: p.title,
      systems: p.systems,
      corpora: p.corpora,
      measures: p.measures,
      reference: p.reference,
      bootstrap: p.bootstrap,
      scoring: p.scoring,
      timing: p.timing,
      ...(p.perturb ? { perturb: p.perturb } : {}),
    },
    baseDir: loaded.baseDir,
    source: loaded.path,
  };
}

/** Non-inferiority margins as dashed lines on the forest plot. */
export function marginMarkers(loaded: LoadedProtocol): ForestMarker[] {
  return loaded.protocol.statements.flatMap((s) =>
    conditionsOf(s)
      .filter((c) => c.kind === "non-inferiority")
      .map((c) => ({
        corpus: s.corpus,
        measure: c.measure,
        value: -(c as { margin_points: number }).margin_points / 100,
        label: `margin (${s.id})`,
        system: c.system,
        reference: c.reference,
      })),
  );
}

export interface ProtocolRunOptions {
  outputRoot?: string;
  onProgress?: (event: BatteryProgress) => void;
}

export interface ProtocolRunOutcome {
  dir: string;
  files: string[];
  result: BatteryResult;
  statements: StatementOutcome[];
  lockSha256: string;
}

export async function runProtocol(path: string, options: ProtocolRunOptions = {}): Promise<ProtocolRunOutcome> {
  const verified = await verifyProtocol(path);
  if (!verified.ok) {
    throw new DeidError("E_CONFIG", `protocol run refused: ${verified.differences.length} difference(s) from the lock: ${verified.differences.join("; ")}`);
  }
  const { loaded, lock, lockSha256 } = verified;
  const result = await runBattery(protocolPlan(loaded), { onProgress: options.onProgress });
  const bootstrapByCorpus = new Map(result.corpora.map((c) => [c.id, c.bootstrap]));
  const perturbationByCorpus = new Map((result.perturbation ?? []).map((p) => [p.corpus, p]));
  const outcomes = evaluateStatements(loaded.protocol.statements, bootstrapByCorpus, perturbationByCorpus);
  const rows = statementRows(outcomes);
  const json = statementsJson(outcomes, {
    protocol: loaded.protocol.id,
    lockSha256,
    confidence: loaded.protocol.bootstrap.confidence,
    replicates: loaded.protocol.bootstrap.replicates,
  });
  const statementsCsv = csv(
    ["statement", "corpus", "condition", "rule", "difference", "low", "high", "condition_held", "statement_held"],
    rows.map((r) => [r.statement, r.corpus, r.condition, r.rule, r.difference, r.low, r.high, r.held, r.statementHeld]),
  );
  const written = await writeBatteryResults(result, {
    outputRoot: options.outputRoot,
    markers: marginMarkers(loaded),
    protocol: {
      id: loaded.protocol.id,
      title: loaded.protocol.title,
      lockFile: toPosix(relative(process.cwd(), verified.lockPath)),
      lockSha256,
      lockedAt: lock.locked_at,
      protocolSha256: lock.protocol.sha256,
      toolVersionsProbed: lock.tool_versions_probed,
      amendments: loaded.protocol.amendments,
      statements: rows,
    },
    extraFiles: {
      "statements.json": JSON.stringify(json, null, 2) + "\n",
      "statements.csv": statementsCsv,
      "lock.json": await readFile(verified.lockPath, "utf8"),
    },
  });
  return { dir: written.dir, files: written.files, result, statements: outcomes, lockSha256 };
}
