// Keyed surrogates ("hide in plain sight"): HMAC-SHA256 of (key, patient, kind, normalised original) picks each
// replacement, so one patient's value gets the same surrogate in every document, and no key means no surrogates.
//
// A choice depends on the value, the patient and the key only (not on the document around it), so it is the same in
// every note of the patient. Two rules can override it, both for the document at hand: a surrogate is never a name
// or value of the document's metadata (nor any word of one), and never the surrogate another value of the same
// kind already got in the document; the value then takes the next candidate of its keyed sequence (counted in
// `collisions`). Initials follow one keyed letter permutation per patient, and a given name's surrogate starts with
// the surrogate of its initial, so "J." and "Jan" agree in every note without looking at the metadata.
import { categoryOf, type Document } from "../../contract/index.js";
import { wordLanguageOf, type WordLanguage } from "../../contract/index.js";
import { foldNeedle } from "../../contract/index.js";
import { foldSameLength } from "../dates/words.js";
import { KeyedStream } from "./key.js";
import { nameSurrogate, withCaseOf, type NameContext, type NameRole } from "./names.js";
import { addressSurrogate, organisationSurrogate } from "./places.js";
import { poolsFor, type Pools } from "./pools.js";
import { emailSurrogate, genericShape, identifierSurrogate, phoneSurrogate, urlSurrogate } from "./shapes.js";

export { loadKeyFile, writeNewKeyFile, KeyedStream, MIN_KEY_BYTES, KEY_FILE_HEADER } from "./key.js";
export { idPseudonym, ID_PSEUDONYM_SCHEME } from "./ids.js";
export { checksumSchemeOf } from "./shapes.js";
export { FAKER_VERSION } from "./pools.js";

export const SURROGATE_SCHEME = "deidstack.hmac-sha256-surrogates.v2";

/** Values compare (and are keyed) folded for matching: "Pee\u00adters", "PEETERS" and NFD "Peeters" are one value. */
function foldKey(s: string): string {
  return foldNeedle(s).replace(/ +/g, " ").trim();
}

/**
 * Each piece of `value` between runs of spaces, commas and hyphens, without a final dot, folded, when it keeps at
 * least two units; in order. The same pieces as `split(/[\s,\-]+/)` gives, without the array of all of them (a
 * span of a few hundred thousand words would keep it alive through the call).
 */
export function forEachToken(value: string | null | undefined, visit: (token: string) => void): void {
  const text = value ?? "";
  const piece = (from: number, to: number) => {
    const t = foldKey(text.slice(from, to).replace(/\.$/, ""));
    if (t.length >= 2) visit(t);
  };
  const separators = /[\s,\-]+/g;
  let from = 0;
  for (let m = separators.exec(text); m; m = separators.exec(text)) {
    piece(from, m.index);
    from = m.index + m[0].length;
  }
  piece(from, text.length);
}

/** What a document's metadata says about real names and values: surrogates must never produce these. */
function metadataFacts(document: Document): { given: Set<string>; family: Set<string>; forbidden: Set<string> } {
  const md = document.metadata;
  const given = new Set<string>();
  const family = new Set<string>();
  const forbidden = new Set<string>();
  for (const p of [md?.patient, ...(md?.caregivers ?? [])]) {
    if (!p) continue;
    forEachToken(p.given_name, (t) => given.add(t));
    forEachToken(p.family_name, (t) => family.add(t));
  }
  for (const t of [...given, ...family]) forbidden.add(t);
  for (const kv of md?.known_values ?? []) {
    forbidden.add(foldKey(kv.value));
    forEachToken(kv.value, (t) => forbidden.add(t));
  }
  return { given, family, forbidden };
}

