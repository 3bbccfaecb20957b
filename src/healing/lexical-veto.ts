// Lexical veto: drops a span that only model detectors found when every word of it is a common dictionary word of
// the note's language, none is a capitalised name or place word, and no cue supports it. A transformer trained on
// generated notes flags ordinary words ("what", "seen", "geleden") as names or organisations with high scores; a
// dictionary says they are words. It needs no LLM and runs right after the union, before healing.
//
// Word lists: src/healing/data/lexical-veto (built by training/build-word-lists.ts from Debian's wdutch, wfrench,
// wamerican and wbritish and the DEDUCE whitelists; licences beside them).
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import {
  categoryOf,
  escapeRegExp,
  type Document,
  type Span,
  foldSameLength,
  AGE_UNITS,
  MONTHS,
  MONTH_PHASES,
  NAME_TITLES,
  SEASONS,
  WEEKDAYS,
  type WordLanguage,
} from "../contract/index.js";

export const LEXICAL_VETO_ID = "lexical-veto";
export const LEXICAL_VETO_VERSION = "1.2.0";

const DATA_DIR = fileURLToPath(new URL("./data/lexical-veto/", import.meta.url));

export interface WordLists {
  /** Folded common words (lower case in their dictionary). */
  common: ReadonlySet<string>;
  /** Folded common words that are also words of a name or place list ("bakker", "mark", "bergen"). */
  nameLike: ReadonlySet<string>;
  /** Folded function words (a one-letter word is a word only if it is one: "a", "u", "y"). */
  functional?: ReadonlySet<string>;
  /** sha256 of the two list files, for provenance. */
  sha256: string;
}

const loaded = new Map<WordLanguage, WordLists>();
const fileShas = new Map<WordLanguage, string>();

/** sha256 of one language's two list files, without parsing them. */
export function shippedWordListsSha256(lang: WordLanguage): string {
  let sha = fileShas.get(lang);
  if (!sha) {
    sha = createHash("sha256").update(readFileSync(DATA_DIR + `${lang}.txt.gz`)).update(readFileSync(DATA_DIR + `${lang}.names.txt.gz`)).digest("hex");
    fileShas.set(lang, sha);
  }
  return sha;
}

function readList(file: string): { words: Set<string>; bytes: Buffer } {
  const bytes = readFileSync(DATA_DIR + file);
  const words = new Set<string>();
  for (const w of gunzipSync(bytes).toString("utf8").split("\n")) if (w) words.add(w);
  return { words, bytes };
}

/** The shipped lists of one language, read once per process. */
export function shippedWordLists(lang: WordLanguage): WordLists {
  let lists = loaded.get(lang);
  if (!lists) {
    const common = readList(`${lang}.txt.gz`);
    const names = readList(`${lang}.names.txt.gz`);
    lists = {
      common: common.words,
      nameLike: names.words,
      functional: functionWords(lang),
      sha256: createHash("sha256").update(common.bytes).update(names.bytes).digest("hex"),
    };
    loaded.set(lang, lists);
  }
  return lists;
}

let functionWordFile: Record<string, string[]> | undefined;

function functionWords(lang: WordLanguage): ReadonlySet<string> {
  functionWordFile ??= JSON.parse(readFileSync(DATA_DIR + "function-words.json", "utf8")) as Record<string, string[]>;
  return new Set((functionWordFile[lang] ?? []).map((w) => foldSameLength(w.normalize("NFC"))));
}

/** Word languages of a language tag: Belgian Dutch and French notes mix both languages. */
export function vetoLanguagesOf(tag: string): WordLanguage[] {
  const base = tag.toLowerCase().split(/[-_]/)[0];
  if (base === "en") return ["en"];
  if (base === "fr") return ["fr", "nl"];
  return ["nl", "fr"];
}

// ---- cues ------------------------------------------------------------------------------------------------------

const fold = (s: string) => foldSameLength(s.normalize("NFC"));

function alternation(words: Iterable<string>): string {
  return [...new Set([...words].map(fold))]
    .sort((a, b) => b.length - a.length)
    .map((w) => escapeRegExp(w).replace(/ /g, "\\s+"))
    .join("|");
}

/** Words right before a name that say a person follows (titles, relations, "naam:"). */
const NAME_CUES: Record<WordLanguage, readonly string[]> = {
  nl: ["heer", "mijnheer", "mw", "mevr", "mej", "juffrouw", "zuster", "patiënt", "patiënte", "pt", "naam", "genaamd", "echtgenote", "echtgenoot", "partner", "zoon", "dochter", "moeder", "vader", "broer", "zus", "vrouw", "man", "kleinzoon", "kleindochter", "buurman", "buurvrouw", "vriend", "vriendin", "nicht", "neef", "tante", "oom", "collega", "beste", "geachte", "huisarts", "behandelend arts", "arts", "verpleegkundige"],
  fr: ["monsieur", "m", "mr", "mme", "mlle", "patient", "patiente", "nom", "épouse", "époux", "femme", "mari", "fils", "fille", "mère", "père", "frère", "sœur", "ami", "amie", "voisin", "voisine", "confrère", "consœur", "cher", "chère", "médecin traitant", "infirmier", "infirmière"],
  en: ["mr", "mrs", "ms", "miss", "mx", "sir", "patient", "pt", "name", "named", "called", "wife", "husband", "son", "daughter", "mother", "father", "brother", "sister", "partner", "friend", "neighbour", "neighbor", "grandson", "granddaughter", "niece", "nephew", "aunt", "uncle", "colleague", "dear", "nurse", "physician", "attending", "signed"],
};

/** Short titles beside NAME_TITLES. */
const TITLE_ABBREVIATIONS: Record<WordLanguage, readonly string[]> = {
  nl: ["mw", "mevr", "dhr", "hr", "mej", "zr"],
  fr: ["m", "mme", "mlle", "dr", "pr"],
  en: ["mr", "mrs", "ms", "dr", "sgt", "capt"],
};

