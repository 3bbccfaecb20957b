// Phone and fax numbers → "Contactdetails": international (+CC / 00CC), Belgian, Dutch and UK national numbers
// (leading 0) and US numbers. A candidate is a chain of digit groups joined by single separators; the longest
// prefix of groups that has the shape of a phone number wins. 9–13 digits are required, so doses, lab values and
// scores never qualify.
import { isValidBelgianNationalNumber, type DetectedSpan } from "../../src/contract/index.js";
import type { Lexicon } from "./lexicon.js";
import {
  SCORE_CONTEXT,
  SCORE_PATTERN,
  digitAt,
  isDigitCode,
  isValidDayMonth,
  anchoredPhrase,
  phraseBefore,
  span,
  unitFollows,
  wordCharAt,
  wordCharBefore,
  type TextScan,
} from "./text.js";

export interface PhoneRules {
  /** A phone context phrase, the whole text before a number ("tel.: ", "GSM ", "fax "). */
  readonly contextBefore: RegExp;
  /** The last word of any phone context ("tel.", "gsm", "nr", "op"): a cheap test before `contextBefore`. */
  readonly contextTrigger: RegExp;
  /** Answers of `contextTrigger` per word. */
  readonly contextTriggerMemo: Map<string, boolean>;
}

export function compilePhoneRules(lexicon: Lexicon): PhoneRules {
  const contexts = lexicon.phoneContexts.join("|");
  // Multi-word contexts end in one of these words ("bereikbaar op", "joignable au", "contact number", ...).
  const lastWords = "op|via|naar|au|at|number|nummer|t[ée]l[ée]phone|nr|no|n°";
  return {
    contextBefore: anchoredPhrase(`(?:${contexts})\\.?(?:[ ]?(?:nr|no|n°)\\.?)?[ \\t]*[:.\\-]?[ \\t]*`),
    contextTrigger: anchoredPhrase(`(?:${contexts}|${lastWords})\\.?`),
    contextTriggerMemo: new Map(),
  };
}

/** Whether a phone context ends right before `start`: first the cheap test on the word before, then the phrase. */
function phoneContextBefore(scan: TextScan, start: number, rules: PhoneRules, r: number): boolean {
  const word = start === scan.runs[r] ? scan.wordBeforeRun(r) : scan.wordBefore(start);
  let trigger = rules.contextTriggerMemo.get(word);
  if (trigger === undefined) {
    trigger = rules.contextTrigger.test(word);
    if (rules.contextTriggerMemo.size > 50_000) rules.contextTriggerMemo.clear();
    rules.contextTriggerMemo.set(word, trigger);
  }
  return trigger && phraseBefore(scan.text, start, rules.contextBefore, 40) >= 0;
}

interface Group {
  start: number;
  end: number;
  digits: string;
  /** Written inside parentheses: "(03)", "(555)" or the trunk "(0)". */
  paren: boolean;
  /** The separator written before this group ("" for the first one). */
  separatorBefore: string;
}

const SEPARATORS = " .-/";

/** Length of " - ", " -", "- ", " / ", ... at `i` when a digit follows (0 when there is none). */
function spacedSeparatorAt(text: string, i: number): number {
  let j = i;
  const spaceBefore = text[j] === " ";
  if (spaceBefore) j++;
  if (text[j] !== "-" && text[j] !== "/" && text[j] !== "." && text[j] !== "–") return 0;
  j++;
  const spaceAfter = text[j] === " ";
  if (spaceAfter) j++;
  if (!spaceBefore && !spaceAfter) return 0;
  return digitAt(text, j) ? j - i : 0;
}
const MAX_GROUPS = 9;

function readDigits(text: string, i: number): number {
  while (i < text.length && isDigitCode(text.charCodeAt(i))) i++;
  return i;
}

/** Splits the text from `start` into digit groups joined by single separators or parentheses. */
function readGroups(text: string, start: number): Group[] {
  const groups: Group[] = [];
  let i = start;
  let separatorBefore = "";
  while (groups.length < MAX_GROUPS) {
    if (text[i] === "(" && digitAt(text, i + 1)) {
      const close = readDigits(text, i + 1);
      if (text[close] !== ")" || close - i - 1 > 4) break;
      groups.push({ start: i, end: close + 1, digits: text.slice(i + 1, close), paren: true, separatorBefore });
      i = close + 1;
    } else if (digitAt(text, i)) {
      const end = readDigits(text, i);
      groups.push({ start: i, end, digits: text.slice(i, end), paren: false, separatorBefore });
      i = end;
    } else break;
    const sep = text[i];
    const spaced = spacedSeparatorAt(text, i);
    if (SEPARATORS.includes(sep) && (digitAt(text, i + 1) || (text[i + 1] === "(" && digitAt(text, i + 2)))) {
      separatorBefore = sep;
      i++;
    } else if (spaced > 0) {
      // "088 - 7555555", "03 / 123 45 67": a dash, slash or dot with a space on either side.
      separatorBefore = text[i + 1] === " " ? text[i + 2] : text[i + 1];
      i += spaced;
    } else if (groups[groups.length - 1].paren && digitAt(text, i)) {
      separatorBefore = "";
    } else if (text[i] === "(" && digitAt(text, i + 1)) {
      separatorBefore = "";
    } else break;
  }
  return groups;
}

