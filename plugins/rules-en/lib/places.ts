// Places and organisations: US cities and states, UK towns and counties (GeoNames), street addresses with units,
// "City, ST 12345", ZIP and UK postcodes, PO boxes; healthcare facilities by list and by shape
// ("<Proper Words> Hospital", "St. Vincent's", "Mt. Sinai", "UCSF"), employers and schools after a cue.
import { isListedJob } from "./professions.js";
import type { Label } from "../../../src/contract/index.js";
import { groupMatches, type Candidate } from "./candidates.js";
import type { RulesEnLexicon } from "./lexicon.js";
import { COLUMN_GAP, isCapitalised, type Token } from "./tokens.js";
import { eponymContextAfter, matchPhrase, nameCandidateWord, STOP_WORDS, wordInfo } from "./words.js";

const PLACE_CUES = new Set(["in", "from", "near", "to", "at", "of", "outside", "around", "into", "towards", "toward", "via", "between", "and", "lives", "living", "resides", "residing", "moved", "relocated", "born", "raised", "visiting", "traveled", "travelled", "returned", "originally", "native", "resident", "downtown", "city", "town", "county", "state", "village"]);
const FACILITY_CUES = new Set(["at", "to", "from", "in", "via", "called", "rang", "phoned", "contacted", "faxed", "transferred", "admitted", "readmitted", "seen", "followed", "treated", "discharged", "presented", "presents", "referred", "works", "worked", "employed", "hospitalized", "hospitalised", "outside", "previously", "by", "with"]);

const STREET_TYPES = new Set(
  (
    "street st avenue ave av road rd boulevard blvd lane ln drive dr court ct place pl way terrace ter terr parkway pkwy circle cir " +
    "highway hwy expressway expy freeway fwy turnpike tpke trail trl path pike square sq plaza plz row mews close crescent cres " +
    "gardens gdns grove gr hill walk alley aly loop run crossing xing point pt ridge heights hts park pk green broadway causeway " +
    "esplanade parade quay wharf rise vale view estate bend cove glen hollow landing manor meadow meadows pass passage commons " +
    "drove chase wynd croft fold garth"
  ).split(" "),
);
/** Street types that are also everyday words: they need a house number before the street name. */
export const UK_POSTCODE_AREAS =
  "ab al b ba bb bd bh bl bn br bs bt ca cb cf ch cm co cr ct cv cw da dd de dg dh dl dn dt dy e ec eh en ex fk fy g gl gu ha hd hg hp hr hs hu hx ig ip iv ka kt kw ky l la ld le ll ln ls lu m me mk ml n ne ng nn np nr nw ol ox pa pe ph pl po pr rg rh rm s sa se sg sk sl sm sn so sp sr ss st sw sy ta td tf tn tq tr ts tw ub w wa wc wd wf wn wr ws wv yo ze";
const LOWER_UK_POSTCODE = new RegExp(String.raw`(?<![\p{L}\d])(?:${UK_POSTCODE_AREAS.split(" ").sort((a, b) => b.length - a.length).join("|")})\d[a-z\d]?\s(?!\d(?:st|nd|rd|th)(?![\p{L}\d]))\d[abd-hjlnp-uw-z]{2}(?![\p{L}\d])`, "gud");

