// Person names in English notes and queries: titles, first name + surname from the census lists, "Last, First",
// initials, cue words (patient, son, nurse, referred by, Name:), credentials after the name (", MD"), lone
// listed names that are not common words, and the other mentions of a name found once. Shape and cue decide;
// a word that is also a common English word needs a second signal.
import type { Label } from "../../../src/contract/index.js";
import type { Candidate } from "./candidates.js";
import type { RulesEnLexicon } from "./lexicon.js";
import { looksLikeName, nameLikeness, NAME_LIKE_ALONE, NAME_LIKE_CELL, NAME_LIKE_RUNNING } from "./namelike.js";
import { COLUMN_GAP, isCapitalised, type Token } from "./tokens.js";
import { eponymContextAfter, nameCandidateWord, STOP_WORDS as STOP, wordInfo } from "./words.js";

type Role = "patient" | "caregiver" | "other";

const MEDICAL_TITLES = new Set(["dr", "doctor", "prof", "professor", "drs"]);
const CIVIL_TITLES = new Set(["mr", "mrs", "ms", "miss", "mx", "sr", "mister", "madam", "sir", "dame", "lady", "lord", "rev", "reverend", "fr", "father", "sister", "brother", "pastor", "rabbi", "imam", "nurse", "sgt", "capt", "col", "lt", "gen", "officer", "pc", "wpc", "insp", "inspector", "detective", "det", "constable", "sergeant", "deputy", "trooper", "cpl", "pvt", "maj"]);
/** Titles that may stand before a lower-case or unknown word and still mean a person (the others need a capital). */
const STRONG_TITLES = new Set(["dr", "mr", "mrs", "ms", "prof", "mx", "drs"]);

/** Prefixes joined to an Arabic or Hebrew surname by a hyphen ("Al-Sayed", "El-Amin", "Ben-David"). */
const ARABIC_PREFIXES = new Set(["al", "el", "abu", "abd", "abdel", "abdul", "bin", "ibn", "ben", "bint", "ul", "ud"]);

const PARTICLES = new Set(["van", "von", "de", "der", "den", "da", "di", "del", "della", "la", "le", "du", "dos", "das", "st", "bin", "ibn", "al", "el", "ter", "ten", "mac"]);

/** Cue word (or two) before a name → whose name it is. Folded, "." dropped. */
const CUES_BEFORE: ReadonlyMap<string, Role> = new Map<string, Role>([
  ...["patient", "pt", "client", "resident", "named", "name", "called", "goes by", "aka", "alias", "patient's name is", "his name is", "her name is", "name is", "this is", "member", "baby girl", "baby boy", "infant girl", "infant boy", "bg", "bb", "subscriber", "insured", "beneficiary", "mrs", "mr", "service user", "student", "pupil"].map((w) => [w, "patient"] as [string, Role]),
  ...[
    "son", "daughter", "wife", "husband", "mother", "mom", "mum", "father", "dad", "brother", "sister", "spouse", "partner", "fiance", "fiancee",
    "boyfriend", "girlfriend", "friend", "neighbor", "neighbour", "aunt", "uncle", "cousin", "grandmother", "grandfather", "grandma", "grandpa",
    "grandson", "granddaughter", "niece", "nephew", "guardian", "caregiver", "carer", "roommate", "kin", "nok", "poa", "hcp", "proxy",
    "contact", "stepson", "stepdaughter", "stepmother", "stepfather", "sibling", "child", "baby", "infant", "twin", "parent", "parents",
    "relative", "visitor", "interpreter", "housemate", "flatmate", "carer's", "godmother", "godfather", "stepmom", "stepdad", "ex-wife", "ex-husband", "translator", "employer", "boss", "coworker", "colleague", "landlord", "sponsor", "policy holder", "policyholder", "neighbour's", "roomie",
    // Greetings of messages and reminders ("Hi DOMINIC, reminder: …", "Hello Marguerite").
    "hi", "hello", "hey", "hiya", "hola", "good morning", "good afternoon", "good evening",
  ].map((w) => [w, "other"] as [string, Role]),
  ...[
    "nurse", "rn", "lpn", "lvn", "np", "cnp", "crnp", "aprn", "pa", "pa-c", "md", "do", "attending", "resident", "intern", "fellow", "physician", "surgeon",
    "provider", "pcp", "gp", "consultant", "registrar", "hospitalist", "intensivist", "cardiologist", "oncologist", "neurologist", "nephrologist",
    "urologist", "dermatologist", "radiologist", "pathologist", "psychiatrist", "psychologist", "pediatrician", "paediatrician", "obstetrician",
    "gynecologist", "gynaecologist", "anesthesiologist", "anaesthetist", "endocrinologist", "gastroenterologist", "pulmonologist", "rheumatologist",
    "ophthalmologist", "optometrist", "dentist", "orthodontist", "podiatrist", "chiropractor", "therapist", "pharmacist", "dietitian", "dietician",
    "nutritionist", "midwife", "chaplain", "counselor", "counsellor", "clinician", "practitioner", "doc", "specialist", "surgeon's", "cnm", "crna",
    "seen by", "referred by", "referral from", "referring", "signed by", "dictated by", "transcribed by", "reviewed by", "authored by", "author",
    "cc", "per", "spoke with", "spoke to", "discussed with", "d/w", "dw", "talked to", "talked with", "paged", "called", "covering", "on call",
    "case manager", "social worker", "sw", "cm", "care coordinator", "coordinator", "technician", "tech", "aide", "cna", "scribe", "preceptor",
    "supervisor", "dear", "sincerely", "regards", "thanks", "best", "cheers", "kind regards", "best regards", "many thanks", "yours sincerely", "yours faithfully", "faithfully", "warm regards", "with thanks", "best wishes", "kind wishes", "warm wishes", "all the best", "cosigned by", "co-signed by", "electronically signed by", "approved by",
    "ordered by", "performed by", "interpreted by", "read by", "attending physician", "primary care", "ordering", "sign", "signature",
    "reviewed", "verified by", "checked by", "authorised by", "authorized by", "reported by", "typed by", "validated by", "approved by", "witnessed by", "countersigned by", "sonographer", "phlebotomist", "physio", "physiotherapist", "hca",
    // Grades and roles written short before a caregiver's name ("SHO: T Okafor", "CPN Emlyn Price", "PHN Aine Doyle").
    "sho", "fy1", "fy2", "spr", "reg", "cns", "cpn", "amhp", "phn", "anp", "acp", "rmn", "rgn", "hcsw", "slt", "locum", "matron", "paramedic", "emt", "health visitor", "district nurse", "support worker", "key worker", "keyworker",
  ].map((w) => [w, "caregiver"] as [string, Role]),
]);

/** Words that open a question before its subject ("Did Wojtek …", "Has Ffion …", "Can Priyanka …"). */
const QUESTION_OPENERS = new Set(["did", "does", "do", "has", "have", "had", "is", "was", "can", "could", "will", "would", "should", "may", "might", "where", "when", "why", "how", "what", "who", "whose", "which", "has", "ask", "tell", "remind", "call", "ring", "page", "let", "pls", "please"]);

/** Sign-offs: the name may follow on the next line ("Thanks,\nRoz"). */
const SIGN_OFFS = new Set(["thanks", "regards", "sincerely", "best", "cheers", "kind regards", "best regards", "many thanks", "yours sincerely", "yours faithfully", "faithfully", "warm regards", "with thanks", "love", "best wishes", "kind wishes", "warm wishes", "all the best"]);

/** Words after a specialty or a service that make it a department, not a name ("Case Management", "Front Desk"). */
const SERVICE_AFTER = new Set(["management", "department", "dept", "services", "service", "team", "unit", "office", "desk", "front", "clinic", "medicine", "surgery", "nursing", "liaison"]);

/** Words on a letter's reference line before the author's and typist's initials ("Our ref", "Typed", "Transcribed"). */
const REFERENCE_CUES = new Set(["ref", "reference", "typed", "transcribed", "dictated", "dict"]);
/** Roles written in brackets after a caregiver's signed name ("(SN)", "(CPN)", "(nic)"). */
const SIGNATURE_ROLES = new Set(["sn", "rn", "rgn", "rmn", "en", "hca", "hcsw", "nic", "cns", "cpn", "anp", "acp", "np", "pa", "sho", "reg", "spr", "fy1", "fy2", "ct1", "ct2", "gp", "amhp", "phn", "hv", "dn", "ot", "slt", "salt", "lpn", "lvn", "cna", "emt", "paramedic", "physio", "midwife", "matron", "locum", "sw", "lcsw", "msw", "crna", "aprn", "fnp", "dietitian", "pharmacist", "nurse", "sister", "consultant", "registrar", "intern", "resident", "fellow", "attending", "tech", "pct", "cma", "ma"]);

