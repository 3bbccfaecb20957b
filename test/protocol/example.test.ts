// The worked example shipped in protocols/: a valid protocol whose corpus is in the repository, small, and the one
// whose sha256 it declares.
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadJsonlDocuments } from "../../src/contract/index.js";
import { conditionsOf, loadProtocolFile } from "../../src/protocol/index.js";
import { sha256 } from "./workspace.js";

const PROTOCOLS = join(import.meta.dirname, "..", "..", "protocols");

describe("protocols/nl-synth-example.yaml", () => {
  it("declares the shipped synthetic corpus by its sha256 and compares the three presets", async () => {
    const { protocol } = await loadProtocolFile(join(PROTOCOLS, "nl-synth-example.yaml"));
    const corpusPath = join(PROTOCOLS, protocol.corpora[0].path);
    expect(protocol.corpora[0].sha256).toBe(sha256(corpusPath));
    expect(statSync(corpusPath).size).toBeLessThan(1_000_000);
    const docs = await loadJsonlDocuments(corpusPath);
    expect(docs).toHaveLength(120);
    expect(docs.every((d) => d.patient_id && d.spans && d.spans.length > 0)).toBe(true);
    expect(protocol.systems.map((s) => ("stack" in s ? s.stack : s.baseline))).toEqual(["recall-first", "precision-first", "rules-only"]);
    expect(protocol.statements.map((s) => [s.id, conditionsOf(s).map((c) => `${c.kind}:${c.system}-${"reference" in c ? c.reference : ""}:${c.measure}`)])).toEqual([
      ["A", ["superiority:recall-first-rules-only:span_recall"]],
      ["B", ["non-inferiority:precision-first-recall-first:span_recall", "superiority:precision-first-recall-first:span_precision"]],
    ]);
    const lock = JSON.parse(readFileSync(join(PROTOCOLS, "nl-synth-example.lock.json"), "utf8"));
    expect(lock.format).toBe("deidstack.protocol-lock.v2");
    expect(lock.protocol.id).toBe("nl-synth-example");
  });
});