/** The index of the word token that ends just before offset s (one space or ", " between), or -1. */
function tokenEndingBefore(tokens: readonly Token[], s: number): number {
  let lo = 0;
  let hi = tokens.length - 1;
  let best = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (tokens[mid].end <= s) {
      best = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  if (best >= 0 && tokens[best].low === "," && s - tokens[best].end <= 1) best--;
  return best >= 0 && tokens[best].kind === "word" && s - tokens[best].end <= 3 ? best : -1;
}

/** Verbs that open a sentence before a street ("Lives Chapel Street"): never part of its name. */
const STREET_LEAD_VERBS = new Set(["lives", "lived", "living", "resides", "resided", "residing", "stays", "stayed", "staying", "moved", "moving", "visiting", "visited", "walks", "walked", "found", "near", "opposite", "off"]);
/** Words that close a facility's name after it ("… Medical Center East", "… Imaging Associates"). */
const FACILITY_TAIL = new Set(["associates", "partners", "specialists", "consultants", "campus", "downtown", "midtown", "uptown", "annex", "pavilion", "satellite"]);
const DIRECTIONS = new Set(["n", "s", "e", "w", "ne", "nw", "se", "sw", "north", "south", "east", "west", "northeast", "northwest", "southeast", "southwest"]);
/** Street types that name a street after proper words even without a house number ("Heath Road", "Peachtree Rd"). */
const NAMED_STREET_TYPES = new Set(["st", "street", "road", "rd", "avenue", "ave", "lane", "ln", "boulevard", "blvd", "drive", "crescent", "terrace", "parkway", "pkwy", "highway", "hwy", "mews", "gardens", "close", "grove", "way", "apartments", "apts", "towers", "condominiums", "condos", "flats"]);
const STRONG_NAMED_STREET_TYPES = new Set(["st", "street", "road", "rd", "avenue", "ave", "lane", "ln", "boulevard", "blvd", "parkway", "pkwy", "highway", "hwy"]);
/** A noun after "Road", "Way" ... that makes the words a term, not a street ("Road traffic collision"). */
const STREET_NOUN_AFTER = new Set(["traffic", "accident", "accidents", "collision", "collisions", "rage", "safety", "map", "test", "trip", "works", "sign", "signs", "block", "to", "forward", "ahead"]);
const foldFirst = (s: string) => s.toLowerCase();

const UNIT_WORDS = new Set(["apt", "apartment", "suite", "ste", "unit", "flat", "room", "rm", "floor", "fl", "bldg", "building", "lot", "space", "box", "po", "#", "dept"]);
const ADDRESS_PATIENT_CUES = /(?:lives|living|resides|residing|residence|reside|address|addr|home|moved|relocated|staying)\s*(?:at|in|on|is|:)?\s*$/i;

/** Words that make a facility after a place or a proper word ("Darlington Memorial", "Akron Children's"). */
/** Words between a place and "General" or "Infirmary" ("Pevensey District General", "Norton Park General"). */
const FACILITY_MIDDLE = new Set(["district", "park", "county", "city", "community", "royal", "valley", "vale", "general", "memorial", "university"]);
const FACILITY_SECOND = new Set(["general", "memorial", "methodist", "baptist", "presbyterian", "children", "childrens", "regional", "infirmary", "adventist", "lutheran", "deaconess", "samaritan", "mercy", "episcopal", "jewish", "catholic", "university", "royal", "community"]);
/** Lower-case services a proper word may name ("Southmead fracture clinic"). */
/** Review-of-systems headings that a note writes alone on a line ("CVS", "CNS"), whatever a list says. */
const SYSTEM_HEADINGS = new Set(["CVS", "CNS", "RS", "GIT", "GUS", "MSK", "ENT", "GU", "GI", "PNS", "ROS"]);

/** Words of a health plan's name after its payer. */
const PLAN_WORDS = new Set(["gold", "silver", "bronze", "platinum", "plus", "advantage", "choice", "premier", "select", "complete", "ppo", "hmo", "epo", "pos", "medicare", "value", "essential", "elite", "preferred", "classic", "premium", "dual", "complete"]);

const SERVICE_END = new Set(["clinic", "clinics", "hospital", "ward", "unit", "surgery", "practice", "centre", "center", "hospice", "pharmacy"]);

/** Trades and kinds of business that end an employer's name ("Harmon's Hardware", "Fairway Foods", "Garvey Quinlan
 * Solicitors", "Linnwood Aerospace"): as ORG_TYPES, with a proper word before them (written for deidstack). */
const TRADE_TYPES = ["foods", "hardware", "diner", "bakeshop", "bakehouse", "aerospace", "transport", "haulage", "logistics", "freight", "couriers", "trucking",
  "motors", "garage", "construction", "builders", "engineering", "electrical", "plumbing", "roofing", "joinery", "dairies", "creamery", "brewery", "brewing",
  "distillery", "cafe", "café", "coffee", "grill", "deli", "bistro", "pizzeria", "takeaway", "casino", "resort", "shipyard", "quarry", "railway",
  "railroad", "security", "cleaning", "landscaping", "florist", "florists", "butchers", "barbers", "fitness", "leisure", "realty", "estates", "accountants",
  "solicitors", "consulting", "consultancy", "solutions", "technologies", "software", "textiles", "plastics", "steel", "metals", "chemicals", "orchards",
  "vineyards", "ranch", "stables", "kennels", "marina", "cooperative", "co-op", "charity", "fellowship", "montessori", "kindergarten", "institution",
  "correctional", "penitentiary", "supermarket", "superstore", "wholesale", "warehouse", "packing", "poultry", "meats", "bakeries", "cinemas", "airways",
  "transit", "supply", "supplies", ...["mutual", "insurance", "assurance", "indemnity", "underwriters"]];
/** Insurers' last words: after two capitalised words that are no generic or medical words, even everyday ones ("Blue
 * Ridge Mutual", "Keystone Meridian Insurance"; not "Private Medical Insurance", "National Insurance"). "Casualty" only
 * after "Mutual" ("Eye Casualty" is a department). */
/** Kinds of cover before "Insurance" ("Private Medical Insurance", "Travel Health Insurance"): no insurer's name. */
const INSURANCE_GENERIC = new Set(["private", "medical", "health", "healthcare", "travel", "life", "dental", "vision", "national", "car", "motor", "auto", "home", "pet", "disability", "income", "critical", "illness", "accident", "liability", "employer's", "employers", "public", "social", "supplemental", "supplementary", "long", "term", "care", "unemployment", "workers", "workers'", "compensation", "group", "personal", "family", "individual", "student"]);
const INSURER_TYPES = new Set(["mutual", "insurance", "assurance", "indemnity", "underwriters"]);

const ORG_TYPES = new Set([...TRADE_TYPES, "primary", "nursery", "preschool", "daycare", "cathedral", "chapel", "mosque", "temple", "synagogue", "rfc", "fc", "afc", "club", "university", "college", "school", "academy", "inc", "llc", "ltd", "corp", "corporation", "company", "co", "group", "bank", "church", "foundation", "association", "society", "department", "agency", "council", "institute", "elementary", "middle", "high", "plc", "partners", "services", "systems", "industries", "enterprises", "restaurant", "store", "stores", "factory", "mill", "farm", "farms", "airlines", "airport", "prison", "jail", "shelter", "schools", "studios", "studio", "inn", "hotel", "motel", "pub", "tavern", "bakery", "salon", "gym", "hub", "nation", "tribe", "board", "commission", "federation", "union", "league", "funeral", "univ", "polytechnic", "seminary", "mission", "ministries", "parish", "diocese", "ymca", "ywca"]);
const ORG_CUES = /(?:(?:works|worked|working|employed|employee|job|teaches|taught|studies|studied|student|attends|attended|enrolled|retired|volunteers|volunteered|volunteering|employer|school|work|drives|drove|driving)(?:\s+(?:part[\s-]time|full[\s-]time|nights|days|weekends|shifts|casually|locally))?\s*(?:(?:at|for|by|in|with)(?:\s+the)?|:|as\s+\w+\s+at)?|(?:engineer|manager|driver|teacher|worker|assistant|technician|officer|analyst|consultant|clerk|cashier|accountant|director|supervisor|labou?rer|mechanic|electrician)s?\s+(?:with|at|for)(?:\s+the)?)\s*$/i;

/** State codes that are also degrees or common words after a name ("MD", "PA", "DO", "OR", "IN"). */
/** "<job> at|for|with <Employer>", "as a <job> at", "studying at": the employer after a listed job. */
// "w/" as notes write "with"; a line may wrap after the preposition ("machinist at\n  Allied Tool & Die").
const JOB_BEFORE = /(?:(?:at|for|with)(?:[ \t]{1,2}|[ \t]{0,2}\n[ \t]{0,3})|w\/[ \t]{0,2})$/;
const WORK_AT = /(?:works?|worked|working|employed|job)\s{1,2}(?:[\p{Ll}-]+\s{1,2}){0,2}(?:at|for)\s{1,2}$/u;
/** Up to three words before the preposition: "security guard at", "studying at", "serves in the". */
const WORDS_BEFORE_PREP = /(?<![\p{L}'’-])([\p{L}][\p{L}'’-]*(?:\s{1,2}[\p{L}][\p{L}'’-]*){0,2})\s{1,2}(?:(?:at|for|with|in\s+the)(?:[ \t]{1,2}|[ \t]{0,2}\n[ \t]{0,3})|w\/[ \t]{0,2})$/iu;
const STUDY_VERBS = new Set(["studying", "studies", "training", "trains", "serves", "served", "enlisted"]);
function jobEmployerCue(before: string): boolean {
  const m = WORDS_BEFORE_PREP.exec(before);
  if (!m) return false;
  const words = m[1].split(/\s+/);
  for (let n = 1; n <= words.length; n++) {
    const tail = words.slice(words.length - n);
    if (n === 1 && STUDY_VERBS.has(tail[0].toLowerCase())) return true;
    if (isListedJob(tail.join(" "))) return true;
  }
  return false;
}

/** Lower-case nouns of a workplace after its owner's name ("the Boeing plant", "the Tyson processing plant"). */
const WORKPLACE_NOUNS = new Set(["plant", "factory", "warehouse", "depot", "mill", "mine", "refinery", "distribution", "fulfillment", "fulfilment", "call", "store", "supermarket", "branch", "restaurant", "site", "yard", "dealership", "office", "offices", "headquarters", "hq"]);

/** A facility's records and services, after a listed facility whose name is also a word ("Quest lab order"). */
const FACILITY_SERVICE_AFTER = new Set(["lab", "labs", "laboratory", "records", "record", "letter", "letters", "results", "result", "report", "reports", "referral", "transfer", "pharmacy", "clinic", "appointment", "appt", "admission", "discharge", "notes", "imaging", "bloods", "order", "orders"]);

/** Welsh street words that come before the name ("Heol" road, "Ffordd" way, "Stryd" street, "Lôn" lane, "Maes" field). */
const WELSH_STREET = new Set(["heol", "ffordd", "stryd", "lon", "lôn", "maes", "rhodfa", "cilgant", "teras", "clos", "llys"]);

/** Nouns of trade or service after a listed organisation whose name is a word ("Amazon orders", "Army veteran"). */
const ORG_TRADE_AFTER = new Set(["orders", "order", "delivery", "deliveries", "driver", "drivers", "shift", "shifts", "job", "career", "veteran", "pension", "benefits", "account", "employee", "employees", "staff", "worker", "workers", "uniform", "service"]);

/** Words before a listed organisation that is also an everyday word: "served in the Army", "works for Target". */
const ORG_LIST_CUES = new Set(["at", "for", "with", "the", "in", "from", "by", "to", "via", "through", "on", "joined", "left", "contacted", "informed", "notified", "called", "rang", "phoned"]);

/** State codes joined to a listed place without a comma: those that are no degree, word or clinical abbreviation
 * ("MD", "ME", "CT", "VA", "SC" are left to the comma form). */
const NO_COMMA_STATES = new Set(["KY", "WV", "NJ", "NY", "TX", "AZ", "GA", "IL", "MN", "RI", "UT", "WA", "WI", "WY", "TN", "AK", "FL", "KS", "MO", "ND"]);
const CREDENTIAL_STATES = new Set(["MD", "PA", "DO", "DE", "IN", "OR", "ME", "OK", "HI", "CO", "MA", "MS", "OH", "LA", "AL", "ID", "MI", "MT", "NE", "RN", "NP"]);

function cap(t: Token | undefined): boolean {
  return isCapitalised(t);
}

/** Inside a listed place: capitalised words and the "s" of "'s" ("King's Lynn", "St Helen's"). */
const placeWordOk = (w: Token, i: number): boolean => cap(w) || (i > 0 && w.low === "s");

/** Inside a listed name: capitalised words, the "s" of "'s" and lower-case connectors ("Guy's and St Thomas'"). */
const facilityWordOk = (w: Token, i: number): boolean => cap(w) || (i > 0 && (w.low === "s" || w.low === "of" || w.low === "and" || w.low === "the" || w.low === "for"));

export function findPlaces(tokens: readonly Token[], text: string, lex: RulesEnLexicon): Candidate[] {
  const out: Candidate[] = [];
  const push = (first: number, last: number, label: Label, score: number, rule: string) => {
    const start = tokens[first].start;
    const end = tokens[last].end;
    if (end > start) out.push({ start, end, label, score, rule });
  };
  const prevWord = (k: number) => {
    let j = k - 1;
    while (j >= 0 && tokens[j].kind === "punct" && (tokens[j].low === "," || tokens[j].low === "(")) j--;
    return tokens[j];
  };

  // Facilities first: gazetteer, saint/mount forms, "<Proper Words> <Type>".
  const facilityEnd = new Int32Array(tokens.length).fill(-1);
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    if (t.kind !== "word") continue;
    // Gazetteer (acronyms must be written in capitals).
    const g = matchPhrase(lex.facilities, tokens, k, facilityWordOk);
    if (g >= 0) {
      const single = g === k || (g === k + 1 && tokens[k + 1].kind === "punct");
      const w = wordInfo(lex, t);
      const acronym = t.shape === "upper" && t.text.length <= 6;
      // "CVS" (cardiovascular system), "R-CHOP" (a regimen): short acronyms need a facility cue, never a hyphen.
      const ambiguous = single && (w.common || (acronym && (t.text.length <= 3 || lex.clinicalAcronyms.has(t.text))));
      const hyphenated = single && acronym && ((tokens[k - 1]?.low === "-" && !t.spaceBefore) || (tokens[g + 1]?.low === "-" && !tokens[g + 1].spaceBefore));
      const cue = prevWord(k);
      if (!hyphenated) {
        // A listed facility acronym alone on its line (a fragment, a list entry): "BWH", "RVI".
        const aloneAcronym = single && acronym && !w.common && !lex.clinicalAcronyms.has(t.text) && !SYSTEM_HEADINGS.has(t.text) && (k === 0 || t.newlineBefore) && (!tokens[g + 1] || tokens[g + 1].newlineBefore);
        // A listed one-word facility with its campus ("Mercy West", "Baptist East"): the tail is the second signal.
        const campus = single && !acronym && cap(tokens[g + 1]) && !tokens[g + 1].newlineBefore && DIRECTIONS.has(tokens[g + 1].low) && tokens[g + 1].text.length > 2;
        // A record or a service of the facility right after it: "Quest lab order", "Spire private letter", "Cedars outside labs".
        const service = !acronym && tokens.slice(g + 1, g + 3).some((x, i) => x.kind === "word" && !x.newlineBefore && x.shape === "lower" && FACILITY_SERVICE_AFTER.has(x.low) && (i === 0 || tokens[g + 1].shape === "lower"));
        const theCue = cue?.low === "the" && !t.sentenceStart && !acronym;
        // A one-word listed name with its second word ("Mercy General", "Sutter Memorial"): the second word is the signal.
        const second = single && !acronym && cap(tokens[g + 1]) && !tokens[g + 1].newlineBefore && tokens[g + 1].shape !== "upper" && FACILITY_SECOND.has(tokens[g + 1].low) && tokens[g + 1].low !== "university" && tokens[g + 1].low !== "community" && !NOT_AFTER_SECOND.has(tokens[g + 2]?.low ?? "");
        // A branch of a listed pharmacy or store by its street or town: "the CVS on Elm St", "Boots, High Street",
        // "Boots – Kings Heath"; or after a pharmacy label ("Nominated pharmacy: Boots").
        const branch = single && branchAfter(tokens, lex, g);
        const label = tokens[k - 1]?.low === ":" && PHARMACY_LABELS.has(tokens[k - 2]?.low ?? "");
        if (!ambiguous || aloneAcronym || campus || second || branch || label || (cue && FACILITY_CUES.has(cue.low) && !t.sentenceStart) || theCue || service || typeEndAt(tokens, lex, g + 1) >= 0) {
          const end = extendFacility(tokens, lex, g);
          if (!eponymContextAfter(tokens, end)) {
            push(k, end, "Organization:Healthcare", 0.9, "facility-list");
            facilityEnd[k] = end;
            k = end;
            continue;
          }
        }
      }
    }
    // "Our Lady of Lourdes", "Our Lady of the Lake", "Our Lady's Hospice": Catholic hospitals named after Mary.
    if (t.low === "our" && cap(t) && tokens[k + 1]?.low === "lady" && cap(tokens[k + 1]) && !tokens[k + 1].newlineBefore) {
      let e = k + 1;
      if (tokens[e + 1]?.low === "'" && tokens[e + 2]?.low === "s" && !tokens[e + 1].spaceBefore) e += 2;
      else if (tokens[e + 1]?.low === "of" && !tokens[e + 1].newlineBefore) {
        let j = e + 2;
        if (tokens[j]?.low === "the") j++;
        let n = 0;
        while (cap(tokens[j]) && !tokens[j].newlineBefore && !STOP_WORDS.has(tokens[j].low) && n < 3) {
          const te = typeEndAt(tokens, lex, j);
          if (te >= 0 && n > 0) {
            e = te;
            break;
          }
          e = j;
          j++;
          n++;
        }
      }
      if (e > k + 1) {
        const end = extendFacility(tokens, lex, e);
        push(k, end, "Organization:Healthcare", 0.85, "our-lady");
        facilityEnd[k] = end;
        k = end;
        continue;
      }
    }
    // St. Vincent's, Saint Mary, Mt. Sinai (+ type words).
    if ((t.low === "st" || t.low === "saint" || t.low === "mt" || t.low === "mount") && cap(t)) {
      let j = k + 1;
      if (tokens[j]?.low === ".") j++;
      if (cap(tokens[j]) && !tokens[j].newlineBefore && !STOP_WORDS.has(tokens[j].low)) {
        let e = j;
        const possessive = tokens[e + 1]?.low === "'" && tokens[e + 2]?.low === "s" && !tokens[e + 1].spaceBefore;
        if (possessive) e += 2;
        // The type word must be on the same line ("Hospital: St Aidan's\nFacility: …" is two fields).
        const typed = tokens[e + 1] && !tokens[e + 1].newlineBefore ? typeEndAt(tokens, lex, e + 1) : -1;
        const place = matchPhrase(lex.places, tokens, k, placeWordOk);
        const cue = prevWord(k);
        // "to St Lukes", "at st marys": a saint's possessive written without its apostrophe, after a facility cue.
        const bareS = !possessive && tokens[e].low.length > 3 && tokens[e].low.endsWith("s") && lex.firstNames.has(tokens[e].low.slice(0, -1));
        // "St Anne's" after a cue is the church or hospital even where "St Anne" is also a place.
        if (typed >= 0 || (possessive && (place < 0 || place < e)) || (cue && FACILITY_CUES.has(cue.low) && place < 0 && (t.low.startsWith("m") || bareS))) {
          const end = extendFacility(tokens, lex, typed >= 0 ? typed : e);
          push(k, end, "Organization:Healthcare", 0.85, "saint-facility");
          facilityEnd[k] = end;
          k = end;
          continue;
        }
      }
    }
    // "<Proper Words> Hospital|Medical Center|Clinic|Health ...": found at the type word, walking back. A specialty
    // with or without a service noun ("Dermatology", "Rheumatology Associates", "Genetics Service") is a type only
    // after a stronger name (below).
    let typeEnd = cap(t) ? typeEndAt(tokens, lex, k) : -1;
    const specialtyEnd = typeEnd < 0 && cap(t) ? specialtyTypeEndAt(tokens, k) : -1;
    if (specialtyEnd >= 0) typeEnd = specialtyEnd;
    if (typeEnd >= 0) {
      let first = k;
      let proper = 0;
      let words = 0;
      // Words of the name that are no dictionary word or are a listed place or surname ("Pinal", "Severn").
      let strong = 0;
      let spaced = 0;
      let person = false;
      for (let j = k - 1; j >= 0 && words < 6; j--) {
        const p = tokens[j];
        if (tokens[j + 1].newlineBefore) break;
        if (specialtyEnd >= 0 && (TITLES_BEFORE_FACILITY.has(p.low) || (p.shape === "upper" && t.shape !== "upper"))) break;
        // A table's column gap ends the name ("Patient: Gurpreet Singh Dhillon     Pharmacy: ...").
        if (COLUMN_GAP.test(text.slice(p.end, tokens[j + 1].start))) break;
        if (p.kind === "punct") {
          // "St. Mary's", "Baylor Scott & White", "Dana-Farber"; a spaced dash separates a heading ("LETTER - Queen").
          const glued = !tokens[j + 1].spaceBefore && !p.spaceBefore;
          if (((p.low === "'" || p.low === "." || p.low === "-") && glued) || p.low === "&" || (p.low === "." && !tokens[j + 1].spaceBefore)) {
            if (j > 0) continue;
          }
          break;
        }
        // A heading in capitals before a name in title case ("A&E NOTES Royal Cornwall Hospital").
        if (p.shape === "upper" && t.shape !== "upper" && p.text.length >= 4 && lex.common.has(p.low)) break;
        if (p.low === "s" && tokens[j + 1]?.low !== "'" && tokens[j - 1]?.low === "'") continue;
        if (!cap(p) && !(p.low === "of" || p.low === "and" || p.low === "the")) break;
        if (p.low === "s" && tokens[j - 1]?.low === "'") continue;
        const w = wordInfo(lex, p);
        if (p.low === "the" || p.low === "of" || p.low === "and") {
          if (!cap(tokens[j - 1])) break;
          continue;
        }
        if (w.stop || w.calendar) break;
        if (w.acronym && p.text.length > 1) {
          words++;
          first = j;
          continue;
        }
        words++;
        first = j;
        if (properFacilityWord(lex, p)) {
          proper++;
          // A hyphenated compound counts once for a specialty ("Consult-Liaison Psychiatry" is one service word).
          if (tokens[j + 1].low !== "-" || tokens[j + 1].spaceBefore) spaced++;
          if (!lex.medical.has(p.low) && !lex.medicalProper.has(p.low) && (!lex.common.has(p.low) || lex.places.has(p.low) || (w.lastRank ?? Infinity) < 20000)) strong++;
          if (w.firstRank !== undefined && w.firstRank < 2000 && !w.common) person = true;
        }
        if (p.sentenceStart) break;
      }
      // Trim leading connectors.
      while (first < k && (tokens[first].low === "the" || tokens[first].low === "of" || tokens[first].low === "and" || tokens[first].kind === "punct")) first++;
      let end = typeEnd;
      // "... Hospital of the University of Pennsylvania", "Medical Center of Central Georgia".
      if ((tokens[end + 1]?.low === "of" || tokens[end + 1]?.low === "for") && !tokens[end + 1].newlineBefore) {
        let j = end + 2;
        if (tokens[j]?.low === "the") j++;
        let e2 = -1;
        let n = 0;
        while (cap(tokens[j]) && !STOP_WORDS.has(tokens[j].low) && n < 5 && !tokens[j].newlineBefore) {
          e2 = j;
          if (properFacilityWord(lex, tokens[j])) proper++;
          j++;
          n++;
          if ((tokens[j]?.low === "of" || tokens[j]?.low === "and") && cap(tokens[j + 1])) j++;
        }
        if (e2 >= 0) end = e2;
      }
      end = extendFacility(tokens, lex, end);
      // A type word followed by a colon is a field label ("Pharmacy: Ashworth Pharmacy").
      const label = end === typeEnd && tokens[end + 1]?.low === ":";
      // "Unit" and "Facility" name a service too ("Police Child Abuse Investigation Unit"): the name must start with a
      // word that is no dictionary word, or a listed place ("Lakeside Mental Health Unit").
      const genericType = typeEnd === k && (t.low === "unit" || t.low === "facility");
      const firstWord = tokens[first];
      const genericOk = !genericType || (firstWord.kind === "word" && (!lex.common.has(firstWord.low) || lex.places.has(firstWord.low)) && !lex.facilityModifiers.has(firstWord.low));
      // A specialty names a practice after two proper words or one strong one, never after a person's given name
      // ("Pinal Desert Endocrinology", "Severn Vale Heart Centre"; not "Paediatric Dermatology", "Sarah Dermatology").
      const specialtyOk = specialtyEnd < 0 || ((spaced >= 2 || strong >= 1) && !person);
      if (proper > 0 && (first < k || end > typeEnd) && !label && genericOk && specialtyOk) {
        push(first, end, "Organization:Healthcare", 0.85, "facility-shape");
        facilityEnd[first] = end;
        k = end;
        continue;
      }
    }
    // "Royal Tregarthen", "Royal Brompton": "Royal" before a place or a word no dictionary knows names a hospital (not
    // "Royal Mail", "Royal Navy": everyday words; a longer name with a type is found above).
    if (t.low === "royal" && t.shape === "title" && cap(tokens[k + 1]) && !tokens[k + 1].newlineBefore && tokens[k + 1].spaceBefore && tokens[k + 1].shape === "title") {
      const w2 = tokens[k + 1];
      const i2 = wordInfo(lex, w2);
      const named = (!i2.common && !i2.commonSmall && !lex.medical.has(w2.low)) || (lex.places.has(w2.low) && !i2.commonSmall);
      if (named && !i2.stop && !i2.calendar && !lex.countries.has(w2.low) && !lex.facilityModifiers.has(w2.low) && typeEndAt(tokens, lex, k + 2) < 0 && !cap(tokens[k + 2])) {
        push(k, k + 1, "Organization:Healthcare", 0.7, "royal-facility");
        facilityEnd[k] = k + 1;
        k = k + 1;
        continue;
      }
    }
    // Insurers and payers: "Aetna", "Blue Cross Blue Shield", "Medicaid" (a common word needs a cue: "Anthem").
    const pe = matchPhrase(lex.payers, tokens, k, (w) => cap(w));
    if (pe >= 0) {
      const w = wordInfo(lex, t);
      const cue = prevWord(k);
      if (pe > k || !w.common || (cue && /^(?:insurance|insurer|plan|covered|through|via|by|with|has|payer|coverage|ins)$/.test(cue.low))) {
        // The plan's own name after the payer: "Humana Gold Plus", "Aetna Medicare Advantage PPO".
        let pe2 = pe;
        while (tokens[pe2 + 1] && !tokens[pe2 + 1].newlineBefore && tokens[pe2 + 1].kind === "word" && cap(tokens[pe2 + 1]) && PLAN_WORDS.has(tokens[pe2 + 1].low) && pe2 - pe < 4) pe2++;
        push(k, pe2, "Organization:Other", 0.8, "payer");
        facilityEnd[k] = pe2;
        k = pe2;
        continue;
      }
    }
    // Employers, agencies, armed forces, charities: "works at Tesco", "served in the Army", "Samaritans number".
    const oe = cap(t) ? matchPhrase(lex.organisations, tokens, k, (w, i) => cap(w) || (i > 0 && (w.low === "s" || w.low === "of" || w.low === "and" || w.low === "the" || w.low === "for" || w.low === "on"))) : -1;
    if (oe >= 0 && !(tokens[k - 1]?.low === "-" && !t.spaceBefore) && !(tokens[oe + 1]?.low === "-" && !tokens[oe + 1].spaceBefore)) {
      const single = oe === k;
      const w = wordInfo(lex, t);
      const acronym = t.shape === "upper" && single;
      // An everyday word or a short acronym needs a cue before it, and never starts a sentence.
      const ambiguous = single && (w.common || w.commonSmall || lex.medical.has(t.low) || lex.clinicalAcronyms.has(t.text) || (acronym && t.text.length <= 3) || lex.surnames.has(t.low) || lex.firstNames.has(t.low));
      const cue = prevWord(k);
      // After it: a workplace or trade noun ("Amazon warehouse", "Amazon orders") or the years served, a range ("Army 2003-2011").
      const nx = tokens[oe + 1];
      const after = nx !== undefined && !nx.newlineBefore && ((nx.kind === "word" && nx.shape === "lower" && (WORKPLACE_NOUNS.has(nx.low) || ORG_TRADE_AFTER.has(nx.low))) || (nx.kind === "num" && /^(?:19|20)\d\d$/.test(nx.text) && /^\s?[-–]\s?(?:19|20)\d\d/.test(text.slice(nx.end, nx.end + 7))));
      const cued = after || (!t.sentenceStart && cue !== undefined && (ORG_LIST_CUES.has(cue.low) || WORK_AT.test(text.slice(Math.max(0, t.start - 40), t.start))));
      if ((!ambiguous && !(acronym && lex.common.has(t.low))) || cued) {
        let e = oe;
        if (tokens[e + 1]?.low === "'" && tokens[e + 2]?.low === "s" && !tokens[e + 1].spaceBefore) e += 2;
        push(k, e, "Organization:Other", 0.75, "organisation-list");
        facilityEnd[k] = e;
        k = e;
        continue;
      }
    }
    // "Ward 9 Larch", "Ward: Ilchester": a ward's proper name after the word (not "Ward 7B", "ward 22", "Ward round").
    if (t.low === "ward" && cap(t)) {
      let j = k + 1;
      let numbered = false;
      if (tokens[j]?.kind === "num" && !tokens[j].newlineBefore) {
        j++;
        numbered = true;
        if (tokens[j]?.kind === "word" && !tokens[j].spaceBefore && tokens[j].text.length <= 2) j++;
      }
      const colon = !numbered && tokens[j]?.low === ":";
      if (colon) j++;
      const nm = tokens[j];
      if ((numbered || colon) && nm && nm.kind === "word" && nm.shape === "title" && nm.text.length >= 3 && !nm.newlineBefore && !COLUMN_GAP.test(text.slice(tokens[j - 1].end, nm.start))) {
        const w = wordInfo(lex, nm);
        if (!w.stop && !w.calendar && !w.acronym && !lex.facilityModifiers.has(nm.low) && !lex.medical.has(nm.low) && !/^(?:round|rounds|bed|bay|side|room|sister|manager|clerk|staff|team|north|south|east|west)$/.test(nm.low)) {
          push(numbered ? k : j, j, "Organization:Healthcare", 0.75, "ward-name");
          facilityEnd[k] = j;
          k = j;
          continue;
        }
      }
    }
    // Named wards: "Rowan Ward", "Nightingale Unit" (not "Ward 7" or "Cardiac Unit").
    if (cap(t) && t.shape === "title" && (tokens[k + 1]?.low === "ward" || tokens[k + 1]?.low === "wing") && cap(tokens[k + 1]) && !tokens[k + 1].newlineBefore) {
      const w = wordInfo(lex, t);
      if (!w.stop && !w.calendar && !w.acronym && !lex.facilityModifiers.has(t.low) && !/^(?:north|south|east|west|new|old|main|day|night|surgical|medical|maternity|labour|labor|delivery|children's|general|private|side|acute|short|long)$/.test(t.low)) {
        push(k, k + 1, "Organization:Healthcare", 0.75, "named-ward");
        facilityEnd[k] = k + 1;
        k = k + 1;
        continue;
      }
    }
    // "<Place or Name> General|Memorial|Methodist|Children's ...": "Airedale General", "Iowa Methodist", "Akron Children's".
    if (cap(t) && t.shape !== "upper" && !wordInfo(lex, t).stop && !wordInfo(lex, t).calendar && !lex.facilityModifiers.has(t.low)) {
      let e = k;
      const pe = matchPhrase(lex.places, tokens, k, placeWordOk);
      if (pe > k) e = pe;
      let nx = tokens[e + 1];
      // "Pevensey District General", "Norton Park General": one middle word before a second word that ends the name.
      let middle = false;
      if (nx && cap(nx) && !nx.newlineBefore && nx.shape !== "upper" && FACILITY_MIDDLE.has(nx.low) && cap(tokens[e + 2]) && !tokens[e + 2].newlineBefore && /^(?:general|memorial|regional|infirmary)$/.test(tokens[e + 2].low)) {
        e++;
        nx = tokens[e + 1];
        middle = true;
      }
      if (nx && cap(nx) && !nx.newlineBefore && FACILITY_SECOND.has(nx.low) && (!middle || !lex.common.has(t.low) || lex.places.has(t.low))) {
        let last = e + 1;
        if (tokens[last + 1]?.low === "'" && tokens[last + 2]?.low === "s" && !tokens[last + 1].spaceBefore) last += 2;
        const w = wordInfo(lex, t);
        const dictionary = lex.common.has(t.low);
        const properish = pe >= 0 || !dictionary || w.lastRank !== undefined;
        if (properish && !(nx.low === "general" && !(pe >= 0 || !dictionary))) {
          const end2 = extendFacility(tokens, lex, last);
          let first = k;
          const lead = tokens[k - 1];
          if (lead && cap(lead) && !t.newlineBefore && t.spaceBefore && FACILITY_LEAD.has(lead.low)) first = k - 1;
          else if (lead?.low === "." && !lead.spaceBefore && cap(tokens[k - 2]) && (tokens[k - 2].low === "st" || tokens[k - 2].low === "mt") && !t.newlineBefore) first = k - 2;
          else {
            // "Royal Wexcombe Infirmary", "Front Range University Hospital", "Mercy Ridge Regional": up to two capitalised
            // words before the name on its line (not a heading in capitals, a stop or calendar word, nor a sentence's
            // everyday first word unless it is one that opens facility names).
            for (let j = k - 1, n = 0; j >= 0 && n < 2; j--, n++) {
              const p = tokens[j];
              if (!cap(p) || tokens[j + 1].newlineBefore || !tokens[j + 1].spaceBefore || COLUMN_GAP.test(text.slice(p.end, tokens[j + 1].start))) break;
              const w = wordInfo(lex, p);
              if (w.stop || w.calendar || TITLES_BEFORE_FACILITY.has(p.low) || p.shape === "upper" || (w.acronym && p.text.length <= 2)) break;
              // A line that opens with the name and ends after it (a letterhead, a heading: "Front Range University
              // Hospital  -  Greeley, CO") keeps its everyday first word.
              const letterhead = p.newlineBefore || j === 0 ? /^(?:[ \t]*$|[ \t]{2,}|[ \t]*[-–—|·,][ \t])/.test(text.slice(tokens[end2].end, tokens[end2].end + 4)) : false;
              if (p.sentenceStart && lex.common.has(p.low) && !FACILITY_OPENERS.has(p.low) && !letterhead) break;
              first = j;
              if (p.sentenceStart) break;
            }
          }
          push(first, end2, "Organization:Healthcare", 0.75, "facility-second-word");
          facilityEnd[k] = end2;
          k = end2;
          continue;
        }
      }
    }
    // A private practice named by a place or name and two specialties: "Corrigan Heart & Vascular", "Kendal Skin and Laser".
    // The proper word must start the name: after another capitalised word the longer name is left to the rules below.
    if (cap(t) && !(cap(tokens[k - 1]) && !t.newlineBefore) && !wordInfo(lex, t).stop && !wordInfo(lex, t).calendar && (!lex.common.has(t.low) || lex.places.has(t.low)) && !lex.clinicalAcronyms.has(t.text)) {
      let j = k + 1;
      let n = 0;
      while (cap(tokens[j]) && !tokens[j].newlineBefore && SPECIALTY_WORDS.has(tokens[j].low) && n < 2) {
        j++;
        n++;
      }
      const amp = tokens[j];
      if (n > 0 && amp && !amp.newlineBefore && (amp.low === "&" || amp.low === "and") && cap(tokens[j + 1]) && !tokens[j + 1].newlineBefore && SPECIALTY_WORDS.has(tokens[j + 1].low)) {
        let e = j + 1;
        // The last specialty may open a type ("Spine & Pain Center": "Pain Center"), or a type may follow it.
        const own = typeEndAt(tokens, lex, e);
        const te = own > e ? own : typeEndAt(tokens, lex, e + 1);
        if (te >= 0) e = te;
        else if (tokens[e + 1] && !tokens[e + 1].newlineBefore && /^(?:PT|OT|MD|PC|PLLC|PA)$/.test(tokens[e + 1].text)) e++;
        push(k, e, "Organization:Healthcare", 0.8, "facility-specialties");
        facilityEnd[k] = e;
        k = e;
        continue;
      }
    }
    // One-word systems written in camel case: "PeaceHealth", "MetroHealth", "OhioHealth", "WellSpan".
    if (t.shape === "mixed" && /^\p{Lu}\p{Ll}+(?:Health|Care|Med|Medical|Clinic|Hospital|Health[Cc]are)$/u.test(t.text)) {
      push(k, k, "Organization:Healthcare", 0.8, "facility-camel");
      facilityEnd[k] = k;
      continue;
    }
    // "<Proper> fracture clinic", "<Proper> wound care clinic": a proper word before a lower-case service.
    // An eponym of a technique, a brand or a rare surname only, is no place or clinic ("<Eponym> micrographic surgery").
    const techniqueEponym = (lex.eponyms.has(t.low) || lex.medicalProper.has(t.low)) && !lex.places.has(t.low) && (lex.surnames.get(t.low) ?? Infinity) > 20000;
    if (cap(t) && t.shape === "title" && !lex.common.has(t.low) && !wordInfo(lex, t).stop && !lex.clinicalAcronyms.has(t.text) && !techniqueEponym) {
      let j = k + 1;
      let n = 0;
      while (tokens[j] && tokens[j].kind === "word" && tokens[j].shape === "lower" && !tokens[j].newlineBefore && n < 3 && !SERVICE_END.has(tokens[j].low) && !STOP_WORDS.has(tokens[j].low)) {
        j++;
        n++;
      }
      if (n >= 1 && tokens[j] && SERVICE_END.has(tokens[j].low) && tokens[j].shape === "lower" && !tokens[j].newlineBefore) {
        push(k, k, lex.places.has(t.low) ? "Address_Location:Other" : "Organization:Healthcare", 0.7, "proper-before-service");
        facilityEnd[k] = k;
        continue;
      }
    }
    // Acronyms after a facility cue: "transferred to BMC", "seen at OHSU".
    if (t.shape === "upper" && t.text.length >= 3 && t.text.length <= 6 && !lex.clinicalAcronyms.has(t.text) && !lex.common.has(t.low)) {
      const cue = tokens[k - 1];
      const cue2 = tokens[k - 2];
      if (cue && cue.kind === "word" && (cue.low === "at" || cue.low === "to" || cue.low === "from") && cue2 && /^(?:transferred|admitted|seen|followed|treated|discharged|presented|referred|works|worked|employed|hospitalized|hospitalised|outside|care)$/.test(cue2.low)) {
        push(k, k, "Organization:Healthcare", 0.75, "facility-acronym");
        continue;
      }
      // "scope in 2014 at UWMC", "delivered at the QEHB": a lone acronym of three to six capitals
      // after "at (the)" ("to" and "from" name a body part or a service as often: "pain radiating to RLE", "referred to SALT"), that is no clinical unit, service or test, and not glued to digits or a hyphen.
      const prep = cue?.low === "the" && cue2 ? cue2 : cue;
      const nx = tokens[k + 1];
      if (prep && prep.kind === "word" && prep.shape === "lower" && prep.low === "at" && !NOT_FACILITY_ACRONYMS.has(t.text) &&
          !lex.stateAbbreviations.has(t.text) && !lex.firstNames.has(t.low) && !(nx && !nx.spaceBefore && (nx.kind === "num" || nx.low === "-" || nx.low === "/" || nx.low === "&"))) {
        push(k, k, "Organization:Healthcare", 0.7, "facility-acronym-position");
        continue;
      }
    }
  }
  const inFacility = (k: number): boolean => {
    for (let j = k; j >= 0 && j >= k - 12; j--) if (facilityEnd[j] >= k) return true;
    return false;
  };

  // Organisations other than healthcare: "<Proper Words> University|School|Inc", "works at <Proper Words>".
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    if (t.kind !== "word" || inFacility(k)) continue;
    if (cap(t) && ORG_TYPES.has(t.low) && !t.sentenceStart) {
      let first = k;
      let proper = 0;
      let plain = 0;
      for (let j = k - 1, n = 0; j >= 0 && n < 5; j--) {
        const p = tokens[j];
        // A column gap ends the name: a table's header words are no organisation ("Dose      Status     Supply").
        if (COLUMN_GAP.test(text.slice(p.end, tokens[j + 1].start))) break;
        if (tokens[j + 1].newlineBefore || !cap(p)) {
          if (p.kind === "punct" && (p.low === "&" || p.low === "'" || p.low === "-" || p.low === ".")) continue;
          if (p.low === "s" && tokens[j - 1]?.low === "'") continue;
          break;
        }
        const w = wordInfo(lex, p);
        if (w.stop || w.calendar || w.acronym) break;
        // "Attends Little Acorns Nursery": a capitalised everyday word starting the sentence is not part of the name.
        // An insurer's name after a field label starts with it ("Insurance: Gem Valley Mutual").
        if (p.sentenceStart && w.common && !nameCandidateWord(lex, p) && first < k && !(INSURER_TYPES.has(t.low) && tokens[j - 1]?.low === ":")) break;
        first = j;
        n++;
        // A generic or service word ("Eye Department", "Records Department") is no proper word of an organisation.
        if ((!w.common || nameCandidateWord(lex, p)) && !lex.facilityModifiers.has(p.low)) proper++;
        if (p.shape !== "upper" && !INSURANCE_GENERIC.has(p.low) && !lex.medical.has(p.low) && !w.medicalProper && !ORG_TYPES.has(p.low)) plain++;
        if (p.sentenceStart) break;
      }
      if (proper === 0 && INSURER_TYPES.has(t.low) && plain >= 2) proper++;
      let end = k;
      // "Okafor Family Funeral Home", "Funeral Services": the funeral trade's own second word.
      if (t.low === "mutual" && cap(tokens[k + 1]) && !tokens[k + 1].newlineBefore && /^(?:casualty|insurance|assurance|life)$/.test(tokens[k + 1].low)) end = k + 1;
      if (t.low === "funeral" && cap(tokens[k + 1]) && !tokens[k + 1].newlineBefore && /^(?:home|homes|services|directors|parlor|parlour|chapel)$/.test(tokens[k + 1].low)) end = k + 1;
      // "Univ. of Leicester": the abbreviation's dot before "of".
      const ofAt = t.low === "univ" && tokens[k + 1]?.low === "." && !tokens[k + 1].spaceBefore ? k + 2 : k + 1;
      if (tokens[ofAt]?.low === "of" && cap(tokens[ofAt + 1]) && !tokens[ofAt + 1].newlineBefore && (t.low === "university" || t.low === "univ" || t.low === "college" || t.low === "school" || t.low === "bank" || t.low === "department" || t.low === "board")) {
        end = ofAt + 1;
        while (cap(tokens[end + 1]) && !tokens[end + 1].newlineBefore && end - k < 5) end++;
        // "Department of Cardiology", "School of Medicine": a service named by its specialty has no proper word.
        if (first === k && tokens.slice(ofAt + 1, end + 1).every((x) => lex.facilityModifiers.has(x.low) || lex.medical.has(x.low))) continue;
        proper++;
      }
      if (proper > 0 && (first < k || end > k)) push(first, end, "Organization:Other", 0.75, "org-shape");
      continue;
    }
    // "works nights at the Mountaire poultry plant", "the Amazon warehouse": a proper word before a lower-case
    // workplace noun (one lower-case word between allowed) after "the" or "at".
    if (cap(t) && t.shape !== "upper" && !t.sentenceStart && (tokens[k - 1]?.low === "the" || tokens[k - 1]?.low === "at")) {
      const w = wordInfo(lex, t);
      let j = k + 1;
      if (tokens[j]?.kind === "word" && tokens[j].shape === "lower" && !WORKPLACE_NOUNS.has(tokens[j].low) && !STOP_WORDS.has(tokens[j].low)) j++;
      const noun = tokens[j];
      if (!w.common && !w.stop && !w.calendar && !lex.medical.has(t.low) && !w.medicalProper && noun?.kind === "word" && noun.shape === "lower" && WORKPLACE_NOUNS.has(noun.low) && !tokens.slice(k + 1, j + 1).some((x) => x.newlineBefore)) {
        push(k, k, "Organization:Other", 0.7, "org-workplace");
        continue;
      }
    }
    // A line wrapped after the preposition is no sentence start ("a machinist at\n  Allied Tool & Die").
    const wrapped = t.newlineBefore && tokens[k - 1]?.shape === "lower" && /^(?:at|for|with)$/.test(tokens[k - 1].low);
    const before = cap(t) && (!t.sentenceStart || wrapped) ? text.slice(Math.max(0, t.start - 40), t.start) : "";
    const jobCue = before !== "" && JOB_BEFORE.test(before) && jobEmployerCue(before);
    if (before !== "" && (jobCue || ORG_CUES.test(before.slice(-30)))) {
      const w = wordInfo(lex, t);
      // A country's first word ("Great" of Great Britain) or a weekday's abbreviation ("Sun") may open a longer name
      // ("Great Lakes Haulage", "Sun Ridge Farms"): only a one-word country, or a calendar word alone, is none.
      const nextCap = cap(tokens[k + 1]) && !tokens[k + 1].newlineBefore;
      if (w.stop || (w.calendar && !nextCap) || (w.acronym && !jobCue) || matchPhrase(lex.countries, tokens, k, (x) => cap(x)) >= 0) continue;
      let end = k;
      for (;;) {
        if (cap(tokens[end + 1]) && !tokens[end + 1].newlineBefore && end - k < 4 && !wordInfo(lex, tokens[end + 1]).stop) end++;
        // "Fairfax County Fire and Rescue", "Procter & Gamble", "Bank of America".
        else if ((tokens[end + 1]?.low === "and" || tokens[end + 1]?.low === "&" || tokens[end + 1]?.low === "of") && cap(tokens[end + 2]) && !tokens[end + 2].newlineBefore && !wordInfo(lex, tokens[end + 2]).stop && end - k < 4) end += 2;
        else break;
      }
      if (tokens[end + 1]?.low === "'" && tokens[end + 2]?.low === "s") end += 2;
      // After a job or a work verb ("security guard at Target", "works at Target") one everyday word is the employer.
      if (!w.common || end > k || (t.shape === "upper" && !(t.capsLine && lex.common.has(t.low))) || ((jobCue || WORK_AT.test(before)) && t.shape === "title" && !lex.eponyms.has(t.low))) push(k, end, "Organization:Other", 0.7, "org-cue");
    }
  }

  // Street addresses: number + name + type (+ unit) (+ , City) (+ , ST|State) (+ ZIP).
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    if (t.kind !== "num" || t.text.length > 6) continue;
    if (tokens[k - 1] && (tokens[k - 1].low === "." || tokens[k - 1].low === "/" || tokens[k - 1].low === ":") && !t.spaceBefore) continue;
    let j = k + 1;
    // "12A Main St", "12-14 High Street"
    if (tokens[j]?.kind === "word" && tokens[j].text.length === 1 && !tokens[j].spaceBefore) j++;
    if (tokens[j]?.low === "-" && tokens[j + 1]?.kind === "num") j += 2;
    if (tokens[j] && DIRECTIONS.has(tokens[j].low) && cap(tokens[j])) {
      j++;
      if (tokens[j]?.low === ".") j++;
    }
    let nameWords = 0;
    let typeAt = -1;
    const nameStart = j;
    while (nameWords < 5 && tokens[j] && !tokens[j].newlineBefore) {
      const w = tokens[j];
      if (w.kind === "num" && /^(?:\d+)$/.test(w.text) && tokens[j + 1]?.kind === "word" && /^(?:st|nd|rd|th)$/.test(tokens[j + 1].low)) {
        j += 2;
        nameWords++;
        continue;
      }
      const lowerStreet = w.shape === "lower" && nameWords < 3 && !STOP_WORDS.has(w.low) && lowerStreetAhead(tokens, j);
      if (w.kind !== "word" || !(cap(w) || lowerStreet || (w.shape === "lower" && STREET_TYPES.has(w.low) && nameWords > 0))) break;
      if (STREET_TYPES.has(w.low) && nameWords > 0) {
        typeAt = j;
        // "Bole Hill Road", "Park Lane Close": a type word followed by another is part of the name.
        while (tokens[typeAt + 1] && STREET_TYPES.has(tokens[typeAt + 1].low) && !tokens[typeAt + 1].newlineBefore && (cap(tokens[typeAt + 1]) || tokens[typeAt + 1].shape === w.shape)) typeAt++;
        break;
      }
      if (STOP_WORDS.has(w.low)) break;
      nameWords++;
      j++;
      if (tokens[j]?.low === "'" && tokens[j + 1]?.low === "s") j += 2;
    }
    // Welsh streets put the type first: "14 Heol y Nant", "3 Maes y Llan", "2 Ffordd Penrhyn", "7 Lôn Las".
    if (typeAt < 0 && tokens[nameStart] && WELSH_STREET.has(tokens[nameStart].low) && cap(tokens[nameStart])) {
      let w = nameStart + 1;
      if (tokens[w] && (tokens[w].low === "y" || tokens[w].low === "yr") && !tokens[w].newlineBefore) w++;
      if (tokens[w] && cap(tokens[w]) && tokens[w].kind === "word" && !tokens[w].newlineBefore) typeAt = w;
    }
    if (typeAt < 0 || nameStart === typeAt) continue;
    let end = typeAt;
    if (tokens[end + 1]?.low === "." && !tokens[end + 1].spaceBefore) end++;
    if (tokens[end + 1] && DIRECTIONS.has(tokens[end + 1].low) && cap(tokens[end + 1]) && !tokens[end + 1].newlineBefore) end++;
    end = extendAddressTail(tokens, lex, end);
    // A flat or unit written before the number: "Flat 2, 9 Wellington Terrace", "Apt 3, 18 Ranelagh Road".
    let first = k;
    {
      let u = k - 1;
      if (tokens[u]?.low === ",") u--;
      let v = u;
      if (tokens[v] && (tokens[v].kind === "num" || (tokens[v].kind === "word" && tokens[v].text.length <= 3 && /\d/.test(tokens[v].text)))) {
        if (tokens[v - 1] && !tokens[v].spaceBefore && (tokens[v - 1].kind === "num" || tokens[v - 1].kind === "word") && tokens[v - 1].text.length <= 3) v--;
        if (tokens[v - 1]?.low === "#") v--;
        const uw = tokens[v - 1];
        if (uw && /^(?:flat|apt|apartment|unit|suite|ste)$/.test(uw.low) && !t.newlineBefore && !tokens[v].newlineBefore) first = v - 1;
      }
    }
    const before = text.slice(Math.max(0, tokens[first].start - 30), tokens[first].start);
    push(first, end, ADDRESS_PATIENT_CUES.test(before) ? "Address_Location:Patient" : "Address_Location:Other", 0.9, "street");
    k = end;
  }

  // Streets named without a house number: "on Peachtree Rd", "Heath Road", "Huntington Ave", "Chapel Lane": proper
  // words (title case, or capitals on a capitals line that no dictionary knows) before a capitalised street type.
  for (let k = 1; k < tokens.length; k++) {
    const t = tokens[k];
    if (t.kind !== "word" || !NAMED_STREET_TYPES.has(t.low) || !cap(t) || t.newlineBefore || inFacility(k)) continue;
    if (t.shape === "upper" && !t.capsLine) continue;
    // "St" before a name is a saint ("St Mary's"); after one, a street ("Main St", "W. 4th St.").
    if (t.low === "st") {
      let j = k + 1;
      if (tokens[j]?.low === ".") j++;
      if (cap(tokens[j]) && !tokens[j].newlineBefore) continue;
    }
    let first = -1;
    let proper = 0;
    for (let j = k - 1, n = 0; j >= 0 && n < 4; j--) {
      const p = tokens[j];
      if (p.kind === "punct") {
        if (p.low === "." && j > 0 && tokens[j - 1].kind === "word" && DIRECTIONS.has(tokens[j - 1].low)) continue;
        if (p.low === "'" && tokens[j + 1]?.low === "s") continue;
        break;
      }
      if (p.low === "s" && tokens[j - 1]?.low === "'") continue;
      // "72nd Street", "W. 4th St"
      if (p.kind === "word" && /^(?:st|nd|rd|th)$/.test(p.low) && !p.spaceBefore && tokens[j - 1]?.kind === "num") {
        first = j - 1;
        n++;
        j--;
        proper++;
        continue;
      }
      if (p.kind === "num") break;
      if (!cap(p) || STOP_WORDS.has(p.low) || wordInfo(lex, p).calendar || lex.clinicalAcronyms.has(p.text)) break;
      if (p.shape === "upper" && p.text.length > 1 && !(p.capsLine && !lex.common.has(p.low))) break;
      // "Lives Chapel Street": a verb that opens the sentence is no part of a longer street name.
      if (STREET_LEAD_VERBS.has(p.low)) break;
      first = j;
      n++;
      if (!lex.commonSmall.has(p.low) || DIRECTIONS.has(p.low)) proper++;
      if (p.sentenceStart || tokens[j].newlineBefore) break;
    }
    if (first < 0) continue;
    // "Way", "Close", "Drive" after everyday words only ("Heart Failure Way", "Keep Close") are no street.
    // After a place preposition they still name one ("walk to the end of Cedar Close", "lives on Oak Grove").
    const placed = first > 0 && /^(?:on|in|at|of|along|down|up|off|near|lives|living|past)$/.test(tokens[first - 1].low) && !t.sentenceStart;
    if (proper === 0 && !STRONG_NAMED_STREET_TYPES.has(t.low) && !placed) continue;
    // The street type must end the name: "Road traffic accident" is no street.
    const after = tokens[k + 1];
    if (after && after.kind === "word" && after.shape === "lower" && !after.newlineBefore && STREET_NOUN_AFTER.has(after.low)) continue;
    let end = k;
    if (tokens[end + 1]?.low === "." && !tokens[end + 1].spaceBefore && t.text.length <= 4) end++;
    if (tokens[end + 1] && DIRECTIONS.has(tokens[end + 1].low) && cap(tokens[end + 1]) && !tokens[end + 1].newlineBefore && tokens[end + 1].text.length <= 2) end++;
    push(first, end, ADDRESS_PATIENT_CUES.test(text.slice(Math.max(0, tokens[first].start - 30), tokens[first].start)) ? "Address_Location:Patient" : "Address_Location:Other", 0.75, "named-street");
  }
  // Numbered roads: "Route 9", "Highway 101", "I-95", "Interstate 5", "State Route 2", "Hwy 6".
  const road = /(?<![\p{L}\d])(?:(?:State\s+|US\s+|County\s+)?(?:Route|Highway|Hwy|Interstate|Rte)\.?\s?\d{1,4}[A-Z]?|I-\d{1,3}|US-\d{1,3}|SR-\d{1,4})(?![\p{L}\d])/gud;
  for (const [s0, e0] of groupMatches(road, text)) out.push({ start: s0, end: e0, label: "Address_Location:Other", score: 0.8, rule: "numbered-road" });
  // Lakes, rivers and parks by name: "Lake Harriet", "Lake Tahoe", "Central Park" is left to the gazetteer.
  const feature = /(?<![\p{L}])(?:Lake|Loch|Mount|Mt\.?|River)\s(\p{Lu}\p{Ll}{2,}(?:\s\p{Lu}\p{Ll}{2,})?)(?![\p{L}])/gud;
  for (const [s0, e0, m] of groupMatches(feature, text)) {
    const name = foldFirst(m[1]);
    if (lex.common.has(name) || STOP_WORDS.has(name) || lex.medical.has(name)) continue;
    out.push({ start: s0, end: e0, label: "Address_Location:Other", score: 0.75, rule: "named-feature" });
  }

  // PO boxes and units on their own: "P.O. Box 123", "Apt 4B", "Suite 210".
  const poBox = /(?<![\p{L}])(?:p\.?\s?o\.?\s?box|post\s+office\s+box|pmb)\s{0,2}#?\s{0,2}\d{1,6}(?!\d)/giud;
  for (const [s, e] of groupMatches(poBox, text)) out.push({ start: s, end: e, label: "Address_Location:Other", score: 0.9, rule: "po-box" });
  const unit = /(?<![\p{L}])(?:apt\.?|apartment|suite|ste\.?|unit|flat)[ \t]{0,2}#?[ \t]{0,2}(?=[A-Za-z]?\d)[A-Za-z0-9]{1,5}(?:-[A-Za-z0-9]{1,4})?(?![\p{L}\d])/giud;
  for (const [s, e] of groupMatches(unit, text)) out.push({ start: s, end: e, label: "Address_Location:Other", score: 0.8, rule: "unit" });

  // "City, ST 12345", "City, ST", "City, State", "ST 12345", ZIP+4, UK postcodes.
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    if (t.kind !== "word" || t.shape !== "upper" || t.text.length !== 2 || !lex.stateAbbreviations.has(t.text)) continue;
    const zip = tokens[k + 1]?.kind === "num" && tokens[k + 1].text.length === 5 && !tokens[k + 1].newlineBefore;
    let zipEnd = zip ? k + 1 : -1;
    if (zip && tokens[k + 2]?.low === "-" && tokens[k + 3]?.kind === "num" && tokens[k + 3].text.length === 4 && !tokens[k + 2].spaceBefore) zipEnd = k + 3;
    const comma = tokens[k - 1]?.low === ",";
    let cityFirst = -1;
    if (comma) {
      let j = k - 2;
      let n = 0;
      while (j >= 0 && cap(tokens[j]) && n < 3 && !STOP_WORDS.has(tokens[j].low) && !wordInfo(lex, tokens[j]).acronym && !FACILITY_TAIL.has(tokens[j].low) && !(cityFirst >= 0 && COLUMN_GAP.test(text.slice(tokens[j].end, tokens[cityFirst].start)))) {
        cityFirst = j;
        n++;
        if (tokens[j].newlineBefore) break;
        j--;
        if (tokens[j]?.low === "." && j > 0) j--;
      }
    }
    // "Pikeville KY", "Logan County WV": without a comma, the words before the code must be a listed place (or a
    // county) to their end, and the code no degree ("Jackson MS", "Marchetti MD" are left to the comma form).
    if (!comma && t.spaceBefore && !t.newlineBefore && NO_COMMA_STATES.has(t.text) && cap(tokens[k - 1]) && tokens[k - 1].shape !== "upper") {
      const countyWord = /^(?:county|parish|borough)$/.test(tokens[k - 1].low);
      for (let j = Math.max(0, k - (countyWord ? 4 : 3)); j < k; j++) {
        if (!cap(tokens[j]) || tokens.slice(j + 1, k).some((x) => x.newlineBefore) || STOP_WORDS.has(tokens[j].low)) continue;
        const pe = matchPhrase(lex.places, tokens, j, placeWordOk);
        if (pe === k - 1 || (countyWord && pe === k - 2) || (countyWord && j === k - 2 && nameCandidateWord(lex, tokens[j]))) {
          cityFirst = j;
          break;
        }
      }
    }
    const credential = CREDENTIAL_STATES.has(t.text) && comma;
    // Before a state code that is also a degree (", MD", ", DO"), the words must be a listed place to their end:
    // "Gideon Marchetti, MD" is a doctor, though Gideon is a town.
    if (cityFirst >= 0 && (zip || !credential || matchPhrase(lex.places, tokens, cityFirst, placeWordOk) === k - 2)) {
      push(cityFirst, zipEnd >= 0 ? zipEnd : k, "Address_Location:Other", 0.9, "city-state");
    } else if (zip && !credential) {
      push(k, zipEnd, "Address_Location:Other", 0.85, "state-zip");
    } else if (zip) {
      push(k, zipEnd, "Address_Location:Other", 0.7, "state-zip");
    }
  }
  const zipCue = /(?<![\p{L}])(?:zip(?:\s?code)?|postal\s+code|post\s?code)\s{0,3}(?:is|:|#|-)?\s{0,3}(\d{5}(?:-\d{4})?|[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2})(?![\d\p{L}])/giud;
  for (const [s, e] of groupMatches(zipCue, text, 1)) out.push({ start: s, end: e, label: "Address_Location:Other", score: 0.9, rule: "zip-cue" });
  const zip4 = /(?<![\d\-\/.])\d{5}-\d{4}(?![\d\-\/])/gd;
  for (const [s, e] of groupMatches(zip4, text)) out.push({ start: s, end: e, label: "Address_Location:Other", score: 0.75, rule: "zip4" });
  const ukPostcode = /(?<![\p{L}\d])(?:[A-PR-UWYZ][A-HK-Y]?\d[A-Z\d]?\s\d[ABD-HJLNP-UW-Z]{2}|[A-PR-UWYZ][A-HK-Y]?\d[A-Z\d]?\d[ABD-HJLNP-UW-Z]{2}(?=\s|$|[,.;)]))(?![\p{L}\d])/gud;
  for (const [s, e] of groupMatches(ukPostcode, text)) {
    // The listed town right before it, on its line ("Dundee DD1 9SY", "London NW3 2QG", "Newport, NP19 7BX").
    let start = s;
    let k = tokenEndingBefore(tokens, s);
    if (k >= 0 && tokens[k].low === "," && !/\n/.test(text.slice(tokens[k].end, s))) k--;
    if (k >= 0 && cap(tokens[k]) && !/\n/.test(text.slice(tokens[k].end, s)) && !STOP_WORDS.has(tokens[k].low)) {
      for (let first = Math.max(0, k - 2); first <= k; first++) {
        if (cap(tokens[first]) && !tokens.slice(first + 1, k + 1).some((x) => x.newlineBefore) && matchPhrase(lex.places, tokens, first, placeWordOk) === k) {
          start = tokens[first].start;
          break;
        }
      }
    }
    out.push({ start, end: e, label: "Address_Location:Other", score: 0.85, rule: "uk-postcode" });
  }
  // A postcode in lower case ("manchester m1 3hz", "leeds ls6 2ab"): only with a real postcode area and the space, and
  // with the listed town before it when there is one.
  for (const [s, e] of groupMatches(LOWER_UK_POSTCODE, text)) {
    let start = s;
    const k = tokenEndingBefore(tokens, s);
    if (k >= 0 && tokens[k].shape === "lower" && !tokens[k].newlineBefore) {
      let first = k;
      if (k > 0 && tokens[k - 1].kind === "word" && tokens[k - 1].shape === "lower" && matchPhrase(lex.places, tokens, k - 1, () => true) === k) first = k - 1;
      if (first === k && matchPhrase(lex.places, tokens, k, () => true) !== k) first = -1;
      if (first >= 0 && !STOP_WORDS.has(tokens[first].low)) start = tokens[first].start;
    }
    out.push({ start, end: e, label: "Address_Location:Other", score: 0.8, rule: "uk-postcode-lower" });
  }

  // Gazetteer places: cities, towns, states, counties. A name that is also a common word needs a place cue.
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    if (t.kind !== "word" || !cap(t) || inFacility(k)) continue;
    if (t.shape === "upper" && t.text.length <= 3) continue;
    const end = matchPhrase(lex.places, tokens, k, (w, i) => placeWordOk(w, i) || (i > 0 && (w.low === "upon" || w.low === "on" || w.low === "of" || w.low === "the" || w.low === "in" || w.low === "le" || w.low === "la" || w.low === "de")));
    if (end < 0) {
      let we = worldPlaceAt(tokens, text, lex, k);
      // Without a cue, a province or state code after the place is the second signal: "Regina, SK", "Dubbo, NSW 2830".
      if (we < 0) {
        const cueless = worldPlaceAt(tokens, text, lex, k, true);
        if (cueless >= 0 && worldRegionAfter(tokens, cueless) >= 0 && !t.sentenceStart) we = cueless;
        // A large city of the world needs no cue ("Lahore renal letter").
        else if (cueless >= 0 && lex.worldCities.has(phraseKey(tokens, k, cueless))) we = cueless;
        // A town no list knows with its province and postal code: "Dunnville, ON N1A 2X5".
        else if (t.shape === "title" && !wordInfo(lex, t).common && !wordInfo(lex, t).stop) {
          const r = worldRegionAfter(tokens, k);
          if (r >= 0 && regionPostcodeAfter(tokens, r) >= 0) we = k;
        }
      }
      if (we >= 0) {
        let finalEnd = Math.max(we, worldRegionAfter(tokens, we));
        if (finalEnd > we) finalEnd = Math.max(finalEnd, regionPostcodeAfter(tokens, finalEnd));
        push(k, finalEnd, ADDRESS_PATIENT_CUES.test(text.slice(Math.max(0, t.start - 30), t.start)) ? "Address_Location:Patient" : "Address_Location:Other", 0.75, "world-place");
        k = finalEnd;
      }
      continue;
    }
    // A country or continent alone is not marked (only inside an address).
    const ce = matchPhrase(lex.countries, tokens, k, (w) => cap(w));
    if (ce >= end) {
      k = ce;
      continue;
    }
    const wordsIn: Token[] = [];
    for (let j = k; j <= end; j++) if (tokens[j].kind === "word") wordsIn.push(tokens[j]);
    const infos = wordsIn.map((w) => wordInfo(lex, w));
    if (infos.some((w) => w.acronym)) continue;
    const allCommon = infos.every((w) => w.common || w.stop);
    const single = wordsIn.length === 1;
    const w0 = infos[0];
    // Followed by ", State", ", ST", ", England" or preceded by a place cue word.
    const after = placeContextAfter(tokens, lex, end);
    const cue = prevWord(k);
    const cued = !!cue && PLACE_CUES.has(cue.low) && cue.kind === "word";
    // "moved to Reading", "lives in Bath": a verb of living or moving before the cue makes even an everyday word a place.
    const moveCue = cued && !t.sentenceStart && cue !== undefined && (cue.low === "to" || cue.low === "in" || cue.low === "from") && MOVE_VERBS.has(tokens[cue.i - 1]?.low ?? "");
    // Alone on its line (a fragment, a list entry), unless an eponym ("Foley" is a catheter).
    const aloneLine = (k === 0 || t.newlineBefore) && (!tokens[end + 1] || tokens[end + 1].newlineBefore);
    // A place of two or more listed words heading a short line before lower-case words: "Baton Rouge dialysis centers".
    const nextLower = !tokens[end + 1] || tokens[end + 1].newlineBefore || (tokens[end + 1].kind === "word" && tokens[end + 1].shape === "lower");
    let ok: boolean;
    if (single) {
      if (w0.stop || w0.calendar) ok = false;
      else if (w0.common || w0.eponym) ok = (!t.sentenceStart && (after >= 0 || (cued && !w0.commonSmall) || moveCue)) || (aloneLine && !w0.common && !w0.commonSmall && !w0.eponym);
      else ok = true;
    } else {
      const head = allCommon && nextLower && (k === 0 || t.newlineBefore) && wordsIn.every((x) => x.shape === "title");
      ok = ((!allCommon || after >= 0 || cued) && !(allCommon && t.sentenceStart && after < 0)) || head;
    }
    if (!ok) continue;
    if (eponymContextAfter(tokens, end)) continue;
    const nextTok = tokens[end + 1];
    // "Lancaster County", "Orleans Parish": a listed place before a capitalised division word is that division.
    if (nextTok && nextTok.kind === "word" && cap(nextTok) && !nextTok.newlineBefore && /^(?:county|parish|borough|township)$/.test(nextTok.low) && !(single && (w0.common || w0.stop)) && (!t.sentenceStart || !infos.some((x) => x.common || x.stop))) {
      push(k, end + 1, ADDRESS_PATIENT_CUES.test(text.slice(Math.max(0, t.start - 30), t.start)) ? "Address_Location:Patient" : "Address_Location:Other", 0.8, "place-county");
      k = end + 1;
      continue;
    }
    // A capitalised word before or after that is not a place makes the run a title or an organisation name.
    if (nextTok && nextTok.kind === "word" && cap(nextTok) && !nextTok.newlineBefore && single && (w0.common || w0.firstRank !== undefined || w0.lastRank !== undefined) && after < 0) continue;
    // "Medina-Castro" is a double surname, not a town.
    if (tokens[end + 1]?.low === "-" && !tokens[end + 1].spaceBefore && cap(tokens[end + 2]) && !tokens[end + 2].spaceBefore) continue;
    // A single word in capitals is a heading word unless a cue or a state says place ("BIPLANE SIMPSON").
    if (single && wordsIn[0].shape === "upper" && after < 0 && !cued) continue;
    let finalEnd = after >= 0 ? after : end;
    // A province, state or county of the world after the town, and its postcode: "Brampton, ON L6T 4J9".
    if (after < 0) {
      const region = worldRegionAfter(tokens, end);
      if (region >= 0) finalEnd = Math.max(region, regionPostcodeAfter(tokens, region));
    }
    // "Co. Antrim", "County Kerry": the Irish county word in front belongs to the place.
    let first = k;
    if (tokens[k - 1]?.low === "county" && cap(tokens[k - 1]) && !t.newlineBefore) first = k - 1;
    else if (tokens[k - 1]?.low === "." && tokens[k - 2]?.low === "co" && tokens[k - 2].text === "Co" && !t.newlineBefore) first = k - 2;
    push(first, finalEnd, "Address_Location:Other", single && !cued && after < 0 ? 0.7 : 0.85, "place");
    k = finalEnd;
  }
  return out.concat(unlistedPlacesAfterResidence(tokens, text, lex, out));
}

