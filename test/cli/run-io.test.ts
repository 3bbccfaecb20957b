// `deidstack run` habits: `-` for standard input and output, --recursive for folders of .txt notes (sub-folders are
// never skipped in silence), --encoding, and --output-format txt | brat over the de-identified text. In-process
// (runCommand, this thread), with a few real CLI runs; quarantine, fail closed and nothing left behind as for JSONL.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough, Readable } from "node:stream";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { runCommand, type RunOptions } from "../../src/cli/commands/run.js";
import { bratAnn, documentFilePath, prepareOutput, replacementOffsets } from "../../src/cli/commands/run-output.js";
import { loadCorpus } from "../../src/eval/index.js";
import { ROOT, runCli, tempDir } from "../e2e/helpers.js";
import { deidFailure } from "../support/deid-failure.js";

const FAULTY = join(ROOT, "test/fixtures/plugins/faulty.ts");
const NOTE = (i: number) => `Patiënt Jan Peeters (°12/03/1956) gezien op ${i + 1}/02/2024 door dr. Wouters.${i === 2 ? " FAILHERE" : ""}`;
const jsonl = (n: number) => Array.from({ length: n }, (_, i) => JSON.stringify({ document_id: `d${i}`, text: NOTE(i), metadata: { patient: { given_name: "Jan", family_name: "Peeters" } } })).join("\n") + "\n";

// What these tests assert is how notes go in and out, which no detector changes: the metadata's names and the
// patterns (with the leak guard), without the cost of compiling rules-nl-be, which took a minute of a loaded machine.
const LIGHT = join(tempDir("deidstack-light-"), "stack.json");
writeFileSync(LIGHT, JSON.stringify({ name: "light", detectors: [{ use: "known-identifiers" }, { use: "patterns", with: { date_order: "day-first" } }] }));
const base = (o: Partial<RunOptions> & Pick<RunOptions, "input" | "output">): RunOptions => ({ stack: LIGHT, workers: 0, ...o });

function collector(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on("data", (c: Buffer) => chunks.push(c));
  return { stream, text: () => Buffer.concat(chunks).toString("utf8") };
}

const ours = () => readdirSync(tmpdir()).filter((n) => /^deidstack-(run|stdin)-/.test(n));

describe("standard input and output", () => {
  it("reads JSONL from - and writes to - exactly what a file run writes, and leaves no temporary file", async () => {
    const dir = tempDir();
    const input = join(dir, "in.jsonl");
    writeFileSync(input, jsonl(4));
    await runCommand(base({ input, output: join(dir, "out.jsonl") }));
    const before = ours();
    const out = collector();
    const summary = await runCommand(base({ input: "-", stdin: Readable.from([jsonl(4)]), output: "-", stdout: out.stream }));
    expect(out.text()).toBe(readFileSync(join(dir, "out.jsonl"), "utf8"));
    expect(summary).toMatchObject({ output: "-", documents_written: 4 });
    expect(ours()).toEqual(before);
  });

  it("sends quarantine entries (ids and codes, no text) to stderr and withholds the failing document", async () => {
    const dir = tempDir();
    const stack = join(dir, "stack.json");
    writeFileSync(stack, JSON.stringify({ name: "faulty", detectors: [{ use: "known-identifiers" }, { use: FAULTY, with: { mode: "custom-error", trigger: "FAILHERE" } }] }));
    const out = collector();
    const err = collector();
    const summary = await runCommand(base({ stack, input: "-", stdin: Readable.from([jsonl(4)]), output: "-", stdout: out.stream, stderr: err.stream, maxQuarantine: "1" }));
    expect(out.text().trim().split("\n").map((l) => JSON.parse(l).document_id)).toEqual(["d0", "d1", "d3"]);
    expect(summary.documents_quarantined).toBe(1);
    const lines = err.text().trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0].replace(/^deidstack: quarantined /, ""))).toMatchObject({ document_id: "d2", index: 2, code: "E_DETECTOR_FAILED" });
    expect(err.text()).not.toContain("Peeters");
  });

  it("writes nothing to stdout when the run fails, and refuses what a stream cannot do", async () => {
    const dir = tempDir();
    const stack = join(dir, "stack.json");
    writeFileSync(stack, JSON.stringify({ name: "faulty", detectors: [{ use: FAULTY, with: { mode: "custom-error", trigger: "FAILHERE" } }] }));
    const before = ours();
    const out = collector();
    await deidFailure(runCommand(base({ stack, input: "-", stdin: Readable.from([jsonl(4)]), output: "-", stdout: out.stream, onError: "abort" })));
    expect(out.text()).toBe("");
    expect(ours()).toEqual(before);
    expect((await deidFailure(runCommand(base({ input: join(dir, "x.jsonl"), output: "-", resume: true })))).message).toMatch(/--resume needs an output file/);
    await expect(prepareOutput({ output: "-", format: "brat", input: "x" })).rejects.toThrow(/brat writes two files per document: name a folder with -o, not -/);
  });

  it("writes the de-identified texts one after the other with --output-format txt", async () => {
    const out = collector();
    await runCommand(base({ input: "-", stdin: Readable.from([jsonl(2)]), output: "-", outputFormat: "txt", stdout: out.stream }));
    const texts = out.text().split("\n").filter(Boolean);
    expect(texts).toHaveLength(2);
    expect(texts[0]).toMatch(/^Patiënt \[Name:Patient\] /);
    expect(out.text()).not.toContain("Peeters");
  });
});

