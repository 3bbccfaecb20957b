// Read-only files that every thread of a process reads alike (the compiled lexicon indexes of the rule
// detectors): with the batch pool's worker threads, one copy in shared memory for the whole process instead of
// one per thread. The first thread that reads a file puts it in a SharedArrayBuffer and announces it; threads
// started later get the announced buffers and read the file's bytes from there. Outside a pool (a plain process,
// the main thread) this is readFileSync.
//
// A buffer is used only while the file is the one that was read: same device, inode, size and modification time
// (a cache rewritten by rename is a new inode and is read again). Readers must never write into the bytes.
import { closeSync, fstatSync, openSync, readFileSync, readSync } from "node:fs";
import { resolve } from "node:path";

/** A file's bytes in shared memory, with what identifies the version of the file they were read from. */
export interface SharedFile {
  path: string;
  dev: number;
  ino: number;
  size: number;
  mtimeMs: number;
  bytes: SharedArrayBuffer;
}

let shared: Map<string, SharedFile> | null = null;
let announce: ((file: SharedFile) => void) | null = null;

/**
 * Turns sharing on in this thread: `known` are the files other threads already read; `onRead` hears each file this
 * thread reads into shared memory (to pass it on to threads started later).
 */
export function shareReadOnlyFiles(known: readonly SharedFile[], onRead: (file: SharedFile) => void): void {
  shared = new Map(known.map((f) => [f.path, f]));
  announce = onRead;
}

/** The bytes of a file that is only ever read: from shared memory when another thread read this version of it. */
export function readFileShared(path: string): Buffer {
  if (!shared) return readFileSync(path);
  const full = resolve(path);
  const fd = openSync(full, "r");
  try {
    const st = fstatSync(fd);
    const known = shared.get(full);
    if (known && known.dev === st.dev && known.ino === st.ino && known.size === st.size && known.mtimeMs === st.mtimeMs) {
      return Buffer.from(known.bytes);
    }
    const bytes = new SharedArrayBuffer(st.size);
    const view = Buffer.from(bytes);
    let at = 0;
    while (at < st.size) {
      const n = readSync(fd, view, at, st.size - at, at);
      if (n === 0) break;
      at += n;
    }
    // Shorter than its size said: the file is being rewritten; these bytes stay this thread's own.
    if (at !== st.size) return Buffer.from(view.subarray(0, at));
    const file: SharedFile = { path: full, dev: st.dev, ino: st.ino, size: st.size, mtimeMs: st.mtimeMs, bytes };
    shared.set(full, file);
    announce?.(file);
    return view;
  } finally {
    closeSync(fd);
  }
}