/** Letters initials are written with (rare ones left out). */
const INITIALS = "ABCDEFGHIJKLMNOPRSTVW".split("");

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
      initialFor: (letter) => this.initialFor(letter),
      knownGiven: this.facts.given,
      knownFamily: this.facts.family,
    };
  }

  /** A candidate that is (or contains a word of) a real name or value of this document's metadata. */
  private avoid = (candidate: string): boolean => {
    const f = foldKey(candidate);
    return this.facts.forbidden.has(f) || f.split(/[\s\-'’]+/).some((t) => this.facts.forbidden.has(t));
  };

  private stream(kind: string, value: string): KeyedStream {
    return KeyedStream.of(this.key, SURROGATE_SCHEME, this.scope, kind, foldKey(value));
  }

  private readonly chosen = new Map<string, string>();
  /** kind + folded surrogate → the folded original that got it in this document. */
  private readonly takenBy = new Map<string, string>();
  /** Choices that had to skip a candidate taken by another value or equal to a metadata value (counts only). */
  collisions = 0;

  /**
   * Picks a candidate deterministically for (kind, value): the first of its keyed sequence that `avoid` accepts and
   * that no other value of the same kind got in this document; remembered per document.
   */
  choose(kind: NameRole | "initial" | string, folded: string, candidates: readonly string[], avoid: (c: string) => boolean): string {
    const memoKey = `${kind}\u001f${folded}`;
    const known = this.chosen.get(memoKey);
    if (known !== undefined) return known;
    const free = (c: string) => {
      const owner = this.takenBy.get(`${kind}\u001f${foldKey(c)}`);
      return owner === undefined || owner === folded;
    };
    const picked =
      this.pick(kind, folded, candidates, (c) => avoid(c) || !free(c)) ??
      // More distinct values of this kind in the document than the pool holds: an initial may repeat (it identifies
      // nobody); any other kind takes a keyed compound of two candidates (pool² of them), still unique and avoided.
      (kind === "initial" ? this.pick(kind, folded, candidates, avoid) : this.pickCompound(kind, folded, candidates, (c) => avoid(c) || !free(c)));
    if (picked === undefined) throw new Error("no surrogate candidate left");
    this.chosen.set(memoKey, picked);
    this.takenBy.set(`${kind}\u001f${foldKey(picked)}`, folded);
    return picked;
  }

  private pick(kind: string, folded: string, candidates: readonly string[], reject: (c: string) => boolean): string | undefined {
    const stream = this.stream(kind, folded);
    const first = stream.pick(candidates);
    if (!reject(first)) return first;
    this.collisions++;
    for (let i = 0; i < 63; i++) {
      const c = stream.pick(candidates);
      if (!reject(c)) return c;
    }
    const start = stream.int(candidates.length);
    for (let i = 0; i < candidates.length; i++) {
      const c = candidates[(start + i) % candidates.length];
      if (!reject(c)) return c;
    }
    return undefined;
  }

  /**
   * A keyed compound of candidates that `reject` accepts: two parts ("A-B", pool² of them), then three and more
   * when a document holds even more distinct values than that (a small pool, such as the given names with one
   * initial), 64 keyed draws per length.
   */
  private pickCompound(kind: string, folded: string, candidates: readonly string[], reject: (c: string) => boolean): string | undefined {
    if (candidates.length === 0) return undefined;
    const stream = this.stream(`${kind}\u001fcompound`, folded);
    for (let parts = 2; parts <= 16; parts++) {
      for (let i = 0; i < 64; i++) {
        const picked: string[] = [];
        for (let k = 0; k < parts; k++) picked.push(stream.pick(candidates));
        const c = picked.join("-");
        if (!reject(c)) return c;
      }
    }
    return undefined;
  }

  /** The patient's keyed permutation of initial letters, with no letter left in place. */
  private letterMap?: Map<string, string>;

  initialFor(letter: string): string {
    if (!this.letterMap) {
      const stream = KeyedStream.of(this.key, SURROGATE_SCHEME, this.scope, "initials");
      const shuffled = [...INITIALS];
      for (let i = shuffled.length - 1; i > 0; i--) {
        const j = stream.int(i + 1);
        [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
      }
      // Move any letter left in place one step on, which keeps the map a permutation.
      for (let i = 0; i < shuffled.length; i++) {
        if (shuffled[i] === INITIALS[i]) {
          const k = (i + 1) % shuffled.length;
          [shuffled[i], shuffled[k]] = [shuffled[k], shuffled[i]];
        }
      }
      this.letterMap = new Map(INITIALS.map((l, i) => [l, shuffled[i]]));
    }
    const folded = foldSameLength(letter).toUpperCase();
    return this.letterMap.get(folded) ?? this.choose("initial", folded, INITIALS, (c) => c === folded);
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
    this.registerOriginals([text]);
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
        out = withCaseOf(text, this.choose("profession", foldKey(text), this.pools.professions, (c) => foldKey(c) === foldKey(text) || this.avoid(c)));
        break;
      default:
        out = genericShape(text, this.stream("other", text));
    }
    // Shapes drawn from a stream (ids, numbers, contacts) are checked against the metadata afterwards.
    const drawn = category === "ID" || category === "Contactdetails" || category === "Anonymize_Other";
    for (let retry = 1; retry <= 8 && drawn && this.isKnownValue(out); retry++) {
      this.collisions++;
      out = category === "ID" ? identifierSurrogate(text, this.stream(`id#${retry}`, text)) : genericShape(text, this.stream(`other#${retry}`, text));
    }
    return foldKey(out) === foldKey(text) || this.isKnownValue(out) ? undefined : out;
  }

  /**
   * Makes the document's own original span texts (and their words of three letters or more) unavailable as
   * surrogates, as metadata values are: a surrogate that equals another person's real name in the same note would
   * read as that person and would be refused by the leak guard. The transform registers every span of a document
   * before it replaces any, so the choice does not depend on span order; `replace` registers its own text too.
   */
  registerOriginals(texts: Iterable<string>): void {
    for (const text of texts) {
      this.facts.forbidden.add(foldKey(text));
      forEachToken(text, (t) => {
        if (t.length >= 3) this.facts.forbidden.add(t);
      });
    }
  }

  private isKnownValue(out: string): boolean {
    return this.facts.forbidden.has(foldKey(out));
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
