// One document prepared for the rules: tokens, name units and the phrase matches of all lists, found in one walk.
import { LIST, type Lexicon } from "./lexicon.js";
import { HASH_SEED, hashKey, hashOn, type PhraseIndex } from "./phrase-index.js";
import { tokenize, type Token } from "./tokenize.js";

/** A phrase of some list found in the text: tokens first..last (inclusive). */
export interface PhraseMatch {
  readonly first: number;
  readonly last: number;
  readonly bits: number;
}

/**
 * A word written as one unit: pieces joined by a hyphen or apostrophe without spaces ("Bossche-D'Hondt",
 * "Sint-Niklaas", "Anne-Marie"). Names and places are judged per unit.
 */
export interface Unit {
  readonly index: number;
  readonly first: number;
  readonly last: number;
  readonly start: number;
  readonly end: number;
  /** Folded piece keys joined by spaces. */
  readonly key: string;
}

export interface Analysis {
  readonly text: string;
  readonly tokens: Token[];
  readonly lexicon: Lexicon;
  /** The phrase matches of every token (matchesAt, longestMatch): flat, not an array and an object per match. */
  readonly matches: MatchTable;
  readonly units: Unit[];
  /** Token index → index of the unit holding it, or -1 (punctuation outside units). */
  readonly unitOfToken: Int32Array;
  /** List bits of each token on its own (without the "continues" bit). */
  readonly tokenBits: Int32Array;
  /** List bits of each unit as a whole. */
  readonly unitListBits: Int32Array;
  /** Case shape of each unit: UNIT_LOWER, UNIT_TITLE or UNIT_UPPER. */
  readonly unitShape: Uint8Array;
  /** Token index → index of the first token on its line. */
  readonly lineStart: Int32Array;
  /** Token index → its line number (0-based, counting every newline). */
  readonly lineOf: Int32Array;
}

export const UNIT_LOWER = 0;
export const UNIT_TITLE = 1;
export const UNIT_UPPER = 2;

/** Particles inside a hyphenated name or place ("De Vries-van der Meer", "Heist-op-den-Berg", "Louvain-la-Neuve"). */
const INNER_PARTICLES: ReadonlySet<string> = new Set(["van", "de", "der", "den", "ter", "ten", "op", "la", "le", "les", "sur", "aan", "en", "in", "d", "l", "s", "t"]);

/** "Peeters" and "D'Hondt" are title case, "PEETERS" upper case, "van" and "12" lower (not capitalised). */
function shapeOfUnit(tokens: readonly Token[], unit: Unit): number {
  const first = tokens[unit.first];
  let anyLower = false;
  for (let t = unit.first; t <= unit.last; t += 2) {
    if (tokens[t].letters && !tokens[t].upper) anyLower = true;
    // "CRP-daling", "X-ray", "TIA-opname": a lower-case piece after a hyphen makes a compound word, not a name.
    if (t > unit.first && tokens[t - 1].text !== "'" && tokens[t - 1].text !== "’" && tokens[t].letters && !tokens[t].firstUpper &&
      !(INNER_PARTICLES.has(tokens[t].key) && tokens[unit.first].firstUpper)) {
      return UNIT_LOWER;
    }
  }
  if (first.firstUpper) return anyLower ? UNIT_TITLE : UNIT_UPPER;
  // "d'Hondt", "'s-Gravenwezel": a lower-case particle glued to a capitalised name.
  return unit.last > unit.first && tokens[unit.last].firstUpper ? UNIT_TITLE : UNIT_LOWER;
}

/** Punctuation that may sit inside a phrase ("Sint-Jan", "D'Hondt", "St. Jan", "Zorg & Co"). */
const PHRASE_JOINERS: ReadonlySet<string> = new Set(["-", "'", "’", "`", ".", "&", "‐", "–"]);
const UNIT_JOINERS: ReadonlySet<string> = new Set(["-", "'", "’", "‐"]);

