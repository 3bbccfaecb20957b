// Lower-case lines ("labs for hernandez today", "transfer to st lukes", "pts from fresno with copd"): a search query
// or a hurried note written without capitals hides every proper name from the shape rules. On a line with no capital
// letter at all, the words the lists know as names, places and facilities (and that are not everyday or medical
// words) are given a capital, and the usual rules run on that text. Same length, same offsets; one pass per line.
import { type PhraseIndex, type RulesEnLexicon, canonicalWord, stripAccents } from "./lexicon.js";
import { nameLikeness } from "./namelike.js";
import { EPONYM_CONTEXT, EPONYM_FAR_CONTEXT, MONTH_WORDS, STOP_WORDS, WEEKDAY_WORDS } from "./words.js";

const WORD = /[\p{L}\p{M}]+/gu;
/** A word written with a capital and then small letters ("Hernandez", "Labs"): a line that has one was written with
 * capitals, and its lower-case words are meant so. Capitals alone ("MRN", "CVS", "68M") do not count. */
const TITLE_WORD = /(?<![\p{L}\p{M}])\p{Lu}[\p{Ll}\p{M}]/u;
/** Code, markup or a command line, not a note or a query. */
const CODE = /[`{}<>=\\]|\$\(|\s--[a-z]/;

/** Titles that make the next word a name ("dr anand", "mrs raman"). */
const TITLES = new Set(["dr", "mr", "mrs", "ms", "prof", "mx"]);
/** Words that continue a facility named by a place or a saint ("leeds general", "st lukes", "mercy west"). */
const FACILITY_TAIL = new Set([
  "general", "hospital", "hospitals", "infirmary", "clinic", "medical", "center", "centre", "health", "surgery", "practice",
  "hospice", "memorial", "regional", "community", "university", "children's", "childrens", "royal", "county",
]);
const STOP = new Set(["and", "or", "to", "at", "in", "on", "for", "of", "the", "a", "an", "is", "was", "with", "from", "by", "re", "per"]);
/** Devices named after people ("jackson pratt drain", "foley catheter", "zimmer frame"). */
const DEVICE_WORDS = new Set(["drain", "drains", "catheter", "tube", "line", "needle", "frame", "collar", "stockings", "splint", "mask", "bag", "boot", "forceps", "retractor", "clamp", "valve", "shunt", "stent", "pump"]);
const COMPASS = new Set(["north", "south", "east", "west", "northeast", "northwest", "southeast", "southwest", "campus"]);
/** Words after a title that are not a name ("dr said", "mr to call"). */
const NOT_NAME = new Set(["and", "or", "to", "at", "in", "on", "for", "of", "the", "a", "an", "is", "was", "will", "said", "says", "note", "notes", "appt", "office", "letter", "team", "list"]);

/** Months that are also given names, and the words before a month that make it a date. */
const MONTH_GIVEN_NAMES = new Set(["april", "may", "june", "august"]);
const DATE_BEFORE_MONTH = new Set(["in", "since", "from", "on", "of", "last", "next", "early", "late", "mid", "until", "till", "by", "before", "after", "during", "this", "through", "to", "end", "beginning", "start"]);
/** Particles of surnames written in lower case ("van der steen", "de la cruz"). */
const LOWER_PARTICLES = new Set(["van", "von", "der", "den", "de", "la", "los", "las", "da", "di", "dos", "du", "del", "ter", "ten", "ap"]);
/** Prefixes joined to a surname by a hyphen ("al-haddad", "el-sayed", "abu-zaid"). */
const ARABIC_PREFIXES = new Set(["al", "el", "abu", "abd", "abdel", "abdul", "bin", "ibn", "ben", "bint"]);
/** Prepositions before a place: a listed place of everyday words is read as one after them ("from grand rapids"). */
const PLACE_PREPOSITIONS = new Set(["from", "in", "near", "of", "to", "at"]);
/** A verb of residence and its preposition: a listed town that is also a word is a town after it. */
const RESIDENCE = new Set(["lives in", "living in", "lived in", "lives near", "resident of", "residents of", "moved to", "moved from", "visiting from", "is from", "back from", "grew up in", "born in", "raised in", "relocated to", "relocating to"]);
/** Words before or after a three-letter facility acronym that make it one ("readmitted nyu", "nyu records"). */
const FACILITY_CUES = new Set(["at", "from", "to", "via", "admitted", "readmitted", "transferred", "transfer", "seen", "attends", "attended", "discharged", "referred"]);
const FACILITY_NEXT = new Set(["records", "transfer", "er", "ed", "clinic", "notes", "admission", "admissions", "discharge", "letter", "letters", "referral", "campus"]);
/** Listed acronyms that are as often something else in a note ("cvs" a system heading, "hca" a care assistant). */
const AMBIGUOUS_ACRONYMS = new Set(["cvs", "hca", "bmi", "las", "ups", "smh", "kfc", "irs"]);
/** Facility types that name a service as often as a place: never a facility's name in lower case by themselves. */
const WEAK_TYPES = new Set(["health", "unit", "facility", "rehabilitation", "rehab", "imaging", "diagnostics", "labs", "laboratory", "laboratories", "pediatrics", "paediatrics", "orthopedics", "orthopaedics", "dental", "dentistry", "institute", "ambulance", "ems", "paramedics", "pcn", "physiotherapy", "opticians", "hosp", "pharmacy", "dermatopathology"]);

/** US state codes that are no English word or clinical abbreviation ("ky", "wv", "nj"; not "me", "oh", "ca", "tx", "va"). */
const LOWER_STATE_CODES = new Set(["ak", "az", "ga", "il", "ky", "mn", "nj", "ny", "ri", "tn", "ut", "wa", "wv", "wi", "wy"]);

/** Words after "<place> county" that make it an organisation's name ("health dept", "council", "sheriff"). */
const COUNTY_ORG_NEXT = new Set(["health", "dept", "department", "council", "sheriff", "sheriff's", "jail", "hospital", "general", "memorial", "medical", "schools", "school", "court", "fire", "ems", "public", "social", "services", "library", "commission", "board", "clinic", "detention", "corrections"]);

/** Trades and schools that end an organisation's name in a lower-case line, after a word that can name a place. */
const ORG_LOWER_TYPES = new Set(["daycare", "preschool", "elementary", "academy", "montessori", "poultry", "freight", "haulage", "logistics", "trucking", "transit", "foods", "dairies", "creamery", "construction", "roofing", "plumbing", "motors", "bakery", "brewery", "brewing", "solicitors", "llc", "inc", "ltd", "plc", "aerospace", "couriers", "orchards", "vineyards"]);
/** Generic words inside a facility's name that the medical spelling list also knows ("brackenholt community hospital"). */
const GENERIC_MODIFIERS = new Set(["community", "general", "memorial", "regional", "district", "county", "university", "royal", "children's", "childrens", "women's", "family", "medical", "health", "city", "teaching", "private", "public", "national", "central"]);
/** Facility types that name a place of care by themselves: an unlisted word before them is the facility's name. */
const STRONG_TYPES = new Set(["hospital", "surgery", "practice", "health centre", "health center", "medical centre", "medical center", "care home", "nursing home", "assisted living", "senior living", "hospice", "infirmary", "medical practice", "family practice", "residential home", "retirement home"]);

interface Word {
  start: number;
  end: number;
  low: string;
}

function known(lex: RulesEnLexicon, low: string, capitals = false): "name" | "place" | undefined {
  // On a line with capitals (acronyms, "MRN", "CXR: ... ETT"), a medical word is always a word ("carina").
  if (capitals && (lex.medical.has(low) || lex.medicalProper.has(low))) return undefined;
  if (low.length < 3 || lex.common.has(low) || lex.eponyms.has(low) || lex.wordFirstNames.has(low) || lex.countries.has(low)) return undefined;
  if (MONTH_WORDS.has(low) || WEEKDAY_WORDS.has(low) || STOP_WORDS.has(low)) return undefined;
  const bare = stripAccents(low);
  const first = lex.firstNames.get(low) ?? lex.firstNames.get(bare);
  const last = lex.surnames.get(low) ?? lex.surnames.get(bare);
  // A medical word is a word unless the census lists it as a name ("jackson" of Jackson-Pratt), as rules-en reads it.
  if ((lex.medical.has(low) || lex.medicalProper.has(low)) && first === undefined && (last ?? Infinity) >= 20000) return undefined;
  // Short words ("sha", "mei") are too often something else; rarer surnames need letters that read as a name.
  if (low.length >= 4 && first !== undefined && first < 4000) return "name";
  if (low.length >= 4 && last !== undefined && last < 25000 && !lex.commonSmall.has(low) && (last < 2000 || nameLikeness(low) > 0.2)) return "name";
  if (lex.places.candidates(low).some((p) => p.length === 1)) return "place";
  // A large city of the world ("lagos", "osaka"), as rules-en names it without a cue.
  if (low.length >= 4 && lex.worldCities.has(low) && !lex.commonSmall.has(low)) return "place";
  return undefined;
}

/** A listed given name (or surname) of four letters or more that no dictionary, lower-case medical list or eponym list
 * knows (a capitalised medical word such as "Raman" of Raman spectroscopy is still a surname beside a given name). */
function plainName(lex: RulesEnLexicon, low: string, kind: "first" | "last", minLength = 4): boolean {
  if (low.length < minLength || lex.common.has(low) || lex.commonSmall.has(low) || lex.medical.has(low) || lex.eponyms.has(low)) return false;
  if (lex.wordFirstNames.has(low) || lex.countries.has(low) || STOP_WORDS.has(low) || MONTH_WORDS.has(low) || WEEKDAY_WORDS.has(low)) return false;
  const bare = stripAccents(low);
  return kind === "first" ? (lex.firstNames.get(low) ?? lex.firstNames.get(bare)) !== undefined : (lex.surnames.get(low) ?? lex.surnames.get(bare)) !== undefined;
}

/** A surname that is also a word may follow a given name, unless it is a medical, stop, calendar or eponym word. */
function pairWord(lex: RulesEnLexicon, low: string): boolean {
  return low.length >= 3 && !STOP_WORDS.has(low) && !STOP.has(low) && !MONTH_WORDS.has(low) && !WEEKDAY_WORDS.has(low) && !lex.medical.has(low) && !lex.eponyms.has(low) && !lex.countries.has(low) && !EPONYM_CONTEXT.has(low) && !DEVICE_WORDS.has(low);
}

/** The longest phrase of `index` starting at word i (words compared folded, "saint" = "st"); its last word index or -1. */
function phraseAt(index: PhraseIndex, words: readonly Word[], i: number, text: string): number {
  const first = canonicalWord(words[i].low);
  for (const p of index.candidates(first)) {
    if (p.length < 2 || i + p.length > words.length) continue;
    let ok = true;
    for (let j = 1; j < p.length && ok; j++) {
      const w = words[i + j];
      // Only words separated by spaces (or a hyphen, an apostrophe) continue a phrase: never across a comma or a line.
      ok = canonicalWord(w.low) === p[j] && /^[\s'\u2019-]{1,3}$/.test(text.slice(words[i + j - 1].end, w.start));
    }
    if (ok) return i + p.length - 1;
  }
  return -1;
}

function capitalise(chars: string[], w: Word): void {
  const c = chars[w.start];
  const u = c.toUpperCase();
  if (u.length === c.length) chars[w.start] = u;
}

/** Words of curated/first-names-words.txt that before a surname are a relative, a rank, a colour, a place or a ward
 * rather than a given name ("son okafor", "ward smith", "major hall"). */
const NOT_GIVEN_BEFORE_SURNAME = new Set(["son", "baby", "king", "major", "royal", "prince", "duke", "saint", "numbers", "brain", "art", "will", "van", "may", "june", "april", "august", "long", "young", "rich", "green", "gray", "grey", "hill", "hall", "blue", "stone", "page", "paige", "carter", "cash", "cole", "rain", "river", "storm", "star", "sky", "love", "peace", "true", "trip", "magic", "lucky", "happy", "nan", "nana", "nanna", "mum", "mom", "gran", "granny", "grandma", "grandpa", "papa", "mama", "pop", "pops", "bub", "ward", "lane", "chase", "reed", "sage", "junior", "guy", "hunter", "grant", "cliff", "clay", "ace", "ash", "bay", "bear", "brook", "honey", "sugar", "cherry", "berry", "mint", "neon", "noble", "ocean", "rebel", "shade", "silver", "spike", "sparkle", "sunshine", "tab", "unique", "zen", "echo", "jet", "jolly", "kit", "lark", "liberty", "lyric", "mercy", "merry", "scout", "norm", "stew", "bud", "precious", "destiny", "harmony", "verity", "saint", "miles", "sterling", "garland", "heath", "wren", "rowan", "jasper", "jade", "dusty", "rocky", "buddy", "candy", "brandy", "ginger", "earnest", "coy", "gale"]);

/** An unlisted word whose letters read as a name ("venkataraman"): no dictionary, medical or acronym word. */
function unlistedNameLike(lex: RulesEnLexicon, low: string, margin: number): boolean {
  if (low.length < 4 || lex.common.has(low) || lex.medical.has(low) || lex.medicalProper.has(low) || lex.eponyms.has(low) || lex.countries.has(low)) return false;
  if (STOP_WORDS.has(low) || MONTH_WORDS.has(low) || WEEKDAY_WORDS.has(low) || lex.clinicalAcronyms.has(low.toUpperCase())) return false;
  return nameLikeness(low) >= margin;
}

/**
 * Names of the world beside a person's name marked above, on a lower-case line: a listed given name or surname of
 * any rank next to it ("hiroshi tanabe", "ana lucia mamani", surname first as well), the other half of a
 * hyphenated name ("rosa-mae", "okafor-bell"), an initial before a surname ("r. halvorsen"), the given name or
 * initial after `surname,` ("kang, min-jun", "halvorsen, r"), and an unlisted surname whose letters read as a name after
 * a listed given name ("chiamaka venkataraman"). Two passes (left to right, then back) so that chains grow both ways.
 */
function namesOfTheWorld(lex: RulesEnLexicon, words: readonly Word[], text: string, mark: Uint8Array, person: Uint8Array, particleNames?: [number, number][]): void {
  const gap = (i: number) => text.slice(words[i].end, words[i + 1].start);
  const hyphenPart = (low: string) => lex.firstNames.has(low) || lex.surnames.has(low) || (low.length >= 3 && !lex.common.has(low) && !lex.medical.has(low) && !STOP_WORDS.has(low));
  const take = (j: number) => {
    mark[j] = person[j] = 1;
  };
  // Seeds: a listed given name of any rank before an unlisted word whose letters read as a surname ("chiamaka
  // venkataraman"), and `surname, given` with both listed ("kang, min").
  for (let i = 0; i + 1 < words.length; i++) {
    if (mark[i] || mark[i + 1]) continue;
    const a = words[i].low;
    const b = words[i + 1].low;
    if (/^[ \t]{1,2}$/.test(gap(i)) && plainName(lex, a, "first") && unlistedNameLike(lex, b, 0.1)) {
      take(i);
      take(i + 1);
    } else if (/^,[ \t]{1,2}$/.test(gap(i)) && a.length >= 2 && lex.surnames.has(a) && !lex.common.has(a) && !lex.medical.has(a) && !STOP_WORDS.has(a) && plainName(lex, b, "first", 3)) {
      take(i);
      take(i + 1);
    }
  }
  // "o'donovan", "d'souza", "al-haddad", "el-sayed": the prefix and the surname are one name ("o" and "al" are too
  // short for the lists).
  for (let i = 0; i + 1 < words.length; i++) {
    const a = words[i].low;
    const b = words[i + 1].low;
    const g = gap(i);
    const apos = (a === "o" || a === "d") && /^['\u2019]$/.test(g) && (person[i + 1] || plainName(lex, b, "last", 3));
    const arabic = ARABIC_PREFIXES.has(a) && g === "-" && b.length >= 3 && !lex.common.has(b) && !lex.medical.has(b);
    if (apos || arabic) {
      take(i);
      take(i + 1);
    }
  }
  for (const dir of [1, -1]) {
    for (let n = 0; n < words.length; n++) {
      const i = dir === 1 ? n : words.length - 1 - n;
      if (!person[i]) continue;
      const j = i + dir;
      if (j < 0 || j >= words.length || mark[j]) continue;
      const [a, b] = dir === 1 ? [i, j] : [j, i];
      const between = gap(a);
      const low = words[j].low;
      if (between === "-") {
        if (hyphenPart(low)) take(j);
      } else if (/^[ \t]{1,2}$/.test(between)) {
        // Before a name, a surname of any rank needs letters that read as a name (a cue such as "flatmate" before a given name is no surname).
        // A frequent given name that is also a word ("mark", "paul") only before a surname found here.
        const frequentFirst = dir === -1 && (lex.firstNames.get(low) ?? Infinity) < 1000 && !lex.wordFirstNames.has(low) && !STOP_WORDS.has(low) && !STOP.has(low) && !MONTH_WORDS.has(low) && !WEEKDAY_WORDS.has(low) && !lex.medical.has(low);
        // After a listed given name, a surname no list knows: letters that read as a name, or two everyday words run
        // together ("chiamaka sundaralingam", "noah stillbrook"); before a surname, a short listed given name ("zoe").
        const givenBefore = dir === 1 && plainName(lex, words[i].low, "first", 3);
        const unlistedSurname = givenBefore && (unlistedNameLike(lex, low, 0.1) || (low.length >= 7 && !lex.common.has(low) && !lex.medical.has(low) && !lex.medicalProper.has(low) && compoundPlaceWord(lex, low)));
        const shortFirst = dir === -1 && low.length === 3 && plainName(lex, low, "first", 3) && (lex.firstNames.get(low) ?? Infinity) < 3000;
        // "hope martinez", "bill okafor": a given name that is also a word, before a listed surname found here.
        const wordFirst = dir === -1 && lex.wordFirstNames.has(low) && !NOT_GIVEN_BEFORE_SURNAME.has(low) && lex.surnames.has(words[i].low) && !lex.wordFirstNames.has(words[i].low);
        if (frequentFirst || unlistedSurname || shortFirst || wordFirst || plainName(lex, low, "first") || (plainName(lex, low, "last") && (dir === 1 || (lex.surnames.get(low) ?? Infinity) < 25000 || nameLikeness(low) >= 0))) take(j);
        // "hollis m", "tomasz w lipids": one letter after a name, at the line's end or before a word (not a digit).
        else if (dir === 1 && low.length === 1 && low !== "a" && low !== "i" && (j + 1 >= words.length ? /^\s*$/.test(text.slice(words[j].end, words[j].end + 2)) : /^[ \t]{1,2}$/.test(text.slice(words[j].end, words[j + 1].start)))) take(j);
      } else if (dir === 1 && /^,[ \t]{1,2}$/.test(between) && (lex.surnames.get(words[i].low) ?? Infinity) < Infinity) {
        // "kang, min-jun", "halvorsen, r": the given name or an initial after a surname and a comma, at the line's end or
        // before a lower-case word.
        if (plainName(lex, low, "first", 3) || (low.length === 1 && low !== "a" && low !== "i" && (b + 1 >= words.length || /^[.]?\s/.test(gap(b))))) take(j);
      }
    }
  }
  // "june harper", "april lindgren": a month that is also a given name before a surname the lists know or whose
  // letters read as one, never after a word that makes it a date ("in june", "since may") nor before a number.
  for (let i = 0; i + 1 < words.length; i++) {
    if (!MONTH_GIVEN_NAMES.has(words[i].low) || mark[i + 1] && !person[i + 1] || !/^[ \t]{1,2}$/.test(gap(i))) continue;
    if (i > 0 && DATE_BEFORE_MONTH.has(words[i - 1].low)) continue;
    const sur = words[i + 1].low;
    if (/^\s{0,2}\d/.test(text.slice(words[i + 1].end, words[i + 1].end + 3))) continue;
    const ok = person[i + 1] || ((lex.surnames.get(sur) ?? Infinity) < 20000 && !lex.common.has(sur) && !lex.medical.has(sur)) || unlistedNameLike(lex, sur, 0.3);
    if (!ok || MONTH_WORDS.has(sur) || WEEKDAY_WORDS.has(sur)) continue;
    take(i);
    take(i + 1);
    particleNames?.push([words[i].start, words[i + 1].end]);
  }
  // "van der steen", "pieter van den berg", "maria de la cruz": one or two particles before a surname that the lists know
  // or whose letters read as one, after a name found here or opening the name.
  for (let i = 0; i + 1 < words.length; i++) {
    if (!LOWER_PARTICLES.has(words[i].low) || mark[i]) continue;
    let j = i;
    while (j + 1 < words.length && j - i < 2 && LOWER_PARTICLES.has(words[j].low) && /^[ \t]{1,2}$/.test(gap(j))) j++;
    if (j === i || LOWER_PARTICLES.has(words[j].low)) continue;
    const sur = words[j].low;
    const surnameOk = plainName(lex, sur, "last", 3) || unlistedNameLike(lex, sur, 0.2) || (j - i === 2 && lex.surnames.has(sur) && !lex.medical.has(sur) && !STOP_WORDS.has(sur));
    const pairOk = /^(?:de la|van der|van den|von der|de los|de las|van de|de|van|von|ap|da|di|dos|du|del|ter|ten)$/.test(words.slice(i, j).map((w) => w.low).join(" "));
    const prevPerson = i > 0 && (person[i - 1] || (lex.firstNames.get(words[i - 1].low) ?? Infinity) < 2000) && !STOP_WORDS.has(words[i - 1].low) && !STOP.has(words[i - 1].low) && /^[ \t]{1,2}$/.test(gap(i - 1));
    if (!surnameOk || !pairOk || (!prevPerson && j - i < 2 && words[i].low !== "van" && words[i].low !== "von")) continue;
    for (let m = i; m <= j; m++) take(m);
    // The whole name is given to the caller (the capitalised particles alone are no name to the shape rules); a given
    // name just before it belongs to it.
    const from = prevPerson && (lex.firstNames.get(words[i - 1].low) ?? Infinity) < 10000 ? i - 1 : i;
    particleNames?.push([words[from].start, words[j].end]);
    i = j;
  }
  // "r. halvorsen", "t. okafor-bell": a single letter and a dot before a surname (marked or whose letters read as one).
  for (let i = 0; i + 1 < words.length; i++) {
    const w = words[i];
    if (w.low.length !== 1 || w.low === "a" || w.low === "i" || !/^\.[ \t]?$/.test(gap(i))) continue;
    if (i > 0 && /^\.$/.test(gap(i - 1))) continue;
    const nx = words[i + 1].low;
    if (person[i + 1] || plainName(lex, nx, "last") || unlistedNameLike(lex, nx, 0.2)) {
      take(i);
      take(i + 1);
    }
  }
}

/** After the first word of a query: what makes it a person (an age, a birth date, a record, a bed, a possessive, an
 * initial: "kowalczyk 14 mo", "mbatha bed 9", "wright j 72m", "tanabe's mum"). */
const AFTER_HEAD_NAME = /^(?:['\u2019]s\s|,?\s[a-z]\.?\s{1,2}(?=\d)|,?\s(?![ai][\s.])[a-z]\.?(?:\s{1,2}(?=\p{L}{2})|\s*$)|\s{1,2}(?:\d{1,3}\s?(?:y|yo|y\/o|yrs?|mo|mos|months?|m|f)(?![\p{L}\d\/])|dob(?![\p{L}])|d\.o\.b|mrn(?![\p{L}])|nhs\s?(?:no|number|#)|bed\s?\d))/u;
/** Before the last word of a query: a date ("dob 3/4/1961 brown", "seen 5/6/2022 kowalczyk"). */
const BEFORE_TAIL_NAME = /\d{1,4}[\/.-]\d{1,2}[\/.-]\d{2,4}\s{1,2}$/;

/** A word that may be a person's name at a query's head or tail: a listed given name or surname of any rank that is no
 * everyday word, or an unlisted word of five letters or more whose letters read as a name. */
function queryName(lex: RulesEnLexicon, low: string): boolean {
  // The most frequent surnames are names here even when they are words ("brown", "wright").
  const frequent = (lex.surnames.get(low) ?? Infinity) < 100 && !STOP_WORDS.has(low) && !STOP.has(low) && !MONTH_WORDS.has(low) && !WEEKDAY_WORDS.has(low) && !lex.medical.has(low) && !lex.eponyms.has(low);
  return frequent || plainName(lex, low, "first") || plainName(lex, low, "last") || (low.length >= 5 && unlistedNameLike(lex, low, 0.5));
}

/**
 * The first word of a lower-case query followed by what makes it a person ("kowalczyk 14 mo croup", "mbatha
 * bed 9"), and its last word after a date ("dob 3/4/1961 brown"): a search query is often a name and a fact.
 */
function queryEndNames(lex: RulesEnLexicon, words: readonly Word[], text: string, lineStart: number, lineEnd: number, mark: Uint8Array, person: Uint8Array): [number, number][] {
  const out: [number, number][] = [];
  if (words.length < 2) return out;
  const head = words[0];
  // Not an eponym's possessive ("parkinson's disease", "crohn's flare").
  const eponymAfter = (w: Word | undefined) => w !== undefined && (EPONYM_CONTEXT.has(w.low) || EPONYM_FAR_CONTEXT.has(w.low) || DEVICE_WORDS.has(w.low));
  if ((!mark[0] || person[0]) && /^\s*$/.test(text.slice(lineStart, head.start)) && queryName(lex, head.low) && AFTER_HEAD_NAME.test(text.slice(head.end, Math.min(lineEnd, head.end + 16))) && !eponymAfter(words[1]) && !eponymAfter(words[2])) {
    mark[0] = person[0] = 1;
    // "wright j 72m": the initial after the surname belongs to the name.
    const initial = words[1].low.length === 1 && /^,?\s$/.test(text.slice(head.end, words[1].start)) && /^\.?(?:\s{1,2}\d|\s{1,2}\p{L}{2}|\s*$)/u.test(text.slice(words[1].end, words[1].end + 4)) && (words[1].low !== "a" && words[1].low !== "i");
    out.push([head.start, initial ? words[1].end : head.end]);
  }
  const tail = words[words.length - 1];
  const n = words.length - 1;
  if (!mark[n] && /^[\s?.!]*$/.test(text.slice(tail.end, lineEnd)) && queryName(lex, tail.low) && BEFORE_TAIL_NAME.test(text.slice(Math.max(lineStart, tail.start - 16), tail.start))) {
    mark[n] = person[n] = 1;
    out.push([tail.start, tail.end]);
  }
  return out;
}

/** Two everyday words run together ("ashgrove", "thornbury", "brookwood"): the shape of an English place name. */
function compoundPlaceWord(lex: RulesEnLexicon, low: string): boolean {
  for (let cut = 3; cut <= low.length - 3; cut++) {
    if (lex.commonSmall.has(low.slice(0, cut)) && lex.commonSmall.has(low.slice(cut))) return true;
  }
  return false;
}

/** A word that can name a facility in lower case: a listed place, facility or name that is no everyday word, or a
 * word no dictionary knows that reads as a place name or a name ("thornbury", "ashgrove"). */
function properLower(lex: RulesEnLexicon, low: string): boolean {
  if (low.length < 3 || lex.facilityModifiers.has(low) || STOP_WORDS.has(low) || MONTH_WORDS.has(low) || WEEKDAY_WORDS.has(low) || lex.countries.has(low)) return false;
  if (lex.eponyms.has(low) || lex.clinicalAcronyms.has(low.toUpperCase())) return false;
  // A listed place or facility first: the medical spelling list knows many of them ("brookhaven", "beechwood").
  if (lex.places.candidates(low).some((p) => p.length === 1) || lex.facilities.candidates(low).some((p) => p.length === 1)) return true;
  if (lex.medical.has(low) || lex.medicalProper.has(low)) return false;
  if (lex.common.has(low)) return false;
  // The plural of an everyday or medical word is one too ("needlesticks").
  if (low.endsWith("s") && [low.slice(0, -1), low.endsWith("es") ? low.slice(0, -2) : ""].some((x) => x.length >= 3 && (lex.common.has(x) || lex.medical.has(x)))) return false;
  if ((lex.surnames.get(low) ?? Infinity) < 10000) return true;
  return low.length >= 5 && (compoundPlaceWord(lex, low) || nameLikeness(low) >= 0.3);
}

/**
 * "thornbury hospital", "ashgrove family practice", "brookwood dialysis center", "king's lynn medical centre": one to
 * three words before a listed facility type (hospital, surgery, practice, urgent care …; not a type that names a
 * service as often, "health", "unit"), at least one of them able to name a place (not "knee surgery", "pain clinic").
 */
function facilityShapes(lex: RulesEnLexicon, words: readonly Word[], text: string, mark: Uint8Array, person: Uint8Array): void {
  for (let i = 1; i < words.length; i++) {
    if (mark[i]) continue;
    let te = -1;
    for (const p of lex.facilityTypes.candidates(canonicalWord(words[i].low))) {
      if (i + p.length > words.length) continue;
      let ok = p.length > 1 || !WEAK_TYPES.has(words[i].low);
      for (let j = 1; j < p.length && ok; j++) ok = canonicalWord(words[i + j].low) === p[j] && /^[\s'\u2019&-]{1,3}$/.test(text.slice(words[i + j - 1].end, words[i + j].start));
      if (ok) {
        te = i + p.length - 1;
        break;
      }
    }
    // An employer's or a school's type word ("brightwater poultry", "sunshine kids daycare", "west ridge elementary").
    if (te < 0 && ORG_LOWER_TYPES.has(words[i].low)) te = i;
    if (te < 0) continue;
    const orgType = te === i && ORG_LOWER_TYPES.has(words[i].low);
    const strongType = STRONG_TYPES.has(words.slice(i, te + 1).map((w) => w.low).join(" "));
    let first = i;
    let proper = 0;
    for (let j = i - 1; j >= 0 && i - j <= 4; j--) {
      const g = text.slice(words[j].end, words[j + 1].start);
      const w = words[j].low;
      // "king's lynn": the possessive "s" belongs to the word before it.
      if (w === "s" && /^\s$/.test(g) && /^['\u2019]$/.test(text.slice(words[j - 1]?.end ?? 0, words[j].start))) continue;
      if (!/^[ \t]{1,2}$/.test(g) && !(words[j + 1].low === "s" && /^['\u2019]$/.test(g))) break;
      // A person's name before the type is a clinician's list, not a facility ("dr mbatha clinic", "graham hospice").
      // (A surname may open an employer's name: "halvorsen freight".)
      if ((person[j] && !(orgType && j === i - 1)) || lex.firstNames.has(w)) break;
      // A word no dictionary knows right before a strong type names it too ("ravensholt health centre").
      // (Not before "surgery": an unlisted word there is as often a procedure, "apendix surgery".)
      const unlisted = strongType && words[i].low !== "surgery" && j === i - 1 && w.length >= 5 && !lex.common.has(w) && !lex.commonSmall.has(w) && !lex.medical.has(w) && !lex.medicalProper.has(w) && !lex.firstNames.has(w) && (nameLikeness(w) >= 0 || compoundPlaceWord(lex, w));
      const proper1 = properLower(lex, w) || unlisted;
      if (STOP_WORDS.has(w) || STOP.has(w) || MONTH_WORDS.has(w) || WEEKDAY_WORDS.has(w) || lex.clinicalAcronyms.has(w.toUpperCase()) || (lex.medical.has(w) && !proper1 && !GENERIC_MODIFIERS.has(w))) break;
      if (!proper1 && !lex.facilityModifiers.has(w) && !lex.common.has(w)) break;
      first = j;
      if (proper1) proper++;
    }
    // The name starts with a word that can name a place ("missed brookwood dialysis center" starts at "brookwood").
    while (first < i && !properLower(lex, words[first].low) && !(strongType && first === i - 1 && proper > 0)) first++;
    if (proper === 0) continue;
    for (let j = first; j <= te; j++) if (words[j].low !== "s") mark[j] = 1;
    i = te;
  }
}

/** The text with proper words capitalised on every line that has no capital letter; the text itself when none. */
export function restoreCase(text: string, lex: RulesEnLexicon): string {
  return restoreCaseAndNames(text, lex).text;
}

/** As `restoreCase`, with the [start, end) of the words that the query-head and query-tail rule read as a person's
 * name (a frequent surname that is also a word, "wright j 72m", is otherwise no name by itself). */
export function restoreCaseAndNames(text: string, lex: RulesEnLexicon): { text: string; names: [number, number][] } {
  const names: [number, number][] = [];
  let chars: string[] | undefined;
  let lineStart = 0;
  while (lineStart <= text.length) {
    let lineEnd = text.indexOf("\n", lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    const line = text.slice(lineStart, lineEnd);
    if (line.length > 0 && !TITLE_WORD.test(line) && !CODE.test(line)) {
      const capitals = /\p{Lu}/u.test(line);
      const words: Word[] = [];
      for (const m of line.matchAll(WORD)) words.push({ start: lineStart + m.index, end: lineStart + m.index + m[0].length, low: m[0] });
      const mark = new Uint8Array(words.length);
      // Marked words that are written all in capitals (listed acronyms).
      const allCaps = new Uint8Array(words.length);
      // Which marks are person names (not places, facilities or titles): the words a name of the world may join.
      const person = new Uint8Array(words.length);
      for (let i = 0; i < words.length; i++) {
        const w = words[i];
        // Multi-word facilities and places first ("mercy west", "st lukes" is handled by its tail).
        const f = phraseAt(lex.facilities, words, i, text);
        const p = f < 0 ? phraseAt(lex.places, words, i, text) : -1;
        const e = Math.max(f, p);
        // A place of everyday words ("grand rapids", "long beach") only after a place preposition ("from", "in").
        const prep = i > 0 && PLACE_PREPOSITIONS.has(words[i - 1].low) && /^[ \t]{1,2}$/.test(text.slice(words[i - 1].end, w.start));
        if (e > i && (words.slice(i, e + 1).some((x) => !lex.common.has(x.low) || f >= 0) || (p > i && prep))) {
          for (let j = i; j <= e; j++) mark[j] = 1;
          i = e;
          continue;
        }
        // A listed one-word facility with its campus ("mercy west", "baptist east").
        if (words[i + 1] && COMPASS.has(words[i + 1].low) && lex.facilities.candidates(w.low).some((x) => x.length === 1) && /^\s{1,2}$/.test(text.slice(w.end, words[i + 1].start))) {
          mark[i] = 1;
          mark[i + 1] = 1;
          i++;
          continue;
        }
        if (TITLES.has(w.low) || (w.low === "st" && words[i + 1])) {
          const nx = words[i + 1];
          if (nx && !NOT_NAME.has(nx.low) && /^[\s.]{1,2}$/.test(text.slice(w.end, nx.start)) && !lex.common.has(nx.low)) {
            mark[i] = 1;
            mark[i + 1] = 1;
            if (w.low !== "st") person[i + 1] = 1;
            i++;
          }
          continue;
        }
        const prev = words[i - 1]?.low;
        // A listed facility, payer or employer written as an acronym ("nyu", "bcbs"): in capitals again; a
        // three-letter one only beside a facility cue ("readmitted nyu", "nyu records").
        if (lex.listAcronyms.has(w.low) && !lex.common.has(w.low) && !lex.clinicalAcronyms.has(w.low.toUpperCase()) && !AMBIGUOUS_ACRONYMS.has(w.low) &&
            (w.low.length >= 4 || (prev !== undefined && FACILITY_CUES.has(prev)) || (words[i + 1] !== undefined && FACILITY_NEXT.has(words[i + 1].low)))) {
          mark[i] = allCaps[i] = 1;
          continue;
        }
        // A listed one-word facility, payer or employer that is no dictionary, medical or name word ("tesco", "aetna").
        if (w.low.length >= 4 && !lex.common.has(w.low) && !lex.medical.has(w.low) && !lex.firstNames.has(w.low) && !lex.surnames.has(w.low) && !STOP_WORDS.has(w.low) &&
            [lex.facilities, lex.payers, lex.organisations].some((ix) => ix.candidates(canonicalWord(w.low)).some((x) => x.length === 1))) {
          mark[i] = 1;
          continue;
        }
        // "lives in troy", "moved from bath": a listed town that is also a word, after a verb of residence.
        if (i >= 2 && RESIDENCE.has(`${words[i - 2].low} ${words[i - 1].low}`) && !lex.commonSmall.has(w.low) && lex.places.candidates(w.low).some((x) => x.length === 1)) {
          mark[i] = 1;
          continue;
        }
        const k = known(lex, w.low, capitals);
        if (k) {
          mark[i] = 1;
          if (k === "name") person[i] = 1;
        }
      }
      // A frequent given name that is also a word before a surname found above, or a surname after a given name found
      // above ("maria gonzalez", "darnell jackson").
      for (let i = 0; i + 1 < words.length; i++) {
        if (!/^\s{1,2}$/.test(text.slice(words[i].end, words[i + 1].start))) continue;
        const a = words[i].low;
        const b = words[i + 1].low;
        const fa = lex.firstNames.get(a);
        const lb = lex.surnames.get(b);
        if (!mark[i] && mark[i + 1] && fa !== undefined && fa < 1000 && !lex.wordFirstNames.has(a) && lb !== undefined) mark[i] = person[i] = 1;
        else if (mark[i] && !mark[i + 1] && fa !== undefined && lb !== undefined && lb < 5000 && !lex.commonSmall.has(b) && !STOP.has(b)) mark[i + 1] = person[i + 1] = 1;
      }
      // A given name and a surname that the lists know, neither an everyday nor a medical word, side by side
      // ("priya raman ferritin", "maeve kilbride born 1990"): rarer ranks than above, the pair is the signal.
      for (let i = 0; i + 1 < words.length; i++) {
        if (mark[i] || mark[i + 1] || !/^\s{1,2}$/.test(text.slice(words[i].end, words[i + 1].start))) continue;
        if (!plainName(lex, words[i].low, "first")) continue;
        // "aoife o'connell": an Irish "o'" before the surname.
        const irish = words[i + 1].low === "o" && words[i + 2] && /^['\u2019]$/.test(text.slice(words[i + 1].end, words[i + 2].start));
        const j = irish ? i + 2 : i + 1;
        if (plainName(lex, words[j].low, "last")) {
          for (let m = i; m <= j; m++) mark[m] = person[m] = 1;
          i = j;
        }
      }
      // A given name that no dictionary knows before a frequent surname that may be a word ("dorothy king", "amara
      // hill"), and a surname before such a given name ("gonzalez maria", a surname-first query): the pair is the signal.
      for (let i = 0; i + 1 < words.length; i++) {
        if (mark[i + 1] || !/^[ \t]{1,2}$/.test(text.slice(words[i].end, words[i + 1].start))) continue;
        const a = words[i].low;
        const b = words[i + 1].low;
        const next = words[i + 2] ? text.slice(words[i + 1].end, words[i + 2].start) : "";
        if (/^\s{0,2}\d/.test(next) && !/^\s{1,2}\d{1,3}\s?(?:y|yo|yrs?|m|f|mo|mos)?\b/i.test(next)) continue;
        const lb = lex.surnames.get(b);
        if (plainName(lex, a, "first") && (lex.firstNames.get(a) ?? Infinity) < 3000 && lb !== undefined && lb < 10000 && pairWord(lex, b)) {
          mark[i] = mark[i + 1] = person[i] = person[i + 1] = 1;
          i++;
        } else if (plainName(lex, a, "last") && (lex.surnames.get(a) ?? Infinity) < 5000 && plainName(lex, b, "first") && (lex.firstNames.get(b) ?? Infinity) < 2000) {
          mark[i] = mark[i + 1] = person[i] = person[i + 1] = 1;
          i++;
        }
      }
      namesOfTheWorld(lex, words, text, mark, person, names);
      // "transfers to thornbeck general", "referrals to halbrook memorial": after a facility cue, a surname or a word
      // that can name a place before a second word that ends a hospital's name.
      for (let i = 2; i < words.length; i++) {
        if (mark[i] || !/^(?:general|memorial|regional|infirmary)$/.test(words[i].low) || !FACILITY_CUES.has(words[i - 2].low)) continue;
        if (!/^[ \t]{1,2}$/.test(text.slice(words[i - 1].end, words[i].start)) || !/^[ \t]{1,2}$/.test(text.slice(words[i - 2].end, words[i - 1].start))) continue;
        const w = words[i - 1].low;
        const surname = (lex.surnames.get(w) ?? Infinity) < 50000 && !lex.firstNames.has(w) && !lex.common.has(w);
        if (surname || properLower(lex, w) || (w.length >= 6 && !lex.common.has(w) && !lex.medical.has(w) && compoundPlaceWord(lex, w))) {
          mark[i - 1] = mark[i] = 1;
          person[i - 1] = 0;
        }
      }
      // A facility word after a capitalised place or saint ("leeds general", "st lukes hospital").
      for (let i = 1; i < words.length; i++) {
        if (mark[i - 1] && !person[i - 1] && !mark[i] && FACILITY_TAIL.has(words[i].low) && /^\s{1,2}$/.test(text.slice(words[i - 1].end, words[i].start))) mark[i] = 1;
      }
      // "harlan county", "travis parish": a division word after a name or place found above; "dayton oh" is left, but a
      // state code that is no word after a place ("fresno ca" no, "pikeville ky" yes) is written in capitals again.
      for (let i = 1; i < words.length; i++) {
        const g = text.slice(words[i - 1].end, words[i].start);
        if (!mark[i - 1] || mark[i] || !/^,?[ \t]{1,2}$/.test(g)) continue;
        const low = words[i].low;
        // Not when an organisation's type words follow ("marion county health dept" is left to the facility rules).
        if ((low === "county" || low === "parish" || low === "borough") && !g.startsWith(",") && !(words[i + 1] && COUNTY_ORG_NEXT.has(words[i + 1].low))) mark[i] = 1;
        else if (!person[i - 1] && !allCaps[i - 1] && LOWER_STATE_CODES.has(low) && (i + 1 >= words.length || !/^\S/.test(text.slice(words[i].end, words[i].end + 1)) || /^[,;.]/.test(text.slice(words[i].end, words[i].end + 1)))) {
          mark[i] = allCaps[i] = 1;
        }
      }
      // Not before a word that makes it an eponym ("jackson pratt drain", "graves disease").
      for (let i = 0; i < words.length; i++) {
        if (!mark[i]) continue;
        let j = i + 1;
        while (j < words.length && mark[j]) j++;
        const nx = words[j]?.low;
        const nx2 = words[j + 1]?.low;
        const eponymWord = (w: string | undefined) => w !== undefined && (EPONYM_CONTEXT.has(w) || EPONYM_FAR_CONTEXT.has(w) || DEVICE_WORDS.has(w));
        if (eponymWord(nx) || (nx !== undefined && lex.surnames.has(nx) && eponymWord(nx2))) {
          for (let m = i; m < j; m++) mark[m] = 0;
        }
        i = j - 1;
      }
      for (const r of queryEndNames(lex, words, text, lineStart, lineEnd, mark, person)) names.push(r);
      facilityShapes(lex, words, text, mark, person);
      for (let i = 0; i < words.length; i++) {
        if (!mark[i]) continue;
        chars ??= Array.from({ length: text.length }, (_, k) => text[k]);
        if (allCaps[i]) for (let c = words[i].start; c < words[i].end; c++) capitalise(chars, { start: c, end: c + 1, low: "" });
        else capitalise(chars, words[i]);
      }
    }
    lineStart = lineEnd + 1;
  }
  return { text: chars ? chars.join("") : text, names };
}
