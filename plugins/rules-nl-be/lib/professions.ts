// Professions of patients and relatives from the curated lists, only where the sentence says it is someone's
// job ("werkt als bakker", "is leerkracht van beroep", "Beroep: verpleegkundige", "travaille comme infirmière").
import { longestMatch, type Analysis, type PhraseMatch, type Unit } from "./analysis.js";
import { PRIORITY, type Candidate } from "./candidate.js";
import { CAREGIVER_WORDS, PROFESSION_CUES_BEFORE, PROFESSION_VERBS, lineLabel, nextWords, previousWords } from "./context.js";
import { LIST, NAME_BITS, WHITELIST_BITS, type Lexicon } from "./lexicon.js";
import { unitAtToken } from "./proper.js";

/** Nouns of working life before "als"/"comme": "tijdens werk als dakwerker", "zijn tijd als scheepsbouwer". */
const JOB_NOUNS = new Set([
  "werk", "tijd", "jaren", "carriere", "loopbaan", "job", "ervaring", "dienst", "travail", "carrière", "emploi", "work", "career",
  "werknemer", "werkneemster", "employe", "employee", "tewerkgesteld", "aangenomen", "engage", "engagee",
  // Side and student jobs: "bijbaan als vakkenvuller", "studentenjob als kassierster", "job étudiant comme serveur".
  "bijbaan", "bijbaantje", "bijjob", "studentenjob", "vakantiejob", "vakantiewerk", "weekendjob", "zaterdagjob", "etudiant",
  // Occupational medicine: "tijdelijk inzetbaar als heftruckchauffeur", "herplaatst als receptionist".
  "inzetbaar", "herplaatst", "herplaatsing", "tewerkstelling",
]);
/** Words of a trainee before a listed job: "apprenti boucher", "leerling metser", "stagiaire coiffeuse". */
const TRAINEE_WORDS: ReadonlySet<string> = new Set(["apprenti", "apprentie", "leerling", "leerjongen", "stagiair", "stagiaire", "aspirant", "aspirante", "trainee"]);
const LABEL_WORDS = new Set([
  "beroep", "profession", "occupation", "job", "werk", "functie", "metier", "poste", "emploi",
  // A side or student job as a form's field: "Bijbaan: kelner", "Studentenjob ....: kassier".
  "bijbaan", "bijjob", "studentenjob", "vakantiejob", "weekendjob", "nevenberoep", "nevenactiviteit",
]);
const COPULAS = new Set(["is", "was", "est", "etait", "werd", "wordt", "ben", "bent", "zijn", "waren", "suis", "es", "sont", "am", "are"]);
/** Subjects for which "is <profession>" states a job. */
const SUBJECTS = new Set([
  "patient", "patiente", "pt", "hij", "zij", "ze", "il", "elle", "he", "she", "zoon", "dochter", "echtgenote", "echtgenoot",
  "partner", "man", "vrouw", "moeder", "vader", "broer", "zus", "fils", "fille", "mari", "epouse", "mere", "pere",
  "ik", "je", "i", "we", "wij", "nous", "they", "ze",
  // Courtesy titles as the subject ("Mevrouw is bloemiste", "Madame est caissière"), and "... en is postbode".
  "mevrouw", "meneer", "mevr", "dhr", "heer", "mw", "madame", "monsieur", "mme", "mr", "papa", "mama", "maman",
  "vriend", "vriendin", "schoonzoon", "schoondochter", "kleinzoon", "kleindochter", "en", "et", "and",
  // Shorthand of handovers and care homes: "Pte was lerares", "Cliënt is timmerman", "Bewoonster was naaister".
  "pte", "pat", "client", "cliente", "bewoner", "bewoonster", "betrokkene",
]);
/** Words between the copula and the job that do not change what it says: "was tot 2021 kleuterjuf", "est y". */
const COPULA_ADVERBS = new Set(["nog", "al", "vroeger", "jarenlang", "lang", "ook", "toen", "nu", "momenteel", "sindsdien", "y", "encore", "toujours", "also", "still"]);
const DURATION_UNITS = new Set(["jaar", "jaren", "jr", "ans", "years"]);
const PERIOD_NOUNS = new Set(["jaar", "maand", "week", "zomer", "winter"]);
const LAST_PERIOD = new Set(["vorig", "vorige", "dit", "deze", "afgelopen", "verleden"]);
const YEAR_PREPOSITIONS = new Set(["tot", "sinds", "vanaf", "in", "depuis", "jusqu", "jusque", "en", "until", "since"]);
/** Relatives written right before a job in shorthand: "papa chauffeur poids lourd", "vader lasser". */
const RELATIVES_BEFORE_JOB = new Set(["papa", "mama", "maman", "vader", "moeder", "pere", "mere", "zoon", "dochter", "fils", "fille", "patient", "patiente"]);
/** Words after a job that place it: "is verloskundige in het OLVG", "est militaire à la caserne". */
const PLACING_AFTER_JOB = new Set(["bij", "chez", "in", "aan", "op", "a", "au", "aux", "dans", "voor", "pour", "at", "for", "uit"]);
const RELATIVE_BEFORE_COPULA = new Set(["die", "dat", "en", "qui", "et", "who"]);
/** Subjects of a subordinate clause that ends in its copula ("dat hij vroeger glazenmaker was", "omdat zij bakker is"). */
const SUBJECT_PRONOUNS = new Set(["hij", "zij", "ze", "ik", "u"]);
const COPULAS_AFTER = new Set(["is", "was", "est", "etait", "werd", "wordt"]);

