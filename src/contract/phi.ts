// PhysioNet deid's `.phi` files (its output, and gold in the same format): `Patient <PID>\tNote <N>` headers, then
// one `<start>\t<start>\t<end>` line per PHI, 0-based, end exclusive, counted from the first character after the
// record's header. One parser for the corpus adapter (src/eval) and the deid wrapper (baselines/deid).
import { DeidError } from "./errors.js";

export interface PhiRecord {
  patientId: string;
  noteId: string;
  /** PHI intervals in file order, with the 1-based line each came from. */
  intervals: { start: number; end: number; line: number }[];
}

const HEADER = /^\s*patient\s+(\S+)\s+note\s+(\S+)\s*$/i;
const PHI_LINE = /^\s*(\d+)\s+(\d+)\s+(\d+)\s*$/;

/**
 * The records of a `.phi` file in file order, records without PHI included; a record named twice is one record.
 * A line that is neither a header nor a PHI line, or PHI before any header, is an `E_INPUT_FORMAT` error naming
 * the line (never its content).
 */
export function parsePhi(content: string): PhiRecord[] {
  const records = new Map<string, PhiRecord>();
  let current: PhiRecord | undefined;
  content.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === "") return;
    const header = HEADER.exec(line);
    if (header) {
      const key = `${header[1]}\u0000${header[2]}`;
      current = records.get(key) ?? { patientId: header[1], noteId: header[2], intervals: [] };
      records.set(key, current);
      return;
    }
    const phi = PHI_LINE.exec(line);
    if (!phi) throw new DeidError("E_INPUT_FORMAT", "a .phi line that is neither a record header nor a PHI line", { line: i + 1 });
    if (!current) throw new DeidError("E_INPUT_FORMAT", "a .phi line lists PHI before any record header", { line: i + 1 });
    current.intervals.push({ start: Number(phi[2]), end: Number(phi[3]), line: i + 1 });
  });
  return [...records.values()];
}
