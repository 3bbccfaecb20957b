import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { FAKE_TOOLS, TRICKY_NOTES, covered, createDetector, detectAll, doc, failure, fakeTool } from "../../test/fixtures/fake-tools/harness.js";
import deduce, { deduceInputLine, probeVersion } from "./index.js";

const fake = (mode = "good") => ["node", fakeTool("deduce", "fake-driver.mjs"), mode];

function hasPython(): boolean {
  try {
    execFileSync("python3", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

describe("deduce wrapper with a fake driver", () => {
  it("maps DEDUCE's Dutch tags to contract labels, in one process for the run", async () => {
    const detector = await createDetector(deduce, { command: fake() });
    const results = await detectAll(detector, TRICKY_NOTES);
    expect(results.map((r, i) => covered(TRICKY_NOTES[i], r))).toEqual([
      ["Jansens", "03/04/2024"],
      ["Émile", "Peeters", "12/11/2023", "Jansens"],
      [],
      ["Peeters", "Jansens"],
    ]);
    expect(results[0].map((s) => s.label)).toEqual(["Name:Other", "Date"]);
    await detector.close?.();
  });

  it("passes the patient's names so DEDUCE can tag the patient", async () => {
    const note = doc("p", "Mevr. Vermeulen kwam op 01/02/2024.", { metadata: { patient: { given_name: "An Sofie", family_name: "Vermeulen" } } });
    expect(JSON.parse(deduceInputLine(note, true)).patient).toEqual({ first_names: ["An", "Sofie"], surname: "Vermeulen" });
    expect(JSON.parse(deduceInputLine(note, false)).patient).toBeUndefined();
    const detector = await createDetector(deduce, { command: fake() });
    const [spans] = await detectAll(detector, [note]);
    expect(spans.map((s) => s.label)).toEqual(["Name:Patient", "Date"]);
    await detector.close?.();
  });

  it("fails on a tag the map does not know, unless told to keep it as Anonymize_Other", async () => {
    const strict = await createDetector(deduce, { command: fake("odd-tag") });
    expect(await failure(detectAll(strict, [TRICKY_NOTES[0]]))).toMatch(/^E_DETECTOR_INVALID_SPAN.*"kamernummer"/);
    await strict.close?.();
    const lenient = await createDetector(deduce, { command: fake("odd-tag"), unknown_labels: "other" });
    expect((await detectAll(lenient, [TRICKY_NOTES[0]]))[0].map((s) => s.label)).toEqual(["Anonymize_Other", "Date"]);
    await lenient.close?.();
  });

  it("fails closed on a hang after the first answer and on answers out of order", async () => {
    const hanging = await createDetector(deduce, { command: fake("hang-second"), timeout_ms: 500 });
    expect(await failure(detectAll(hanging, TRICKY_NOTES.slice(0, 2)))).toMatch(/^E_DETECTOR_TIMEOUT/);
    await hanging.close?.();
    const shuffled = await createDetector(deduce, { command: fake("out-of-order") });
    expect(await failure(detectAll(shuffled, TRICKY_NOTES.slice(0, 2)))).toMatch(/^E_DETECTOR_INVALID_SPAN.*another document/);
    await shuffled.close?.();
  });

  it("says to install deduce when the driver cannot import it", async () => {
    expect(await failure(createDetector(deduce, { command: fake("missing") }))).toMatch(/^E_DETECTOR_NOT_INSTALLED.*pip install deduce/);
    expect(await failure(createDetector(deduce, { python: "no-such-python-xyz" }))).toMatch(/^E_DETECTOR_NOT_INSTALLED.*no-such-python-xyz/);
  });

  it("probes the version the driver reports", async () => {
    const ctx = { baseDir: FAKE_TOOLS, language: "nl-BE", projectRoot: FAKE_TOOLS };
    expect(await probeVersion(deduce.meta.configSchema.parse({ command: fake() }), ctx)).toBe("3.0.4-fake");
  });
});

describe.skipIf(!hasPython())("our driver.py against a stand-in deduce package", () => {
  const env = { PYTHONPATH: fakeTool("deduce", "python") };

  it("reports the package version and streams spans with code point offsets", async () => {
    const ctx = { baseDir: FAKE_TOOLS, language: "nl-BE", projectRoot: FAKE_TOOLS };
    // probeVersion runs the driver with the process environment; the package is found through PYTHONPATH.
    process.env.PYTHONPATH = env.PYTHONPATH;
    try {
      expect(await probeVersion(deduce.meta.configSchema.parse({}), ctx)).toBe("3.0.4-stub");
      const detector = await createDetector(deduce, { env });
      const notes = [
        doc("a", "😀 Dhr. Maes, opname 03-04-2024.", { metadata: { patient: { given_name: "Jan", family_name: "Maes" } } }),
        doc("b", "Niets te melden."),
      ];
      const results = await detectAll(detector, notes);
      expect(covered(notes[0], results[0])).toEqual(["Maes", "03-04-2024"]);
      expect(results[0].map((s) => s.label)).toEqual(["Name:Patient", "Date"]);
      expect(results[1]).toEqual([]);
      await detector.close?.();
    } finally {
      delete process.env.PYTHONPATH;
    }
  });

  it("exits 3 with an install hint when deduce is absent", async () => {
    expect(await failure(createDetector(deduce, { env: { PYTHONPATH: FAKE_TOOLS } }))).toMatch(/^E_DETECTOR_NOT_INSTALLED/);
  });
});
