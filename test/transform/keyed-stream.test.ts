// KeyedStream hashes a long message once and copies the inner hash per block; its bytes must stay exactly
// HMAC-SHA256(key, message ‖ "\u001e" ‖ block), or every surrogate made with a key would change.
import { createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { KeyedStream } from "../../src/transform/surrogates/index.js";

function expected(key: Buffer, message: string, blocks: number): number[] {
  const out: number[] = [];
  for (let b = 0; b < blocks; b++) {
    const d = createHmac("sha256", key).update(`${message}\u001e${b}`).digest();
    for (let i = 0; i < 8; i++) out.push(d.readUInt32BE(i * 4));
  }
  return out;
}

describe("KeyedStream", () => {
  it("equals HMAC-SHA256 block after block for short and long messages and any key length (property)", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 130 }),
        fc.oneof(fc.string({ unit: "binary", maxLength: 40 }), fc.string({ unit: "binary", minLength: 500, maxLength: 2000 })),
        fc.integer({ min: 1, max: 4 }),
        (key, message, blocks) => {
          const k = Buffer.from(key);
          const s = new KeyedStream(k, message);
          const got = Array.from({ length: blocks * 8 }, () => s.nextUint32());
          expect(got).toEqual(expected(k, message, blocks));
        },
      ),
      { numRuns: 200 },
    );
  });
});
