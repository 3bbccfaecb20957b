// Professions of patients and relatives from the curated lists, only where the sentence says it is someone's
// job ("werkt als bakker", "is leerkracht van beroep", "Beroep: verpleegkundige", "travaille comme infirmière").
import type { Analysis, PhraseMatch, Unit } from "./analysis.js";
import { PRIORITY, type Candidate } from "./candidate.js";
import { PROFESSION_CUES_BEFORE, PROFESSION_VERBS, lineLabel, nextWords, previousWords } from "./context.js";
import { LIST } from "./lexicon.js";
import { unitAtToken } from "./proper.js";

/** Nouns of working life before "als"/"comme": "tijdens werk als dakwerker", "zijn tijd als scheepsbouwer". */
const JOB_NOUNS = new Set([
  "werk", "tijd", "jaren", "carriere", "loopbaan", "job", "ervaring", "dienst", "travail", "carrière", "emploi", "work", "career",
  "werknemer", "werkneemster", "employe", "employee", "tewerkgesteld", "aangenomen", "engage", "engagee",
]);
const LABEL_WORDS = new Set(["beroep", "profession", "occupation", "job", "werk", "functie", "metier", "poste", "emploi"]);
const COPULAS = new Set(["is", "was", "est", "etait", "werd", "wordt", "ben", "bent", "zijn", "waren", "suis", "es", "sont", "am", "are"]);
/** Subjects for which "is <profession>" states a job. */
const SUBJECTS = new Set([
  "patient", "patiente", "pt", "hij", "zij", "ze", "il", "elle", "he", "she", "zoon", "dochter", "echtgenote", "echtgenoot",
  "partner", "man", "vrouw", "moeder", "vader", "broer", "zus", "fils", "fille", "mari", "epouse", "mere", "pere",
  "ik", "je", "i", "we", "wij", "nous", "they", "ze",
  // Courtesy titles as the subject ("Mevrouw is bloemiste", "Madame est caissière"), and "... en is postbode".
  "mevrouw", "meneer", "mevr", "dhr", "heer", "mw", "madame", "monsieur", "mme", "mr", "papa", "mama", "maman",
  "vriend", "vriendin", "schoonzoon", "schoondochter", "kleinzoon", "kleindochter", "en", "et", "and",
]);
/** Words between the copula and the job that do not change what it says: "was tot 2021 kleuterjuf", "est y". */
const COPULA_ADVERBS = new Set(["nog", "al", "vroeger", "jarenlang", "lang", "ook", "toen", "nu", "momenteel", "sindsdien", "y", "encore", "toujours", "also", "still"]);
const YEAR_PREPOSITIONS = new Set(["tot", "sinds", "vanaf", "in", "depuis", "jusqu", "jusque", "en", "until", "since"]);
/** Relatives written right before a job in shorthand: "papa chauffeur poids lourd", "vader lasser". */
const RELATIVES_BEFORE_JOB = new Set(["papa", "mama", "maman", "vader", "moeder", "pere", "mere", "zoon", "dochter", "fils", "fille"]);
/** Words after a job that place it: "is verloskundige in het OLVG", "est militaire à la caserne". */
const PLACING_AFTER_JOB = new Set(["bij", "chez", "in", "aan", "op", "a", "au", "aux", "dans", "voor", "pour", "at", "for"]);
const RELATIVE_BEFORE_COPULA = new Set(["die", "dat", "en", "qui", "et", "who"]);
const COPULAS_AFTER = new Set(["is", "was", "est", "etait", "werd", "wordt"]);

function professionAt(a: Analysis, t: number): PhraseMatch | undefined {
  const list = a.matchesAt[t];
  if (!list) return undefined;
  for (let k = list.length - 1; k >= 0; k--) if (list[k].bits & (LIST.profession | LIST.employmentState)) return list[k];
  return undefined;
}

/** A capitalised name right after the word makes it a caregiver's role ("verpleegkundige Peeters"). */
function followedByName(a: Analysis, last: number): boolean {
  const next = a.tokens[last + 1];
  if (!next || next.newlinesBefore > 0 || next.kind === "punct") return false;
  return next.title && !next.sentenceStart;
}

