// Committed output for long runs. A run writes into `<out>.partial/` (mode 700): `output.jsonl` and
// `quarantine.jsonl` (mode 600) grow by appends, and every commit fsyncs both and then atomically replaces
// `manifest.json` (input sha256, stack sha256, documents done, committed byte lengths). A resume truncates both
// files to the committed lengths and goes on from the first document not done, so after a crash, kill -9 or power
// loss nothing is lost or written twice and the result has the same bytes as an uninterrupted run. Only a finished
// run renames the files into place (quarantine first, output last) and removes the directory.
import { createHash } from "node:crypto";
import { closeSync, fsyncSync, openSync, rmSync } from "node:fs";
import { mkdir, open, readFile, rename, rm, stat, type FileHandle } from "node:fs/promises";
import { dirname, join } from "node:path";
import { DeidError } from "../contract/index.js";

export const CHECKPOINT_FORMAT = "deidstack.checkpoint.v1";

export interface CheckpointIdentity {
  software_version: string;
  input: { sha256: string; documents: number };
  /** sha256 of the stack file's bytes, and of the provenance every record carries (detector and model versions). */
  stack: { sha256: string; provenance_sha256: string };
}

export interface CheckpointManifest extends CheckpointIdentity {
  format: typeof CHECKPOINT_FORMAT;
  documents_done: number;
  output_bytes: number;
  quarantine_bytes: number;
  quarantined: number;
  quarantine_by_code: Record<string, number>;
  /** Commits so far (each one a chunk of the output made durable). */
  chunks: number;
}

export function sha256Json(value: unknown): string {
  return createHash("sha256").update(JSON.stringify(value)).digest("hex");
}

export function partialDirFor(output: string): string {
  return `${output}.partial`;
}

export function quarantinePathFor(output: string): string {
  return `${output}.quarantine.jsonl`;
}

