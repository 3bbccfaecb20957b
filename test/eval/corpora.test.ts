import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { Document } from "../../src/contract/index.js";
import { detectCorpusFormat, loadCorpus, locateAsqValues, parseAsqPhiBlocks } from "../../src/eval/index.js";
import { lfOffsetsToOriginal } from "../../src/eval/corpora/brat.js";

const FIX = join(import.meta.dirname, "../fixtures/corpora");

/** What each gold span covers, as "label:text" (test-only: fixtures are fictional). */
function covered(doc: Document): string[] {
  return (doc.spans ?? []).map((s) => `${s.label}:${doc.text.slice(s.start, s.end)}`);
}

function codes(warnings: { code: string; count: number }[]): Record<string, number> {
  return Object.fromEntries(warnings.map((w) => [w.code, w.count]));
}

async function tmp(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "deidstack-eval-"));
  for (const [name, content] of Object.entries(files)) await writeFile(join(dir, name), content);
  return dir;
}

describe("format detection", () => {
  it.each([
    ["brat", "brat"],
    ["asq-phi/queries.txt", "asq-phi"],
    ["physionet/id.text", "physionet-deid"],
    ["i2b2", "i2b2-2014"],
    ["inception", "inception-json"],
    ["doccano/export.jsonl", "doccano"],
    ["label-studio/export.json", "label-studio"],
    ["meddeid/gold.jsonl", "meddeid-jsonl"],
  ])("%s is %s", async (path, format) => {
    expect(await detectCorpusFormat(join(FIX, path))).toBe(format);
  });
});

describe("MedDeID JSONL", () => {
  it("reads subannotations and astral characters through the contract", async () => {
    const { documents, warnings } = await loadCorpus(join(FIX, "meddeid/gold.jsonl"));
    expect(warnings).toEqual([]);
    expect(covered(documents[0])).toEqual(["Name:Patient:An 😀 Claes", "Contactdetails:0471 23 45 67"]);
    const name = documents[0].spans![0];
    expect(name.subannotations!.map((s) => documents[0].text.slice(s.start, s.end))).toEqual(["An", " 😀 ", "Claes"]);
    expect(documents.map((d) => d.patient_id)).toEqual(["p1", "p1", "p2"]);
  });

  it("fails on gold whose subannotations do not partition the span", async () => {
    const line = JSON.stringify({
      document_id: "x",
      text: "Ann Lee",
      spans: [{ begin: 0, end: 7, label: "Name:Patient", subannotations: [{ begin: 0, end: 3, category: "given" }] }],
    });
    const dir = await tmp({ "g.jsonl": line + "\n" });
    await expect(loadCorpus(join(dir, "g.jsonl"))).rejects.toThrow(/subannotations must end where the span ends/);
  });

  it("counts documents without a spans field", async () => {
    const dir = await tmp({ "g.jsonl": JSON.stringify({ document_id: "x", text: "t" }) + "\n" });
    const { warnings } = await loadCorpus(join(dir, "g.jsonl"));
    expect(codes(warnings)).toEqual({ gold_without_spans: 1 });
  });
});

describe("BRAT standoff", () => {
  it("reads CRLF texts, astral characters, discontinuous entities and counts what it skipped", async () => {
    const { documents, warnings } = await loadCorpus(join(FIX, "brat"));
    expect(documents.map((d) => d.document_id)).toEqual(["doc1", "doc2", "doc3", "doc4"]);
    const doc1 = documents[0];
    expect(doc1.text).toContain("\r\n"); // the text as is, not normalised
    expect(covered(doc1)).toEqual([
      "Name:Patient:Jan Peeters",
      "Date:12/03/2024",
      "Organization:Healthcare:AZ Sint-Jan",
      "Contactdetails:0471",
      "Contactdetails:45 67",
    ]);
    expect(doc1.spans![3].extra).toEqual({ entity_id: "T4", native_label: "PHONE" });
    expect(covered(documents[3])).toEqual(["Name:Caregiver:Smith", "Date:2020"]);
    expect(documents[2]).toMatchObject({ spans: [], annotated: false });
    expect(codes(warnings)).toEqual({
      brat_non_entity_lines: 3,
      brat_crlf_counted_once: 1,
      brat_discontinuous_entity: 1,
      brat_missing_ann: 1,
    });
  });

  it("fails when entity offsets match the text under no reading", async () => {
    const dir = await tmp({ "a.txt": "Ann Lee\n", "a.ann": "T1\tPATIENT 1 4\tAnn\n" });
    await expect(loadCorpus(dir, { format: "brat" })).rejects.toThrow(/do not match the text/);
  });

  it("fails on a label no map knows unless unknown labels are allowed", async () => {
    const dir = await tmp({ "a.txt": "Ann Lee\n", "a.ann": "T1\tMysteryType 0 3\tAnn\n" });
    await expect(loadCorpus(dir, { format: "brat" })).rejects.toThrow(/gold label "MysteryType" maps to no contract label/);
    const ok = await loadCorpus(dir, { format: "brat", unknownLabels: "other" });
    expect(covered(ok.documents[0])).toEqual(["Anonymize_Other:Ann"]);
    expect(codes(ok.warnings)).toEqual({ unknown_label: 1 });
    const mapped = await loadCorpus(dir, { format: "brat", labelMap: { MysteryType: "Name:Patient" } });
    expect(covered(mapped.documents[0])).toEqual(["Name:Patient:Ann"]);
  });

  it("maps LF-counted offsets back to the CRLF text (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom("a", "\r\n", "\n", "😀", "\r"), { maxLength: 30 }), (parts) => {
        const text = parts.join("");
        const normalised = Array.from(text.replace(/\r\n/g, "\n"));
        const original = Array.from(text);
        const toOriginal = lfOffsetsToOriginal(text);
        for (let n = 0; n < normalised.length; n++) {
          if (normalised[n] === "\n") continue; // a CRLF maps to its \r
          expect(original[toOriginal(n)]).toBe(normalised[n]);
        }
        expect(toOriginal(normalised.length)).toBe(original.length);
      }),
    );
  });
});

