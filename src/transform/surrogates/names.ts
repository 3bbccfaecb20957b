// Name surrogates that keep the name's form: titles and particles stay, initials stay initials, case is kept,
// given names become given names (of the same sex where known) and family names family names.
import { NAME_CONNECTORS, NAME_TITLES } from "../../contract/index.js";
import { applyCase, caseStyleOf, foldSameLength } from "../dates/words.js";
import type { Pools } from "./pools.js";

export type NameRole = "given" | "family";

export interface NameContext {
  pools: Pools;
  /** Deterministic choice of a surrogate word for (role, folded original). */
  choose(role: NameRole | "initial", folded: string, candidates: readonly string[], avoid: (candidate: string) => boolean): string;
  /** The patient's surrogate of an initial letter (upper case); a given name's surrogate starts with it. */
  initialFor(letter: string): string;
  /** Folded given-name and family-name tokens known from metadata. */
  knownGiven: ReadonlySet<string>;
  knownFamily: ReadonlySet<string>;
}

const TITLES = new Set(Object.values(NAME_TITLES).flat());

interface FoldedPools {
  given: ReadonlySet<string>;
  family: ReadonlySet<string>;
  female: ReadonlySet<string>;
  male: ReadonlySet<string>;
}

const foldedPools = new WeakMap<Pools, FoldedPools>();

/** The pools' names folded once, for "is this a known given name / a female name" questions. */
function folded(pools: Pools): FoldedPools {
  let f = foldedPools.get(pools);
  if (!f) {
    const set = (xs: readonly string[]) => new Set(xs.map((x) => foldSameLength(x)));
    f = { given: set(pools.given), family: set(pools.family), female: set(pools.female), male: set(pools.male) };
    foldedPools.set(pools, f);
  }
  return f;
}
const CONNECTORS = new Set(NAME_CONNECTORS.map((c) => foldSameLength(c)));
const TOKEN_RE = /\p{L}[\p{L}'’]*\.?/gu;

interface Token {
  start: number;
  end: number;
  text: string;
  kind: "title" | "connector" | "initial" | "word";
  /** A word's role, set by rolesOf. */
  role?: NameRole;
}

function classify(raw: string, isOnlyWord: boolean): Token["kind"] {
  const dot = raw.endsWith(".");
  const word = dot ? raw.slice(0, -1) : raw;
  const folded = foldSameLength(word);
  if (TITLES.has(folded)) return "title";
  if (!isOnlyWord && CONNECTORS.has(folded)) return "connector";
  if ([...word].length === 1) return "initial";
  if (/^\p{Lu}{2,3}$/u.test(word) && !/[AEIOUYÀ-ÿ]/i.test(word)) return "initial";
  return "word";
}

/**
 * The tokens of a name span, in order. One exec loop (no array of match objects, which a span of a few hundred
 * thousand words would keep alive through the call) and the kinds set once the words are counted.
 */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let wordCount = 0;
  const re = new RegExp(TOKEN_RE.source, TOKEN_RE.flags);
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const raw = m[0];
    if (!TITLES.has(foldSameLength(raw.replace(/\.$/, "")))) wordCount++;
    tokens.push({ start: m.index, end: m.index + raw.length, text: raw, kind: "word" });
  }
  for (const t of tokens) t.kind = classify(t.text, wordCount <= 1);
  return tokens;
}

/** Which words are given names (each word's `role`): metadata first, then "Family, Given", then "Given … Family" order. */
function assignRoles(text: string, tokens: Token[], ctx: NameContext): void {
  const words = tokens.filter((t) => t.kind === "word");
  const fold = (t: Token) => foldSameLength(t.text.replace(/\.$/, ""));
  const comma = text.indexOf(",");
  let unknown = 0;
  for (const w of words) {
    const f = fold(w);
    if (ctx.knownFamily.has(f)) w.role = "family";
    else if (ctx.knownGiven.has(f)) w.role = "given";
    else unknown++;
  }
  if (unknown === 0) return;
  if (comma >= 0) {
    for (const w of words) if (w.role === undefined) w.role = w.start < comma ? "family" : "given";
    return;
  }
  const { given: givenSet, family: familySet } = folded(ctx.pools);
  if (words.length === 1) {
    const f = fold(words[0]);
    words[0].role = givenSet.has(f) && !familySet.has(f) ? "given" : "family";
    return;
  }
  // "Peeters Jan": a known given name last and none first means family-first order.
  const familyFirst = givenSet.has(fold(words[words.length - 1])) && !givenSet.has(fold(words[0]));
  const familyWord = familyFirst ? words[0] : words[words.length - 1];
  for (const w of words) if (w.role === undefined) w.role = w === familyWord ? "family" : "given";
}

