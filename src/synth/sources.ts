// Where generated identifier values come from: @faker-js/faker locale data and invented combinations.
// Deliberately NOT the lookup lists that the rule detectors match (see docs/synth.md for how they differ).
import { allLocales, Faker, base, en, en_GB, en_US, fr, fr_BE, nl, nl_BE } from "@faker-js/faker";
import type { Prng } from "./prng.js";

export type NameSource = "faker" | "invented";
export type Sex = "f" | "m";

function listOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string");
  if (value && typeof value === "object") return Object.values(value).flatMap(listOf);
  return [];
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values.filter((v) => v.trim().length > 0))];
}

type LocaleKey = "nl" | "nl_BE" | "fr" | "fr_BE" | "en" | "en_US" | "en_GB";

function personList(locale: LocaleKey, field: "first_name" | "last_name", key?: "female" | "male" | "generic"): string[] {
  const def = (allLocales[locale].person as Record<string, unknown> | undefined)?.[field] as Record<string, unknown> | undefined;
  if (!def) return [];
  return key ? listOf(def[key]) : listOf(def);
}

export interface NamePools {
  givenF: readonly string[];
  givenM: readonly string[];
  family: readonly string[];
}

/** faker's Dutch, Belgian and French names (Belgian notes), or its English names. */
export const FAKER_NAMES: Record<"be_nl" | "be_fr" | "en", NamePools> = {
  be_nl: {
    givenF: unique([...personList("nl_BE", "first_name", "female"), ...personList("nl", "first_name", "female")]),
    givenM: unique([...personList("nl_BE", "first_name", "male"), ...personList("nl", "first_name", "male")]),
    // faker's Netherlands surnames come with lower-case interfixes ("de Boer"); Belgian usage capitalises them.
    family: unique([...personList("nl_BE", "last_name"), ...personList("nl", "last_name").map(flemishInterfix)]),
  },
  be_fr: {
    givenF: unique(personList("fr_BE", "first_name", "female")),
    givenM: unique(personList("fr_BE", "first_name", "male")),
    family: unique([...personList("fr_BE", "last_name"), ...personList("fr", "last_name")]),
  },
  en: {
    givenF: unique(personList("en", "first_name", "female")),
    givenM: unique(personList("en", "first_name", "male")),
    family: unique(personList("en", "last_name")),
  },
};

function flemishInterfix(name: string): string {
  return name.replace(/^(van der|van den|van de|van|de|den|ter|ten|te) /, (m) => m[0].toUpperCase() + m.slice(1));
}

const capitalise = (s: string): string => (s.length === 0 ? s : s[0].toUpperCase() + s.slice(1));

const ONSETS_NL = ["b", "br", "d", "dr", "g", "gr", "h", "j", "k", "kl", "l", "m", "n", "p", "r", "s", "st", "t", "tr", "v", "vl", "w", "z", "sch"];
const VOWELS_NL = ["a", "e", "i", "o", "u", "ae", "ee", "ie", "oo", "ui", "ij", "ou", "y"];
const CODAS_NL = ["", "", "n", "r", "l", "s", "t", "m", "nk", "rt", "ls"];
const ONSETS_EN = ["b", "br", "c", "ch", "d", "f", "g", "h", "j", "k", "l", "m", "n", "p", "r", "s", "sh", "st", "t", "th", "w"];
const VOWELS_EN = ["a", "e", "i", "o", "u", "ai", "ea", "ee", "oa", "ay"];
const CODAS_EN = ["", "", "n", "r", "l", "s", "t", "m", "nd", "rt", "ck"];

function syllable(prng: Prng, en: boolean): string {
  return en
    ? prng.pick(ONSETS_EN) + prng.pick(VOWELS_EN) + prng.pick(CODAS_EN)
    : prng.pick(ONSETS_NL) + prng.pick(VOWELS_NL) + prng.pick(CODAS_NL);
}

/** Names assembled from syllables and name-like endings: plausible, and absent from any real name list by design. */
export function inventedGivenName(prng: Prng, sex: Sex, en: boolean): string {
  const stem = syllable(prng, en) + (prng.chance(0.4) ? syllable(prng, en) : "");
  const endings = en
    ? sex === "f" ? ["a", "ie", "y", "ette", "ine", "elle", "anna"] : ["on", "er", "an", "ley", "io", "us", "el"]
    : sex === "f" ? ["a", "e", "ien", "ke", "ine", "ia", "je"] : ["o", "en", "ert", "ijn", "us", "aan", "el"];
  return capitalise(stem + prng.pick(endings));
}

export function inventedFamilyName(prng: Prng, en: boolean): string {
  const stem = capitalise(syllable(prng, en) + (prng.chance(0.5) ? syllable(prng, en) : ""));
  if (en) return stem + prng.pick(["son", "ford", "well", "by", "ton", "ley", "wick", "man", "worth", "ridge", "more"]);
  switch (prng.int(0, 3)) {
    case 0:
      return `${prng.pick(["Van ", "Van de ", "Van den ", "Vander", "Ver"])}${stem}${prng.pick(["hove", "beke", "dale", "velde", "acker", "hout", ""])}`;
    case 1:
      return `${prng.pick(["De ", "D'", "Den "])}${stem}${prng.pick(["meyer", "mans", "ckere", "ghe", "r", ""])}`;
    default:
      return stem + prng.pick(["ens", "aerts", "eyns", "ckx", "mans", "ers", "ijns", "ssens", "ghem"]);
  }
}

/** Invented place names from faker's place-name prefixes and suffixes (mostly not real places). */
export const PLACE_PARTS = {
  nlPrefix: listOf(allLocales.nl.location?.city_prefix),
  nlSuffix: listOf(allLocales.nl.location?.city_suffix).filter((s) => !s.startsWith(" ") && s.length > 0),
  beSuffix: listOf(allLocales.nl_BE.location?.city_suffix),
  frCities: listOf(allLocales.fr.location?.city_name),
  enPrefix: listOf(allLocales.en.location?.city_prefix),
  enSuffix: listOf(allLocales.en.location?.city_suffix),
  gbPrefix: listOf(allLocales.en_GB.location?.city_prefix),
  gbSuffix: listOf(allLocales.en_GB.location?.city_suffix),
  usStates: listOf(allLocales.en_US.location?.state ?? allLocales.en.location?.state),
  usStateAbbr: listOf(allLocales.en.location?.state_abbr),
  gbCounties: listOf(allLocales.en_GB.location?.county),
  beProvinces: listOf(allLocales.nl_BE.location?.state),
  nlStreetSuffix: listOf(allLocales.nl_BE.location?.street_suffix).concat(["dreef", "lei", "steenweg", "kouter", "hof"]),
  frStreetPrefix: listOf(allLocales.fr_BE.location?.street_prefix),
  enStreetSuffix: listOf(allLocales.en.location?.street_suffix),
  gbStreetSuffix: listOf(allLocales.en_GB.location?.street_suffix),
};

/** A seeded faker instance per profile for values built by faker's own helpers (company names). */
export function makeFaker(profile: "nl-BE" | "en-US" | "en-GB"): Faker {
  switch (profile) {
    case "nl-BE":
      return new Faker({ locale: [nl_BE, nl, fr_BE, fr, en, base] });
    case "en-US":
      return new Faker({ locale: [en_US, en, base] });
    case "en-GB":
      return new Faker({ locale: [en_GB, en, base] });
  }
}
