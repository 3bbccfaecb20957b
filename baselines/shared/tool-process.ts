// Runs an external de-identification tool through execa and turns every way it can fail into a typed error that
// names the tool, never the note text (a tool's stdout and stderr can quote notes, so neither is ever shown).
import { existsSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { execa } from "execa";
import { DeidError } from "../../src/contract/index.js";

export interface ToolInvocation {
  /** Detector id, for error messages. */
  toolId: string;
  /** What to install and where to point the stack, for "not installed" errors. */
  installHint: string;
  command: readonly string[];
  cwd?: string;
  /** Written to the tool's stdin, then stdin is closed. */
  input?: string;
  timeoutMs: number;
  signal?: AbortSignal;
  env?: Readonly<Record<string, string>>;
  /** Exit statuses by which the tool says a part of it is missing (our DEDUCE driver uses 3). */
  notInstalledExitCodes?: readonly number[];
}

export interface ToolOutput {
  stdout: string;
}

/** Replaces `{name}` placeholders in each argument; an unknown placeholder is a configuration error. */
export function fillCommandTemplate(template: readonly string[], values: Readonly<Record<string, string>>, toolId: string): string[] {
  return template.map((arg) =>
    arg.replace(/\{([a-z_]+)\}/g, (_, name: string) => {
      const value = values[name];
      if (value === undefined) {
        throw new DeidError("E_STACK_CONFIG", `command placeholder {${name}} is not known (known: ${Object.keys(values).join(", ")})`, {
          detectorId: toolId,
          field: "with.command",
        });
      }
      return value;
    }),
  );
}

/** A command given as one string is split on whitespace (no shell); arrays are taken as they are. */
export function normaliseCommand(command: string | readonly string[]): string[] {
  return typeof command === "string" ? command.trim().split(/\s+/).filter(Boolean) : [...command];
}

/** Fails with an install hint when the working folder or a file the tool needs in it is missing. */
export function requireToolFiles(toolId: string, installHint: string, cwd: string | undefined, files: readonly string[]): void {
  if (cwd !== undefined && !existsSync(cwd)) {
    throw new DeidError("E_DETECTOR_NOT_INSTALLED", `tool folder ${cwd} does not exist. ${installHint}`, { detectorId: toolId });
  }
  for (const file of files) {
    const path = isAbsolute(file) || cwd === undefined ? file : resolve(cwd, file);
    if (!existsSync(path)) {
      throw new DeidError("E_DETECTOR_NOT_INSTALLED", `${file} not found${cwd ? ` in ${cwd}` : ""}. ${installHint}`, { detectorId: toolId });
    }
  }
}

/**
 * Runs the tool to completion. Resolves with its stdout only when it exited with status 0 in time; otherwise
 * rejects with E_DETECTOR_NOT_INSTALLED, E_DETECTOR_TIMEOUT or E_DETECTOR_FAILED.
 */
export async function runTool(inv: ToolInvocation): Promise<ToolOutput> {
  const [file, ...args] = inv.command;
  if (!file) throw new DeidError("E_STACK_CONFIG", "empty command", { detectorId: inv.toolId, field: "with.command" });
  const result = await execa(file, args, {
    cwd: inv.cwd,
    input: inv.input ?? "",
    timeout: inv.timeoutMs,
    cancelSignal: inv.signal,
    forceKillAfterDelay: 2_000,
    reject: false,
    stripFinalNewline: false,
    maxBuffer: 1 << 30,
    env: inv.env ? { ...inv.env } : undefined,
    extendEnv: true,
  });
  const spawnCode = (result as { code?: string }).code;
  const missing = result.exitCode !== undefined && (inv.notInstalledExitCodes ?? []).includes(result.exitCode);
  if (spawnCode === "ENOENT" || missing || (result.exitCode === undefined && result.failed && !result.timedOut && !result.isCanceled && !result.signal)) {
    throw new DeidError("E_DETECTOR_NOT_INSTALLED", `${missing ? `${file} reports that the tool is missing` : `cannot start ${file}`}${spawnCode ? ` (${spawnCode})` : ""}. ${inv.installHint}`, {
      detectorId: inv.toolId,
    });
  }
  if (result.timedOut) {
    throw new DeidError("E_DETECTOR_TIMEOUT", `${file} gave no answer within ${inv.timeoutMs} ms and was stopped`, { detectorId: inv.toolId });
  }
  if (result.isCanceled) {
    throw new DeidError("E_DETECTOR_FAILED", `${file} was stopped because the run was cancelled`, { detectorId: inv.toolId });
  }
  if (result.exitCode !== 0) {
    const why = result.exitCode === undefined ? `was killed (${result.signal ?? "unknown signal"})` : `exited with status ${result.exitCode}`;
    throw new DeidError("E_DETECTOR_FAILED", `${file} ${why}; its output is not shown because it may quote note text`, {
      detectorId: inv.toolId,
    });
  }
  return { stdout: String(result.stdout ?? "") };
}
