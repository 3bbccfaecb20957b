// Running-text and record cues of session thirteen: a clinician's initials before a credential ("QRT RPh") or listed
// after "by:" ("Entries by: QJ, VW"), a system login after printed/resolved/exported by ("PRINTED ... BY tquarmby",
// "exported_by=svc_feed", "Operator: 40512 (p.harwell)"), a pet's name after the animal ("her cat Biscuit"), the
// Veterans Affairs system ("the VA clinic"), a police department named by its town ("Wexmoor PD").
import type { Candidate } from "./candidates.js";
import type { RulesEnLexicon } from "./lexicon.js";
import { nameLikeness } from "./namelike.js";
import { STOP_WORDS } from "./words.js";

const CREDENTIAL_AFTER_INITIALS = /(?<![\p{L}\d])([A-Z]{2,3})[ \t](?:RPh|PharmD|RN|LPN|NP|PA-C|CNA|RM|RD|RRT|MLA|HCA)(?![\p{L}])/gu;
const INITIALS_LIST = /(?<![\p{L}])(?:by|initials)[ \t]*:[ \t]*([A-Z]{2,3}(?:,[ \t]*[A-Z]{2,3}){0,5})(?![\p{L}])/giu;
const LOGIN_CUE = /(?<![\p{L}])(?:(?:printed|resolved|exported|closed|acknowledged|approved|verified|released|cancelled|accessed)[ \t]+by|(?:exported|created|modified|updated|printed|run)_by[ \t]*[=:])[ \t]*([a-z][a-z0-9._\-]{3,29})(?![\p{L}\d@])/giu;
/** A footer a system prints in capitals with the login at the end of the line ("PRINTED 02/11/2026 15:07 BY tquarmby"). */
const BY_LOGIN_AT_END = /(?<![\p{L}])BY[ \t]+([a-z][a-z0-9._\-]{4,29})[ \t]*$/gmu;
const OPERATOR_LOGIN = /(?<![\p{L}])(?:operator|user|tech(?:nician)?)[ \t]*:[ \t]*\d{2,8}[ \t]*\(([a-z][a-z0-9._\-]{2,29})\)/giu;
const PET = /(?<![\p{L}])(?:[Hh]er|[Hh]is|[Tt]heir|[Mm]y|[Oo]ur|[Tt]he family(?:'s)?)[ \t]+(?:cat|dog|kitten|puppy|parrot|rabbit|horse|pony|budgie|tortoise)[ \t]+(?:(?:named|called)[ \t]+)?(\p{Lu}\p{Ll}{2,}(?:[ \t]\p{Lu}\p{Ll}+)?)/gu;
const VA = /(?<![\p{L}])(?:(?:at|to|from|through|via|by)[ \t]+the[ \t]+(VA)(?![\p{L}\d/])|(?:the[ \t]+)?(VA)[ \t]+(?=(?:clinic|hospital|medical|health|outpatient|CBOC|nursing)\b))/gu;
/** An employer after a length of service in social history ("31 years at Harwell Stamping", "20 yrs for Quarmby Foundry"). */
const YEARS_AT = /(?<![\p{L}\d])\d{1,2}[ \t]*(?:years?|yrs?)[ \t]+(?:at|for)[ \t]+(\p{Lu}[\p{L}'’&\-]*(?:[ \t](?:&[ \t])?\p{Lu}[\p{L}'’\-]*){0,3})/gu;
const POLICE = /(?<![\p{L}])((?:\p{Lu}\p{Ll}+[ \t]){1,3}(?:PD|Police Department|Police Dept\.?|Sheriff's Office|Sheriff's Department))(?![\p{L}])/gu;

export function cueCandidates(text: string, lex: RulesEnLexicon): Candidate[] {
  const out: Candidate[] = [];
  const initials = (v: string) => !lex.clinicalAcronyms.has(v) && !lex.common.has(v.toLowerCase()) && !NOT_INITIALS.has(v);
  for (const m of text.matchAll(CREDENTIAL_AFTER_INITIALS)) {
    if (initials(m[1])) out.push({ start: m.index, end: m.index + m[1].length, label: "Name:Caregiver", score: 0.7, rule: "initials-credential" });
  }
  for (const m of text.matchAll(INITIALS_LIST)) {
    const list = m[1];
    const at = m.index + m[0].length - list.length;
    for (const p of list.matchAll(/[A-Z]{2,3}/g)) {
      if (initials(p[0])) out.push({ start: at + p.index, end: at + p.index + p[0].length, label: "Name:Caregiver", score: 0.7, rule: "initials-list" });
    }
  }
  for (const re of [LOGIN_CUE, OPERATOR_LOGIN, BY_LOGIN_AT_END]) {
    for (const m of text.matchAll(re)) {
      const v = m[1].replace(/[.\-]+$/, "");
      const low = v.toLowerCase();
      // A login has a digit, a dot or an underscore, or is no dictionary word and reads as a name after its initial.
      const shaped = /[\d._]/.test(v) && /[a-z]{2}/.test(v);
      const nameLike = /^[a-z]{5,}$/.test(v) && !lex.common.has(low) && !lex.medical.has(low) && !STOP_WORDS.has(low) && (nameLikeness(low.slice(1)) >= 0.3 || lex.surnames.has(low.slice(1)));
      if (!shaped && !nameLike) continue;
      const s = m.index + m[0].lastIndexOf(m[1]);
      out.push({ start: s, end: s + v.length, label: "ID:Caregiver", score: 0.7, rule: "login-cue" });
    }
  }
  for (const m of text.matchAll(PET)) {
    const name = m[1];
    const first = name.split(/[ \t]/)[0].toLowerCase();
    if (STOP_WORDS.has(first) || lex.clinicalAcronyms.has(name.toUpperCase())) continue;
    const s = m.index + m[0].length - name.length;
    out.push({ start: s, end: s + name.length, label: "Anonymize_Other", score: 0.7, rule: "pet-name" });
  }
  for (const m of text.matchAll(VA)) {
    const g = m[1] !== undefined ? 1 : 2;
    const s = m.index + m[0].indexOf("VA", m[0].length - (g === 1 ? 2 : m[0].length));
    out.push({ start: s, end: s + 2, label: "Organization:Healthcare", score: 0.7, rule: "va" });
  }
  for (const m of text.matchAll(YEARS_AT)) {
    const words = m[1].split(/[ \t]+/).filter((w) => w !== "&");
    const low = words.map((w) => w.toLowerCase().replace(/['’]s$/, ""));
    // Not a time, a stop word, a clinical acronym or an eponym's disease ("10 years at <a holiday>", "years for <eponym>'s disease").
    if (low.some((w) => STOP_WORDS.has(w) || MONTH_OR_DAY.has(w) || lex.clinicalAcronyms.has(w.toUpperCase()) || lex.eponyms.has(w) || (lex.medical.has(w) && !lex.places.has(w) && !lex.surnames.has(w)))) continue;
    if (words.length === 1 && (lex.common.has(low[0]) || lex.countries.has(low[0]))) continue;
    const s = m.index + m[0].length - m[1].length;
    out.push({ start: s, end: s + m[1].length, label: "Organization:Other", score: 0.65, rule: "years-at-employer" });
  }
  for (const m of text.matchAll(POLICE)) {
    const words = m[1].split(/[ \t]/);
    if (STOP_WORDS.has(words[0].toLowerCase())) continue;
    out.push({ start: m.index, end: m.index + m[1].length, label: "Organization:Other", score: 0.7, rule: "police" });
  }
  return out;
}

const MONTH_OR_DAY = new Set("january february march april may june july august september october november december monday tuesday wednesday thursday friday saturday sunday christmas easter".split(" "));

/** Capitals after "by" or before a credential that name a service or a role, not a person ("seen by GP", "ED RN"). */
const NOT_INITIALS = new Set(["GP", "ED", "AE", "ENT", "ICU", "ITU", "HDU", "CCU", "OR", "PACU", "OT", "PT", "SLT", "SW", "MD", "DO", "EMS", "ER", "IV", "PO", "IM", "SC", "PRN", "STAT", "TBC", "TBA", "NA", "NK", "UK", "US", "USA", "NHS", "ALL", "AND", "THE"]);
