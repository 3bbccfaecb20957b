// The CLI entry: declares commands, imports each command lazily, maps errors to exit codes.
import "reflect-metadata";
import { readFileSync } from "node:fs";
import { constants as osConstants } from "node:os";
import { join } from "node:path";
import { Argument, Command, CommanderError, InvalidArgumentError, Option } from "commander";
import { DeidError, PACKAGE_ROOT, describeThrown } from "../contract/index.js";
import { registerPerturbCommand } from "./commands/perturb.js";
import { registerReviewCommand } from "./commands/review.js";
import * as choices from "./commands/options.js";
import { installExitGuard } from "../batch/exit-guard.js";

installExitGuard((line) => process.stderr.write(line + "\n"));

interface RunCliOptions {
  stack?: string;
  lang?: string;
  output: string;
  concurrency?: number;
  workers?: number;
  onError: "quarantine" | "abort";
  maxQuarantine: string;
  maxDocumentBytes: number;
  resume?: boolean;
  summaryJson?: string;
  progressInterval: number;
  checkpointEvery?: number;
  recursive?: boolean;
  encoding: (typeof choices.ENCODING_CHOICES)[number];
  outputFormat: (typeof choices.OUTPUT_FORMAT_CHOICES)[number];
}

const program = new Command();
const { version } = JSON.parse(readFileSync(join(PACKAGE_ROOT, "package.json"), "utf8")) as { version: string };
program.version(version, "-V, --version", "print the version");
program
  .name("deidstack")
  .description("On-premises de-identification of clinical free text, and honest evaluation")
  .showHelpAfterError("(add --help for usage)")
  // A usage error (unknown option, bad value) is a configuration error: exit 2 with a coded message, as others.
  .exitOverride()
  .configureOutput({ outputError: (text, write) => write(`deidstack: E_CONFIG: ${text.replace(/^error: /, "")}`) });

function print(text: string): void {
  process.stdout.write(text.endsWith("\n") ? text : text + "\n");
}

const int = (name: string) => (v: string) => {
  const n = Number(v);
  if (!/^\d+$/.test(v.trim()) || !Number.isSafeInteger(n)) throw new InvalidArgumentError(`${name} must be a whole number ≥ 0`);
  return n;
};

