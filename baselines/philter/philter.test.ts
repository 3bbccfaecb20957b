import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FAKE_TOOLS, TRICKY_NOTES, covered, createDetector, detectAll, failure, fakeTool } from "../../test/fixtures/fake-tools/harness.js";
import { asteriskRuns } from "./format.js";
import philter, { probeVersion } from "./index.js";

const folder = fakeTool("philter");
const fakeCommand = ["node", "fake-philter.mjs", "-i", "{input_dir}", "-o", "{output_dir}", "-f", "{config}", "--prod=True", "--outputformat", "asterisk"];

describe("asterisk runs", () => {
  it("are the runs of new '*' in UTF-16 offsets of the original", () => {
    expect(asteriskRuns("a😀bc*d", "a**c*d", "philter")).toEqual([{ start: 1, end: 4 }]);
    expect(asteriskRuns("xy", "**", "philter")).toEqual([{ start: 0, end: 2 }]);
    expect(asteriskRuns("**", "**", "philter")).toEqual([]);
  });

  it("recover any masked set of code points exactly", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom("a", "*", "😀", "é", " ", "\n"), fc.boolean()), { maxLength: 40 }), (chars) => {
        const original = chars.map(([c]) => c).join("");
        const masked = chars.map(([c, m]) => (m ? "*" : c)).join("");
        const runs = asteriskRuns(original, masked, "philter");
        const expected = new Set<number>();
        let u16 = 0;
        for (const [c, m] of chars) {
          if (m && c !== "*") for (let k = 0; k < c.length; k++) expected.add(u16 + k);
          u16 += c.length;
        }
        const got = new Set<number>();
        for (const r of runs) for (let k = r.start; k < r.end; k++) got.add(k);
        expect([...got].sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));
        for (let i = 1; i < runs.length; i++) expect(runs[i].start).toBeGreaterThan(runs[i - 1].end);
      }),
    );
  });

  it("refuse output of another length or with other changes", () => {
    expect(() => asteriskRuns("abc", "ab", "philter")).toThrow(/2 characters where the note has 3/);
    expect(() => asteriskRuns("abc", "abd", "philter")).toThrow(/character 2/);
  });
});

describe("philter wrapper with a fake philter", () => {
  it("finds the masked names and dates, one file per note", async () => {
    const detector = await createDetector(philter, { cwd: folder, command: fakeCommand, config: "good.json", batch_size: 3, linger_ms: 5 });
    const results = await detectAll(detector, TRICKY_NOTES);
    expect(results.map((r, i) => covered(TRICKY_NOTES[i], r))).toEqual([
      ["Jansens", "03/04/2024"],
      ["Émile", "Peeters", "12/11/2023", "Jansens"],
      [],
      ["Peeters", "Jansens"],
    ]);
    expect(new Set(results.flat().map((s) => s.label))).toEqual(new Set(["Anonymize_Other"]));
  });

  it("gives spans the configured label", async () => {
    const detector = await createDetector(philter, { cwd: folder, command: fakeCommand, config: "good.json", label: "Name:Other" });
    const [spans] = await detectAll(detector, [TRICKY_NOTES[0]]);
    expect(spans.map((s) => s.label)).toEqual(["Name:Other", "Name:Other"]);
  });

  it.each([
    ["exit.json", /^E_DETECTOR_FAILED.*exited with status 1/],
    ["missing-file.json", /^E_DETECTOR_FAILED.*no output for document 2/],
    ["length-mismatch.json", /^E_DETECTOR_INVALID_SPAN.*keep the length/],
    ["changed-text.json", /^E_DETECTOR_INVALID_SPAN.*other than '\*'/],
    ["latin1.json", /^E_DETECTOR_INVALID_SPAN.*(not UTF-8|other than|length)/],
  ])("fails closed with %s", async (config, message) => {
    const detector = await createDetector(philter, { cwd: folder, command: fakeCommand, config });
    const err = await failure(detectAll(detector, TRICKY_NOTES.slice(0, 2)));
    expect(err).toMatch(message);
    expect(err).not.toMatch(/Jansens|Peeters|Patiënt/);
  });

  it("stops a tool that hangs", async () => {
    const detector = await createDetector(philter, { cwd: folder, command: fakeCommand, config: "hang.json", timeout_ms: 800 });
    expect(await failure(detectAll(detector, [TRICKY_NOTES[0]]))).toMatch(/^E_DETECTOR_TIMEOUT/);
  });

  it("says what to install when philter is missing", async () => {
    expect(await failure(createDetector(philter, {}))).toMatch(/^E_DETECTOR_NOT_INSTALLED.*cwd.*philter-ucsf/);
    expect(await failure(createDetector(philter, { cwd: folder }))).toMatch(/^E_DETECTOR_NOT_INSTALLED.*main\.py not found/);
  });

  it("probes a version as a hash of main.py and its config", async () => {
    const ctx = { baseDir: FAKE_TOOLS, language: "nl-BE", projectRoot: FAKE_TOOLS };
    expect(await failure(probeVersion(philter.meta.configSchema.parse({ cwd: folder }), ctx))).toMatch(/^E_DETECTOR_NOT_INSTALLED.*main\.py/);
  });
});
