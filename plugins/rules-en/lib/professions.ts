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

export function compileProfessionRules(): ProfessionRules {
  const words = readFileSync(join(RULES_EN_DATA_DIR, "curated/professions.txt"), "utf8")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"))
    .sort((a, b) => b.length - a.length)
    .map((w) => escapeRegExp(w).replace(/ /g, "\\s{1,2}"));
  const cue = String.raw`(?:works?|worked|working|employed|job|occupation|position|profession|retired|former|ex-|unemployed|(?:years?|yrs?|yr|y)[\s-]{0,2}old|yo|y\/o|(?:he|she|they|patient|pt|husband|wife|son|daughter|father|mother|partner)\s+(?:is|was)|(?:is|was)\s+(?:a|an)\s+(?:retired|former))`;
  return {
    cued: new RegExp(
      String.raw`(?<![\p{L}])${cue}\s{0,2}:?\s{0,2}(?:as\s{1,2})?(?:(?:a|an)\s{1,2})?(?:(?:retired|former|part-time|full-time|self-employed|trainee|senior|junior|head|lead|male|female|man|woman)\s{1,2})?(${words.join("|")})(?:s)?(?![\p{L}])`,
      "giud",
    ),
  };
}

export function findProfessions(text: string, rules: ProfessionRules): Candidate[] {
  const out: Candidate[] = [];
  for (const [s, e] of groupMatches(rules.cued, text, 1)) out.push({ start: s, end: e, label: "Profession", score: 0.7, rule: "profession" });
  return out;
}
