// The secret key behind keyed surrogates and derived date shifts: read from a file, refused when missing or weak.
import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { DeidError } from "../../contract/index.js";

/** A key must carry at least this many bytes of key material (256 bits, the HMAC-SHA256 block strength). */
export const MIN_KEY_BYTES = 32;

/** Decodes key file text: hex or base64 text is decoded, anything else is taken as raw bytes. */
export function decodeKeyMaterial(bytes: Buffer): Buffer {
  const text = bytes.toString("utf8").trim();
  if (/^[0-9a-fA-F]+$/.test(text) && text.length % 2 === 0) return Buffer.from(text, "hex");
  if (/^[A-Za-z0-9+/]+={0,2}$/.test(text) && text.length % 4 === 0 && text.length >= 44) return Buffer.from(text, "base64");
  return bytes;
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
 * Why key material is too weak, or undefined when it is acceptable: fewer than 32 bytes, or so repetitive that
 * it cannot be random (fewer than half its bytes distinct, or under 4 bits per byte: "aaaa…", "abab…", a word
 * repeated). Random 32 bytes have about 30 distinct values and 4.9 bits per byte.
 */
export function weakKeyReason(key: Buffer): string | undefined {
  if (key.length < MIN_KEY_BYTES) return `key has ${key.length} bytes of key material; at least ${MIN_KEY_BYTES} are required`;
  const distinct = new Set(key).size;
  if (distinct < Math.min(key.length / 2, 128)) return `key is too repetitive (${distinct} distinct byte values)`;
  if (bitsPerByte(key) < 4) return "key has too little entropy";
  return undefined;
}

/** Reads and checks a key file; the error names the file and why, never any key bytes. */
export function loadKeyFile(path: string, field = "transform.key_file"): Buffer {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch {
    throw new DeidError("E_STACK_CONFIG", `key file ${path} cannot be read; create one with: openssl rand -hex 32 > ${path}`, { field });
  }
  const key = decodeKeyMaterial(bytes);
  const weak = weakKeyReason(key);
  if (weak) throw new DeidError("E_STACK_CONFIG", `key file ${path} is not usable: ${weak}`, { field });
  return key;
}

/** Deterministic pseudo-random bytes: HMAC-SHA256(key, purpose ‖ parts ‖ block counter), block after block. */
export class KeyedStream {
  private block = 0;
  private buffer = Buffer.alloc(0);
  private offset = 0;

  constructor(
    private readonly key: Buffer,
    private readonly message: string,
  ) {}

  static of(key: Buffer, purpose: string, ...parts: string[]): KeyedStream {
    return new KeyedStream(key, [purpose, ...parts].join("\u001f"));
  }

  private refill(): void {
    this.buffer = createHmac("sha256", this.key).update(`${this.message}\u001e${this.block++}`).digest();
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
