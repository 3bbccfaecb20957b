// Runs one battery system in a fresh Node process so that its timing shares no module caches, compiled code or
// heap with the systems before it. The parent sends a SystemRunRequest over IPC; the child answers with progress
// messages and the SystemRunResult, or with the error's code and message (which never quote note text).
import "reflect-metadata";
import { fork } from "node:child_process";
import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { DeidError, describeThrown, type ErrorCode } from "../contract/index.js";
import { CorpusFailure, runSystem, type SystemRunHooks, type SystemRunProgress, type SystemRunRequest, type SystemRunResult } from "./system-run.js";

type ToParent =
  | { type: "progress"; progress: SystemRunProgress }
  | { type: "ready" }
  | { type: "result"; result: SystemRunResult }
  | { type: "error"; corpus?: string; code?: string; message: string };

const CHILD_SCRIPT = fileURLToPath(import.meta.url);
// From the TypeScript sources the child needs tsx's loader; compiled (dist/) it runs as plain JavaScript.
const CHILD_EXEC_ARGV = CHILD_SCRIPT.endsWith(".ts") ? ["--import", createRequire(import.meta.url).resolve("tsx")] : [];

function errorMessage(err: unknown): ToParent {
  const corpus = err instanceof CorpusFailure ? err.corpus : undefined;
  const inner = err instanceof CorpusFailure ? err.failure : err;
  if (inner instanceof DeidError) return { type: "error", corpus, code: inner.code, message: inner.message };
  return { type: "error", corpus, message: `unexpected error: ${describeThrown(inner)}` };
}

/**
 * Runs a system in a child process; rejects like runSystem would (CorpusFailure around DeidErrors). The process's
 * start and module loading count as the system's set-up. The request may still be in the making (the corpus being
 * read) when the process starts: it loads its modules meanwhile.
 */
export function runSystemIsolated(
  request: SystemRunRequest | Promise<SystemRunRequest>,
  progress: (p: SystemRunProgress) => void = () => {},
  hooks: SystemRunHooks = {},
): Promise<SystemRunResult> {
  return new Promise((resolve, reject) => {
    const child = fork(CHILD_SCRIPT, [], {
      execArgv: CHILD_EXEC_ARGV,
      serialization: "advanced",
      stdio: ["ignore", "ignore", "inherit", "ipc"],
    });
    const forkedAt = performance.now();
    let startup_s = 0;
    let settled = false;
    // The child waits after its warm-up until the parent's own work (hooks.whileStarting) is done.
    let parentDone = false;
    let childReady = false;
    const maybeGo = () => {
      if (parentDone && childReady && !settled) child.send({ type: "go" });
    };
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
    };
    child.on("message", (raw) => {
      const m = raw as ToParent;
      if (m.type === "progress") {
        if (m.progress.phase === "setup" && startup_s === 0) startup_s = (performance.now() - forkedAt) / 1000;
        progress(m.progress);
      } else if (m.type === "ready") {
        childReady = true;
        maybeGo();
      } else if (m.type === "result") settle(() => resolve({ ...m.result, setup_s: m.result.setup_s + startup_s }));
      else {
        const err = m.code ? new DeidError(m.code as ErrorCode, m.message) : new DeidError("E_DETECTOR_FAILED", m.message);
        settle(() => reject(m.corpus ? new CorpusFailure(m.corpus, err) : err));
      }
    });
    child.on("error", (err) => settle(() => reject(new DeidError("E_CONFIG", `cannot start a system process: ${describeThrown(err)}`))));
    child.on("exit", (code, signal) =>
      settle(() => reject(new DeidError("E_DETECTOR_FAILED", `the system's process ended (${signal ?? `exit ${code}`}) before it answered`))),
    );
    Promise.resolve(request)
      .then(async (ready) => {
        if (settled) return;
        child.send({ type: "run", request: ready });
        await hooks.whileStarting?.();
        parentDone = true;
        maybeGo();
      })
      .catch((err) => {
        child.kill();
        settle(() => reject(err));
      });
  });
}

async function childMain(): Promise<void> {
  process.once("message", async (raw) => {
    const { request } = raw as { type: "run"; request: SystemRunRequest };
    let reply: ToParent;
    try {
      const goAhead = () =>
        new Promise<void>((resolve) => {
          process.on("message", function onGo(m: { type?: string }) {
            if (m?.type !== "go") return;
            process.off("message", onGo);
            resolve();
          });
          process.send!({ type: "ready" } satisfies ToParent);
        });
      const result = await runSystem(request, (p) => process.send!({ type: "progress", progress: p } satisfies ToParent), { beforeTimed: goAhead });
      reply = { type: "result", result };
    } catch (err) {
      reply = errorMessage(err);
    }
    process.send!(reply, () => process.exit(0));
  });
}

if (process.send && process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await childMain();
