import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { synthCommand } from "../../src/cli/commands/synth.js";
import { documentToDisk, LABELS, parseDocumentLine, type Document } from "../../src/contract/index.js";
import { FAKER_NAMES } from "../../src/synth/sources.js";
import { generateCorpus, NOTE_TYPES, PROFILE_IDS, type ProfileId } from "../../src/synth/index.js";

function checkDocument(doc: Document): void {
  let previousEnd = 0;
  for (const span of doc.spans ?? []) {
    expect(span.start).toBeGreaterThanOrEqual(previousEnd);
    expect(span.end).toBeGreaterThan(span.start);
    previousEnd = span.end;
    const covered = doc.text.slice(span.start, span.end);
    expect(covered.trim()).toBe(covered);
    const subs = span.subannotations ?? [];
    expect(subs.length).toBeGreaterThan(0);
    expect(subs[0].start).toBe(span.start);
    expect(subs[subs.length - 1].end).toBe(span.end);
    for (let i = 1; i < subs.length; i++) expect(subs[i].start).toBe(subs[i - 1].end);
  }
  // The disk form carries `text` on spans and sub-annotations; parsing it re-checks every slice.
  const line = JSON.stringify(documentToDisk(doc));
  const back = parseDocumentLine(line, { documentIndex: 0 });
  expect(back.spans).toEqual(doc.spans?.map((s) => ({ start: s.start, end: s.end, label: s.label, subannotations: s.subannotations })));
}

describe("synthetic corpus generator", () => {
  it.each(PROFILE_IDS)("%s: every label of the taxonomy appears in 500 notes", (profile) => {
    const docs = generateCorpus({ profile, n: 500, seed: 11 });
    expect(docs).toHaveLength(500);
    const seen = new Set(docs.flatMap((d) => d.spans?.map((s) => s.label) ?? []));
    expect([...LABELS].filter((l) => !seen.has(l))).toEqual([]);
    const types = new Set(docs.map((d) => d.metadata?.note_type));
    expect([...types].sort()).toEqual([...NOTE_TYPES].sort());
  });

  it("offsets, partitions and the disk round trip hold for any seed and profile", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.constantFrom(...PROFILE_IDS), fc.constantFrom("faker" as const, "invented" as const), (seed, profile, nameSource) => {
        for (const doc of generateCorpus({ profile, n: 4, seed, nameSource, crlfRate: 0.5 })) checkDocument(doc);
      }),
      { numRuns: 40 },
    );
  });

  it("a seed gives identical output and another seed a different one", () => {
    const a = generateCorpus({ profile: "nl-BE", n: 50, seed: 5 }).map((d) => JSON.stringify(documentToDisk(d)));
    const b = generateCorpus({ profile: "nl-BE", n: 50, seed: 5 }).map((d) => JSON.stringify(documentToDisk(d)));
    const c = generateCorpus({ profile: "nl-BE", n: 50, seed: 6 }).map((d) => JSON.stringify(documentToDisk(d)));
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
  });

  it("a corpus is a prefix of a longer corpus with the same seed", () => {
    const short = generateCorpus({ profile: "en-GB", n: 7, seed: 9 });
    const long = generateCorpus({ profile: "en-GB", n: 20, seed: 9 });
    expect(short.map((d) => d.text)).toEqual(long.slice(0, 7).map((d) => d.text));
  });

  it("CRLF notes use CRLF everywhere, including inside wrapped addresses", () => {
    const docs = generateCorpus({ profile: "nl-BE", n: 40, seed: 3, crlfRate: 1 });
    for (const d of docs) expect(/(^|[^\r])\n/.test(d.text)).toBe(false);
  });

  it("metadata names the patient, the caregivers mentioned and the patient's identifiers", () => {
    for (const d of generateCorpus({ profile: "en-US", n: 30, seed: 4 })) {
      const md = d.metadata!;
      expect(md.lang).toBe("en-US");
      expect(md.document_creation_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(md.patient?.family_name).toBeTruthy();
      expect(md.patient?.birth_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(md.known_values?.every((kv) => kv.label === "ID:Patient")).toBe(true);
      expect(d.patient_id).toBeTruthy();
      const caregiverSpans = d.spans!.filter((s) => s.label === "Name:Caregiver").length;
      if (caregiverSpans > 0) expect(md.caregivers?.length).toBeGreaterThan(0);
    }
  });

  it("restricts note types and name sources when asked", () => {
    const docs = generateCorpus({ profile: "nl-BE", n: 60, seed: 8, noteTypes: ["lab", "nursing"], nameSource: "invented" });
    expect(new Set(docs.map((d) => d.metadata?.note_type))).toEqual(new Set(["lab", "nursing"]));
    const fakerGiven = new Set([...FAKER_NAMES.be_nl.givenF, ...FAKER_NAMES.be_nl.givenM]);
    const patientGiven = docs.map((d) => d.metadata!.patient!.given_name!.split(" ")[0]);
    const fromFaker = patientGiven.filter((g) => fakerGiven.has(g)).length;
    expect(fromFaker / patientGiven.length).toBeLessThan(0.1);
  });
});

describe("synthCommand", () => {
  it("writes a parseable JSONL corpus and refuses an unknown profile", async () => {
    const dir = await mkdtemp(join(tmpdir(), "synth-"));
    try {
      const output = join(dir, "corpus.jsonl");
      const summary = await synthCommand({ profile: "en-GB", n: 25, seed: 2, output });
      expect(summary.documents).toBe(25);
      const lines = (await readFile(output, "utf8")).trim().split("\n");
      expect(lines).toHaveLength(25);
      lines.forEach((l, i) => parseDocumentLine(l, { documentIndex: i }));
      await expect(synthCommand({ profile: "de-DE", n: 1, seed: 1, output })).rejects.toThrow(/unknown profile/);
      await expect(synthCommand({ profile: "nl-BE" as ProfileId, n: 1, seed: 1, output, noteTypes: "letter" })).rejects.toThrow(/unknown note type/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