/** Particles between a cue and a surname ("mw de vries", "dhr. van den Berg"). */
const NAME_PARTICLES = ["van", "de", "der", "den", "het", "ten", "ter", "te", "vd", "v.d.", "le", "la", "du", "des", "di", "da", "von"];

/** Words shortly before a place that say a place follows. */
const PLACE_CUES: Record<WordLanguage, readonly string[]> = {
  nl: ["wonend", "woonachtig", "woont", "verblijft", "geboren", "verhuisd", "adres", "afkomstig uit", "woonplaats", "gemeente", "provincie"],
  fr: ["habite", "domicilié", "domiciliée", "résidant", "résidente", "né", "née", "adresse", "originaire de", "commune"],
  en: ["lives", "living", "resides", "residing", "resident", "born", "moved", "relocated", "address", "hometown", "town of", "city of", "county"],
};

/** Street types: a place span ending in one before a house number is an address. */
const STREET_TYPES: Record<WordLanguage, readonly string[]> = {
  nl: ["straat", "laan", "weg", "plein", "dreef", "kaai", "kade", "steenweg", "lei", "singel", "gracht", "markt", "pad", "hof", "baan", "schans", "dijk", "wal", "steeg", "plantsoen", "park", "dam", "haven", "veld"],
  fr: ["rue", "avenue", "chaussée", "boulevard", "place", "chemin", "allée", "quai", "impasse", "route"],
  en: ["street", "st", "road", "rd", "avenue", "ave", "lane", "ln", "drive", "dr", "boulevard", "blvd", "court", "ct", "way", "place", "square", "terrace", "close", "crescent"],
};

/** Words inside a capitalised organisation name that make it an institution. */
const ORGANISATION_HEADS: Record<WordLanguage, readonly string[]> = {
  nl: ["ziekenhuis", "kliniek", "centrum", "praktijk", "huisartsenpraktijk", "groepspraktijk", "wijkgezondheidscentrum", "woonzorgcentrum", "rusthuis", "revalidatiecentrum", "ggz", "az", "uz", "umc", "universiteit", "hogeschool", "school", "apotheek", "labo", "laboratorium", "mutualiteit", "ziekenfonds", "zorgkas", "thuiszorg", "familiehulp", "stichting", "vzw", "bv", "nv"],
  fr: ["hôpital", "clinique", "centre", "cabinet", "maison", "chu", "chr", "université", "école", "pharmacie", "laboratoire", "labo", "mutualité", "mutuelle", "asbl", "sa", "sprl"],
  en: ["hospital", "clinic", "centre", "center", "medical", "health", "healthcare", "infirmary", "practice", "surgery", "hospice", "university", "college", "school", "pharmacy", "laboratory", "lab", "labs", "institute", "foundation", "insurance", "trust", "inc", "llc", "ltd", "corp", "company"],
};

/** Words shortly before a profession that say it is the person's job, whatever label the model gave. */
const PROFESSION_CUES: Record<WordLanguage, readonly string[]> = {
  nl: ["beroep", "werkt als", "werkte als", "werkzaam als", "gewerkt als", "job als", "gepensioneerd", "gepensioneerde", "voormalig", "voormalige"],
  fr: ["profession", "métier", "travaille comme", "travaillait comme", "employé comme", "employée comme", "retraité", "retraitée"],
  en: ["occupation", "profession", "works as", "worked as", "working as", "employed as", "retired"],
};

/** Weaker profession cues, heard only when the model itself said Profession. */
const WEAK_PROFESSION_CUES: Record<WordLanguage, readonly string[]> = {
  nl: ["als", "ik ben", "hij is", "zij is", "was", "ex"],
  fr: ["comme", "je suis", "il est", "elle est", "ancien", "ancienne", "ex"],
  en: ["job", "as a", "as an", "is a", "was a", "former", "ex"],
};

const calendarWords = (lang: WordLanguage): string[] => [
  ...MONTHS[lang].full,
  ...MONTHS[lang].abbr,
  ...MONTHS[lang].variants.flat(),
  ...WEEKDAYS[lang].full,
  ...WEEKDAYS[lang].abbr,
  ...WEEKDAYS[lang].variants.flat(),
  ...SEASONS[lang].flat(),
  ...MONTH_PHASES[lang].flat().filter((p) => !p.includes(" ")),
];

interface CuePatterns {
  name: RegExp;
  /** Titles alone ("mw", "Dr.", "Mrs"): a name follows whatever the model's label. */
  title: RegExp;
  /** An identifier's cue word ("Cliëntnummer", "MRN", "nr.", "#"). */
  identifier: RegExp;
  place: RegExp;
  profession: RegExp;
  weakProfession: RegExp;
  streetType: ReadonlySet<string>;
  organisationHead: ReadonlySet<string>;
  calendar: ReadonlySet<string>;
  ageUnit: ReadonlySet<string>;
  /** A strong profession cue right before the span ("werkt als", "travaille comme une "). */
  professionRightBefore: RegExp;
  /** One-letter titles ("M." for Monsieur): not an initial. */
  titleLetters: ReadonlySet<string>;
}

const cueCache = new Map<string, CuePatterns>();

