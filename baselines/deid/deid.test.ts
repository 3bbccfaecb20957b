import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { OffsetMapper } from "../../src/contract/index.js";
import { FAKE_TOOLS, TRICKY_NOTES, covered, createDetector, detectAll, doc, failure, fakeTool } from "../../test/fixtures/fake-tools/harness.js";
import { encodeDeidRecords, parseResTags, phiIntervalsByRecord, recordKey, tagCategory, toLatin1PerCodePoint } from "./format.js";
import deid, { probeVersion } from "./index.js";

const folder = fakeTool("deid");

describe("deid formats", () => {
  it("writes one latin-1 character per code point, so deid's offsets are code points", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        expect(toLatin1PerCodePoint(text).length).toBe([...text].length);
      }),
    );
  });

  it("maps a name found in the latin-1 form back onto the original UTF-16 text", () => {
    const piece = fc.oneof(fc.string({ unit: "binary", maxLength: 8 }), fc.constantFrom("😀", "É", "€", "’", "\r\n"));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 6 }), fc.array(piece, { maxLength: 6 }), (before, after) => {
        const name = "Ëlsa";
        const text = before.join("") + name + after.join("");
        const latin = toLatin1PerCodePoint(text);
        const cpStart = [...before.join("")].length;
        expect(latin.slice(cpStart, cpStart + 4)).toBe(name);
        const mapper = new OffsetMapper(text);
        expect(text.slice(mapper.toUtf16(cpStart), mapper.toUtf16(cpStart + 4))).toBe(name);
      }),
    );
  });

  it("encodes records with numbered headers and refuses a note holding the record delimiter", () => {
    const bytes = encodeDeidRecords(["a€b", "c"], "deid");
    expect(bytes.toString("latin1")).toBe("START_OF_RECORD=1||||1||||\naEb\n||||END_OF_RECORD\nSTART_OF_RECORD=2||||1||||\nc\n||||END_OF_RECORD\n");
    expect(() => encodeDeidRecords(["x ||||END_OF_RECORD y"], "deid")).toThrow(/record delimiter/);
  });

  it("parses .phi headers and PHI lines, and rejects anything else", () => {
    const parsed = phiIntervalsByRecord("Patient 1\tNote 1\n0\t0\t5\n7\t7\t9\n\nPatient 2\tNote 1\n", "deid");
    expect(parsed.get(recordKey("1", "1"))).toEqual([{ start: 0, end: 5 }, { start: 7, end: 9 }]);
    expect(parsed.get(recordKey("2", "1"))).toEqual([]);
    expect(() => phiIntervalsByRecord("Patient 1\tNote 1\nnot a line\n", "deid")).toThrow(/line 2/);
    expect(() => phiIntervalsByRecord("3\t3\t4\n", "deid")).toThrow(/before any record header/);
  });

  it("reads tag categories from .res records", () => {
    const res = "START_OF_RECORD=1||||1||||\nx [**Last Name (STitle) 1**] y [**2023-12-09**] [**Telephone/Fax (2) 6**] [**Age over 90 10**]\n||||END_OF_RECORD\n";
    expect(parseResTags(res).get(recordKey("1", "1"))).toEqual(["Last Name", "DATE", "Telephone/Fax", "Age over 90"]);
    expect(tagCategory("Hospital")).toBe("Hospital");
  });
});

describe("deid wrapper with a fake deid.pl", () => {
  it("finds names and dates at the right UTF-16 offsets, with types from .res", async () => {
    const detector = await createDetector(deid, { cwd: folder, config: "good.config" });
    const results = await detector.detectBatch!(TRICKY_NOTES, { signal: new AbortController().signal, documentIndices: [0, 1, 2, 3] });
    expect(covered(TRICKY_NOTES[0], results[0])).toEqual(["Jansens", "03/04/2024"]);
    expect(results[0].map((s) => s.label)).toEqual(["Name:Other", "Date"]);
    expect(covered(TRICKY_NOTES[1], results[1])).toEqual(["Émile", "Peeters", "12/11/2023", "Jansens"]);
    expect(results[2]).toEqual([]);
    expect(covered(TRICKY_NOTES[3], results[3])).toEqual(["Peeters", "Jansens"]);
  });

  it("gathers single-document calls into batches and answers each its own", async () => {
    const detector = await createDetector(deid, { cwd: folder, config: "good.config", batch_size: 2, linger_ms: 5 });
    const results = await detectAll(detector, TRICKY_NOTES);
    expect(results.map((r, i) => covered(TRICKY_NOTES[i], r))).toEqual([
      ["Jansens", "03/04/2024"],
      ["Émile", "Peeters", "12/11/2023", "Jansens"],
      [],
      ["Peeters", "Jansens"],
    ]);
  });

  it("labels every span Anonymize_Other when .res does not pair with .phi", async () => {
    const detector = await createDetector(deid, { cwd: folder, config: "res-mismatch.config" });
    const [spans] = await detectAll(detector, [TRICKY_NOTES[0]]);
    expect(spans.map((s) => s.label)).toEqual(["Anonymize_Other", "Anonymize_Other"]);
  });

  it.each([
    ["exit.config", /^E_DETECTOR_FAILED.*exited with status 2/],
    ["garbage.config", /^E_DETECTOR_INVALID_SPAN.*neither a record header/],
    ["out-of-range.config", /^E_DETECTOR_INVALID_SPAN.*outside the note/],
    ["no-phi.config", /without writing a .phi/],
    ["unknown-record.config", /record that was not sent/],
  ])("fails closed with %s", async (config, message) => {
    const detector = await createDetector(deid, { cwd: folder, config });
    const err = await failure(detectAll(detector, TRICKY_NOTES.slice(0, 2)));
    expect(err).toMatch(message);
    expect(err).not.toMatch(/Jansens|Peeters|Patiënt/);
  });

  it("stops a tool that hangs and reports a timeout", async () => {
    const detector = await createDetector(deid, { cwd: folder, config: "hang.config", timeout_ms: 800 });
    expect(await failure(detectAll(detector, [TRICKY_NOTES[0]]))).toMatch(/^E_DETECTOR_TIMEOUT/);
  });

  it("says what to install and where to point the stack when deid is missing", async () => {
    expect(await failure(createDetector(deid, {}))).toMatch(/^E_DETECTOR_NOT_INSTALLED.*cwd.*physionet/i);
    expect(await failure(createDetector(deid, { cwd: FAKE_TOOLS }))).toMatch(/^E_DETECTOR_NOT_INSTALLED.*deid\.pl not found/);
    expect(await failure(createDetector(deid, { cwd: "/nonexistent/deid-1.1" }))).toMatch(/^E_DETECTOR_NOT_INSTALLED.*does not exist/);
  });

  it("names a missing interpreter as not installed", async () => {
    const detector = await createDetector(deid, { cwd: folder, command: ["no-such-perl-here", "deid.pl", "{basename}", "{config}"] });
    expect(await failure(detectAll(detector, [doc("x", "Jansens")]))).toMatch(/^E_DETECTOR_NOT_INSTALLED.*no-such-perl-here/);
  });

  it("probes a version as a hash of deid.pl and its config", async () => {
    const a = await probeVersion(deid.meta.configSchema.parse({ cwd: folder, config: "good.config" }), { baseDir: FAKE_TOOLS, language: "nl-BE", projectRoot: FAKE_TOOLS });
    const b = await probeVersion(deid.meta.configSchema.parse({ cwd: folder, config: "exit.config" }), { baseDir: FAKE_TOOLS, language: "nl-BE", projectRoot: FAKE_TOOLS });
    expect(a).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(a).not.toBe(b);
  });
});
