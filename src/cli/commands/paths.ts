// Output paths checked before any work starts, so that a missing folder is named (with what to do) rather than
// found by the first write.
import { statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { DeidError, fsReason } from "../../contract/index.js";

/** Refuses an output file whose folder does not exist or which is itself a folder; returns its absolute path. */
export function checkOutputFile(path: string, option = "-o"): string {
  const abs = resolve(path);
  const folder = dirname(abs);
  let stat;
  try {
    stat = statSync(folder);
  } catch (err) {
    throw new DeidError("E_CONFIG", `${option} ${path}: the output folder ${folder} ${fsReason(err)}; create it first (mkdir -p) or choose another ${option}`);
  }
  if (!stat.isDirectory()) throw new DeidError("E_CONFIG", `${option} ${path}: ${folder} is not a folder; choose another ${option}`);
  let target;
  try {
    target = statSync(abs);
  } catch {
    return abs; // does not exist yet: the usual case
  }
  if (target.isDirectory()) throw new DeidError("E_CONFIG", `${option} ${path} is a folder; name a file in it, e.g. ${option} ${path.replace(/\/$/, "")}/out.jsonl`);
  return abs;
}

/**
 * Refuses a results folder that could not be created: it exists and is not a folder, or its nearest existing
 * ancestor is not a folder. Missing folders are fine (they are created).
 */
export function checkOutputFolder(path: string, option = "-o"): string {
  const abs = resolve(path);
  for (let p = abs; ; p = dirname(p)) {
    let stat;
    try {
      stat = statSync(p);
    } catch {
      if (dirname(p) === p) return abs;
      continue;
    }
    if (!stat.isDirectory()) {
      throw new DeidError("E_CONFIG", `${option} ${path}: ${p === abs ? "it" : p} is a file, not a folder; choose another ${option}`);
    }
    return abs;
  }
}
