// Pseudonyms for document and patient ids (and `.txt` file names, which become document ids): a file name or an id
// may hold a name or a record number, so with `pseudonymise_ids` they leave only as keyed pseudonyms.
import { createHmac } from "node:crypto";

export const ID_PSEUDONYM_SCHEME = "deidstack.hmac-sha256-id-pseudonyms.v1";

const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";

function base32(bytes: Buffer): string {
  let out = "";
  let bits = 0;
  let value = 0;
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/**
 * The pseudonym of an id: "doc-" or "pat-" and 128 bits of HMAC-SHA256(key, scheme ‖ kind ‖ id) in base32. The same
 * id always gets the same pseudonym under one key (a patient's notes stay linked); without the key it cannot be
 * reversed or guessed from a list of candidate ids.
 */
export function idPseudonym(key: Buffer, kind: "document" | "patient", id: string): string {
  const mac = createHmac("sha256", key).update(`${ID_PSEUDONYM_SCHEME}\u001f${kind}\u001f${id}`).digest();
  return `${kind === "document" ? "doc" : "pat"}-${base32(mac.subarray(0, 16))}`;
}
