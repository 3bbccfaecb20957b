// Keys through the real CLI (keys for the other cases are made in-process by the same command): `deidstack key new` writes 256 random bits with mode 600 and never overwrites; a
// passphrase, a low-entropy key or a key file readable by others is refused before the first document;
// `pseudonymise_ids` replaces document and patient ids (and .txt file names) by keyed pseudonyms; a surrogate never
// equals a real name of the note, so the leak guard does not have to refuse it.
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { keyNewCommand } from "../../src/cli/commands/key.js";
import { canaryLeaked, runCli, tempDir } from "./helpers.js";

const CANARY = "Zqxkeyname";

/** A new key file, made in-process by the command the CLI runs (the CLI itself is tested once, below). */
async function newKey(dir: string, name = "site.key"): Promise<string> {
  return keyNewCommand({ output: join(dir, name) }).path;
}

function stack(dir: string, transform: Record<string, unknown>, extra: Record<string, unknown> = {}): string {
  const p = join(dir, "stack.json");
  writeFileSync(p, JSON.stringify({ name: "keyed", detectors: [{ use: "known-identifiers" }], healing: null, transform, ...extra }));
  return p;
}

const note = (id: string, patient: string) =>
  JSON.stringify({ document_id: id, patient_id: patient, text: `Dhr. ${CANARY} werd gezien.`, metadata: { patient: { given_name: "Jan", family_name: CANARY } } });

