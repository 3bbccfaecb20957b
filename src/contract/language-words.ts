// Calendar, age and title words of the languages in Belgian and English notes (Dutch, French, English), as data.
// Shared by healing (span extension) and transformation (date parsing and rendering), so both read one list.

export const WORD_LANGUAGES = ["nl", "fr", "en"] as const;
export type WordLanguage = (typeof WORD_LANGUAGES)[number];

/** The word language of a language tag ("nl-BE" → nl, "fr-BE" → fr, "en-GB" → en); Dutch when unknown. */
export function wordLanguageOf(tag: string | null | undefined): WordLanguage {
  const base = (tag ?? "").toLowerCase().split(/[-_]/)[0];
  return base === "fr" || base === "en" ? base : "nl";
}

export interface MonthNames {
  /** Full names, January first, lower case and accented. */
  full: readonly string[];
  /** Standard abbreviation per month (rendering). */
  abbr: readonly string[];
  /** Further spellings per month that parse (abbreviations, unaccented forms). */
  variants: readonly (readonly string[])[];
}

export const MONTHS: Record<WordLanguage, MonthNames> = {
  nl: {
    full: ["januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober", "november", "december"],
    abbr: ["jan", "feb", "mrt", "apr", "mei", "jun", "jul", "aug", "sep", "okt", "nov", "dec"],
    variants: [[], ["febr"], ["maa"], [], [], [], [], [], ["sept"], [], [], []],
  },
  fr: {
    full: ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"],
    abbr: ["janv", "févr", "mars", "avr", "mai", "juin", "juil", "août", "sept", "oct", "nov", "déc"],
    variants: [["jan"], ["fevrier", "fevr", "fév", "fev"], [], [], [], [], ["juill"], ["aout"], [], [], [], ["decembre", "dec"]],
  },
  en: {
    full: ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"],
    abbr: ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"],
    variants: [[], [], [], [], [], [], [], [], ["sept"], [], [], []],
  },
};

export interface WeekdayNames {
  /** Monday first. */
  full: readonly string[];
  abbr: readonly string[];
  variants: readonly (readonly string[])[];
}

export const WEEKDAYS: Record<WordLanguage, WeekdayNames> = {
  nl: {
    full: ["maandag", "dinsdag", "woensdag", "donderdag", "vrijdag", "zaterdag", "zondag"],
    abbr: ["ma", "di", "wo", "do", "vr", "za", "zo"],
    variants: [["maa"], ["din"], ["woe"], ["don"], ["vrij"], ["zat"], ["zon"]],
  },
  fr: {
    full: ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"],
    abbr: ["lun", "mar", "mer", "jeu", "ven", "sam", "dim"],
    variants: [[], [], [], [], [], [], []],
  },
  en: {
    full: ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"],
    abbr: ["mon", "tue", "wed", "thu", "fri", "sat", "sun"],
    variants: [[], ["tues"], [], ["thur", "thurs"], [], [], []],
  },
};

/** Seasons in order spring, summer, autumn, winter; the first spelling renders. */
export const SEASONS: Record<WordLanguage, readonly (readonly string[])[]> = {
  nl: [["lente", "voorjaar"], ["zomer"], ["herfst", "najaar"], ["winter"]],
  fr: [["printemps"], ["été", "ete"], ["automne"], ["hiver"]],
  en: [["spring"], ["summer"], ["autumn", "fall"], ["winter"]],
};

/**
 * Month phases in order early (days 1–10), middle (11–20), late (21–end), as MedDeID defines them; the first
 * spelling renders. A phase word precedes the month ("begin mei", "mi-mars", "early May").
 */
export const MONTH_PHASES: Record<WordLanguage, readonly (readonly string[])[]> = {
  nl: [["begin", "start"], ["midden", "half"], ["eind", "einde"]],
  fr: [["début", "debut"], ["mi", "milieu"], ["fin"]],
  en: [["early", "beginning of", "start of"], ["mid", "middle of"], ["late", "end of"]],
};

/** Words that make a date approximate; kept verbatim around a shifted date. */
export const APPROXIMATORS: Record<WordLanguage, readonly string[]> = {
  nl: ["rond", "rondom", "omstreeks", "ongeveer", "circa", "ca.", "ca", "±", "+/-", "sinds", "vanaf", "tot", "na", "voor", "in", "op", "van"],
  fr: ["vers", "environ", "autour de", "circa", "ca.", "±", "depuis", "dès", "jusqu'au", "le", "en", "du", "au"],
  en: ["around", "about", "approximately", "circa", "ca.", "c.", "±", "since", "from", "until", "in", "on", "of"],
};

export type AgeUnit = "years" | "months" | "weeks" | "days";

/** Age unit spellings; the first full and the first short form render. Ordered longest first within a unit. */
export const AGE_UNITS: Record<WordLanguage, Record<AgeUnit, { singular: string; plural: string; short: string; forms: readonly string[] }>> = {
  nl: {
    years: { singular: "jaar", plural: "jaar", short: "j", forms: ["jarige", "jarig", "jaren", "jaar", "jr.", "jr", "j."] },
    months: { singular: "maand", plural: "maanden", short: "mnd", forms: ["maanden", "maand", "mnd.", "mnd", "md"] },
    weeks: { singular: "week", plural: "weken", short: "w", forms: ["weken", "week", "wk.", "wk", "w."] },
    days: { singular: "dag", plural: "dagen", short: "d", forms: ["dagen", "dag", "d."] },
  },
  fr: {
    years: { singular: "an", plural: "ans", short: "a", forms: ["années", "année", "ans", "an"] },
    months: { singular: "mois", plural: "mois", short: "m", forms: ["mois"] },
    weeks: { singular: "semaine", plural: "semaines", short: "sem", forms: ["semaines", "semaine", "sem.", "sem"] },
    days: { singular: "jour", plural: "jours", short: "j", forms: ["jours", "jour", "j."] },
  },
  en: {
    years: { singular: "year", plural: "years", short: "y", forms: ["years", "year", "yrs", "yr", "y/o", "y.o.", "yo"] },
    months: { singular: "month", plural: "months", short: "mo", forms: ["months", "month", "mos", "mo"] },
    weeks: { singular: "week", plural: "weeks", short: "wk", forms: ["weeks", "week", "wks", "wk"] },
    days: { singular: "day", plural: "days", short: "d", forms: ["days", "day"] },
  },
};

/** Words after an age that say "old" (kept verbatim). */
export const AGE_SUFFIXES: Record<WordLanguage, readonly string[]> = {
  nl: ["oud"],
  fr: [],
  en: ["old"],
};

/**
 * Titles that may precede (or, after a comma, follow) a caregiver's name. English includes Mr/Mrs/Ms because UK
 * surgeons are styled so. Lower case, without the trailing dot.
 */
export const NAME_TITLES: Record<WordLanguage, readonly string[]> = {
  nl: ["professor", "prof", "dokter", "doctor", "dr", "drs", "apr", "mevrouw", "mevr", "dhr"],
  fr: ["professeur", "prof", "pr", "docteur", "dr", "dre", "mme", "madame", "mlle", "mademoiselle", "monsieur"],
  en: ["professor", "prof", "doctor", "dr", "mr", "mrs", "ms", "miss", "mx"],
};

/** Name particles: part of a name only next to another name word. */
export const NAME_CONNECTORS: readonly string[] = [
  "van", "de", "der", "den", "het", "op", "ten", "ter", "te", "vd", "v.d.", "'t", "le", "la", "du", "des", "di", "da", "del", "von", "d'", "l'",
];