/** Where someone lives, comes from or moved to: the verb (and an adverb) before "in", "at", "from", "to" or "near". */
const RESIDENCE_VERBS = new Set(["lives", "living", "lived", "resides", "residing", "resided", "based", "moved", "relocated", "grew", "born", "raised", "originally", "visiting", "emigrated", "immigrated", "settled"]);
const RESIDENCE_ADVERBS = new Set(["alone", "nearby", "locally", "now", "still", "independently", "up", "here", "there", "separately", "together", "currently"]);
/** Words that end a place reading: buildings and services after the name ("lives in Brunel House" is kept, "in Ward 4" no). */
const NOT_RESIDENCE_WORDS = new Set(["ward", "bay", "bed", "room", "unit", "hospital", "clinic", "care", "home", "the", "a", "an", "his", "her", "their", "supported", "sheltered", "temporary", "emergency", "foster", "residential"]);

/**
 * A capitalised place that no gazetteer lists, right after a verb of residence and its preposition: "lives nearby in
 * Penwortham", "lives alone in Kilmacud", "the other lad is from Seacombe" (is/are from), "grew up in Broughty Ferry".
 * One to three capitalised words; the first is no everyday, medical or stop word, no listed given name and no
 * country, nationality or language. Only where no other rule found something there.
 */
