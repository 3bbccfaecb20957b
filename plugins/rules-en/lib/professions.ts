// Occupations of patients and relatives (GUIDELINE: `works as a [[baker]]`, `retired [[firefighter]]`): the curated
// list and WordNet's occupations (data/words/occupations.txt) after a profession cue or an age ("62-year-old taxi
// driver", "38M construction worker"); WordNet's occupations that are nothing else (occupations-alone.txt:
// "barista", "longshoreman", "construction worker") and a vehicle's driver ("HGV driver") without a cue.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Candidate } from "./candidates.js";
import { RULES_EN_DATA_DIR } from "./lexicon.js";

export interface ProfessionRules {
  /** Everything before the job: a cue, an article, modifiers that stay outside the span. */
  cue: RegExp;
  /** Listed jobs, lower case, words joined by one space. */
  jobs: ReadonlySet<string>;
  maxWords: number;
  /** Jobs named without a cue: lower case, words joined by one space. */
  alone: ReadonlySet<string>;
  aloneMaxWords: number;
}

let phrasesCache: string[] | undefined;

function readPhrases(rel: string): string[] {
  return readFileSync(join(RULES_EN_DATA_DIR, rel), "utf8")
    .split("\n")
    .map((l) => l.trim().toLowerCase())
    .filter((l) => l && !l.startsWith("#"));
}

/** The listed jobs (curated, then WordNet's), lower case, longest first. */
function professionPhrases(): readonly string[] {
  phrasesCache ??= [...new Set([...readPhrases("curated/professions.txt"), ...readPhrases("words/occupations.txt")])].sort((a, b) => b.length - a.length);
  return phrasesCache;
}

let jobSet: ReadonlySet<string> | undefined;

/** A listed job or its plural ("security guard", "nurses"), in any case, words joined by single spaces. */
export function isListedJob(phrase: string): boolean {
  jobSet ??= new Set(professionPhrases());
  const p = phrase.toLowerCase();
  return jobSet.has(p) || (p.endsWith("s") && jobSet.has(p.slice(0, -1))) || modifiedHead(phrase.split(" "));
}

