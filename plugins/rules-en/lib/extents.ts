// The edges of spans already found, after reduction: the words an organisation's or a place's name still owns on its
// line. A letterhead's heading ("Tallowmere Falls Elementary School") starts at its line, an organisation keeps its
// kind word after it ("… Health Plan", "… & Sports Medicine", "… Co-op"), a town in a query keeps its state code or
// its postcode district ("corbin ky", "hayle tr27"), a town written before "ST ZIP" on an address line belongs to it.
import type { DetectedSpan } from "../../../src/contract/index.js";
import type { RulesEnLexicon } from "./lexicon.js";
import { UK_POSTCODE_AREAS } from "./places.js";
import { STOP_WORDS } from "./words.js";

/** Last words that end an organisation's name after the words found ("Plan", "Alliance", "Associates", "Medicine",
 * "Ctr", "CMHT" …): kinds of body, never a service or a department on their own. */
const ORG_TAIL_END = new Set(["plan", "plans", "alliance", "associates", "medicine", "ctr", "center", "centre", "cmht", "camhs", "network", "partnership", "cooperative", "co-op", "insurance", "mutual", "casualty", "assurance", "trust", "collaborative", "consortium"]);
const CENTRE_WORDS = new Set(["ctr", "center", "centre"]);
const CENTRE_LEAD = new Set(["medical", "med", "health", "treatment", "children's", "childrens", "children’s", "community", "regional", "outpatient", "infusion", "rehabilitation", "rehab", "wellness", "family", "development", "resource", "care"]);
/** An organisation's last word that makes a heading of the capitalised words before it on its line. */
const HEADING_KIND = /(?:^|[ \t])(?:schools?|insurance|mutual|plan|academy|college|university|court|council|district|company|co|co-op|inc|llc|ltd|group|association|society|church|hospital|clinic|centre|center|ctr|practice|surgery|hospice|trust|services|health|cooperative|alliance|agency|bank|foundation|partners|associates|medicine|casualty|network)$/iu;
/** The words after an organisation: up to four capitalised words (after a space or " & "), the last a tail word. */
const ORG_TAIL = /^(?:[ \t]{1,2}&[ \t]{1,2}|[ \t])((?:[\p{Lu}][\p{L}\p{M}'’\-]*)(?:[ \t][\p{Lu}][\p{L}\p{M}'’\-]*){0,3})/u;
/** "… Co" + "-op", "… CO" + "-OP". */
const COOP_TAIL = /^-(?:op|OP)(?![\p{L}\d])/u;
/** "… Hospice of the High Plains": an "of" tail after a body's type word, to the end of the name's line or column. */
const OF_TAIL = /^[ \t](?:of|OF)(?:[ \t](?:the|THE))?[ \t]((?:[\p{Lu}][\p{L}\p{M}'’\-]*)(?:[ \t][\p{Lu}][\p{L}\p{M}'’\-]*){0,2})(?=[ \t]*(?:\r?\n|$)|[ \t]{2,}|\t|[,;)|])/u;
const OF_TAIL_AFTER = /(?:hospice|hospital|infirmary|clinic|university|college|school|academy|health|church|diocese|society|association|department|institute|foundation)$/i;
/** Words at a line's start that open a letter or a form line, never a heading's first word. */
const NOT_HEADING_WORD = new Set(["dear", "re", "to", "from", "attn", "attention", "ref", "at", "seen", "called", "cc", "per", "via", "sent", "date", "dr", "mr", "mrs", "ms", "miss", "prof", "the", "our", "your", "his", "her", "their", "my", "and", "or", "for", "with", "by", "in", "on", "of", "name", "patient", "pt", "nok", "gp", "pcp", "ins", "insurer", "employer", "school", "company", "hospital", "ward", "clinic", "location", "site", "facility", "agency", "broker", "carrier", "payer"]);
/** A heading's end: the line's end, a column gap, a comma or a bracket. */
const HEADING_END = /^(?:[ \t]*(?:\r?\n|$)|[ \t]{2,}|\t|[ \t]?[,(|])/u;
const US_ZIP_AFTER = /^[ \t](\d{5}(?:-\d{4})?)(?![\p{L}\d\-\/.,]\d|[\p{L}\d])/u;
/** A state code after a town in a line without capitals: "harrow ky", "melrose, nm 88124". */
const LOWER_STATE_AFTER = /^(,?[ \t])([a-z]{2})(?:[ \t](\d{5}(?:-\d{4})?))?(?![\p{L}\d])/u;
const STATE_ZIP_START = /^\p{Lu}{2}[ \t]{1,2}\d{5}/u;
/** One to three capitalised words from the line's start, a comma or a space before the state code. */
const TOWN_BEFORE_STATE = /(?:^|\n)([ \t]*)((?:\p{Lu}[\p{L}'’.\-]*)(?:[ \t]\p{Lu}[\p{L}'’.\-]*){0,2}),?[ \t]{1,2}$/u;
const OUTWARD_AFTER = new RegExp(String.raw`^[ \t]((?:${UK_POSTCODE_AREAS.split(" ").sort((a, b) => b.length - a.length).join("|")})\d{1,2}[a-z]?)(?=[ \t]*(?:\r?\n|$)|[ \t,;)])`, "iu");

const isOrg = (sp: DetectedSpan) => sp.label.startsWith("Organization");
const isPlace = (sp: DetectedSpan) => sp.label.startsWith("Address_Location");

/** How far a rule looks for its line's ends: a longer line is read as if it began or ended there (linear in the text). */
const LINE_WINDOW = 240;

function lineStartOf(text: string, at: number): number {
  const from = Math.max(0, at - LINE_WINDOW);
  const nl = text.slice(from, at).lastIndexOf("\n");
  return nl < 0 ? from : from + nl + 1;
}

function lineEndOf(text: string, at: number): number {
  const to = Math.min(text.length, at + LINE_WINDOW);
  const nl = text.slice(at, to).indexOf("\n");
  return nl < 0 ? to : at + nl;
}

/** The end of an organisation's tail after `sp`, or `sp.end` when there is none. */
function orgTailEnd(text: string, sp: DetectedSpan, limit: number): number {
  const after = text.slice(sp.end, Math.min(limit, sp.end + 80));
  const own = text.slice(sp.start, sp.end);
  if (/(?:^|[ \t])(?:Co|CO)$/u.test(own)) {
    const m = COOP_TAIL.exec(after);
    if (m) return sp.end + m[0].length;
  }
  const upper = !/\p{Ll}/u.test(own);
  const m = ORG_TAIL.exec(after);
  if (m) {
    const words = m[1].split(/[ \t]/);
    const lead = m[0].length - m[1].length;
    // The longest run of words that ends in a tail word, every word in the name's case.
    let end = -1;
    let at = lead;
    for (let i = 0; i < words.length; i++) {
      const w = words[i];
      const low = w.toLowerCase();
      if (STOP_WORDS.has(low) || (upper && /\p{Ll}/u.test(w))) break;
      at += (i > 0 ? 1 : 0) + w.length;
      const prevWord = (i > 0 ? words[i - 1] : (own.split(/[ \t]/).pop() ?? "")).toLowerCase();
      // "… Health Plan" (not an "Individual Healthcare Plan"); a centre after a medical word ("… Medical Ctr",
      // "… Children's Centre"; a "Burn Center" is a unit of the hospital before it).
      if (ORG_TAIL_END.has(low) && (!/^plans?$/.test(low) || prevWord === "health") && (!CENTRE_WORDS.has(low) || CENTRE_LEAD.has(prevWord))) end = at;
    }
    if (end > 0 && !/^[\p{L}\d]/u.test(after.slice(end))) return sp.end + end;
  }
  if (OF_TAIL_AFTER.test(own)) {
    const o = OF_TAIL.exec(after);
    if (o && o[1].split(/[ \t]/).every((w) => !STOP_WORDS.has(w.toLowerCase()) && (!upper || !/\p{Ll}/u.test(w)))) return sp.end + o[0].length;
  }
  return sp.end;
}

/** The start of a heading an organisation ends: one or two capitalised words from the line's start before it. */
function headingStart(text: string, sp: DetectedSpan, prevEnd: number): number {
  const ls = lineStartOf(text, sp.start);
  if (ls > 0 && text[ls - 1] !== "\n") return sp.start;
  const before = text.slice(ls, sp.start);
  const m = /^([ \t]*)((?:\p{Lu}[\p{L}\p{M}'’\-]*)(?:[ \t]\p{Lu}[\p{L}\p{M}'’\-]*)?)[ \t]$/u.exec(before);
  if (!m || ls + m[1].length < prevEnd) return sp.start;
  const words = m[2].split(/[ \t]/);
  const upper = !/\p{Ll}/u.test(text.slice(sp.start, sp.end));
  if (words.some((w) => NOT_HEADING_WORD.has(w.toLowerCase()) || STOP_WORDS.has(w.toLowerCase()) || (upper && /\p{Ll}/u.test(w)))) return sp.start;
  if (!HEADING_END.test(text.slice(sp.end, sp.end + 4)) || !HEADING_KIND.test(text.slice(sp.start, sp.end))) return sp.start;
  return ls + m[1].length;
}

/** Extends organisations, places and the addresses of letterheads and queries over the words their names own. */
export function spanExtents(text: string, spans: DetectedSpan[], lex: RulesEnLexicon): DetectedSpan[] {
  const out: DetectedSpan[] = [];
  const stateNames = new Set(lex.stateAbbreviations.values());
  for (let i = 0; i < spans.length; i++) {
    let sp = spans[i];
    const prevEnd = out.length > 0 ? out[out.length - 1].end : 0;
    const nextStart = i + 1 < spans.length ? spans[i + 1].start : text.length;
    const lineEnd = lineEndOf(text, sp.end);
    if (isOrg(sp)) {
      let end = orgTailEnd(text, sp, Math.min(lineEnd, nextStart));
      if (end === sp.end) end = orgTailEnd(text, sp, lineEnd);
      if (end > sp.end) {
        // The tail may hold a span of its own (a place read in the name): it is part of the name.
        let j = i + 1;
        while (j < spans.length && spans[j].start < end) {
          end = Math.max(end, spans[j].end);
          j++;
        }
        i = j - 1;
        sp = { ...sp, end };
      }
      const start = headingStart(text, sp, prevEnd);
      if (start < sp.start) sp = { ...sp, start };
    } else if (isPlace(sp)) {
      const own = text.slice(sp.start, sp.end);
      const ls = lineStartOf(text, sp.start);
      const lowerLine = !/\p{Lu}/u.test(text.slice(ls, lineEnd));
      const after = text.slice(sp.end, Math.min(nextStart, sp.end + 24));
      let end = sp.end;
      if (lowerLine) {
        const st = LOWER_STATE_AFTER.exec(after);
        const code = st?.[2].toUpperCase();
        // A code that is also a word ("ok", "me", "in") only before a ZIP or at the line's end.
        if (st && code && lex.stateAbbreviations.has(code) && !/\d/.test(own) && (st[3] || !lex.common.has(st[2]) || /^[ \t]*(?:\r?\n|$)/.test(after.slice(st[0].length)))) end = sp.end + st[0].length;
      }
      if (end === sp.end && /^\p{Ll}|^\p{Lu}\p{Ll}/u.test(own) && !/\d/.test(own)) {
        const o = OUTWARD_AFTER.exec(after);
        if (o && (lowerLine ? !/\p{Lu}/u.test(o[1]) : /^\p{Lu}+\d/u.test(o[1]))) end = sp.end + o[0].length;
      }
      // "Tarn Hollow, Nevada 89901": a ZIP after a state's name.
      if (end === sp.end && /,[ \t]\p{Lu}\p{Ll}+(?:[ \t]\p{Lu}\p{Ll}+)?$/u.test(own)) {
        const state = own.slice(own.lastIndexOf(",") + 2);
        const z = stateNames.has(state) ? US_ZIP_AFTER.exec(after) : null;
        if (z) end = sp.end + z[0].length;
      }
      let start = sp.start;
      // "QUELL FORD WV 26801", "Fort Ash ND 58001": the town before a state and ZIP on an address line.
      if (STATE_ZIP_START.test(own)) {
        const t = TOWN_BEFORE_STATE.exec(text.slice(Math.max(prevEnd, sp.start - 48), sp.start));
        if (t && t[2].split(/[ \t]/).every((w) => !STOP_WORDS.has(w.toLowerCase()) && !NOT_HEADING_WORD.has(w.toLowerCase()))) start = sp.start - t[0].length + (t[0].startsWith("\n") ? 1 : 0) + t[1].length;
      }
      if (end > sp.end || start < sp.start) sp = { ...sp, start, end };
    }
    out.push(sp);
  }
  return out;
}
