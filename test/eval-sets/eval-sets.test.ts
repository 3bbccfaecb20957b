import { cpSync, mkdtempSync, mkdirSync, rmSync, writeFileSync, appendFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadJsonlDocuments } from "../../src/contract/index.js";
import { checkTree, listSources, ROOT } from "../../eval-sets/tools/build.js";
import { MarkupError, parseSource } from "../../eval-sets/tools/markup.js";

describe("eval-set markup", () => {
  it("gives code-point offsets, labels from short forms and the language", () => {
    const [doc] = parseSource(
      "x.txt",
      "#! lang: nl-BE\n### doc: a\n😀 dr. [[Peeters|CARE]] ° [[12/03/1980|AGE]]\n\n",
    );
    expect(doc.text).toBe("😀 dr. Peeters ° 12/03/1980");
    expect(doc.spans).toEqual([
      { begin: 6, end: 13, label: "Name:Caregiver", text: "Peeters" },
      { begin: 16, end: 26, label: "Age_Birthdate", text: "12/03/1980" },
    ]);
    expect(doc.metadata).toEqual({ lang: "nl-BE" });
    expect(doc.annotated).toBe(true);
  });

  it("keeps blank lines inside a body and reads patient_id and meta", () => {
    const docs = parseSource(
      "x.txt",
      '### doc: a\n### lang: en-US\n### patient_id: P1\n### meta: {"patient":{"given_name":"Ann"}}\nl1\n\nl2\n### doc: b\n### lang: en-US\nx',
    );
    expect(docs[0].text).toBe("l1\n\nl2");
    expect(docs[0].patient_id).toBe("P1");
    expect(docs[0].metadata).toEqual({ lang: "en-US", patient: { given_name: "Ann" } });
    expect(docs[1].text).toBe("x");
  });

  it.each([
    ["an unknown label", "### doc: a\n### lang: nl\n[[Jan|NAME]]"],
    ["unbalanced markup", "### doc: a\n### lang: nl\n[[Jan|PAT]"],
    ["a span with outer whitespace", "### doc: a\n### lang: nl\n[[Jan |PAT]]"],
    ["a duplicate id", "### doc: a\n### lang: nl\nx\n### doc: a\nx"],
    ["no language", "### doc: a\nx"],
    ["an empty body", "### doc: a\n### lang: nl\n\n"],
  ])("rejects %s", (_what, src) => {
    expect(() => parseSource("x.txt", src)).toThrow(MarkupError);
  });
});

describe("the eval-sets tree", () => {
  const tmp = mkdtempSync(join(tmpdir(), "evalsets-"));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it("has current builds and intact frozen files", () => {
    expect(checkTree()).toEqual([]);
  });

  it("builds only files the contract reader accepts", async () => {
    for (const rel of listSources()) {
      const docs = await loadJsonlDocuments(join(ROOT, rel.replace(/\.txt$/, ".jsonl")));
      expect(docs.length).toBeGreaterThan(0);
    }
  });

  it("notices an edit of a frozen set and an unfrozen test set", () => {
    const root = join(tmp, "tree");
    mkdirSync(join(root, "xx", "test"), { recursive: true });
    writeFileSync(join(root, "xx", "test", "a.txt"), "### doc: a\n### lang: nl\n[[Jan|PAT]] komt.\n");
    writeFileSync(join(root, "xx", "test", "a.jsonl"), "");
    expect(checkTree(root)).toEqual(["xx/test/a.jsonl: stale build", "xx/test/a.txt: a test set that is not frozen"]);
    if (listSources().length > 0) {
      const copy = join(tmp, "copy");
      cpSync(ROOT, copy, { recursive: true });
      const rel = listSources(copy)[0];
      appendFileSync(join(copy, rel), "x");
      expect(checkTree(copy).some((p) => p.includes("changed after freezing") || p.includes("stale build"))).toBe(true);
    }
  });
});

