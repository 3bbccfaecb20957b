// `deidstack key new -o FILE`: the only way a surrogate or pseudonymisation key should come to exist.
import { resolve } from "node:path";
import type { Command } from "commander";
import { MIN_KEY_BYTES, loadKeyFile, writeNewKeyFile } from "../../transform/index.js";

export interface KeyNewOptions {
  output: string;
}

/** Writes a new key file (256 random bits, mode 600, never over an existing file) and checks it reads back. */
export function keyNewCommand(opts: KeyNewOptions): { path: string; bits: number } {
  const path = resolve(opts.output);
  writeNewKeyFile(path);
  loadKeyFile(path, "key new");
  return { path, bits: MIN_KEY_BYTES * 8 };
}

/** Declares the `key` commands on the CLI (one line in main.ts). */
export function registerKeyCommands(program: Command): void {
  program
    .command("key")
    .description("secret keys for keyed surrogates, date shifts and id pseudonyms")
    .command("new")
    .description("write a new key file: 256 random bits as hex, mode 600; an existing file is never overwritten")
    .requiredOption("-o, --output <file>", "key file to create")
    .action((o: { output: string }) => {
      const { path, bits } = keyNewCommand({ output: o.output });
      process.stderr.write(`wrote a ${bits}-bit key to ${path} (mode 600); point transform.key_file at it and keep it secret\n`);
    });
}