describe("ASQ-PHI", () => {
  it("locates every occurrence, folds typographic apostrophes and counts unlocatable values", async () => {
    const { documents, warnings } = await loadCorpus(join(FIX, "asq-phi/queries.txt"));
    expect(documents).toHaveLength(5);
    expect(documents[0].document_id).toBe("asq-phi-0001");
    expect(covered(documents[0])).toEqual([
      "Name:Other:Anna S.",
      "Date:April 12, 2023",
      "ID:Patient:12345-6789",
      "ID:Patient:12345-6789",
    ]);
    expect(documents[1]).toMatchObject({ spans: [], annotated: true }); // a hard negative
    expect(covered(documents[2])).toEqual(["Name:Other:O’Brien", "Address_Location:Other:Mercy Hospital"]);
    expect(covered(documents[4])).toEqual(["ID:Patient:12345", "ID:Patient:12345", "ID:Patient:XXXX-12345"]);
    expect(codes(warnings)).toEqual({
      asq_value_unlocated: 1,
      asq_extra_occurrences: 4,
      asq_apostrophe_match: 1,
      asq_duplicate_tag: 1,
    });
  });

  it("with the first-occurrence policy each tag claims the next untaken occurrence", async () => {
    const { documents } = await loadCorpus(join(FIX, "asq-phi/queries.txt"), { asqPhi: { occurrences: "first" } });
    const q4 = documents[3];
    expect(q4.spans!.map((s) => [s.start, s.label])).toEqual([
      [q4.text.indexOf("John"), "Name:Other"],
      [q4.text.lastIndexOf("John"), "Name:Other"],
      [q4.text.indexOf("3/4"), "Date"],
    ]);
    expect(documents[0].spans).toHaveLength(3);
  });

  it("without apostrophe folding the typographic value is unlocatable", () => {
    const r = locateAsqValues("O\u2019Brien", ["O'Brien"], { apostropheInsensitive: false });
    expect(r.unlocated).toEqual([0]);
  });

  it("parses blocks with multi-line queries and rejects malformed tags", () => {
    const blocks = parseAsqPhiBlocks("===QUERY===\nline one\nline two\n\n===PHI_TAGS===\n\n===QUERY===\nq\n===PHI_TAGS===\n");
    expect(blocks.map((b) => b.query)).toEqual(["line one\nline two", "q"]);
    expect(() => parseAsqPhiBlocks("===QUERY===\nq\n===PHI_TAGS===\nnot json\n")).toThrow(/line 4/);
  });
});

describe("PhysioNet deid", () => {
  it("reads records, patients and typed phrases, never binding the phrase text", async () => {
    const { documents, warnings } = await loadCorpus(join(FIX, "physionet/id.text"));
    expect(documents.map((d) => [d.document_id, d.patient_id])).toEqual([
      ["1-1", "1"],
      ["1-2", "1"],
      ["2-1", "2"],
    ]);
    expect(covered(documents[0])).toEqual([
      "Name:Patient:Jane Doe",
      "Date:10/25",
      "Name:Caregiver:Smith",
      "Contactdetails:555-1234",
    ]);
    expect(documents[0].text.endsWith("555-1234.\n")).toBe(true);
    expect(documents[2].text).toBe("No PHI here, café.\n"); // latin-1 byte decoded as one character
    expect(covered(documents[1])).toEqual(["Anonymize_Other:2067"]);
    expect(codes(warnings)).toEqual({ unknown_label: 1 });
  });

  it("reads untyped .phi gold when asked", async () => {
    const { documents } = await loadCorpus(join(FIX, "physionet/id.text"), { physionet: { annotations: join(FIX, "physionet/id.phi") } });
    expect(covered(documents[0])).toEqual(["Anonymize_Other:Jane Doe", "Anonymize_Other:seen 10/25"]);
  });
});

