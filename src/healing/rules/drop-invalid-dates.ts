// Policy: not dates after all: a piece of a time ("14:30"), "next year", a lone month-phase word, or "n-m" that
// cannot be a day and a month (a month and a year, "11-2021", and a range of years, "2016-2021", are kept).
import type { HealingLexicon } from "../lexicon.js";
import type { HealingRule } from "../index.js";
import { perDocument } from "../cache.js";
import { indexOf, type MaxEndIndex, filterSpans } from "../spans.js";

const TIME = /(?<![\p{N}])(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?(?![\p{N}])/gu;
const RELATIVE_YEAR = /^(?:volgend jaar|next year|l'année prochaine|l'an prochain)$/iu;

export function dropInvalidDates(lex: HealingLexicon): HealingRule {
  const phaseOnly = new RegExp(`^(?:${lex.phase})$`, "iu");
  return (spans, { document }) => {
    const text = document.text;
    let times: MaxEndIndex | undefined;
    return filterSpans(spans, (s) => {
      if (s.label !== "Date") return true;
      const surface = text.slice(s.start, s.end).trim();
      if (RELATIVE_YEAR.test(surface) || phaseOnly.test(surface)) return false;
      const nm = /^(\d+)-(\d+)$/.exec(surface);
      // "11-2021" is a month and a year, not "n-m".
      const monthYear = nm !== null && nm[2].length === 4 && Number(nm[1]) >= 1 && Number(nm[1]) <= 12 && /^(?:19|20)\d\d$/.test(nm[2]);
      // "2016-2021" is a range of two years (joined into one span by join-split-entity), not "n-m" either.
      const yearRange = nm !== null && /^(?:19|20)\d\d$/.test(nm[1]) && /^(?:19|20)\d\d$/.test(nm[2]);
      if (nm && !monthYear && !yearRange && (Number(nm[1]) < 1 || Number(nm[1]) > 31 || Number(nm[2]) < 1 || Number(nm[2]) > 12)) return false;
      // The times of the text depend on the text alone: found once per document, not once per pass.
      times ??= perDocument(document, "drop-invalid-dates:times", () => indexOf([...text.matchAll(TIME)].map((m) => ({ start: m.index!, end: m.index! + m[0].length })), text.length));
      return !times.covers(s.start, s.end);
    });
  };
}