program
  .command("run")
  .description("de-identify documents (JSONL or a directory of .txt) with a stack; documents that fail are quarantined")
  .option("-s, --stack <preset|file>", "stack preset name or stack file (default: rules-only in the documents' language)")
  .option("--lang <tag>", "language of the documents when --stack is omitted (en, en-GB, nl-BE, ...); default: their metadata.lang")
  .requiredOption("-o, --output <file|dir|->", "output JSONL file (quarantine list: <output>.quarantine.jsonl), a new folder for txt and brat, or - for standard output")
  .addOption(new Option("--output-format <format>", "jsonl: one record per document; txt: a de-identified .txt per document; brat: .txt + .ann over the de-identified text").choices(choices.OUTPUT_FORMAT_CHOICES).default("jsonl"))
  .option("-c, --concurrency <n>", "documents in flight per worker", int("--concurrency"))
  .option("-w, --workers <n>", "worker threads, each with its own detectors (default: one per core, at most one per 200 documents, per 4,000 when every detector is a rule; 0: this thread)", int("--workers"))
  .addOption(new Option("--on-error <policy>", "a failing document is quarantined, or aborts the whole run").choices(["quarantine", "abort"]).default("quarantine"))
  .option("--max-quarantine <n|p%>", "abort when more documents than this are quarantined (count or share of the input)", "1%")
  .option("--max-document-bytes <n>", "documents larger than this (UTF-8 bytes of text) are quarantined unread", int("--max-document-bytes"), 5_000_000)
  .option("--resume", "continue the partial run in <output>.partial/ (same input, stack and software)")
  .option("--summary-json <file>", "write counts, quarantine counts per code and timings as JSON")
  .option("--progress-interval <s>", "off a terminal, one progress line every this many seconds", int("--progress-interval"), 30)
  .addOption(new Option("--checkpoint-every <n>", "commit output every n documents (and every 5 s)").argParser(int("--checkpoint-every")).hideHelp())
  .option("-r, --recursive", "a directory input: read the .txt files of its sub-folders too (ids: sub/note)")
  .addOption(new Option("--encoding <name>", "character encoding of the input (windows-1252 also reads latin1)").choices(choices.ENCODING_CHOICES).default("utf-8"))
  .argument("<input>", "input JSONL file, directory of .txt files, or - for JSONL on standard input")
  .action(async (input: string, o: RunCliOptions) => {
    const [{ runCommand, RUN_EXIT }, { runProgress }, { abandonRun }] = await Promise.all([
      import("./commands/run.js"),
      import("./commands/run-progress.js"),
      import("../batch/exit-guard.js"),
    ]);
    const interrupt = new AbortController();
    let signals = 0;
    const onSignal = (sig: NodeJS.Signals) => {
      signals++;
      if (signals === 1) interrupt.abort(sig);
      else {
        // A second signal: leave at once; the partial run stays as committed (its manifest is always consistent).
        abandonRun();
        process.stderr.write(`deidstack: E_INTERRUPTED: ${sig} again; stopped at once, the partial run is kept for --resume\n`);
        process.exit(128 + (osConstants.signals[sig] ?? 2));
      }
    };
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);
    const progress = runProgress(process.stderr, o.progressInterval);
    let summary;
    try {
      summary = await runCommand({
        stack: o.stack,
        lang: o.lang,
        input,
        recursive: o.recursive,
        encoding: o.encoding,
        output: o.output,
        outputFormat: o.outputFormat,
        concurrency: o.concurrency,
        workers: o.workers,
        onError: o.onError,
        maxQuarantine: o.maxQuarantine,
        maxDocumentBytes: o.maxDocumentBytes,
        resume: o.resume,
        checkpointEvery: o.checkpointEvery,
        summaryJson: o.summaryJson,
        interrupt: interrupt.signal,
        onProgress: progress.onProgress,
      });
    } finally {
      progress.stop();
    }
    if (summary.stack_choice.chosen) process.stderr.write(`${summary.stack_choice.reason}\n`);
    const q = summary.documents_quarantined;
    process.stderr.write(
      `wrote ${summary.documents_written} documents (${summary.spans} spans) with stack ${summary.stack.name}` +
        (q ? `; ${q} quarantined (${Object.entries(summary.quarantine_by_code).map(([c, n]) => `${c} ${n}`).join(", ")}), listed in ${summary.quarantine_file}` : "") +
        "\n",
    );
    for (const [id, stats] of Object.entries(summary.detector_stats)) process.stderr.write(`${id}: ${JSON.stringify(stats)}\n`);
    process.exitCode = q ? RUN_EXIT.quarantined : RUN_EXIT.ok;
  });

const queue = program.command("queue").description("distributed runs on BullMQ/Redis: note text stays on the shared path, never in Redis");
queue
  .command("submit")
  .description("check the input, split it into shards on the shared path and queue one job per shard")
  .requiredOption("--redis <url>", "redis://host:port")
  .requiredOption("-s, --stack <preset|file>", "stack preset, or a stack file every worker host can read at this path")
  .requiredOption("--shared <dir>", "a new folder on a path every worker host can read and write (shards, outputs)")
  .option("--shard-size <n>", "documents per shard", int("--shard-size"), 1000)
  .option("--attempts <n>", "tries per shard before it fails", int("--attempts"), 3)
  .option("--max-document-bytes <n>", "larger documents are quarantined unread", int("--max-document-bytes"), 5_000_000)
  .option("--queue <name>", "BullMQ queue name", "deidstack-shards")
  .argument("<input>", "input JSONL file")
  .action(async (input: string, o: { redis: string; stack: string; shared: string; shardSize: number; attempts: number; maxDocumentBytes: number; queue: string }) => {
    const { queueSubmit } = await import("./commands/queue.js");
    const run = await queueSubmit({ redis: o.redis, stack: o.stack, shared: o.shared, input, shardSize: o.shardSize, attempts: o.attempts, maxDocumentBytes: o.maxDocumentBytes, queue: o.queue });
    print(`submitted ${run.run_id}: ${run.input.documents} documents in ${run.shards.length} shards (stack ${run.stack.name}, queue ${run.queue})`);
  });