function cuesFor(langs: readonly WordLanguage[]): CuePatterns {
  const key = langs.join(",");
  let c = cueCache.get(key);
  if (c) return c;
  const names = langs.flatMap((l) => [...NAME_TITLES[l], ...NAME_CUES[l]]);
  const places = langs.flatMap((l) => PLACE_CUES[l]);
  const professions = langs.flatMap((l) => PROFESSION_CUES[l]);
  const weakProfessions = langs.flatMap((l) => WEAK_PROFESSION_CUES[l]);
  c = {
    // A title or cue word right before the span: "dr. ", "Mevr ", "patiënt: ", "Dear ".
    name: new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternation(names)})\\.?\\s*[:,]?\\s*(?:(?:${alternation(NAME_PARTICLES)})\\s+){0,2}$`, "u"),
    // A place cue within a few words before, on the same line and sentence: "wonend te ", "lives in ".
    title: new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternation(langs.flatMap((l) => [...NAME_TITLES[l], ...TITLE_ABBREVIATIONS[l]]))})\\.?\\s*(?:(?:${alternation(NAME_PARTICLES)})\\s+){0,2}$`, "u"),
    identifier: /(?:nummer|number|nr|no|num|id|mrn|ssn|rrn|bsn|insz|niss|riziv|inami|npi|#)\.?\s*[:#]?\s*$/u,
    place: new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternation(places)})(?![\\p{L}\\p{N}])[^.!?\\n]{0,24}$`, "u"),
    profession: new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternation(professions)})(?![\\p{L}\\p{N}])[^.!?\\n]{0,16}$`, "u"),
    weakProfession: new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternation(weakProfessions)})(?![\\p{L}\\p{N}])[^.!?\\n]{0,8}$`, "u"),
    streetType: new Set(langs.flatMap((l) => STREET_TYPES[l]).map(fold)),
    organisationHead: new Set(langs.flatMap((l) => ORGANISATION_HEADS[l]).map(fold)),
    calendar: new Set(langs.flatMap(calendarWords).map(fold)),
    ageUnit: new Set(langs.flatMap((l) => Object.values(AGE_UNITS[l]).flatMap((u) => [...u.forms, u.singular, u.plural])).map(fold)),
    professionRightBefore: new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternation(professions)})(?![\\p{L}\\p{N}])\\s*:?\\s*(?:(?:een|a|an|un|une)\\s+)?$`, "u"),
    titleLetters: new Set(langs.flatMap((l) => [...NAME_TITLES[l], ...TITLE_ABBREVIATIONS[l]]).map(fold).filter((t) => t.length === 1)),
  };
  cueCache.set(key, c);
  return c;
}

// ---- words -----------------------------------------------------------------------------------------------------

/** Span text the veto may judge: letters, spaces, hyphens, apostrophes and punctuation; a dot only before a space
 * or at the end (so "umcutrecht.nl" and "jan.peeters" are not words). No digit, "@", "/" or "#". */
