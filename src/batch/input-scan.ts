// One pass over a run's input before the first document: its sha256 (a resume must see the same bytes) and the
// number of documents (for --max-quarantine as a share, and for progress).
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { DeidError, listTextFiles, type ReadLimits } from "../contract/index.js";

export interface InputScan {
  sha256: string;
  /** Documents: non-blank lines of a JSONL file, or `.txt` files of a directory. */
  documents: number;
  /** Absolute paths of the input files (for the output-is-an-input check). */
  files: string[];
}

const BLANK = new Uint8Array(256);
for (const b of [0x20, 0x09, 0x0d, 0x0b, 0x0c]) BLANK[b] = 1;

export async function scanInput(path: string, options: Pick<ReadLimits, "recursive" | "encoding"> = {}): Promise<InputScan> {
  const s = await stat(path).catch(() => {
    throw new DeidError("E_CONFIG", `input path does not exist: ${path}`);
  });
  const hash = createHash("sha256");
  // The same bytes read in another encoding are other documents: a resume must not take one for the other.
  if (options.encoding && options.encoding !== "utf-8") hash.update(`encoding=${options.encoding}\0`);
  if (s.isDirectory()) {
    const names = await listTextFiles(path, options);
    for (const name of names) {
      const bytes = await readFile(join(path, name));
      hash.update(`${name}\0${bytes.length}\0`).update(bytes);
    }
    return { sha256: hash.digest("hex"), documents: names.length, files: names.map((n) => join(path, n)) };
  }
  let documents = 0;
  let lineHasContent = false;
  let first = true;
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) {
    const buf = chunk as Buffer;
    hash.update(buf);
    let i = 0;
    if (first && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) i = 3; // BOM
    first = false;
    // Line by line (the newline found natively): a line's bytes are looked at only until its first one that is
    // not blank, so the scan costs about one step per line, not per byte, of the CLI thread's time.
    while (i < buf.length) {
      const nl = buf.indexOf(0x0a, i);
      const end = nl < 0 ? buf.length : nl;
      if (!lineHasContent) {
        for (let j = i; j < end; j++) {
          if (!BLANK[buf[j]]) {
            lineHasContent = true;
            break;
          }
        }
      }
      if (nl < 0) break;
      if (lineHasContent) documents++;
      lineHasContent = false;
      i = nl + 1;
    }
  }
  if (lineHasContent) documents++;
  return { sha256: hash.digest("hex"), documents, files: [path] };
}