/** Prepositions of an employer or a school after a job: "postbode bij PostNL", "militaire à la caserne". */
const WORKPLACE_PREPOSITIONS = new Set(["bij", "chez", "a", "au", "aux", "at", "voor", "aan", "dans", "op"]);
const WORKPLACE_ARTICLES = new Set(["de", "het", "la", "le", "l", "les", "the", "'", "’"]);

/**
 * "Dhr. X (62 jr), postbode bij PostNL", "Patient de 63 ans, chauffeur de bus à la STIB", "(étudiant à
 * l'UCLouvain)": a listed job in apposition (after a comma or a bracket), then at most one word, a workplace
 * preposition and a capitalised or listed workplace ("bij bpost").
 */
function jobInApposition(a: Analysis, m: PhraseMatch): boolean {
  const previous = a.tokens[m.first - 1];
  if (!previous || (previous.text !== "," && previous.text !== "(") || a.tokens[m.first].newlinesBefore > 0) return false;
  let t = m.last + 1;
  if (a.tokens[t]?.kind === "word" && !WORKPLACE_PREPOSITIONS.has(a.tokens[t].key) && /^\p{Ll}/u.test(a.tokens[t].text)) t++;
  const preposition = a.tokens[t];
  if (!preposition || preposition.kind !== "word" || !WORKPLACE_PREPOSITIONS.has(preposition.key) || preposition.newlinesBefore > 0) return false;
  for (let i = t + 1, steps = 0; i < a.tokens.length && steps < 3; i++, steps++) {
    const token = a.tokens[i];
    if (token.newlinesBefore > 0) return false;
    if (token.kind === "word" && WORKPLACE_ARTICLES.has(token.key) && /^\p{Ll}/u.test(token.text)) continue;
    if (token.kind === "punct" && WORKPLACE_ARTICLES.has(token.text)) continue;
    return token.kind === "word" && (token.title || token.upper || (a.matchesAt[i]?.some((x) => x.bits & LIST.employer) ?? false));
  }
  return false;
}

/** The words before a job with "tot 2021", "nog", "y" left out, so the copula and its subject line up. */
function withoutAdverbs(words: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    if (COPULA_ADVERBS.has(words[i])) continue;
    if (/^\d{4}$/.test(words[i]) && YEAR_PREPOSITIONS.has(words[i + 1] ?? "")) {
      i++;
      continue;
    }
    out.push(words[i]);
  }
  return out;
}

/** "Poolse bouwvakker," / "(Turkse vrachtwagenchauffeur)": a nationality in apposition right before the job. */
const NATIONALITIES = new Set(`
  poolse pools turkse turks marokkaanse roemeense bulgaarse belgische nederlandse duitse franse italiaanse spaanse
  portugese syrische afghaanse eritrese somalische congolese ierse britse engelse oekraiense oekraiense russische litouwse
  letse slowaakse tsjechische hongaarse griekse albanese kosovaarse servische kroatische surinaamse antilliaanse indiase
  chinese filipijnse braziliaanse polonais polonaise turc turque marocain marocaine roumain roumaine bulgare belge
  neerlandais neerlandaise allemand allemande francais francaise italien italienne espagnol espagnole portugais
  portugaise syrien syrienne afghan afghane congolais congolaise irlandais irlandaise ukrainien ukrainienne russe
`.split(/\s+/).filter(Boolean));

function afterNationalityInApposition(a: Analysis, m: PhraseMatch): boolean {
  const nationality = unitAtToken(a, m.first - 1);
  if (!nationality || !NATIONALITIES.has(nationality.key) || a.tokens[nationality.first].newlinesBefore > 0) return false;
  const previous = a.tokens[nationality.first - 1];
  return previous !== undefined && (previous.text === "," || previous.text === "(");
}

