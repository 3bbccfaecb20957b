// Word classes the name, place and facility rules share: what a capitalised word is (a listed name, an unknown
// proper word, a common word), cue words, and the phrase matcher over tokens.
import { canonicalWord, stripAccents, type PhraseIndex, type RulesEnLexicon } from "./lexicon.js";
import { isCapitalised, type Token } from "./tokens.js";

export const MONTH_WORDS = new Set([
  "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december",
  "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
]);
export const WEEKDAY_WORDS = new Set(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun"]);

/** Function words and query words that are never a name or a place by themselves. */
export const STOP_WORDS = new Set(
  (
    "a an the and or but nor of in on at to for with by from into onto upon about as is are was were be been being am do does did " +
    "has have had having not no yes it its he she they we you i me my his her their our your him them us this that these those " +
    "what which who whom whose when where why how all any some each every both either neither other another such than then " +
    "there here if so too very can could may might must shall should will would per via vs re pt pts patient patients mr mrs ms dr " +
    "please thanks thank hi hello dear sir madam regards sincerely kind best"
  ).split(" "),
);

/** Words that end a healthcare or clinical phrase and so cancel a name or place reading of the words before them. */
export const EPONYM_CONTEXT = new Set(
  (
    "disease diseases syndrome syndromes sign signs test tests score scores scale scales criteria classification class stage " +
    "staging grade grading fracture fractures cyst cysts reflex reflexes maneuver manoeuvre procedure operation repair " +
    "palsy phenomenon law rule rules triad disorder disorders lymphoma sarcoma tumor tumour tumors ulcer ulcers node nodes " +
    "virus fever coma index questionnaire inventory hernia diverticulum dementia encephalopathy anomaly malformation " +
    "ataxia dystrophy chorea thyroiditis spotted lymphadenopathy arthritis neuralgia aneurysm esophagus oesophagus metaplasia " +
    // A place or a name before a chart, a triage system or a stain's bodies ("Bristol stool chart", "Manchester triage", "Heinz bodies").
    "stool triage bodies " +
    // Examinations, grades, proteins, implants and record folders named after a person or a place ("Leopold maneuvers",
    // "Breslow level", "Charnley stem", "Thompson prosthesis", "Pavlik harness", "Frankel appliance", "<Name> envelope").
    "maneuvers manoeuvres level levels protein proteins prosthesis prostheses stem appliance harness envelope micrographic phototype"
  ).split(" "),
);

/** Words that make an eponym only after a possessive ("Broca's area", "Bell's palsy" is above). */
export const EPONYM_POSSESSIVE_CONTEXT = new Set(
  (
    "method technique position catheter tube line stain staining formula equation tool protocol regimen type types " +
    "pattern patterns body bodies point points space spaces duct gland glands loop nerve area areas ratio effect esophagus " +
    "node nodes law rule rules triad maneuver manoeuvre pouch diverticulum cell cells"
  ).split(" "),
);

export interface WordInfo {
  firstRank: number | undefined;
  lastRank: number | undefined;
  /** A dictionary word: SCOWL or lower-case medical vocabulary. */
  common: boolean;
  commonSmall: boolean;
  /** A capitalised medical word (a brand or an eponym) that no census list names. */
  medicalProper: boolean;
  eponym: boolean;
  /** A first name that is also an everyday word, or a rarer one that is a common word: needs a second signal. */
  ambiguousFirst: boolean;
  stop: boolean;
  calendar: boolean;
  acronym: boolean;
}

export function wordInfo(lex: RulesEnLexicon, t: Token): WordInfo {
  const low = t.low;
  // A name with accents is also looked up without them ("Ibáñez" = "Ibanez"); "JOAO" finds "João".
  const bare = low.charCodeAt(0) > 127 || /[^\x00-\x7f]/.test(low) ? stripAccents(low) : low;
  const firstRank = lex.firstNames.get(low) ?? lex.firstNames.get(bare);
  const commonSmall = lex.commonSmall.has(low);
  const eponym = lex.eponyms.has(low);
  return {
    firstRank,
    lastRank: lex.surnames.get(low) ?? lex.surnames.get(bare),
    // A medical word that the census lists as a name ("Jameson") stays a possible name.
    common: lex.common.has(low) || (lex.medical.has(low) && firstRank === undefined && (lex.surnames.get(low) ?? Infinity) >= 20000),
    medicalProper: lex.medicalProper.has(low) && firstRank === undefined && !lex.surnames.has(low),
    commonSmall,
    eponym,
    ambiguousFirst: lex.wordFirstNames.has(low) || eponym || (commonSmall && (firstRank === undefined || firstRank >= 1500)),
    stop: STOP_WORDS.has(low),
    calendar: MONTH_WORDS.has(low) || WEEKDAY_WORDS.has(low),
    acronym: t.shape === "upper" && lex.clinicalAcronyms.has(t.text),
  };
}

/** A capitalised word that may be part of a name: listed as a name, or not a dictionary word at all. */
export function nameCandidateWord(lex: RulesEnLexicon, t: Token | undefined): boolean {
  if (!t || t.kind !== "word" || !isCapitalised(t)) return false;
  const w = wordInfo(lex, t);
  if (w.stop || w.calendar || w.acronym) return false;
  if (t.shape === "upper") return w.firstRank !== undefined || w.lastRank !== undefined;
  return w.firstRank !== undefined || w.lastRank !== undefined || (!w.common && !w.medicalProper);
}

/**
 * Words that end a named rule, score or device a word or two after the name ("Ottawa ankle rules", "Wells DVT score",
 * "San Francisco syncope rule", "Hasson entry", "Veress needle").
 */
export const EPONYM_FAR_CONTEXT = new Set(
  (
    "rule rules score scores criteria scale scales classification model index questionnaire tool protocol protocols " +
    "guideline guidelines staging system equation formula examination exam triage"
  ).split(" "),
);
/** Instruments and techniques named after a person, right after the name. */
const EPONYM_INSTRUMENT = new Set(
  "entry needle trocar clamp clamps forceps retractor retractors incision technique catheter tube line drain stitch suture splint brace shunt".split(" "),
);

/** Whether the word after `t` (skipping "'s") says the words before it are an eponym or a place used in a term. */
export function eponymContextAfter(tokens: readonly Token[], endIndex: number): boolean {
  let k = endIndex + 1;
  let possessive = false;
  if (tokens[k]?.low === "'" && tokens[k + 1]?.low === "s") {
    k += 2;
    possessive = true;
  } else if (tokens[k]?.low === "-" && tokens[k + 1]?.kind === "word") k += 1;
  const t = tokens[k];
  if (!t || t.kind !== "word" || t.newlineBefore) return false;
  if (EPONYM_CONTEXT.has(t.low) || EPONYM_INSTRUMENT.has(t.low) || (possessive && EPONYM_POSSESSIVE_CONTEXT.has(t.low))) return true;
  // A two-word eponym ("<Given> <Surname> protein", "<Given> <Surname> envelope"): the first word is no lone name either.
  const n1 = tokens[k + 1];
  if (isCapitalised(t) && n1 && n1.kind === "word" && !n1.newlineBefore && !possessive && EPONYM_CONTEXT.has(n1.low)) return true;
  // A skin classification: "<Surname> skin type II".
  if (t.low === "skin" && tokens[k + 1]?.low === "type" && !tokens[k + 1].newlineBefore) return true;
  // One or two words further: a clinical word or an acronym, then rule/score/criteria.
  for (let j = k; j <= k + 1; j++) {
    const w = tokens[j];
    const n = tokens[j + 1];
    if (!w || w.kind !== "word" || !n || n.newlineBefore) return false;
    if (n.kind === "punct" && n.low === "-" && tokens[j + 2]?.kind === "word" && !n.spaceBefore) {
      if (EPONYM_FAR_CONTEXT.has(tokens[j + 3]?.low ?? "")) return true;
      continue;
    }
    if (n.kind !== "word") return false;
    if (EPONYM_FAR_CONTEXT.has(n.low)) return STOP_WORDS.has(w.low) ? false : true;
  }
  return false;
}

const DOT_SKIP = new Set([".", "-"]);

/**
 * Longest phrase of the index that starts at token index `k`, comparing folded words with "saint"="st",
 * "mount"="mt", "fort"="ft", skipping one "." or "-" token between words. Returns the index of its last token, or -1.
 * `accept` checks each matched word token (e.g. that it is capitalised).
 */
export function matchPhrase(index: PhraseIndex, tokens: readonly Token[], k: number, accept: (t: Token, wordIndex: number) => boolean): number {
  const first = tokens[k];
  if (!first || first.kind !== "word") return -1;
  const cands = index.candidates(canonicalWord(first.low));
  if (cands.length === 0) return -1;
  for (const phrase of cands) {
    let j = k;
    let ok = true;
    let last = -1;
    for (let p = 0; p < phrase.length; p++) {
      if (p > 0 && tokens[j] && DOT_SKIP.has(tokens[j].low)) j++;
      const t = tokens[j];
      if (!t || canonicalWord(t.low) !== phrase[p] || (p > 0 && t.newlineBefore) || (t.kind === "word" && !accept(t, p))) {
        ok = false;
        break;
      }
      last = j;
      j++;
    }
    if (ok && last >= 0) return last;
  }
  return -1;
}
