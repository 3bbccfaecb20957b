// Strict input through the real CLI: an unknown metadata key is an error naming the line and key (a misspelt
// `pateint` must never leave the patient's name in clear), and a bare stack name is always a preset.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, canaryLeaked, runCli, tempDir } from "./helpers.js";

const CANARY = "Zqxstrictname";

function plainStack(dir: string): string {
  const stack = join(dir, "stack.json");
  writeFileSync(stack, JSON.stringify({ name: "plain", detectors: [{ use: "known-identifiers" }] }));
  return stack;
}

const good = JSON.stringify({ document_id: "a", text: `Seen ${CANARY} today.`, metadata: { patient: { family_name: CANARY } } });

describe("strict metadata through the CLI", () => {
  const bad: [name: string, metadata: Record<string, unknown>, field: string][] = [
    ["misspelt top-level key", { pateint: { given_name: "Jan", family_name: CANARY } }, "metadata.pateint"],
    ["unknown patient key", { patient: { given_name: "Jan", famliy_name: CANARY } }, "metadata.patient.famliy_name"],
    ["unknown caregiver key", { caregivers: [{ family_name: "Smet" }, { familyname: CANARY }] }, "metadata.caregivers[1].familyname"],
    ["unknown known_values key", { known_values: [{ value: CANARY, label: "ID:Patient", kind: "mrn" }] }, "metadata.known_values[0].kind"],
  ];

  it.each(bad)("%s: exit 1, line and key named, nothing written, no text", async (_name, metadata, field) => {
    const dir = tempDir();
    const stack = plainStack(dir);
    const input = join(dir, "in.jsonl");
    writeFileSync(input, `${good}\n${JSON.stringify({ document_id: "b", text: `Note of ${CANARY}.`, metadata })}\n`);
    const output = join(dir, "out.jsonl");
    const r = await runCli(["run", "--stack", stack, input, "-o", output]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("E_INPUT_FORMAT");
    expect(r.stderr).toContain("line 2");
    expect(r.stderr).toContain("document index 1");
    expect(r.stderr).toContain(`field ${field}`);
    expect(r.stderr).toMatch(/unknown key/);
    expect(existsSync(output)).toBe(false);
    expect(readdirSync(dir).sort()).toEqual(["in.jsonl", "stack.json"]);
    expect(canaryLeaked(CANARY, r, dir, [input])).toBe(false);
  });

  it("site data in metadata.extra is accepted and not copied to the output", async () => {
    const dir = tempDir();
    const stack = plainStack(dir);
    const input = join(dir, "in.jsonl");
    const doc = { document_id: "a", text: `Seen ${CANARY} today.`, metadata: { patient: { family_name: CANARY }, extra: { ward: "Zqxward", bed: 4 } } };
    writeFileSync(input, JSON.stringify(doc) + "\n");
    const output = join(dir, "out.jsonl");
    const r = await runCli(["run", "--stack", stack, input, "-o", output]);
    expect(r.code).toBe(0);
    const out = readFileSync(output, "utf8");
    expect(out).not.toContain(CANARY);
    expect(out).not.toContain("Zqxward");
  });
});

describe("preset resolution through the CLI", () => {
  const presetFile = join(ROOT, "stacks", "rules-only.yaml");
  const presetSha = createHash("sha256").update(readFileSync(presetFile)).digest("hex");

  function cwdWithDecoy(): string {
    const dir = tempDir();
    // A file named like a preset, with an empty stack that finds nothing: it must never replace the preset.
    writeFileSync(join(dir, "rules-only"), JSON.stringify({ name: "decoy", detectors: [{ use: "known-identifiers", with: { patient_names: false } }], leak_guard: false }));
    writeFileSync(join(dir, "in.jsonl"), good + "\n");
    return dir;
  }

  it("a file named rules-only in the working directory does not replace the preset", async () => {
    const dir = cwdWithDecoy();
    const r = await runCli(["run", "--stack", "rules-only", "in.jsonl", "-o", "out.jsonl"], { cwd: dir });
    expect(r.code).toBe(0);
    const rec = JSON.parse(readFileSync(join(dir, "out.jsonl"), "utf8").trim());
    expect(rec.provenance.stack).toEqual({ name: "rules-only", sha256: presetSha });
    expect(rec.deid_text).not.toContain(CANARY);
  });

  it("preset:NAME names a preset; ./NAME names the file; an unknown preset is a configuration error", async () => {
    const dir = cwdWithDecoy();
    const shown = await runCli(["stacks", "show", "preset:rules-only"], { cwd: dir });
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain(`# sha256 ${presetSha}`);
    const bare = await runCli(["stacks", "show", "rules-only"], { cwd: dir });
    expect(bare.stdout).toContain(`# sha256 ${presetSha}`);
    const file = await runCli(["stacks", "show", "./rules-only"], { cwd: dir });
    expect(file.code).toBe(0);
    expect(file.stdout).toContain("decoy");
    const missing = await runCli(["stacks", "show", "preset:no-such"], { cwd: dir });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/no preset named "no-such"/);
    const noFile = await runCli(["stacks", "show", "./no-such.yaml"], { cwd: dir });
    expect(noFile.code).toBe(2);
    expect(noFile.stderr).toMatch(/stack file not found/);
  });
});

describe("output and size guards through the CLI", () => {
  it("-o naming the input, directly, through a symlink or a dotted path, is refused before anything is read", async () => {
    const dir = tempDir();
    const stack = plainStack(dir);
    const input = join(dir, "in.jsonl");
    writeFileSync(input, good + "\n");
    const before = readFileSync(input);
    const link = join(dir, "link.jsonl");
    symlinkSync(input, link);
    for (const output of [input, link, `${dir}/./in.jsonl`]) {
      const r = await runCli(["run", "--stack", stack, input, "-o", output]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/E_CONFIG: .*is an input file; choose another -o/);
      expect(canaryLeaked(CANARY, r, dir, [input, link])).toBe(false);
    }
    expect(readFileSync(input).equals(before)).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(["in.jsonl", "link.jsonl", "stack.json"]);
  });

  it("a document over the default 5,000,000-byte limit is quarantined unread by index; the others are written", async () => {
    const dir = tempDir();
    const stack = plainStack(dir);
    const input = join(dir, "in.jsonl");
    // 5,000,001 bytes of text: one over the default limit (no --max-document-bytes given).
    const big = JSON.stringify({ document_id: "big", text: `${CANARY} ${"x".repeat(5_000_000 - CANARY.length)}` });
    writeFileSync(input, `${good}\n${big}\n${good.replace('"a"', '"c"')}\n`);
    const output = join(dir, "out.jsonl");
    const r = await runCli(["run", "--stack", stack, input, "-o", output, "--max-quarantine", "100%"]);
    expect(r.code).toBe(3);
    const written = readFileSync(output, "utf8").trim().split("\n").map((l) => JSON.parse(l) as { document_id: string });
    expect(written.map((d) => d.document_id)).toEqual(["a", "c"]);
    const q = readFileSync(`${output}.quarantine.jsonl`, "utf8").trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(q).toEqual([expect.objectContaining({ document_id: "big", index: 1, code: "E_DOCUMENT_TOO_LARGE", phase: "input" })]);
    expect(canaryLeaked(CANARY, r, dir, [input])).toBe(false);
  }, 120_000);
});
