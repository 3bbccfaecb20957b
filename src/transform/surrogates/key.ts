// The secret key behind keyed surrogates and derived date shifts: read from a file, refused when missing or weak.
import { createHash, createHmac, randomBytes, type Hash } from "node:crypto";
import { closeSync, fchmodSync, fsyncSync, openSync, readFileSync, statSync, writeSync } from "node:fs";
import { DeidError } from "../../contract/index.js";

/** A key must carry at least this many bytes of key material (256 bits, the HMAC-SHA256 block strength). */
export const MIN_KEY_BYTES = 32;

/** The first line `deidstack key new` writes; the key follows as hex on the next line. */
export const KEY_FILE_HEADER = "# deidstack key v1: 256 random bits as hex. Keep it secret (mode 600); losing it loses the mapping.";

/**
 * Decodes key file text: `#` comment lines are skipped and what remains must be one line of hex (as `deidstack key
 * new` and `openssl rand -hex 32` write) or base64 (`openssl rand -base64 32`). Anything else, a passphrase or raw
 * bytes, is refused: undefined.
 */
export function decodeKeyMaterial(bytes: Buffer): Buffer | undefined {
  const lines = bytes
    .toString("utf8")
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("#"));
  if (lines.length !== 1) return undefined;
  const text = lines[0];
  if (/^[0-9a-fA-F]+$/.test(text) && text.length % 2 === 0) return Buffer.from(text, "hex");
  if (/^[A-Za-z0-9+/]+={0,2}$/.test(text) && text.length % 4 === 0 && text.length >= 44) return Buffer.from(text, "base64");
  return undefined;
}

/** Empirical Shannon entropy of the bytes, in bits per byte. */
function bitsPerByte(buf: Buffer): number {
  const counts = new Map<number, number>();
  for (const b of buf) counts.set(b, (counts.get(b) ?? 0) + 1);
  let h = 0;
  for (const c of counts.values()) {
    const p = c / buf.length;
    h -= p * Math.log2(p);
  }
  return h;
}

/**
 * Why key material is too weak, or undefined when it is acceptable. Refused: fewer than 32 bytes; bytes that are all
 * printable text (a passphrase written out in hex: 32 random bytes are all printable with probability 1e-14);
 * repetitive bytes (fewer than half distinct, or under 4 bits per byte: "aaaa…", "abab…", a word repeated); and
 * structured bytes (00 01 02 …: few distinct steps between neighbours). Random 32 bytes have about 30 distinct
 * values, 4.9 bits per byte and about 29 distinct steps.
 */
export function weakKeyReason(key: Buffer): string | undefined {
  if (key.length < MIN_KEY_BYTES) return `key has ${key.length} bytes of key material; at least ${MIN_KEY_BYTES} (256 bits) are required`;
  if (key.every((b) => b >= 0x20 && b <= 0x7e)) return "key material is printable text (a passphrase?), not random bytes";
  const distinct = new Set(key).size;
  if (distinct < Math.min(key.length / 2, 128)) return `key is too repetitive (${distinct} distinct byte values)`;
  if (bitsPerByte(key) < 4) return "key has too little entropy";
  const steps = new Set<number>();
  for (let i = 1; i < key.length; i++) steps.add((key[i] - key[i - 1] + 256) % 256);
  if (steps.size < Math.min(key.length / 4, 64)) return `key is too regular (${steps.size} distinct steps between bytes)`;
  return undefined;
}

const HOW_TO_CREATE = "create one with: deidstack key new -o FILE";

/**
 * Reads and checks a key file; the error names the file and why, never any key bytes. The file must be a key file
 * (see decodeKeyMaterial) that only its owner may read: a key readable by group or others is refused, since anyone
 * who reads it can recompute every surrogate and date shift.
 */