describe("keys through the CLI", () => {
  it("key new writes 256 random bits as hex, mode 600, prints no key, never overwrites", async () => {
    const dir = tempDir();
    const path = join(dir, "k.key");
    const r = await runCli(["key", "new", "-o", path]);
    expect(r.code).toBe(0);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const [header, hex] = readFileSync(path, "utf8").trim().split("\n");
    expect(header).toMatch(/^# deidstack key v1/);
    expect(hex).toMatch(/^[0-9a-f]{64}$/);
    expect(r.stdout + r.stderr).not.toContain(hex);
    const again = await runCli(["key", "new", "-o", path]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/never overwritten/);
    expect(readFileSync(path, "utf8").trim().split("\n")[1]).toBe(hex);
    const other = await newKey(dir, "k2.key");
    expect(readFileSync(other, "utf8").trim().split("\n")[1]).not.toBe(hex);
  });

  const refused: [what: string, content: string, mode: number, message: RegExp][] = [
    ["a 32-character passphrase", "Correct-Horse-Battery-Staple-42!", 0o600, /not a key file/],
    ["a passphrase written out in hex", Buffer.from("correct horse battery staple 1234").toString("hex"), 0o600, /printable text/],
    ["a low-entropy hex key", "00".repeat(16) + "01".repeat(16), 0o600, /repetitive|entropy/],
    ["a short key", "a3".repeat(8) + "5f9c", 0o600, /at least 32/],
  ];
  it.each(refused)("refuses %s before the first document (exit 2, no output)", async (_what, content, mode, message) => {
    const dir = tempDir();
    const key = join(dir, "bad.key");
    writeFileSync(key, content + "\n", { mode });
    const input = join(dir, "in.jsonl");
    writeFileSync(input, note("a", "p1") + "\n");
    const output = join(dir, "out.jsonl");
    const r = await runCli(["run", "--stack", stack(dir, { type: "surrogates", key_file: "bad.key" }), input, "-o", output]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/E_STACK_CONFIG.*transform\.key_file/);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).toContain("deidstack key new");
    expect(r.stderr).not.toContain(content);
  });

  it("refuses a good key that group or others may read, and takes it once it is chmod 600", async () => {
    const dir = tempDir();
    const key = await newKey(dir);
    chmodSync(key, 0o644);
    const input = join(dir, "in.jsonl");
    writeFileSync(input, note("a", "p1") + "\n");
    const s = stack(dir, { type: "surrogates", key_file: "site.key" });
    const r = await runCli(["run", "--stack", s, input, "-o", join(dir, "out.jsonl")]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/may be read by group or others \(mode 644\); run: chmod 600/);
    chmodSync(key, 0o600);
    const ok = await runCli(["run", "--stack", s, input, "-o", join(dir, "out.jsonl")]);
    expect(ok.code).toBe(0);
  });

  it("pseudonymise_ids: document and patient ids leave only as keyed pseudonyms, a patient's notes stay linked", async () => {
    const dir = tempDir();
    await newKey(dir);
    const input = join(dir, "in.jsonl");
    writeFileSync(input, [note(`${CANARY}-note-1`, `${CANARY}-MRN-1`), note(`${CANARY}-note-2`, `${CANARY}-MRN-1`), note("n3", "MRN-2")].join("\n") + "\n");
    const output = join(dir, "out.jsonl");
    const r = await runCli(["run", "--stack", stack(dir, { type: "surrogates", key_file: "site.key", pseudonymise_ids: true }), input, "-o", output]);
    expect(r.code).toBe(0);
    const recs = readFileSync(output, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    for (const rec of recs) {
      expect(rec.document_id).toMatch(/^doc-[a-z2-7]{26}$/);
      expect(rec.patient_id).toMatch(/^pat-[a-z2-7]{26}$/);
    }
    expect(new Set(recs.map((x) => x.document_id)).size).toBe(3);
    expect(recs[0].patient_id).toBe(recs[1].patient_id);
    expect(recs[2].patient_id).not.toBe(recs[0].patient_id);
    expect(canaryLeaked(CANARY, r, dir, [input])).toBe(false);
  });

  it("pseudonymise_ids: .txt file names, which may hold a name, become pseudonyms", async () => {
    const dir = tempDir();
    await newKey(dir);
    const notes = join(dir, "notes");
    mkdirSync(notes);
    writeFileSync(join(notes, `${CANARY}_1980-03-07.txt`), "Patiënt werd gezien.\n");
    const output = join(dir, "out.jsonl");
    const r = await runCli(["run", "--stack", stack(dir, { type: "pseudonymise", key_file: "site.key", pseudonymise_ids: true }), notes, "-o", output]);
    expect(r.code).toBe(0);
    const rec = JSON.parse(readFileSync(output, "utf8").trim());
    expect(rec.document_id).toMatch(/^doc-/);
    expect(readFileSync(output, "utf8")).not.toContain(CANARY);
    expect(r.stderr).not.toContain(CANARY);
  });

  it("a profession's surrogate never equals a caregiver's surname, so the leak guard keeps the note", async () => {
    const dir = tempDir();
    await newKey(dir);
    // Caregivers named like the trades of the surrogate pool, professions known from metadata.
    const trades = ["Bakker", "Kok", "Schilder", "Visser", "Slager", "Timmerman", "Kapper", "Metser", "Tuinier", "Verkoper", "Boekhouder", "Chauffeur"];
    const professions = ["loodgieter", "elektricien", "bediende", "arbeider", "leerkracht", "programmeur", "landbouwer", "kassierster"];
    const docs = Array.from({ length: 12 }, (_, i) => ({
      document_id: `d${i}`,
      patient_id: `p${i}`,
      text: `Beroep: ${professions.join(", ")}. Gezien door dr. ${trades.join(", dr. ")}.`,
      metadata: { caregivers: trades.map((t) => ({ family_name: t })), known_values: professions.map((p) => ({ value: p, label: "Profession" })) },
    }));
    const input = join(dir, "in.jsonl");
    writeFileSync(input, docs.map((d) => JSON.stringify(d)).join("\n") + "\n");
    const output = join(dir, "out.jsonl");
    const r = await runCli(["run", "--stack", stack(dir, { type: "surrogates", key_file: "site.key" }, { leak_guard: true }), input, "-o", output]);
    expect(r.stderr).not.toContain("E_LEAK_GUARD");
    expect(r.code).toBe(0);
    const recs = readFileSync(output, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    const lower = new Set(trades.map((t) => t.toLowerCase()));
    for (const rec of recs) {
      for (const s of rec.spans) {
        expect(lower.has(String(s.replacement).toLowerCase().replace(/^dr\. /, ""))).toBe(false);
        // Each profession got a real surrogate, not a placeholder fallback.
        if (s.label === "Profession") expect(s.replacement).not.toMatch(/^\[/);
      }
    }
  });
});