function hasProfessionContext(a: Analysis, m: PhraseMatch): boolean {
  if (jobInApposition(a, m) || afterNationalityInApposition(a, m)) return true;
  const raw = previousWords(a, m.first, 9);
  if (raw[0] !== undefined && PROFESSION_CUES_BEFORE.has(raw[0]) && raw[0] !== "als" && raw[0] !== "comme" && raw[0] !== "as") return true;
  const before = withoutAdverbs(raw);
  const after = nextWords(a, m.last, 2);
  // "die boer is in Meeuwen", "en verpleegkundige is": the job before its copula in a relative clause.
  if (after[0] !== undefined && COPULAS_AFTER.has(after[0]) && before[0] !== undefined && RELATIVE_BEFORE_COPULA.has(before[0])) return true;
  if (before[0] !== undefined && RELATIVES_BEFORE_JOB.has(before[0]) && a.tokens[m.first - 1]?.kind === "word") return true;
  if (after[0] === "van" && after[1] === "beroep") return true;
  if (after[0] === "de" && after[1] === "profession") return true;
  const label = lineLabel(a, m.first);
  if (label !== undefined && LABEL_WORDS.has(label)) return true;
  const article = before[0] === "een" || before[0] === "une" || before[0] === "un" || before[0] === "a" || before[0] === "an" ? 1 : 0;
  const near = before[article];
  if (near === undefined) return false;
  if (near === "als" || near === "comme" || near === "as") {
    // "werkt als", "werkte tot zijn pensioen als", "travaillait comme", "tijdens werk als", "zijn tijd als", "is als".
    return (
      before.slice(article + 1, article + 7).some((w) => PROFESSION_VERBS.has(w) || JOB_NOUNS.has(w)) ||
      before[article + 1] === "beroep" ||
      (COPULAS.has(before[article + 1] ?? "") && SUBJECTS.has(before[article + 2] ?? ""))
    );
  }
  // "een 41-jarige bakker", "45-jarige lasser": an age right before a listed job names the person's job.
  if (/^(?:\d{1,3}[- ]?)?jarige?$/.test(near)) return true;
  if (PROFESSION_CUES_BEFORE.has(near) && near !== "als" && near !== "comme" && near !== "as") return true;
  // "Patiënt is leerkracht", "Zijn dochter was verpleegkundige", "Elle est infirmière"
  const verb = before[article];
  const subject = before[article + 1];
  if (verb === undefined || !COPULAS.has(verb)) return false;
  // "is verloskundige in het OLVG", "est militaire à la caserne": a job that is placed is someone's job.
  if (COPULAS_AFTER.has(verb) && after[0] !== undefined && PLACING_AFTER_JOB.has(after[0]) && after[1] !== undefined) return true;
  // Notes drop the subject: "Was postbode, nu met pensioen."
  if (subject === undefined) return before.length === article + 1 && sentenceOpensWith(a, m.first, article + 1);
  if (SUBJECTS.has(subject)) return true;
  // "Dhr. Visser is visser", "Mevrouw Claes is verpleegkundige": a capitalised name as the subject.
  return subjectIsName(a, m.first, article + 1);
}

/** Whether the word `wordsBack + 1` words before token t (the subject before the copula) is capitalised mid-sentence. */
function subjectIsName(a: Analysis, t: number, wordsBack: number): boolean {
  let seen = 0;
  for (let i = t - 1, steps = 0; i >= 0 && steps < 12; i--, steps++) {
    const token = a.tokens[i];
    if (token.kind === "punct") continue;
    if (++seen === wordsBack + 1) return token.title && !token.sentenceStart;
  }
  return false;
}

/** Whether the word `wordsBack` words before token t opens its sentence. */
function sentenceOpensWith(a: Analysis, t: number, wordsBack: number): boolean {
  let seen = 0;
  for (let i = t - 1, steps = 0; i >= 0 && steps < 12; i--, steps++) {
    if (a.tokens[i].kind === "punct") continue;
    if (++seen === wordsBack) return a.tokens[i].sentenceStart;
  }
  return false;
}

/** Endings of compound occupations ("spoorwegarbeider", "magazijnmedewerker", "vrachtwagenchauffeur"). */
const PROFESSION_ENDING = /.{3,}(?:arbeider|werker|medewerker|bediende|chauffeur|monteur|verkoper|verkoopster|kundige|technicus|handelaar|kweker|houder|meester|maker|bouwer|schilder|wasser|leider|leidster|assistent|assistente|agent|ambtenaar|bestuurder|boer|ier|ster|ouvrier|ouvrière)$/;
const STRONG_PROFESSION_CUES = new Set(["gepensioneerd", "gepensioneerde", "voormalig", "voormalige", "ancien", "ancienne", "retraite", "retired", "former"]);

const FORMER_PREFIXES = new Set(["ex", "oud"]);

/** "ex-militaire", "oud-leerkracht": a listed job behind a "former" prefix in one word. */
function formerJob(a: Analysis, unit: Unit): boolean {
  if (unit.last - unit.first !== 2 || !FORMER_PREFIXES.has(a.tokens[unit.first].key) || a.tokens[unit.first + 1].text !== "-") return false;
  return professionAt(a, unit.last)?.bits !== undefined;
}