describe("i2b2 2014 XML", () => {
  it("reads CDATA text with XML line-end normalisation, code-point offsets, entities and patient ids", async () => {
    const { documents, warnings } = await loadCorpus(join(FIX, "i2b2"));
    expect(warnings).toEqual([]);
    expect(documents.map((d) => [d.document_id, d.patient_id])).toEqual([
      ["110-01", "110"],
      ["110-02", "110"],
      ["111-01", "111"],
    ]);
    expect(documents[0].text).not.toContain("\r");
    expect(covered(documents[0])).toEqual([
      "Date:2067-05-03",
      "Name:Patient:Ana García",
      "Age_Birthdate:45",
      "Organization:Healthcare:Mercy & Co.",
    ]);
  });

  it("fails when a tag's text attribute disagrees with the TEXT", async () => {
    const xml = '<deIdi2b2><TEXT><![CDATA[Ann Lee]]></TEXT><TAGS><NAME id="P0" start="1" end="4" text="Ann" TYPE="PATIENT"/></TAGS></deIdi2b2>';
    const dir = await tmp({ "1-1.xml": xml });
    await expect(loadCorpus(dir)).rejects.toThrow(/text attribute does not match/);
  });
});

describe("INCEpTION UIMA CAS JSON", () => {
  it("reads UTF-16 offsets, the view's members and the document title", async () => {
    const { documents, warnings } = await loadCorpus(join(FIX, "inception"));
    expect(documents[0].document_id).toBe("note-7");
    expect(covered(documents[0])).toEqual(["Name:Caregiver:Émile 😀 Dupont", "Date:2021-03-04"]);
    expect(codes(warnings)).toEqual({ cas_other_annotations: 1 });
  });
});

describe("doccano", () => {
  it("reads both export shapes with code-point offsets", async () => {
    const { documents } = await loadCorpus(join(FIX, "doccano/export.jsonl"));
    expect(documents.map((d) => d.document_id)).toEqual(["1", "2", "3"]);
    expect(covered(documents[0])).toEqual(["Name:Other:Bob", "Contactdetails:555-1234"]);
    expect(covered(documents[1])).toEqual(["Date:2020-01-02"]);
  });

  it("reads UTF-16 offsets when told", async () => {
    const line = JSON.stringify({ id: 1, text: "😀 Bob", label: [[3, 6, "PATIENT"]] });
    const dir = await tmp({ "d.jsonl": line + "\n" });
    const { documents } = await loadCorpus(join(dir, "d.jsonl"), { format: "doccano", offsets: "utf16" });
    expect(covered(documents[0])).toEqual(["Name:Patient:Bob"]);
    await expect(loadCorpus(join(dir, "d.jsonl"), { format: "doccano" })).rejects.toThrow(/outside the text/);
  });
});

describe("Label Studio", () => {
  it("infers UTF-16 offsets from span texts, takes the first annotation not cancelled and counts the rest", async () => {
    const { documents, warnings } = await loadCorpus(join(FIX, "label-studio/export.json"));
    expect(covered(documents[0])).toEqual(["Name:Patient:Maria Lopez", "ID:Patient:998877"]);
    expect(documents[1]).toMatchObject({ document_id: "12", spans: [], annotated: false });
    expect(codes(warnings)).toEqual({
      ls_multiple_annotations: 1,
      ls_multiple_labels: 1,
      ls_other_results: 1,
      ls_unannotated_task: 1,
    });
  });

  it("reads predictions instead of annotations when asked", async () => {
    const { documents } = await loadCorpus(join(FIX, "label-studio/export.json"), { labelStudio: { source: "predictions" } });
    expect(covered(documents[0])).toEqual(["Name:Other:Maria Lopez"]);
  });
});

describe("every corpus", () => {
  it("rejects duplicate document ids", async () => {
    const line = JSON.stringify({ id: 1, text: "a", label: [] });
    const dir = await tmp({ "d.jsonl": `${line}\n${line}\n` });
    await expect(loadCorpus(join(dir, "d.jsonl"))).rejects.toThrow(/duplicate document_id/);
  });
});
