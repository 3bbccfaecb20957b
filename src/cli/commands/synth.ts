// `deidstack synth`: writes a seeded synthetic annotated corpus as MedDeID JSONL (code point offsets).
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { DeidError, documentToDisk, fsError, isFsError } from "../../contract/index.js";
import { generateDocuments, NOTE_TYPES, PROFILE_IDS, type NameSource, type NoteType, type ProfileId } from "../../synth/index.js";
import { checkOutputFile } from "./paths.js";

export interface SynthCommandOptions {
  profile: string;
  n: number;
  seed: number;
  output: string;
  /** Comma-separated list or array of note types (default all). */
  noteTypes?: string | readonly string[];
  nameSource?: string;
}

export interface SynthSummary {
  output: string;
  documents: number;
  spans: number;
  profile: ProfileId;
  seed: number;
}

const PATH_ERRORS = new Set(["ENOENT", "ENOTDIR", "EISDIR", "EACCES", "EPERM", "EROFS"]);

function configError(message: string, field: string): DeidError {
  return new DeidError("E_CONFIG", message, { field });
}

function parseNoteTypes(value: SynthCommandOptions["noteTypes"]): NoteType[] | undefined {
  if (value === undefined) return undefined;
  const list = (typeof value === "string" ? value.split(",") : [...value]).map((s) => s.trim()).filter(Boolean);
  for (const t of list) {
    if (!(NOTE_TYPES as readonly string[]).includes(t)) throw configError(`unknown note type "${t}" (expected one of ${NOTE_TYPES.join(", ")})`, "note-types");
  }
  return list as NoteType[];
}

export async function synthCommand(opts: SynthCommandOptions): Promise<SynthSummary> {
  if (!(PROFILE_IDS as readonly string[]).includes(opts.profile)) {
    throw configError(`unknown profile "${opts.profile}" (expected one of ${PROFILE_IDS.join(", ")})`, "profile");
  }
  if (!Number.isInteger(opts.n) || opts.n < 0) throw configError("-n must be a non-negative integer", "n");
  if (!Number.isInteger(opts.seed)) throw configError("--seed must be an integer", "seed");
  const nameSource = (opts.nameSource ?? "faker") as NameSource;
  if (nameSource !== "faker" && nameSource !== "invented") throw configError(`unknown name source "${opts.nameSource}" (faker | invented)`, "name-source");
  const profile = opts.profile as ProfileId;
  checkOutputFile(opts.output);

  const tmp = `${opts.output}.tmp-${process.pid}`;
  const out = createWriteStream(tmp, { encoding: "utf8" });
  let documents = 0;
  let spans = 0;
  try {
    for (const doc of generateDocuments({ profile, n: opts.n, seed: opts.seed, noteTypes: parseNoteTypes(opts.noteTypes), nameSource })) {
      documents++;
      spans += doc.spans?.length ?? 0;
      if (!out.write(JSON.stringify(documentToDisk(doc)) + "\n")) await once(out, "drain");
    }
    out.end();
    await once(out, "finish");
    await rename(tmp, opts.output);
  } catch (err) {
    out.destroy();
    await rm(tmp, { force: true });
    // A path that cannot be written is a configuration error naming it; anything else (a full disk) stays as it is.
    throw isFsError(err) && PATH_ERRORS.has(err.code) ? fsError("E_CONFIG", "output file", opts.output, err) : err;
  }
  return { output: opts.output, documents, spans, profile, seed: opts.seed };
}
