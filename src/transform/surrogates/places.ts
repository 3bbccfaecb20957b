// Surrogates for addresses, organisations and professions: function words stay, street names keep their
// suffix ("-straat", "Rue …"), other proper words become town or family names, numbers keep their shape.
import { foldSameLength } from "../dates/words.js";
import { withCaseOf } from "./names.js";

/** Words that carry no identity in an address or an organisation name and stay as written. */
const KEEP_WORDS = new Set(
  [
    // address function words
    "bus", "box", "bte", "boite", "boîte", "postbus", "nr", "nummer", "no", "num", "rue", "avenue", "av", "chaussee", "chaussée", "place",
    "boulevard", "bd", "square", "allee", "allée", "impasse", "chemin", "route", "quai", "street", "st", "road", "rd", "lane", "drive",
    "court", "way", "te", "in", "op", "à", "a", "b", "bp", "apt", "app", "appartement", "verdieping", "etage", "étage", "floor",
    "belgie", "belgië", "belgique", "belgium", "nederland", "france", "frankrijk", "duitsland", "allemagne", "luxemburg", "luxembourg",
    "vlaanderen", "wallonie",
    // organisation kind words
    "az", "uz", "chu", "chr", "chc", "ziekenhuis", "ziekenhuizen", "kliniek", "klinieken", "clinique", "cliniques", "hôpital", "hopital",
    "hospital", "centrum", "centre", "center", "medisch", "medische", "médical", "medical", "universitair", "universitaire",
    "university", "huisartsenpraktijk", "huisartsenwachtpost", "praktijk", "groepspraktijk", "wachtpost", "apotheek", "pharmacie",
    "pharmacy", "rusthuis", "woonzorgcentrum", "wzc", "mrs", "maison", "repos", "dienst", "service", "department", "afdeling",
    "campus", "sint", "saint", "ste", "heilig", "hart", "vzw", "asbl", "nv", "bv", "bvba", "cvba", "srl", "sa", "revalidatiecentrum",
    "psychiatrisch", "psychiatrique", "kinderziekenhuis", "ocmw", "cpas", "mutualiteit", "mutualité", "ziekenfonds", "school",
    "école", "ecole", "universiteit", "université",
    // particles
    "van", "de", "der", "den", "het", "la", "le", "les", "du", "des", "of", "the", "and", "en", "et", "&", "d", "l", "aan", "bij", "sur",
  ].map((w) => foldSameLength(w)),
);

const STREET_SUFFIXES = ["steenweg", "straat", "laan", "lei", "weg", "plein", "dreef", "kaai", "kade", "dijk", "markt", "baan", "hof", "park", "pad", "singel", "gracht", "vest", "berg", "veld", "wijk", "street", "road", "lane", "avenue", "drive", "close"];

export type WordPicker = (role: "place" | "family", original: string) => string;

function streetRoot(folded: string): { root: number; suffix: string } | undefined {
  for (const s of STREET_SUFFIXES) {
    if (folded.endsWith(s) && folded.length > s.length + 2) return { root: folded.length - s.length, suffix: s };
  }
  return undefined;
}

function replaceProperWords(text: string, pick: WordPicker, streetAware: boolean): string {
  return text.replace(/\p{L}[\p{L}'’]*/gu, (word) => {
    const folded = foldSameLength(word);
    if (KEEP_WORDS.has(folded)) return word;
    // Lower-case words are ordinary words ("achter", "hoek"), not names.
    if (word === word.toLowerCase() && word.length > 1) return word;
    if (streetAware) {
      const street = streetRoot(folded);
      if (street) {
        const root = pick("family", word.slice(0, street.root));
        return withCaseOf(word, root) + (word === word.toUpperCase() ? word.slice(street.root).toUpperCase() : word.slice(street.root));
      }
    }
    return withCaseOf(word, pick("place", word));
  });
}

/** Address surrogate: numbers keep their shape (a 4-digit postal code stays 4 digits), proper words are replaced. */
export function addressSurrogate(text: string, pick: WordPicker, digits: (n: string) => string): string {
  return replaceProperWords(text, pick, true).replace(/\d+/g, (n) => digits(n));
}

/** Organisation surrogate: kind words (AZ, ziekenhuis, clinique) stay, the identifying words become town names. */
export function organisationSurrogate(text: string, pick: WordPicker, digits: (n: string) => string): string {
  return replaceProperWords(text, pick, false).replace(/\d+/g, (n) => digits(n));
}