/** Role nouns are never the name after a cue ("Consultant Endocrinologist"). */
const ROLE_WORD = /(?:ologist|ician|iatrist|iatrician|therapist|surgeon|nurse|consultant|registrar|manager|worker|officer|director|coordinator|assistant|secretary|practitioner|specialist|resources|department)$/;

/** Cues that are plain words in running text: they admit only capitalised names (never a lower-case word). */
const WEAK_CUES = new Set(["student", "pupil", "sho", "fy1", "fy2", "spr", "reg", "cns", "cpn", "amhp", "phn", "anp", "acp", "rmn", "rgn", "hcsw", "slt", "locum", "matron", "paramedic", "emt", "hi", "hello", "hey", "hiya", "hola", "good morning", "good afternoon", "good evening", "per", "from", "to", "called", "name", "member", "contact", "child", "baby", "infant", "parent", "parents", "relative", "visitor", "sign", "signature", "this is", "doc", "tech", "aide", "author", "cm", "sw", "cc", "do", "pa", "md", "kin", "ordering", "primary care", "paged", "covering", "on call", "twin", "friend", "boss", "sponsor", "reading"]);

/** Credentials after a name ("Jane Doe, MD", "Smith RN"). Upper case as written, without dots. */
const CREDENTIALS = new Set(["MD", "DO", "RN", "NP", "PA", "PAC", "PA-C", "DNP", "PhD", "PHD", "MBBS", "MBChB", "FRCS", "FRCP", "MRCP", "MRCS", "FACS", "FACP", "FACC", "DDS", "DMD", "PharmD", "LPN", "LVN", "CNA", "APRN", "FNP", "CNM", "CRNA", "LCSW", "MSW", "PT", "DPT", "OT", "OTR", "SLP", "RD", "MPH", "MSN", "BSN", "CNS", "FNP-BC", "ANP", "ACNP", "DC", "OD", "DPM", "JD", "MA", "MS", "BS", "Jr", "Sr", "II", "III", "IV"]);

/** Credentials that follow a name without a comma ("Jane Doe MD"); the others need one ("Smith, DO"). */
const BARE_CREDENTIALS = new Set(["MD", "RN", "NP", "PHD", "MBBS", "FRCS", "FRCP", "MRCP", "DNP", "PA-C", "APRN", "FNP", "LPN", "CRNA", "LCSW", "MBCHB", "FACS", "PHARMD", "DDS", "DMD"]);

const NOT_NAME_AFTER_TITLE = new Set(["will", "may", "said", "says", "told", "ordered", "wants", "wanted", "is", "was", "has", "had", "and", "to", "on", "at", "for", "the", "in", "appt", "appointment", "visit", "visits", "note", "notes", "office", "orders", "order", "recommended", "advised", "recommends", "advises", "feels", "thinks", "thought", "asked", "who", "what", "when", "where", "if", "or", "of", "with", "a", "an", "that", "this", "his", "her", "called", "not", "also", "would", "should", "could", "can", "did", "does", "do", "are", "be", "saw", "sees", "see", "came", "gave", "prescribed", "started", "stopped", "changed", "reviewed", "discussed", "agrees", "agreed", "plans", "planned", "wrote", "writes", "signed", "here", "there", "unknown", "none", "name", "names", "x", "xx", "xxx"]);

/** Street and building words: a "Last, First" pair next to one is a piece of an address. */
const ADDRESS_WORDS = new Set(["road", "rd", "street", "st", "lane", "ln", "avenue", "ave", "drive", "dr", "close", "crescent", "terrace", "way", "grove", "place", "court", "ct", "gardens", "mews", "row", "square", "walk", "hill", "parade", "house", "cottage", "cottages", "farm", "lodge", "villas", "boulevard", "blvd"]);

export function isInitialAt(tokens: readonly Token[], k: number): number {
  // "J." or "J.P." or "A.-M.": returns the index of the last token of the initial (its dot), or -1.
  const t = tokens[k];
  if (!t || t.kind !== "word" || t.text.length !== 1 || !/\p{Lu}/u.test(t.text)) return -1;
  const dot = tokens[k + 1];
  if (dot && dot.low === "." && !dot.spaceBefore) return k + 1;
  return -1;
}

/** Words after which a capital letter is part of a term, not an initial ("vitamin D", "Hep B", "type A", "ward C"). */
const LETTER_TERMS = new Set([
  "vitamin", "vit", "hep", "hepatitis", "type", "grade", "stage", "class", "group", "factor", "phase", "zone", "ward", "bay", "bed",
  "room", "rm", "apt", "unit", "flat", "plan", "option", "schedule", "list", "block", "wing", "section", "appendix", "part", "level",
  "lead", "leads", "protein", "complex", "strep", "influenza", "flu", "category", "cat", "tier", "step", "arm", "cohort", "site",
  "pod", "floor", "suite", "building", "bldg", "gate", "entrance", "lot", "plate", "form", "sheet", "table", "figure", "fig",
  "item", "question", "point", "channel", "port", "lumen", "line", "bag", "bottle", "tube", "vial", "dose", "cycle", "day", "week",
  "score", "criterion", "criteria", "pattern", "wave", "waves", "segment", "interval", "fibre", "fiber", "fibres", "fibers", "cell",
  "cells", "antigen", "antibody", "immunoglobulin", "ig", "hba", "hb", "chain", "region", "area", "node", "nodes", "and", "or",
]);

/** A capital letter with no dot before a name ("K Singh", "A Patel"); never the pronoun "I" or a sentence's "A". */
function undottedInitialAt(tokens: readonly Token[], k: number): boolean {
  const t = tokens[k];
  if (!t || t.kind !== "word" || t.text.length !== 1 || !/\p{Lu}/u.test(t.text) || t.text === "I") return false;
  if (t.text === "A" && (t.sentenceStart || !tokens[k - 1] || tokens[k - 1].kind !== "word")) return false;
  const n = tokens[k + 1];
  return !!n && n.kind === "word" && n.spaceBefore && isCapitalised(n);
}

interface NameRun {
  /** First and last token index of the name. */
  first: number;
  last: number;
  /** Word tokens of the name (not initials). */
  words: number[];
}

export interface NameOptions {
  /** Find lone listed names with no cue (on by default). */
  loneNames: boolean;
}

