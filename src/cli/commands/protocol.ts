// `deidstack protocol lock|verify|run <protocol.yaml>`.
import { lockProtocol, runProtocol, verifyProtocol, type LockOutcome, type ProtocolRunOutcome, type VerifyOutcome } from "../../protocol/index.js";
import { checkOutputFolder } from "./paths.js";
import { terminalProgress } from "./progress.js";

export interface ProtocolLockCommandOptions {
  /** Run external tools' version probes (default true). */
  probe?: boolean;
}

export async function protocolLockCommand(path: string, opts: ProtocolLockCommandOptions = {}): Promise<{ outcome: LockOutcome; message: string }> {
  const outcome = await lockProtocol(path, { probe: opts.probe ?? true });
  const what = { created: "locked", unchanged: "already locked, nothing changed", amended: "re-locked with new amendment(s)" }[outcome.status];
  const lines = [`${what}: ${outcome.lockPath}`, `lock sha256 ${outcome.lockSha256}`, `${outcome.lock.files.length} files, ${outcome.lock.components.length} detector versions, ${outcome.lock.amendments.length} amendment(s)`];
  if (outcome.status === "amended" && outcome.changes.length) lines.push("changes recorded with the amendment:", ...outcome.changes.map((c) => `  - ${c}`));
  if (!outcome.lock.tool_versions_probed) lines.push("external tool versions were not probed (--no-probe): the lock does not fix them");
  return { outcome, message: lines.join("\n") };
}

export async function protocolVerifyCommand(path: string): Promise<{ outcome: VerifyOutcome; message: string }> {
  const outcome = await verifyProtocol(path);
  const message = outcome.ok
    ? `protocol ${outcome.loaded.protocol.id} matches its lock (sha256 ${outcome.lockSha256})`
    : [`protocol ${outcome.loaded.protocol.id} differs from its lock (sha256 ${outcome.lockSha256}):`, ...outcome.differences.map((d) => `  - ${d}`)].join("\n");
  return { outcome, message };
}

export interface ProtocolRunCommandOptions {
  outputRoot?: string;
  progress?: boolean;
}

export async function protocolRunCommand(path: string, opts: ProtocolRunCommandOptions = {}): Promise<{ outcome: ProtocolRunOutcome; message: string }> {
  checkOutputFolder(opts.outputRoot ?? "results");
  const reporter = opts.progress ? terminalProgress() : undefined;
  let outcome: ProtocolRunOutcome;
  try {
    outcome = await runProtocol(path, { outputRoot: opts.outputRoot, onProgress: reporter?.onProgress });
  } finally {
    reporter?.stop();
  }
  const lines = [`results: ${outcome.dir}`, `lock sha256 ${outcome.lockSha256}`];
  for (const s of outcome.statements) {
    const parts = s.conditions.map((c) => {
      const f = (v: number | null) => (v === null ? "n/a" : `${v > 0 ? "+" : ""}${(v * 100).toFixed(2)}`);
      return `${c.condition.measure} ${f(c.difference)} (${f(c.low)} to ${f(c.high)}) ${c.held ? "ok" : "not met"}`;
    });
    lines.push(`statement ${s.statement.id} (${s.statement.corpus}): ${s.held ? "HELD" : "NOT HELD"}: ${parts.join("; ")}`);
  }
  return { outcome, message: lines.join("\n") };
}
