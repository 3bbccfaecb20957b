// `npm run eval`: every stack of a language on every hand-written set of that language, scored by the common
// scorer (`src/eval`, the code behind `deidstack score`). Detection is measured with the leak guard off, as the
// battery does: a refused document would otherwise have no predictions. Prints counts and rates only.
//
//   npm run eval                              development sets only, default stacks per language
//   npm run eval -- --split test              only test sets (frozen; never tune on them: eval-sets/README.md)
//   npm run eval -- --split all               development and test sets
//   npm run eval -- --help                    this list; an unknown option is an error and nothing runs
//   npm run eval -- --set nl/test/fragments   one set (path under eval-sets/ without extension)
//   npm run eval -- --stack rules-only        only this stack (preset name or path), on the sets of every language
//   npm run eval -- --round r4                only the sets of one round (`*-r4`; r1 = unsuffixed sets)
//   npm run eval -- --json results.json       also write the table as JSON (deidstack.eval-sets.results.v1)
//   npm run eval -- --pool                    also one pooled row per language, split and stack over every matched
//                                             set, and one per round of sets (`*-r2`, `*-r3`; unsuffixed = r1)
import "reflect-metadata";
import { mkdtempSync, rmSync, writeFileSync, createWriteStream, existsSync } from "node:fs";
import { once } from "node:events";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";
import { DeidError, loadJsonlDocuments, type Document, type IndexedDocument, type Span } from "../../src/contract/index.js";
import { loadCorpus, loadPredictions, scoreCorpus } from "../../src/eval/index.js";
import { StackRunner, loadStack, listPresetNames } from "../../src/stack/index.js";
import { listSources, readFrozen, ROOT } from "./build.js";

/** Stacks measured by default on each language's sets; names that are not installed are reported and skipped. */
export const DEFAULT_STACKS: Record<string, string[]> = {
  nl: ["rules-only", "no-llm", join(ROOT, "stacks", "meddeid-nl-alone.yaml")],
  fr: ["rules-only", "no-llm", join(ROOT, "stacks", "meddeid-nl-alone.yaml")],
  en: ["rules-only-en", "no-llm-en", join(ROOT, "stacks", "meddeid-en-alone.yaml")],
};

export const REPORTED_METRICS = [
  "span_recall",
  "span_precision",
  "char_recall",
  "core_pii_recall",
  "non_pii_redaction_rate",
  "non_pii_false_positive_rate",
  "non_pii_boundary_extension_rate",
] as const;

export interface EvalRow {
  set: string;
  set_sha256: string | null;
  stack: string;
  stack_sha256: string;
  documents: number;
  gold_spans: number;
  predicted_spans: number;
  seconds: number;
  metrics: Record<string, number | null>;
}

/** What a pooled row is computed from: the gold documents of one set and the stack's predictions on them. */
export interface ScoredSet {
  row: EvalRow;
  documents: Document[];
  predictions: Map<string, Span[]>;
}

function stackAvailable(ref: string): boolean {
  return ref.includes("/") ? existsSync(ref) : listPresetNames().includes(ref) || existsSync(join("stacks", `${ref}.yaml`));
}

async function* indexed(documents: readonly Document[]): AsyncGenerator<IndexedDocument> {
  for (let index = 0; index < documents.length; index++) {
    const { spans: _gold, ...input } = documents[index];
    yield { document: input, index };
  }
}

/** Runs one stack (leak guard off) over one set and scores it. */
export async function evaluate(stackRef: string, setRel: string, workDir: string, root = ROOT): Promise<EvalRow> {
  return (await evaluateSet(stackRef, setRel, workDir, root)).row;
}