function fsyncDir(dir: string): void {
  const fd = openSync(dir, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Appends to one file at a known position, buffering small writes (bytes, written as they are). */
class AppendFile {
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private constructor(
    private readonly handle: FileHandle,
    public position: number,
  ) {}

  static async open(path: string, resumeAt: number | null): Promise<AppendFile> {
    const handle = await open(path, resumeAt === null ? "wx" : "r+", 0o600);
    if (resumeAt !== null) {
      const size = (await handle.stat()).size;
      if (size < resumeAt) {
        await handle.close();
        throw new DeidError("E_RESUME_MISMATCH", `checkpoint file is shorter than its manifest says (${size} < ${resumeAt} bytes)`);
      }
      await handle.truncate(resumeAt);
    }
    return new AppendFile(handle, resumeAt ?? 0);
  }

  async append(bytes: Uint8Array): Promise<void> {
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
    if (this.pendingBytes >= 1 << 20) await this.flush();
  }

  async flush(): Promise<void> {
    if (!this.pending.length) return;
    const buf = this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    let off = 0;
    while (off < buf.length) {
      const { bytesWritten } = await this.handle.write(buf, off, buf.length - off, this.position);
      off += bytesWritten;
      this.position += bytesWritten;
    }
  }

  async sync(): Promise<void> {
    await this.flush();
    await this.handle.sync();
  }

  async close(): Promise<void> {
    await this.handle.close();
  }
}

export class Checkpoint {
  private manifest!: CheckpointManifest;
  private out!: AppendFile;
  private quarantine!: AppendFile;

  private constructor(
    readonly output: string,
    readonly dir: string,
  ) {}

  get documentsDone(): number {
    return this.manifest.documents_done;
  }
  get quarantined(): number {
    return this.manifest.quarantined;
  }
  get quarantineByCode(): Record<string, number> {
    return this.manifest.quarantine_by_code;
  }

  /** Starts a new run; an existing partial run is an error (resume it or remove it). */
  static async start(output: string, identity: CheckpointIdentity): Promise<Checkpoint> {
    const cp = new Checkpoint(output, partialDirFor(output));
    try {
      await mkdir(cp.dir, { mode: 0o700 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "EEXIST") {
        throw new DeidError("E_CONFIG", `a partial run exists at ${cp.dir}: continue it with --resume, or remove it to start again`);
      }
      if ((err as NodeJS.ErrnoException).code === "ENOENT") throw new DeidError("E_CONFIG", `output folder does not exist: ${dirname(output)}`);
      throw err;
    }
    cp.manifest = { format: CHECKPOINT_FORMAT, ...identity, documents_done: 0, output_bytes: 0, quarantine_bytes: 0, quarantined: 0, quarantine_by_code: {}, chunks: 0 };
    try {
      cp.out = await AppendFile.open(join(cp.dir, "output.jsonl"), null);
      cp.quarantine = await AppendFile.open(join(cp.dir, "quarantine.jsonl"), null);
      await cp.writeManifest();
    } catch (err) {
      await cp.discard();
      throw err;
    }
    return cp;
  }

  /** Continues a partial run; refuses one made from another input, stack or software version. */
  static async resume(output: string, identity: CheckpointIdentity): Promise<Checkpoint> {
    const cp = new Checkpoint(output, partialDirFor(output));
    let manifest: CheckpointManifest;
    try {
      manifest = JSON.parse(await readFile(join(cp.dir, "manifest.json"), "utf8")) as CheckpointManifest;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") throw new DeidError("E_CONFIG", `--resume: no partial run at ${cp.dir}`);
      throw new DeidError("E_RESUME_MISMATCH", `--resume: the manifest in ${cp.dir} cannot be read`);
    }
    if (manifest.format !== CHECKPOINT_FORMAT) throw new DeidError("E_RESUME_MISMATCH", `--resume: manifest format ${String(manifest.format)} is not ${CHECKPOINT_FORMAT}`);
    const differs: string[] = [];
    if (manifest.input?.sha256 !== identity.input.sha256) differs.push("input (sha256)");
    if (manifest.stack?.sha256 !== identity.stack.sha256) differs.push("stack file (sha256)");
    else if (manifest.stack?.provenance_sha256 !== identity.stack.provenance_sha256) differs.push("stack provenance (detector, model or transform versions)");
    if (manifest.software_version !== identity.software_version) differs.push("software version");
    if (differs.length) {
      throw new DeidError("E_RESUME_MISMATCH", `--resume refused: the partial run at ${cp.dir} was made with another ${differs.join(", ")}`);
    }
    cp.manifest = manifest;
    cp.out = await AppendFile.open(join(cp.dir, "output.jsonl"), manifest.output_bytes);
    cp.quarantine = await AppendFile.open(join(cp.dir, "quarantine.jsonl"), manifest.quarantine_bytes);
    return cp;
  }

  /** One output record: its JSONL line as UTF-8 bytes, newline included. */
  async appendRecordLine(bytes: Uint8Array): Promise<void> {
    await this.out.append(bytes);
    this.manifest.documents_done++;
  }

  async appendQuarantine(entry: { code: string }): Promise<void> {
    await this.quarantine.append(Buffer.from(JSON.stringify(entry) + "\n", "utf8"));
    this.manifest.documents_done++;
    this.manifest.quarantined++;
    this.manifest.quarantine_by_code[entry.code] = (this.manifest.quarantine_by_code[entry.code] ?? 0) + 1;
  }

  /** Makes everything appended so far durable: fsync both files, then replace the manifest atomically. */
  async commit(): Promise<void> {
    await this.out.sync();
    await this.quarantine.sync();
    this.manifest.output_bytes = this.out.position;
    this.manifest.quarantine_bytes = this.quarantine.position;
    this.manifest.chunks++;
    await this.writeManifest();
  }

  private async writeManifest(): Promise<void> {
    const tmp = join(this.dir, "manifest.json.tmp");
    const h = await open(tmp, "w", 0o600);
    try {
      await h.writeFile(JSON.stringify(this.manifest, null, 2) + "\n");
      await h.sync();
    } finally {
      await h.close();
    }
    await rename(tmp, join(this.dir, "manifest.json"));
    fsyncDir(this.dir);
  }

  /** Moves the committed files into place (quarantine first, output last) and removes the partial directory. */
  async finish(): Promise<{ output: string; quarantine: string }> {
    await this.commit();
    await this.out.close();
    await this.quarantine.close();
    const quarantine = quarantinePathFor(this.output);
    await rename(join(this.dir, "quarantine.jsonl"), quarantine);
    await rename(join(this.dir, "output.jsonl"), this.output);
    fsyncDir(dirname(this.output));
    await rm(this.dir, { recursive: true, force: true });
    return { output: this.output, quarantine };
  }

  /** Closes the files and keeps the directory (a signal stopped the run: it can be resumed). */
  async suspend(): Promise<void> {
    await this.commit();
    await this.out.close();
    await this.quarantine.close();
  }

  /** Removes every partial file (the run was aborted). */
  async discard(): Promise<void> {
    await this.out?.close().catch(() => undefined);
    await this.quarantine?.close().catch(() => undefined);
    await rm(this.dir, { recursive: true, force: true });
  }

  /** The synchronous form of discard, for the exit guard. */
  discardSync(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Whether a partial run directory exists beside this output. */
export async function hasPartialRun(output: string): Promise<boolean> {
  return stat(partialDirFor(output)).then(
    () => true,
    () => false,
  );
}