export function findNames(tokens: readonly Token[], text: string, lex: RulesEnLexicon, opts: NameOptions): Candidate[] {
  const out: Candidate[] = [];
  const found: { run: NameRun; role: Role; score: number; rule: string }[] = [];
  const info = (k: number) => wordInfo(lex, tokens[k]);
  const isWord = (k: number) => tokens[k]?.kind === "word";
  // A tab or three spaces are a column break in a table or a form ("Ewan Macaulay   CHI 300409…", "Vandermeer   Rm 118").
  // An all-capitals word of two to seven letters that no list knows is an abbreviation ("DNACPR", "EPAU"), not the
  // next word of a product or a title: it does not hide the name before it.
  // Never a postcode or a code glued to digits ("NW3", "SW1A").
  const unknownAcronym = (x: Token): boolean =>
    x.shape === "upper" && /^\p{Lu}{2,7}$/u.test(x.text) && !(tokens[x.i + 1] && !tokens[x.i + 1].spaceBefore && tokens[x.i + 1].kind !== "punct") &&
    !lex.firstNames.has(x.low) && !lex.surnames.has(x.low) && !lex.places.has(x.low);
  // A line of at most fourteen words (a query, a list entry, a heading).
  const shortLine = (k: number): boolean => {
    let n = 0;
    for (let j = k; j < tokens.length && (j === k || !tokens[j].newlineBefore); j++) if (tokens[j].kind === "word" && ++n > 14) return false;
    return true;
  };
  const adjacent = (k: number) => {
    const t = tokens[k];
    if (!t || t.newlineBefore) return false;
    const p = tokens[k - 1];
    if (!p || t.start - p.end < 3) return t.start <= 0 || text[t.start - 1] !== "\t";
    return false;
  };

  // A name word at k, possibly with an O'/D' prefix ("O'Brien") or a hyphenated second part ("Smith-Jones").
  // Returns the index of its last token, or -1.
  const nameWordAt = (k: number, allowCommon: boolean, allowLower: boolean): number => {
    const t = tokens[k];
    if (!t || t.kind !== "word") return -1;
    let end = k;
    if ((t.low === "o" || t.low === "d") && t.text.length === 1 && (/\p{Lu}/u.test(t.text) || allowLower) && tokens[k + 1]?.low === "'" && !tokens[k + 1].spaceBefore && tokens[k + 2]?.kind === "word" && (isCapitalised(tokens[k + 2]) || (allowLower && tokens[k + 2].shape === "lower" && tokens[k + 2].text.length >= 3)) && !tokens[k + 2].spaceBefore) {
      end = k + 2;
    } else if (ARABIC_PREFIXES.has(t.low) && tokens[k + 1]?.low === "-" && !tokens[k + 1].spaceBefore && !tokens[k + 2]?.spaceBefore && tokens[k + 2]?.kind === "word" && (isCapitalised(tokens[k + 2]) || (allowLower && tokens[k + 2].shape === "lower"))) {
      // "Al-Sayed", "El-Amin", "Abu-Bakr": the prefix and the name are one surname.
      end = k + 2;
      if (tokens[end + 1]?.low === "-" && !tokens[end + 1].spaceBefore && isCapitalised(tokens[end + 2]) && !tokens[end + 2].spaceBefore) end += 2;
      return end;
    } else if (!isCapitalised(t)) {
      if (!allowLower) return -1;
      const w = info(k);
      if (w.stop || w.calendar || NOT_NAME_AFTER_TITLE.has(t.low)) return -1;
      if (w.commonSmall && !(w.lastRank !== undefined && w.lastRank < 3000) && !(w.firstRank !== undefined && w.firstRank < 1000 && !w.common)) return -1;
    } else {
      const w = info(k);
      if (w.stop || w.calendar || w.acronym) return -1;
      if (!allowCommon && !nameCandidateWord(lex, t)) return -1;
      if (t.shape === "upper" && t.text.length <= 2 && !allowCommon) return -1;
    }
    // Hyphenated double names: "Smith-Jones", "Mary-Kate", and Korean given names with a small second part ("Min-jun").
    if (tokens[end + 1]?.low === "-" && !tokens[end + 1].spaceBefore && !tokens[end + 2]?.spaceBefore && (isCapitalised(tokens[end + 2]) || lowerNamePart(end + 2, end))) end += 2;
    return end;
  };

  // The small second part of a hyphenated given name after a capitalised listed name: "Min-jun", "Hye-jin", "Seo-yeon"
  // (a listed name of two or three letters that is no word: not "Smith-type", "Jones-like").
  function lowerNamePart(j: number, head: number): boolean {
    const x = tokens[j];
    if (!x || x.kind !== "word" || x.shape !== "lower" || x.text.length < 2 || x.text.length > 4 || tokens[head].shape !== "title") return false;
    const w = info(j);
    const h = info(head);
    return (w.firstRank !== undefined || w.lastRank !== undefined) && (!w.common || x.text.length <= 3) && !w.stop && (h.firstRank !== undefined || h.lastRank !== undefined) && !h.common;
  }

  // An O' or D' that opens a surname ("O'Rourke", "D'Souza").
  const aposAt = (i: number) =>
    (tokens[i]?.low === "o" || tokens[i]?.low === "d") && tokens[i].text.length === 1 && tokens[i + 1]?.low === "'" && !tokens[i + 1].spaceBefore && tokens[i + 2]?.kind === "word" && !tokens[i + 2].spaceBefore;

  const record = (run: NameRun, role: Role, score: number, rule: string) => {
    if (eponymContextAfter(tokens, run.last)) return;
    found.push({ run, role, score, rule });
  };

  // Grows a run to the right over initials, middle names, particles and surnames (up to four words).
  const extendRun = (run: NameRun, allowLower: boolean): NameRun => {
    let k = run.last + 1;
    let words = run.words.length;
    while (words < 4 && adjacent(k)) {
      // "Siobhan O'Rourke", "Marie D'Souza": the O' or D' opens a surname, it is no initial.
      const apos = aposAt(k);
      const ini = apos ? -1 : isInitialAt(tokens, k);
      if (ini >= 0 && words < 3) {
        const after = nameWordAt(ini + 1, false, false);
        if (after >= 0 && adjacent(ini + 1)) {
          run = { first: run.first, last: after, words: [...run.words, ini + 1] };
          k = after + 1;
          words++;
          continue;
        }
        // "brother Tomas R. about transport": a surname's initial after a listed given name, before a lower-case word,
        // a comma, a bracket or the line's end (before a capital it may start a sentence).
        const nx = tokens[ini + 1];
        const closes = !nx || nx.newlineBefore || (nx.kind === "word" && nx.shape === "lower") || nx.low === "," || nx.low === ";" || nx.low === ")";
        if (words === 1 && run.first === run.last && isCapitalised(tokens[run.first]) && info(run.first).firstRank !== undefined && !info(run.first).common && closes && tokens[k].text !== "I" && tokens[k].text !== "A") {
          run = { first: run.first, last: ini, words: run.words };
        }
        break;
      }
      const t = tokens[k];
      // "van der Merwe", "de la Cruz": one or two lower-case particles before the surname.
      const p2 = t?.kind === "word" && PARTICLES.has(t.low) && !isCapitalised(t) && tokens[k + 1]?.kind === "word" && PARTICLES.has(tokens[k + 1].low) && !isCapitalised(tokens[k + 1]) && adjacent(k + 1) ? k + 1 : k;
      if (t?.kind === "word" && PARTICLES.has(t.low) && !isCapitalised(t) && nameWordAt(p2 + 1, true, false) >= 0 && adjacent(p2 + 1)) {
        const e = nameWordAt(p2 + 1, true, false);
        run = { first: run.first, last: e, words: [...run.words, p2 + 1] };
        k = e + 1;
        words++;
        continue;
      }
      const e = nameWordAt(k, false, allowLower && tokens[run.first].shape === "lower");
      if (e < 0) break;
      const w = info(apos ? k + 2 : k);
      // A following word extends the name only if it is listed or unknown (not a common word), and keeps the shape.
      const shapeOk = tokens[k].shape === tokens[run.first].shape || (isCapitalised(tokens[k]) && isCapitalised(tokens[run.first]));
      if (!shapeOk) break;
      if (w.common && w.lastRank === undefined && w.firstRank === undefined) break;
      if (tokens[k].shape === "lower" && (w.lastRank === undefined && w.firstRank === undefined || w.common || lex.clinicalAcronyms.has(tokens[k].text.toUpperCase()))) break;
      if (w.common && tokens[k].shape !== "upper" && (w.commonSmall || w.eponym) && !(w.lastRank !== undefined && w.lastRank < 2000)) break;
      run = { first: run.first, last: e, words: [...run.words, k] };
      k = e + 1;
      words++;
    }
    // A nickname in quotes or brackets inside the name: Harold "Hal", Jimmy ("JJ").
    {
      const q = tokens[run.last + 1];
      const nick = tokens[run.last + 2];
      // Not an acronym in brackets ("Gemma Riley (AMHP)"): a nickname in capitals is short or a listed name.
      const nickOk = isCapitalised(nick) && !nick.newlineBefore && (nick.shape !== "upper" || nick.text.length <= 2 || wordInfo(lex, nick).firstRank !== undefined) && !(nick.shape === "upper" && SIGNATURE_ROLES.has(nick.low));
      if (q && (q.low === '"' || q.low === "\u201c" || q.low === "(") && nickOk) {
        const close = tokens[run.last + 3];
        if (close && (close.low === '"' || close.low === "\u201d" || close.low === ")") && !close.spaceBefore) run = { ...run, last: run.last + 3 };
      }
    }
    // Generational suffixes are part of the name: "John Smith Jr.", "Smith, III".
    let j = run.last + 1;
    if (tokens[j]?.low === "," && !tokens[j + 1]?.newlineBefore) j++;
    const sfx = tokens[j];
    if (sfx && sfx.kind === "word" && !sfx.newlineBefore && /^(?:Jr|Sr|II|III|IV|JR|SR)$/.test(sfx.text)) {
      let e = j;
      if (tokens[e + 1]?.low === "." && !tokens[e + 1].spaceBefore) e++;
      run = { ...run, last: e };
    }
    return run;
  };

  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    if (t.kind !== "word") continue;

    // 1. Title + name: "Dr. Smith", "Dr Jane A. Doe", "Mrs O'Brien", "dr patel".
    if (MEDICAL_TITLES.has(t.low) || CIVIL_TITLES.has(t.low)) {
      let j = k + 1;
      if (tokens[j]?.low === "." && !tokens[j].spaceBefore) j++;
      // A second title: "Prof. Dr.", "Dr. Mrs."
      if (tokens[j] && (MEDICAL_TITLES.has(tokens[j].low) || CIVIL_TITLES.has(tokens[j].low)) && isCapitalised(tokens[j])) {
        j++;
        if (tokens[j]?.low === ".") j++;
      }
      const strong = STRONG_TITLES.has(t.low) || (isCapitalised(t) && t.low !== "nurse" && t.low !== "sister" && t.low !== "brother" && t.low !== "father");
      const titleOk = strong && (isCapitalised(t) || t.low === "dr" || t.low === "mr" || t.low === "mrs" || t.low === "ms");
      if (titleOk && adjacent(j)) {
        let first = -1;
        let last = -1;
        const ini = isInitialAt(tokens, j);
        if (ini >= 0) {
          let k2 = ini + 1;
          const ini2 = isInitialAt(tokens, k2);
          if (ini2 >= 0) k2 = ini2 + 1;
          // Particles between the initials and the surname: "Dr L. van der Westhuizen", "Dr J. de Souza".
          let k3 = k2;
          while (k3 < k2 + 2 && tokens[k3]?.kind === "word" && PARTICLES.has(tokens[k3].low) && !tokens[k3].newlineBefore && tokens[k3 + 1]?.kind === "word" && (isCapitalised(tokens[k3 + 1]) || PARTICLES.has(tokens[k3 + 1].low))) k3++;
          if (k3 > k2 && !PARTICLES.has(tokens[k3]?.low ?? "")) k2 = k3;
          const e = nameWordAt(k2, true, false);
          if (e >= 0) {
            first = j;
            last = e;
          }
        } else {
          const e = nameWordAt(j, true, t.low === "dr" || t.low === "mr" || t.low === "mrs" || t.low === "ms");
          if (e >= 0) {
            first = j;
            last = e;
          }
        }
        // On a line in capitals a weak title reads as a word ("84YR LADY BED 22"): the name must be no common word.
        if (first >= 0 && t.capsLine && !STRONG_TITLES.has(t.low) && lex.common.has(tokens[first].low)) first = -1;
        if (first >= 0) {
          const run = extendRun({ first, last, words: [last] }, true);
          const role: Role = MEDICAL_TITLES.has(t.low) ? "caregiver" : t.low === "nurse" || t.low === "sr" ? "caregiver" : "patient";
          record(run, role, 0.95, "title");
          k = run.last;
          continue;
        }
      }
    }

    // 2. Initials + surname: "J. Smith", "J.P. Morgan", "K Singh" (not after a title: handled above; not a letter
    // that belongs to a term: "vitamin D. Levels", "Hep B Surface").
    const ini = isInitialAt(tokens, k);
    const letterTerm = LETTER_TERMS.has(tokens[k - 1]?.low ?? "") && adjacent(k);
    if (ini >= 0 && !letterTerm) {
      let k2 = ini + 1;
      const ini2 = isInitialAt(tokens, k2);
      if (ini2 >= 0) k2 = ini2 + 1;
      if (adjacent(k2)) {
        const e = nameWordAt(k2, false, false);
        const w = e >= 0 ? info(k2) : undefined;
        // A surname that is also a word ("J. Smith", "A. White") is a name after a dotted initial when it is frequent.
        const frequentSurname = !!w && w.lastRank !== undefined && w.lastRank < 2000 && !tokens[k2].sentenceStart;
        if (e >= 0 && w && (w.lastRank !== undefined || !w.common) && !w.eponym && (!(w.common && w.commonSmall) || frequentSurname)) {
          const run = extendRun({ first: k, last: e, words: [k2] }, false);
          record(run, "other", 0.85, "initials");
          k = run.last;
          continue;
        }
      }
    } else if (!letterTerm && undottedInitialAt(tokens, k) && adjacent(k + 1)) {
      const w = info(k + 1);
      const e = nameWordAt(k + 1, false, false);
      if (e >= 0 && w.lastRank !== undefined && w.lastRank < 20000 && !w.common && !w.eponym && !w.medicalProper && tokens[k + 1].shape !== "upper") {
        const run = extendRun({ first: k, last: e, words: [k + 1] }, false);
        record(run, "other", 0.75, "initial-undotted");
        k = run.last;
        continue;
      }
    }

    // 3. "Last, First": "Smith, John", "SMITH, JOHN A.", "Okafor-Lindqvist, Ada"
    const lastEnd = isCapitalised(t) ? nameWordAt(k, true, false) : -1;
    const hyphenLast = lastEnd > k;
    if (lastEnd >= 0 && tokens[lastEnd + 1]?.low === "," && isWord(lastEnd + 2) && adjacent(lastEnd + 2)) {
      const a = hyphenLast ? { ...info(k), common: false, lastRank: info(k).lastRank ?? info(lastEnd).lastRank ?? 1e6 } : info(k);
      const c2 = lastEnd + 2;
      const b = info(c2);
      const second = tokens[c2];
      if (
        // An unlisted surname whose letters read as a name before a listed given name ("Wiśniewska, Bożena").
        (a.lastRank !== undefined || (!a.common && !a.medicalProper && !lex.places.has(t.low) && t.text.length >= 4 && !SIGN_OFFS.has(t.low) && !/^(?:thx|tx|ty|thks|thnx|cc|fyi|re|fw|fwd)$/.test(t.low) && b.firstRank !== undefined && !b.common && ((b.firstRank < 4000 && !b.ambiguousFirst) || looksLikeName(t.text, NAME_LIKE_CELL)))) && !a.stop && !a.calendar && !a.acronym &&
        !b.stop && !b.calendar && isCapitalised(second) && !a.eponym &&
        ((b.firstRank !== undefined && !b.ambiguousFirst && (!a.common || b.firstRank < 1500)) ||
          // "Takahashi, Ken": a given name that is also a word, after a surname that is none.
          (b.firstRank !== undefined && b.firstRank < 1000 && !a.common && !lex.wordFirstNames.has(second.low)) ||
          (!a.common && !b.common && b.lastRank === undefined && second.text.length > 2 && lineEndsAfter(tokens, c2))) &&
        // Same shape, or the record form "AHMED, Farida" (surname in capitals, given name in title case).
        (t.shape === second.shape || (t.shape === "upper") === (second.shape === "upper") || (t.shape === "upper" && second.shape === "title" && t.text.length >= 3))
      ) {
        const e2 = nameWordAt(c2, true, false);
        // Pieces of an address, not a person: "Pittville Court, Albert Road" (a street type after either part).
        const streetAfter = (j: number) => tokens[j + 1]?.kind === "word" && !tokens[j + 1].newlineBefore && ADDRESS_WORDS.has(tokens[j + 1].low);
        if (e2 >= 0 && !streetAfter(e2) && !ADDRESS_WORDS.has(tokens[lastEnd].low)) {
          let last = e2;
          const ini3 = isInitialAt(tokens, last + 1);
          if (ini3 >= 0) last = ini3;
          else if (tokens[last + 1]?.kind === "word" && tokens[last + 1].text.length === 1 && /\p{Lu}/u.test(tokens[last + 1].text)) last++;
          const run = extendRun({ first: k, last, words: [k, c2] }, false);
          record(run, "other", 0.85, "last-comma-first");
          k = run.last;
          continue;
        }
      }
    }

    // 3b. A listed surname and one initial alone on a line or in a cell: "HUANG W", "Okafor J." (a list, a label).
    if ((t.shape === "upper" || t.shape === "title") && t.text.length >= 3 && cellStartAt(tokens, k, text) && !covered(found, k)) {
      const w = info(k);
      const ini = tokens[k + 1];
      if (w.lastRank !== undefined && !w.common && !w.stop && !w.acronym && !w.eponym && ini && ini.kind === "word" && ini.text.length === 1 && ini.shape === "title" && /\p{Lu}/u.test(ini.text) && adjacent(k + 1)) {
        let e = k + 1;
        if (tokens[e + 1]?.low === "." && !tokens[e + 1].spaceBefore) e++;
        const nx = tokens[e + 1];
        if (!nx || nx.newlineBefore || nx.low === "|" || COLUMN_GAP.test(text.slice(tokens[e].end, nx.start))) {
          record({ first: k, last: k + 1, words: [k] }, "other", 0.7, "surname-initial");
          k = e;
          continue;
        }
      }
    }

    // 4. First name + surname (+ middle initials and names): "John Smith", "Mary Ann O'Neil", "john smith".
    {
      const a = info(k);
      const lower = t.shape === "lower";
      if (a.firstRank !== undefined && !a.stop && !a.calendar && !a.acronym && (isCapitalised(t) || (lower && a.firstRank < 2500))) {
        let j = k + 1;
        // A hyphenated given name ("Mary-Kate", "Rosa-Mae"): its second part is a listed given name in the same shape.
        if (tokens[j]?.low === "-" && !tokens[j].spaceBefore && tokens[j + 1]?.kind === "word" && !tokens[j + 1].spaceBefore && ((tokens[j + 1].shape === t.shape && info(j + 1).firstRank !== undefined && !info(j + 1).stop) || lowerNamePart(j + 1, k))) j += 2;
        const iniM = aposAt(j) ? -1 : isInitialAt(tokens, j);
        if (iniM >= 0 && !lower) j = iniM + 1;
        else if (!lower && tokens[j]?.kind === "word" && tokens[j].text.length === 1 && /\p{Lu}/u.test(tokens[j].text) && tokens[j].text !== "I" && tokens[j].text !== "A" && isCapitalised(tokens[j + 1])) j++;
        if (adjacent(j) && isWord(j)) {
          // "Fatima Al-Sayed", "Siobhan O'Rourke": the surname is read after its prefix.
          const prefixed = (ARABIC_PREFIXES.has(tokens[j].low) || aposAt(j)) && nameWordAt(j, true, lower) === j + 2;
          const b = prefixed ? { ...info(j + 2), common: false, lastRank: info(j + 2).lastRank ?? 1e6 } : info(j);
          const second = prefixed ? tokens[j + 2] : tokens[j];
          let ok = false;
          if (lower) {
            ok =
              second.shape === "lower" && b.lastRank !== undefined && !b.stop && !b.calendar && !NOT_NAME_AFTER_TITLE.has(second.low) &&
              ((!b.common && b.lastRank < 20000) || (!a.commonSmall && b.lastRank < 3000 && !b.eponym)) &&
              (!a.ambiguousFirst || !b.common);
          } else if (isCapitalised(second) && !b.stop && !b.calendar && !b.acronym && (second.shape === "upper") === (t.shape === "upper")) {
            const aAmbiguous = a.ambiguousFirst;
            const bListed = b.lastRank !== undefined;
            const bUnknown = !b.common && !bListed;
            if (t.shape === "upper") ok = bListed && !aAmbiguous && !(b.commonSmall && !bListed);
            else if (aAmbiguous) ok = bListed && !b.common && !b.eponym;
            // A rarer given name that is no word before a frequent surname that is one ("Chiamaka Brooks", "Hiroshi Young").
            else if (bListed) ok = !b.eponym || iniM >= 0 ? !(b.commonSmall && a.firstRank > 3000) || (!a.common && !a.commonSmall && !a.medicalProper && b.lastRank! < 1000 && !b.stop) : !b.eponym;
            else ok = bUnknown && a.firstRank < 4000 && second.text.length > 2;
          }
          if (ok) {
            const e = nameWordAt(j, true, lower);
            if (e >= 0) {
              const run = extendRun({ first: k, last: e, words: [k, j] }, lower);
              record(run, "other", lower ? 0.7 : 0.85, "first-last");
              k = run.last;
              continue;
            }
          }
        }
      }
    }
  }

  // 4b. Two capitalised words that are names by shape: listed or unknown, neither a common word ("Hywel Jenkins",
  // "Yevgenia Sokolova"), on one line, not inside a longer capitalised run (a title, a product).
  for (let k = 0; k + 1 < tokens.length; k++) {
    const a = tokens[k];
    const b = tokens[k + 1];
    if (a.kind !== "word" || b.kind !== "word" || a.shape !== "title" || !(b.shape === "title" || b.shape === "mixed") || !b.spaceBefore || b.newlineBefore) continue;
    if (covered(found, k) || covered(found, k + 1)) continue;
    const wa = info(k);
    const wb = info(k + 1);
    const plain = (w: ReturnType<typeof info>, tok: Token) =>
      !w.common && !w.medicalProper && !w.stop && !w.calendar && !w.acronym && !w.eponym && tok.text.length >= 3 && !lex.countries.has(tok.low) && !ROLE_WORD.test(tok.low);
    if (!plain(wa, a) || !plain(wb, b) || a.text.length + b.text.length < 8) continue;
    const prev = tokens[k - 1];
    if (prev && prev.kind === "word" && isCapitalised(prev) && adjacent(k) && !wordInfo(lex, prev).stop && !CUES_BEFORE.has(prev.low) && !prev.sentenceStart) continue;
    const e = nameWordAt(k + 1, true, false);
    if (e < 0) continue;
    const after = tokens[e + 1];
    // A month or a weekday after the pair starts a date, not a longer title ("Oluwaseun Chiamaka Oct 12").
    if (after && after.kind === "word" && isCapitalised(after) && adjacent(e + 1) && !nameCandidateWord(lex, after) && !wordInfo(lex, after).stop && !wordInfo(lex, after).acronym && !wordInfo(lex, after).calendar) continue;
    const run = extendRun({ first: k, last: e, words: [k, k + 1] }, false);
    record(run, "other", 0.65, "name-shape");
    k = run.last;
  }

  // 5. Cue + name ("patient Jones", "son Will", "referred by Okafor", "Name: JOHN DOE") and 6. name + credential.
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    if (t.kind !== "word") continue;
    const cue = cueEndingAt(tokens, k);
    if (cue) {
      let j = k + 1;
      // Separators between a cue and its name; a hyphen glued to the cue makes a compound ("Child-Pugh").
      while (tokens[j] && (tokens[j].low === ":" || (tokens[j].low === "-" && tokens[j].spaceBefore) || tokens[j].low === "," || tokens[j].low === "=" || tokens[j].low === "(") && j - k <= 2) j++;
      if (tokens[k + 1] && !tokens[k + 1].spaceBefore && (tokens[k + 1].low === "-" || tokens[k + 1].low === "/")) continue;
      if (tokens[j]?.low === "is" || tokens[j]?.low === "named") j++;
      if (tokens[j] && (!tokens[j].newlineBefore || tokens[j - 1]?.low === ":" || cue.label || (SIGN_OFFS.has(cue.word) && tokens[j - 1]?.low === ","))) {
        const start = tokens[j];
        // A table header ("PATIENT          AGE   DX"): a column gap separates the cue from the next cell.
        const gap = start ? text.slice(tokens[k].end, start.start) : "";
        if (start && start.kind === "word" && !covered(found, j) && !(COLUMN_GAP.test(gap) && !gap.includes(":"))) {
          const weak = WEAK_CUES.has(cue.word) && !cue.label;
          const w = info(j);
          let e = -1;
          // A role word or a title after the cue is no name (the title rule reads "chaplain Fr. Dominic").
          // A specialty or a service before a role or a department word is no name ("Consultant Orthopaedic Surgeon",
          // "RN, Case Management", "Cc: Peds Front Desk", "Physician, Care of the Elderly").
          const nextWord = tokens[j + 1];
          const serviceBefore = cue.role === "caregiver" && nextWord !== undefined && adjacent(j + 1) && ((nextWord.kind === "word" && isCapitalised(nextWord) && (ROLE_WORD.test(nextWord.low) || SERVICE_AFTER.has(nextWord.low))) || (nextWord.low === "of" && info(j).common));
          const role = CUES_BEFORE.has(start.low) || ROLE_WORD.test(start.low) || MEDICAL_TITLES.has(start.low) || CIVIL_TITLES.has(start.low) || serviceBefore;
          const second = tokens[j + (tokens[j + 1]?.low === "." && !tokens[j + 1].spaceBefore ? 2 : 1)];
          if (role) {
            e = -1;
          } else if (start.text.length === 1 && /\p{Lu}/u.test(start.text) && second && adjacent(second.i) && second.shape === "title" && nameCandidateWord(lex, second) && !ROLE_WORD.test(second.low) && !CUES_BEFORE.has(second.low)) {
            // An initial and a surname after a cue ("SHO: T Okafor", "reviewed by K. Ostrowe").
            e = nameWordAt(second.i, false, false);
          } else if (start.shape === "upper" && start.text.length <= 2 && !(cue.label && lineEndsAfter(tokens, j))) {
            // Two capitals after a cue are initials only alone in a field ("To: UM team" is a team).
            e = -1;
          } else if (cue.label && start.shape === "upper" && start.text.length >= 2 && start.text.length <= 3 && !lex.clinicalAcronyms.has(start.text) && lineEndsAfter(tokens, j)) {
            // Initials in a field: "SONOGRAPHER: TKB".
            e = j;
          } else if (tokens[j + 1] && !tokens[j + 1].spaceBefore && tokens[j + 1].kind === "num") {
            // A word glued to digits is a test or a code, not a name ("pt AAOx3", "pt G2P1").
            e = -1;
          } else if (isCapitalised(start)) {
            const ambiguous = w.commonSmall || w.eponym || ((w.common || w.medicalProper) && w.firstRank === undefined && w.lastRank === undefined);
            const listed = w.firstRank !== undefined || w.lastRank !== undefined;
            // After a strong cue a capitalised word mid-sentence is a name unless it is a very common word ("partner Dev").
            // "Pt is Amish", "pt Spanish-speaking": a nationality, a language or a faith after a cue is no name.
            const allow =
              !w.stop && !w.calendar && !w.acronym && !(w.firstRank === undefined && lex.countries.has(start.low)) &&
              (!ambiguous || (!weak && (listed || !w.commonSmall) && !start.sentenceStart && !w.medicalProper) || (cue.label && listed && !w.commonSmall) ||
                // "granddaughter Ivy", "partner Sky": a relative's cue before a word the curated list knows as a given name.
                (!weak && cue.role === "other" && lex.wordFirstNames.has(start.low) && !start.sentenceStart && start.shape === "title"));
            if (allow && !(weak && !listed)) e = nameWordAt(j, true, false);
            if (allow && e < 0 && !weak && cue.role === "other" && lex.wordFirstNames.has(start.low) && !start.sentenceStart && start.shape === "title") e = j;
            if (start.shape === "upper" && !listed && !cue.label) e = -1;
            // On a line in capitals an everyday word after a cue is no name ("PT SEEN IN FAST TRACK").
            if (start.shape === "upper" && lex.common.has(start.low) && (start.capsLine || (w.lastRank ?? Infinity) > 5000) && !cue.label) e = -1;
          } else if (!weak && start.shape === "lower") {
            if ((w.firstRank !== undefined && !w.common) || (w.lastRank !== undefined && !w.commonSmall && w.lastRank < 5000)) e = nameWordAt(j, false, true);
            // "seen by mbatha", "coordinator halvorsen", "father radoslaw": a rarer listed surname, or a word no list
            // knows, whose letters read as a name (never a dictionary, medical or acronym word).
            else if (!w.common && !w.commonSmall && !w.stop && !w.calendar && !w.eponym && !w.medicalProper && start.text.length >= (w.lastRank !== undefined || w.firstRank !== undefined ? 4 : 5) && !lex.medical.has(start.low) && !lex.clinicalAcronyms.has(start.text.toUpperCase()) && nameLikeness(start.low) >= (w.lastRank !== undefined || w.firstRank !== undefined ? 0.2 : 0.5)) e = nameWordAt(j, false, true);
            // "son mike", "wife sue": a frequent first name after a relative, even one that is also a word.
            else if (cue.role === "other" && w.firstRank !== undefined && w.firstRank < 400 && !lex.wordFirstNames.has(start.low) && !w.stop && !w.calendar && start.text.length >= 3) e = j;
            // After a field label, lower-case words that are no dictionary words are a name ("pt: oluwadamilare adebisi").
            else if (cue.label && !w.common && !w.stop && start.text.length >= 3 && !lex.clinicalAcronyms.has(start.text.toUpperCase())) {
              e = j;
              const n2 = tokens[j + 1];
              if (n2 && n2.kind === "word" && n2.shape === "lower" && adjacent(j + 1) && !lex.common.has(n2.low) && !STOP.has(n2.low) && n2.text.length >= 3 && !lex.clinicalAcronyms.has(n2.text.toUpperCase())) e = j + 1;
            }
          }
          // After a field label a second lower-case word that no dictionary knows is the surname ("pt: adaeze okonjo").
          if (e === j && cue.label && start.shape === "lower") {
            const n2 = tokens[j + 1];
            if (n2 && n2.kind === "word" && n2.shape === "lower" && adjacent(j + 1) && !lex.common.has(n2.low) && !STOP.has(n2.low) && n2.text.length >= 3 && !lex.clinicalAcronyms.has(n2.text.toUpperCase())) e = j + 1;
          }
          if (e >= 0) {
            const run = extendRun({ first: j, last: e, words: [j] }, start.shape === "lower");
            record(run, cue.role, 0.85, "cue");
            continue;
          }
        }
      }
    }
    // Credentials: "Jane Doe, MD", "Smith RN", "A. Patel, PA-C".
    if (isCapitalised(t) && !covered(found, k)) {
      let j = k + 1;
      const comma = tokens[j]?.low === ",";
      if (comma) j++;
      const cred = credentialAt(tokens, j);
      // A credential before a colon is a field's label ("Triage RN:", "Hospice RN:"), not a signature.
      const labelAfter = tokens[j + 1]?.low === ":" || (tokens[j + 1]?.low === "." && tokens[j + 2]?.low === ":");
      if (cred && adjacent(j) && (comma || BARE_CREDENTIALS.has(cred)) && !labelAfter) {
        // Walk back over the name: up to three name words or initials.
        let first = k;
        let words = 0;
        let p = k;
        while (p >= 0 && words < 3) {
          const pt = tokens[p];
          if (pt.kind === "word" && (nameCandidateWord(lex, pt) || (words === 0 && isCapitalised(pt) && !wordInfo(lex, pt).stop && !wordInfo(lex, pt).acronym))) {
            first = p;
            words++;
            p--;
            if (tokens[p]?.low === "." && p > 0 && tokens[p - 1].text.length === 1) p--;
            else if (tokens[p]?.low === "-" && !tokens[p].spaceBefore) p--;
            if (tokens[first].newlineBefore) break;
            continue;
          }
          if (pt.kind === "word" && pt.text.length === 1 && /\p{Lu}/u.test(pt.text)) {
            first = p;
            p--;
            continue;
          }
          break;
        }
        const w0 = wordInfo(lex, tokens[k]);
        if (words > 0 && !w0.calendar && !(w0.common && w0.commonSmall && w0.lastRank === undefined)) {
          record({ first, last: k, words: [k] }, "caregiver", 0.9, "credential");
        }
      }
    }
  }

  // 6b. Initials signed after a dash at the end of a line: "… sitter requested. -MC", "updated. -jmr RN".
  for (let k = 1; k < tokens.length; k++) {
    const t = tokens[k];
    const dash = tokens[k - 1];
    if (t.kind !== "word" || t.spaceBefore || dash.low !== "-" || covered(found, k)) continue;
    if (!/^\p{L}{2,3}$/u.test(t.text) || SIGNED_NOT_INITIALS.has(t.low) || (t.shape !== "upper" && t.shape !== "lower")) continue;
    // The dash opens a line or follows the end of a sentence ("-ve" after a word is a result).
    const before = tokens[k - 2];
    if (before && !dash.newlineBefore && !(dash.spaceBefore && before.kind === "punct" && (before.low === "." || before.low === ";" || before.low === ")"))) continue;
    if (t.shape === "upper" && lex.clinicalAcronyms.has(t.text)) continue;
    let j = k + 1;
    const cred = credentialAt(tokens, j);
    if (cred && tokens[j].spaceBefore) j++;
    if (tokens[j] && !tokens[j].newlineBefore) continue;
    record({ first: k, last: k, words: [k] }, "caregiver", 0.7, "signed-initials");
  }

  // 6c. Caregivers' shorthand. The author's and the typist's initials of a letter reference on a line that names a
  // reference, a dictation or a typing ("Our ref: KL/mj", "Transcribed: 08/14/2025 ABC/dd"): capitals, a slash and
  // small letters (a longer code with digits or capitals after the slash is an identifier).
  for (let k = 0; k + 2 < tokens.length; k++) {
    const a = tokens[k];
    const slash = tokens[k + 1];
    const b = tokens[k + 2];
    if (a.kind !== "word" || a.shape !== "upper" || !/^\p{Lu}{2,4}$/u.test(a.text) || slash.low !== "/" || slash.spaceBefore || b.spaceBefore) continue;
    if (b.kind !== "word" || b.shape !== "lower" || !/^\p{Ll}{2,3}$/u.test(b.text) || covered(found, k) || lex.clinicalAcronyms.has(a.text)) continue;
    const after = tokens[k + 3];
    if (after && !after.newlineBefore && !after.spaceBefore && after.low !== "/" && after.kind !== "punct") continue;
    let cue = false;
    for (let j = k - 1; j >= 0 && j >= k - 12 && !cue; j--) {
      if (REFERENCE_CUES.has(tokens[j].low)) cue = true;
      if (tokens[j].newlineBefore) break;
    }
    if (!cue) continue;
    record({ first: k, last: k, words: [k] }, "caregiver", 0.75, "reference-initials");
    record({ first: k + 2, last: k + 2, words: [k + 2] }, "other", 0.7, "reference-initials");
    k += 2;
  }

  // 6d. A name signed with its role in brackets ("- Ade (SN)", "kim (nic)", "Tobi Eze (CPN)", "by Nirmal (senior
  // dialysis nurse)"), and a given name with an initial before a credential ("Marisol T., LPN"): a caregiver.
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    if (t.kind !== "word" || covered(found, k)) continue;
    let j = k + 1;
    let last = k;
    // A second name word or an initial ("Tobi Eze", "Shaniqua B.").
    if (tokens[j]?.kind === "word" && adjacent(j) && (nameCandidateWord(lex, tokens[j]) || (tokens[j].text.length === 1 && /\p{Lu}/u.test(tokens[j].text)))) {
      last = j;
      j++;
      if (tokens[last].text.length === 1 && tokens[j]?.low === "." && !tokens[j].spaceBefore) j++;
    }
    const open = tokens[j];
    let close = -1;
    if (open?.low === "(" && !open.newlineBefore) {
      let n = 0;
      let m = j + 1;
      while (tokens[m] && tokens[m].kind === "word" && !tokens[m].newlineBefore && n < 4) {
        m++;
        n++;
      }
      if (n >= 1 && tokens[m]?.low === ")") {
        const inner = tokens.slice(j + 1, m);
        const role = n === 1 ? SIGNATURE_ROLES.has(inner[0].low) || ROLE_WORD.test(inner[0].low) : ROLE_WORD.test(inner[n - 1].low) && inner.every((x) => x.shape === "lower");
        if (role) close = m;
      }
    } else if (open?.low === "," && last > k && tokens[last].text.length === 1) {
      const cred = credentialAt(tokens, j + 1);
      if (cred && adjacent(j + 1)) close = j + 1;
    }
    if (close < 0) continue;
    const w = info(k);
    const listed = (w.firstRank !== undefined || w.lastRank !== undefined) && !w.stop && !w.calendar && !w.acronym && t.text.length >= 3;
    let ok: boolean;
    if (isCapitalised(t) && t.shape !== "upper") ok = (listed && !(w.common && w.commonSmall && w.firstRank === undefined)) || (nameCandidateWord(lex, t) && !lex.medical.has(t.low) && t.text.length >= 4 && nameLikeness(t.low) >= -0.3);
    else if (t.shape === "lower") ok = w.firstRank !== undefined && w.firstRank < 2000 && !w.common && !w.commonSmall && !lex.medical.has(t.low) && last === k;
    else ok = false;
    if (!ok || lex.countries.has(t.low) || CUES_BEFORE.has(t.low) || ROLE_WORD.test(t.low)) continue;
    record({ first: k, last, words: last > k ? [k, last] : [k] }, "caregiver", 0.75, "signed-role");
    k = close;
  }

  // 7. Lone listed names with no cue: a capitalised first name or surname that is not a common word.
  if (opts.loneNames) {
    for (let k = 0; k < tokens.length; k++) {
      const t = tokens[k];
      if (t.kind !== "word" || (t.shape !== "title" && t.shape !== "mixed") || covered(found, k)) continue;
      const w = wordInfo(lex, t);
      if (w.stop || w.calendar || w.eponym || t.text.length < 3 || lex.countries.has(t.low)) continue;
      // A word alone on its line (a fragment, a list entry) that is a listed given name: "Seren", "Kwasi".
      const alone = (k === 0 || t.newlineBefore) && (!tokens[k + 1] || tokens[k + 1].newlineBefore);
      // Alone in a table cell or a list entry: "Mbeki            71    sepsis", "| Oyelaran |".
      const cell = alone || cellAt(tokens, k, text);
      // A given name of the world lists (beyond the census ranks) in running text needs letters that read as a name.
      const worldFirst = w.firstRank !== undefined && w.firstRank >= 4000 && !w.common && !w.commonSmall && !lex.medical.has(t.low) && !lex.places.has(t.low) && t.shape === "title" && looksLikeName(t.text, NAME_LIKE_CELL);
      // A world given name that starts a short line and stands apart from other capitals ("Kwame sickle cell pain plan",
      // a query): the lists' own words, places and medical words are never read so.
      const nextCap = tokens[k + 1]?.kind === "word" && isCapitalised(tokens[k + 1]) && !tokens[k + 1].newlineBefore && !unknownAcronym(tokens[k + 1]);
      const lineHead = (k === 0 || t.newlineBefore) && !nextCap && w.firstRank !== undefined && !w.common && !w.commonSmall && !lex.medical.has(t.low) && !w.medicalProper && !lex.places.has(t.low) && t.shape === "title" && shortLine(k);
      const pw0 = tokens[k - 1];
      // The same between lower-case words in running text ("wants to visit Adaeze in PICU").
      // Or after the auxiliary or question word that opens a question ("Did Wojtek get bloods", "Has Ffion been seen").
      const between = !t.sentenceStart && pw0?.kind === "word" && (!isCapitalised(pw0) || (pw0.sentenceStart && QUESTION_OPENERS.has(pw0.low))) && !nextCap && w.firstRank !== undefined && !w.common && !w.commonSmall && !lex.medical.has(t.low) && !w.medicalProper && !lex.places.has(t.low) && t.shape === "title";
      const firstOk = w.firstRank !== undefined && !w.ambiguousFirst && (w.firstRank < 4000 || (alone && !w.common) || worldFirst || lineHead || between);
      const lastOk = w.lastRank !== undefined && !w.common && !w.commonSmall && (w.lastRank < 25000 || cell || (t.shape === "title" && !lex.medical.has(t.low) && !w.medicalProper && looksLikeName(t.text, NAME_LIKE_CELL)));
      // A word that no list knows, alone in its cell, whose letters read as a name of some language ("Oyelaran").
      const unlisted = cell && t.shape === "title" && w.firstRank === undefined && w.lastRank === undefined && !w.common && !w.medicalProper && !lex.medical.has(t.low) && !lex.places.has(t.low) && looksLikeName(t.text, alone ? NAME_LIKE_ALONE : NAME_LIKE_CELL);
      // Mid-sentence, between lower-case words, an unlisted capitalised word needs a clearer name reading ("Can Priyanka call").
      const pw = tokens[k - 1];
      const isolated = !t.sentenceStart && pw?.kind === "word" && (!isCapitalised(pw) || STOP.has(pw.low) || (pw.sentenceStart && lex.common.has(pw.low))) && !isCapitalised(tokens[k + 1]);
      const unlistedRunning = !cell && (isolated || ((k === 0 || t.newlineBefore) && !nextCap && shortLine(k) && tokens[k + 1]?.kind === "word")) && t.shape === "title" && w.firstRank === undefined && w.lastRank === undefined && !w.common && !w.medicalProper && !lex.medical.has(t.low) && !lex.places.has(t.low) && looksLikeName(t.text, NAME_LIKE_RUNNING);
      if (!firstOk && !lastOk && !unlisted && !unlistedRunning) continue;
      // At a sentence start a capitalised common word proves nothing; a word no dictionary knows still does.
      if (t.sentenceStart && w.common && !((w.firstRank ?? 1e9) < 150)) continue;
      if (eponymContextAfter(tokens, k)) continue;
      // Part of a compound ("Swan-Ganz", "Child-Pugh") or of a capitalised run of unknown words (a title, a drug or
      // a product name) is left to other rules.
      const prev = tokens[k - 1];
      if (prev && !t.spaceBefore && (prev.low === "-" || prev.low === "/")) continue;
      // A hyphenated double surname alone: "Wisniewski-Grant".
      if (lastOk && tokens[k + 1]?.low === "-" && !tokens[k + 1].spaceBefore && isCapitalised(tokens[k + 2]) && !tokens[k + 2].spaceBefore) {
        const e = nameWordAt(k, true, false);
        if (e > k) {
          record({ first: k, last: e, words: [k, e] }, "other", 0.6, "lone-name");
          continue;
        }
      }
      if (tokens[k + 1] && !tokens[k + 1].spaceBefore && (tokens[k + 1].low === "-" || tokens[k + 1].low === "/") && tokens[k + 2]?.kind === "word" && !isCapitalised(tokens[k + 2])) continue;
      const nxt = tokens[k + 1];
      if (prev && prev.kind === "word" && isCapitalised(prev) && !prev.sentenceStart && adjacent(k) && !wordInfo(lex, prev).stop && !nameCandidateWord(lex, prev)) continue;
      if (nxt && nxt.kind === "word" && isCapitalised(nxt) && adjacent(k + 1) && !nameCandidateWord(lex, nxt) && !wordInfo(lex, nxt).stop && !wordInfo(lex, nxt).acronym && !unknownAcronym(nxt)) continue;
      record({ first: k, last: k, words: [k] }, "other", 0.6, "lone-name");
    }
  }

  // 8. Other mentions of a name already found ("Mr. Grant ... Grant said").
  const known = new Set<string>();
  const nicknames = new Set<string>();
  for (const f of found) {
    for (const k of f.run.words) {
      const w = tokens[k];
      if (w.text.length >= 3 && !wordInfo(lex, w).stop) known.add(w.low);
    }
    // A nickname inside the name ("Francis \"Frank\" Mulholland") is how the note goes on to name the person.
    for (let k = f.run.first + 1; k < f.run.last; k++) {
      const w = tokens[k];
      if (w.kind === "word" && w.text.length >= 3 && isCapitalised(w) && /^["\u201c(]$/.test(tokens[k - 1].low) && /^["\u201d)]$/.test(tokens[k + 1]?.low ?? "")) {
        known.add(w.low);
        nicknames.add(w.low);
      }
    }
  }
  if (known.size > 0) {
    for (let k = 0; k < tokens.length; k++) {
      const t = tokens[k];
      if (t.kind !== "word" || !known.has(t.low) || covered(found, k)) continue;
      const w = wordInfo(lex, t);
      if (!isCapitalised(t) && (w.common || t.shape !== "lower")) continue;
      // At a sentence's start an everyday word is one, unless it is a nickname the note gave before a verb ("Frank lives").
      if (isCapitalised(t) && t.sentenceStart && w.commonSmall && !(nicknames.has(t.low) && tokens[k + 1]?.kind === "word" && tokens[k + 1].shape === "lower" && /s$|ed$/.test(tokens[k + 1].low))) continue;
      if (eponymContextAfter(tokens, k)) continue;
      found.push({ run: { first: k, last: k, words: [k] }, role: "other", score: 0.7, rule: "propagated" });
    }
  }

  for (const f of found) {
    // Titles and credentials stay outside the span (GUIDELINE: "dr. [[Peeters]]", "[[Sarah O'Neil]], RN").
    const start = tokens[f.run.first].start;
    let end = tokens[f.run.last].end;
    // An initial's dot belongs to the name.
    if (tokens[f.run.last + 1]?.low === "." && tokens[f.run.last].text.length === 1 && !tokens[f.run.last + 1].spaceBefore) end = tokens[f.run.last + 1].end;
    if (end <= start || end > text.length) continue;
    out.push({ start, end, label: ROLE_LABEL[f.role], score: f.score, rule: f.rule });
  }
  return out;
}