/**
 * "werkt als orderpicker", "travaille comme taximan", "Poste : conducteur de dumper": right after a work verb and
 * "als"/"comme" (the subject may sit between: "werkt hij als"), or first after a profession label's colon, any
 * lower-case word that is no stop word or medical term states the job, listed or not.
 */
function unlistedJobAfterStrongCue(a: Analysis, unit: Unit): boolean {
  const text = a.text.slice(unit.start, unit.end);
  if (!/^\p{Ll}{3,}(?:-\p{Ll}{2,})*$/u.test(text)) return false;
  if (a.unitListBits[unit.index] & (LIST.stopWord | LIST.medicalTerm)) return false;
  const previous = a.tokens[unit.first - 1];
  if (previous?.text === ":") {
    // "Poste : conducteur", not "Poste de sécurité : oui".
    const label = a.tokens[unit.first - 2];
    return label !== undefined && a.lineStart[label.index] === label.index && LABEL_WORDS.has(label.key);
  }
  // No article: "werkt als een trein" compares.
  const before = withoutAdverbs(previousWords(a, unit.first, 6));
  if (before[0] !== "als" && before[0] !== "comme") return false;
  const verb = before[1];
  if (verb !== undefined && PROFESSION_VERBS.has(verb)) return true;
  const subjectVerb = before[2];
  return subjectVerb !== undefined && PROFESSION_VERBS.has(subjectVerb) && SUBJECTS.has(verb ?? "");
}

/** "gepensioneerd spoorwegarbeider", "werkt als magazijnmedewerker": an unlisted compound after a strong cue. */
function compoundProfessionCandidates(a: Analysis): Candidate[] {
  const out: Candidate[] = [];
  for (const unit of a.units) {
    if (formerJob(a, unit) || (!(a.unitListBits[unit.index] & LIST.profession) && unlistedJobAfterStrongCue(a, unit))) {
      if (followedByName(a, unit.last)) continue;
      out.push({ start: unit.start, end: unit.end, label: "Profession", priority: PRIORITY.context, score: 0.6, rule: "profession.unlisted" });
      continue;
    }
    const token = a.tokens[unit.first];
    if (unit.first !== unit.last || token.kind !== "word" || !PROFESSION_ENDING.test(unit.key) || token.upper) continue;
    if (a.unitListBits[unit.index] & (LIST.profession | LIST.stopWord | LIST.medicalTerm)) continue;
    if (followedByName(a, unit.last)) continue;
    const before = previousWords(a, unit.first, 7);
    const near = before[0] === "een" || before[0] === "un" || before[0] === "une" ? before[1] : before[0];
    const strong = near !== undefined && STRONG_PROFESSION_CUES.has(near);
    const asVerb = (near === "als" || near === "comme") && before.slice(1, 7).some((w) => PROFESSION_VERBS.has(w) || JOB_NOUNS.has(w));
    const label = lineLabel(a, unit.first);
    if (!strong && !asVerb && !(label !== undefined && LABEL_WORDS.has(label))) continue;
    out.push({ start: unit.start, end: unit.end, label: "Profession", priority: PRIORITY.context, score: 0.6, rule: "profession.compound" });
  }
  return out;
}

export function professionCandidates(a: Analysis): Candidate[] {
  const out: Candidate[] = compoundProfessionCandidates(a);
  for (let t = 0; t < a.tokens.length; t++) {
    const m = professionAt(a, t);
    if (!m) continue;
    const unit = unitAtToken(a, t);
    if (!unit || unit.first !== t) continue;
    if (followedByName(a, m.last) || !hasProfessionContext(a, m)) continue;
    let first = m.first;
    // "gepensioneerd bakker": the employment state joins the profession it qualifies.
    const prev = first > 0 ? unitAtToken(a, first - 1) : undefined;
    const state = prev ? professionAt(a, prev.first) : undefined;
    if (state && state.bits & LIST.employmentState && state.last === first - 1 && m.bits & LIST.profession) first = state.first;
    out.push({ start: a.tokens[first].start, end: a.tokens[m.last].end, label: "Profession", priority: PRIORITY.context, score: 0.7,
      rule: "profession" });
    t = m.last;
  }
  return out;
}
