// Policy: the patient's names from metadata are found wherever they are written (MedDeID phase 2); particles
// ("de", "van") count only next to a found name, and a found name never cuts into another label's span.
import { foldSameLength, escapeRegExp, type Span } from "../../contract/index.js";
import type { HealingLexicon } from "../lexicon.js";
import { findWordLiteral, findWordSequences, foldedTextOf, perDocument, wordSequenceSource, type WordSequence } from "../cache.js";
import type { HealingRule } from "../index.js";
import { healedSpan, indexOf, MaxEndIndex, unchangedSpans } from "../spans.js";

interface Needle {
  /** The words, separated by `[\s-]+`; one letter alone may take a period (`x\.?`). */
  sequence: WordSequence;
  /** Set when the needle is one plain word, found without a regex. */
  literal?: string;
  connector: boolean;
}

function patientNeedles(given: string, family: string, lex: HealingLexicon): Needle[] {
  // Keyed by the regex source each needle had, so needles and their order are what they were with regexes.
  const out = new Map<string, Needle>();
  const add = (token: string) => {
    const t = foldSameLength(token.trim()).replace(/\.$/, "");
    if (!t || !/\p{L}/u.test(t)) return;
    const words = t.split(/[\s-]+/).filter(Boolean);
    const single = words.length === 1 && [...words[0]].length === 1;
    const sequence: WordSequence = { words, separators: words.slice(1).map(() => "spaces-or-hyphens"), optionalDot: single };
    const literal = words.length === 1 && !single && escapeRegExp(words[0]) === t ? t : undefined;
    out.set(wordSequenceSource(sequence), { sequence, literal, connector: lex.connectors.has(t) });
  };
  for (const g of given.split(/\s+/)) add(g);
  if (family.trim()) {
    add(family);
    for (const part of family.split(/[\s-]+/)) add(part);
  }
  return [...out.values()];
}


const SPACE = /\s/;
/** Whether the unit at i is white space (the \s class, which holds no surrogates), ASCII without a regex. */
function isSpace(text: string, i: number): boolean {
  if (i < 0 || i >= text.length) return false;
  const c = text.charCodeAt(i);
  if (c === 0x20 || (c >= 9 && c <= 13)) return true;
  return c >= 128 && SPACE.test(text[i]);
}

/**
 * Particles ("de", "van") are names only next to a name: a connector match is accepted when only whitespace (at
 * least one character) separates it from a name or an accepted connector; accepting one can accept its neighbours
 * in turn. A worklist keyed by position keeps this linear, however long the chain ("van van … Peeters").
 */
function acceptConnectors<T extends { start: number; end: number }>(text: string, names: readonly { start: number; end: number }[], pending: T[], accepted: T[]): void {
  const ends = new Set<number>();
  const starts = new Set<number>();
  for (const n of names) {
    ends.add(n.end);
    starts.add(n.start);
  }
  const pendingByStart = new Map<number, T[]>();
  const pendingByEnd = new Map<number, T[]>();
  for (const c of pending) {
    pendingByStart.set(c.start, [...(pendingByStart.get(c.start) ?? []), c]);
    pendingByEnd.set(c.end, [...(pendingByEnd.get(c.end) ?? []), c]);
  }
  const done = new Set<T>();
  const adjacent = (c: T) => {
    for (let p = c.start - 1; isSpace(text, p); p--) if (ends.has(p)) return true;
    for (let p = c.end + 1; isSpace(text, p - 1); p++) if (starts.has(p)) return true;
    return false;
  };
  const queue = [...pending];
  while (queue.length) {
    const c = queue.pop()!;
    if (done.has(c) || !adjacent(c)) continue;
    done.add(c);
    accepted.push(c);
    ends.add(c.end);
    starts.add(c.start);
    // Its neighbours across whitespace may now be adjacent to a name.
    for (let p = c.start - 1; isSpace(text, p); p--) for (const n of pendingByEnd.get(p) ?? []) if (!done.has(n)) queue.push(n);
    for (let p = c.end + 1; isSpace(text, p - 1); p++) for (const n of pendingByStart.get(p) ?? []) if (!done.has(n)) queue.push(n);
  }
}

/** Distinct matches (by bounds), longest first, then by start. */
function longestFirst<T extends { start: number; end: number }>(matches: readonly T[]): T[] {
  return [...new Map(matches.map((m) => [`${m.start}:${m.end}`, m])).values()].sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
}

export function recoverPatientNames(lex: HealingLexicon): HealingRule {
  return (spans, { document, options }) => {
    const patient = document.metadata?.patient;
    if (options.recover_names === false || !patient) return unchangedSpans(spans);
    const text = document.text;
    const found = perDocument(document, `patient-names:${lex.languages.join(",")}`, () => {
      const folded = foldedTextOf(document);
      const needles = patientNeedles(patient.given_name ?? "", patient.family_name ?? "", lex);
      return needles.flatMap((n) => (n.literal ? findWordLiteral(folded, n.literal) : findWordSequences(folded, [n.sequence])).map((m) => ({ ...m, connector: n.connector })));
    });
    // The metadata's names are nowhere in the text: nothing to add, every span stays.
    if (found.length === 0) return unchangedSpans(spans);
    const pending = found.filter((m) => m.connector);
    // Without a particle among the matches, which are accepted does not depend on the spans: ordered once per
    // document, not once per pass.
    const ordered =
      pending.length === 0
        ? perDocument(document, `patient-names-ordered:${lex.languages.join(",")}`, () => longestFirst(found))
        : (() => {
            const accepted = found.filter((m) => !m.connector);
            const patientSpans = spans.filter((s) => s.label === "Name:Patient");
            acceptConnectors(text, [...accepted, ...patientSpans], pending, accepted);
            return longestFirst(accepted);
          })();
    // Longest first, a match is added unless a span covers it or a span of another label overlaps it; it then
    // replaces the patient spans it strictly contains. Spans never leave the index of covering spans: one that
    // is dropped lies inside an added match, which covers all it covered.
    const anyCovering = indexOf(spans, text.length);
    const otherLabels = indexOf(
      spans.filter((s) => s.label !== "Name:Patient"),
      text.length,
    );
    const added: Span[] = [];
    const addedIndex = new MaxEndIndex(text.length + 1);
    for (const m of ordered) {
      if (anyCovering.covers(m.start, m.end)) continue;
      if (otherLabels.overlaps(m.start, m.end)) continue;
      anyCovering.add(m.start, m.end);
      addedIndex.add(m.start, m.end);
      added.push(healedSpan(m.start, m.end, "Name:Patient", "recover-patient-names"));
    }
    // Nothing added: nothing is covered by an added match either.
    if (added.length === 0) return unchangedSpans(spans);
    const out: Span[] = spans.filter((s) => !(s.label === "Name:Patient" && addedIndex.strictlyCovers(s.start, s.end)));
    for (const a of added) out.push(a);
    return out;
  };
}
