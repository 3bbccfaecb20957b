import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DeidError, OffsetMapper, documentToDisk, parseDocumentLine, parseDocumentRecord } from "../../src/contract/index.js";

const ctx = { documentIndex: 4, line: 5 };

function errorOf(fn: () => unknown): DeidError {
  try {
    fn();
  } catch (e) {
    if (e instanceof DeidError) return e;
    throw e;
  }
  throw new Error("expected a DeidError");
}

describe("parseDocumentRecord", () => {
  it("converts code point offsets to UTF-16 and checks span text", () => {
    const text = "😀 Jan Peeters, 👩‍⚕️ dr. Smet";
    const cps = [...text];
    const begin = cps.indexOf("J");
    const doc = parseDocumentRecord(
      { document_id: "x", text, spans: [{ begin, end: begin + 11, label: "Name:Patient", text: "Jan Peeters" }] },
      ctx,
    );
    const s = doc.spans![0];
    expect(text.slice(s.start, s.end)).toBe("Jan Peeters");
    expect(s.start).toBe(3);
  });

  it("accepts MedDeID aliases", () => {
    const doc = parseDocumentRecord(
      {
        note_id: 7,
        raw_text: "Jan",
        spans: [{ start: 0, end: 3, tag: "Name:Patient", confidence: 0.5 }],
        metadata: { language: "nl-BE" },
      },
      ctx,
    );
    expect(doc.document_id).toBe("7");
    expect(doc.spans![0]).toMatchObject({ start: 0, end: 3, label: "Name:Patient", score: 0.5 });
    expect(doc.metadata!.lang).toBe("nl-BE");
  });

  it("canonicalises bare categories and keeps the native label", () => {
    const doc = parseDocumentRecord({ document_id: "x", text: "Jan", spans: [{ begin: 0, end: 3, label: "Name" }] }, ctx);
    expect(doc.spans![0].label).toBe("Name:Other");
    expect(doc.spans![0].extra).toEqual({ native_label: "Name" });
  });

  it.each([
    [{ document_id: "x", text: "abc", annotations: [] }, "annotations"],
    [{ document_id: "x" }, "text"],
    [{ text: "abc" }, "document_id"],
    [{ document_id: "x", text: "abc", spans: [{ begin: 2, end: 1, label: "Date" }] }, "spans[0].end"],
    [{ document_id: "x", text: "abc", spans: [{ begin: 0, end: 9, label: "Date" }] }, "spans[0].end"],
    [{ document_id: "x", text: "abc", spans: [{ begin: 0, end: 2, label: "Date", text: "xx" }] }, "spans[0].text"],
    [{ document_id: "x", text: "abc", spans: [{ begin: 0, end: 2, label: "Person" }] }, "spans[0].label"],
    [{ document_id: "x", text: "abc", spans: [{ begin: 0, end: 2, label: "Date", category: "Name" }] }, "spans[0].category"],
    [
      { document_id: "x", text: "abcd", spans: [{ begin: 0, end: 4, label: "Date", subannotations: [{ begin: 0, end: 2, category: "day" }, { begin: 3, end: 4, category: "year" }] }] },
      "spans[0].subannotations[1].begin",
    ],
    [
      { document_id: "x", text: "abcd", spans: [{ begin: 0, end: 4, label: "Date", subannotations: [{ begin: 0, end: 2, category: "day" }] }] },
      "spans[0].subannotations",
    ],
    [{ document_id: "x", text: "abc", metadata: { patient_name: "x" } }, "metadata.patient_name"],
    [{ document_id: "x", text: "abc", metadata: { date_shift_days: 1.5 } }, "metadata.date_shift_days"],
    [{ document_id: "x", text: "abc", metadata: { known_values: [{ value: "1", label: "Foo" }] } }, "metadata.known_values[0].label"],
    [{ document_id: "x", text: "abc", metadata: { pateint: { family_name: "abc" } } }, "metadata.pateint"],
    [{ document_id: "x", text: "abc", metadata: { patient: { family_nam: "abc" } } }, "metadata.patient.family_nam"],
    [{ document_id: "x", text: "abc", metadata: { caregivers: [{ given_name: "abc", role: "gp" }] } }, "metadata.caregivers[0].role"],
    [{ document_id: "x", text: "abc", metadata: { known_values: [{ value: "abc", label: "Date", kind: "x" }] } }, "metadata.known_values[0].kind"],
  ])("rejects %j naming field %s, without quoting text", (record, field) => {
    const e = errorOf(() => parseDocumentRecord(record, ctx));
    expect(e.context.field).toBe(field);
    expect(e.message).toContain(`line 5`);
    expect(e.message).not.toContain("abc");
  });

  it("rejects a line that is not JSON", () => {
    expect(errorOf(() => parseDocumentLine("{nope", ctx)).message).toMatch(/line 5: line is not valid JSON/);
  });

  it("round-trips documentToDisk → parse with arbitrary astral text", () => {
    const piece = fc.constantFrom("a", "😀", "é", "\r\n", " ", "𠀀", "Z");
    fc.assert(
      fc.property(fc.array(piece, { minLength: 2, maxLength: 30 }), fc.nat(), fc.nat(), (parts, a, b) => {
        const text = parts.join("");
        const m = new OffsetMapper(text);
        const lo = a % m.codePointLength;
        const hi = lo + 1 + (b % (m.codePointLength - lo));
        const doc = { document_id: "r", text, spans: [{ start: m.toUtf16(lo), end: m.toUtf16(hi), label: "Date" as const }] };
        const disk = documentToDisk(doc);
        expect((disk.spans as { begin: number }[])[0].begin).toBe(lo);
        const back = parseDocumentRecord(JSON.parse(JSON.stringify(disk)), ctx);
        expect(back.spans![0]).toMatchObject({ start: doc.spans[0].start, end: doc.spans[0].end, label: "Date" });
      }),
    );
  });
});