function isWordLike(t: Token | undefined): t is Token {
  return t !== undefined && t.kind !== "punct";
}

/** Index of the next word token after `i` that may continue a phrase, or -1. */
function nextPhraseWord(tokens: readonly Token[], i: number): number {
  let punctuation = 0;
  for (let j = i + 1; j < tokens.length; j++) {
    const t = tokens[j];
    if (t.newlinesBefore > 0) return -1;
    if (t.kind !== "punct") return j;
    if (!PHRASE_JOINERS.has(t.text) || ++punctuation > 2) return -1;
    // A period followed by a space continues a phrase only after a short abbreviation ("St. Jan", "Dr. Guislain").
    if (t.text === "." && tokens[j + 1]?.spaceBefore && tokens[j - 1].text.length > 3) return -1;
  }
  return -1;
}

/**
 * The phrase matches of a text, flat: the matches of token t are k in [from[t], from[t + 1]), the k-th ending at token
 * last[k] with list bits bits[k], in the order found (longest last). A long text's matches are alive through the whole
 * call, and an array and an object per matching token were a third of what its analysis kept alive; matchesAt makes
 * a token's objects when a rule asks for them.
 */
export interface MatchTable {
  readonly from: Int32Array;
  readonly last: Int32Array;
  readonly bits: Int32Array;
}

const NO_MATCHES: readonly PhraseMatch[] = Object.freeze([]);

/**
 * Words repeat across notes ("de", "patiënt", "mg"): a direct-mapped table of recent single-word results, by
 * the index's own hash of the word, stays in the CPU cache where the full index does not; a word whose slot holds
 * another word is looked up in the index with the hash already made (one hash per token, no Map). -1 records a word
 * in no list.
 */
const HOT_WORDS_SLOTS = 65536;

/**
 * The key as a string of its own: a token's key is often a slice of the note's text, which a slice keeps alive, so a
 * table that outlives the note would keep up to one whole note per slot. Keys of thirteen units or more are V8's
 * sliced strings; a concatenation then a slice copies the units into a string the size of the key.
 */
function detached(key: string): string {
  return key.length < 13 ? key : `${key} `.slice(0, -1);
}
interface HotWords {
  readonly keys: (string | undefined)[];
  readonly bits: Int32Array;
}
const hotWords = new WeakMap<Lexicon, HotWords>();
/** The same for keys of several words (phrase continuations, hyphenated units): "de patiënt", "sint jan". */
const hotPhrases = new WeakMap<Lexicon, HotWords>();

function hotTable(tables: WeakMap<Lexicon, HotWords>, lexicon: Lexicon): HotWords {
  let hot = tables.get(lexicon);
  if (!hot) {
    hot = { keys: new Array<string | undefined>(HOT_WORDS_SLOTS).fill(undefined), bits: new Int32Array(HOT_WORDS_SLOTS) };
    tables.set(lexicon, hot);
  }
  return hot;
}

/** The index's bits of `key` through a hot table, or -1 when it is in no list. */
function cachedBits(hot: HotWords, phrases: PhraseIndex, key: string): number {
  const hash = hashKey(key);
  const slot = hash & (HOT_WORDS_SLOTS - 1);
  if (hot.keys[slot] === key) return hot.bits[slot];
  const bits = phrases.getHashed(key, hash) ?? -1;
  hot.keys[slot] = detached(key);
  hot.bits[slot] = bits;
  return bits;
}

/** Looks every token up once; returns its bits including "continues", or -1 when absent from all lists. */
function lookupTokens(tokens: readonly Token[], lexicon: Lexicon): Int32Array {
  const raw = new Int32Array(tokens.length).fill(-1);
  const { keys, bits: slotBits } = hotTable(hotWords, lexicon);
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i].kind === "punct") continue;
    const key = tokens[i].key;
    const hash = hashKey(key);
    const slot = hash & (HOT_WORDS_SLOTS - 1);
    if (keys[slot] === key) {
      raw[i] = slotBits[slot];
      continue;
    }
    const bits = lexicon.phrases.getHashed(key, hash) ?? -1;
    keys[slot] = detached(key);
    slotBits[slot] = bits;
    raw[i] = bits;
  }
  return raw;
}