function professionAt(a: Analysis, t: number): PhraseMatch | undefined {
  return longestMatch(a, t, LIST.profession | LIST.employmentState);
}

const MIN_COMPOUND_HEAD = 4;
const MIN_COMPOUND_MODIFIER = 3;

/**
 * The listed jobs' keys read backwards, as a trie of UTF-16 units: a word's tail is looked up by one walk from its
 * last letter instead of one index lookup (and one slice) per possible modifier length. Built once per lexicon
 * from the entries whose bits hold LIST.profession.
 */
interface TailNode {
  readonly next: Map<number, TailNode>;
  job: boolean;
}
const jobTails = new WeakMap<Lexicon, TailNode>();

function jobTailTrie(lexicon: Lexicon): TailNode {
  let root = jobTails.get(lexicon);
  if (root) return root;
  root = { next: new Map(), job: false };
  const { keys, offsets, bits } = lexicon.phrases;
  for (let e = 0; e < bits.length; e++) {
    if (!(bits[e] & LIST.profession)) continue;
    let node = root;
    for (let i = offsets[e + 1] - 1; i >= offsets[e]; i--) {
      let child = node.next.get(keys[i]);
      if (!child) {
        child = { next: new Map(), job: false };
        node.next.set(keys[i], child);
      }
      node = child;
    }
    node.job = true;
  }
  jobTails.set(lexicon, root);
  return root;
}

/** Whether `key` (one folded word) ends in a listed job after a modifier of three letters or more ("pendelchauffeur"). */
export function endsInListedJob(a: Pick<Analysis, "lexicon">, key: string): boolean {
  if (key.length < MIN_COMPOUND_MODIFIER + MIN_COMPOUND_HEAD) return false;
  // A tail of `depth` units is the job key.slice(key.length - depth): a head of four or more after three or more.
  let node: TailNode | undefined = jobTailTrie(a.lexicon);
  for (let depth = 1; depth <= key.length - MIN_COMPOUND_MODIFIER; depth++) {
    node = node.next.get(key.charCodeAt(key.length - depth));
    if (!node) return false;
    // The letters test last: most words leave the trie within a few letters.
    if (node.job && depth >= MIN_COMPOUND_HEAD) return /^\p{Ll}+$/u.test(key);
  }
  return false;
}

/** Whether `key` (one folded word) is itself a listed job: one walk of the tail trie over the whole word. */
function isListedJobKey(a: Pick<Analysis, "lexicon">, key: string): boolean {
  let node: TailNode | undefined = jobTailTrie(a.lexicon);
  for (let i = key.length - 1; i >= 0 && node; i--) node = node.next.get(key.charCodeAt(i));
  return node?.job === true;
}

/**
 * Session twelve: the feminine form of a listed job that the list lacks, "-ster" after a job in -er ("winkelier" →
 * "winkelierster") and "-e" after one in -ist, -ant, -ent or -aat ("pianist" → "pianiste").
 */
function feminineOfListedJob(a: Pick<Analysis, "lexicon">, key: string): boolean {
  if (key.length < 7 || !/^\p{Ll}+$/u.test(key)) return false;
  if (key.endsWith("erster")) return isListedJobKey(a, key.slice(0, -4));
  if (/(?:ist|ant|ent|aat)e$/.test(key)) return isListedJobKey(a, key.slice(0, -1));
  return false;
}

/**
 * An unlisted compound whose head is a listed job, read as that job: one word ("pendelchauffeur",
 * "lijnbusmonteur") or pieces joined by a hyphen of which the first or the last is a listed job
 * ("schilder-decorateur", "hulp-boekhouder"). Stop words and medical terms never count.
 */
function compoundJobAt(a: Analysis, unit: Unit): PhraseMatch | undefined {
  if (a.unitListBits[unit.index] & (LIST.profession | LIST.stopWord | LIST.medicalTerm)) return undefined;
  if (a.tokens[unit.first].kind !== "word" || !a.tokens[unit.first].letters) return undefined;
  let job = false;
  if (unit.first === unit.last) job = endsInListedJob(a, unit.key) || feminineOfListedJob(a, unit.key);
  else if (a.tokens[unit.first + 1]?.text === "-" && unit.last === unit.first + 2) {
    job = Boolean(a.tokenBits[unit.first] & LIST.profession) || Boolean(a.tokenBits[unit.last] & LIST.profession);
  }
  return job ? { first: unit.first, last: unit.last, bits: LIST.profession } : undefined;
}

/** A capitalised name right after the word makes it a caregiver's role ("verpleegkundige Peeters"). */
function followedByName(a: Analysis, last: number): boolean {
  const next = a.tokens[last + 1];
  if (!next || next.newlinesBefore > 0 || next.kind === "punct") return false;
  if (TEACHING_JOBS.has(a.tokens[last].key) && SUBJECTS_TAUGHT.has(next.key)) return false;
  return next.title && !next.sentenceStart;
}

/** Teachers, and the languages and subjects they teach ("lerares Engels", "docent wiskunde", "professeur de math"). */
const TEACHING_JOBS = new Set(["docent", "docente", "leraar", "lerares", "leerkracht", "lector", "professor", "professeur", "enseignant", "enseignante", "juf", "meester"]);
const SUBJECTS_TAUGHT = new Set(`
  nederlands frans engels duits spaans italiaans latijn grieks arabisch turks chinees russisch pools
  wiskunde geschiedenis aardrijkskunde biologie chemie fysica natuurkunde scheikunde economie muziek tekenen
  lichamelijke turnen godsdienst zedenleer informatica techniek
  francais anglais neerlandais allemand espagnol italien latin grec mathematiques math maths histoire geographie
  physique musique sport
`.split(/\s+/).filter(Boolean));

