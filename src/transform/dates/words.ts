// Word lookup for dates: folded spelling → (language, index, form), and case/accent helpers that keep lengths.
import { MONTHS, MONTH_PHASES, SEASONS, WEEKDAYS, type WordLanguage, foldSameLength } from "../../contract/index.js";

export type CaseStyle = "lower" | "upper" | "title";

export { foldSameLength } from "../../contract/index.js";
import { escapeRegExp } from "../../contract/index.js";

/**
 * Splits the literal words and punctuation that `leadingRe` (anchored at the start, matched on the folded text)
 * finds before a date or an age off its core, as often as they repeat; the core never becomes empty.
 */
export function splitLeading(text: string, leadingRe: RegExp): { leading: string; core: string } {
  let leading = "";
  let core = text;
  for (;;) {
    const m = leadingRe.exec(foldSameLength(core));
    if (!m || m[0].length === 0 || m[0].length >= core.length) break;
    leading += core.slice(0, m[0].length);
    core = core.slice(m[0].length);
  }
  return { leading, core };
}

export function stripAccents(s: string): string {
  return s.normalize("NFD").replace(/\p{M}+/gu, "").normalize("NFC");
}

export function caseStyleOf(word: string): CaseStyle {
  const letters = word.replace(/[^\p{L}]/gu, "");
  if (letters.length > 1 && letters === letters.toUpperCase() && letters !== letters.toLowerCase()) return "upper";
  if (letters.length > 0 && letters[0] === letters[0].toUpperCase() && letters[0] !== letters[0].toLowerCase()) return "title";
  return "lower";
}

export function applyCase(word: string, style: CaseStyle): string {
  if (style === "upper") return word.toUpperCase();
  if (style === "title") return word.charAt(0).toUpperCase() + word.slice(1);
  return word;
}

export function hasAccent(word: string): boolean {
  return word.normalize("NFD") !== word;
}

export interface WordHit {
  lang: WordLanguage;
  /** Month 0–11, weekday 0–6 (Monday first), season 0–3, phase 0–2. */
  index: number;
  /** full = the whole name, abbr = a shortened spelling. */
  form: "full" | "abbr";
  /** Position of the spelling among a phase's or season's spellings. */
  variant: number;
}

export type WordKind = "month" | "weekday" | "season" | "phase";

function buildIndex(kind: WordKind): Map<string, WordHit[]> {
  const map = new Map<string, WordHit[]>();
  const add = (spelling: string, hit: WordHit) => {
    const key = foldSameLength(spelling);
    const list = map.get(key) ?? [];
    if (!list.some((h) => h.lang === hit.lang && h.index === hit.index)) list.push(hit);
    map.set(key, list);
  };
  for (const lang of ["nl", "fr", "en"] as const) {
    if (kind === "month" || kind === "weekday") {
      const names = kind === "month" ? MONTHS[lang] : WEEKDAYS[lang];
      names.full.forEach((w, i) => add(w, { lang, index: i, form: "full", variant: 0 }));
      names.full.forEach((w, i) => add(stripAccents(w), { lang, index: i, form: "full", variant: 0 }));
      names.abbr.forEach((w, i) => add(w, { lang, index: i, form: w === names.full[i] ? "full" : "abbr", variant: 0 }));
      names.variants.forEach((vs, i) =>
        vs.forEach((w) => add(w, { lang, index: i, form: stripAccents(w) === stripAccents(names.full[i]) ? "full" : "abbr", variant: 0 })),
      );
    } else {
      const table = kind === "season" ? SEASONS[lang] : MONTH_PHASES[lang];
      table.forEach((spellings, i) => spellings.forEach((w, v) => add(w, { lang, index: i, form: "full", variant: v })));
    }
  }
  return map;
}

const INDEX: Record<WordKind, Map<string, WordHit[]>> = {
  month: buildIndex("month"),
  weekday: buildIndex("weekday"),
  season: buildIndex("season"),
  phase: buildIndex("phase"),
};

/** The readings of a folded word, the preferred languages first; [] when it is not such a word. */
export function lookupWord(kind: WordKind, folded: string, languages: readonly WordLanguage[]): WordHit[] {
  const hits = INDEX[kind].get(folded) ?? [];
  return [...hits]
    .filter((h) => languages.includes(h.lang))
    .sort((a, b) => languages.indexOf(a.lang) - languages.indexOf(b.lang));
}

/** Regex source matching any folded spelling of the kind in the languages, longest first. */
export function alternation(kind: WordKind, languages: readonly WordLanguage[]): string {
  const words = [...INDEX[kind].entries()].filter(([, hits]) => hits.some((h) => languages.includes(h.lang))).map(([w]) => w);
  return words
    .sort((a, b) => b.length - a.length)
    .map((w) => escapeRegExp(w).replace(/ /g, "\\s+"))
    .join("|");
}
