// What metadata asks to search for is derived once per metadata object and options object: the same metadata
// searched with other options, or other metadata, must never get a plan made for something else.
import { describe, expect, it } from "vitest";
import type { Document } from "../../src/contract/index.js";
import { configSchema, detectKnownIdentifiers } from "./index.js";

const text = "Jan Peeters (J.P.) belde op 03/04/1956; dossier AB-12345. Dr. Vos bevestigt.";
const metadata: NonNullable<Document["metadata"]> = {
  patient: { given_name: "Jan", family_name: "Peeters", birth_date: "1956-04-03" },
  caregivers: [{ given_name: "Eva", family_name: "Vos" }],
  known_values: [{ label: "ID:Patient", value: "AB 12345" }],
};
const labels = (spans: { label: string }[]) => spans.map((s) => s.label).sort();

describe("known-identifiers search plan", () => {
  it("gives what a fresh derivation gives, per options object, when one metadata object is searched again", () => {
    const all = configSchema.parse({});
    const namesOnly = configSchema.parse({ known_values: false, birth_date: false, initials: false, caregiver_names: false });
    const doc = { document_id: "d", text, metadata };
    const fresh = (o: object) => detectKnownIdentifiers({ ...doc, metadata: structuredClone(metadata) }, { ...(o as typeof all) });
    const first = detectKnownIdentifiers(doc, all);
    expect(labels(first)).toEqual(["Age_Birthdate", "ID:Patient", "Name:Caregiver", "Name:Patient", "Name:Patient"]);
    expect(detectKnownIdentifiers(doc, namesOnly)).toEqual(fresh(namesOnly));
    expect(labels(detectKnownIdentifiers(doc, namesOnly))).toEqual(["Name:Patient"]);
    expect(detectKnownIdentifiers(doc, all)).toEqual(first);
    expect(first).toEqual(fresh(all));
  });

  it("uses each metadata object's own values", () => {
    const o = configSchema.parse({});
    const other = { ...metadata, patient: { given_name: "Piet", family_name: "Claes" } };
    detectKnownIdentifiers({ document_id: "a", text, metadata }, o);
    const hits = detectKnownIdentifiers({ document_id: "b", text: "Piet Claes en Jan Peeters", metadata: other }, o);
    expect(hits.filter((s) => s.label === "Name:Patient").map((s) => [s.start, s.end])).toEqual([[0, 10]]);
  });
});