queue
  .command("status")
  .description("shards done, active, waiting and failed; documents done and quarantined")
  .requiredOption("--redis <url>", "redis://host:port")
  .requiredOption("--shared <dir>", "the run's folder")
  .option("--json", "print JSON")
  .action(async (o: { redis: string; shared: string; json?: boolean }) => {
    const { queueStatus, formatStatus } = await import("./commands/queue.js");
    const st = await queueStatus(o);
    print(o.json ? JSON.stringify(st, null, 2) : formatStatus(st));
  });
queue
  .command("collect")
  .description("when every shard is done: write the output in input order and the merged quarantine list")
  .requiredOption("--redis <url>", "redis://host:port")
  .requiredOption("--shared <dir>", "the run's folder")
  .requiredOption("-o, --output <file|dir|->", "output JSONL file (quarantine list: <output>.quarantine.jsonl), a new folder for txt and brat, or - for standard output")
  .addOption(new Option("--output-format <format>", "jsonl: one record per document; txt: a de-identified .txt per document; brat: .txt + .ann over the de-identified text").choices(choices.OUTPUT_FORMAT_CHOICES).default("jsonl"))
  .option("--max-quarantine <n|p%>", "refuse to write when more documents than this were quarantined", "1%")
  .action(async (o: { redis: string; shared: string; output: string; maxQuarantine: string }) => {
    const { queueCollect } = await import("./commands/queue.js");
    const c = await queueCollect(o);
    process.stderr.write(`wrote ${c.documents_written} documents of run ${c.run_id}${c.documents_quarantined ? `; ${c.documents_quarantined} quarantined, listed in ${c.quarantine_file}` : ""}\n`);
    process.exitCode = c.documents_quarantined ? 3 : 0;
  });

program
  .command("worker")
  .description("process shard jobs from Redis (any number of workers, on any host) until SIGINT/SIGTERM")
  .requiredOption("--redis <url>", "redis://host:port")
  .option("-w, --workers <n>", "local worker threads per shard (default: one per core)", int("--workers"))
  .option("-c, --concurrency <n>", "documents in flight per worker thread", int("--concurrency"))
  .option("--queue <name>", "BullMQ queue name", "deidstack-shards")
  .option("--lock-ms <n>", "job lock; a dead worker's shard is taken over after about this long", int("--lock-ms"), 30_000)
  .action(async (o: { redis: string; workers?: number; concurrency?: number; queue: string; lockMs: number }) => {
    const [{ queueWorker }, { defaultWorkers }] = await Promise.all([import("./commands/queue.js"), import("./commands/run.js")]);
    const stop = new AbortController();
    for (const sig of ["SIGINT", "SIGTERM"] as const) process.once(sig, () => stop.abort(sig));
    const r = await queueWorker({
      redis: o.redis,
      queue: o.queue,
      workers: o.workers ?? defaultWorkers(),
      concurrency: o.concurrency,
      lockMs: o.lockMs,
      signal: stop.signal,
      onShard: (d) => process.stderr.write(`${d.shard} of ${d.run_id}: ${d.documents_written} written, ${d.documents_quarantined} quarantined\n`),
    });
    process.stderr.write(`worker stopped after ${r.shards} shards\n`);
  });

program
  .command("synth")
  .description("generate a seeded synthetic annotated corpus (MedDeID JSONL, code point offsets)")
  .addOption(new Option("-p, --profile <profile>", "locale profile").choices(choices.PROFILE_CHOICES).makeOptionMandatory())
  .requiredOption("-n, --n <count>", "number of notes", choices.wholeNumber("-n"))
  .option("--seed <seed>", "seed (same seed, same corpus)", choices.wholeNumber("--seed"), 1)
  .option("--note-types <list>", `comma-separated note types (default all: ${choices.NOTE_TYPE_CHOICES.join(", ")})`, choices.listOf("--note-types", choices.NOTE_TYPE_CHOICES))
  .addOption(new Option("--name-source <source>", "where names come from").choices(choices.NAME_SOURCE_CHOICES).default("faker"))
  .requiredOption("-o, --output <file>", "output JSONL file")
  .action(async (o: { profile: string; n: number; seed: number; noteTypes?: string[]; nameSource: string; output: string }) => {
    const { synthCommand } = await import("./commands/synth.js");
    const s = await synthCommand({ profile: o.profile, n: o.n, seed: o.seed, noteTypes: o.noteTypes, nameSource: o.nameSource, output: o.output });
    process.stderr.write(`wrote ${s.documents} notes (${s.spans} spans), profile ${s.profile}, seed ${s.seed}\n`);
  });

