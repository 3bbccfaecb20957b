// The CLI entry: declares commands, imports each command lazily, maps errors to exit codes.
import "reflect-metadata";
import { Command } from "commander";
import { DeidError, describeThrown } from "../contract/index.js";

const program = new Command();
program.name("deidstack").description("On-premises de-identification of clinical free text, and honest evaluation").showHelpAfterError();

function print(text: string): void {
  process.stdout.write(text.endsWith("\n") ? text : text + "\n");
}

program
  .command("run")
  .description("de-identify documents (JSONL or a directory of .txt) with a stack; output appears only if all succeed")
  .requiredOption("-s, --stack <preset|file>", "stack preset name or stack file")
  .requiredOption("-o, --output <file>", "output JSONL file")
  .option("-c, --concurrency <n>", "documents processed at once", (v) => Number.parseInt(v, 10))
  .argument("<input>", "input JSONL file or directory of .txt files")
  .action(async (input: string, o: { stack: string; output: string; concurrency?: number }) => {
    const { runCommand } = await import("./commands/run.js");
    const tty = process.stderr.isTTY;
    let last = 0;
    const summary = await runCommand({
      stack: o.stack,
      input,
      output: o.output,
      concurrency: o.concurrency,
      onProgress: tty
        ? (docs, spans) => {
            const now = Date.now();
            if (now - last > 200) {
              last = now;
              process.stderr.write(`\r${docs} documents, ${spans} spans`);
            }
          }
        : undefined,
    });
    if (tty) process.stderr.write("\n");
    process.stderr.write(`wrote ${summary.documents} documents (${summary.spans} spans) with stack ${summary.stack}\n`);
  });

program
  .command("synth")
  .description("generate a seeded synthetic annotated corpus (MedDeID JSONL, code point offsets)")
  .requiredOption("-p, --profile <profile>", "nl-BE | en-US | en-GB")
  .requiredOption("-n, --n <count>", "number of notes", (v) => Number.parseInt(v, 10))
  .option("--seed <seed>", "seed (same seed, same corpus)", (v) => Number.parseInt(v, 10), 1)
  .option("--note-types <list>", "comma-separated note types (default all)")
  .option("--name-source <source>", "faker | invented", "faker")
  .requiredOption("-o, --output <file>", "output JSONL file")
  .action(async (o: { profile: string; n: number; seed: number; noteTypes?: string; nameSource: string; output: string }) => {
    const { synthCommand } = await import("./commands/synth.js");
    const s = await synthCommand({ profile: o.profile, n: o.n, seed: o.seed, noteTypes: o.noteTypes, nameSource: o.nameSource, output: o.output });
    process.stderr.write(`wrote ${s.documents} notes (${s.spans} spans), profile ${s.profile}, seed ${s.seed}\n`);
  });

const detectors = program.command("detectors").description("detector plugins");
detectors
  .command("list")
  .description("list built-in detectors and whether they are installed")
  .action(async () => {
    const { detectorsListCommand } = await import("./commands/detectors.js");
    print(await detectorsListCommand());
  });

const stacks = program.command("stacks").description("stack presets");
stacks.command("list").action(async () => {
  const { stacksListCommand } = await import("./commands/stacks.js");
  print(stacksListCommand());
});
stacks
  .command("show")
  .argument("<preset|file>")
  .description("print a stack file with its sha256")
  .action(async (ref: string) => {
    const { stacksShowCommand } = await import("./commands/stacks.js");
    print(await stacksShowCommand(ref));
  });

try {
  await program.parseAsync(process.argv);
} catch (err) {
  const message = err instanceof DeidError ? `${err.code}: ${err.message}` : `unexpected error: ${describeThrown(err)}`;
  process.stderr.write(`deidstack: ${message}\n`);
  process.exitCode = err instanceof DeidError && (err.code === "E_STACK_CONFIG" || err.code === "E_CONFIG") ? 2 : 1;
}
