// Policy (MedDeID phase 4): a date, age, web address, post office or room reference is redacted whole: a span
// grows to the smallest written form that contains it (ranges and periods first, bare "d/m" last). Never shrinks.
import type { Span } from "../../contract/index.js";
import type { HealingLexicon } from "../lexicon.js";
import type { HealingRule } from "../index.js";
import { contains, withBounds } from "../spans.js";

interface Family {
  priority: number;
  re: RegExp;
}

const L = "(?<![\\p{L}\\p{N}])";
const R = "(?![\\p{L}\\p{N}])";

/** The date forms of a language profile as regexes, with their MedDeID priority (0 range, 1 ordinary, 2 partial). */
export function dateFamilies(lex: HealingLexicon): Family[] {
  const D = "(?:[12]\\d|3[01]|0?[1-9]|\\*{1,2})";
  const ORD = "(?:st|nd|rd|th|er|ste|de|e)?";
  const M = "(?:1[0-2]|0?[1-9]|\\*{1,2})";
  const Y4 = "(?:1[89]\\d\\d|2[01]\\d\\d|\\*{4})";
  const Y = `(?:${Y4}|['’\`]\\d{2}|\\d{2})`;
  const MW = `(?:${lex.monthFull}(?![\\p{L}])|${lex.monthAbbr}\\.?(?![\\p{L}]))`;
  const WD = `(?:${lex.weekday})\\.?,?`;
  const TO = "(?:\\s*[-–]\\s*|\\s+(?:tot(?:\\s+en\\s+met)?|t/m|t\\.e\\.m\\.?|au|à|to|until|en|et|and)\\s+)";
  const S = "[/.\\-]";
  // Partial forms stop where a year follows, so the full form is the only one containing the whole date.
  // A month after a phase word is part of the phase form ("begin mei 2023").
  const NOT_AFTER_PHASE = `(?<!(?:${lex.phase})(?:\\s+|\\s*-\\s*)(?:(?:van|de|d'|of)\\s+)?)`;
  // A month after a day number is part of the day form ("1er mars 2023").
  const NOT_AFTER_DAY = `(?<!\\d${ORD}\\.?(?:\\s+(?:of|de)\\s+|\\s*[-./]\\s*|\\s+))`;
  const NO_YEAR = "(?![\\s,./\\-]*(?:\\d|['’`]\\d|\\*))";
  const f = (priority: number, src: string): Family => ({ priority, re: new RegExp(`${L}${src}${R}`, "giu") });
  return [
    f(0, `${D}${TO}${D}${S}${M}${S}${Y}`),
    f(0, `${D}${S}${M}${TO}${D}${S}${M}${S}${Y}`),
    f(0, `${D}${ORD}\\.?${TO}${D}${ORD}\\.?\\s+${MW}(?:\\s+${Y4})?`),
    f(0, `${D}${ORD}\\.?\\s+${MW}${TO}${D}${ORD}\\.?\\s+${MW}\\s+${Y4}`),
    f(0, `${M}${S}${Y4}${TO}${M}${S}${Y4}`),
    f(0, `${MW}${TO}${MW}\\s+${Y4}`),
    f(0, `${MW}\\s+${Y4}${TO}${MW}\\s+${Y4}`),
    f(1, `${WD}\\s*${D}${S}${M}${S}${Y}`),
    f(1, `${WD}\\s*${D}${ORD}\\.?\\s+${MW}(?:(?:\\s*[,\\-./]\\s*|\\s+)${Y})?`),
    f(1, `${D}${ORD}\\.?(?:\\s+(?:of|de)\\s+|\\s*[-./]\\s*|\\s+)${MW}(?:\\s*[,\\-./]\\s*|\\s+)${Y}`),
    f(1, `${D}${ORD}\\.?\\s+(?:of\\s+)?${MW}${NO_YEAR}`),
    f(1, `${MW}\\s+${D}(?:st|nd|rd|th)?(?:,?\\s+${Y4})?`),
    f(1, `(?:${lex.phase})(?:\\s*/\\s*(?:${lex.phase}))*(?:\\s+|\\s*-\\s*)(?:(?:van|de|d'|of)\\s+)?${MW}(?:\\s+${Y4})?`),
    f(1, `${D}(${S})${M}\\1${Y}`),
    f(1, `${Y4}-${M}-${D}`),
    f(1, `${M}${S}${Y4}`),
    f(1, `${NOT_AFTER_PHASE}${NOT_AFTER_DAY}${MW}\\s*,?\\s*(?:${Y4}|['’]\\d{2})`),
    f(1, `(?:${lex.season})(?:\\s+(?:van|of|de)\\s*|\\s*)${Y4}`),
    f(2, `${D}[/-]${M}${NO_YEAR}`),
  ];
}

function familiesFor(label: string, lex: HealingLexicon, dates: Family[]): Family[] {
  if (label === "Date") return dates;
  if (label === "Age_Birthdate") {
    return [{ priority: 1, re: new RegExp(`${L}\\d{1,3}(?:[.,]\\d)?\\s*-?\\s*(?:${lex.ageUnit})(?:[-\\s]old)?(?![\\p{L}])`, "giu") }, ...dates];
  }
  if (label === "Contactdetails") return [{ priority: 1, re: /(?:(?:https?|s?ftp|file|mailto|tel):(?:\/\/)?|www\.)[^\s<>"']*[^\s<>"'.,;:!?)\]]/giu }];
  if (label.startsWith("Address_Location")) return [{ priority: 1, re: /(?<![\p{L}\p{N}])\p{Lu}{3,}\s\d(?!\d)/gu }];
  if (label === "Organization:Healthcare") {
    return [{ priority: 1, re: /(?<![\p{L}\p{N}])(?:operatiezaal|operatiekwartier|zaal|ok)\s*\d{1,2}(?!\d)/giu }];
  }
  return [];
}

interface Match {
  start: number;
  end: number;
  priority: number;
}

export function extendToFullForms(lex: HealingLexicon): HealingRule {
  const dates = dateFamilies(lex);
  return (spans, { document }) => {
    const text = document.text;
    const cache = new Map<string, Match[]>();
    const matchesFor = (label: string): Match[] => {
      const key = label.startsWith("Address_Location") ? "Address_Location" : label;
      let list = cache.get(key);
      if (!list) {
        list = familiesFor(label, lex, dates).flatMap((fam) =>
          [...text.matchAll(fam.re)].map((m) => ({ start: m.index!, end: m.index! + m[0].length, priority: fam.priority })),
        );
        cache.set(key, list);
      }
      return list;
    };
    return spans.map((s: Span) => {
      const best = matchesFor(s.label)
        .filter((m) => contains(m, s))
        .sort((a, b) => a.priority - b.priority || a.end - a.start - (b.end - b.start) || a.start - b.start)[0];
      return best ? withBounds(s, best.start, best.end) : s;
    });
  };
}