// Modifiers left outside the span ("retired", "self-employed", NOTES-r5); up to three other words before a listed job
// are part of it ("primary school teacher", "long-haul trucker", "hospital porter", "NHS porter").
const OUTSIDE = String.raw`(?:retired|former|part-time|full-time|part\s+time|full\s+time|self-employed|trainee|senior|junior|head|lead|male|female|man|woman|pleasant|known|healthy|active|young|old|elderly|keen|avid|enthusiastic|amateur|passionate|qualified|married|single|divorced|widowed|right-handed|left-handed|unemployed|successful|busy|local|professional)`;
const NOT_MODIFIER = new Set(["a", "an", "the", "and", "or", "of", "with", "at", "for", "in", "on", "who", "very", "not", "no", "her", "his", "their", "now", "also", "still", "is", "was", "as", "by", "to", "from", "into", "after", "before", "via", "per", "this", "that", "these", "those", "my", "your", "our", "any", "some", "another", "every", "each"]);
const AGE_COMMA_BEFORE = /(?:^|\n|,[ \t]{0,2}|\p{Lu}[\p{Ll}'’-]+[ \t]{1,2})$/u;
/** A hobby, not a job: "a keen gardener", "an avid cyclist". */
const HOBBY = /(?<![\p{L}])(?:keen|avid|enthusiastic|amateur|passionate)(?![\p{L}])/iu;
const PREVIOUS_WORD = /(?<![\p{L}'’])(\p{L}+|\d)[)\]]?,?\s+$/u;
const NAME_IN_BRACKETS = /\(\s?\p{Lu}[\p{L}'’-]+\s?\)\s+$/u;
/** Relatives whose job a note gives in brackets after their name. */
const KIN = String.raw`(?:wife|husband|partner|spouse|son|daughter|mother|father|mum|mom|dad|brother|sister|fianc[eé]e?|boyfriend|girlfriend|uncle|aunt|grandmother|grandfather|stepfather|stepmother|parent|carer|Wife|Husband|Partner|Spouse|Son|Daughter|Mother|Father|Mum|Mom|Dad|Brother|Sister)`;
const NOT_SUBJECT = new Set(["there", "it", "this", "that", "what", "here", "which"]);
const OUTSIDE_WORD = new RegExp(String.raw`^${OUTSIDE}$`, "i");

export function compileProfessionRules(): ProfessionRules {
  // Cues: a work verb, "retired"/"former", an age ("62-year-old taxi driver", "70s, farmer"), "<someone> is a",
  // "she's a", "as a" after any verb ("works nights as a security guard").
  // "wife Chioma (pediatric nurse)", "father Pádraig (a dairy farmer near ...)": a job in brackets after a relative's name.
  // Only at a "(" is the look-behind tried, over words of bounded length (linear in the text).
  const bracket = String.raw`(?=\()(?<=(?<![\p{L}])${KIN}\s{1,2}[\p{Lu}][\p{L}'’-]{0,30}(?:\s{1,2}[\p{Lu}][\p{L}'’-]{0,30}){0,2}\s{0,2})\(`;
  const cue = String.raw`(?:works?|worked|working|employed|employment|job|occupation|position|profession|role|trade|retired|former|unemployed|be|became|become|becomes|been|(?:years?|yrs?|yr|y)[\s-]{0,2}old|yo|y\/o|\d{1,3}s?\s{0,2}(?:[MF]|yo|y\/o)?\s{0,2},|\d{1,3}\s{0,2}(?:[MF]|yo|y\/o|y\.o\.)(?=\s)|\d0s(?=\s)|(?:is|was)|(?:she|he|they|who)(?:'s|’s|\s+is|\s+was|\s+are|'re|’re)|(?:is|was)\s+(?:a|an)\s+(?:retired|former)|as)`;
  const phrases = professionPhrases();
  const alone = readPhrases("words/occupations-alone.txt");
  // "her brother Emeka, a pharmacist,": a job in apposition after a capitalised name (tried only at a comma).
  const apposition = String.raw`(?=,)(?<=(?<![\p{L}])\p{Lu}[\p{Ll}'’-]{1,30}),(?=\s{1,2}(?:a|an)\s)`;
  return {
    alone: new Set(alone),
    aloneMaxWords: Math.max(...alone.map((p) => p.split(" ").length)),
    cue: new RegExp(String.raw`(?:(?<![\p{L}])(?:${cue}(?![\p{L}])|ex-)|${bracket}|${apposition})\s{0,2}:?\s{0,2}(?:as\s{1,2})?(?:(?:a|an)\s{1,2})?(?:${OUTSIDE}\s{1,2}){0,2}`, "giu"),
    jobs: new Set(phrases),
    maxWords: Math.max(...phrases.map((p) => p.split(" ").length)),
  };
}

/** Up to six words from `at`, single spaces or two between them, each with its offsets. */
const NEXT_WORDS = /[\p{L}][\p{L}'’-]*/uy;
function wordsFrom(text: string, at: number, max: number): { w: string; s: number; e: number }[] {
  const out: { w: string; s: number; e: number }[] = [];
  let i = at;
  while (out.length < max) {
    NEXT_WORDS.lastIndex = i;
    const m = NEXT_WORDS.exec(text);
    if (!m) break;
    out.push({ w: m[0], s: i, e: i + m[0].length });
    i += m[0].length;
    let sp = 0;
    while (sp < 3 && (text[i] === " " || text[i] === "\t")) {
      i++;
      sp++;
    }
    if (sp === 0 || sp > 2) break;
  }
  return out;
}

/** A vehicle's driver needs no cue ("HGV driver", "school bus driver"): after any other word "driver" is a role
 * ("restrained driver", "the driver of the car"). */
const VEHICLE_DRIVER = /(?<![\p{L}\d'’-])(?:(?:school\s)?bus|taxi|cab|minicab|coach|lorry|truck|tractor-trailer|tanker|HGV|LGV|PCV|delivery|van|train|tram|tube|forklift|crane|tractor|ambulance|uber|Uber|lyft|Lyft|limo|rideshare|ride-share|dump\s+truck|cement\s+truck|long-haul)\s{1,2}drivers?(?![\p{L}\d'’-])/gu;
/** Words after which a job is someone at work around the patient, not the patient's job ("brought in by a farmer"). */
const NOT_ALONE_AFTER = /(?<![\p{L}])(?:by|per|from|with|called|paged|informed|told|of)\s{1,2}(?:(?:a|an|the|his|her|their|our)\s{1,2})?$/iu;
/** A job word before a capitalised name is a title or a role ("midwife Nuala", "Sergeant Hale"). */
const BEFORE_NAME = /^[ \t]{1,2}\p{Lu}\p{Ll}/u;
const WORD = /[\p{L}][\p{L}'’-]*/gu;
/** A line of one to four words (a fragment): the words, without the line's own spaces. */
const JOB_LINE = /(?:^|\n)[ \t]*(\p{L}[\p{L}'’-]*(?:[ \t]{1,2}\p{L}[\p{L}'’-]*){0,3})[ \t]*(?=\r?\n|$)/gu;
/** Jobs of the staff around a patient: alone on a line they are a role, not the patient's job; with a modifier only
 * the care jobs ("staff nurse", "support worker"; "sound engineer" is a job). */
const CARE_HEAD = new Set(["nurse", "nurses", "doctor", "physician", "surgeon", "therapist", "carer", "carers", "consultant", "registrar", "practitioner", "aide", "worker", "workers", "assistant", "coordinator", "manager", "officer", "student", "students", "technician", "tech"]);
const STAFF = new Set(["nurse", "nurses", "doctor", "doctors", "physician", "surgeon", "pharmacist", "paramedic", "paramedics", "midwife", "therapist", "physiotherapist", "physio", "carer", "carers", "consultant", "registrar", "gp", "dentist", "practitioner", "assistant", "aide", "worker", "officer", "manager", "student", "students", "volunteer", "director", "secretary", "receptionist", "porter", "cleaner", "interpreter", "chaplain", "technician", "tech", "scientist", "administrator", "coordinator", "clerk", "medic", "optician", "podiatrist", "psychologist", "counsellor", "counselor", "dietitian", "dietician", "vendor", "supplier", "provider", "agent"]);

/**
 * Jobs that are nothing but a job, named without a cue ("38M construction worker fell", "barista", "the longshoreman
 * from pier 9"): lower case as written, or capitalised when the word is not a listed name ("Barista" alone, never the
 * surname "Mason").
 */
function jobsAlone(text: string, rules: ProfessionRules, isName: (low: string) => boolean, taken: readonly Candidate[]): Candidate[] {
  const out: Candidate[] = [];
  const words: { w: string; s: number; e: number }[] = [];
  for (const m of text.matchAll(WORD)) words.push({ w: m[0], s: m.index, e: m.index + m[0].length });
  const free = (s: number, e: number) => !taken.some((c) => c.start < e && s < c.end) && !out.some((c) => c.start < e && s < c.end);
  for (let i = 0; i < words.length; i++) {
    for (let n = Math.min(rules.aloneMaxWords, words.length - i); n >= 1; n--) {
      const part = words.slice(i, i + n);
      if (part.some((x, j) => j > 0 && !/^[ \t]{1,2}$/.test(text.slice(part[j - 1].e, x.s)))) continue;
      const low = part.map((x) => x.w.toLowerCase()).join(" ");
      const plural = low.endsWith("s") && rules.alone.has(low.slice(0, -1));
      if (!rules.alone.has(low) && !plural) continue;
      // Lower case, or a capital only on the first word of a phrase that is no listed name.
      if (part.some((x, j) => (j > 0 || n === 1) && !/^\p{Ll}+(?:[-'’]\p{Ll}+)*$/u.test(x.w)) && !(n === 1 && /^\p{Lu}\p{Ll}+$/u.test(part[0].w) && !isName(part[0].w.toLowerCase()))) continue;
      if (n > 1 && !/^[\p{Ll}\p{Lu}]\p{Ll}*$/u.test(part[0].w)) continue;
      const s = part[0].s;
      const e = part[n - 1].e;
      // Not inside a hyphenated or slashed compound ("barista-style"), not after "by" / "per".
      if (/[\p{L}\d/-]/u.test(text[s - 1] ?? "") || /[\p{L}\d/-]/u.test(text[e] ?? "")) continue;
      if (NOT_ALONE_AFTER.test(text.slice(Math.max(0, s - 24), s)) || BEFORE_NAME.test(text.slice(e, e + 4))) continue;
      if (free(s, e)) out.push({ start: s, end: e, label: "Profession", score: 0.6, rule: "profession-alone" });
      i += n - 1;
      break;
    }
  }
  // A line that is only a listed job, with up to three modifiers ("barista", "Amazon warehouse picker", a fragment);
  // never the staff around a patient ("nurse", "registrar").
  for (const m of text.matchAll(JOB_LINE)) {
    const s = m.index + m[0].length - m[0].trimStart().length;
    const line = m[1];
    const ws = line.split(/[ \t]{1,2}/);
    for (let pre = 0; pre <= 3 && pre < ws.length; pre++) {
      const job = ws.slice(pre).join(" ").toLowerCase();
      if (pre > 0 && (NOT_MODIFIER.has(ws[pre - 1].toLowerCase()) || OUTSIDE_WORD.test(ws[pre - 1]) || !(/^\p{Ll}/u.test(ws[pre - 1]) || /^\p{Lu}{2,4}$/u.test(ws[pre - 1])))) break;
      const head = job.split(" ").pop()!;
      if ((rules.jobs.has(job) || (job.endsWith("s") && rules.jobs.has(job.slice(0, -1)))) && !(ws.length === 1 ? STAFF.has(head) : CARE_HEAD.has(head)) && !STAFF.has(job)) {
        const outside = ws.slice(0, pre).filter((w) => OUTSIDE_WORD.test(w)).length;
        if (outside === 0 && free(s, s + line.length) && !(ws.length === 1 && isName(job))) {
          out.push({ start: s, end: s + line.length, label: "Profession", score: 0.6, rule: "job-line" });
        }
        break;
      }
    }
  }
  for (const m of text.matchAll(VEHICLE_DRIVER)) {
    const s = m.index;
    const e = s + m[0].length;
    if (NOT_ALONE_AFTER.test(text.slice(Math.max(0, s - 24), s))) continue;
    if (free(s, e)) out.push({ start: s, end: e, label: "Profession", score: 0.6, rule: "vehicle-driver" });
  }
  return out;
}

/** Heads that name a job only after a modifier that says what is handled, run or led ("package handler", "forklift
 * operator", "warehouse operative", "fruit picker", "shift leader", "sales associate"); written for deidstack. */
const MODIFIED_HEADS = new Set(["handler", "operator", "operative", "picker", "packer", "sorter", "loader", "leader", "attendant", "associate", "representative", "rep", "installer", "assembler", "fitter", "inspector"]);
/** Modifiers that make such a head a trait, a time or a habit, not a job ("post operative", "natural leader", "skin picker"). */
const NOT_JOB_MODIFIER = new Set(["post", "pre", "peri", "intra", "non", "smooth", "natural", "born", "strong", "good", "great", "bad", "poor", "real", "true", "big", "little", "right", "left", "close", "skin", "nose", "scab", "nail", "lip", "day", "first", "second", "fast", "slow", "heavy", "light", "lone"]);
/** Words in -man that are no job ("human", "woman", "German"). */
const NOT_MAN_JOB = new Set(["human", "humans", "woman", "women", "german", "germans", "roman", "romans", "gentleman", "gentlemen", "layman", "laymen", "caiman", "talisman", "ottoman", "superman", "snowman", "madman", "madmen", "showman", "everyman", "yeoman", "hitman", "bogeyman", "caveman", "freshman", "freshmen", "kinsman", "kinsmen", "countryman", "countrymen"]);

/**
 * A job the lists do not hold, read from its shape after a cue: one to three modifiers before a head of
 * MODIFIED_HEADS (plural too), or one word in -man or -woman ("trawlerman", "lengthsman").
 */
function modifiedHead(ws: readonly string[]): boolean {
  const low = ws.map((w) => w.toLowerCase());
  const head = low[low.length - 1];
  if (low.length === 1) return /^\p{Ll}{4,}(?:wo)?m[ae]n$/u.test(ws[0]) && !NOT_MAN_JOB.has(head);
  const single = head.endsWith("s") && MODIFIED_HEADS.has(head.slice(0, -1)) ? head.slice(0, -1) : head;
  if (!MODIFIED_HEADS.has(single) || !/^\p{Ll}+$/u.test(ws[ws.length - 1])) return false;
  return low.slice(0, -1).every((m) => !NOT_JOB_MODIFIER.has(m) && !/-$/.test(m));
}

export function findProfessions(text: string, rules: ProfessionRules, isName: (low: string) => boolean = () => false): Candidate[] {
  const out: Candidate[] = [];
  rules.cue.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = rules.cue.exec(text))) {
    // "<someone> is a": the word before "is"/"was" must be a word, and not "there", "it", "this" ...
    if (/^(?:is|was)\b/i.test(m[0]) && !/^(?:is|was)\s+(?:a|an)\s+(?:retired|former)/i.test(m[0])) {
      const window = text.slice(Math.max(0, m.index - 24), m.index);
      const before = PREVIOUS_WORD.exec(window);
      // "Mother (Karen) is a": a name in brackets is the subject too.
      if ((!before || NOT_SUBJECT.has(before[1].toLowerCase())) && !NAME_IN_BRACKETS.test(window)) {
        rules.cue.lastIndex = m.index + 1;
        continue;
      }
    }
    const at = m.index + m[0].length;
    const words = wordsFrom(text, at, rules.maxWords + 2);
    let hit: [number, number] | undefined;
    // The fewest modifiers first, the longest job first (as "(modifier ){0,2}?(job|...)" would match).
    // Up to three modifiers ("secondary school music teacher"); an acronym in capitals is one too ("NHS porter", "ICU nurse").
    for (let pre = 0; pre <= 3 && !hit && pre < words.length; pre++) {
      if (pre > 0) {
        const mod = words[pre - 1].w;
        if (!(/^\p{Ll}/u.test(mod) || /^\p{Lu}{2,4}$/u.test(mod)) || mod.length < 2 || NOT_MODIFIER.has(mod) || OUTSIDE_WORD.test(mod)) break;
      }
      for (let n = Math.min(rules.maxWords, words.length - pre); n >= 1; n--) {
        const phrase = words.slice(pre, pre + n).map((x) => x.w.toLowerCase()).join(" ");
        if (rules.jobs.has(phrase) || (phrase.endsWith("s") && rules.jobs.has(phrase.slice(0, -1)))) {
          hit = [words[0].s, words[pre + n - 1].e];
          break;
        }
      }
      if (!hit && pre < words.length && modifiedHead(words.slice(0, pre + 1).map((x) => x.w))) hit = [words[0].s, words[pre].e];
    }
    // After an age without a comma ("72F interpreter"), never the staff around the patient.
    const bareAge = /^\d/.test(m[0]) && !m[0].includes(",");
    // "Pat Hale, 54, farmer", "70s, farmer": the number with a comma follows a name, a comma or a line start, never a
    // score or a time ("MUST score 2, dietitian", "11:20, midwife").
    if (/^\d/.test(m[0]) && !bareAge && !AGE_COMMA_BEFORE.test(text.slice(Math.max(0, m.index - 24), m.index))) {
      rules.cue.lastIndex = m.index + 1;
      continue;
    }
    if (hit && (HOBBY.test(m[0]) || BEFORE_NAME.test(text.slice(hit[1], hit[1] + 4)) || (bareAge && STAFF.has(text.slice(hit[0], hit[1]).toLowerCase().split(/\s+/).pop()!)))) hit = undefined;
    if (hit) {
      out.push({ start: hit[0], end: hit[1], label: "Profession", score: 0.7, rule: "profession" });
      rules.cue.lastIndex = hit[1];
    } else {
      rules.cue.lastIndex = m.index + 1;
    }
  }
  return out.concat(jobsAlone(text, rules, isName, out));
}