/** Whether `key` is the keys of the tokens `path[0..n)` joined by spaces (its length already checked). */
function joinsKeys(key: string, tokens: readonly Token[], path: Int32Array, n: number): boolean {
  let at = 0;
  for (let p = 0; p < n; p++) {
    if (p > 0 && key.charCodeAt(at++) !== 32) return false;
    const piece = tokens[path[p]].key;
    for (let k = 0; k < piece.length; k++) if (key.charCodeAt(at++) !== piece.charCodeAt(k)) return false;
  }
  return true;
}

/**
 * cachedBits of the tokens `path[0..n)`'s keys joined by spaces, given that key's hash and length: the key is built
 * only when the hot table does not hold it (a phrase key made per token that continues one, alive or not, was most
 * of the analysis's garbage on long texts).
 */
function phraseBits(hot: HotWords, phrases: PhraseIndex, tokens: readonly Token[], path: Int32Array, n: number, hash: number, length: number): number {
  const slot = hash & (HOT_WORDS_SLOTS - 1);
  const held = hot.keys[slot];
  if (held !== undefined && held.length === length && joinsKeys(held, tokens, path, n)) return hot.bits[slot];
  let key = tokens[path[0]].key;
  for (let p = 1; p < n; p++) key = `${key} ${tokens[path[p]].key}`;
  const bits = phrases.getHashed(key, hash) ?? -1;
  hot.keys[slot] = detached(key);
  hot.bits[slot] = bits;
  return bits;
}

function findMatches(tokens: readonly Token[], lexicon: Lexicon, raw: Int32Array): MatchTable {
  const from = new Int32Array(tokens.length + 1);
  const lasts: number[] = [];
  const bitsOf: number[] = [];
  const { phrases, maxPhraseTokens } = lexicon;
  const hot = hotTable(hotPhrases, lexicon);
  const path = new Int32Array(maxPhraseTokens + 1);
  for (let i = 0; i < tokens.length; i++) {
    from[i] = lasts.length;
    const first = raw[i];
    if (first < 0) continue;
    // The phrase's key is the keys of path[0..n) joined by spaces: its hash and length are kept, not the string.
    path[0] = i;
    let hash = 0;
    let length = tokens[i].key.length;
    let j = i;
    for (let n = 1; n <= maxPhraseTokens; n++) {
      const bits = n === 1 ? first : phraseBits(hot, phrases, tokens, path, n, hash >>> 0, length);
      if (bits < 0) break;
      const listBits = bits & ~LIST.continues;
      if (listBits !== 0) {
        lasts.push(j);
        bitsOf.push(listBits);
      }
      if (!(bits & LIST.continues)) break;
      const next = nextPhraseWord(tokens, j);
      if (next < 0) break;
      j = next;
      const piece = tokens[j].key;
      hash = hashOn(Math.imul((n === 1 ? hashOn(HASH_SEED, tokens[i].key) : hash) ^ 32, 0x01000193), piece);
      length += 1 + piece.length;
      path[n] = j;
    }
  }
  from[tokens.length] = lasts.length;
  return { from, last: Int32Array.from(lasts), bits: Int32Array.from(bitsOf) };
}

/** Pieces and joiners of one unit at most ("Saint-Jean-de-Luz-Ville" has 9): a longer chain is cut into units. */
const MAX_UNIT_TOKENS = 12;