const DATE_LIKE = /^(\d{1,2})([./-])(\d{1,2})\2(\d{4}|\d{2})(?!\d)/;

/**
 * A national number that starts like a date ("05.03.12-123", or month first: "03/19/2024 14:22") is a date or a
 * national register number.
 */
function startsLikeDate(text: string, start: number): boolean {
  const m = DATE_LIKE.exec(text.slice(start, start + 11));
  return m !== null && (isValidDayMonth(Number(m[1]), Number(m[3])) || isValidDayMonth(Number(m[3]), Number(m[1])));
}

function isTrunk(g: Group): boolean {
  return g.paren && g.digits === "0";
}

/** Whether a chain of groups is a phone number: not, yes, or only when a phone context word precedes it. */
const enum Verdict {
  No,
  Yes,
  WithContext,
}

/** Digits of the groups (the trunk "(0)" left out), and whether a one-digit group appears after `allowed` groups. */
function countDigits(groups: readonly Group[], k: number, allowed: number): { digits: string; loneDigit: boolean } {
  let digits = "";
  let loneDigit = false;
  let index = 0;
  for (let i = 0; i < k; i++) {
    const g = groups[i];
    if (isTrunk(g)) continue;
    if (g.digits.length === 1 && index >= allowed) loneDigit = true;
    digits += g.digits;
    index++;
  }
  return { digits, loneDigit };
}

/** +CC or 00CC followed by 9–13 digits in all (the trunk "(0)" not counted); one-digit groups only up front. */
function international(groups: readonly Group[], k: number, plus: boolean): Verdict {
  if (!plus && (!groups[0].digits.startsWith("00") || groups[0].digits.length < 3)) return Verdict.No;
  const counted = countDigits(groups, k, 2);
  const digits = plus ? counted.digits : counted.digits.slice(2);
  if (digits[0] === "0" || digits.length < 9 || digits.length > 13) return Verdict.No;
  return counted.loneDigit || groups[k - 1].paren ? Verdict.No : Verdict.Yes;
}

/** Belgian (9 or 10 digits), Dutch (10) and UK (11) numbers with a leading 0. */
function national(groups: readonly Group[], k: number): Verdict {
  const first = groups[0].digits;
  if (first[0] !== "0" || first.startsWith("00")) return Verdict.No;
  const { digits, loneDigit } = countDigits(groups, k, 0);
  const n = digits.length;
  // Free-phone and shared-cost numbers: 0800/0900 with 4 to 7 digits after them ("0800-0123", "0800 12 345").
  if (/^0(?:800|90[0-9])/.test(digits) && n >= 8 && n <= 11 && !groups[k - 1].paren) {
    return k === 1 && n < 10 ? Verdict.WithContext : Verdict.Yes;
  }
  if (n < 9 || n > 11 || loneDigit || groups[k - 1].paren) return Verdict.No;
  if (k === 1) {
    // Unbroken: ten digits with a leading 0 are a Dutch or Belgian number (mobile "0612345678", landline
    // "0305555555"); nine digits ("031234567") and eleven need "tel", "gsm", ... unless a UK mobile (07...).
    if ((n === 10 && /^0[1-9]/.test(digits)) || (n === 11 && digits.startsWith("07"))) return Verdict.Yes;
    return Verdict.WithContext;
  }
  if (n === 11 && isValidBelgianNationalNumber(digits)) return Verdict.No;
  const f = first.length;
  if (n === 9) return f >= 2 && f <= 3 ? Verdict.Yes : Verdict.No;
  // 4-4-2 joined by hyphens is a US National Drug Code ("0409-4888-10"): a phone number only after a phone cue.
  if (n === 10 && k === 3 && f === 4 && groups[1].digits.length === 4 && groups[1].separatorBefore === "-" && groups[2].separatorBefore === "-") return Verdict.WithContext;
  if (n === 10) return f >= 2 && f <= 4 ? Verdict.Yes : Verdict.No;
  return f >= 3 && f <= 5 && /^0[1235789]/.test(digits) ? Verdict.Yes : Verdict.No;
}

/**
 * US: (NPA) NXX-XXXX, NPA-NXX-XXXX, NPA.NXX.XXXX, 1-NPA-NXX-XXXX; spaces only with a context word. The area code
 * may not start with 0 or 1; the exchange is not checked, so the fictional 555-123-4567 style counts too.
 */
function unitedStates(groups: readonly Group[], k: number): Verdict {
  let i = 0;
  if (k === 4 && groups[0].digits === "1" && !groups[0].paren) i = 1;
  if (k - i !== 3) return Verdict.No;
  const area = groups[i];
  const exchange = groups[i + 1];
  const line = groups[i + 2];
  if (area.digits.length !== 3 || exchange.digits.length !== 3 || line.digits.length !== 4) return Verdict.No;
  if (area.digits[0] < "2" || exchange.paren || line.paren) return Verdict.No;
  if (area.paren) return line.separatorBefore === "-" || line.separatorBefore === "." ? Verdict.Yes : Verdict.WithContext;
  const sep = exchange.separatorBefore;
  if (sep !== line.separatorBefore || sep === "/" || sep === "") return Verdict.No;
  return sep === " " ? Verdict.WithContext : Verdict.Yes;
}