describe("npm run eval", () => {
  it("scores a stack on a set with the common scorer, leak guard off", async () => {
    const { evaluate } = await import("../../eval-sets/tools/eval.js");
    const root = mkdtempSync(join(tmpdir(), "evalrun-"));
    try {
      mkdirSync(join(root, "nl", "dev"), { recursive: true });
      const src = "#! lang: nl-BE\n### doc: a\nBel [[0472 12 34 56|CONTACT]] aub.\n### doc: b\nGeen bijzonderheden.\n";
      writeFileSync(join(root, "nl", "dev", "s.txt"), src);
      const { buildSource } = await import("../../eval-sets/tools/build.js");
      writeFileSync(join(root, "nl", "dev", "s.jsonl"), buildSource("nl/dev/s.txt", root).jsonl);
      const row = await evaluate("rules-only", "nl/dev/s.txt", root, root);
      expect(row).toMatchObject({ set: "nl/dev/s", stack: "rules-only", documents: 2, gold_spans: 1, set_sha256: null });
      expect(row.metrics.span_recall).toBe(1);
      expect(row.predicted_spans).toBeGreaterThanOrEqual(1);
      expect(row.metrics.non_pii_redaction_rate).toBeGreaterThanOrEqual(0);
      expect(row.metrics.non_pii_redaction_rate).toBeLessThan(1);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("pools sets per language, split and round, counting each gold span once, with ids kept apart", async () => {
    const { poolSets, roundOf } = await import("../../eval-sets/tools/eval.js");
    expect([roundOf("nl/test/notes"), roundOf("nl/test/notes-r3"), roundOf("en/dev/x-r12")]).toEqual(["r1", "r3", "r12"]);
    const doc = (id: string, spans: { start: number; end: number }[]) => ({
      document_id: id,
      text: "Bel 0472 aub",
      spans: spans.map((s) => ({ ...s, label: "Contactdetails" as const })),
    });
    const gold = [{ start: 4, end: 8 }];
    const row = (set: string) => ({ set, set_sha256: null, stack: "s", stack_sha256: "x", documents: 1, gold_spans: 1, predicted_spans: 1, seconds: 1, metrics: {} });
    // The same document id in two sets: one hit, one miss. Pooled recall 1/2 only if the ids stay apart.
    const rows = poolSets([
      { row: row("nl/test/a"), documents: [doc("d", gold)], predictions: new Map([["d", [{ start: 4, end: 8, label: "Contactdetails" as const }]]]) },
      { row: row("nl/test/b-r3"), documents: [doc("d", gold)], predictions: new Map([["d", []]]) },
    ]);
    expect(rows.map((r) => r.set)).toEqual(["nl/test/* (2 sets)", "nl/test/*-r1 (1 sets)", "nl/test/*-r3 (1 sets)"]);
    expect(rows[0]).toMatchObject({ documents: 2, gold_spans: 2 });
    expect(rows[0].metrics.span_recall).toBe(0.5);
    expect(rows[1].metrics.span_recall).toBe(1);
    expect(rows[2].metrics.span_recall).toBe(0);
  });
  it("reads its options strictly: an unknown option or --help runs nothing, and test sets are scored only when asked for", async () => {
    const { parseEvalArgs } = await import("../../eval-sets/tools/eval.js");
    expect(parseEvalArgs(["--hepl"])).toMatch(/hepl/);
    expect(parseEvalArgs(["--help"])).toEqual({ help: true });
    expect(parseEvalArgs(["--split"])).toMatch(/split/);
    expect(parseEvalArgs(["--split", "tset"])).toMatch(/dev, test or all/);
    expect(parseEvalArgs(["nl/test/notes"])).toMatch(/positional|argument/i);
    expect(parseEvalArgs([])).toMatchObject({ split: "dev", pool: false });
    expect(parseEvalArgs(["--set", "nl/test/notes-r5"])).toMatchObject({ split: "test", only: "nl/test/notes-r5" });
    expect(parseEvalArgs(["--split", "all", "--pool", "--round", "r5"])).toMatchObject({ split: "all", pool: true, round: "r5" });
    expect(parseEvalArgs(["--skip-round", "r8,r9"])).toMatchObject({ split: "dev", skipRounds: ["r8", "r9"] });
    expect(parseEvalArgs(["--skip-round", "nine"])).toMatch(/skip-round/);
  });
});
