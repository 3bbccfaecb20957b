// Replacement values by language, taken from @faker-js/faker's locale data (names, places) and short word lists.
import { createRequire } from "node:module";
import type * as Faker from "@faker-js/faker";
import type { WordLanguage } from "../../contract/index.js";

// faker's locale data load on the first pool built (require of its ES module, Node >= 20.19), so that a run whose
// transform draws no surrogates never loads them (start-up time, issue 14).
let fakerModule: typeof Faker | undefined;
function faker(): typeof Faker {
  return (fakerModule ??= createRequire(import.meta.url)("@faker-js/faker") as typeof Faker);
}

export interface Pools {
  female: readonly string[];
  male: readonly string[];
  /** Every given name (female, male, unisex). */
  given: readonly string[];
  family: readonly string[];
  /** Place names for towns and the non-street words of addresses and organisations. */
  places: readonly string[];
  professions: readonly string[];
}

type Named = { generic?: readonly string[]; female?: readonly string[]; male?: readonly string[] } | undefined;

function list(...sources: (readonly string[] | undefined)[]): string[] {
  // One word each, letters only, so a replacement keeps the word count of what it replaces.
  const out = new Set<string>();
  for (const s of sources) for (const v of s ?? []) if (/^\p{L}[\p{L}'’]*$/u.test(v) && v.length >= 2) out.add(v);
  return [...out].sort();
}

type Locale = ReturnType<typeof faker>["en"];
const firstNames = (l: Locale) => l.person?.first_name as Named;
const lastNames = (l: Locale) => l.person?.last_name as Named;
const strings = (xs: unknown) => xs as readonly string[] | undefined;

/** A language's pools: female and male names from every `first` list, names of either sex from `generic` ones only. */
function poolsOf(o: { first: Named[]; generic: Named[]; last: Named[]; places: (readonly string[] | undefined)[]; professions: readonly string[] }): Pools {
  const female = list(...o.first.map((n) => n?.female));
  const male = list(...o.first.map((n) => n?.male));
  return {
    female,
    male,
    given: list(female, male, ...o.generic.map((n) => n?.generic)),
    family: list(...o.last.map((n) => n?.generic)),
    places: list(...o.places),
    professions: o.professions,
  };
}

// Common trades and jobs, one word each where possible; enough of them that two professions of one patient rarely
// draw the same surrogate.
const PROFESSIONS: Record<WordLanguage, readonly string[]> = {
  nl: ["bediende", "arbeider", "leerkracht", "boekhouder", "kapper", "chauffeur", "schrijnwerker", "verkoper", "bakker", "elektricien", "loodgieter", "kok", "tuinier", "magazijnier", "poetshulp", "programmeur", "landbouwer", "schilder", "metser", "kassierster",
    "slager", "postbode", "verpleegkundige", "apotheker", "advocaat", "notaris", "architect", "ingenieur", "journalist", "fotograaf", "bibliothecaris", "secretaresse", "onthaalmedewerker", "vertaler", "kleuterleidster", "opvoeder", "boswachter", "visser",
    "dakwerker", "stukadoor", "lasser", "mecanicien", "timmerman", "beenhouwer", "bloemist", "kelner", "barman", "conciërge", "buschauffeur", "taxichauffeur", "treinbegeleider", "brandweerman", "politieagent", "militair", "tandartsassistente", "kinesist", "logopedist", "diëtist"],
  fr: ["employé", "ouvrier", "enseignant", "comptable", "coiffeur", "chauffeur", "menuisier", "vendeur", "boulanger", "électricien", "plombier", "cuisinier", "jardinier", "magasinier", "programmeur", "agriculteur", "peintre", "maçon", "caissière", "secrétaire",
    "boucher", "facteur", "infirmier", "pharmacien", "avocat", "notaire", "architecte", "ingénieur", "journaliste", "photographe", "bibliothécaire", "réceptionniste", "traducteur", "institutrice", "éducateur", "garde-forestier", "pêcheur",
    "couvreur", "plafonneur", "soudeur", "mécanicien", "charpentier", "fleuriste", "serveur", "barman", "concierge", "conducteur", "pompier", "policier", "militaire", "kinésithérapeute", "logopède", "diététicien", "vétérinaire", "libraire", "tailleur"],
  en: ["clerk", "labourer", "teacher", "accountant", "hairdresser", "driver", "carpenter", "salesperson", "baker", "electrician", "plumber", "cook", "gardener", "warehouse worker", "cleaner", "programmer", "farmer", "painter", "bricklayer", "cashier",
    "butcher", "postman", "nurse", "pharmacist", "lawyer", "solicitor", "architect", "engineer", "journalist", "photographer", "librarian", "secretary", "receptionist", "translator", "childminder", "forester", "fisherman",
    "roofer", "plasterer", "welder", "mechanic", "joiner", "florist", "waiter", "bartender", "caretaker", "bus driver", "firefighter", "police officer", "soldier", "physiotherapist", "speech therapist", "dietitian", "vet", "bookseller", "tailor"],
};

function build(lang: WordLanguage): Pools {
  const { en, fr, fr_BE, nl, nl_BE } = faker();
  if (lang === "nl") {
    return poolsOf({
      first: [firstNames(nl_BE), firstNames(nl)],
      generic: [firstNames(nl)],
      // Belgian family names come from both language communities: faker's nl, nl_BE and fr_BE lists.
      last: [lastNames(nl_BE), lastNames(nl), lastNames(fr_BE)],
      places: [strings(nl_BE.location?.city_prefix)],
      professions: PROFESSIONS.nl,
    });
  }
  if (lang === "fr") {
    return poolsOf({
      first: [firstNames(fr)],
      generic: [firstNames(fr)],
      last: [lastNames(fr), lastNames(fr_BE)],
      places: [strings(fr_BE.location?.city_prefix), strings(fr.location?.city_name)],
      professions: PROFESSIONS.fr,
    });
  }
  return poolsOf({ first: [firstNames(en)], generic: [firstNames(en)], last: [lastNames(en)], places: [strings(en.location?.city_name)], professions: PROFESSIONS.en });
}

const cache = new Map<WordLanguage, Pools>();

export function poolsFor(lang: WordLanguage): Pools {
  let p = cache.get(lang);
  if (!p) {
    p = build(lang);
    if (p.given.length < 50 || p.family.length < 200 || p.places.length < 20) {
      throw new Error(`surrogate pools for ${lang} are too small; check the @faker-js/faker version`);
    }
    cache.set(lang, p);
  }
  return p;
}

/** The faker package version, reported in provenance: replacement values depend on its data. */
export { version as FAKER_VERSION } from "./faker-version.js";