/** Inside an IBAN written in groups ("NL91 ABNA 0417 1643 00"), digit groups are not phone numbers. */
const IBAN_BEFORE = /^[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){0,7} ?$/;
/** The cheap test first: a group of four capitals or digits and a space right before the number. */
const IBAN_GROUP_BEFORE = /^[A-Z0-9]{4} $/;

/** Emergency and public service numbers ("bel 112"): no one's contact details. */
const SERVICE_NUMBERS: ReadonlySet<string> = new Set(["112", "100", "101", "110", "911", "999", "1733", "1777", "1813", "116", "070"]);

/**
 * An internal extension ("tel. 3941", "ext. 9745", "toestel 512"): 3–5 digits on their own right after a phone or
 * extension word. Without that word a short number is never a phone number.
 */
function extensionAt(scan: TextScan, r: number, rules: PhoneRules): { start: number; end: number; score: number } | null {
  const text = scan.text;
  const s = scan.runs[r];
  const e = scan.runs[r + 1];
  if (e - s < 3 || e - s > 5 || wordCharBefore(text, s) || wordCharAt(text, e)) return null;
  if ("./-,:".includes(text[e] ?? "x") && digitAt(text, e + 1)) return null;
  if (!phoneContextBefore(scan, s, rules, r) || unitFollows(text, e)) return null;
  // "bel 112": emergency and public service numbers identify no one.
  if (SERVICE_NUMBERS.has(text.slice(s, e))) return null;
  return { start: s, end: e, score: SCORE_CONTEXT };
}

function phoneAt(scan: TextScan, r: number, rules: PhoneRules): { start: number; end: number; score: number } | null {
  const text = scan.text;
  const s = scan.runs[r];
  const e = scan.runs[r + 1];
  const plus = text[s - 1] === "+";
  // "(03) 123 45 67", "(555) 123-4567": an area code in parentheses; "(0477 12 34 56)" is just a bracket.
  const areaInParentheses = text[s - 1] === "(" && text[e] === ")" && e - s <= 4;
  const start = plus || areaInParentheses ? s - 1 : s;
  // Cheap exits for most numbers: a run of fewer than 9 digits must continue with a separator and another group
  // (or be an extension), and only +CC, 0…, (…), a 3-digit US area code or the US "1-" start a phone.
  const next = text[e] ?? "";
  // A closing bracket goes on only after an area code in brackets: "(pieper 4638)" is an extension in brackets.
  const continues = next === "(" || (next === ")" && areaInParentheses) || (SEPARATORS.includes(next) && (digitAt(text, e + 1) || text[e + 1] === "(")) ||
    spacedSeparatorAt(text, e) > 0;
  if (e - s < 9 && !continues) return plus || start !== s ? null : extensionAt(scan, r, rules);
  if (start === s && text[s] !== "0" && e - s !== 3 && !(e - s === 1 && text[s] === "1")) return null;
  // A phone number does not start in the middle of a chain of digit groups ("85 07 30 033 28").
  if (wordCharBefore(text, start) || (start === s && "./-, ".includes(text[s - 1] ?? "") && digitAt(text, s - 2))) {
    return null;
  }
  const groups = readGroups(text, plus ? s : start);
  if (groups.length === 0) return null;
  let dateLike: boolean | undefined;
  let context: boolean | undefined;
  for (let k = groups.length; k >= 1; k--) {
    const end = groups[k - 1].end;
    if (wordCharAt(text, end)) continue;
    let verdict = international(groups, k, plus);
    if (verdict === Verdict.No && !plus) {
      dateLike ??= startsLikeDate(text, start);
      verdict = dateLike ? Verdict.No : national(groups, k);
      if (verdict === Verdict.No) verdict = unitedStates(groups, k);
    }
    if (verdict === Verdict.No) continue;
    context ??= phoneContextBefore(scan, start, rules, r);
    if (verdict === Verdict.WithContext && !context) continue;
    if (!plus && IBAN_GROUP_BEFORE.test(text.slice(Math.max(0, start - 5), start)) && phraseBefore(text, start, IBAN_BEFORE, 48) >= 0) {
      return null;
    }
    return { start, end, score: context ? SCORE_CONTEXT : SCORE_PATTERN };
  }
  return null;
}

export function findPhones(scan: TextScan, rules: PhoneRules): DetectedSpan[] {
  const runs = scan.runs;
  const out: DetectedSpan[] = [];
  let consumed = 0;
  for (let r = 0; r < runs.length; r += 2) {
    const s = runs[r];
    if (s < consumed) continue;
    const found = phoneAt(scan, r, rules);
    if (!found) continue;
    out.push(span(found.start, found.end, "Contactdetails", found.score));
    consumed = found.end;
  }
  return out;
}