function unlistedPlacesAfterResidence(tokens: readonly Token[], text: string, lex: RulesEnLexicon, found: readonly Candidate[]): Candidate[] {
  const out: Candidate[] = [];
  for (let k = 2; k < tokens.length; k++) {
    const t = tokens[k];
    const prep = tokens[k - 1];
    if (t.kind !== "word" || t.shape !== "title" || prep.newlineBefore || prep.kind !== "word" || !/^(?:in|at|from|to|near)$/.test(prep.low)) continue;
    let v = tokens[k - 2];
    if (v && RESIDENCE_ADVERBS.has(v.low) && tokens[k - 3]) v = tokens[k - 3];
    const isFrom = prep.low === "from" && (v?.low === "is" || v?.low === "are" || v?.low === "was" || v?.low === "comes" || v?.low === "came");
    if (!v || v.kind !== "word" || (!RESIDENCE_VERBS.has(v.low) && !isFrom)) continue;
    if (v.low === "grew" && tokens[k - 2]?.low !== "up") continue;
    const w = wordInfo(lex, t);
    if (w.common || w.commonSmall || w.stop || w.calendar || w.eponym || w.medicalProper || w.acronym || lex.medical.has(t.low) || lex.countries.has(t.low) || w.firstRank !== undefined || NOT_RESIDENCE_WORDS.has(t.low) || t.text.length < 4) continue;
    let e = k;
    while (e - k < 2 && tokens[e + 1]?.kind === "word" && tokens[e + 1].shape === "title" && !tokens[e + 1].newlineBefore && tokens[e + 1].spaceBefore && !NOT_RESIDENCE_WORDS.has(tokens[e + 1].low) && !wordInfo(lex, tokens[e + 1]).stop && !COLUMN_GAP.test(text.slice(tokens[e].end, tokens[e + 1].start))) e++;
    const start = t.start;
    const end = tokens[e].end;
    if (eponymContextAfter(tokens, e) || found.some((c) => c.start < end && start < c.end)) continue;
    out.push({ start, end, label: "Address_Location:Other", score: 0.55, rule: "unlisted-place-after-residence" });
    k = e;
  }
  return out;
}