/** "docent Frans", "leraar wiskunde": the subject after a teaching job belongs to the job. */
function withSubjectTaught(a: Analysis, last: number): number {
  const next = a.tokens[last + 1];
  if (!next || next.newlinesBefore > 0 || next.kind !== "word" || !TEACHING_JOBS.has(a.tokens[last].key) || !SUBJECTS_TAUGHT.has(next.key)) return last;
  return last + 1;
}

/** Cue words read through look-alike digits of a scan ("a1s", "werkt a1s", "travai11e"); "41 jarige" stays. */
const SCANNED_WORD = /^[\p{L}01]+$/u;
function readThroughScan(words: readonly string[]): string[] {
  return words.map((w) => (/[01]/.test(w) && /\p{L}/u.test(w) && SCANNED_WORD.test(w) ? w.replace(/1/g, "l").replace(/0/g, "o") : w));
}

/** Prepositions of an employer or a school after a job: "postbode bij PostNL", "militaire à la caserne". */
const WORKPLACE_PREPOSITIONS = new Set(["bij", "chez", "a", "au", "aux", "at", "voor", "aan", "dans", "op", "pour", "for"]);
const WORKPLACE_ARTICLES = new Set(["de", "het", "la", "le", "l", "les", "the", "'", "’"]);

/**
 * "Dhr. X (62 jr), postbode bij PostNL", "Patient de 63 ans, chauffeur de bus à la STIB", "(étudiant à
 * l'UCLouvain)": a listed job in apposition (after a comma or a bracket), then at most one word, a workplace
 * preposition and a capitalised or listed workplace ("bij bpost").
 */
function jobInApposition(a: Analysis, m: PhraseMatch): boolean {
  const previous = a.tokens[m.first - 1];
  if (!previous || (previous.text !== "," && previous.text !== "(") || a.tokens[m.first].newlinesBefore > 0) return false;
  return jobBeforeWorkplace(a, m.last);
}

/** After the job's last token: at most one lower-case word, a workplace preposition and a capitalised or listed workplace. */
function jobBeforeWorkplace(a: Analysis, last: number): boolean {
  let t = last + 1;
  if (a.tokens[t]?.kind === "word" && !WORKPLACE_PREPOSITIONS.has(a.tokens[t].key) && /^\p{Ll}/u.test(a.tokens[t].text)) t++;
  const preposition = a.tokens[t];
  if (!preposition || preposition.kind !== "word" || !WORKPLACE_PREPOSITIONS.has(preposition.key) || preposition.newlinesBefore > 0) return false;
  for (let i = t + 1, steps = 0; i < a.tokens.length && steps < 3; i++, steps++) {
    const token = a.tokens[i];
    if (token.newlinesBefore > 0) return false;
    if (token.kind === "word" && WORKPLACE_ARTICLES.has(token.key) && /^\p{Ll}/u.test(token.text)) continue;
    if (token.kind === "punct" && WORKPLACE_ARTICLES.has(token.text)) continue;
    return token.kind === "word" && (token.title || token.upper || longestMatch(a, i, LIST.employer) !== undefined);
  }
  return false;
}

