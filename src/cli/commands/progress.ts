// A progress bar on stderr for battery and protocol runs (only on a terminal): system, corpus, documents done.
import cliProgress from "cli-progress";
import type { BatteryProgress } from "../../battery/index.js";

export interface ProgressReporter {
  onProgress: (event: BatteryProgress) => void;
  stop: () => void;
}

export function terminalProgress(stream: NodeJS.WriteStream = process.stderr): ProgressReporter {
  const bar = new cliProgress.SingleBar(
    { stream, format: "{system} · {corpus} · {phase} [{bar}] {value}/{total}", hideCursor: true, clearOnComplete: false, etaBuffer: 50 },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    onProgress(event) {
      if (event.kind === "system") {
        if (started) bar.stop();
        bar.start(event.total, 0, { system: event.system, corpus: event.corpus, phase: event.phase });
        started = true;
      } else if (event.kind === "document") {
        bar.update(event.done);
      } else {
        if (started) bar.stop();
        started = false;
        stream.write(`scoring and bootstrapping corpus ${event.corpus}\n`);
      }
    },
    stop() {
      if (started) bar.stop();
      started = false;
    },
  };
}