/** Verbs before "to", "in" or "from" that make the next capitalised word a place ("moved to Reading"). */
const MOVE_VERBS = new Set(["moved", "moving", "relocated", "relocating", "lives", "living", "lived", "resides", "residing", "resided", "born", "raised", "grew", "emigrated", "immigrated", "returned", "travelled", "traveled", "drove", "flew", "visiting", "visited", "nearby", "up"]);

/** Cues before a place of the world: "moved from Auckland", "born in Da Nang", "holiday in Tenerife". */
const WORLD_CUES = new Set(["in", "from", "near", "outside", "visiting", "via"]);
/** "to" names a place only after a verb of travel or moving ("moved to Perth"; not "spoke to Kylie"). */
const TRAVEL_BEFORE_TO = new Set(["moved", "moving", "move", "relocated", "relocating", "emigrated", "travelled", "traveled", "travelling", "traveling", "travel", "trip", "flew", "fly", "flying", "flight", "went", "going", "go", "holiday", "holidays", "vacation", "returned", "returning", "back", "drove", "driving", "visit", "visited", "deported", "immigrated", "migrated"]);
/** Software and colour words that towns of the world bear; nationalities and languages are in countries.txt. */
const NOT_WORLD_PLACES = new Set(["epic", "cerner", "mychart", "teams", "zoom", "black", "white"]);

