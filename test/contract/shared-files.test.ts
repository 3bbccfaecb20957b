// One copy of a read-only index per process (issue 12: memory per worker): readFileShared reads a file into shared
// memory once, later readers of the same version of the file get the same memory, a rewritten file is read again.
import { renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readFileShared, shareReadOnlyFiles, type SharedFile } from "../../src/contract/index.js";
import { tempDir } from "../e2e/helpers.js";

describe("readFileShared", () => {
  // In this order: sharing is switched on for the rest of the file by the second test.
  it("is readFileSync while sharing is off", () => {
    const file = join(tempDir(), "index.bin");
    writeFileSync(file, Buffer.from([1, 2, 3, 4, 5]));
    const buf = readFileShared(file);
    expect([...buf]).toEqual([1, 2, 3, 4, 5]);
    expect(buf.buffer instanceof SharedArrayBuffer).toBe(false);
  });

  it("reads a file into shared memory once, announces it, and hands the same memory out again", () => {
    const dir = tempDir();
    const file = join(dir, "index.bin");
    writeFileSync(file, Buffer.from("abcdefgh"));
    const announced: SharedFile[] = [];
    shareReadOnlyFiles([], (f) => announced.push(f));
    const first = readFileShared(file);
    expect(first.toString()).toBe("abcdefgh");
    expect(first.buffer instanceof SharedArrayBuffer).toBe(true);
    expect(announced.map((f) => [f.path, f.size])).toEqual([[file, 8]]);
    const again = readFileShared(file);
    expect(again.buffer).toBe(first.buffer);
    expect(announced).toHaveLength(1);

    // A thread started later, given what the first announced: the same memory, nothing read, nothing announced.
    const later: SharedFile[] = [];
    shareReadOnlyFiles(announced, (f) => later.push(f));
    expect(readFileShared(file).buffer).toBe(announced[0].bytes);
    expect(later).toEqual([]);

    // The file replaced (a cache rewritten by rename): the new bytes are read and announced, the old ones unused.
    writeFileSync(join(dir, "next.bin"), Buffer.from("ABCDEFGHIJ"));
    renameSync(join(dir, "next.bin"), file);
    const fresh = readFileShared(file);
    expect(fresh.toString()).toBe("ABCDEFGHIJ");
    expect(fresh.buffer).not.toBe(announced[0].bytes);
    expect(later.map((f) => f.size)).toEqual([10]);
  });

  it("ignores an announced copy of another version of the file", () => {
    const file = join(tempDir(), "index.bin");
    writeFileSync(file, Buffer.from("new"));
    const stale: SharedFile = { path: file, dev: 0, ino: 0, size: 3, mtimeMs: 0, bytes: new SharedArrayBuffer(3) };
    shareReadOnlyFiles([stale], () => undefined);
    const buf = readFileShared(file);
    expect(buf.toString()).toBe("new");
    expect(buf.buffer).not.toBe(stale.bytes);
  });
});