/** As `evaluate`, keeping the gold documents and predictions for pooling. */
export async function evaluateSet(stackRef: string, setRel: string, workDir: string, root = ROOT): Promise<ScoredSet> {
  const jsonl = join(root, setRel.replace(/\.txt$/, ".jsonl"));
  const stack = await loadStack(stackRef);
  const config = { ...stack.config, leak_guard: false };
  const runner = await StackRunner.create({ ...stack, config });
  const inputs = await loadJsonlDocuments(jsonl);
  const out = join(workDir, `pred-${Math.random().toString(36).slice(2)}.jsonl`);
  const stream = createWriteStream(out, { flags: "wx", mode: 0o600 });
  let predicted = 0;
  const t0 = performance.now();
  try {
    for await (const record of runner.run(indexed(inputs))) {
      predicted += record.spans.length;
      if (!stream.write(JSON.stringify(record) + "\n")) await once(stream, "drain");
    }
  } finally {
    stream.end();
    await once(stream, "close");
    await runner.close();
  }
  const seconds = (performance.now() - t0) / 1000;
  const corpus = await loadCorpus(jsonl);
  const predictions = await loadPredictions(out, { gold: corpus.documents });
  rmSync(out, { force: true });
  const score = scoreCorpus(corpus.documents, new Map([[stack.config.name, predictions.predictions]]), {
    metrics: [...REPORTED_METRICS],
  });
  const frozen = readFrozen(join(root, "FROZEN.json")).sets[setRel];
  const row: EvalRow = {
    set: setRel.replace(/\.txt$/, ""),
    set_sha256: frozen?.jsonl_sha256 ?? null,
    stack: stack.config.name,
    stack_sha256: stack.sha256,
    documents: corpus.documents.length,
    gold_spans: corpus.documents.reduce((n, d) => n + (d.spans?.length ?? 0), 0),
    predicted_spans: predicted,
    seconds,
    metrics: score.systems[0].metrics,
  };
  return { row, documents: corpus.documents, predictions: predictions.predictions };
}

/** The round a set belongs to: `notes-r3` → "r3", an unsuffixed set → "r1". */
export function roundOf(set: string): string {
  return /-r(\d+)$/.exec(set)?.[1] ? `r${/-r(\d+)$/.exec(set)![1]}` : "r1";
}

/**
 * Pooled rows: for each language, split and stack, the documents of every scored set scored as one corpus (ids
 * prefixed by their set, so they stay unique), once over all sets ("nl/test/*") and once per round ("nl/test/*-r3").
 * Pooling counts every gold span once, so a large set weighs more than a small one (unlike a mean of set rates).
 */
export function poolSets(scored: readonly ScoredSet[]): EvalRow[] {
  const groups = new Map<string, ScoredSet[]>();
  for (const s of scored) {
    const [lang, split] = s.row.set.split("/");
    for (const key of [`${lang}/${split}/*`, `${lang}/${split}/*-${roundOf(s.row.set)}`]) {
      const k = `${key}\u0000${s.row.stack}`;
      groups.set(k, [...(groups.get(k) ?? []), s]);
    }
  }
  const rows: EvalRow[] = [];
  for (const [k, members] of groups) {
    const [set, stack] = k.split("\u0000");
    const documents: Document[] = [];
    const predictions = new Map<string, Span[]>();
    for (const m of members) {
      for (const d of m.documents) {
        const id = `${m.row.set}#${d.document_id}`;
        documents.push({ ...d, document_id: id });
        predictions.set(id, m.predictions.get(d.document_id) ?? []);
      }
    }
    const score = scoreCorpus(documents, new Map([[stack, predictions]]), { metrics: [...REPORTED_METRICS] });
    rows.push({
      set: `${set} (${members.length} sets)`,
      set_sha256: null,
      stack,
      stack_sha256: members[0].row.stack_sha256,
      documents: documents.length,
      gold_spans: members.reduce((n, m) => n + m.row.gold_spans, 0),
      predicted_spans: members.reduce((n, m) => n + m.row.predicted_spans, 0),
      seconds: members.reduce((n, m) => n + m.row.seconds, 0),
      metrics: score.systems[0].metrics,
    });
  }
  return rows.sort((a, b) => (a.set < b.set ? -1 : a.set > b.set ? 1 : a.stack < b.stack ? -1 : 1));
}

const pct = (v: number | null | undefined): string => (v === null || v === undefined ? "n/a" : `${(100 * v).toFixed(1)}%`);

export function formatRows(rows: EvalRow[]): string {
  const head = "| set | stack | docs | gold spans | span R | span P | char R | core R | non-PII | FP | BE |";
  const lines = [head, "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"];
  for (const r of rows) {
    const m = r.metrics;
    lines.push(
      `| ${r.set} | ${r.stack} | ${r.documents} | ${r.gold_spans} | ${pct(m.span_recall)} | ${pct(m.span_precision)} | ` +
        `${pct(m.char_recall)} | ${pct(m.core_pii_recall)} | ${pct(m.non_pii_redaction_rate)} | ` +
        `${pct(m.non_pii_false_positive_rate)} | ${pct(m.non_pii_boundary_extension_rate)} |`,
    );
  }
  return lines.join("\n");
}

