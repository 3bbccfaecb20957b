// Occupations of patients and relatives (GUIDELINE: `works as a [[baker]]`, `retired [[firefighter]]`), from a
// curated list, only after a profession cue or an age ("62-year-old taxi driver"): a job word alone is no PII.
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
}

let phrasesCache: string[] | undefined;

/** The listed jobs, lower case, longest first. */
function professionPhrases(): readonly string[] {
  phrasesCache ??= readFileSync(join(RULES_EN_DATA_DIR, "curated/professions.txt"), "utf8")
    .split("\n")
    .map((l) => l.trim().toLowerCase())
    .filter((l) => l && !l.startsWith("#"))
    .sort((a, b) => b.length - a.length);
  return phrasesCache;
}

let jobSet: ReadonlySet<string> | undefined;

/** A listed job or its plural ("security guard", "nurses"), in any case, words joined by single spaces. */
export function isListedJob(phrase: string): boolean {
  jobSet ??= new Set(professionPhrases());
  const p = phrase.toLowerCase();
  return jobSet.has(p) || (p.endsWith("s") && jobSet.has(p.slice(0, -1)));
}

// Modifiers left outside the span ("retired", "self-employed", NOTES-r5); up to three other words before a listed job
// are part of it ("primary school teacher", "long-haul trucker", "hospital porter", "NHS porter").
const OUTSIDE = String.raw`(?:retired|former|part-time|full-time|part\s+time|full\s+time|self-employed|trainee|senior|junior|head|lead|male|female|man|woman|pleasant|known|healthy|active|young|old|elderly|keen|qualified|unemployed|successful|busy|local|professional)`;
const NOT_MODIFIER = new Set(["a", "an", "the", "and", "or", "of", "with", "at", "for", "in", "on", "who", "very", "not", "no", "her", "his", "their", "now", "also", "still", "is", "was", "as", "by", "to", "from", "into", "after", "before", "via", "per"]);
const PREVIOUS_WORD = /(?<![\p{L}'’])(\p{L}+)\s+$/u;
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
  const cue = String.raw`(?:works?|worked|working|employed|job|occupation|position|profession|retired|former|unemployed|(?:years?|yrs?|yr|y)[\s-]{0,2}old|yo|y\/o|\d{1,3}s?\s{0,2}(?:[MF]|yo|y\/o)?\s{0,2},|(?:is|was)|(?:she|he|they|who)(?:'s|’s|\s+is|\s+was|\s+are|'re|’re)|(?:is|was)\s+(?:a|an)\s+(?:retired|former)|as)`;
  const phrases = professionPhrases();
  return {
    cue: new RegExp(String.raw`(?:(?<![\p{L}])(?:${cue}(?![\p{L}])|ex-)|${bracket})\s{0,2}:?\s{0,2}(?:as\s{1,2})?(?:(?:a|an)\s{1,2})?(?:${OUTSIDE}\s{1,2}){0,2}`, "giu"),
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

export function findProfessions(text: string, rules: ProfessionRules): Candidate[] {
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
    }
    if (hit) {
      out.push({ start: hit[0], end: hit[1], label: "Profession", score: 0.7, rule: "profession" });
      rules.cue.lastIndex = hit[1];
    } else {
      rules.cue.lastIndex = m.index + 1;
    }
  }
  return out;
}