/**
 * A listed place of the world (GeoNames outside the US and the UK) after a place cue, when none of its words is an
 * everyday or medical word, a name, an eponym, a nationality or a language: "moved from Auckland", "born in Da
 * Nang", "relocated to Parramatta, NSW". Returns the last token index, or -1.
 */
function worldPlaceAt(tokens: readonly Token[], text: string, lex: RulesEnLexicon, k: number, cueless = false): number {
  const t = tokens[k];
  if (t.shape !== "title" || (t.sentenceStart && !cueless)) return -1;
  const cue = tokens[k - 1];
  if (!cueless && (!cue || cue.kind !== "word")) return -1;
  const toCue = cue?.low === "to" && !!tokens[k - 2] && TRAVEL_BEFORE_TO.has(tokens[k - 2].low);
  if (!cueless && !WORLD_CUES.has(cue.low) && !toCue) return -1;
  // Words of the candidate, glued by "-" or "." as the list's phrases are ("Wells-next-the-Sea"): up to four.
  let key = "";
  let best = -1;
  let j = k;
  for (let n = 0; n < 4 && tokens[j]; n++) {
    const w = tokens[j];
    if (w.kind !== "word" || (n > 0 && w.newlineBefore)) break;
    if (n > 0 && !isCapitalised(w) && !/^(?:de|da|del|di|do|du|la|le|les|los|las|el|sur|am|an|im|bei|y|e|van|von|der|den|on|upon|next|the)$/.test(w.low)) break;
    key += (key ? " " : "") + (w.low === "saint" ? "st" : w.low === "mount" ? "mt" : w.low === "fort" ? "ft" : w.low);
    if (isCapitalised(w) && lex.worldPlaces.has(key)) best = j;
    j++;
    if (tokens[j] && (tokens[j].low === "-" || tokens[j].low === ".") && !tokens[j].spaceBefore && tokens[j + 1] && !tokens[j + 1].spaceBefore) j++;
  }
  if (best < 0 || key.replace(/ /g, "").length < 4) return -1;
  for (let i = k; i <= best; i++) {
    const w = tokens[i];
    if (w.kind !== "word" || !isCapitalised(w)) continue;
    const info = wordInfo(lex, w);
    // OpenMedSpel's capitalised words hold many large cities (affiliations in the literature): those stay places.
    if (info.common || info.stop || info.calendar || info.eponym || (info.medicalProper && !lex.worldCities.has(w.low)) || info.acronym || NOT_WORLD_PLACES.has(w.low) || lex.countries.has(w.low) || lex.medical.has(w.low)) return -1;
    // A listed given name or a frequent surname is a person ("from Kylie", "in Tran's care").
    if (best === k && (info.firstRank !== undefined || (info.lastRank !== undefined && info.lastRank < 20000))) return -1;
  }
  if (lex.countries.has(t.low) && matchPhrase(lex.countries, tokens, k, (w) => isCapitalised(w)) >= best) return -1;
  // A clinical word right after ("Tenerife syndrome") or a name shape after ("in Rosa Parks").
  if (eponymContextAfter(tokens, best)) return -1;
  const nx = tokens[best + 1];
  if (nx && nx.kind === "word" && isCapitalised(nx) && !nx.newlineBefore && !COLUMN_GAP.test(text.slice(tokens[best].end, nx.start))) return -1;
  return best;
}

