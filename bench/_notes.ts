// Benchmark notes: synthetic nl-BE notes joined to about `targetChars` characters each, gold spans dropped,
// metadata kept (so known-identifier matching does real work).
import type { Document } from "../src/contract/index.js";
import { generateDocuments } from "../src/synth/index.js";

export function benchNotes(count: number, targetChars = 2000, seed = 7): Document[] {
  const out: Document[] = [];
  const source = generateDocuments({ profile: "nl-BE", n: count * 4, seed });
  let current: Document | undefined;
  for (const d of source) {
    if (!current) current = { document_id: `bench-${out.length}`, text: d.text, metadata: d.metadata, patient_id: d.patient_id };
    else current.text += "\n\n" + d.text;
    if (current.text.length >= targetChars) {
      out.push(current);
      current = undefined;
      if (out.length === count) break;
    }
  }
  if (out.length < count) throw new Error("generator gave too few notes");
  return out;
}

export function mb(bytes: number): number {
  return bytes / 1e6;
}
