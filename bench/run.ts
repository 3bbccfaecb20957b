// Runs every benchmark in bench/ (or the ones named on the command line), one after the other, in child processes.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const all = readdirSync(here)
  .filter((f) => f.endsWith(".ts") && f !== "run.ts" && !f.startsWith("_"))
  .map((f) => f.replace(/\.ts$/, ""))
  .sort();
const wanted = process.argv.slice(2);
const chosen = wanted.length ? all.filter((b) => wanted.includes(b)) : all;
if (wanted.length && chosen.length !== wanted.length) {
  console.error(`unknown benchmark; available: ${all.join(", ")}`);
  process.exit(2);
}
let failed = 0;
for (const b of chosen) {
  console.log(`\n=== bench/${b}.ts ===`);
  const r = spawnSync(process.execPath, ["--import", "tsx", join(here, `${b}.ts`)], { stdio: "inherit" });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