/** ", NSW", ", Ontario", ", Co. Cork" after a place of the world: Australian states, Canadian provinces, Irish counties. */
const WORLD_REGIONS = new Set(["nsw", "vic", "qld", "tas", "act", "nt", "wa", "sa", "on", "bc", "ab", "qc", "ns", "nb", "mb", "sk", "pei", "nl", "ontario", "quebec", "québec", "alberta", "manitoba", "saskatchewan", "victoria", "queensland", "tasmania", "punjab", "gujarat", "kerala", "maharashtra", "karnataka", "auckland", "canterbury"]);
function worldRegionAfter(tokens: readonly Token[], end: number): number {
  if (tokens[end + 1]?.low !== "," || !tokens[end + 2] || tokens[end + 2].newlineBefore) return -1;
  const r = tokens[end + 2];
  if (r.kind !== "word" || !isCapitalised(r)) return -1;
  if (WORLD_REGIONS.has(r.low) && (r.low.length > 3 || r.shape === "upper")) return end + 2;
  if ((r.low === "co" || r.low === "county") && tokens[end + 3]) {
    let j = end + 3;
    if (tokens[j].low === ".") j++;
    if (tokens[j] && isCapitalised(tokens[j]) && !tokens[j].newlineBefore) return j;
  }
  return -1;
}

/** The world-list key of tokens k..e: their words folded and joined by spaces, "st"/"mt"/"ft" for Saint/Mount/Fort. */
function phraseKey(tokens: readonly Token[], k: number, e: number): string {
  let key = "";
  for (let i = k; i <= e; i++) {
    const w = tokens[i];
    if (w.kind !== "word") continue;
    key += (key ? " " : "") + (w.low === "saint" ? "st" : w.low === "mount" ? "mt" : w.low === "fort" ? "ft" : w.low);
  }
  return key;
}

/** A Canadian postal code ("S7N 0W8", "N0A1H0") or an Australian postcode ("2327") after a region: its last token, or -1. */
function regionPostcodeAfter(tokens: readonly Token[], end: number): number {
  const a = tokens[end + 1];
  if (!a || a.newlineBefore) return -1;
  if (a.kind === "num" && a.text.length === 4) return end + 1;
  // The code may be cut into word and number tokens ("S7N", "0W8"): join them by position.
  let code = "";
  for (let j = end + 1; j < end + 7 && tokens[j]; j++) {
    if (j > end + 1 && (tokens[j].newlineBefore || (tokens[j].spaceBefore && code.replace(/ /g, "").length !== 3))) break;
    if (tokens[j].kind === "punct") break;
    code += (j > end + 1 && tokens[j].spaceBefore ? " " : "") + tokens[j].text;
    // Digits inside words may have been read as OCR letters ("N0A" as "NOA"): O and I stand for 0 and 1 there.
    if (/^[ABCEGHJ-NPRSTVXY][\dOI][A-Z] ?[\dOI][A-Z][\dOI]$/.test(code) && /\d/.test(code)) return j;
    if (code.length > 7) break;
  }
  return -1;
}

const STRONG_LOWER_TYPES = new Set(["street", "st", "road", "rd", "avenue", "ave", "lane", "ln", "boulevard", "blvd", "crescent", "terrace", "parkway", "close", "drive"]);

/** "7 canal street": a lower-case street needs a strong type word within three words. */
function lowerStreetAhead(tokens: readonly Token[], j: number): boolean {
  for (let k = j + 1; k <= j + 3 && tokens[k] && !tokens[k].newlineBefore; k++) {
    const t = tokens[k];
    if (t.kind !== "word") return false;
    if (STRONG_LOWER_TYPES.has(t.low)) return t.shape === "lower";
  }
  return false;
}

/**
 * A word that can make a facility name proper: capitalised and not a generic modifier. In capitals a word is proper
 * only when it is no dictionary word, or a listed name or place ("HENRY FORD HOSPITAL"; not "DATE OF SURGERY").
 */
function properFacilityWord(lex: RulesEnLexicon, t: Token): boolean {
  if (lex.facilityModifiers.has(t.low) || lex.clinicalAcronyms.has(t.text)) return false;
  if (!/^\p{Lu}/u.test(t.text)) return false;
  if (t.shape === "upper" && t.text.length > 1 && lex.common.has(t.low)) {
    return FACILITY_SECOND.has(t.low) || lex.firstNames.has(t.low) || lex.surnames.has(t.low) || lex.places.has(t.low);
  }
  return true;
}

/** Acronyms of services, units, teams, tests and programmes that follow at/to/from as a facility's name would. */
const NOT_FACILITY_ACRONYMS = new Set([
  "LTC", "ALF", "UCC", "UTC", "MIU", "WIC", "IRF", "LTAC", "LTACH", "ECF", "CCF", "OOH", "GUM", "SALT", "CRHT", "CMHT", "CPN", "IAPT", "MASH", "ICB", "CCG", "PCN", "DGH",
  "RRT", "MET", "TTO", "TTA", "REHAB", "ADHD", "ASD", "CRC", "CNS", "ANP", "ACP", "HCA", "AHP", "MSK", "SPA", "ANC", "AED", "DNA", "EUA", "OGD", "ERCP", "TURP", "TAVI",
  "PCI", "EVAR", "IVC", "ECMO", "CRRT", "HDF", "CAPD", "NIV", "BIPAP", "HFNC", "OPAT", "VTE", "DOAC", "LMWH", "NBM", "IVI", "TWOC", "FAST", "EOL", "DNACPR", "ReSPECT",
  "POA", "HCP", "NOK", "APS", "CPS", "DSS", "DHS", "DCFS", "SSI", "SSDI", "WIC", "SNAP", "TANF", "FMLA", "ADA", "PPE", "AMA", "LWBS", "ACS", "PMR", "PRP", "DEXA", "MRCP",
  "USS", "CTPA", "TOE", "TTE", "TEE", "ECHO", "HOLTER", "EEG", "OPG", "IVU", "KUB", "VQ", "PFT", "PFTS", "ABPI", "DXA", "MUGA", "SPECT", "OCT", "VEP", "NCS", "TOP",
  "SCBU", "NNU", "PAU", "GAU", "EGU", "ASU", "HASU", "CCOT", "ITU", "HDU", "OBS", "PACU", "POCU", "ICU", "MICU", "SICU", "CVICU", "CTICU", "NICU", "PICU", "PHU",
  "NHS", "VA", "ER", "ED", "AE", "GP", "GPS", "PCP", "OPD", "CDU", "UK", "USA", "EU", "UN", "WHO", "CDC", "FDA", "NICE", "CQC", "HSE", "DVLA", "DWP", "BNF", "MHRA",
  "AM", "PM", "NOON", "BID", "TID", "QID", "PRN", "STAT", "ASAP", "TBC", "TBA", "NAD", "NKDA", "OTC", "IV", "IM", "PO", "SC", "SL", "PR", "NG", "NJ", "PEG", "RIG",
]);

/** Words after "General" that make it a specialty, not a hospital's name ("Mercy General Surgery"). */
const NOT_AFTER_SECOND = new Set(["surgery", "surgical", "medicine", "medical", "practice", "practitioner", "paediatrics", "pediatrics", "anaesthesia", "anesthesia", "ward", "public", "population", "health", "hospital"]);
/** Field labels before a pharmacy's or a practice's name. */
const PHARMACY_LABELS = new Set(["pharmacy", "chemist", "pharmacist", "dispenser", "dispensary", "practice", "surgery", "hospital", "facility", "provider"]);
/** Street words that make the words before them a street ("Elm St", "High Street", "Kirkgate" is found as a place). */
const BRANCH_STREET = new Set(["st", "street", "road", "rd", "avenue", "ave", "lane", "ln", "boulevard", "blvd", "drive", "dr", "way", "parade", "square", "broadway", "highway", "hwy", "pike", "plaza", "mall", "centre", "center"]);

/**
 * A listed pharmacy or store written with its branch after it: "on" and a street ("the CVS on Elm St", "Walgreens on
 * Main"), or a comma or a dash and a street or a listed place ("Boots, High St", "Boots – Kings Heath").
 */
function branchAfter(tokens: readonly Token[], lex: RulesEnLexicon, g: number): boolean {
  const nx = tokens[g + 1];
  if (!nx || nx.newlineBefore) return false;
  const sep = nx.low === "on" || nx.low === "," || ((nx.low === "-" || nx.low === "–" || nx.low === "—") && nx.spaceBefore);
  if (!sep) return false;
  const j = g + 2;
  if (!cap(tokens[j]) || tokens[j].newlineBefore) return false;
  for (let n = 0; n < 3; n++) {
    const w = tokens[j + n];
    if (!w || w.newlineBefore || w.kind !== "word") break;
    if (n > 0 && BRANCH_STREET.has(w.low) && cap(w)) return true;
    if (!cap(w)) break;
  }
  return nx.low !== "on" && matchPhrase(lex.places, tokens, j, placeWordOk) >= 0;
}

/** The index of the last token of a facility type phrase starting at k ("Medical Center", "Hospital"), or -1. */
function typeEndAt(tokens: readonly Token[], lex: RulesEnLexicon, k: number): number {
  const t = tokens[k];
  if (!t || t.kind !== "word" || !cap(t)) return -1;
  return matchPhrase(lex.facilityTypes, tokens, k, (w) => cap(w));
}

