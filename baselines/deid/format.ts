// PhysioNet deid 1.1 file formats: `.text` records in, `.phi` offsets and `.res` tags out. deid counts offsets in
// characters of latin-1 text; writing each code point of a note as exactly one latin-1 character makes those
// offsets code points of the original note.
import { DeidError, parsePhi, type PhiRecord } from "../../src/contract/index.js";

/** Look-alikes for common characters outside latin-1, so deid's rules see punctuation it knows. */
const LATIN1_LOOKALIKES: Readonly<Record<string, string>> = {
  "\u2018": "'",
  "\u2019": "'",
  "\u201A": "'",
  "\u201B": "'",
  "\u02BC": "'",
  "\u2032": "'",
  "\u201C": '"',
  "\u201D": '"',
  "\u201E": '"',
  "\u2033": '"',
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2013": "-",
  "\u2014": "-",
  "\u2212": "-",
  "\u2026": ".",
  "\u2022": "*",
  "\u20AC": "E",
  "\u2009": " ",
  "\u202F": " ",
  "\u200B": " ",
};

/** One latin-1 character per code point of `text` (so the result's length is the text's code point count). */
export function toLatin1PerCodePoint(text: string): string {
  let out = "";
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    out += cp <= 0xff ? ch : (LATIN1_LOOKALIKES[ch] ?? "?");
  }
  return out;
}

export const RECORD_END = "||||END_OF_RECORD";

/** Record identity inside one batch file: patient number k+1, note 1. */
export function recordKey(patient: string, note: string): string {
  return `${patient}\u0000${note}`;
}

/**
 * The `.phi` file deid wrote, by record key (the contract's `parsePhi`); a malformed file fails the batch as an
 * invalid answer of the tool, naming the line.
 */
export function phiIntervalsByRecord(content: string, toolId: string): Map<string, PhiInterval[]> {
  let records: PhiRecord[];
  try {
    records = parsePhi(content);
  } catch (err) {
    if (err instanceof DeidError) throw new DeidError("E_DETECTOR_INVALID_SPAN", err.reason, { detectorId: toolId, line: err.context.line });
    throw err;
  }
  return new Map(records.map((r) => [recordKey(r.patientId, r.noteId), r.intervals.map(({ start, end }) => ({ start, end }))]));
}

export interface PhiInterval {
  start: number;
  end: number;
}

/** The `.text` file for a batch of notes, as latin-1 bytes. */
export function encodeDeidRecords(texts: readonly string[], toolId: string): Buffer {
  let out = "";
  texts.forEach((text, k) => {
    if (text.includes(RECORD_END) || text.includes("START_OF_RECORD=")) {
      throw new DeidError("E_DETECTOR_FAILED", `document ${k + 1} of the batch contains deid's record delimiter and cannot be passed to deid`, { detectorId: toolId });
    }
    out += `START_OF_RECORD=${k + 1}||||1||||\n${toLatin1PerCodePoint(text)}\n${RECORD_END}\n`;
  });
  return Buffer.from(out, "latin1");
}

/** The tag categories of each record of a `.res` file, in text order ("Last Name", "Telephone/Fax", "DATE", ...). */
export function parseResTags(content: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const recordPattern = /START_OF_RECORD=([^|\n]*)\|\|\|\|([^|\n]*)\|\|\|\|\r?\n([\s\S]*?)\|\|\|\|END_OF_RECORD/g;
  for (const m of content.matchAll(recordPattern)) {
    const tags = [...m[3].matchAll(/\[\*\*([\s\S]*?)\*\*\]/g)].map((t) => tagCategory(t[1]));
    out.set(recordKey(m[1].trim(), m[2].trim()), tags);
  }
  return out;
}

/** "Last Name (STitle) 1" → "Last Name"; "Telephone/Fax (2) 6" → "Telephone/Fax"; a shifted date → "DATE". */
export function tagCategory(tag: string): string {
  const t = tag.trim();
  if (/^[\d\s\-/.:]+$/.test(t)) return "DATE";
  return t
    .replace(/\s+\d+$/, "")
    .replace(/\s*\([^)]*\)/g, "")
    .trim();
}
