// Occupations of patients and relatives (GUIDELINE: `works as a [[baker]]`, `retired [[firefighter]]`), from a
// curated list, only after a profession cue or an age ("62-year-old taxi driver"): a job word alone is no PII.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { groupMatches, type Candidate } from "./candidates.js";
import { RULES_EN_DATA_DIR } from "./lexicon.js";
import { escapeRegExp } from "../../../src/contract/index.js";

export interface ProfessionRules {
  cued: RegExp;
}

let wordsCache: string[] | undefined;

/** The listed jobs as regular-expression alternatives, longest first (also read by the employer cue of places). */
export function professionAlternatives(): readonly string[] {
  wordsCache ??= readFileSync(join(RULES_EN_DATA_DIR, "curated/professions.txt"), "utf8")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"))
    .sort((a, b) => b.length - a.length)
    .map((w) => escapeRegExp(w).replace(/ /g, "\\s{1,2}"));
  return wordsCache;
}

export function compileProfessionRules(): ProfessionRules {
  const words = professionAlternatives();
  // Cues: a work verb, "retired"/"former", an age ("62-year-old taxi driver", "70s, farmer"), "<someone> is a",
  // "she's a", "as a" after any verb ("works nights as a security guard").
  const cue = String.raw`(?:works?|worked|working|employed|job|occupation|position|profession|retired|former|unemployed|(?:years?|yrs?|yr|y)[\s-]{0,2}old|yo|y\/o|\d{1,3}s?\s{0,2}(?:[MF]|yo|y\/o)?\s{0,2},|(?<![\p{L}'’])(?!(?:there|it|this|that|what|here|which)\s)\p{L}+\s+(?:is|was)|(?:she|he|they|who)(?:'s|’s|\s+is|\s+was|\s+are|'re|’re)|(?:is|was)\s+(?:a|an)\s+(?:retired|former)|as)`;
  // Modifiers left outside the span ("retired", "self-employed", NOTES-r5); up to two other words before a listed
  // job are part of it ("primary school teacher", "long-haul trucker", "hospital porter").
  const outside = String.raw`(?:retired|former|part-time|full-time|part\s+time|full\s+time|self-employed|trainee|senior|junior|head|lead|male|female|man|woman|pleasant|known|healthy|active|young|old|elderly|keen|qualified|unemployed|successful|busy|local|professional)`;
  const premod = String.raw`(?:(?!${outside}\s|(?:a|an|the|and|or|of|with|at|for|in|on|who|very|not|no|her|his|their|now|also|still)\s)\p{Ll}[\p{Ll}-]{1,20}\s{1,2})`;
  return {
    cued: new RegExp(
      String.raw`(?<![\p{L}])(?:${cue}(?![\p{L}])|ex-)\s{0,2}:?\s{0,2}(?:as\s{1,2})?(?:(?:a|an)\s{1,2})?(?:${outside}\s{1,2}){0,2}(${premod}{0,2}?(?:${words.join("|")})(?:s)?)(?![\p{L}\-])`,
      "giud",
    ),
  };
}

export function findProfessions(text: string, rules: ProfessionRules): Candidate[] {
  const out: Candidate[] = [];
  for (const [s, e] of groupMatches(rules.cued, text, 1)) out.push({ start: s, end: e, label: "Profession", score: 0.7, rule: "profession" });
  return out;
}
