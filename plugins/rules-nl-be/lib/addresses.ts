// Addresses and places: streets (lookup, Dutch suffixes, French type words) with house and bus numbers, Belgian
// and Dutch postal codes with their locality, municipalities, localities, provinces, regions and countries.
// A street, its number and its postal code join into one span, also across a line break.
import type { Label } from "../../../src/contract/index.js";
import { longestMatch, unitBits, type Analysis, type Unit } from "./analysis.js";
import { PRIORITY, type Candidate } from "./candidate.js";
import {
  LOCATIVE_WORDS,
  PATIENT_ADDRESS_WORDS,
  RELATIVE_WORDS,
  followsInstitutionType,
  lineLabel,
  previousWords,
  wordSet,
} from "./context.js";
import { LIST, NAME_BITS, PLACE_BITS, WHITELIST_BITS } from "./lexicon.js";
import { isCapitalisedUnit, isTitleCaseUnit, readProperName, unitAtToken } from "./proper.js";
import { tokenAtOrAfter } from "./tokenize.js";
import { isDictionaryWord } from "./unknown.js";

const set = wordSet;

/** Suffixes that make a capitalised word a street on their own ("Kerkstraat", "Koning Albertlaan"). */
const STRONG_SUFFIXES = [
  "straat", "laan", "steenweg", "dreef", "kaai", "kade", "plein", "dijk", "vest", "singel", "gracht", "markt",
  "boulevard", "lei", "plantsoen", "steeg", "wegel", "kouter", "dries", "str",
];
/** Abbreviated street words: streets only with a house number ("Dorpsln 3"). */
const ABBREVIATED_SUFFIXES = ["ln", "stwg"];
/** Suffixes that also end ordinary words ("luchtweg", "kerkhof"): streets only with a number or context. */
const WEAK_SUFFIXES = ["weg", "baan", "hof", "park", "pad", "veld", "berg", "hoek", "plaats", "gang", "wal", "rei", "heide"];

/** Capitalised street types standing alone after a modifier ("Grote Markt", "Brusselse Steenweg"). */
const STANDALONE_TYPES = set("markt plein laan dreef kaai kade dijk steenweg baan lei vest weg straat singel wal heide");

/** French street types, written before the name ("rue de la Loi", "Avenue Louise"). */
const FRENCH_TYPES = set(`
  rue avenue av chaussee chee boulevard bd bld place chemin allee square quai impasse clos dreve sentier route
  rempart parvis galerie esplanade venelle voie cours rond point
`);
/** French types that are also ordinary words: a street only with a house number. */
const AMBIGUOUS_FRENCH_TYPES = set("place route cours voie clos chemin galerie av");

const HOUSE_NUMBER =
  /^(?:,\s*|\s+)(?:nr\.?\s*|n°\s*)?\d{1,4}(?:\s?[a-zA-Z](?![\p{L}\p{N}]))?(?:\s?[-/]\s?\d{1,4}[a-zA-Z]?(?![\p{L}\p{N}]))?(?:(?:\s*,\s*|\s+)(?:bus|bte|boîte|boite|box|b\.|bt)\s?\d{1,4}[a-zA-Z]?(?![\p{L}\p{N}])|\s+(?:bus|bte|box)\s?[A-Z](?![\p{L}\p{N}]))?(?![\p{L}\p{N}])/u;