describe("folders of .txt notes", () => {
  function notesFolder(): string {
    const dir = join(tempDir(), "notes");
    mkdirSync(join(dir, "ward-a", "2024"), { recursive: true });
    writeFileSync(join(dir, "top.txt"), NOTE(0));
    writeFileSync(join(dir, "ward-a", "x.txt"), NOTE(1));
    writeFileSync(join(dir, "ward-a", "2024", "y.txt"), NOTE(3));
    writeFileSync(join(dir, "ward-a", "readme.md"), "not a note");
    return dir;
  }

  it("refuses to skip notes in sub-folders without --recursive, naming how many and where", async () => {
    const dir = notesFolder();
    const err = await deidFailure(runCommand(base({ input: dir, output: join(dir, "..", "out.jsonl") })));
    expect(err.code).toBe("E_CONFIG");
    expect(err.message).toBe(`directory ${dir} has 2 .txt files in 1 sub-folder (ward-a) that would be skipped; pass --recursive to read them too, or give the folder that holds only the notes`);
    expect(existsSync(join(dir, "..", "out.jsonl"))).toBe(false);
  });

  it("reads every .txt of the tree with --recursive, ids being their relative paths", async () => {
    const dir = notesFolder();
    const output = join(dir, "..", "out.jsonl");
    const summary = await runCommand(base({ input: dir, output, recursive: true }));
    expect(summary.documents_written).toBe(3);
    expect(readFileSync(output, "utf8").trim().split("\n").map((l) => JSON.parse(l).document_id)).toEqual(["top", "ward-a/2024/y", "ward-a/x"]);
    expect((await deidFailure(runCommand(base({ input: output, output: join(dir, "..", "o2.jsonl"), recursive: true })))).message).toMatch(/--recursive reads a directory of \.txt files/);
  });

  it("reads another encoding when told, and says to when a file is not UTF-8", async () => {
    const dir = join(tempDir(), "latin");
    mkdirSync(dir);
    writeFileSync(join(dir, "a.txt"), Buffer.from("Patiënt gezien, controle 3/4/2024.", "latin1"));
    const err = await deidFailure(runCommand(base({ input: dir, output: join(dir, "..", "o.jsonl") })));
    expect(err.message).toMatch(/file a\.txt is not valid utf-8 \(another encoding\? see --encoding\)/);
    const utf16 = join(dir, "..", "utf16");
    mkdirSync(utf16);
    writeFileSync(join(utf16, "b.txt"), Buffer.from("\ufeffDossier van 12/03/2024.", "utf16le"));
    const u = join(dir, "..", "u16.jsonl");
    await runCommand(base({ input: utf16, output: u, encoding: "utf-16le" }));
    expect(JSON.parse(readFileSync(u, "utf8")).deid_text).toMatch(/^Dossier van \[Date\]\.$/);
    writeFileSync(join(dir, "b.txt"), Buffer.from("Dossier van 12/03/2024.", "latin1"));
    const output = join(dir, "..", "ok.jsonl");
    await runCommand(base({ input: dir, output, encoding: "windows-1252" }));
    const records = readFileSync(output, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    expect(records[0].deid_text).toBe("Patiënt gezien, controle [Date].");
    const jsonlInput = join(dir, "..", "in.jsonl");
    writeFileSync(jsonlInput, jsonl(1));
    expect((await deidFailure(runCommand(base({ input: jsonlInput, output: join(dir, "..", "u.jsonl"), encoding: "utf-16le" })))).message).toMatch(/a JSONL input cannot be read as utf-16le/);
  });
});

describe("--output-format txt and brat", () => {
  it("writes one de-identified .txt per document into a new folder, the quarantine list beside it", async () => {
    const dir = tempDir();
    const input = join(dir, "in.jsonl");
    writeFileSync(input, jsonl(3));
    await runCommand(base({ input, output: join(dir, "out.jsonl") }));
    const records = readFileSync(join(dir, "out.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l));
    const folder = join(dir, "texts");
    const summary = await runCommand(base({ input, output: folder, outputFormat: "txt" }));
    expect(summary.output).toBe(folder);
    expect(readdirSync(folder).sort()).toEqual(["d0.txt", "d1.txt", "d2.txt"]);
    for (const r of records) expect(readFileSync(join(folder, `${r.document_id}.txt`), "utf8")).toBe(r.deid_text);
    expect(readdirSync(dir).sort()).toEqual(["in.jsonl", "out.jsonl", "out.jsonl.quarantine.jsonl", "texts", "texts.quarantine.jsonl"]);
  });

  it("writes BRAT pairs over the de-identified text that the BRAT reader takes back with every label in place", async () => {
    const dir = tempDir();
    const input = join(dir, "in.jsonl");
    writeFileSync(input, jsonl(3).replace("Jan Peeters", "Jan 😀 Peeters"));
    await runCommand(base({ input, output: join(dir, "out.jsonl") }));
    const records = readFileSync(join(dir, "out.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l));
    const folder = join(dir, "brat");
    await runCommand(base({ input, output: folder, outputFormat: "brat" }));
    const corpus = await loadCorpus(folder, { format: "brat" });
    expect(corpus.documents.map((d) => d.document_id)).toEqual(["d0", "d1", "d2"]);
    for (const [i, d] of corpus.documents.entries()) {
      expect(d.text).toBe(records[i].deid_text);
      expect(d.spans!.map((s) => [d.text.slice(s.start, s.end), s.label])).toEqual(records[i].spans.map((s: { replacement: string; label: string }) => [s.replacement, s.label]));
    }
    expect(readFileSync(join(folder, "d0.ann"), "utf8")).not.toContain("Peeters");
  });

  it("refuses a folder that is not empty or lies inside the input folder, and leaves nothing when the run fails", async () => {
    const dir = tempDir();
    const input = join(dir, "in.jsonl");
    writeFileSync(input, jsonl(3));
    mkdirSync(join(dir, "full"));
    writeFileSync(join(dir, "full", "keep.txt"), "x");
    expect((await deidFailure(runCommand(base({ input, output: join(dir, "full"), outputFormat: "txt" })))).message).toMatch(/the folder is not empty/);
    const notes = join(dir, "notes");
    mkdirSync(notes);
    writeFileSync(join(notes, "a.txt"), NOTE(0));
    expect((await deidFailure(runCommand(base({ input: notes, output: join(notes, "out"), outputFormat: "txt" })))).message).toMatch(/is inside the input folder/);
    const stack = join(dir, "stack.json");
    writeFileSync(stack, JSON.stringify({ name: "faulty", detectors: [{ use: FAULTY, with: { mode: "custom-error", trigger: "FAILHERE" } }] }));
    await deidFailure(runCommand(base({ stack, input, output: join(dir, "texts"), outputFormat: "brat", onError: "abort" })));
    expect(readdirSync(dir).sort()).toEqual(["full", "in.jsonl", "notes", "stack.json"]);
  });
});

describe("file names and offsets", () => {
  it("keep plain ids and folders, encode the rest, and never map two ids to one path", () => {
    expect(documentFilePath("ward-a/2024/y")).toBe("ward-a/2024/y");
    expect(documentFilePath("../etc/passwd")).toBe("%2E.%2Fetc%2Fpasswd");
    expect(documentFilePath("a//b")).toBe("a%2F%2Fb");
    expect(documentFilePath(".hidden")).toBe("%2Ehidden");
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (a, b) => {
        const pa = documentFilePath(a || "x");
        const pb = documentFilePath(b || "x");
        if ((a || "x") !== (b || "x")) expect(pa).not.toBe(pb);
        for (const part of pa.split("/")) expect(part === "" || part === "." || part === "..").toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it("place each replacement in the de-identified text in code points, and refuse a record where it is not there", () => {
    const record = { document_id: "d", deid_text: "😀 [Name] en [Date].", spans: [{ begin: 2, end: 13, label: "Name:Patient", replacement: "[Name]" }, { begin: 17, end: 27, label: "Date", replacement: "[Date]" }] };
    expect(replacementOffsets(record, 0).map((r) => [r.start, r.end])).toEqual([[2, 8], [12, 18]]);
    expect(bratAnn(record, 0)).toBe("T1\tName:Patient 2 8\t[Name]\nT2\tDate 12 18\t[Date]\n");
    expect(() => replacementOffsets({ ...record, deid_text: "😀 [Nome] en [Date]." }, 4)).toThrow(/document index 4: a replacement is not where its span puts it/);
  });
});

describe("the real CLI", () => {
  it("pipes JSONL through - to -, and refuses -c abc with exit 2 naming the option", async () => {
    const dir = tempDir();
    const input = join(dir, "in.jsonl");
    writeFileSync(input, jsonl(2));
    const piped = await runCli(["run", "--stack", LIGHT, "--workers", "0", "-", "-o", "-"], { stdinFile: input });
    expect(piped.code).toBe(0);
    expect(piped.stdout.trim().split("\n").map((l) => JSON.parse(l).document_id)).toEqual(["d0", "d1"]);
    expect(piped.stderr).toMatch(/wrote 2 documents/);
    const bad = await runCli(["run", "-c", "abc", "--stack", "rules-only", input, "-o", join(dir, "o.jsonl")]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^deidstack: E_CONFIG: option '-c, --concurrency <n>' argument 'abc' is invalid\. --concurrency must be a whole number/);
  });
});
