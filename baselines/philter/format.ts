// Philter's asterisk output keeps the note's length and replaces every PHI character by `*`; spans are the runs of
// `*` that were not `*` in the input. Any other difference means the output does not belong to the input.
import { DeidError } from "../../src/contract/index.js";

export interface MaskedRun {
  /** UTF-16 offsets into the original text. */
  start: number;
  end: number;
}

/**
 * Compares the original and the asterisk output code point by code point. Throws when the lengths differ or a
 * character other than a new `*` changed (positions are reported, characters never are).
 */
export function asteriskRuns(original: string, masked: string, toolId: string): MaskedRun[] {
  const a = [...original];
  const b = [...masked];
  if (a.length !== b.length) {
    throw new DeidError("E_DETECTOR_INVALID_SPAN", `output has ${b.length} characters where the note has ${a.length} (asterisk output must keep the length)`, { detectorId: toolId });
  }
  const runs: MaskedRun[] = [];
  let u16 = 0;
  let runStart = -1;
  for (let i = 0; i < a.length; i++) {
    const isNewMask = b[i] === "*" && a[i] !== "*";
    if (!isNewMask && b[i] !== a[i]) {
      throw new DeidError("E_DETECTOR_INVALID_SPAN", `output differs from the note at character ${i} by something other than '*'`, { detectorId: toolId });
    }
    if (isNewMask && runStart < 0) runStart = u16;
    if (!isNewMask && runStart >= 0) {
      runs.push({ start: runStart, end: u16 });
      runStart = -1;
    }
    u16 += a[i].length;
  }
  if (runStart >= 0) runs.push({ start: runStart, end: u16 });
  return runs;
}