const HOUSE_NUMBER_BEFORE = /(?:^|[\s,(])(\d{1,4}[a-zA-Z]?),?\s+$/u;
const COUNTRY_PREFIX_BEFORE = /(?:B|BE)(?:-|\s)$/u;
const DUTCH_POSTAL = /[1-9]\d{3}[ \u00a0]?[A-Z]{2}(?![\p{L}\p{N}])/uy;
/** Units and clinical abbreviations after four digits ("1250 MG" is a dose), and pairs postcodes never use. */
const NOT_POSTCODE_LETTERS: ReadonlySet<string> = new Set([
  "SA", "SD", "SS", "MG", "ML", "KG", "GR", "CM", "MM", "UL", "DL", "CL", "MU", "PG", "NG", "UG", "IE", "EH", "IU", "HZ",
  "KM", "MS", "PT", "ST", "NR", "BD", "HB", "HR", "RR", "CT", "RX", "OK", "IC", "KB", "MB", "GB", "AM", "PM", "XR", "CC",
]);
/** Separators allowed between the parts of one address: commas, dashes, spaces, at most two line breaks. */
const ADDRESS_GAP = /^[ \t,–\-]*(?:\r?\n[ \t,]*){0,2}$/;

interface Part {
  start: number;
  end: number;
  /** Street or postal code + locality: an address. A place alone: a place. */
  kind: "street" | "postal" | "place";
  strong: boolean;
  /** Kept only as the continuation of an address or place before it (a bare postal code, a country on its own line). */
  needsJoin?: boolean;
}

const STRONG_SUFFIX = new RegExp(`(?:^|\\s)[^\\s]{2,}(?:${STRONG_SUFFIXES.join("|")})$`);
const WEAK_SUFFIX = new RegExp(`(?:^|\\s)[^\\s]{3,}(?:${[...WEAK_SUFFIXES, ...ABBREVIATED_SUFFIXES].join("|")})$`);

export function streetSuffixOf(unit: Unit): { strong: boolean } | undefined {
  if (STRONG_SUFFIX.test(unit.key)) return { strong: true };
  return WEAK_SUFFIX.test(unit.key) ? { strong: false } : undefined;
}

function isExcludedWord(a: Analysis, unit: Unit): boolean {
  return (unitBits(a, unit) & (WHITELIST_BITS & ~LIST.commonWord)) !== 0 || (unitBits(a, unit) & LIST.stopWord) !== 0;
}

/** Up to two capitalised modifiers before a street word ("Koning Albertlaan", "Oude Baan"). */
function modifiersBefore(a: Analysis, unit: Unit): number {
  let first = unit.first;
  for (let n = 0; n < 2; n++) {
    const prevToken = first - 1;
    if (prevToken < 0 || a.tokens[first].newlinesBefore > 0 || !a.tokens[first].spaceBefore) break;
    // A column gap (a tab, two spaces or more) ends the cell before the street: "Dhr. X      Kerkplein 3".
    if (a.tokens[first].start - a.tokens[prevToken].end > 1) break;
    const prev = unitAtToken(a, prevToken);
    if (!prev || prev.last !== prevToken || !isTitleCaseUnit(a, prev) || isExcludedWord(a, prev)) break;
    if (PATIENT_ADDRESS_WORDS.has(prev.key) || LOCATIVE_WORDS.has(prev.key) || RELATIVE_WORDS.has(prev.key)) break;
    if (unitBits(a, prev) & LIST.title) break;
    // A modifier may open a line or a field value ("Adres: Oude Baan 12"), not a sentence after a period.
    const opener = a.tokens[prev.first - 1];
    const afterPeriod = opener !== undefined && opener.kind === "punct" && ".!?".includes(opener.text) && a.tokens[prev.first].newlinesBefore === 0;
    if (a.tokens[prev.first].sentenceStart && afterPeriod) break;
    first = prev.first;
    if (a.tokens[prev.first].sentenceStart) break;
  }
  return first;
}

/**
 * A house number a scan garbled ("Kerkstraat 1l4", "Molenweg l7", "Dorpsstraat 2O"): one to four digits and the
 * letters OCR reads for them (l, I, |, O), at least one real digit, nothing glued after.
 */
const OCR_HOUSE_NUMBER = /^(?:,\s*|\s+)(?=[0-9lIO|]{1,4}(?![\p{L}\p{N}]))(?=[lIO|]*[0-9])[0-9lIO|]{1,4}(?![\p{L}\p{N}])/u;

function houseNumberEnd(a: Analysis, end: number): number {
  const rest = a.text.slice(end, end + 40);
  const m = HOUSE_NUMBER.exec(rest) ?? OCR_HOUSE_NUMBER.exec(rest);
  return m ? end + m[0].length : end;
}

function hasNumberBefore(a: Analysis, start: number): boolean {
  return HOUSE_NUMBER_BEFORE.test(a.text.slice(Math.max(0, start - 8), start));
}

const STREET_PREPOSITIONS = set("aan in op langs");

function addressContext(a: Analysis, first: number): boolean {
  const before = previousWords(a, first, 5);
  if (before.some((w) => PATIENT_ADDRESS_WORDS.has(w) || w === "adres" || w === "adresse" || w === "straat")) return true;
  // "flat aan de Grasweg", "ten val in het Vondelpark": a street or park by its suffix after a place preposition.
  if ((before[0] === "de" || before[0] === "het") && STREET_PREPOSITIONS.has(before[1] ?? "") && streetSuffixOf(a.units[a.unitOfToken[first]]) !== undefined) return true;
  const label = lineLabel(a, first);
  return label !== undefined && (PATIENT_ADDRESS_WORDS.has(label) || label === "adres" || label === "adresse");
}

/** Street words written short, with or without a full stop: "Kerkstr. 5", "Dorpsln 3", "Marktpl. 1". */
const ABBREVIATED_STREET = /(?:str|ln|pl|wg|stwg|stw)$/;

function streetPart(a: Analysis, first: number, last: number, strong: boolean): Part | undefined {
  if (followsInstitutionType(a, first)) return undefined;
  const start = a.tokens[first].start;
  let end = a.tokens[last].end;
  // The full stop of an abbreviated street word belongs to it when a house number follows.
  if (a.text[end] === "." && ABBREVIATED_STREET.test(a.tokens[last].key) && houseNumberEnd(a, end + 1) > end + 1) end++;
  const withNumber = houseNumberEnd(a, end);
  if (!strong && withNumber === end && !addressContext(a, first) && !hasNumberBefore(a, start)) return undefined;
  return { start, end: withNumber, kind: "street", strong: true };
}

function lookupStreets(a: Analysis): Part[] {
  const parts: Part[] = [];
  for (let t = 0; t < a.tokens.length; t++) {
    const m = longestMatch(a, t, LIST.street);
    if (!m) continue;
    const unit = unitAtToken(a, t);
    if (!unit || unit.first !== t || unitAtToken(a, m.last)?.last !== m.last) continue;
    const french = FRENCH_TYPES.has(unit.key);
    if (!isCapitalisedUnit(a, unit) && !french) continue;
    if (a.tokens[t].upper && !a.tokens[t].capsLine && !french) continue;
    const singleUnit = unit.last >= m.last;
    if (singleUnit && isExcludedWord(a, unit)) continue;
    const suffix = streetSuffixOf(unit);
    const strong = !singleUnit ? !french || !AMBIGUOUS_FRENCH_TYPES.has(unit.key) : suffix?.strong === true && !a.tokens[t].sentenceStart;
    const part = streetPart(a, t, m.last, strong);
    if (part) parts.push(part);
  }
  return parts;
}

function suffixStreets(a: Analysis): Part[] {
  const parts: Part[] = [];
  for (let unitAt = 0; unitAt < a.units.length; unitAt++) {
    const unit = a.units[unitAt];
    if (!isTitleCaseUnit(a, unit) && !(a.tokens[unit.first].upper && a.tokens[unit.first].capsLine)) continue;
    const standalone = STANDALONE_TYPES.has(unit.key);
    const suffix = streetSuffixOf(unit);
    if (!suffix && !standalone) continue;
    if (isExcludedWord(a, unit) || unitBits(a, unit) & LIST.medicalTerm) continue;
    const first = modifiersBefore(a, unit);
    if (standalone && first === unit.first) continue;
    const strong = (standalone || suffix?.strong === true) && !(a.tokens[first].sentenceStart && first === unit.first);
    const part = streetPart(a, first, unit.last, strong);
    if (part) parts.push(part);
  }
  return parts;
}

function frenchStreets(a: Analysis): Part[] {
  const parts: Part[] = [];
  for (let unitAt = 0; unitAt < a.units.length; unitAt++) {
    const unit = a.units[unitAt];
    if (!FRENCH_TYPES.has(unit.key)) continue;
    let t = unit.last + 1;
    if (a.tokens[t]?.text === "." && !a.tokens[t].spaceBefore) t++;
    // particles: de, du, des, de la, d', l', la, le, les, aux
    for (let hops = 0; hops < 3 && t < a.tokens.length; hops++) {
      const next = unitAtToken(a, t);
      if (next && next.first === t && ["de", "du", "des", "la", "le", "les", "aux", "d", "l", "van", "der", "den"].includes(next.key) &&
        !isCapitalisedUnit(a, next)) {
        t = next.last + 1;
        if (a.tokens[t] && "'’".includes(a.tokens[t].text)) t++;
        continue;
      }
      break;
    }
    if (t >= a.tokens.length || a.tokens[t].newlinesBefore > 0) continue;
    // "rond 17u" (Dutch "around 5 pm"): a number right after the type word is no street name ("rue du 11 Novembre" has a particle).
    if (t === unit.last + 1 && /^\p{N}/u.test(a.tokens[t].text)) continue;
    const name = readProperName(a, t, { maxUnits: 4, allowParticles: true, allowDigits: true, allowSentenceStart: true });
    if (!name) continue;
    // "BD 128/76" is a blood pressure: the name needs letters, and a capitals abbreviation needs a capitals line.
    if (!a.tokens.slice(name.first, name.last + 1).some((tok) => tok.letters)) continue;
    if (a.tokens[unit.first].upper && !a.tokens[unit.first].capsLine && unit.key.length <= 3) continue;
    const strong = isCapitalisedUnit(a, unit) ? !AMBIGUOUS_FRENCH_TYPES.has(unit.key) : !AMBIGUOUS_FRENCH_TYPES.has(unit.key) && unit.key !== "av";
    const part = streetPart(a, unit.first, name.last, strong);
    if (part) parts.push(part);
  }
  return parts;
}

const POST_BOX_WORDS = set("postbus antwoordnummer postfach");
const POST_BOX_NUMBER = /^[ \t]+(?:nr\.?[ \t]*)?\d{1,6}(?![\p{L}\p{N}])/u;

/** "Postbus 12345", "Antwoordnummer 1020": a P.O. box is an address, and the postal code after it joins it. */
function postBoxes(a: Analysis): Part[] {
  const parts: Part[] = [];
  for (let unitAt = 0; unitAt < a.units.length; unitAt++) {
    const unit = a.units[unitAt];
    if (!POST_BOX_WORDS.has(unit.key)) continue;
    const m = POST_BOX_NUMBER.exec(a.text.slice(unit.end, unit.end + 16));
    if (!m) continue;
    parts.push({ start: unit.start, end: unit.end + m[0].length, kind: "street", strong: true });
  }
  return parts;
}

/**
 * Session twelve: "Ankerplein 9" / "Molenhof Noord 12" on a line of its own, right above a line that opens with a
 * Belgian or Dutch postal code and a capitalised town ("1234 AB  Dorp", "3000 Leuven"): the street of a letter
 * head or an address block, whatever its ending. One to four capitalised words (a lower-case particle between them)
 * and a house number; never a line with a colon, nor one that opens with a word of rooms and routes.
 */
const STREET_LINE = /^[ \t]*(\p{Lu}[\p{L}'’.-]{2,}(?:[ ](?:\p{Lu}[\p{L}'’.-]*|van|de|der|den|ter|ten|la|le|du))?(?:[ ]\p{Lu}[\p{L}'’.-]*){0,2}[ ]\d{1,4}[a-zA-Z]?(?:[ ]?(?:bus|bte|b)[ ]?\d{1,4})?)[ \t]*$/u;
const POSTCODE_LINE = /^[ \t]*(?:B-|NL-)?[1-9]\d{3}(?:[ ]?[A-Z]{2})?[ \t]+\p{Lu}/u;
const NOT_STREET_WORDS: ReadonlySet<string> = new Set([
  "kamer", "bed", "route", "lokaal", "blok", "verdieping", "niveau", "afdeling", "toestel", "tel", "fax", "gsm", "dag", "week",
  "stap", "fase", "graad", "stadium", "cyclus", "kuur", "bijlage", "pagina", "page", "chambre", "lit", "room", "ward",
]);

function streetLines(a: Analysis): Part[] {
  const parts: Part[] = [];
  const text = a.text;
  for (let from = 0; from < text.length; ) {
    const to = text.indexOf("\n", from);
    if (to < 0) break;
    if (to - from <= 60) {
      const m = STREET_LINE.exec(text.slice(from, to));
      if (m) {
        let next = text.indexOf("\n", to + 1);
        if (next < 0) next = text.length;
        const firstWord = /^\p{L}+/u.exec(m[1])?.[0].toLowerCase() ?? "";
        if (!NOT_STREET_WORDS.has(firstWord) && POSTCODE_LINE.test(text.slice(to + 1, Math.min(next, to + 80)))) {
          const start = from + m[0].indexOf(m[1]);
          parts.push({ start, end: start + m[1].length, kind: "street", strong: true });
        }
      }
    }
    from = to + 1;
  }
  return parts;
}

/** The locality after a postal code: a listed locality for that code, or any listed place. Returns its end. */
function localityAfter(a: Analysis, offset: number, code: string): number | undefined {
  const t = tokenAtOrAfter(a.tokens, offset);
  const token = a.tokens[t];
  if (!token || token.kind !== "word" || a.text.slice(offset, token.start).trim().length > 0) return undefined;
  if (a.text.slice(offset, token.start).includes("\n")) return undefined;
  const unit = unitAtToken(a, t);
  if (!unit || unit.first !== t || !isCapitalisedUnit(a, unit)) return undefined;
  const known = a.lexicon.postalLocalities.get(code);
  let best: number | undefined;
  let key = "";
  for (let j = t, n = 0; j < a.tokens.length && n < 5; n++) {
    const tok = a.tokens[j];
    if (tok.kind === "punct") break;
    key = key ? `${key} ${tok.key}` : tok.key;
    if (known?.has(key)) best = tok.end;
    let next = j + 1;
    while (a.tokens[next] && a.tokens[next].kind === "punct" && "-'’".includes(a.tokens[next].text) && !a.tokens[next].spaceBefore) next++;
    if (!a.tokens[next] || a.tokens[next].newlinesBefore > 0) break;
    j = next;
  }
  if (best !== undefined) return best;
  const place = longestMatch(a, t, PLACE_BITS);
  return place ? a.tokens[place.last].end : undefined;
}

function postalParts(a: Analysis): Part[] {
  const parts: Part[] = [];
  for (let tokenAt = 0; tokenAt < a.tokens.length; tokenAt++) {
    const token = a.tokens[tokenAt];
    if (token.kind !== "number" || token.text.length !== 4 || token.text.charCodeAt(0) === 48) continue;
    const code = token.text;
    const before = a.text.slice(Math.max(0, token.start - 3), token.start);
    let prefix = COUNTRY_PREFIX_BEFORE.exec(before);
    // "B-" must be a word of its own ("AB-2000" is no Belgian prefix).
    if (prefix && /[\p{L}\p{N}]/u.test(a.text.charAt(token.start - prefix[0].length - 1))) prefix = null;
    // "2019-2021", "12-2021": a number glued to a dash is no postal code (unless it is "B-").
    if (!prefix && (before.endsWith("-") || before.endsWith("/") || before.endsWith("."))) continue;
    const start = prefix ? token.start - prefix[0].length : token.start;
    const codeEnd = token.end;
    const space = /^[ \t]+/.exec(a.text.slice(codeEnd, codeEnd + 4));
    const localityEnd = space ? localityAfter(a, codeEnd + space[0].length, code) : undefined;
    if (localityEnd !== undefined) {
      parts.push({ start, end: localityEnd, kind: "postal", strong: true });
    } else if (prefix && a.lexicon.postalLocalities.has(code)) {
      parts.push({ start, end: codeEnd, kind: "postal", strong: true });
    } else if (a.lexicon.postalLocalities.has(code)) {
      // A bare code counts only as the continuation of a street address (checked when joining).
      parts.push({ start, end: codeEnd, kind: "postal", strong: false });
    }
  }
  for (let tokenAt = 0; tokenAt < a.tokens.length; tokenAt++) {
    const token = a.tokens[tokenAt];
    // "1234 AB" (a number token) or "1234AB" (one word token).
    const glued = token.kind === "word" && token.text.length === 6 && /^[1-9]\d{3}[A-Z]{2}$/.test(token.text);
    if (!glued && (token.kind !== "number" || token.text.length !== 4)) continue;
    DUTCH_POSTAL.lastIndex = token.start;
    const m = DUTCH_POSTAL.exec(a.text);
    if (!m || NOT_POSTCODE_LETTERS.has(m[0].slice(-2))) continue;
    if ("-./,".includes(a.text[token.start - 1] ?? "x") && /\d/.test(a.text[token.start - 2] ?? "")) continue;
    const end = m.index + m[0].length;
    const space = /^[ \t]+/.exec(a.text.slice(end, end + 4));
    let localityEnd = end;
    if (space) {
      const t = tokenAtOrAfter(a.tokens, end + space[0].length);
      const unit = a.tokens[t] ? unitAtToken(a, t) : undefined;
      if (unit && unit.first === t && a.tokens[t].title && a.tokens[t].newlinesBefore === 0) localityEnd = unit.end;
    }
    parts.push({ start: m.index, end: localityEnd, kind: "postal", strong: true });
  }
  return parts;
}

const DIRECTIONS = set("noord zuid oost west centrum noordoost noordwest zuidoost zuidwest nord sud est ouest centre");

/** The pieces after token `from` up to `last` in one unit are directions or listed places ("-Noord", "-Berchem"). */
function placePiecesOnly(a: Analysis, from: number, last: number): boolean {
  for (let t = from + 2; t <= last; t += 2) {
    const token = a.tokens[t];
    // A district no list holds after the town ("Utrecht-Zuilenburg"): a capitalised word no dictionary knows.
    const district = token.title && token.letters && token.end - token.start >= 4 && a.tokenBits[t] === 0 && a.lexicon.words !== undefined &&
      !a.lexicon.words.has(token.key) && !(a.lexicon.medicalWords?.has(token.key) ?? false);
    if (!token.firstUpper || !(DIRECTIONS.has(token.key) || (a.tokenBits[t] & PLACE_BITS) !== 0 || district)) return false;
  }
  return from + 2 <= last;
}

/**
 * "Zuid-Frankrijk", "Noord-Spanje", "Oost-Brabant": a point of the compass glued to a listed country, region,
 * province or town names a place (a country alone does not). Both pieces capitalised.
 */
/** Parts of the world too large to identify anyone ("Noord-Afrika", "Zuid-Amerika"). */
const CONTINENTS = set("amerika afrika europa azie azië oceanie america afrique europe asie oceania africa asia");

function directionPlaces(a: Analysis): Part[] {
  const parts: Part[] = [];
  for (let unitAt = 0; unitAt < a.units.length; unitAt++) {
    const unit = a.units[unitAt];
    if (unit.last !== unit.first + 2 || a.tokens[unit.first + 1].text !== "-") continue;
    const head = a.tokens[unit.first];
    const place = a.tokens[unit.last];
    if (!head.title || !place.title || !DIRECTIONS.has(head.key) || !(a.tokenBits[unit.last] & PLACE_BITS) || CONTINENTS.has(place.key)) continue;
    if (longestMatch(a, unit.first, PLACE_BITS)?.last === unit.last) continue;
    parts.push({ start: unit.start, end: unit.end, kind: "place", strong: false });
  }
  return parts;
}

function placeParts(a: Analysis): Part[] {
  const parts: Part[] = [];
  for (let t = 0; t < a.tokens.length; t++) {
    let m = longestMatch(a, t, PLACE_BITS);
    if (!m) continue;
    let unit = unitAtToken(a, t);
    // "d'Anvers", "l'Escaut": a place after an elided article inside one written unit.
    const elided = unit !== undefined && unit.first === t - 2 && ELIDED.has(a.tokens[t - 2].key) && "'’".includes(a.tokens[t - 1].text);
    if (elided && unit) unit = { ...unit, first: t, start: a.tokens[t].start, key: a.tokens[t].key };
    if (!unit || unit.first !== t || !isCapitalisedUnit(a, unit)) continue;
    // "Borg-score": a place that is only part of a word is no place; "Amsterdam-Noord", "Antwerpen-Berchem" are.
    if (unitAtToken(a, m.last)?.last !== m.last) {
      const whole = unitAtToken(a, m.last);
      if (!whole || !placePiecesOnly(a, m.last, whole.last)) continue;
      m = { ...m, last: whole.last };
    }
    // Capitals outside a capitals line are acronyms, except a long listed town ("HAARLEM", "ANTWERPEN-BERCHEM").
    if (a.tokens[t].upper && !a.tokens[t].capsLine && m.last === unit.last) {
      const townBits = unitBits(a, unit) | m.bits;
      const acronym = (townBits & (LIST.hospitalAbbr | LIST.hospitalPrefix | WHITELIST_BITS | LIST.dutchWord)) !== 0;
      // A town in capitals that is the whole line ("GENT", "ZAANDAM" on an envelope line or as a fragment).
      const wholeLine = aloneOnLine(a, unit) && unit.end - unit.start >= 3 && (townBits & (LIST.municipality | LIST.postalLocality | LIST.province | LIST.residence)) !== 0;
      if (acronym || (!wholeLine && (!(townBits & (LIST.municipality | LIST.postalLocality | LIST.province)) || unit.end - unit.start < 5))) continue;
    }
    const before = previousWords(a, t, 5);
    const locative = before[0] !== undefined && LOCATIVE_WORDS.has(before[0]);
    const single = m.last === unit.last;
    const bits = single && !elided ? unitBits(a, unit) : m.bits;
    // "werkt in Geel", "verhuisd naar Boom": a town that is also an everyday word counts when it is capitalised in the
    // middle of a sentence right after a place preposition (no other reason to capitalise the word there).
    const wordTownAfterPreposition =
      single && (bits & (LIST.stopWord | LIST.eponym | LIST.extraWhitelist | LIST.title)) === 0 && (bits & (LIST.municipality | LIST.postalLocality)) !== 0 &&
      a.tokens[t].title && !a.tokens[t].sentenceStart && !a.tokens[t].capsLine && PLACE_PREPOSITIONS.has(before[0] ?? "");
    if (single && bits & (WHITELIST_BITS | LIST.title) && !wordTownAfterPreposition) continue;
    // "(Namur)" after a name or an institution: a place in parentheses is a place.
    const parenthesised = a.tokens[t - 1]?.text === "(" && a.tokens[m.last + 1]?.text === ")";
    // "Apotheek Centrum (Hannut)": a bracket closes the institution's name, so the town is no part of it.
    if (followsInstitutionType(a, t) && !afterNamedHospital(a, t) && !parenthesised) continue;
    const ambiguous = single && (bits & (NAME_BITS | LIST.hospital | LIST.institution | LIST.hospitalPrefix)) !== 0;
    const onlyResidence = (m.bits & PLACE_BITS) === LIST.residence;
    const country = (m.bits & LIST.country) !== 0;
    const addressed = locative || parenthesised || before.some((w) => PATIENT_ADDRESS_WORDS.has(w)) || afterNamedHospital(a, t);
    // "De laan", "Den bosch": every word of a place name after the first is capitalised too (particles aside).
    // A province or region keeps its French lower-case adjective ("Brabant wallon", "Flandre occidentale").
    if (!single && !locative && !(m.bits & (LIST.province | LIST.region)) && !allWordsCapitalised(a, t, m.last)) continue;
    const needsContext = !standsAlone(a, unit, m, single, bits) && (ambiguous || onlyResidence || (a.tokens[t].sentenceStart && !country));
    // Without context an ambiguous place counts only as the locality of the street before it ("Gentsesteenweg 112, Aalst").
    // A country on its own ("afkomstig uit Syrië") identifies no one: only as the end of an address.
    // A list of localities or residences that also holds the country's name ("België") makes it no town.
    const countryOnly = country && (m.bits & (LIST.municipality | LIST.province | LIST.region)) === 0;
    const needsJoin = countryOnly || (needsContext && !addressed) || (a.tokens[t].sentenceStart && country && !addressed);
    parts.push({ start: a.tokens[t].start, end: a.tokens[m.last].end, kind: "place", strong: locative, needsJoin });
    t = m.last;
  }
  return parts;
}

/**
 * "op de E40", "via de A12", "sur l'E411", "langs de R0": a motorway or ring road by its number after a road
 * preposition and article. "E" and "A" with a number alone are vitamins, grades and cells, so the article is needed.
 */
const ROAD = /(?<![\p{L}\p{N}])(?:(?:op|via|langs|over|naar|van|de|sur|par|vers)\s+(?:de|het|l['’]|la)\s*|autosnelweg\s+|snelweg\s+|autoroute\s+|ring(?:weg)?\s+)([EAR]\d{1,3}|N\d{1,3})(?![\p{L}\p{N}])/gu;

/** What every road number holds: a capital E, A, R or N before a digit (a text without one is not scanned). */
const ROAD_NUMBER = /[EARN]\d/;

function roads(a: Analysis): Part[] {
  const parts: Part[] = [];
  ROAD.lastIndex = ROAD_NUMBER.test(a.text) ? 0 : a.text.length;
  for (let m = ROAD.exec(a.text); m; m = ROAD.exec(a.text)) {
    const end = m.index + m[0].length;
    parts.push({ start: end - m[1].length, end, kind: "place", strong: true, needsJoin: false });
  }
  return parts;
}

const HOSPITAL_TYPES_AFTER_NAME = set("ziekenhuis ziekenhuizen gasthuis kliniek");

/** "Antonius Ziekenhuis Sneek": the type word closes a named hospital, so the listed town after it is its town. */
function afterNamedHospital(a: Analysis, t: number): boolean {
  const comma = a.tokens[t - 1]?.text === "," ? 1 : 0;
  const type = a.tokens[t - 1 - comma];
  const name = a.tokens[t - 2 - comma];
  return type?.kind === "word" && HOSPITAL_TYPES_AFTER_NAME.has(type.key) && type.title && name?.kind === "word" && name.title && !name.sentenceStart;
}

/** Whether the unit is the only word on its line (punctuation aside). */
function aloneOnLine(a: Analysis, unit: Unit): boolean {
  const lineStart = a.lineStart[unit.first];
  for (let t = lineStart; t < a.tokens.length && (t === lineStart || a.tokens[t].newlinesBefore === 0); t++) {
    if ((t < unit.first || t > unit.last) && a.tokens[t].kind !== "punct") return false;
  }
  return true;
}

const ELIDED = set("d l");
const PLACE_PARTICLES = set("de den der het t s sur la le les aan op ter ten bij in van d l");

function allWordsCapitalised(a: Analysis, first: number, last: number): boolean {
  for (let t = first + 1; t <= last; t++) {
    const token = a.tokens[t];
    if (token.kind !== "word" || token.firstUpper || PLACE_PARTICLES.has(token.key)) continue;
    // A lower-case piece glued by a hyphen belongs to the name ("Louvain-la-Neuve", "Heist-op-den-Berg").
    if (a.tokens[t - 1].text === "-" && !a.tokens[t - 1].spaceBefore) continue;
    return false;
  }
  return true;
}

/** Prepositions of place right before a town ("in", "naar", "uit", "te", "à"). */
const PLACE_PREPOSITIONS = set("in te uit naar vanuit nabij richting à");

const STANDALONE_PLACE_BITS = LIST.municipality | LIST.postalLocality | LIST.province | LIST.region | LIST.country;

/**
 * A listed place is a place on its own, without a locative word and also as a sentence start or a bare fragment
 * ("Utrecht", "Sint-Niklaas", "..., Leuven"), unless it is also an ordinary Dutch word ("Best", "Boom", "Kapel") or
 * only a short village name.
 */
function standsAlone(a: Analysis, unit: Unit, m: { last: number; bits: number }, single: boolean, bits: number): boolean {
  if (!single) return true;
  if (a.tokens[unit.first].upper && aloneOnLine(a, unit) && !(bits & (LIST.dutchWord | WHITELIST_BITS))) return true;
  // A town or province that is also a word stands alone unless the word is an everyday one ("Gent", "Delft",
  // "Gouda" do; "Best", "Boom", "Mol", "Spa" do not). Villages that are also words always need a cue.
  if (bits & STANDALONE_PLACE_BITS) {
    if (bits & LIST.dutchWord && (EVERYDAY_WORD_TOWNS.has(unit.key) || (bits & LIST.commonWord && unit.end - unit.start < 6))) return false;
    // French words that are towns too ("Heure" heads a column; "Spa" is the water).
    if (bits & LIST.frenchWord && EVERYDAY_WORD_TOWNS.has(unit.key)) return false;
    return unit.end - unit.start >= 3;
  }
  if (bits & LIST.dutchWord) return false;
  return unit.end - unit.start >= 6 && a.tokens[unit.first].title;
}

/** Towns whose names are everyday Dutch words: alone they need a cue ("Peer", "Lint", "Landen", "Putten"). */
const EVERYDAY_WORD_TOWNS = set(
  "as ham mol peer lint spa beek lens lessen landen huizen putten putte graven namen bergen malle vorst manage voeren wellen halen schoten duiven balen essen kapellen aat buren geer best boom geel hal middag heure",
);

/** "Lilongwe, Malawi", "Ouagadoro (Burkina Faso)": an unlisted capitalised place name is recognised by the country after it. */
function placesBeforeCountries(a: Analysis): Part[] {
  const parts: Part[] = [];
  for (let t = 2; t < a.tokens.length; t++) {
    const gap = a.tokens[t - 1].text;
    if (gap !== "," && gap !== "(") continue;
    const country = longestMatch(a, t, LIST.country);
    if (!country || (gap === "(" && a.tokens[country.last + 1]?.text !== ")")) continue;
    const unit = unitAtToken(a, t - 2);
    if (!unit || !isTitleCaseUnit(a, unit) || isExcludedWord(a, unit) || a.tokens[unit.first].sentenceStart) continue;
    if (unitBits(a, unit) & (NAME_BITS | LIST.hospital | LIST.institution)) continue;
    // A bracket may follow any noun ("in Quarantaine (Mali)"): there the word must be in no dictionary.
    if (gap === "(" && !(unitBits(a, unit) & PLACE_BITS) && isDictionaryWord(a, unit, true)) continue;
    const before = previousWords(a, unit.first, 5);
    if (!before.some((w) => LOCATIVE_WORDS.has(w) || PATIENT_ADDRESS_WORDS.has(w))) continue;
    parts.push({ start: unit.start, end: unit.end, kind: "place", strong: true });
  }
  return parts;
}

/** Joins street, postal code and locality written one after the other (also across one or two line breaks). */
function joinParts(a: Analysis, parts: Part[]): Part[] {
  const sorted = dedupeParts(parts);
  const out: Part[] = [];
  for (const part of sorted) {
    const prev = out[out.length - 1];
    if (prev && part.start < prev.end) {
      if (part.end > prev.end) prev.end = part.end;
      prev.kind = prev.kind === "place" ? part.kind : prev.kind;
      continue;
    }
    const gap = prev ? a.text.slice(prev.end, part.start) : "";
    // street → postal code and locality; locality → country; a place after a street only on the same line.
    const joinable = prev !== undefined && ADDRESS_GAP.test(gap) &&
      ((prev.kind === "street" && (part.kind !== "place" || !gap.includes("\n"))) ||
        (prev.kind === "postal" && part.kind === "place") ||
        (prev.kind === "place" && isCountryAt(a, part.start)));
    if (joinable && prev) {
      prev.end = part.end;
      prev.kind = part.kind === "postal" || prev.kind === "place" ? "postal" : prev.kind;
      continue;
    }
    if ((part.kind === "postal" && !part.strong) || part.needsJoin) continue;
    out.push({ ...part });
  }
  return out;
}

function isCountryAt(a: Analysis, offset: number): boolean {
  const t = tokenAtOrAfter(a.tokens, offset);
  const m = a.tokens[t] ? longestMatch(a, t, LIST.country) : undefined;
  return m !== undefined;
}

/** Longest part first among parts starting at the same offset; sorted by start. */
function dedupeParts(parts: Part[]): Part[] {
  return [...parts].sort((x, y) => x.start - y.start || y.end - x.end);
}

export type AddressRole = "Patient" | "Caregiver" | "Other";

/** Whose address: the patient's after "woont", "adres:", "domicilie"; a relative's after "dochter woont". */
function addressRole(a: Analysis, start: number): AddressRole {
  const t = tokenAtOrAfter(a.tokens, start);
  const before = previousWords(a, t, 8);
  const label = lineLabel(a, t);
  const patientWord = before.findIndex((w) => PATIENT_ADDRESS_WORDS.has(w));
  const relativeWord = before.findIndex((w) => RELATIVE_WORDS.has(w));
  // "haar zoon woont in Leuven": the relative is the subject; "woont met haar partner in Turnhout": the patient is.
  if (patientWord >= 0) return relativeWord > patientWord ? "Other" : "Patient";
  if (label !== undefined && (PATIENT_ADDRESS_WORDS.has(label) || label === "adres" || label === "adresse")) return "Patient";
  return "Other";
}

const ROLE_LABEL: Record<AddressRole, Label> = {
  Patient: "Address_Location:Patient",
  Caregiver: "Address_Location:Caregiver",
  Other: "Address_Location:Other",
};

/**
 * Address and place candidates. `personNear` tells the role of the person named just before an address in the
 * same block (a caregiver's practice address is Address_Location:Caregiver); default Address_Location:Other.
 */
export function addressCandidates(
  a: Analysis,
  personNear: (start: number, placeOnly: boolean) => AddressRole | undefined,
): Candidate[] {
  const parts = joinParts(a, [
    ...lookupStreets(a),
    ...suffixStreets(a),
    ...frenchStreets(a),
    ...postalParts(a),
    ...placeParts(a),
    ...placesBeforeCountries(a),
    ...postBoxes(a),
    ...streetLines(a),
    ...roads(a),
    ...directionPlaces(a),
  ]);
  return parts.map((p) => {
    let role = addressRole(a, p.start);
    if (role === "Other") role = personNear(p.start, p.kind === "place") ?? "Other";
    const address = p.kind !== "place";
    return {
      start: p.start,
      end: p.end,
      label: ROLE_LABEL[role],
      priority: address ? PRIORITY.context : p.strong ? PRIORITY.context : PRIORITY.lookup,
      score: address ? 0.85 : 0.7,
      rule: `address.${p.kind}`,
    };
  });
}
