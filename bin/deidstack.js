#!/usr/bin/env node
// Runs the compiled CLI in dist/ (built by `npm run build`; `npm ci` and `npm pack` build it through `prepare`).
// `--version` alone is answered here, before the CLI and its dependencies load.
import { existsSync, readFileSync } from "node:fs";

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === "--version" || args[0] === "-V")) {
  const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  process.stdout.write(`${version}\n`);
} else {
  const main = new URL("../dist/src/cli/main.js", import.meta.url);
  if (!existsSync(main)) {
    process.stderr.write("deidstack: the compiled CLI (dist/) is missing: run `npm run build` in the deidstack folder\n");
    process.exit(2);
  }
  await import(main.href);
}