function buildUnits(tokens: readonly Token[]): { units: Unit[]; unitOfToken: Int32Array } {
  const units: Unit[] = [];
  const unitOfToken = new Int32Array(tokens.length).fill(-1);
  let i = 0;
  while (i < tokens.length) {
    if (!isWordLike(tokens[i])) {
      i++;
      continue;
    }
    let last = i;
    let key = tokens[i].key;
    while (
      last - i < MAX_UNIT_TOKENS &&
      !(tokens[last].key === "l" && tokens[last].text.length === 1) &&
      tokens[last + 1]?.kind === "punct" &&
      UNIT_JOINERS.has(tokens[last + 1].text) &&
      !tokens[last + 1].spaceBefore &&
      isWordLike(tokens[last + 2]) &&
      !tokens[last + 2].spaceBefore
    ) {
      last += 2;
      key = `${key} ${tokens[last].key}`;
    }
    const index = units.length;
    units.push({ index, first: i, last, start: tokens[i].start, end: tokens[last].end, key });
    for (let k = i; k <= last; k++) unitOfToken[k] = index;
    i = last + 1;
  }
  return { units, unitOfToken };
}

export function analyse(text: string, lexicon: Lexicon): Analysis {
  const tokens = tokenize(text);
  const { units, unitOfToken } = buildUnits(tokens);
  const raw = lookupTokens(tokens, lexicon);
  const tokenBits = new Int32Array(tokens.length);
  for (let i = 0; i < tokens.length; i++) tokenBits[i] = raw[i] < 0 ? 0 : raw[i] & ~LIST.continues;
  const unitListBits = new Int32Array(units.length);
  const hot = hotTable(hotPhrases, lexicon);
  for (let unitAt = 0; unitAt < units.length; unitAt++) {
    const unit = units[unitAt];
    unitListBits[unit.index] =
      unit.first === unit.last ? tokenBits[unit.first] : Math.max(0, cachedBits(hot, lexicon.phrases, unit.key)) & ~LIST.continues;
  }
  const unitShape = new Uint8Array(units.length);
  for (let u = 0; u < units.length; u++) unitShape[u] = shapeOfUnit(tokens, units[u]);
  const lineStart = new Int32Array(tokens.length);
  const lineOf = new Int32Array(tokens.length);
  for (let i = 0, line = 0, first = 0; i < tokens.length; i++) {
    if (i === 0 || tokens[i].newlinesBefore > 0) first = i;
    line += tokens[i].newlinesBefore;
    lineStart[i] = first;
    lineOf[i] = line;
  }
  return {
    text,
    tokens,
    lexicon,
    matches: findMatches(tokens, lexicon, raw),
    units,
    unitOfToken,
    tokenBits,
    unitListBits,
    unitShape,
    lineStart,
    lineOf,
  };
}


/** Bits of a whole unit ("Sint-Niklaas", "Anne-Marie", "Peeters"). */
export function unitBits(a: Analysis, unit: Unit): number {
  return a.unitListBits[unit.index];
}

/** Bits that any piece of the unit carries on its own. */
export function pieceBits(a: Analysis, unit: Unit): number {
  let bits = 0;
  for (let t = unit.first; t <= unit.last; t += 2) bits |= a.tokenBits[t];
  return bits;
}

/** The matches starting at token `first`, longest last (a new list at every call; empty past the last token). */
export function matchesAt(a: Analysis, first: number): readonly PhraseMatch[] {
  const { from, last, bits } = a.matches;
  if (!(first >= 0 && first < a.tokens.length)) return NO_MATCHES;
  const begin = from[first];
  const end = from[first + 1];
  if (begin === end) return NO_MATCHES;
  const list: PhraseMatch[] = [];
  for (let k = begin; k < end; k++) list.push({ first, last: last[k], bits: bits[k] });
  return list;
}

/** The longest match starting at token `first` that carries one of `mask`, or undefined. */
export function longestMatch(a: Analysis, first: number, mask: number): PhraseMatch | undefined {
  if (!(first >= 0 && first < a.tokens.length)) return undefined;
  const { from, last, bits } = a.matches;
  for (let k = from[first + 1] - 1; k >= from[first]; k--) if (bits[k] & mask) return { first, last: last[k], bits: bits[k] };
  return undefined;
}
