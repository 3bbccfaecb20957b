// Preloaded into a measured child process (`node --import`): prints its CPU time (all threads) on stderr at exit.
import { writeSync } from "node:fs";

process.on("exit", () => {
  const u = process.cpuUsage();
  writeSync(2, `\nBENCH_CPU_US=${u.user + u.system}\n`);
});
