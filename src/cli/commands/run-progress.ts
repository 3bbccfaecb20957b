// Progress of `run` on stderr: a bar with done/total, rate and ETA on a terminal; elsewhere one line every N seconds.
import cliProgress from "cli-progress";
import type { BatchProgress } from "../../batch/run-batch.js";

export interface RunProgressReporter {
  onProgress: (p: BatchProgress) => void;
  stop: () => void;
}

function rate(p: BatchProgress): number {
  return p.elapsedMs > 0 ? (p.doneHere * 1000) / p.elapsedMs : 0;
}

export function formatEta(seconds: number): string {
  if (!Number.isFinite(seconds)) return "?";
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, "0")}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}m`;
}

/** One progress line (counts only). */
export function progressLine(p: BatchProgress): string {
  const r = rate(p);
  const pct = p.total ? ((100 * p.done) / p.total).toFixed(1) : "100.0";
  return `progress: ${p.done}/${p.total} documents (${pct}%), ${p.quarantined} quarantined, ${r.toFixed(1)} documents/s, ETA ${formatEta(r > 0 ? (p.total - p.done) / r : Number.NaN)}`;
}

export function runProgress(stream: NodeJS.WriteStream, intervalS: number): RunProgressReporter {
  if (stream.isTTY) {
    const bar = new cliProgress.SingleBar(
      { stream, format: "[{bar}] {value}/{total} documents | {quarantined} quarantined | {rate}/s | ETA {eta_text}", hideCursor: true, clearOnComplete: false },
      cliProgress.Presets.shades_classic,
    );
    let started = false;
    let last = 0;
    return {
      onProgress(p) {
        const payload = { quarantined: p.quarantined, rate: rate(p).toFixed(1), eta_text: formatEta(rate(p) > 0 ? (p.total - p.done) / rate(p) : Number.NaN) };
        if (!started) {
          bar.start(p.total, p.done, payload);
          started = true;
        }
        const now = Date.now();
        if (now - last >= 200 || p.done === p.total) {
          last = now;
          bar.update(p.done, payload);
        }
      },
      stop() {
        if (started) bar.stop();
        started = false;
      },
    };
  }
  let last = Date.now();
  return {
    onProgress(p) {
      const now = Date.now();
      if (now - last >= intervalS * 1000) {
        last = now;
        stream.write(progressLine(p) + "\n");
      }
    },
    stop() {},
  };
}