export function loadKeyFile(path: string, field = "transform.key_file"): Buffer {
  let bytes: Buffer;
  let mode: number;
  try {
    const st = statSync(path);
    if (!st.isFile()) throw new Error("not a file");
    mode = st.mode & 0o777;
    bytes = readFileSync(path);
  } catch {
    throw new DeidError("E_STACK_CONFIG", `key file ${path} cannot be read; ${HOW_TO_CREATE}`, { field });
  }
  if (process.platform !== "win32" && (mode & 0o077) !== 0) {
    throw new DeidError("E_STACK_CONFIG", `key file ${path} may be read by group or others (mode ${mode.toString(8)}); run: chmod 600 ${path}`, { field });
  }
  const key = decodeKeyMaterial(bytes);
  if (!key) throw new DeidError("E_STACK_CONFIG", `key file ${path} is not a key file (one line of hex or base64; a passphrase is not a key); ${HOW_TO_CREATE}`, { field });
  const weak = weakKeyReason(key);
  if (weak) throw new DeidError("E_STACK_CONFIG", `key file ${path} is not usable: ${weak}; ${HOW_TO_CREATE}`, { field });
  return key;
}

/** Writes a new key file: 256 bits from the system's CSPRNG, mode 600, never over an existing file. */
export function writeNewKeyFile(path: string): void {
  const key = randomBytes(MIN_KEY_BYTES);
  let fd: number;
  try {
    fd = openSync(path, "wx", 0o600);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new DeidError("E_CONFIG", code === "EEXIST" ? `${path} exists; a key file is never overwritten` : `cannot create key file ${path} (${code ?? "error"})`);
  }
  try {
    // The mode given to open is reduced by the umask; make sure it is exactly 600.
    fchmodSync(fd, 0o600);
    writeSync(fd, `${KEY_FILE_HEADER}\n${key.toString("hex")}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
    key.fill(0);
  }
}

/** Messages at least this long are hashed once per stream (see KeyedStream). */
const LONG_MESSAGE = 512;

/**
 * Deterministic pseudo-random bytes: HMAC-SHA256(key, purpose ‖ parts ‖ "\u001e" ‖ block counter), block after
 * block. For a long message (a span of many kilobytes) the HMAC is computed from its definition,
 * H((K ⊕ opad) ‖ H((K ⊕ ipad) ‖ message)), with the inner hash over the fixed prefix taken once and copied for each
 * block: the message is hashed once, not once per 32 bytes drawn, so drawing a digit per character stays linear.
 * Both ways give the same bytes (short messages use `createHmac`, faster to set up).
 */
export class KeyedStream {
  private block = 0;
  private buffer = Buffer.alloc(0);
  private offset = 0;
  private inner?: Hash;
  private outerPad?: Buffer;

  constructor(
    private readonly key: Buffer,
    private readonly message: string,
  ) {}

  static of(key: Buffer, purpose: string, ...parts: string[]): KeyedStream {
    return new KeyedStream(key, [purpose, ...parts].join("\u001f"));
  }

  private refill(): void {
    if (this.message.length < LONG_MESSAGE) {
      this.buffer = createHmac("sha256", this.key).update(`${this.message}\u001e${this.block++}`).digest();
      this.offset = 0;
      return;
    }
    if (!this.inner || !this.outerPad) {
      const k = Buffer.alloc(64);
      (this.key.length > 64 ? createHash("sha256").update(this.key).digest() : this.key).copy(k);
      const ipad = Buffer.alloc(64);
      const opad = Buffer.alloc(64);
      for (let i = 0; i < 64; i++) {
        ipad[i] = k[i] ^ 0x36;
        opad[i] = k[i] ^ 0x5c;
      }
      k.fill(0);
      this.inner = createHash("sha256").update(ipad).update(`${this.message}\u001e`);
      ipad.fill(0);
      this.outerPad = opad;
    }
    const innerDigest = this.inner.copy().update(String(this.block++)).digest();
    this.buffer = createHash("sha256").update(this.outerPad).update(innerDigest).digest();
    this.offset = 0;
  }

  nextUint32(): number {
    if (this.offset + 4 > this.buffer.length) this.refill();
    const v = this.buffer.readUInt32BE(this.offset);
    this.offset += 4;
    return v;
  }

  /** Uniform integer in [0, n) by rejection, so no value is favoured. */
  int(n: number): number {
    if (!Number.isInteger(n) || n <= 0) throw new RangeError("n must be a positive integer");
    const limit = Math.floor(0x100000000 / n) * n;
    for (;;) {
      const v = this.nextUint32();
      if (v < limit) return v % n;
    }
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }
}