/** The words before a job with "tot 2021", "nog", "y" left out, so the copula and its subject line up. */
function withoutAdverbs(words: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    if (COPULA_ADVERBS.has(words[i])) continue;
    // "travaille en tant que magasinière": "en tant que" reads as "comme".
    if (words[i] === "que" && words[i + 1] === "tant" && words[i + 2] === "en") {
      out.push("comme");
      i += 2;
      continue;
    }
    if (/^\d{4}$/.test(words[i]) && YEAR_PREPOSITIONS.has(words[i + 1] ?? "")) {
      i++;
      continue;
    }
    // "was tot vorig jaar kok", "was tot voor kort bakker": a time that ended between the copula and the job.
    if (i === out.length && PERIOD_NOUNS.has(words[i]) && LAST_PERIOD.has(words[i + 1] ?? "") && words[i + 2] === "tot" && COPULAS.has(words[i + 3] ?? "")) {
      i += 2;
      continue;
    }
    if (i === out.length && words[i] === "kort" && words[i + 1] === "voor" && words[i + 2] === "tot" && COPULAS.has(words[i + 3] ?? "")) {
      i += 2;
      continue;
    }
    // "was 40 jaar binnenvaartschipper", "était 20 ans boulanger": a number of years between the copula and the job.
    if (i === out.length && DURATION_UNITS.has(words[i]) && /^\d{1,2}$/.test(words[i + 1] ?? "") && COPULAS.has(words[i + 2] ?? "")) {
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

/** Words that make the person of a clause before a job in apposition ("Maman : X, coiffeuse", "Le patient, ..."). */
const PERSON_WORDS = new Set([
  "patient", "patiente", "pt", "pat", "zoon", "dochter", "echtgenote", "echtgenoot", "partner", "moeder", "vader",
  "papa", "mama", "maman", "ouders", "parents", "parent", "broer", "zus", "fils", "fille", "mari", "epouse", "mere",
  "pere", "frere", "soeur", "man", "vrouw", "jongen", "meisje", "homme", "femme", "cliente", "client", "bewoner",
  "bewoonster", "residente", "resident", "betrokkene",
]);
/** Units of an age ("51 jaar", "(40 ans)", "41 j", "45-jarige"). */
const AGE_UNITS = new Set(["jaar", "jr", "j", "a", "ans", "an", "jarige", "jarig", "years", "yo"]);

/**
 * "Mevr. X (51 jaar), pendelchauffeur bij een transportbedrijf", "Le patient, plafonneur de métier", "Maman : X Y,
 * coiffeuse.": a job right after a comma or a bracket on a line that names, before it, an age or the patient or a
 * relative. A caregiver's signature ("Els, palliatief verpleegkundige") names neither.
 */
function jobAfterPersonInApposition(a: Analysis, m: PhraseMatch): boolean {
  const previous = a.tokens[m.first - 1];
  if (!previous || (previous.text !== "," && previous.text !== "(") || a.tokens[m.first].newlinesBefore > 0) return false;
  if (!(m.bits & LIST.profession) || NOT_OWN_JOBS.has(a.tokens[m.first].key)) return false;
  // The apposition ends after the job, or goes on with its place: "kok in een hotel", "plafonneur de métier"; a verb
  // ("tolk gevraagd") or a title ("psycholoog dr. X") after it makes it a role in the care.
  const next = a.tokens[(unitAtToken(a, m.last)?.last ?? m.last) + 1];
  const placed = next !== undefined && next.kind === "word" && next.newlinesBefore === 0 && (PLACING_AFTER_JOB.has(next.key) || next.key === "de" || next.key === "d");
  // "…, timmerman: pneumonie", "…, schrijnwerker (eigen zaak)": a colon or a bracket closes the apposition too.
  const closed = next === undefined || next.newlinesBefore > 0 || (next.kind === "punct" && ",;.):(".includes(next.text));
  if (!placed && !closed) return false;
  // "mama (Els Peeters, verpleegkundige)": a caregiver's job is a relative's own when a relative word opens the bracket.
  if (CAREGIVER_WORDS.has(a.tokens[m.first].key) && !placed && !(next?.text === ")" && relativeOpensBracket(a, m.first))) return false;
  const lineFirst = a.lineStart[m.first];
  for (let i = m.first - 2, steps = 0; i >= lineFirst && steps < 12; i--, steps++) {
    const token = a.tokens[i];
    if (token.kind === "punct") {
      if (token.text === "." || token.text === ";" || token.text === "!" || token.text === "?") return false;
      continue;
    }
    const key = a.units[a.unitOfToken[i]]?.key ?? token.key;
    if (PERSON_WORDS.has(key) || personOpensApposition(a, i)) return true;
    if (AGE_UNITS.has(key) && i > 0 && /^\d{1,3}$/.test(a.tokens[i - 1].text)) return true;
    // "45-jarige", "45 jarige", and an age glued to its unit in shorthand ("Jens, 31j, stukadoor").
    if (/^\d{1,3}(?:-?jarige?)$/.test(key) || /^\d{1,3} jarige?$/.test(key) || /^\d{1,3}(?:j|jr)$/.test(key)) return true;
  }
  return false;
}

/** Courtesy titles of a patient or relative (not "dr.", whose job is the care). */
const COURTESY_TITLES = new Set(["dhr", "mevr", "mw", "mevrouw", "meneer", "mijnheer", "heer", "mr", "mme", "madame", "monsieur", "mej"]);

/**
 * Session twelve: "Mevr. X, 51, verkoopster", "dhr. X Y (66), timmerman": before a job in apposition, a
 * courtesy title that opens the line's clause, or a bare age in apposition (a number of 1–110 between a comma or a
 * bracket and the comma before the job) names the person whose job it is.
 */
function personOpensApposition(a: Analysis, i: number): boolean {
  const token = a.tokens[i];
  if (token.kind === "word" && COURTESY_TITLES.has(token.key) && !token.upper) return true;
  if (token.kind !== "number" || !/^\d{1,3}$/.test(token.text) || Number(token.text) > 110) return false;
  const before = a.tokens[i - 1];
  const after = a.tokens[i + 1];
  if (!before || !after || after.newlinesBefore > 0) return false;
  return (before.text === "," && after.text === ",") || (before.text === "(" && after.text === ")" && a.tokens[i + 2]?.text === ",");
}

/** A relative word right before the bracket that holds token t, on the same line ("zoon (X, bakker)"). */
function relativeOpensBracket(a: Analysis, t: number): boolean {
  const lineFirst = a.lineStart[t];
  for (let i = t - 1; i > lineFirst && t - i < 10; i--) {
    const token = a.tokens[i];
    if (token.text === ")" ) return false;
    if (token.text !== "(") continue;
    const key = a.units[a.unitOfToken[i - 1]]?.key ?? a.tokens[i - 1].key;
    return RELATIVES_BEFORE_JOB.has(key) || RELATIVE_WORDS_OF_JOBS.has(key);
  }
  return false;
}
const RELATIVE_WORDS_OF_JOBS = new Set(["partner", "echtgenoot", "echtgenote", "broer", "zus", "man", "vrouw", "mari", "epouse", "frere", "soeur", "compagnon", "compagne"]);

/** Jobs that in a note are mostly a role in the care or a stage of life, not someone's work: never by position alone. */
const NOT_OWN_JOBS = new Set(["student", "studente", "etudiant", "etudiante", "student", "scholier", "leerling", "eleve", "tolk", "interprete"]);

/** Nouns of a post before "de"/"d'": "son emploi de soudeur", "en qualité de mécanicien", "poste d'ouvrier". */
const POST_NOUNS = new Set(["emploi", "poste", "metier", "qualite", "fonction", "profession", "travail", "job"]);

const WRAPPED_COPULAS = new Set(["is", "was", "werd", "est", "etait"]);

/** "werkt als\nmagazijnier": the words before a job at a line start, read across the break after "als"/"comme". */
function wordsBeforeAcrossBreak(a: Analysis, first: number, count: number): string[] {
  const token = a.tokens[first];
  const previous = a.tokens[first - 1];
  // "Zijn moeder is\nkapster": a copula that ends the line before is read across the break as "als" is.
  if (token.newlinesBefore !== 1 || !previous || previous.kind !== "word" || (previous.key !== "als" && previous.key !== "comme" && !(WRAPPED_COPULAS.has(previous.key) && a.tokenBits[first] & LIST.profession))) {
    const words = previousWords(a, first, count);
    return words.length < count && words.length > 0 && (words[0] === "als" || words[0] === "comme") ? acrossSoftWrap(a, first, words, count) : words;
  }
  return [previous.key, ...previousWords(a, first - 1, count - 1)];
}

/**
 * "Zij werkt nog twee\ndagen per week als kapster": a sentence wrapped mid-clause (the line opens in lower case,
 * the line before ends in a word) goes on over the break, so the work verb before "als" is still found.
 */
function acrossSoftWrap(a: Analysis, first: number, words: readonly string[], count: number): string[] {
  const lineFirst = a.lineStart[first];
  const opener = a.tokens[lineFirst];
  const before = a.tokens[lineFirst - 1];
  if (lineFirst === 0 || opener.newlinesBefore !== 1 || !/^\p{Ll}/u.test(opener.text) || before?.kind !== "word") return [...words];
  const unit = a.units[a.unitOfToken[lineFirst - 1]];
  return [...words, unit.key, ...previousWords(a, unit.first, count - words.length - 1)];
}

/** "WERKGEVER: X - FUNCTIE: BUSCHAUFFEUR": a profession label and its colon right before the job, anywhere on the line. */
function inlineLabelBefore(a: Analysis, first: number): boolean {
  const colon = a.tokens[first - 1];
  const label = a.tokens[first - 2];
  return colon?.text === ":" && label !== undefined && label.kind === "word" && LABEL_WORDS.has(label.key) && colon.newlinesBefore === 0;
}

/** "Vader: bakker, moeder: kapster": a relative's label and its colon before a listed job that ends the field. */
function relativeLabelBefore(a: Analysis, m: PhraseMatch): boolean {
  const colon = a.tokens[m.first - 1];
  const label = a.tokens[m.first - 2];
  if (colon?.text !== ":" || colon.newlinesBefore > 0 || label === undefined || label.kind !== "word") return false;
  if (!(RELATIVES_BEFORE_JOB.has(label.key) || RELATIVE_WORDS_OF_JOBS.has(label.key)) || label.key === "patient" || label.key === "patiente") return false;
  if (!(m.bits & LIST.profession)) return false;
  const next = a.tokens[(unitAtToken(a, m.last)?.last ?? m.last) + 1];
  return next === undefined || next.newlinesBefore > 0 || (next.kind === "punct" && ",;.".includes(next.text));
}

function hasProfessionContext(a: Analysis, m: PhraseMatch): boolean {
  if (jobInApposition(a, m) || afterNationalityInApposition(a, m) || jobAfterPersonInApposition(a, m) || inlineLabelBefore(a, m.first) ||
    relativeLabelBefore(a, m)) return true;
  const raw = readThroughScan(wordsBeforeAcrossBreak(a, m.first, 9));
  if (raw[0] !== undefined && PROFESSION_CUES_BEFORE.has(raw[0]) && raw[0] !== "als" && raw[0] !== "comme" && raw[0] !== "as") return true;
  // "Weduwe, voorheen kapster", "voordien metser": a listed job (not a state: "voorheen zelfstandig met hulp").
  if (raw[0] !== undefined && EARLIER.has(raw[0]) && m.bits & LIST.profession && !NOT_OWN_JOBS.has(a.tokens[m.first].key)) return true;
  const before = withoutAdverbs(raw);
  const after = nextWords(a, m.last, 2);
  // "Vroeger was zij kleuterjuf", "Nu is hij postbode": the copula before its subject pronoun.
  if (before[0] !== undefined && SUBJECT_PRONOUNS.has(before[0]) && COPULAS.has(before[1] ?? "") && m.bits & LIST.profession) return true;
  // "daarvoor lasser bij X", "voordien kok in een hotel": a time word, the job and its workplace.
  if (raw[0] !== undefined && (FORMERLY.has(raw[0]) || raw[0] === "daarvoor") && m.bits & LIST.profession && jobBeforeWorkplace(a, m.last)) return true;
  // "die boer is in Meeuwen", "en verpleegkundige is": the job before its copula in a relative clause; "dat hij
  // vroeger glazenmaker was": a subject, the job and the copula at the end of a subordinate clause.
  if (after[0] !== undefined && COPULAS_AFTER.has(after[0]) && before[0] !== undefined && (RELATIVE_BEFORE_COPULA.has(before[0]) || SUBJECT_PRONOUNS.has(before[0]))) {
    return true;
  }
  // "werkte tot haar pensioen schoonmaakster", "son emploi de soudeur", "en qualité de mécanicien", "zelf kok".
  if (before[0] === "pensioen" && (before[1] === "zijn" || before[1] === "haar") && before[2] === "tot") return true;
  if ((before[0] === "de" || before[0] === "d") && before[1] !== undefined && POST_NOUNS.has(before[1])) return true;
  if (before[0] === "zelf" || before[0] === "elle-meme" || before[0] === "lui-meme") return true;
  // "ouvrier chez X" opening its line: a job in lower case, its workplace preposition and a name.
  if (a.lineStart[m.first] === m.first && /^\p{Ll}/u.test(a.tokens[m.first].text) && !NOT_OWN_JOBS.has(a.tokens[m.first].key) && jobBeforeWorkplace(a, m.last)) {
    return true;
  }
  // "papa chauffeur", "patient plombier" (not "Patiënt Boer, Lorena": a capital after the patient word is the name).
  if (before[0] !== undefined && RELATIVES_BEFORE_JOB.has(before[0]) && a.tokens[m.first - 1]?.kind === "word" &&
    !((before[0] === "patient" || before[0] === "patiente") && a.tokens[m.first].firstUpper)) return true;
  if (after[0] === "van" && after[1] === "beroep") return true;
  if (after[0] === "de" && after[1] === "profession") return true;
  const label = lineLabel(a, m.first);
  if (label !== undefined && LABEL_WORDS.has(label)) return true;
  const article = before[0] === "een" || before[0] === "une" || before[0] === "un" || before[0] === "a" || before[0] === "an" ? 1 : 0;
  const near = before[article];
  if (near === undefined) return false;
  if (near === "als" || near === "comme" || near === "as") {
    // "vroeger als mijnwerker gewerkt": the work verb after the job, in the same clause.
    if (nextWords(a, m.last, 4).some((w) => PROFESSION_VERBS.has(w) || w === "gewerkt")) return true;
    // "werkt als", "werkte tot zijn pensioen als", "travaillait comme", "tijdens werk als", "zijn tijd als", "is als".
    return (
      // "gepensioneerd als lerares", "retraité comme facteur": a retirement word before "als" too.
      before.slice(article + 1, article + 7).some((w) => PROFESSION_VERBS.has(w) || JOB_NOUNS.has(w) || STRONG_PROFESSION_CUES.has(w)) ||
      before[article + 1] === "beroep" ||
      (COPULAS.has(before[article + 1] ?? "") && (SUBJECTS.has(before[article + 2] ?? "") || subjectIsName(a, m.first, article + 2)))
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
  if (subject === undefined) return before.length === article + 1 && sentenceOpensWith(a, m.first, raw.length);
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
    // A listed name counts at a sentence start or after a bracket too ("Anouar is bakker", "(Anouar) is ...").
    if (++seen === wordsBack + 1) return token.title && (!token.sentenceStart || ((a.tokenBits[i] & NAME_BITS) !== 0 && !(a.tokenBits[i] & WHITELIST_BITS)));
  }
  return false;
}

/** Whether the word `wordsBack` words before token t opens its sentence. */
function sentenceOpensWith(a: Analysis, t: number, wordsBack: number): boolean {
  let seen = 0;
  for (let i = t - 1, steps = 0; i >= 0 && steps < 12; i--, steps++) {
    if (a.tokens[i].kind === "punct") continue;
    // "mist het water; was 40 jaar schipper": a semicolon opens a clause as a full stop does.
    if (++seen === wordsBack) return a.tokens[i].sentenceStart || (a.tokens[i - 1]?.text === ";" && a.tokens[i].newlinesBefore === 0);
  }
  return false;
}

/** Endings of compound occupations ("spoorwegarbeider", "magazijnmedewerker", "vrachtwagenchauffeur"). */
const PROFESSION_ENDING = /^.{3,}(?:arbeider|werker|medewerker|bediende|chauffeur|monteur|verkoper|verkoopster|kundige|technicus|handelaar|kweker|houder|meester|maker|bouwer|schilder|wasser|leider|leidster|assistent|assistente|agent|ambtenaar|bestuurder|boer|ier|ster|ouvrier|ouvrière)$/;
/** Agent nouns after a strong cue ("gepensioneerd glasblazer", "ancien couvreur"): -er, -eur, -rice, -iste … */
const AGENT_AFTER_STRONG_CUE = /^\p{Ll}{3,}(?:er|eur|rice|iste|ier|man|vrouw|aar)$/u;
/** Habits and roles that follow "voormalig", "ancien" or "ex-" as often as a job does. */
const HABITS = /(?:roker|rookster|drinker|gebruiker|fumeur|buveur|consommateur|smoker|drinker|user|donneur|donor|partner|lid|membre|member)$/u;
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
const LOWER_WORD_UNIT = /^\p{Ll}{3,}(?:-\p{Ll}{2,})*$/u;

function unlistedJobAfterStrongCue(a: Analysis, unit: Unit): boolean {
  // Cheap rejections first: the unit must open with a lower-case letter and hold three letters or more.
  const head = a.tokens[unit.first];
  if (head.firstUpper || head.kind !== "word" || unit.end - unit.start < 3) return false;
  if (a.unitListBits[unit.index] & (LIST.stopWord | LIST.medicalTerm)) return false;
  if (!LOWER_WORD_UNIT.test(a.text.slice(unit.start, unit.end))) return false;
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
  for (let unitAt = 0; unitAt < a.units.length; unitAt++) {
    const unit = a.units[unitAt];
    const former = formerJob(a, unit);
    if (former || (!(a.unitListBits[unit.index] & LIST.profession) && unlistedJobAfterStrongCue(a, unit))) {
      // "oud-postbode X": a former job is nobody's role in the care, so a capitalised word after it is a place.
      if (!former && followedByName(a, unit.last)) continue;
      out.push({ start: unit.start, end: unit.end, label: "Profession", priority: PRIORITY.context, score: 0.6, rule: "profession.unlisted" });
      continue;
    }
    const token = a.tokens[unit.first];
    if (unit.first !== unit.last || token.kind !== "word" || token.upper) continue;
    const ending = PROFESSION_ENDING.test(unit.key);
    if (!ending && !(AGENT_AFTER_STRONG_CUE.test(unit.key) && !NOT_AGENT.test(unit.key) && !HABITS.test(unit.key))) continue;
    if (a.unitListBits[unit.index] & (LIST.profession | LIST.stopWord | LIST.medicalTerm)) continue;
    if (followedByName(a, unit.last)) continue;
    const before = wordsBeforeAcrossBreak(a, unit.first, 7);
    const near = before[0] === "een" || before[0] === "un" || before[0] === "une" ? before[1] : before[0];
    const strong = near !== undefined && STRONG_PROFESSION_CUES.has(near);
    if (!ending && !strong) continue;
    // Session twelve: "X, 47 jaar, glastuinbouwer,", "pt zelf klantenmedewerker bij …": a compound by its ending in
    // apposition after a person or an age, or after "zelf".
    if (ending && !NOT_AGENT.test(unit.key) && !unit.key.endsWith("ier") && (near === "zelf" || jobAfterPersonInApposition(a, { first: unit.first, last: unit.last, bits: LIST.profession }))) {
      out.push({ start: unit.start, end: unit.end, label: "Profession", priority: PRIORITY.context, score: 0.6, rule: "profession.compound" });
      continue;
    }
    const asVerb = (near === "als" || near === "comme") && before.slice(1, 7).some((w) => PROFESSION_VERBS.has(w) || JOB_NOUNS.has(w));
    const label = lineLabel(a, unit.first);
    if (!strong && !asVerb && !(label !== undefined && LABEL_WORDS.has(label))) continue;
    out.push({ start: unit.start, end: unit.end, label: "Profession", priority: PRIORITY.context, score: 0.6, rule: "profession.compound" });
  }
  return out;
}

/**
 * Endings of agent nouns that name a job in Dutch and French ("banketbakster", "vakman", "molenaar", "plafonneur",
 * "animatrice", "électricien", "fleuriste"), for unlisted words in the surest positions only.
 */
const AGENT_ENDING = /^\p{Ll}{3,}(?:ster|man|vrouw|aar|eur|rice|iste|icien|icienne|ier|ière)$/u;
/** Words with those endings that are no job: adjectives, habits, carriers and donors. */
const NOT_AGENT = /(?:baar|vaar|jaar|waar|zwaar|klaar|paar|majeur|mineur|meilleur|porteur|[eé]rieur|fumeur|donneur|receveur|buveur|cicatrice|matrice|premier|dernier|entier|particulier|familier|régulier|regulier|papier|dossier|plezier|manier|kwartier|atelier|routier|costume|herman|oman)$/u;
/** Time words before a job that say it was someone's ("Vroeger banketbakster in een winkel"). */
const FORMERLY = new Set(["vroeger", "voordien", "destijds", "autrefois", "anciennement"]);
/** Time words that say a job was someone's before: "voorheen kapster", "anciennement boulanger". */
const EARLIER = new Set(["voorheen", "voordien", "destijds", "eertijds", "vroeger", "anciennement", "autrefois", "auparavant"]);

/**
 * An unlisted agent noun is a job where only a job fits: in apposition before a named workplace ("41 j,
 * glazenmaker bij Bouwbedrijf X"), after a copula with a person as subject and before a place ("Elle est animatrice
 * à l'école"), at the end of a subordinate clause before a place ("dat hij vroeger glazenmaker was bij X"), after
 * "vroeger" before a place.
 */
function agentNounIsJob(a: Analysis, unit: Unit): boolean {
  const token = a.tokens[unit.first];
  // Cheap rejections first: one piece of letters, six units or more (three letters and an ending of three).
  if (unit.first !== unit.last || token.upper || token.kind !== "word" || unit.key.length < 6) return false;
  if (!AGENT_ENDING.test(unit.key) || NOT_AGENT.test(unit.key)) return false;
  // Written in lower case: a surname that is also a job ("molenaar") reads as the job here.
  if (!/^\p{Ll}/u.test(a.tokens[unit.first].text) || a.unitListBits[unit.index] & (LIST.stopWord | LIST.medicalTerm | LIST.profession)) return false;
  const m: PhraseMatch = { first: unit.first, last: unit.last, bits: LIST.profession };
  if (jobInApposition(a, m)) return true;
  const before = withoutAdverbs(previousWords(a, unit.first, 6));
  const raw = previousWords(a, unit.first, 2);
  const after = nextWords(a, unit.last, 3);
  const article = before[0] === "een" || before[0] === "une" || before[0] === "un" ? 1 : 0;
  const verb = before[article];
  const subject = before[article + 1];
  if (verb !== undefined && COPULAS_AFTER.has(verb) && after[0] !== undefined && PLACING_AFTER_JOB.has(after[0]) && after[1] !== undefined) {
    if (subject !== undefined && (SUBJECTS.has(subject) || subjectIsName(a, unit.first, article + 1))) return true;
  }
  if (before[0] !== undefined && SUBJECT_PRONOUNS.has(before[0]) && COPULAS_AFTER.has(after[0] ?? "") && PLACING_AFTER_JOB.has(after[1] ?? "") && after[2] !== undefined) {
    return true;
  }
  return raw[0] !== undefined && FORMERLY.has(raw[0]) && PLACING_AFTER_JOB.has(after[0] ?? "") && after[1] !== undefined;
}

/** "tandarts (moeder)": a listed job and, in brackets after it, whose job it is. */
function jobOfRelativeInBrackets(a: Analysis, m: PhraseMatch): boolean {
  const open = a.tokens[m.last + 1];
  const who = a.tokens[m.last + 2];
  return open?.text === "(" && who !== undefined && (RELATIVES_BEFORE_JOB.has(who.key) || RELATIVE_WORDS_OF_JOBS.has(who.key)) && a.tokens[m.last + 3]?.text === ")";
}

/** Time words between "en" and a second job: "was lasser en later magazijnier", "en daarna chauffeur". */
const THEN_WORDS = new Set(["later", "daarna", "nadien", "vervolgens", "nu", "sindsdien", "ensuite", "puis", "apres"]);

/**
 * Session twelve: "was lasser in X en later\nmagazijnier bij een brouwerij": a listed job joined by "en" (and a time
 * word) to a job already found in the same sentence is the same person's, also when the line breaks before it.
 */
function coordinatedJobs(a: Analysis, found: readonly Candidate[], out: Candidate[]): void {
  for (const job of found) {
    const t = a.units[a.unitOfToken[tokenEndingAt(a, job.end)] ?? -1]?.last;
    if (t === undefined) continue;
    let steps = 0;
    // Skip the job's place ("in X", "bij de X"): at most four words, never a sentence end.
    for (let i = t + 1; i < a.tokens.length && steps < 6; i++, steps++) {
      const token = a.tokens[i];
      if (token.kind === "punct" && token.text !== "," && token.text !== "'") break;
      if (token.key !== "en" && token.key !== "et") continue;
      let j = i + 1;
      if (a.tokens[j] && THEN_WORDS.has(a.tokens[j].key)) j++;
      const unit = unitAtToken(a, j);
      const m = professionAt(a, j);
      if (!unit || unit.first !== j || !m || !(m.bits & LIST.profession) || followedByName(a, m.last) || NOT_OWN_JOBS.has(a.tokens[j].key)) break;
      if (a.tokens[j].newlinesBefore > 1 || a.tokens[i].newlinesBefore > 0) break;
      out.push({ start: unit.start, end: a.tokens[m.last].end, label: "Profession", priority: PRIORITY.context, score: 0.6, rule: "profession.coordinated" });
      break;
    }
  }
}

/** The token that ends at `end` (the last of a candidate). */
function tokenEndingAt(a: Analysis, end: number): number {
  let lo = 0;
  let hi = a.tokens.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (a.tokens[mid].start < end) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export function professionCandidates(a: Analysis): Candidate[] {
  const out: Candidate[] = compoundProfessionCandidates(a);
  for (let t = 0; t < a.tokens.length; t++) {
    const unit = unitAtToken(a, t);
    const m = professionAt(a, t) ?? (unit && unit.first === t ? compoundJobAt(a, unit) : undefined);
    if (!m) {
      if (unit && unit.first === t && !followedByName(a, unit.last) && agentNounIsJob(a, unit)) {
        out.push({ start: unit.start, end: unit.end, label: "Profession", priority: PRIORITY.context, score: 0.6, rule: "profession.agent" });
        t = unit.last;
      }
      continue;
    }
    if (!unit || unit.first !== t) continue;
    // "apprenti boucher", "leerling metser": a trainee's job, read with its context from the trainee word.
    const trainee = t > 0 ? unitAtToken(a, t - 1) : undefined;
    const asTrainee = trainee && trainee.last === t - 1 && TRAINEE_WORDS.has(trainee.key) && m.bits & LIST.profession ? { ...m, first: trainee.first } : undefined;
    if (followedByName(a, m.last)) continue;
    if (!(hasProfessionContext(a, m) || jobOfRelativeInBrackets(a, m)) && !(asTrainee && hasProfessionContext(a, asTrainee))) continue;
    let first = asTrainee ? asTrainee.first : m.first;
    // "gepensioneerd bakker": the employment state joins the profession it qualifies.
    const prev = first > 0 ? unitAtToken(a, first - 1) : undefined;
    const state = prev ? professionAt(a, prev.first) : undefined;
    if (state && state.bits & LIST.employmentState && state.last === first - 1 && m.bits & LIST.profession) first = state.first;
    // "schilder-decorateur": a listed job that opens a hyphenated compound takes the whole compound.
    const lastUnit = unitAtToken(a, m.last);
    const taught = withSubjectTaught(a, m.last);
    const end = taught > m.last ? a.tokens[taught].end : lastUnit && lastUnit.last > m.last && a.tokens[m.last + 1]?.text === "-" ? lastUnit.end : a.tokens[m.last].end;
    out.push({ start: a.tokens[first].start, end, label: "Profession", priority: PRIORITY.context, score: 0.7, rule: "profession" });
    t = m.last;
  }
  if (out.length > 0) coordinatedJobs(a, out.slice(), out);
  return out;
}