/** Token k alone in a table cell: a line start or a column gap before it, a line end or a column gap after it. */
/** Token k opens a line or a table cell. */
function cellStartAt(tokens: readonly Token[], k: number, text: string): boolean {
  const t = tokens[k];
  const prev = tokens[k - 1];
  return k === 0 || t.newlineBefore || (prev !== undefined && COLUMN_GAP.test(text.slice(prev.end, t.start))) || prev?.low === "|";
}

function cellAt(tokens: readonly Token[], k: number, text: string): boolean {
  const next = tokens[k + 1];
  if (!cellStartAt(tokens, k, text)) return false;
  const t = tokens[k];
  return !next || next.newlineBefore || COLUMN_GAP.test(text.slice(t.end, next.start)) || next.low === "|";
}

/** Two or three letters after a dash that are no one's initials ("-ve", "-ish"). */
const SIGNED_NOT_INITIALS = new Set(["ve", "ive", "ish", "ed", "ing", "er", "ly", "ok", "na", "nil", "no", "yes", "neg", "pos", "end", "tbc", "tba", "etc"]);

const ROLE_LABEL: Record<Role, Label> = { patient: "Name:Patient", caregiver: "Name:Caregiver", other: "Name:Other" };

function covered(found: readonly { run: NameRun }[], k: number): boolean {
  for (let i = found.length - 1; i >= 0 && i >= found.length - 8; i--) {
    const r = found[i].run;
    if (k >= r.first && k <= r.last) return true;
  }
  return false;
}