const byInitial = new WeakMap<readonly string[], Map<string, readonly string[]>>();

/** The names of a pool that start with a letter (folded), computed once per pool. */
function startingWith(pool: readonly string[], letter: string): readonly string[] {
  let m = byInitial.get(pool);
  if (!m) {
    m = new Map();
    for (const name of pool) {
      const l = foldSameLength(name.charAt(0));
      m.set(l, [...(m.get(l) ?? []), name]);
    }
    byInitial.set(pool, m);
  }
  return m.get(letter) ?? [];
}

function replaceWord(word: string, role: NameRole, ctx: NameContext, avoid: (c: string) => boolean): string {
  const dot = word.endsWith(".") ? "." : "";
  const bare = dot ? word.slice(0, -1) : word;
  // Hyphenated and apostrophe names: each part separately.
  const parts = bare.split(/(['’-])/);
  return (
    parts
      .map((p) => {
        if (p === "-" || p === "'" || p === "’" || p.length === 0) return p;
        if (p.length === 1) return p;
        const foldedPart = foldSameLength(p);
        let pool: readonly string[] = ctx.pools.family;
        if (role === "given") {
          const female = folded(ctx.pools).female.has(foldedPart);
          const male = !female && folded(ctx.pools).male.has(foldedPart);
          pool = female ? ctx.pools.female : male ? ctx.pools.male : ctx.pools.given;
          // A given name's surrogate starts with the surrogate of its initial, so "J." and "Jan" agree.
          const same = startingWith(pool, foldSameLength(ctx.initialFor(p.charAt(0))));
          if (same.length >= 3) pool = same;
        }
        const choice = ctx.choose(role, foldedPart, pool, (c) => foldSameLength(c) === foldedPart || avoid(c));
        return withCaseOf(p, choice);
      })
      .join("") + dot
  );
}

function replaceInitials(initials: string, ctx: NameContext): string {
  return initials.replace(/\p{L}/gu, (letter) => {
    const choice = ctx.initialFor(letter);
    return letter === letter.toUpperCase() ? choice.toUpperCase() : choice.toLowerCase();
  });
}

/** A pool word written in the case of the word it replaces. */
export function withCaseOf(original: string, replacement: string): string {
  const style = caseStyleOf(original);
  if (style === "upper") return replacement.toUpperCase();
  if (style === "lower") return replacement.toLowerCase();
  return applyCase(replacement, "title");
}

/**
 * The surrogate of a name span. `avoid` rejects candidates equal to the original word or to any name known from
 * the document's metadata, so a surrogate never reproduces a real name of the patient or a caregiver.
 */
export function nameSurrogate(text: string, ctx: NameContext, avoid: (candidate: string) => boolean): string {
  const tokens = tokenize(text);
  assignRoles(text, tokens, ctx);
  // Pieces joined once at the end, not a string grown by two concatenations per token.
  const parts: string[] = [];
  let cursor = 0;
  for (const t of tokens) {
    parts.push(text.slice(cursor, t.start));
    if (t.kind === "title" || t.kind === "connector") parts.push(t.text);
    else if (t.kind === "initial") parts.push(replaceInitials(t.text, ctx));
    else parts.push(replaceWord(t.text, t.role ?? "family", ctx, avoid));
    cursor = t.end;
  }
  parts.push(text.slice(cursor));
  return parts.join("");
}