/** Grows a facility over following type words and campus words ("Mayo Clinic Hospital", "NYU Langone Health"). */
function extendFacility(tokens: readonly Token[], lex: RulesEnLexicon, end: number): number {
  for (let n = 0; n < 3; n++) {
    const nx = tokens[end + 1];
    if (!nx || nx.newlineBefore) break;
    const te = typeEndAt(tokens, lex, end + 1);
    if (te >= 0) {
      end = te;
      continue;
    }
    // A pharmacy's or store's branch number: "Walgreens #07731", "CVS Pharmacy #4412".
    if (nx.low === "#" && tokens[end + 2]?.kind === "num" && !tokens[end + 2].spaceBefore && tokens[end + 2].text.length <= 6) {
      end += 2;
      break;
    }
    // "Ashgrove Rehabilitation & Nursing", "Corrigan Heart & Vascular": a capitalised word after an ampersand
    // continues the name (not a title or a stop word: "Mercy Hospital & Dr Shah").
    if (nx.low === "&" && n < 2 && cap(tokens[end + 2]) && !tokens[end + 2].newlineBefore && !STOP_WORDS.has(tokens[end + 2].low) && !NOT_AFTER_AMPERSAND.has(tokens[end + 2].low) && !wordInfo(lex, tokens[end + 2]).calendar) {
      end += 2;
      continue;
    }
    // "Norton Park General": a middle word and the second word.
    if (n === 0 && cap(nx) && nx.shape !== "upper" && FACILITY_MIDDLE.has(nx.low) && cap(tokens[end + 2]) && !tokens[end + 2].newlineBefore && /^(?:general|memorial|regional|infirmary)$/.test(tokens[end + 2].low)) {
      end += 2;
      continue;
    }
    // A one-word listed name with its second word: "Mercy General", "Sutter Memorial".
    if (n === 0 && cap(nx) && nx.shape !== "upper" && FACILITY_SECOND.has(nx.low) && nx.low !== "university" && nx.low !== "community") {
      end++;
      continue;
    }
    // "Vista Medical Center East", "Midwest Imaging Associates", "Mercy Hospital Downtown Campus".
    if (cap(nx) && nx.shape !== "upper" && (FACILITY_TAIL.has(nx.low) || (DIRECTIONS.has(nx.low) && nx.text.length > 2))) {
      end++;
      if (cap(tokens[end + 1]) && tokens[end + 1].low === "campus" && !tokens[end + 1].newlineBefore) end++;
      continue;
    }
    // A campus or a region after the name: "UMC El Paso", "Beaumont Royal Oak", "VNA of Boston", "Kaiser Oakland".
    let j = end + 1;
    if (nx.low === "of" && nx.shape === "lower") j++;
    const pe = cap(tokens[j]) && !tokens[j].newlineBefore ? matchPhrase(lex.places, tokens, j, placeWordOk) : -1;
    if (pe >= 0 && !eponymContextAfter(tokens, pe) && !lex.countries.has(tokens[j].low) && !wordInfo(lex, tokens[j]).calendar && !wordInfo(lex, tokens[j]).common) {
      end = pe;
      continue;
    }
    break;
  }
  return end;
}

/** Specialties that end a practice's or a service's name after proper words ("Pine Ridge Dermatology"). */
const PRACTICE_SPECIALTIES = new Set(["pathology", "dialysis", "internists", "dermatology", "rheumatology", "endocrinology", "cardiology", "neurology", "nephrology", "oncology", "urology", "gastroenterology", "pulmonology", "ophthalmology", "podiatry", "audiology", "genetics", "hematology", "haematology", "orthopedics", "orthopaedics", "otolaryngology", "allergy", "immunology", "psychiatry", "psychology", "neurosurgery", "hepatology", "gynecology", "gynaecology", "obstetrics", "respiratory", "cardiac", "renal", "vascular", "spine", "sleep", "heart", "fertility", "pain", "wound", "vein", "eye", "sports", "chiropractic", "psychosis", "memory", "diabetes", "cancer", "kidney", "lung", "skin", "hearing", "foot", "breast", "bone", "joint", "neuro", "ortho", "derm", "rheum", "cardio", "endo", "peds"]);
/** Specialties that end a name by themselves (no service noun after them). */
const BARE_PRACTICE_SPECIALTIES = new Set(["pathology", "dialysis", "internists", "dermatology", "rheumatology", "endocrinology", "cardiology", "neurology", "nephrology", "oncology", "urology", "gastroenterology", "pulmonology", "ophthalmology", "podiatry", "audiology", "genetics", "hematology", "haematology", "orthopedics", "orthopaedics", "otolaryngology", "psychiatry", "neurosurgery", "chiropractic"]);
/** Service nouns after a specialty ("Heart Centre", "Genetics Service", "Rheumatology Associates"). */
const PRACTICE_NOUNS = new Set(["associates", "partners", "specialists", "consultants", "group", "center", "centre", "ctr", "service", "services", "program", "programme", "institute", "clinic", "clinics", "care", "network", "team", "practice", "medicine", "supply"]);

/** The last token of a specialty type at k (one or two specialty words and an optional service noun), or -1. */
function specialtyTypeEndAt(tokens: readonly Token[], k: number): number {
  const t = tokens[k];
  if (!t || t.kind !== "word" || !PRACTICE_SPECIALTIES.has(t.low)) return -1;
  let e = k;
  if (cap(tokens[e + 1]) && !tokens[e + 1].newlineBefore && PRACTICE_SPECIALTIES.has(tokens[e + 1].low)) e++;
  const nx = tokens[e + 1];
  if (cap(nx) && !nx.newlineBefore && nx.kind === "word" && PRACTICE_NOUNS.has(nx.low)) return e + 1;
  // "Sports Medicine" is a noun already; a bare specialty otherwise.
  if (BARE_PRACTICE_SPECIALTIES.has(tokens[e].low)) return e;
  return -1;
}

/** Specialties that name a private practice in pairs ("Heart & Vascular", "Sports & Spine", "Skin and Laser"). */
const SPECIALTY_WORDS = new Set(["heart", "vascular", "vein", "skin", "laser", "spine", "sports", "sport", "bone", "joint", "joints", "orthopedics", "orthopaedics", "orthopedic", "orthopaedic", "cardiology", "dermatology", "eye", "eyes", "vision", "ear", "nose", "throat", "sinus", "allergy", "asthma", "kidney", "digestive", "gastroenterology", "neurology", "oncology", "hematology", "haematology", "cancer", "fertility", "wellness", "rehab", "rehabilitation", "nursing", "imaging", "surgery", "surgical", "dental", "oral", "foot", "ankle", "hand", "wrist", "shoulder", "knee", "wound", "plastic", "plastics", "cosmetic", "aesthetic", "aesthetics", "hearing", "balance", "pain", "sleep", "lung", "chest", "pulmonary", "urology", "women's", "family", "pediatrics", "paediatrics", "internal", "medicine", "physical", "therapy", "speech", "psychiatry", "counseling", "counselling", "behavioral", "behavioural", "recovery", "diabetes", "endocrine", "endocrinology", "gynecology", "gynaecology", "obstetrics"]);

const NOT_AFTER_AMPERSAND = new Set(["dr", "mr", "mrs", "ms", "miss", "prof", "nurse", "sister", "the", "a", "an", "i", "we", "he", "she", "they", "patient", "pt"]);

/** Words that lead a religious or honorific facility name: "Holy Rood Regional", "Good Samaritan", "Sacred Heart". */
/** Everyday words that open facilities' names ("Royal", "Queen", "Mercy", "Great", "North"). */
const FACILITY_OPENERS = new Set(["royal", "queen", "queens", "king", "kings", "princess", "prince", "great", "north", "south", "east", "west", "northern", "southern", "eastern", "western", "central", "upper", "lower", "new", "old", "mercy", "providence", "good", "holy", "sacred", "city", "county", "valley", "lake", "river", "mount", "grand"]);
/** Titles and roles before a facility's name are no part of it ("Dr", "Nurse", "Consultant"). */
const TITLES_BEFORE_FACILITY = new Set(["dr", "mr", "mrs", "ms", "miss", "prof", "nurse", "sister", "consultant", "at", "to", "from"]);
const FACILITY_LEAD = new Set(["holy", "sacred", "good", "blessed", "saint", "st", "mount", "mt"]);

/** ", Illinois", ", IL", ", IL 60601", ", UK", ", England": returns the last token index of that tail, or -1. */
function placeContextAfter(tokens: readonly Token[], lex: RulesEnLexicon, end: number): number {
  if (tokens[end + 1]?.low !== "," || !tokens[end + 2] || tokens[end + 2].newlineBefore) return -1;
  const t = tokens[end + 2];
  if (t.kind === "word" && t.shape === "upper" && t.text.length === 2 && lex.stateAbbreviations.has(t.text)) {
    let e = end + 2;
    const zip = tokens[e + 1]?.kind === "num" && tokens[e + 1].text.length === 5;
    if (zip) e++;
    if (zip && tokens[e + 1]?.low === "-" && tokens[e + 2]?.kind === "num" && tokens[e + 2].text.length === 4) e += 2;
    // "Johnson, MD" is a doctor: a state code that is also a degree needs a ZIP after a word that is a surname.
    if (!zip && CREDENTIAL_STATES.has(t.text) && lex.surnames.has(tokens[end].low)) return -1;
    return e;
  }
  if (t.kind === "word" && /^(?:uk|usa|us|england|scotland|wales|ireland)$/i.test(t.text) && cap(t)) return end + 2;
  if (t.kind === "word" && cap(t)) {
    const e = matchPhrase(lex.places, tokens, end + 2, placeWordOk);
    if (e >= 0) {
      let key = "";
      for (let j = end + 2; j <= e; j++) if (tokens[j].kind === "word") key += (key ? " " : "") + tokens[j].low;
      const kind = lex.placeKinds.get(key);
      if (kind === "us-state" || kind === "gb-county") return e;
    }
  }
  return -1;
}

/** An Irish Eircode ("D06 X2Y4", "T12 AB34") starting at token j: the index of its last token, or -1. */
function eircodeAt(tokens: readonly Token[], j: number): number {
  const a = tokens[j];
  if (!a || a.newlineBefore) return -1;
  // The routing key and the unique identifier may each be cut into word and number tokens: join by position.
  let text = "";
  let last = -1;
  for (let i = j; i < j + 6 && tokens[i]; i++) {
    if (i > j && tokens[i].spaceBefore && text.length !== 3) break;
    if (tokens[i].kind === "punct") break;
    text += (i > j && tokens[i].spaceBefore ? " " : "") + tokens[i].text;
    last = i;
    if (/^[AC-FHKNPRTV-Y]\d{2}\s[0-9AC-FHKNPRTV-Y]{4}$/.test(text) && /\d/.test(text.slice(4)) && /[A-Z]/.test(text.slice(4))) return last;
    if (text.length > 8) break;
  }
  return -1;
}

/** After a street: unit, ", City", ", ST", ZIP or UK postcode. Returns the last token index. */
function extendAddressTail(tokens: readonly Token[], lex: RulesEnLexicon, end: number): number {
  let e = end;
  // Unit: ", Apt 4B", " Suite 200", " #12"
  {
    let j = e + 1;
    if (tokens[j]?.low === ",") j++;
    const u = tokens[j];
    if (u && !u.newlineBefore && (UNIT_WORDS.has(u.low) || u.low === "#")) {
      let k = j + 1;
      if (tokens[k]?.low === ".") k++;
      if (tokens[k]?.low === "#") k++;
      if (tokens[k] && (tokens[k].kind === "num" || (tokens[k].kind === "word" && tokens[k].text.length <= 2))) {
        e = k;
        if (tokens[e + 1] && !tokens[e + 1].spaceBefore && (tokens[e + 1].kind === "word" || tokens[e + 1].kind === "num") && tokens[e + 1].text.length <= 3) e++;
      }
    }
  }
  // ", City" (capitalised words, up to three), then ", ST" / " ST" and ZIP.
  {
    let j = e + 1;
    if (tokens[j]?.low === ",") j++;
    if (tokens[j] && cap(tokens[j]) && !STOP_WORDS.has(tokens[j].low) && !(tokens[j].newlineBefore && tokens[j - 1]?.low !== ",")) {
      let c = j;
      let n = 0;
      while (cap(tokens[c + 1]) && n < 2 && !tokens[c + 1].newlineBefore && !(tokens[c + 1].shape === "upper" && lex.stateAbbreviations.has(tokens[c + 1].text))) {
        c++;
        n++;
      }
      const isState = tokens[j].shape === "upper" && lex.stateAbbreviations.has(tokens[j].text);
      const next = tokens[c + 1];
      const stateAfter = next && ((next.low === "," && tokens[c + 2]?.shape === "upper" && lex.stateAbbreviations.has(tokens[c + 2].text)) || (next.shape === "upper" && lex.stateAbbreviations.has(next.text)));
      const isPlace = matchPhrase(lex.places, tokens, j, placeWordOk) >= 0;
      if (isState) e = j;
      else if (stateAfter || isPlace || tokens[j - 1]?.low === ",") {
        e = c;
        if (stateAfter) e = next.low === "," ? c + 2 : c + 1;
      }
    }
  }
  // Dublin's postal districts: "Dublin 6", "Dublin 6W".
  if (tokens[e]?.low === "dublin" && tokens[e + 1]?.kind === "num" && tokens[e + 1].text.length <= 2 && !tokens[e + 1].newlineBefore && Number(tokens[e + 1].text) <= 24) {
    e++;
    if (tokens[e + 1]?.low === "w" && !tokens[e + 1].spaceBefore) e++;
  }
  // An Irish Eircode after the town: ", D06 X2Y4".
  {
    let j = e + 1;
    if (tokens[j]?.low === ",") j++;
    const ec = eircodeAt(tokens, j);
    if (ec >= 0) return ec;
  }
  // ZIP (+4) or UK postcode.
  if (tokens[e + 1]?.kind === "num" && tokens[e + 1].text.length === 5 && !tokens[e + 1].newlineBefore) {
    e++;
    if (tokens[e + 1]?.low === "-" && tokens[e + 2]?.kind === "num" && tokens[e + 2].text.length === 4) e += 2;
  }
  return e;
}