/** The cue phrase (one to five words) that ends at token k, with whose name it announces. */
function cueEndingAt(tokens: readonly Token[], k: number): { role: Role; word: string; label: boolean } | undefined {
  // Field labels end with ":" ("Name:", "Patient Name:", "PCP:"); a cue word may also be followed directly.
  const isLabel = tokens[k + 1]?.low === ":";
  let phrase = "";
  let best: { role: Role; word: string; label: boolean } | undefined;
  for (let n = 0, j = k; n < 5 && j >= 0; n++, j--) {
    const t = tokens[j];
    if (t.kind === "punct") {
      if (t.low === "'" || t.low === "/" || t.low === "-") {
        phrase = t.low + phrase;
        continue;
      }
      break;
    }
    phrase = n === 0 ? t.low : t.low + (tokens[j + 1].spaceBefore ? " " : "") + phrase;
    const role = CUES_BEFORE.get(phrase);
    if (role) best = { role, word: phrase, label: isLabel };
    if (tokens[j].newlineBefore) break;
  }
  if (!best && isLabel) {
    const last = tokens[k].low;
    if (/^(?:name|patient|contact|physician|doctor|provider|surgeon|attending|pcp|gp|nurse|referr(?:er|ing)|author|signed|from|to|cc|parent|guardian|mother|father|spouse|kin|nok|emergency|witness|interpreter|consultant|clinician|requester|requested|prescriber|sender|recipient|charge|keyworker|carer|\w+(?:ologist|grapher|ician|therapist|tech|technician|technologist|iatrist|nurse))$/.test(last)) {
      best = { role: /name|patient/.test(last) ? "patient" : /contact|parent|guardian|mother|father|spouse|kin|nok|emergency|witness|interpreter/.test(last) ? "other" : "caregiver", word: last, label: true };
    }
  }
  return best;
}

/** Whether the word at k is the last of its line or clause (end, line break, or punctuation other than "-"). */
function lineEndsAfter(tokens: readonly Token[], k: number): boolean {
  const n = tokens[k + 1];
  return !n || n.newlineBefore || (n.kind === "punct" && n.low !== "-" && n.low !== "'");
}

function credentialAt(tokens: readonly Token[], j: number): string | undefined {
  const t = tokens[j];
  if (!t || t.kind !== "word") return undefined;
  let s = t.text;
  let k = j;
  // "M.D.", "Ph.D.", "PA-C"
  while (tokens[k + 1] && !tokens[k + 1].spaceBefore && (tokens[k + 1].low === "." || tokens[k + 1].low === "-") && tokens[k + 2]?.kind === "word" && !tokens[k + 2].spaceBefore) {
    s += tokens[k + 1].low === "-" ? "-" + tokens[k + 2].text : tokens[k + 2].text;
    k += 2;
  }
  if (!CREDENTIALS.has(s) && !CREDENTIALS.has(s.toUpperCase())) return undefined;
  if (s === s.toLowerCase()) return undefined;
  const after = tokens[k + 1];
  if (after && after.kind === "word" && !after.spaceBefore) return undefined;
  return s.toUpperCase();
}
