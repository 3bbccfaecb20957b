// Keyed surrogates ("hide in plain sight"): HMAC-SHA256 of (key, patient, kind, normalised original) picks each
// replacement, so one patient's value gets the same surrogate in every document, and no key means no surrogates.
import { categoryOf, type Document } from "../../contract/index.js";
import { wordLanguageOf, type WordLanguage } from "../../contract/language-words.js";
import { foldSameLength } from "../dates/words.js";
import { KeyedStream } from "./key.js";
import { nameSurrogate, withCaseOf, type NameContext, type NameRole } from "./names.js";
import { addressSurrogate, organisationSurrogate } from "./places.js";
import { poolsFor, type Pools } from "./pools.js";
import { emailSurrogate, genericShape, identifierSurrogate, phoneSurrogate, urlSurrogate } from "./shapes.js";

export { loadKeyFile, weakKeyReason, decodeKeyMaterial, KeyedStream, MIN_KEY_BYTES } from "./key.js";
export * from "./checksums.js";
export { checksumSchemeOf, identifierSurrogate, phoneSurrogate, genericShape, layOut } from "./shapes.js";
export { FAKER_VERSION } from "./pools.js";

export const SURROGATE_SCHEME = "deidstack.hmac-sha256-surrogates.v1";

function foldKey(s: string): string {
  return foldSameLength(s.normalize("NFC")).replace(/\s+/g, " ").trim();
}

function tokensOf(value: string | null | undefined): string[] {
  return (value ?? "")
    .split(/[\s,\-]+/)
    .map((t) => foldKey(t.replace(/\.$/, "")))
    .filter((t) => t.length >= 2);
}

/** What a document's metadata says about real names and values: surrogates must never produce these. */
function metadataFacts(document: Document): { given: Set<string>; family: Set<string>; forbidden: Set<string> } {
  const md = document.metadata;
  const given = new Set<string>();
  const family = new Set<string>();
  const forbidden = new Set<string>();
  for (const p of [md?.patient, ...(md?.caregivers ?? [])]) {
    if (!p) continue;
    for (const t of tokensOf(p.given_name)) given.add(t);
    for (const t of tokensOf(p.family_name)) family.add(t);
  }
  for (const t of [...given, ...family]) forbidden.add(t);
  for (const kv of md?.known_values ?? []) {
    forbidden.add(foldKey(kv.value));
    for (const t of tokensOf(kv.value)) forbidden.add(t);
  }
  return { given, family, forbidden };
}

/** Surrogates for one document. */
export class DocumentSurrogates {
  private readonly pools: Pools;
  private readonly scope: string;
  private readonly facts: ReturnType<typeof metadataFacts>;
  private readonly nameCtx: NameContext;

  constructor(
    private readonly key: Buffer,
    document: Document,
    language: WordLanguage,
  ) {
    this.pools = poolsFor(language);
    // Consistency is per patient; documents without a patient id share the key-wide scope.
    this.scope = document.patient_id ?? "";
    this.facts = metadataFacts(document);
    this.nameCtx = {
      pools: this.pools,
      choose: (role, folded, candidates, avoid) => this.choose(role, folded, candidates, avoid),
      knownGiven: this.facts.given,
      knownFamily: this.facts.family,
    };
  }

  private avoid = (candidate: string): boolean => this.facts.forbidden.has(foldKey(candidate));

  private stream(kind: string, value: string): KeyedStream {
    return KeyedStream.of(this.key, SURROGATE_SCHEME, this.scope, kind, foldKey(value));
  }

  private readonly chosen = new Map<string, string>();

  /** Picks a candidate deterministically for (kind, value), skipping those `avoid` rejects; remembered per document. */
  choose(kind: NameRole | "initial" | string, folded: string, candidates: readonly string[], avoid: (c: string) => boolean): string {
    const memoKey = `${kind}\u001f${candidates.length}\u001f${candidates[0]}\u001f${folded}`;
    const known = this.chosen.get(memoKey);
    if (known !== undefined) return known;
    const picked = this.pick(kind, folded, candidates, avoid);
    this.chosen.set(memoKey, picked);
    return picked;
  }

  private pick(kind: string, folded: string, candidates: readonly string[], avoid: (c: string) => boolean): string {
    const stream = this.stream(kind, folded);
    for (let i = 0; i < 64; i++) {
      const c = stream.pick(candidates);
      if (!avoid(c)) return c;
    }
    const start = stream.int(candidates.length);
    for (let i = 0; i < candidates.length; i++) {
      const c = candidates[(start + i) % candidates.length];
      if (!avoid(c)) return c;
    }
    throw new Error("no surrogate candidate left");
  }

  private word = (role: "place" | "family" | "local" | "domain", original: string): string => {
    // A name in an e-mail address gets the surrogate the same name gets in the text ("jan.peeters@" → "mick.devos@").
    const choice =
      role === "local"
        ? nameSurrogate(original.charAt(0).toUpperCase() + original.slice(1).toLowerCase(), this.nameCtx, this.avoid)
        : this.choose(role, foldKey(original), role === "family" ? this.pools.family : this.pools.places, (c) => foldKey(c) === foldKey(original) || this.avoid(c));
    if (role === "local" || role === "domain") {
      const ascii = foldSameLength(choice).replace(/[^a-z]/g, "");
      return original === original.toUpperCase() ? ascii.toUpperCase() : ascii;
    }
    return choice;
  };

  private digits = (n: string): string => genericShape(n, this.stream("number", n));

  /**
   * The surrogate of a span's text for its label (Date and Age_Birthdate are not handled here), or undefined
   * when no surrogate different from the original can be made (the caller then writes a placeholder).
   */
  replace(label: string, text: string): string | undefined {
    const category = categoryOf(label);
    let out: string;
    switch (category) {
      case "Name":
        out = nameSurrogate(text, this.nameCtx, this.avoid);
        break;
      case "ID":
        out = identifierSurrogate(text, this.stream("id", text.replace(/[^\p{L}\p{N}]/gu, "")));
        break;
      case "Contactdetails":
        out = this.contact(text);
        break;
      case "Address_Location":
        out = addressSurrogate(text, (role, w) => this.word(role, w), this.digits);
        break;
      case "Organization":
        out = organisationSurrogate(text, (role, w) => this.word(role, w), this.digits);
        break;
      case "Profession":
        out = withCaseOf(text, this.choose("profession", foldKey(text), this.pools.professions, (c) => foldKey(c) === foldKey(text)));
        break;
      default:
        out = genericShape(text, this.stream("other", text));
    }
    return foldKey(out) === foldKey(text) ? undefined : out;
  }

  private contact(text: string): string {
    const stream = this.stream("contact", text);
    if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text.trim())) return emailSurrogate(text, stream, (w, role) => this.word(role, w));
    if (/^(?:[a-z]+:\/\/|www\.)/i.test(text.trim())) return urlSurrogate(text, stream, (w, role) => this.word(role, w));
    const digitCount = (text.match(/\d/g) ?? []).length;
    if (digitCount >= 6 && /^[\d\s+()./-]+$/.test(text.trim())) return phoneSurrogate(text, stream);
    return genericShape(text, stream);
  }
}

/** Creates the surrogates of a document in the document's language (metadata.lang, else the stack's language). */
export function documentSurrogates(key: Buffer, document: Document, stackLanguage: string): DocumentSurrogates {
  return new DocumentSurrogates(key, document, wordLanguageOf(document.metadata?.lang ?? stackLanguage));
}