const WORD_CHARS_ONLY = /^[\p{L}\p{M}\s.,;:!?()"'«»“”‘’-]+$/u;
const INNER_DOT = /\.(?=[^\s.,;:!?()"'«»“”‘’-])/u;
const isWordsOnly = (s: string) => WORD_CHARS_ONLY.test(s) && !INNER_DOT.test(s) && /\p{L}/u.test(s);
const WORD_RUN = /\p{L}[\p{L}\p{M}]*(?:['’-]\p{L}[\p{L}\p{M}]*)*/gu;

interface Word {
  text: string;
  folded: string;
  start: number;
}

function wordsOf(text: string, offset: number): Word[] {
  const out: Word[] = [];
  for (const m of text.matchAll(WORD_RUN)) out.push({ text: m[0], folded: fold(m[0]), start: offset + m.index! });
  return out;
}

const isCapitalised = (w: string) => w[0] !== w[0].toLowerCase();
const isLowerCase = (w: string) => w === w.toLowerCase();

/** A Dutch compound of two common words, with an optional linking s/e/en ("voorkamer|fibrillatie"). */
function isCompound(folded: string, common: ReadonlySet<string>): boolean {
  if (folded.length < 8) return false;
  for (let i = 3; i <= folded.length - 4; i++) {
    const head = folded.slice(0, i);
    if (!common.has(head)) continue;
    for (const link of ["", "s", "e", "en"]) {
      const tail = folded.slice(i + link.length);
      if (folded.slice(i, i + link.length) === link && tail.length >= 4 && common.has(tail)) return true;
    }
  }
  return false;
}

type WordVerdict = "common" | "name-like" | "other";

function judgeWord(w: Word, lists: readonly { lang: WordLanguage; lists: WordLists }[]): WordVerdict {
  // A capital letter alone is an initial; a lower-case letter alone a fragment ("l" of a split word).
  if (w.text.length === 1 && (isCapitalised(w.text) || !lists.some(({ lists: l }) => l.common.has(w.folded) && l.functional?.has(w.folded)))) return "other";
  let common = false;
  for (const { lists: l } of lists) {
    if (l.common.has(w.folded)) {
      if (isCapitalised(w.text) && l.nameLike.has(w.folded)) return "name-like";
      common = true;
    }
  }
  if (common) return "common";
  // Hyphenated words: every part a common word ("follow-up", "niet-invasief").
  if (w.folded.includes("-")) {
    const parts = w.folded.split("-");
    const verdicts = parts.map((p, k) => judgeWord({ text: w.text.split("-")[k] ?? p, folded: p, start: w.start }, lists));
    if (verdicts.every((v) => v === "common")) return "common";
    return verdicts.includes("name-like") ? "name-like" : "other";
  }
  // Compounds only when written in lower case: a capitalised compound may be a surname, a town or a street
  // ("Bergkamp", "Harderwijk", "Koekoekslaan"), even at the start of a line.
  if (isLowerCase(w.text)) for (const { lang, lists: l } of lists) if (lang === "nl" && isCompound(w.folded, l.common)) return "common";
  return "other";
}

// ---- strict mode -----------------------------------------------------------------------------------------------

interface NotIdentifying {
  words: ReadonlySet<string>;
  suffixes: readonly string[];
}

let notIdentifying: NotIdentifying | undefined;
let neverNames: ReadonlySet<string> = new Set();

/** Countries, nationalities and languages (the guidelines mark none), and endings of clinical terms. */
function notIdentifyingWords(): NotIdentifying {
  if (!notIdentifying) {
    const raw = JSON.parse(readFileSync(DATA_DIR + "not-identifying.json", "utf8")) as {
      countries: Record<string, string[]>;
      nationalities_and_languages: Record<string, string[]>;
      clinical_suffixes: string[];
    };
    const words = new Set<string>();
    for (const group of [raw.countries, raw.nationalities_and_languages]) for (const list of Object.values(group)) for (const w of list) words.add(fold(w));
    const never = new Set<string>();
    for (const line of readFileSync(DATA_DIR + "never-names.txt", "utf8").split("\n")) if (line && !line.startsWith("#")) never.add(fold(line.trim()));
    for (const line of gunzipSync(readFileSync(DATA_DIR + "medical-proper.txt.gz")).toString("utf8").split("\n")) if (line && !line.startsWith("#")) never.add(fold(line.trim()));
    neverNames = never;
    notIdentifying = { words, suffixes: raw.clinical_suffixes.map(fold).sort((a, b) => b.length - a.length) };
  }
  return notIdentifying;
}

/** A whole date, a year, an identifier, a phone number or a postcode; not a dose, a time, a score or a count. */
const DATE_SHAPE = /(?<!\d)(?:\d{1,2}\s?[-/.]\s?\d{1,2}\s?[-/.]\s?(?:\d{4}|\d{2})|\d{4}[-/.]\d{1,2}[-/.]\d{1,2})(?!\d)/u;
const YEAR_SHAPE = /(?<![\d,.])(?:19|20)\d{2}(?![\d,.]|\s?(?:mg|ml|g|µg|mcg|mmol|kcal|cc|e|ie)\b)/iu;
const POSTCODE_SHAPE = /(?<!\d)(?:\d{4}\s?[A-Z]{2}(?![\p{L}])|(?:B-|F-|L-)?\d{4,5}\s+\p{Lu}\p{Ll}+)/u;
const MIXED_ID = /(?<![\p{L}\p{N}])(?=[\p{L}\p{N}-]*\p{L})(?=(?:[^\d\s]*\d){3})[\p{L}\p{N}][\p{L}\p{N}-]{3,}(?![\p{L}\p{N}])/u;
const ORGANISATION_BEFORE = /(?:^|[^\p{L}])(?:bij|door|naar|uit|via|chez|par|au|aux|at|by|from|to|with)\s+(?:(?:de|het|den|der|la|le|les|l'|l’|the)\s+)?$/u;
/** An identifier's cue word as a whole word ("nr.", "MRN", "#"), not the end of one ("David"). */
const STRICT_IDENTIFIER_CUE = /(?:(?<![\p{L}\p{N}])(?:\p{L}*nummer|number|nr|no|num|id|mrn|ssn|rrn|bsn|insz|niss|riziv|inami|npi)|#)\.?\s*[:#]?\s*$/u;
const CLOCK_TIME = /(?<![\p{L}\p{N}])\d{1,2}\s?[uUhH:.]\s?\d{0,2}(?![\p{L}\p{N}])/gu;
/** What the span is followed by when it is a drug (a dose) and preceded by when it is an eponym or a score. */
const DOSE_AFTER = /^\)?\s*\d+(?:[.,]\d+)?\s*(?:mg|µg|mcg|g|ml|ie|e|eh|ui|u|mmol|%|ampul|amp|tablet|tabl|tab|co|caps|druppels?|gouttes?|puffs?|dosis|doses?|units?|iu)(?![\p{L}])/iu;
const DOSE_BEFORE = /(?<![\p{L}])\d+(?:[.,]\d+)?\s*(?:mg|µg|mcg|g|ml|ie|ui|e|tabletten|tablet|tabl|tab|comprimés?|cp|capsules?|caps|ampul(?:len)?|ampoules?|zakjes?|sachets?|druppels?|gouttes?|puffs?|tablets?|pills?)\s+$/iu;
const EPONYM_BEFORE = /(?:ziekte|syndroom|teken|proef|test|methode|manoeuvre|reflex|fenomeen|classificatie|stadium|score|schaal|cyste|kyste|échelle|maladie|syndrome|signe|manœuvre|manoeuvre|réflexe|classification|stade|disease|syndrome|sign|maneuver|reflex|phenomenon|classification|stage)\s+(?:van|de|d'|d’|du|of)?\s*$/iu;
const EPONYM_AFTER = /^(?:-\p{Ll}{2}|[-\s]?(?:score|test|teken|classificatie|criteria|schaal|index|stadium|signe|sign|scale|stage)(?![\p{L}])|\s+(?:[0-4]|I{1,3}|IV)(?:\)|\s+(?:et|en|and|of|ou)\s))/iu;
/** A position that explains a capital letter: the start of the text, a line, a sentence or a list item. */
const SENTENCE_START = /(?:^|[\n\r\t|(/\]"“«]|[.!?]\s|[.!?]["')\]]\s|\s[-–—•*]\s|^\s*[-–—•*]\s|:\s)\s*$/u;

function lineAround(text: string, start: number, end: number): string {
  const a = text.lastIndexOf("\n", start - 1) + 1;
  const b = text.indexOf("\n", end);
  return text.slice(a, b < 0 ? text.length : b);
}

function endsWithClinicalSuffix(folded: string): boolean {
  return folded.length >= 7 && notIdentifyingWords().suffixes.some((x) => folded.endsWith(x) && folded.length - x.length >= 3);
}

/** OCR noise inside a word ("Conc1usie", "Mi1ieu"): read 1 and 0 as l and o. */
const OCR_WORD = /\p{L}*[10]\p{L}[\p{L}10]*|\p{L}+[10][\p{L}10]*/gu;

export type StrictReason =
  | "kept:shape"
  | "kept:age"
  | "kept:proper-word"
  | "kept:name-list"
  | "kept:lower-case-register"
  | "kept:capitalised-in-sentence"
  | "kept:cue"
  | "kept:calendar"
  | "dropped:number"
  | "dropped:common-words"
  | "dropped:capital-explained"
  | "dropped:unknown-lower-case"
  | "dropped:drug-or-eponym"
  | "dropped:acronym"
  | "dropped:phrase"
  | "dropped:country-or-language";

/**
 * The strict verdict on one model-only span. It is kept when its text has a PII shape (a whole date, a year, six or
 * more digits, a code of letters and digits, a postcode, an e-mail or web address), when an age has its unit, or when
 * one of its words stands out: a capitalised word that no dictionary of the note's languages (and English, which
 * clinical notes borrow from) knows, other than a drug before its dose, an eponym or a country or language; a
 * capitalised word of a name or place list that is not explained by its position (the start of a line or sentence),
 * or that is the whole line; any unknown word on a line written all in lower case (messages, queries). A span of
 * common words is kept only with a cue next to it (a title or a relation before a name-list word, a residence word
 * before a place, an organisation word in a capitalised name, a profession cue, a month in a date).
 */
function judgeStrict(phrase: readonly Span[], span: Span, text: string, langs: WordLanguage[], listsOf: (lang: WordLanguage) => WordLists): StrictReason {
  const surface = text.slice(span.start, span.end);
  const category = categoryOf(span.label);
  const before = text.slice(Math.max(0, span.start - 48), span.start);
  const after = text.slice(span.end, span.end + 24);
  const cues = cuesFor(langs);
  if (category === "Age_Birthdate") {
    const around = fold(text.slice(Math.max(0, span.start - 12), span.end + 14));
    const units = [...cues.ageUnit].map(escapeRegExp).join("|");
    if (/\d/.test(around) && new RegExp(`\\d\\s*(?:${units}|y/?o|yrs?|years?|ans|jaar)(?![\\p{L}])`, "u").test(around)) return "kept:age";
    if (/^\s*\d{1,3}\s*$/u.test(surface) && /\(\s*$/.test(before) && /^\s*\)/.test(after)) return "kept:age";
  }
  // Shapes: e-mail, web address, dates, identifiers, postcodes.
  if (/@/.test(surface) || INNER_DOT.test(surface.replace(/\d[.,]\d/gu, "0"))) {
    if (/\p{L}{2,}\.\p{L}{2,}/u.test(surface) || /@/.test(surface)) return "kept:shape";
  }
  if (/\d/.test(surface)) {
    const digits = surface.replace(/\D/g, "").length;
    const wider = text.slice(Math.max(0, span.start - 6), span.end + 6);
    if (DATE_SHAPE.test(surface) || (category === "Date" && YEAR_SHAPE.test(surface)) || digits >= 6 || MIXED_ID.test(surface.replace(CLOCK_TIME, " ")) || POSTCODE_SHAPE.test(surface)) return "kept:shape";
    if (YEAR_SHAPE.test(surface) && !DOSE_AFTER.test(after) && /^\s*(?:19|20)\d{2}\s*$/u.test(surface)) return "kept:shape";
    void wider;
  }
  const lists = langs.map((lang) => ({ lang, lists: listsOf(lang) }));
  const borrowed = langs.includes("en") ? [] : [listsOf("en")];
  const ni = notIdentifyingWords();
  // The words, OCR digits read as letters; tokens of digits and one or two letters ("k3", "7u15", "22u") are none.
  const ocrRead = new Set<number>();
  const cleaned = surface.replace(OCR_WORD, (w, at: number) => {
    if (!(/\p{Ll}/u.test(w) && /\p{L}{2}/u.test(w.replace(/[10]/g, "")))) return " ".repeat(w.length);
    ocrRead.add(span.start + at);
    return w.replace(/1/g, "l").replace(/0/g, "o");
  });
  const words = wordsOf(cleaned, span.start).filter((w) => !/\d/.test(text.slice(w.start - 1, w.start)) && !/\d/.test(text.slice(w.start + w.text.length, w.start + w.text.length + 1)) || w.text.length > 2);
  if (words.length === 0) return "dropped:number";
  const line = lineAround(text, span.start, span.end);
  // A line without a capitalised word ("zoek meijer ct thorax", "zając OR zajac echo"): capitals say nothing there.
  const lowerRegister = !/\p{Lu}\p{Ll}/u.test(line) && /\p{Ll}{2}/u.test(line);
  const upperRegister = !/\p{Ll}/u.test(line);
  const wholeLine = line.trim() === surface.trim() && !/\d/.test(line);
  const isCommonWord = (f: string): boolean => {
    if (lists.some(({ lists: l }) => l.common.has(f)) || borrowed.some((l) => l.common.has(f))) return true;
    if (f.includes("-")) return f.split("-").every((p) => p.length === 0 || isCommonWord(p));
    const elided = /^(?:c|d|j|l|m|n|s|t|qu|jusqu|lorsqu|puisqu)['’](.+)$/u.exec(f);
    if (elided) return isCommonWord(elided[1]);
    // A plural or inflected form the dictionary lacks ("scarifications", "anhédonies", "wonden").
    for (const ending of ["s", "x", "es", "en", "e"]) if (f.length > ending.length + 4 && f.endsWith(ending) && lists.some(({ lists: l }) => l.common.has(f.slice(0, -ending.length)))) return true;
    return false;
  };
  /** A name or place list knows it, and the note's own language does not call it only a word. */
  const isListed = (f: string): boolean => {
    const primary = lists[0]?.lists;
    if (primary && primary.common.has(f) && !primary.nameLike.has(f)) return false;
    return lists.some(({ lists: l }) => l.nameLike.has(f));
  };
  // A phrase of ordinary lower-case words ("votre avis et DaTSCAN", "travaille jusqu'à") is not a name.
  const particles = new Set(NAME_PARTICLES.map(fold));
  const lowerCommon = words.filter((w) => w.text.length > 1 && isLowerCase(w.text) && !particles.has(w.folded) && !lowerRegister && isCommonWord(w.folded)).length;
  if (words.length >= 3 && lowerCommon >= 2) return "dropped:phrase";
  /** A drug before its dose or a value ("Clexane 40 mg", "Tiffeneau 49%"), an eponym ("ziekte van Kahler"). */
  const drugOrEponymAt = (start: number, end: number): boolean =>
    DOSE_AFTER.test(text.slice(end, end + 16)) ||
    DOSE_BEFORE.test(text.slice(Math.max(0, start - 24), start)) || EPONYM_BEFORE.test(text.slice(Math.max(0, start - 32), start)) || EPONYM_AFTER.test(text.slice(end, end + 16));
  let explained = false;
  let midSentence = false;
  let titleCase: boolean | undefined;
  const titleCaseLine = (): boolean => {
    if (titleCase === undefined) {
      const long = wordsOf(line, 0).filter((w) => w.text.length >= 3);
      titleCase = long.length > 0 && long.filter((w) => isCapitalised(w.text)).length * 2 > long.length;
    }
    return titleCase;
  };
  let unknownLower = false;
  let drugOrEponym = false;
  let acronym = false;
  let countryOrLanguage = false;
  let nameListWord = false;
  let capitalised = 0;
  for (const w of words) {
    const f = w.folded;
    const atStart = SENTENCE_START.test(text.slice(Math.max(0, w.start - 6), w.start)) || w.start === 0;
    const cap = isCapitalised(w.text);
    const allCaps = w.text.length > 1 && !/\p{Ll}/u.test(w.text);
    if (ni.words.has(f)) {
      countryOrLanguage = true;
      continue;
    }
    // Drug brands, scores, devices and eponyms; brand-like capitals inside a word ("FibroScan", "DaTSCAN").
    if (neverNames.has(f) || /\p{Ll}\p{Lu}/u.test(w.text.slice(1))) {
      drugOrEponym = true;
      continue;
    }
    // A one-letter word: an initial when capitalised and followed by a dot ("A.M.", "P. van Ee"), else nothing.
    if (w.text.length === 1) {
      const next = text.slice(w.start + 1, w.start + 16);
      const prev = /(\p{L}+)\.?\s*$/u.exec(text.slice(Math.max(0, w.start - 24), w.start))?.[1];
      const afterWord = prev !== undefined && isLowerCase(prev) && prev.length > 1 && !cues.title.test(fold(text.slice(Math.max(0, w.start - 24), w.start)));
      if (cap && !afterWord && /^\.[ \t]*(?:\p{Lu}|(?:van|de|der|den|le|la|du|von|ten|ter)\s)/u.test(next) && !lowerRegister && !cues.titleLetters.has(f)) return "kept:proper-word";
      continue;
    }
    // "Ch.", "Pl.", "Dr": a short abbreviation, not a name by itself.
    if (w.text.length === 2 && cap && !allCaps && text[w.start + 2] === ".") continue;
    const lastPart = w.text.includes("-") ? w.text.slice(w.text.lastIndexOf("-") + 1) : "";
    const common = (lastPart.length > 2 && isLowerCase(lastPart) && (isCommonWord(fold(lastPart)) || endsWithClinicalSuffix(fold(lastPart)))) || isCommonWord(f) || (isLowerCase(w.text) && (lists.some(({ lang, lists: l }) => lang === "nl" && isCompound(f, l.common)) || endsWithClinicalSuffix(f)));
    if (cap && !upperRegister && !lowerRegister) capitalised++;
    if (!common) {
      if (lowerRegister && !allCaps && !ocrRead.has(w.start)) return "kept:lower-case-register";
      // A lower-case word right after an initial and a dot is a user name or a surname ("s.bissessur").
      if (/(?:^|[^\p{L}])\p{L}\.$/u.test(text.slice(Math.max(0, w.start - 3), w.start))) return "kept:proper-word";
      // On a line in capitals (an ambulance report, a heading) an unknown word is jargon as often as a name.
      if (upperRegister) {
        unknownLower = true;
        continue;
      }
      // An acronym on a mixed-case line names an organisation only after a preposition of place or agency
      // ("bij de NMBS", "verwezen door CB"); else it is a clinical abbreviation ("AFP", "ABR", "RDV").
      if (allCaps && !upperRegister && w.text.length <= 6) {
        if (ORGANISATION_BEFORE.test(fold(text.slice(Math.max(0, w.start - 24), w.start)))) return "kept:proper-word";
        acronym = true;
        continue;
      }
      // A long word in capitals on a mixed line is a heading word unless a written name stands beside it
      // ("JANSSENS Marc", "Marc JANSSENS").
      if (allCaps && !upperRegister && !/\p{Lu}\p{Ll}+[ \t]*$/u.test(text.slice(Math.max(0, w.start - 24), w.start)) && !/^[ \t]*,?[ \t]*\p{Lu}\p{Ll}/u.test(text.slice(w.start + w.text.length, w.start + w.text.length + 24))) {
        unknownLower = true;
        continue;
      }
      if (upperRegister || cap || allCaps) {
        const wEnd = w.start + w.text.length;
        if (drugOrEponymAt(w.start, wEnd)) {
          drugOrEponym = true;
          continue;
        }
        // A field name at the start of a line ("Rem :", "Infi :"), or a clinical term at a sentence start.
        if (cap && atStart && (/^\s*[:.]/.test(text.slice(wEnd, wEnd + 3)) || endsWithClinicalSuffix(f))) {
          explained = true;
          continue;
        }
        // A capitalised Dutch compound of two common words at the start of a line or sentence ("Spoedopname").
        if (cap && !allCaps && atStart && lists.some(({ lang, lists: l }) => lang === "nl" && isCompound(f, l.common))) {
          explained = true;
          continue;
        }
        return "kept:proper-word";
      }
      unknownLower = true;
      continue;
    }
    if (isListed(f)) {
      if (drugOrEponymAt(w.start, w.start + w.text.length)) {
        drugOrEponym = true;
        continue;
      }
      if (cap && !upperRegister && !allCaps && (!atStart || (wholeLine && words.length <= 2))) return "kept:name-list";
      if ((cap || lowerRegister || upperRegister) && wholeLine && words.length <= 2) return "kept:name-list";
      nameListWord = true;
      if (cap && atStart) explained = true;
    }
    // A capitalised common word inside a sentence, on a line in sentence case, is used as a proper noun ("hulp van
    // Familiehulp", "le groupe des Alcooliques Anonymes"); on a title-case line or a heading it says nothing.
    if (cap && !allCaps && !atStart && !upperRegister && !lowerRegister && !lastPart && !titleCaseLine()) {
      if (drugOrEponymAt(w.start, w.start + w.text.length)) drugOrEponym = true;
      else midSentence = true;
    }
  }
  if (midSentence) return "kept:capitalised-in-sentence";
  // Cues: a title or relation before a name-list word; other cues before a capitalised or listed phrase.
  const befores = [...new Set([span.start, phrase[0].start])].map((at) => {
    const b = fold(text.slice(Math.max(0, at - 48), at));
    return b.slice(b.lastIndexOf("\n") + 1);
  });
  const anyBefore = (re: RegExp) => befores.some((b) => re.test(b));
  const ownFull = fold(text.slice(Math.max(0, span.start - 48), span.start));
  const own = ownFull.slice(ownFull.lastIndexOf("\n") + 1);
  if (nameListWord && (cues.title.test(own) || (category === "Name" && cues.name.test(own)))) return "kept:cue";
  if ((category === "Address_Location" || category === "Organization") && capitalised > 0 && anyBefore(cues.place)) return "kept:cue";
  if (anyBefore(STRICT_IDENTIFIER_CUE) && /^\s*\p{Lu}{2,}\s*$/u.test(surface)) return "kept:cue";
  const phraseWords = wordsOf(text.slice(phrase[0].start, phrase[phrase.length - 1].end), phrase[0].start);
  const caps = phraseWords.filter((w) => isCapitalised(w.text)).length;
  if (!upperRegister && caps >= 2 && isCapitalised(phraseWords[0].text) && phraseWords.some((w) => cues.organisationHead.has(w.folded))) return "kept:cue";
  // A capitalised street name before a house number or a postcode, at the end of the span or of its phrase.
  const isStreet = (w: Word | undefined) =>
    w !== undefined && isCapitalised(w.text) && [...cues.streetType].some((t) => w.folded === t || (t.length >= 3 && w.folded.length > t.length + 2 && w.folded.endsWith(t)));
  for (const [lastWord, end] of [[words[words.length - 1], span.end] as const, [phraseWords[phraseWords.length - 1], phrase[phrase.length - 1].end] as const]) {
    const next = text.slice(end, end + 24);
    if (isStreet(lastWord) && (/^[\s,]*\d/.test(next) || POSTCODE_SHAPE.test(next))) return "kept:cue";
  }
  if (category === "Profession" && cues.professionRightBefore.test(own)) return "kept:cue";
  if (category === "Date" && words.some((w) => MONTH_WORDS.has(w.folded))) return "kept:calendar";
  if (drugOrEponym) return "dropped:drug-or-eponym";
  if (acronym) return "dropped:acronym";
  if (countryOrLanguage) return "dropped:country-or-language";
  if (unknownLower) return "dropped:unknown-lower-case";
  if (explained) return "dropped:capital-explained";
  return "dropped:common-words";
}

const MONTH_WORDS: ReadonlySet<string> = new Set(
  (["nl", "fr", "en"] as const).flatMap((l) => [...MONTHS[l].full, ...MONTHS[l].abbr.filter((a) => a.length >= 3), ...MONTHS[l].variants.flat()]).map(fold),
);

// ---- the veto --------------------------------------------------------------------------------------------------

export type VetoOutcome = "dropped" | "kept:not-only-model" | "kept:overlaps-other" | "kept:label" | "kept:shape" | "kept:word" | "kept:name-like" | "kept:cue";

export interface LexicalVetoStats {
  candidates: number;
  dropped: number;
  kept_by_cue: number;
  kept_name_like: number;
  kept_other_word: number;
  /** Strict mode: judged model-only spans per outcome and reason ("dropped:number", "kept:proper-word", …). */
  reasons?: Record<string, number>;
}

/**
 * `words` (1.x): drop a model-only span when every word is a common word, unless a cue supports it.
 * `strict`: keep a model-only span only when something besides the model says it identifies someone (a PII shape,
 * a name-list word where a name can stand, a capitalised word no dictionary knows, or a cue next to a name-like
 * word); drop it otherwise. See `judgeStrict`.
 */
export type LexicalVetoMode = "words" | "strict";

export interface LexicalVetoConfig {
  /** Ids of the detectors whose spans may be dropped (model detectors). */
  detectors: readonly string[];
  /** Fixed word languages; default: from each document's metadata.lang, else the stack language. */
  languages?: readonly WordLanguage[];
  /** The stack language, when a document has no metadata.lang. */
  stackLanguage: string;
  /** Word lists by language (default: the shipped lists); tests pass small ones. */
  wordLists?: (lang: WordLanguage) => WordLists;
  /** Default `words`. */
  mode?: LexicalVetoMode;
}

export interface LexicalVeto {
  id: string;
  version: string;
  apply(spans: readonly Span[], document: Document): { spans: Span[]; dropped: number };
  provenance(): Record<string, unknown>;
  stats(): LexicalVetoStats;
}

/** Labels whose spans the veto judges; ages are left alone (number words, "jarige"). */
const JUDGED = new Set(["Name", "Address_Location", "Organization", "Profession", "Contactdetails", "ID", "Date"]);

export function createLexicalVeto(config: LexicalVetoConfig): LexicalVeto {
  const vetoable = new Set(config.detectors);
  const listsOf = config.wordLists ?? shippedWordLists;
  const mode = config.mode ?? "words";
  const stats: LexicalVetoStats = { candidates: 0, dropped: 0, kept_by_cue: 0, kept_name_like: 0, kept_other_word: 0, ...(mode === "strict" ? { reasons: {} } : {}) };
  const languagesOf = (doc: Document): WordLanguage[] => {
    if (config.languages) return [...config.languages];
    const tag = typeof doc.metadata?.lang === "string" && doc.metadata.lang ? doc.metadata.lang : config.stackLanguage;
    return vetoLanguagesOf(tag);
  };

  /** The words of one span: "other" or "name-like" keeps it; "common" leaves it to the cues. */
  function judgeWords(span: Span, text: string, langs: WordLanguage[]): VetoOutcome | "common" {
    if (!JUDGED.has(categoryOf(span.label))) return "kept:label";
    const surface = text.slice(span.start, span.end);
    if (!isWordsOnly(surface)) return "kept:shape";
    const lists = langs.map((lang) => ({ lang, lists: listsOf(lang) }));
    let nameLike = false;
    for (const w of wordsOf(surface, span.start)) {
      const v = judgeWord(w, lists);
      if (v === "other") return "kept:word";
      if (v === "name-like") nameLike = true;
    }
    return nameLike ? "kept:name-like" : "common";
  }

  /**
   * Cues around a phrase: one span, or a run of model spans separated only by spaces or hyphens ("Liberale" +
   * "Mutualiteit"). An organisation word or a strong profession cue counts whatever label the model gave (its labels
   * are as unreliable as its boundaries); a title before a name only for a name, a residence word only for a place
   * or an organisation.
   */
  function hasCue(phrase: readonly Span[], span: Span, text: string, langs: WordLanguage[]): boolean {
    const start = phrase[0].start;
    const end = phrase[phrase.length - 1].end;
    const category = categoryOf(span.label);
    const cues = cuesFor(langs);
    const words = wordsOf(text.slice(start, end), start);
    if (words.length === 0) return false;
    // Words right before the span itself, and before the run it stands in.
    const befores = [...new Set([span.start, start])].map((at) => fold(text.slice(Math.max(0, at - 48), at)));
    const after = text.slice(end, end + 8);
    const last = words[words.length - 1].folded;
    const anyBefore = (re: RegExp) => befores.some((b) => re.test(b));
    if (category === "Name" ? anyBefore(cues.name) : anyBefore(cues.title)) return true;
    if ((category === "Address_Location" || category === "Organization") && anyBefore(cues.place)) return true;
    if (anyBefore(cues.identifier)) return true;
    if (cues.streetType.has(last) && (/^[\s,]*\d/.test(after) || befores.some((b) => /\d[\s,]*$/.test(b)))) return true;
    if (isCapitalised(words[0].text) && words.some((w) => cues.organisationHead.has(w.folded))) return true;
    if (anyBefore(cues.profession) || (category === "Profession" && anyBefore(cues.weakProfession))) return true;
    const own = wordsOf(text.slice(span.start, span.end), span.start);
    return category === "Date" && own.some((w) => cues.calendar.has(w.folded));
  }

  return {
    id: LEXICAL_VETO_ID,
    version: LEXICAL_VETO_VERSION,
    apply(spans, document) {
      const candidate = spans.map((s) => {
        const ds = s.detectors ?? [];
        return ds.length > 0 && ds.every((d) => vetoable.has(d));
      });
      const langs = languagesOf(document);
      const drop = new Set<number>();
      const text = document.text;
      // Model-only spans that no deterministic finding overlaps, in text order, grouped into phrases.
      const judged = spans
        .map((s, i) => ({ s, i }))
        .filter(({ s, i }) => candidate[i] && !spans.some((o, k) => !candidate[k] && o.start < s.end && s.start < o.end))
        .sort((a, b) => a.s.start - b.s.start || a.s.end - b.s.end);
      stats.candidates += candidate.filter(Boolean).length;
      let k = 0;
      while (k < judged.length) {
        const phrase = [judged[k]];
        while (k + phrase.length < judged.length) {
          const next = judged[k + phrase.length];
          const gap = text.slice(phrase[phrase.length - 1].s.end, next.s.start);
          if (next.s.start < phrase[phrase.length - 1].s.end || !/^[ \t-]{0,2}$/.test(gap)) break;
          phrase.push(next);
        }
        k += phrase.length;
        const spansOfPhrase = phrase.map((p) => p.s);
        for (const { s: span, i } of phrase) {
          if (mode === "strict") {
            const reason = judgeStrict(spansOfPhrase, span, text, langs, listsOf);
            stats.reasons![reason] = (stats.reasons![reason] ?? 0) + 1;
            if (reason.startsWith("dropped:")) drop.add(i);
            else if (reason === "kept:cue") stats.kept_by_cue++;
            else if (reason === "kept:name-list") stats.kept_name_like++;
            else stats.kept_other_word++;
            continue;
          }
          const words = judgeWords(span, text, langs);
          if (words === "kept:name-like") stats.kept_name_like++;
          else if (words === "kept:word") stats.kept_other_word++;
          else if (words === "common") {
            if (hasCue(spansOfPhrase, span, text, langs)) stats.kept_by_cue++;
            else drop.add(i);
          }
        }
      }
      stats.dropped += drop.size;
      return { spans: drop.size ? spans.filter((_, i) => !drop.has(i)) : [...spans], dropped: drop.size };
    },
    provenance() {
      const langs = config.languages ? [...config.languages] : vetoLanguagesOf(config.stackLanguage);
      return {
        id: LEXICAL_VETO_ID,
        version: LEXICAL_VETO_VERSION,
        mode,
        detectors: [...vetoable],
        languages: config.languages ? langs : "document",
        word_lists: Object.fromEntries(
          (["nl", "fr", "en"] as const)
            .filter((l) => !config.languages || langs.includes(l))
            .map((l) => [l, config.wordLists ? config.wordLists(l).sha256 : shippedWordListsSha256(l)]),
        ),
      };
    },
    stats: () => ({ ...stats, ...(stats.reasons ? { reasons: { ...stats.reasons } } : {}) }),
  };
}
