// A whole-text scan of a global regex, done by trying the pattern only near the places where a cue occurs that every
// match holds ("jaar" for a number of years, a month name for a date in words). A long alternation tried at every
// position of a note costs far more than one scan for a short cue and a few sticky attempts before each cue hit.
//
// The matches are the global scan's, in its order: the scan tries positions from left to right and takes the first
// that matches, then goes on from the end of that match. Here the positions tried are those within `reach` units
// before (or at) each cue hit, from left to right, never before the end of the last match; every position where a
// match can start is among them when each match holds a cue hit at most `reach` units after its own start, and at
// a position that is no match start the sticky attempt fails, so the first success is the global scan's next match.

export interface AnchoredPattern {
  /** The pattern with the sticky flag ("y"), tried at each candidate position. */
  readonly sticky: RegExp;
  /**
   * A global regex such that every match of `sticky` starting at q holds a cue hit starting in [q, q + reach]. The
   * cue is searched from every position (lastIndex one past the last hit), so overlapping hits are all seen.
   */
  readonly cue: RegExp;
  readonly reach: number;
  /** False only where no match can start (a cheap necessary test of the pattern's first character and lookbehind). */
  readonly mayStart: (text: string, at: number) => boolean;
}

/** A sticky copy of a global (or plain) regex. */
export function stickyOf(re: RegExp): RegExp {
  return new RegExp(re.source, `${re.flags.replace(/[gy]/g, "")}y`);
}

/** Calls `visit` with each match the global scan of the pattern over `text` finds, in text order. */
export function eachAnchoredMatch(p: AnchoredPattern, text: string, visit: (m: RegExpExecArray) => void): void {
  const { sticky, cue, reach, mayStart } = p;
  // No match starts before `pos` (the end of the last match); positions below `tried` were tried already.
  let pos = 0;
  let tried = 0;
  cue.lastIndex = 0;
  for (let hit = cue.exec(text); hit; hit = cue.exec(text)) {
    const at = hit.index;
    for (let q = Math.max(pos, tried, at - reach); q <= at; q++) {
      if (!mayStart(text, q)) continue;
      sticky.lastIndex = q;
      const m = sticky.exec(text);
      if (!m) continue;
      visit(m);
      // The patterns scanned here never match the empty string; a guard keeps the loop finite all the same.
      pos = q + Math.max(1, m[0].length);
      q = pos - 1;
    }
    tried = Math.max(tried, at + 1);
    cue.lastIndex = Math.max(at + 1, pos);
  }
}

/** The global scan itself (the formulation `eachAnchoredMatch` reproduces), for tests. */
export function eachGlobalMatch(global: RegExp, text: string, visit: (m: RegExpExecArray) => void): void {
  global.lastIndex = 0;
  for (let m = global.exec(text); m; m = global.exec(text)) {
    visit(m);
    if (m[0].length === 0) global.lastIndex++;
  }
}

const isAsciiWordCode = (code: number): boolean => (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57);

/**
 * For a pattern that opens with `(?<![\p{L}\p{N}-])` and then a letter or digit: false where the unit before is an
 * ASCII letter, digit or hyphen, or the unit itself is ASCII but no letter or digit (a letter of the pattern may
 * match a non-ASCII unit under the `i` flag, "ſ" for "s"; anything non-ASCII is left to the pattern).
 */
export function mayStartWord(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  if (code < 128 && !isAsciiWordCode(code)) return false;
  if (at === 0) return true;
  const before = text.charCodeAt(at - 1);
  return !(isAsciiWordCode(before) || before === 45);
}

/**
 * A global regex that opens with a lookbehind ("(?<![\p{L}])(?:hij|zij|…)"), split into the pattern after the
 * lookbehind and the lookbehind alone. A leading lookbehind keeps the regex engine from skipping ahead to the
 * places where the first word can start, so it runs the lookbehind at every position of the text; the pattern
 * without it is searched quickly, and the lookbehind is then tested only where that pattern matched.
 */
export interface LookbehindScan {
  /** The pattern after the lookbehind, global. */
  readonly rest: RegExp;
  /** The lookbehind alone, sticky: it matches the empty string at a position exactly where the lookbehind holds. */
  readonly behind: RegExp;
}