const collect = (v: string, acc: string[]) => [...acc, v];
const list = choices.listOf("--metrics");
/** The options score and compare share: gold and prediction formats, scope, label and ASQ-PHI policies. */
const goldAndScopeOptions = (command: Command) =>
  command
    .addOption(new Option("--gold-format <format>", "gold corpus format (default: detected)").choices(choices.CORPUS_FORMAT_CHOICES))
    .addOption(new Option("--pred-format <format>", "predictions format (default: detected)").choices(choices.PREDICTION_FORMAT_CHOICES))
    .addOption(new Option("--scope <scope>", "what counts as an identifier").choices(choices.SCOPE_CHOICES).default("all"))
    .addOption(new Option("--out-of-scope <policy>", "with safe-harbor: predictions outside the scope").choices(choices.OUT_OF_SCOPE_CHOICES).default("false-positive"))
    .option("--exclude-explicit-ages", "leave explicit ages under 90 out of the non-PII redaction numerator")
    .addOption(new Option("--unknown-labels <policy>", "gold labels no map knows: fail, or count as Anonymize_Other").choices(choices.UNKNOWN_LABEL_CHOICES))
    .addOption(new Option("--asq-occurrences <policy>", "ASQ-PHI gold: every occurrence or the first of each tagged value").choices(choices.ASQ_OCCURRENCE_CHOICES))
    .option("--asq-exact-apostrophes", "ASQ-PHI gold: do not treat ’ and ' alike");

goldAndScopeOptions(
  program
    .command("score")
    .description("score one system's predictions against a gold corpus (counts and rates only)")
    .requiredOption("--gold <path>", "gold corpus (file or directory)")
    .requiredOption("--pred <[name=]path>", "predictions (deidstack run output or a corpus format)"),
)
  .option("--metrics <ids>", "comma-separated metric ids", list)
  .option("--json", "print deidstack.score.v1 JSON")
  .addOption(new Option("--format <format>", "output format (default markdown; json with --json)").choices(choices.REPORT_FORMAT_CHOICES))
  .option("--per-document", "include per-document counts in JSON")
  .option("--marks <review-marks.jsonl>", "review marks (deidstack review) as extra gold; scores only the reviewed documents")
  .action(async (o) => {
    const { scoreCommand } = await import("./commands/score.js");
    print((await scoreCommand(o)).output);
  });

goldAndScopeOptions(
  program
    .command("compare")
    .description("compare systems on one gold corpus with a paired clustered bootstrap")
    .requiredOption("--gold <path>", "gold corpus (file or directory)")
    .requiredOption("--pred <name=path>", "predictions of one system (repeat for each)", collect, []),
)
  .option("--bootstrap <n>", "bootstrap replicates", choices.wholeNumber("--bootstrap", 1, 1_000_000), 10000)
  .option("--seed <seed>", "PRNG seed", choices.wholeNumber("--seed"), 1)
  .addOption(new Option("--cluster <unit>", "resampling unit").choices(choices.CLUSTER_CHOICES).default("document"))
  .option("--metrics <ids>", "comma-separated metric ids to bootstrap", list)
  .addOption(new Option("--format <format>", "output format").choices(choices.REPORT_FORMAT_CHOICES).default("markdown"))
  .action(async (o) => {
    const { compareCommand } = await import("./commands/compare.js");
    print((await compareCommand(o)).output);
  });

program
  .command("battery")
  .description("run stacks and external tools on gold corpora: warm timing, one scorer, paired bootstrap, report")
  .argument("<battery.yaml>", "battery file")
  .option("-o, --output <dir>", "results root (results/<battery-id>/<timestamp>/ is created under it)", "results")
  .action(async (file: string, o: { output: string }) => {
    const { batteryCommand, summariseBattery } = await import("./commands/battery.js");
    const r = await batteryCommand(file, { outputRoot: o.output, progress: process.stderr.isTTY });
    print(summariseBattery(r.result));
    process.stderr.write(`wrote ${r.files.length} files to ${r.dir}\n`);
  });

