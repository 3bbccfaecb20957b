// The input scan counts the documents of a JSONL file (non-blank lines) for --max-quarantine and progress. It now
// steps line by line; this checks it against the byte-by-byte definition on inputs whose lines cross the 1 MiB read
// chunks, with blank lines of every white-space byte, CRLF, a BOM, non-ASCII bytes and no final newline.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scanInput } from "../../src/batch/input-scan.js";
import { Prng } from "../../src/synth/prng.js";
import { tempDir } from "../e2e/helpers.js";

const BLANK = new Set([0x20, 0x09, 0x0d, 0x0b, 0x0c]);

/** Non-blank lines, by the definition: a line with any byte other than a newline or blank byte (BOM skipped). */
function reference(bytes: Uint8Array): number {
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  let n = 0;
  let content = false;
  for (; i < bytes.length; i++) {
    if (bytes[i] === 0x0a) {
      if (content) n++;
      content = false;
    } else if (!BLANK.has(bytes[i])) content = true;
  }
  return content ? n + 1 : n;
}

function randomInput(rng: Prng, size: number): Buffer {
  const parts: Buffer[] = [];
  let total = 0;
  if (rng.next() < 0.3) parts.push(Buffer.from([0xef, 0xbb, 0xbf]));
  while (total < size) {
    const r = rng.next();
    let line: Buffer;
    if (r < 0.25) line = Buffer.from(Array.from({ length: Math.floor(rng.next() * 6) }, () => [0x20, 0x09, 0x0d, 0x0b, 0x0c][Math.floor(rng.next() * 5)]));
    else if (r < 0.3) line = Buffer.from("  \u00e9  ", "utf8");
    else if (r < 0.35) line = Buffer.alloc(Math.floor(rng.next() * 400_000), 0x20);
    else line = Buffer.from(`${" ".repeat(Math.floor(rng.next() * 3))}{"document_id":"x","text":"${"a".repeat(Math.floor(rng.next() * 300_000))}"}\r`, "utf8");
    parts.push(line, Buffer.from("\n"));
    total += line.length + 1;
  }
  if (rng.next() < 0.5) parts.pop();
  return Buffer.concat(parts);
}

describe("scanInput counts documents", () => {
  it("as the byte-by-byte definition does, across read chunks", async () => {
    const dir = tempDir();
    const rng = new Prng(20261203);
    for (let k = 0; k < 12; k++) {
      const bytes = randomInput(rng, k < 4 ? 3000 : 2_600_000);
      const path = join(dir, `in-${k}.jsonl`);
      writeFileSync(path, bytes);
      const scan = await scanInput(path);
      expect(scan.documents, `input ${k}`).toBe(reference(bytes));
    }
  });
});