/** Splits `re` (global) after its leading lookbehind; throws where the split would not give the same matches. */
export function lookbehindScan(re: RegExp): LookbehindScan {
  const source = re.source;
  if (!re.global || !/^\(\?<[!=]/.test(source)) throw new Error(`not a global regex opening with a lookbehind: /${source}/`);
  // The lookbehind's closing parenthesis, skipping escapes and classes.
  let depth = 0;
  let end = -1;
  for (let i = 0, inClass = false; i < source.length && end < 0; i++) {
    const c = source[i];
    if (c === "\\") i++;
    else if (inClass) inClass = c !== "]";
    else if (c === "[") inClass = true;
    else if (c === "(") depth++;
    else if (c === ")" && --depth === 0) end = i + 1;
  }
  const head = source.slice(0, end);
  const rest = source.slice(end);
  // A capturing group in the lookbehind would renumber the others; an alternative at the top level of the rest
  // would not be under the lookbehind at all.
  if (end < 0 || /\((?!\?)/.test(head.replace(/\\./g, "").replace(/\[[^\]]*\]/g, "")) || hasTopLevelAlternative(rest)) {
    throw new Error(`cannot split the lookbehind of /${source}/`);
  }
  const flags = re.flags.replace(/[gy]/g, "");
  return { rest: new RegExp(rest, `${flags}g`), behind: new RegExp(head, `${flags}y`) };
}

function hasTopLevelAlternative(source: string): boolean {
  let depth = 0;
  for (let i = 0, inClass = false; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") i++;
    else if (inClass) inClass = c !== "]";
    else if (c === "[") inClass = true;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "|" && depth === 0) return true;
  }
  return false;
}

/**
 * The match the original regex's global scan finds from `from`: the rest's leftmost match where the lookbehind holds
 * at its start; where it does not, the original would go on from the next position, and so does this.
 */
export function nextLookbehindMatch(scan: LookbehindScan, text: string, from: number): RegExpExecArray | null {
  const { rest, behind } = scan;
  rest.lastIndex = from;
  for (let m = rest.exec(text); m; m = rest.exec(text)) {
    const at = m.index;
    behind.lastIndex = at;
    if (behind.test(text)) return m;
    // Never into the middle of a surrogate pair: the original scan steps over a whole code point under the u flag
    // (and the u flag moves a position inside a pair back to its start, which would try the same match again).
    const pair = rest.unicode && (text.charCodeAt(at) & 0xfc00) === 0xd800 && (text.charCodeAt(at + 1) & 0xfc00) === 0xdc00;
    rest.lastIndex = at + (pair ? 2 : 1);
  }
  return null;
}

/** The matches of the original regex's global scan, in order (see nextLookbehindMatch). */
export function eachLookbehindMatch(scan: LookbehindScan, text: string, visit: (m: RegExpExecArray) => void): void {
  for (let m = nextLookbehindMatch(scan, text, 0); m; ) {
    visit(m);
    const end = m.index + m[0].length;
    m = nextLookbehindMatch(scan, text, end > m.index ? end : end + 1);
  }
}

/** The leftmost match at or after `from` of one alternative, as a global scan from there finds it. */
export type NextMatch = (text: string, from: number) => RegExpExecArray | null;

/**
 * The global scan of `(?:A|B|…)C` from its alternatives' own scans (`AC`, `BC`, …, in the same order, with the same
 * groups): at each position the first alternative that matches there wins, so the scan's next match is the
 * leftmost of the alternatives' next matches, the earlier alternative on a tie. An alternative that opens with a
 * lookbehind is searched without it (nextLookbehindMatch) instead of running the lookbehind at every position.
 */
export function eachAlternativeMatch(alternatives: readonly NextMatch[], text: string, visit: (m: RegExpExecArray) => void): void {
  const next = alternatives.map((find) => find(text, 0));
  for (let pos = 0; ; ) {
    let best = -1;
    for (let k = 0; k < next.length; k++) {
      const m = next[k];
      if (m && (best < 0 || m.index < next[best]!.index)) best = k;
    }
    if (best < 0) return;
    const m = next[best]!;
    visit(m);
    pos = m.index + Math.max(1, m[0].length);
    for (let k = 0; k < next.length; k++) {
      const other = next[k];
      if (other && other.index < pos) next[k] = alternatives[k](text, pos);
    }
  }
}