const USAGE = `usage: npm run eval -- [options]
  --split dev|test|all   which sets (default dev: test sets are scored only when asked for by name or split)
  --set <lang>/<split>/<set>   one set (path under eval-sets/ without extension)
  --stack <name|path>    only this stack, on the sets of every language
  --round rN             only the sets of one round (r1 = unsuffixed sets)
  --skip-round rN[,rM]   leave out the sets of these rounds (a held-out round while developing)
  --pool                 also pooled rows per language, split, stack and round
  --json <file>          also write the table as JSON (deidstack.eval-sets.results.v1)
  --help                 this text`;

interface EvalArgs {
  split: "dev" | "test" | "all";
  only?: string;
  stackArg?: string;
  jsonOut?: string;
  pool: boolean;
  round?: string;
  skipRounds: string[];
}

/** Parses the options strictly: an unknown option or a missing value is an error, so that a typo (or `--help`) never
 * starts a run over every set, test sets included. Returns a string (the message) when the arguments are refused. */
export function parseEvalArgs(argv: string[]): EvalArgs | { help: true } | string {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        split: { type: "string" },
        set: { type: "string" },
        stack: { type: "string" },
        round: { type: "string" },
        "skip-round": { type: "string" },
        json: { type: "string" },
        pool: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (err) {
    return (err as Error).message;
  }
  if (values.help) return { help: true };
  const only = values.set as string | undefined;
  const splitValue = (values.split as string | undefined) ?? (only ? only.split("/")[1] : "dev");
  if (splitValue !== "dev" && splitValue !== "test" && splitValue !== "all") return `--split must be dev, test or all`;
  const skipRounds = ((values["skip-round"] as string | undefined) ?? "").split(",").filter((r) => r !== "");
  if (skipRounds.some((r) => !/^r\d+$/.test(r))) return `--skip-round takes rounds like r9 or r8,r9`;
  return {
    split: splitValue,
    only,
    stackArg: values.stack as string | undefined,
    jsonOut: values.json as string | undefined,
    pool: values.pool === true,
    round: values.round as string | undefined,
    skipRounds,
  };
}

async function main(argv: string[]): Promise<number> {
  const parsed = parseEvalArgs(argv);
  if (typeof parsed === "string") {
    console.error(`eval: ${parsed}\n${USAGE}`);
    return 2;
  }
  if ("help" in parsed) {
    console.log(USAGE);
    return 0;
  }
  const { split, only, stackArg, jsonOut, pool, round, skipRounds } = parsed;
  let sets = listSources();
  if (round) sets = sets.filter((s) => roundOf(s.replace(/\.txt$/, "")) === round);
  if (skipRounds.length > 0) sets = sets.filter((s) => !skipRounds.includes(roundOf(s.replace(/\.txt$/, ""))));
  if (split !== "all") sets = sets.filter((s) => s.split("/")[1] === split);
  if (only) sets = sets.filter((s) => s.replace(/\.txt$/, "") === only);
  if (sets.length === 0) {
    console.error("no evaluation set matches");
    return 2;
  }
  const workDir = mkdtempSync(join(tmpdir(), "deidstack-eval-"));
  const rows: EvalRow[] = [];
  const scored: ScoredSet[] = [];
  const skipped = new Set<string>();
  try {
    for (const set of sets) {
      const lang = set.split("/")[0];
      const stacks = stackArg ? [stackArg.includes("/") ? resolve(stackArg) : stackArg] : (DEFAULT_STACKS[lang] ?? []);
      for (const s of stacks) {
        if (!stackAvailable(s)) {
          skipped.add(s);
          continue;
        }
        const one = await evaluateSet(s, set, workDir);
        rows.push(one.row);
        if (pool) scored.push(one);
        process.stderr.write(`eval: ${set} × ${rows[rows.length - 1].stack} done\n`);
      }
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
  if (pool) rows.push(...poolSets(scored));
  console.log(formatRows(rows));
  for (const s of skipped) console.log(`(stack ${s} is not installed: skipped)`);
  console.log("span R/P: gold entities hit / predicted spans that hit gold; non-PII = FP + BE (docs/scoring.md).");
  if (jsonOut) {
    writeFileSync(jsonOut, JSON.stringify({ format: "deidstack.eval-sets.results.v1", rows }, null, 2) + "\n");
  }
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (err: unknown) => {
      // A DeidError's message never quotes note text; anything else is reported by its class only.
      console.error(err instanceof DeidError ? `eval failed: ${err.code}: ${err.message}` : `eval failed: ${(err as Error)?.name ?? "error"}`);
      process.exitCode = 1;
    },
  );
}