const protocol = program.command("protocol").description("pre-registered evaluation protocols");
protocol
  .command("lock")
  .argument("<protocol.yaml>")
  .description("hash the protocol, its stacks, prompts, corpora, plugin and tool versions into <id>.lock.json")
  .option("--no-probe", "do not run external tools' version probes (the lock then does not fix tool versions)")
  .action(async (file: string, o: { probe: boolean }) => {
    const { protocolLockCommand } = await import("./commands/protocol.js");
    print((await protocolLockCommand(file, { probe: o.probe })).message);
  });
protocol
  .command("verify")
  .argument("<protocol.yaml>")
  .description("check everything the lock fixes; exit 1 and name each difference when anything changed")
  .action(async (file: string) => {
    const { protocolVerifyCommand } = await import("./commands/protocol.js");
    const { outcome, message } = await protocolVerifyCommand(file);
    print(message);
    if (!outcome.ok) process.exitCode = 1;
  });
protocol
  .command("run")
  .argument("<protocol.yaml>")
  .description("verify the lock, run the protocol, read each statement as held or not held, write results")
  .option("-o, --output <dir>", "results root", "results")
  .action(async (file: string, o: { output: string }) => {
    const { protocolRunCommand } = await import("./commands/protocol.js");
    print((await protocolRunCommand(file, { outputRoot: o.output, progress: process.stderr.isTTY })).message);
  });

const detectors = program.command("detectors").description("detector plugins");
detectors
  .command("list")
  .description("list built-in detectors and whether they are installed")
  .action(async () => {
    const { detectorsListCommand } = await import("./commands/detectors.js");
    print(await detectorsListCommand());
  });

program
  .command("schema")
  .description("print the JSON Schema of a configuration file (editor completion: schemas/<kind>.schema.json)")
  .addArgument(new Argument("<kind>", "which file").choices(choices.SCHEMA_CHOICES))
  .action(async (kind: string) => {
    const { schemaCommand } = await import("./commands/schema.js");
    print(await schemaCommand(kind));
  });

const stacks = program.command("stacks").description("stack presets");
stacks
  .command("list")
  .description("the presets in stacks/: name, language, detectors, transform (tab-separated)")
  .action(async () => {
    const { stacksListCommand } = await import("./commands/stacks.js");
    print(await stacksListCommand());
  });
stacks
  .command("show")
  .argument("<preset|file>")
  .description("print a stack file with its sha256")
  .action(async (ref: string) => {
    const { stacksShowCommand } = await import("./commands/stacks.js");
    print(await stacksShowCommand(ref));
  });

(await import("./commands/key.js")).registerKeyCommands(program);

registerPerturbCommand(program);
registerReviewCommand(program);

/** Exit codes (README): 0 done, 1 aborted, 2 configuration error before the first document, 3 some documents
 * quarantined (run), 128 + signal number when a signal stopped a run. */
function exitCodeFor(err: unknown): number {
  if (!(err instanceof DeidError)) return 1;
  if (err.code === "E_INTERRUPTED") return 128 + (osConstants.signals[(err.context.signal ?? "SIGINT") as NodeJS.Signals] ?? 2);
  const config: string[] = ["E_STACK_CONFIG", "E_CONFIG", "E_RESUME_MISMATCH", "E_DETECTOR_NOT_INSTALLED"];
  return config.includes(err.code) ? 2 : 1;
}

const command = process.argv[2];
try {
  await program.parseAsync(process.argv);
} catch (err) {
  if (err instanceof CommanderError) {
    // commander has written its message (or the help) already; a usage error is a configuration error.
    process.exitCode = err.exitCode === 0 ? 0 : 2;
  } else {
    const message = err instanceof DeidError ? `${err.code}: ${err.message}` : `unexpected error: ${describeThrown(err)}`;
    process.stderr.write(`deidstack: ${message}\n`);
    process.exitCode = exitCodeFor(err);
  }
}
// A run ends here, whatever plugin code left behind (timers, sockets, a create() that never settled).
if (command === "run" || command === "worker" || command === "queue") process.exit();
