import { describe, expect, it } from "vitest";
import { FAKE_TOOLS, TRICKY_NOTES, covered, createDetector, detectAll, doc, failure, fakeTool } from "../../test/fixtures/fake-tools/harness.js";
import commandJsonl, { probeVersion } from "./index.js";

const tool = fakeTool("jsonl", "fake-jsonl.mjs");
const EXPECTED = [["Jansens", "03/04/2024"], ["Émile", "Peeters", "12/11/2023", "Jansens"], [], ["Peeters", "Jansens"]];

describe("command-jsonl with a fake tool", () => {
  it.each(["batch", "stream"] as const)("reads code point offsets and contract labels (%s mode)", async (mode) => {
    const detector = await createDetector(commandJsonl, { command: ["node", tool, "good", ...(mode === "stream" ? ["--stream"] : [])], mode, batch_size: 3, linger_ms: 5 });
    const results = await detectAll(detector, TRICKY_NOTES);
    expect(results.map((r, i) => covered(TRICKY_NOTES[i], r))).toEqual(EXPECTED);
    expect(results[0].map((s) => s.label)).toEqual(["Name:Other", "Date"]);
    await detector.close?.();
  });

  it("reads UTF-16 offsets when told so", async () => {
    const detector = await createDetector(commandJsonl, { command: ["node", tool, "utf16"], offsets: "utf16" });
    const results = await detector.detectBatch!(TRICKY_NOTES, { signal: new AbortController().signal, documentIndices: [0, 1, 2, 3] });
    expect(results.map((r, i) => covered(TRICKY_NOTES[i], r))).toEqual(EXPECTED);
  });

  it("catches code point offsets read as UTF-16 when they split a surrogate pair", async () => {
    const detector = await createDetector(commandJsonl, { command: ["node", tool, "good"], offsets: "utf16" });
    expect(await failure(detectAll(detector, [doc("s", "😀😀 Jansens")]))).toMatch(/^E_DETECTOR_INVALID_SPAN.*surrogate pair/);
  });

  it("maps foreign labels with a named or inline map, and accepts begin/entity_type/score aliases", async () => {
    const named = await createDetector(commandJsonl, { command: ["node", tool, "presidio"], label_map: "presidio" });
    const [a] = await detectAll(named, [TRICKY_NOTES[0]]);
    expect(a.map((s) => s.label)).toEqual(["Name:Other", "Date"]);
    const inline = await createDetector(commandJsonl, { command: ["node", tool, "presidio"], label_map: { PERSON: "Name:Patient", DATE_TIME: "Date" } });
    const [b] = await detectAll(inline, [TRICKY_NOTES[0]]);
    expect(b.map((s) => s.label)).toEqual(["Name:Patient", "Date"]);
    const aliases = await createDetector(commandJsonl, { command: ["node", tool, "aliases"] });
    const [c] = await detectAll(aliases, [TRICKY_NOTES[0]]);
    expect(c).toEqual([
      { start: 8, end: 15, label: "Name:Other", score: 0.5 },
      { start: 26, end: 36, label: "Date", score: 0.51 },
    ]);
  });

  it("drops spans below min_score", async () => {
    const detector = await createDetector(commandJsonl, { command: ["node", tool, "low-score"], min_score: 0.5 });
    const [spans] = await detectAll(detector, [TRICKY_NOTES[0]]);
    expect(covered(TRICKY_NOTES[0], spans)).toEqual(["Jansens"]);
  });

  it("turns unknown labels into errors, or Anonymize_Other when allowed", async () => {
    const strict = await createDetector(commandJsonl, { command: ["node", tool, "unknown-label"] });
    expect(await failure(detectAll(strict, [TRICKY_NOTES[0]]))).toMatch(/^E_DETECTOR_INVALID_SPAN.*"SOMETHING_ELSE".*label map "contract"/);
    const lenient = await createDetector(commandJsonl, { command: ["node", tool, "unknown-label"], unknown_labels: "other" });
    const [spans] = await detectAll(lenient, [TRICKY_NOTES[0]]);
    expect(spans.map((s) => s.label)).toEqual(["Anonymize_Other", "Anonymize_Other"]);
  });

  it("rejects an inline map onto labels that are not in the contract", () => {
    expect(() => commandJsonl.meta.configSchema.parse({ command: "x", label_map: { PERSON: "Person" } })).toThrow(/contract label/);
  });

  it.each([
    ["garbage", /^E_DETECTOR_INVALID_SPAN.*not valid JSON/],
    ["out-of-range", /^E_DETECTOR_INVALID_SPAN.*outside the text/],
    ["reversed", /^E_DETECTOR_INVALID_SPAN.*not greater than start/],
    ["missing", /^E_DETECTOR_INVALID_SPAN.*no output line for document 1/],
    ["duplicate", /^E_DETECTOR_INVALID_SPAN.*a second time/],
    ["wrong-id", /^E_DETECTOR_INVALID_SPAN.*was not sent/],
    ["exit", /^E_DETECTOR_FAILED.*exited with status 3/],
  ])("fails closed in batch mode when the tool answers %s", async (mode, message) => {
    const detector = await createDetector(commandJsonl, { command: ["node", tool, mode] });
    const err = await failure(detectAll(detector, TRICKY_NOTES.slice(0, 2)));
    expect(err).toMatch(message);
    expect(err).not.toMatch(/Jansens|Peeters|Patiënt/);
  });

  it("accepts answers in any order in batch mode", async () => {
    const detector = await createDetector(commandJsonl, { command: ["node", tool, "reverse-order"] });
    const results = await detector.detectBatch!(TRICKY_NOTES, { signal: new AbortController().signal, documentIndices: [0, 1, 2, 3] });
    expect(results.map((r, i) => covered(TRICKY_NOTES[i], r))).toEqual(EXPECTED);
  });

  it.each([
    ["garbage", /^E_DETECTOR_INVALID_SPAN.*not valid JSON/],
    ["wrong-id", /^E_DETECTOR_INVALID_SPAN.*another document/],
    ["die-after-first", /^E_DETECTOR_FAILED.*exited with status 5/],
  ])("fails closed in stream mode when the tool answers %s, and stays failed", async (mode, message) => {
    const detector = await createDetector(commandJsonl, { command: ["node", tool, mode, "--stream"], mode: "stream" });
    expect(await failure(detectAll(detector, TRICKY_NOTES.slice(0, 2)))).toMatch(message);
    expect(await failure(detectAll(detector, [TRICKY_NOTES[2]]))).toMatch(/^E_DETECTOR/);
    await detector.close?.();
  });

  it("times out a silent tool in stream mode", async () => {
    const detector = await createDetector(commandJsonl, { command: ["node", tool, "silent", "--stream"], mode: "stream", startup_timeout_ms: 600 });
    expect(await failure(detectAll(detector, [TRICKY_NOTES[0]]))).toMatch(/^E_DETECTOR_TIMEOUT/);
    await detector.close?.();
  });

  it("times out a hanging tool in batch mode", async () => {
    const detector = await createDetector(commandJsonl, { command: ["node", tool, "hang"], timeout_ms: 600 });
    expect(await failure(detectAll(detector, [TRICKY_NOTES[0]]))).toMatch(/^E_DETECTOR_TIMEOUT/);
  });

  it("stops the tool when the run is cancelled", async () => {
    const detector = await createDetector(commandJsonl, { command: ["node", tool, "hang"] });
    const controller = new AbortController();
    const pending = Promise.resolve(detector.detect(doc("a", "Jansens"), { signal: controller.signal, documentIndex: 0 }));
    setTimeout(() => controller.abort(), 100);
    expect(await failure(pending)).toMatch(/^E_DETECTOR_FAILED.*(cancel)/);
  });

  it("says what to install when the command does not exist", async () => {
    const detector = await createDetector(commandJsonl, { command: "no-such-tool-xyz --flag" });
    expect(await failure(detectAll(detector, [TRICKY_NOTES[0]]))).toMatch(/^E_DETECTOR_NOT_INSTALLED.*no-such-tool-xyz.*with: \{ command/);
    const streaming = await createDetector(commandJsonl, { command: "no-such-tool-xyz", mode: "stream" });
    expect(await failure(detectAll(streaming, [TRICKY_NOTES[0]]))).toMatch(/^E_DETECTOR_NOT_INSTALLED/);
  });

  it("sends metadata only when asked", async () => {
    const echo = ["node", "-e", "require('readline').createInterface({input:process.stdin}).on('line',l=>{const d=JSON.parse(l);console.log(JSON.stringify({document_id:d.document_id,spans:d.metadata?[{start:0,end:1,label:'Date'}]:[]}))})"];
    const withMeta = doc("m", "Jansens", { metadata: { lang: "nl" } });
    const off = await createDetector(commandJsonl, { command: echo });
    expect((await detectAll(off, [withMeta]))[0]).toEqual([]);
    const on = await createDetector(commandJsonl, { command: echo, send_metadata: true });
    expect((await detectAll(on, [withMeta]))[0]).toHaveLength(1);
  });

  it("probes a version from version_command or from the command's files", async () => {
    const ctx = { baseDir: FAKE_TOOLS, language: "nl-BE", projectRoot: FAKE_TOOLS };
    const fromCommand = await probeVersion(commandJsonl.meta.configSchema.parse({ command: ["node", tool], version_command: ["node", "-e", "console.log('tool 2.1')"] }), ctx);
    expect(fromCommand).toBe("tool 2.1");
    const fromFiles = await probeVersion(commandJsonl.meta.configSchema.parse({ command: ["node", tool] }), ctx);
    const other = await probeVersion(commandJsonl.meta.configSchema.parse({ command: ["node", fakeTool("deduce", "fake-driver.mjs")] }), ctx);
    expect(fromFiles).toMatch(/^sha256:/);
    expect(fromFiles).not.toBe(other);
  });
});
