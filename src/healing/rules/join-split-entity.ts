// Policy (beyond MedDeID): two detections of one label separated by nothing, a space or a hyphen are one
// entity ("Jan" "Peeters", "Sint" "Jan", "12/03" "2023"). Two names of which the first ends or the second starts
// with a title are two people ("Kenis Sandra Dokter" "Laridon Annick Dokter").
import type { Span } from "../../contract/index.js";
import type { HealingLexicon } from "../lexicon.js";
import type { HealingRule } from "../index.js";
import { isNameLabel, mergedSpan, sortedByPosition, unchangedSpans } from "../spans.js";

/** Whether the text between two spans is nothing, a space or a hyphen (checked without slicing the gap). */
function isJoiningGap(text: string, from: number, to: number): boolean {
  if (to === from) return true;
  if (to !== from + 1) return false;
  const c = text.charCodeAt(from);
  return c === 0x20 || c === 0x2d || c === 0x2010;
}
/** More characters than any one title token and its dot ("professor.", "kinesitherapeut."). */
const TITLE_TAIL = 40;

export function joinSplitEntity(lex: HealingLexicon): HealingRule {
  const endsWithTitle = new RegExp(`(?<![\\p{L}])${lex.title}\\.?$`, "iu");
  const startsWithTitle = new RegExp(`^${lex.title}(?![\\p{L}])`, "iu");
  return (spans, { document }) => {
    const text = document.text;
    const sorted = sortedByPosition(spans);
    // Only the tail of the group so far can end with a title: look at its last characters (with the one before
    // them, for the regex's word boundary), not at the whole group, which made a long run of names quadratic.
    const tailOf = (start: number, end: number) => text.slice(Math.max(start, end - TITLE_TAIL - 1), end);
    const joinable = (left: Span, right: Span, end: number) =>
      right.label === left.label &&
      right.start >= end &&
      isJoiningGap(text, end, right.start) &&
      !(isNameLabel(left.label) && (endsWithTitle.test(tailOf(left.start, end)) || startsWithTitle.test(text.slice(right.start, right.end))));
    // Made at the first join: until then every span stays as it is, and without a join the sorted list is the answer.
    let out: Span[] | undefined;
    for (let i = 0; i < sorted.length; ) {
      const s = sorted[i];
      let end = s.end;
      let j = i + 1;
      // The next span in position order must be the continuation; anything starting in between blocks the join.
      while (j < sorted.length && joinable(s, sorted[j], end)) {
        end = sorted[j].end;
        j++;
      }
      if (j > i + 1) (out ??= sorted.slice(0, i)).push(mergedSpan(sorted.slice(i, j), s.label));
      else out?.push(s);
      i = j;
    }
    return out ?? unchangedSpans(sorted);
  };
}
