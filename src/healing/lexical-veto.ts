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
export const LEXICAL_VETO_VERSION = "1.1.0";

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
  nl: ["straat", "laan", "weg", "plein", "dreef", "kaai", "kade", "steenweg", "lei", "singel", "gracht", "markt", "pad", "hof", "baan"],
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

// ---- the veto --------------------------------------------------------------------------------------------------

export type VetoOutcome = "dropped" | "kept:not-only-model" | "kept:overlaps-other" | "kept:label" | "kept:shape" | "kept:word" | "kept:name-like" | "kept:cue";

export interface LexicalVetoStats {
  candidates: number;
  dropped: number;
  kept_by_cue: number;
  kept_name_like: number;
  kept_other_word: number;
}

export interface LexicalVetoConfig {
  /** Ids of the detectors whose spans may be dropped (model detectors). */
  detectors: readonly string[];
  /** Fixed word languages; default: from each document's metadata.lang, else the stack language. */
  languages?: readonly WordLanguage[];
  /** The stack language, when a document has no metadata.lang. */
  stackLanguage: string;
  /** Word lists by language (default: the shipped lists); tests pass small ones. */
  wordLists?: (lang: WordLanguage) => WordLists;
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
  const stats: LexicalVetoStats = { candidates: 0, dropped: 0, kept_by_cue: 0, kept_name_like: 0, kept_other_word: 0 };
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
        detectors: [...vetoable],
        languages: config.languages ? langs : "document",
        word_lists: Object.fromEntries(
          (["nl", "fr", "en"] as const)
            .filter((l) => !config.languages || langs.includes(l))
            .map((l) => [l, config.wordLists ? config.wordLists(l).sha256 : shippedWordListsSha256(l)]),
        ),
      };
    },
    stats: () => ({ ...stats }),
  };
}
