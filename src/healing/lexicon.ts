// The words a healing profile reads in (titles, months, weekdays, seasons, phases, age units), as regex sources
// for case-insensitive matching on the original text. Accented words match with and without their accents.
import {
  AGE_UNITS,
  MONTHS,
  MONTH_PHASES,
  NAME_CONNECTORS,
  NAME_TITLES,
  SEASONS,
  WEEKDAYS,
  type WordLanguage,
} from "../contract/index.js";
import { escapeRegExp } from "../contract/index.js";

export interface HealingLexicon {
  languages: readonly WordLanguage[];
  /** One title token (without its dot): "dr", "prof", "dokter", "mme", … */
  title: string;
  /** A title that makes a person a caregiver: dr, prof, dokter, docteur, doctor, pr. */
  medicalTitle: string;
  /** 1–3 title tokens with optional dots, joined by commas, spaces or directly after a dot ("prof. dr."). */
  titleChain: string;
  /** The same, matching any case without the `i` flag (for patterns that also need case, like capitalised names). */
  titleChainAnyCase: string;
  month: string;
  /** Full month names (never followed by an abbreviation dot). */
  monthFull: string;
  /** Month abbreviations that differ from the full names ("mrt", "sept", "févr"). */
  monthAbbr: string;
  weekday: string;
  season: string;
  phase: string;
  ageUnit: string;
  connectors: ReadonlySet<string>;
  /** Folded single words of each kind (first words of multi-word phases), for quick presence checks. */
  words: { month: ReadonlySet<string>; weekday: ReadonlySet<string>; phase: ReadonlySet<string>; season: ReadonlySet<string> };
}

function stripAccents(s: string): string {
  return s.normalize("NFD").replace(/\p{M}+/gu, "").normalize("NFC");
}


function anyCase(word: string): string {
  return [...word].map((c) => (c === " " ? "\\s+" : c.toUpperCase() !== c ? `[${c}${c.toUpperCase()}]` : escapeRegExp(c))).join("");
}

/** Alternation of words, longest first, each with its accent-free spelling; spaces match any whitespace. */
export function wordAlternation(words: Iterable<string>, caseFree = false): string {
  const all = new Set<string>();
  for (const w of words) {
    all.add(w.toLowerCase());
    all.add(stripAccents(w.toLowerCase()));
  }
  return [...all]
    .sort((a, b) => b.length - a.length || (a < b ? -1 : 1))
    .map((w) => (caseFree ? anyCase(w) : escapeRegExp(w).replace(/ /g, "\\s+")))
    .join("|");
}

function foldedSet(words: readonly string[]): ReadonlySet<string> {
  return new Set(words.map((w) => stripAccents(w.toLowerCase())));
}

const MEDICAL_TITLES: Record<WordLanguage, readonly string[]> = {
  nl: ["professor", "prof", "dokter", "doctor", "dr", "d r"],
  fr: ["professeur", "prof", "pr", "docteur", "dr", "dre"],
  en: ["professor", "prof", "doctor", "dr"],
};

const cache = new Map<string, HealingLexicon>();

export function lexiconFor(languages: readonly WordLanguage[]): HealingLexicon {
  const key = languages.join(",");
  const hit = cache.get(key);
  if (hit) return hit;
  const titles = new Set<string>(["d r"]);
  const months: string[] = [];
  const monthFull: string[] = [];
  const monthAbbr: string[] = [];
  const weekdays: string[] = [];
  const seasons: string[] = [];
  const phases: string[] = [];
  const units: string[] = [];
  for (const lang of languages) {
    NAME_TITLES[lang].forEach((t) => titles.add(t));
    months.push(...MONTHS[lang].full, ...MONTHS[lang].abbr, ...MONTHS[lang].variants.flat());
    monthFull.push(...MONTHS[lang].full, ...MONTHS[lang].full.map(stripAccents));
    weekdays.push(...WEEKDAYS[lang].full, ...WEEKDAYS[lang].abbr, ...WEEKDAYS[lang].variants.flat());
    seasons.push(...SEASONS[lang].flat());
    phases.push(...MONTH_PHASES[lang].flat());
    for (const u of Object.values(AGE_UNITS[lang])) units.push(...u.forms, u.short);
  }
  const fullSet = new Set(monthFull.map((m) => stripAccents(m)));
  for (const m of months) if (!fullSet.has(stripAccents(m))) monthAbbr.push(m);
  const title = `(?:${wordAlternation(titles)})`;
  const one = `(?<![\\p{L}])${title}\\.?`;
  const oneAnyCase = `(?<![\\p{L}])(?:${wordAlternation(titles, true)})\\.?`;
  const lex: HealingLexicon = {
    languages,
    title,
    medicalTitle: `(?:${wordAlternation(languages.flatMap((l) => MEDICAL_TITLES[l]))})`,
    titleChain: `${one}(?:(?:\\s*,\\s*|\\s+|(?<=\\.))(?:(?:le|la)\\s+)?${one}){0,2}`,
    titleChainAnyCase: `${oneAnyCase}(?:(?:\\s*,\\s*|\\s+|(?<=\\.))(?:(?:[lL][eE]|[lL][aA])\\s+)?${oneAnyCase}){0,2}`,
    month: `(?:${wordAlternation(months)})`,
    monthFull: `(?:${wordAlternation(monthFull)})`,
    monthAbbr: `(?:${wordAlternation(monthAbbr)})`,
    weekday: `(?:${wordAlternation(weekdays)})`,
    season: `(?:${wordAlternation(seasons)})`,
    phase: `(?:${wordAlternation(phases)})`,
    ageUnit: `(?:${wordAlternation(units.filter((u) => u.length > 1 || u === "j"))})`,
    connectors: new Set(NAME_CONNECTORS),
    words: { month: foldedSet(months), weekday: foldedSet(weekdays), phase: foldedSet(phases.map((p) => p.split(" ")[0])), season: foldedSet(seasons) },
  };
  cache.set(key, lex);
  return lex;
}

const titleOnlyPatterns = new WeakMap<HealingLexicon, RegExp>();

/** Whether a text is nothing but a title chain ("Dr.", "prof. dr", "Dokter"). */
export function isTitleOnly(text: string, lex: HealingLexicon): boolean {
  let re = titleOnlyPatterns.get(lex);
  if (!re) {
    re = new RegExp(`^\\s*${lex.titleChain}\\s*$`, "iu");
    titleOnlyPatterns.set(lex, re);
  }
  // Titles are short: three titles fit in 60 characters.
  return text.length <= 60 && re.test(text);
}
