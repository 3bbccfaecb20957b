// Policy (MedDeID phase 4): a date, age, web address, post office or room reference is redacted whole: a span
// grows to the smallest written form that contains it (ranges and periods first, bare "d/m" last). Never shrinks.
import type { Span } from "../../contract/index.js";
import type { HealingLexicon } from "../lexicon.js";
import type { HealingRule } from "../index.js";
import { foldedTextOf, perDocument } from "../cache.js";
import { withBounds, mapSpans } from "../spans.js";

interface Family {
  priority: number;
  re: RegExp;
  /** Word kinds the form cannot match without; a window lacking one skips the form. */
  needs: readonly Need[];
  /** The form starts with a digit (or a masked "*"), else with a letter. */
  startsWithDigit: boolean;
  /** The kind of word a letter-initial form starts with; it is tried only where such a word starts. */
  head?: Need;
  /**
   * What a digit-initial form starts with: a day or month (one or two digits, or one or two "*") or a four-digit
   * year (or "****"). Nothing in these forms that follows its head is a digit or a "*", so the form is tried only
   * where the run of ASCII digits (or of "*") starting there has that length.
   */
  digitHead?: "day-or-month" | "year";
  /**
   * The date forms that start with the same kind of word (a day or month, a year, a month name, …) form a group;
   * one sticky regex of the whole group, tried first at a word start, tells whether any of them can match there
   * (an alternation fails only where each of its alternatives fails), so most word starts cost one attempt, not one
   * per form. Set by extendToFullForms; unset for the forms of other labels.
   */
  group?: FormGroup;
}

interface FormGroup {
  /** Index in the text index's per-group answers. */
  id: number;
  any: RegExp;
}

type Need = "month" | "weekday" | "phase" | "season";

const L = "(?<![\\p{L}\\p{N}])";
const R = "(?![\\p{L}\\p{N}])";

/** The date forms of a language profile as regexes, with their MedDeID priority (0 range, 1 ordinary, 2 partial). */
export function dateFamilies(lex: HealingLexicon): Family[] {
  const D = "(?:[12]\\d|3[01]|0?[1-9]|\\*{1,2})";
  const ORD = "(?:st|nd|rd|th|er|ste|de|e)?";
  const M = "(?:1[0-2]|0?[1-9]|\\*{1,2})";
  const Y4 = "(?:1[89]\\d\\d|2[01]\\d\\d|\\*{4})";
  const Y = `(?:${Y4}|['’\`]\\d{2}|\\d{2})`;
  const MW = `(?:${lex.monthFull}(?![\\p{L}])|${lex.monthAbbr}\\.?(?![\\p{L}]))`;
  const WD = `(?:${lex.weekday})\\.?,?`;
  const TO = "(?:\\s*[-–]\\s*|\\s+(?:tot(?:\\s+en\\s+met)?|t/m|t\\.e\\.m\\.?|au|à|to|until|en|et|and)\\s+)";
  const S = "[/.\\-]";
  // Partial forms stop where a year follows, so the full form is the only one containing the whole date.
  // A month after a phase word is part of the phase form ("begin mei 2023").
  const NOT_AFTER_PHASE = `(?<!(?:${lex.phase})(?:\\s+|\\s*-\\s*)(?:(?:van|de|d'|of)\\s+)?)`;
  // A month after a day number is part of the day form ("1er mars 2023").
  const NOT_AFTER_DAY = `(?<!\\d${ORD}\\.?(?:\\s+(?:of|de)\\s+|\\s*[-./]\\s*|\\s+))`;
  const NO_YEAR = "(?![\\s,./\\-]*(?:\\d|['’`]\\d|\\*))";
  const f = (priority: number, src: string): Family => ({
    priority,
    re: new RegExp(`${L}${src}${R}`, "iuy"),
    startsWithDigit: [D, M, Y4].some((head) => src.startsWith(head)),
    digitHead: src.startsWith(D) || src.startsWith(M) ? "day-or-month" : src.startsWith(Y4) ? "year" : undefined,
    head: src.startsWith(MW) || src.startsWith(NOT_AFTER_PHASE) ? "month" : src.startsWith(WD) ? "weekday" : src.startsWith(`(?:${lex.phase})`) ? "phase" : src.startsWith(`(?:${lex.season})`) ? "season" : undefined,
    needs: [src.includes(MW) && "month", src.includes(WD) && "weekday", src.includes(lex.phase) && "phase", src.includes(lex.season) && "season"].filter(
      (x): x is Need => typeof x === "string",
    ),
  });
  return [
    f(0, `${D}${TO}${D}${S}${M}${S}${Y}`),
    f(0, `${D}${S}${M}${TO}${D}${S}${M}${S}${Y}`),
    f(0, `${D}${ORD}\\.?${TO}${D}${ORD}\\.?\\s+${MW}(?:\\s+${Y4})?`),
    f(0, `${D}${ORD}\\.?\\s+${MW}${TO}${D}${ORD}\\.?\\s+${MW}\\s+${Y4}`),
    f(0, `${M}${S}${Y4}${TO}${M}${S}${Y4}`),
    f(0, `${MW}${TO}${MW}\\s+${Y4}`),
    f(0, `${MW}\\s+${Y4}${TO}${MW}\\s+${Y4}`),
    f(1, `${WD}\\s*${D}${S}${M}${S}${Y}`),
    f(1, `${WD}\\s*${D}${ORD}\\.?\\s+${MW}(?:(?:\\s*[,\\-./]\\s*|\\s+)${Y})?`),
    f(1, `${D}${ORD}\\.?(?:\\s+(?:of|de)\\s+|\\s*[-./]\\s*|\\s+)${MW}(?:\\s*[,\\-./]\\s*|\\s+)${Y}`),
    f(1, `${D}${ORD}\\.?\\s+(?:of\\s+)?${MW}${NO_YEAR}`),
    f(1, `${MW}\\s+${D}(?:st|nd|rd|th)?(?:,?\\s+${Y4})?`),
    f(1, `(?:${lex.phase})(?:\\s*/\\s*(?:${lex.phase}))*(?:\\s+|\\s*-\\s*)(?:(?:van|de|d'|of)\\s+)?${MW}(?:\\s+${Y4})?`),
    f(1, `${D}(${S})${M}\\1${Y}`),
    f(1, `${Y4}-${M}-${D}`),
    f(1, `${M}${S}${Y4}`),
    f(1, `${NOT_AFTER_PHASE}${NOT_AFTER_DAY}${MW}\\s*,?\\s*(?:${Y4}|['’]\\d{2})`),
    f(1, `(?:${lex.season})(?:\\s+(?:van|of|de)\\s*|\\s*)${Y4}`),
    f(2, `${D}[/-]${M}${NO_YEAR}`),
  ];
}

function familiesFor(label: string, lex: HealingLexicon, dates: Family[]): Family[] {
  if (label === "Date") return dates;
  if (label === "Age_Birthdate") {
    return [
      { priority: 1, re: new RegExp(`${L}\\d{1,3}(?:[.,]\\d)?\\s*-?\\s*(?:${lex.ageUnit})(?:[-\\s]old)?(?![\\p{L}])`, "iuy"), needs: [], startsWithDigit: true },
      ...dates,
    ];
  }
  if (label === "Contactdetails") {
    return [{ priority: 1, re: /(?<![\p{L}\p{N}])(?:(?:https?|s?ftp|file|mailto|tel):(?:\/\/)?|www\.)[^\s<>"']*[^\s<>"'.,;:!?)\]]/iuy, needs: [], startsWithDigit: false }];
  }
  if (label.startsWith("Address_Location")) return [{ priority: 1, re: /(?<![\p{L}\p{N}])\p{Lu}{3,}\s\d(?!\d)/uy, needs: [], startsWithDigit: false }];
  if (label === "Organization:Healthcare") {
    return [{ priority: 1, re: /(?<![\p{L}\p{N}])(?:operatiezaal|operatiekwartier|zaal|ok)\s*\d{1,2}(?!\d)/iuy, needs: [], startsWithDigit: false }];
  }
  return [];
}

/** Written forms are short; a form containing a span starts at most this far before it. */
const REACH = 64;

interface Match {
  start: number;
  end: number;
  priority: number;
}

/**
 * Where words start, and where the word kinds forms need occur, computed once per document. Plain arrays and a Map
 * rather than typed arrays: a typed array's buffer is allocated outside the heap, which costs more per note than
 * the few hundred entries it would hold.
 */
interface TextIndex {
  wordStarts: number[];
  /** Per word start (same index): whether it is a digit or a masked "*" (forms that start with one). */
  digitStart: number[];
  /** Per word start: DIGIT_HEAD bits of the digit heads that can start there (see Family.digitHead). */
  digitHeads: number[];
  kinds: Map<Need, number[]>;
  /** Text position → the NEED_BITs of the word kinds a letter run starting there is (only runs that are some kind). */
  kindAt: Map<number, number>;
  /** Per form group, per word start: 0 not tried yet, 1 some form of the group may match there, 2 none does. */
  groupAnswers: number[][];
}

const NEEDS: readonly Need[] = ["month", "weekday", "phase", "season"];
const NEED_BIT: Readonly<Record<Need, number>> = { month: 1, weekday: 2, phase: 4, season: 8 };

// Folded text is lower case without accents: Latin, Greek and Cyrillic ranges stand in for \p{L}. A token is a run
// of [0-9a-z*\u00c0-\u024f\u0370-\u04ff], a letter run one of [a-z\u00c0-\u024f\u0370-\u04ff] (UTF-16 units).
function isLetterUnit(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 0xc0 && c <= 0x24f) || (c >= 0x370 && c <= 0x4ff);
}

function isTokenUnit(c: number): boolean {
  return isLetterUnit(c) || (c >= 48 && c <= 57) || c === 42;
}

const TOKEN = 1;
const LETTER = 2;
/** isTokenUnit and isLetterUnit of every UTF-16 unit, as TOKEN | LETTER bits. */
const UNIT_CLASS = new Uint8Array(0x10000);
for (let c = 0; c < 0x10000; c++) UNIT_CLASS[c] = (isTokenUnit(c) ? TOKEN : 0) | (isLetterUnit(c) ? LETTER : 0);

/**
 * Per lexicon: each word of a kind forms need → the NEED_BITs of the kinds it is, the longest such word, and the
 * (first unit, second unit, length) of every such word, so a letter run that is none of them is passed over
 * without slicing it out of the text for a look-up.
 */
const wordKindCache = new WeakMap<HealingLexicon, { longest: number; bits: Map<string, number>; shapes: Set<number> }>();

/**
 * A word's (first unit, second unit or 0, length) as one small integer, for lengths up to 255: the low 11 bits of
 * each unit, so different words may share a shape (the shapes only rule words out; a look-up decides), and the
 * number stays a small integer, which a Set hashes far more cheaply than a heap number.
 */
function shapeOf(text: string, start: number, end: number): number {
  return ((text.charCodeAt(start) & 0x7ff) << 19) | ((end - start > 1 ? text.charCodeAt(start + 1) & 0x7ff : 0) << 8) | (end - start);
}

const DIGIT_HEAD = { "day-or-month": 1, year: 2 } as const;

/** Which digit heads can start at `i` of the original text: by the length of the run of ASCII digits, or of "*". */
function digitHeadsAt(text: string, i: number): number {
  const c = text.charCodeAt(i);
  const digit = c >= 48 && c <= 57;
  if (!digit && c !== 42) return 0;
  let j = i + 1;
  while (j < text.length && (digit ? text.charCodeAt(j) >= 48 && text.charCodeAt(j) <= 57 : text.charCodeAt(j) === 42)) j++;
  const run = j - i;
  return run <= 2 ? DIGIT_HEAD["day-or-month"] : run === 4 ? DIGIT_HEAD.year : 0;
}

function indexText(text: string, folded: string, lex: HealingLexicon): TextIndex {
  const n = folded.length;
  let sets = wordKindCache.get(lex);
  if (!sets) {
    let longest = 0;
    const bits = new Map<string, number>();
    for (const need of NEEDS) {
      for (const w of lex.words[need]) {
        longest = Math.max(longest, w.length);
        bits.set(w, (bits.get(w) ?? 0) | NEED_BIT[need]);
      }
    }
    const shapes = new Set<number>();
    for (const w of bits.keys()) shapes.add(shapeOf(w, 0, w.length));
    sets = { longest, bits, shapes };
    wordKindCache.set(lex, sets);
  }
  const kinds = new Map<Need, number[]>(NEEDS.map((k) => [k, []]));
  const kindAt = new Map<number, number>();
  const wordStarts: number[] = [];
  const digitStart: number[] = [];
  const digitHeads: number[] = [];
  // One walk over the tokens; the letter runs lie inside them (every letter unit is a token unit), so "mi-mars" and
  // "12mrt" show their words too.
  for (let i = 0; i < n; ) {
    const c = folded.charCodeAt(i);
    if (!(UNIT_CLASS[c] & TOKEN)) {
      i++;
      continue;
    }
    wordStarts.push(i);
    const digit = (c >= 48 && c <= 57) || c === 42;
    digitStart.push(digit ? 1 : 0);
    digitHeads.push(digit ? digitHeadsAt(text, i) : 0);
    let cls: number;
    while (i < n && (cls = UNIT_CLASS[folded.charCodeAt(i)]) & TOKEN) {
      if (!(cls & LETTER)) {
        i++;
        continue;
      }
      const start = i;
      while (i < n && UNIT_CLASS[folded.charCodeAt(i)] & LETTER) i++;
      if (i - start > sets.longest || i - start > 255 || !sets.shapes.has(shapeOf(folded, start, i))) continue;
      const found = sets.bits.get(folded.slice(start, i));
      if (found === undefined) continue;
      kindAt.set(start, found);
      for (const need of NEEDS) if (found & NEED_BIT[need]) kinds.get(need)!.push(start);
    }
  }
  return { wordStarts, digitStart, digitHeads, kinds, kindAt, groupAnswers: [] };
}

/** Index of the first element ≥ value in a sorted array. */
function lowerBound(xs: readonly number[], value: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (xs[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function occursIn(xs: readonly number[], from: number, to: number): boolean {
  const i = lowerBound(xs, from);
  return i < xs.length && xs[i] < to;
}

function groupMayMatch(text: string, index: TextIndex, group: FormGroup, k: number, i: number): boolean {
  const answers = (index.groupAnswers[group.id] ??= new Array<number>(index.wordStarts.length).fill(0));
  if (answers[k] === 0) {
    group.any.lastIndex = i;
    answers[k] = group.any.test(text) ? 1 : 2;
  }
  return answers[k] === 1;
}

/**
 * Groups the date forms by the kind of word they start with and gives each group its regex (see Family.group). A
 * group where more than one form holds capturing groups is left without one (back-references would point
 * elsewhere in the alternation); its forms are then tried one by one.
 */
function groupForms(dates: readonly Family[]): void {
  const members = new Map<string, Family[]>();
  for (const fam of dates) {
    const key = fam.startsWithDigit ? `digit:${fam.digitHead ?? ""}` : fam.head ? `word:${fam.head}` : "";
    if (!key || (fam.startsWithDigit && !fam.digitHead)) continue;
    members.set(key, [...(members.get(key) ?? []), fam]);
  }
  let id = 0;
  for (const group of members.values()) {
    if (group.length < 2 || group.some((f) => f.re.flags !== group[0].re.flags)) continue;
    const capturing = group.filter((f) => (new RegExp(`${f.re.source}|`, f.re.flags.replace("y", "")).exec("") ?? []).length > 1);
    // One form at most may hold capturing groups; it goes first, so that \1 … still name its own groups.
    if (capturing.length > 1) continue;
    const ordered = [...capturing, ...group.filter((f) => !capturing.includes(f))];
    const any = new RegExp(ordered.map((f) => `(?:${f.re.source})`).join("|"), group[0].re.flags);
    const formGroup: FormGroup = { id: id++, any };
    for (const f of group) f.group = formGroup;
  }
}

/**
 * A label's forms bucketed by what can start them, so a word start is offered only the forms that may start there:
 * at a digit start, by its DIGIT_HEAD bits (forms without a digit head take every digit start); at another word
 * start, by the NEED_BITs of the word there (forms without a head word take every such start). Each bucket keeps
 * the families' order.
 */
interface FormPlan {
  families: Family[];
  /** Per family (same index): the NEED_BITs of the word kinds it cannot match without. */
  needBits: number[];
  byDigitHeads: number[][];
  byKindBits: number[][];
}

function planForms(families: Family[]): FormPlan {
  const needBits = families.map((f) => f.needs.reduce((bits, n) => bits | NEED_BIT[n], 0));
  const byDigitHeads: number[][] = [];
  for (let h = 0; h < 4; h++) {
    byDigitHeads.push(families.flatMap((f, j) => (f.startsWithDigit && (!f.digitHead || h & DIGIT_HEAD[f.digitHead]) ? [j] : [])));
  }
  const byKindBits: number[][] = [];
  for (let v = 0; v < 16; v++) byKindBits.push(families.flatMap((f, j) => (!f.startsWithDigit && (!f.head || v & NEED_BIT[f.head]) ? [j] : [])));
  return { families, needBits, byDigitHeads, byKindBits };
}

/**
 * The forms of the families that contain a span: each form is tried only where a word that can start it starts
 * before the span. The matches come in another order than form by form, which the caller's sort makes no matter:
 * matches that tie on priority, length and start are the same match.
 */
function containingMatches(text: string, index: TextIndex, plan: FormPlan, span: { start: number; end: number }): Match[] {
  const from = Math.max(0, span.start - REACH);
  const to = Math.min(text.length, span.end + REACH);
  const k0 = lowerBound(index.wordStarts, from);
  const k1 = lowerBound(index.wordStarts, span.start + 1);
  const out: Match[] = [];
  if (k0 >= k1) return out;
  // The word kinds that occur in the window: a form needing a kind that does not is not tried.
  let window = 0;
  for (const need of NEEDS) if (occursIn(index.kinds.get(need)!, from, to)) window |= NEED_BIT[need];
  const { families, needBits } = plan;
  for (let k = k0; k < k1; k++) {
    const i = index.wordStarts[k];
    const candidates = index.digitStart[k] ? plan.byDigitHeads[index.digitHeads[k]] : plan.byKindBits[index.kindAt.get(i) ?? 0];
    for (const j of candidates) {
      if (needBits[j] & ~window) continue;
      const fam = families[j];
      if (fam.group && !groupMayMatch(text, index, fam.group, k, i)) continue;
      fam.re.lastIndex = i;
      const m = fam.re.exec(text);
      if (m && i + m[0].length >= span.end) out.push({ start: i, end: i + m[0].length, priority: fam.priority });
    }
  }
  return out;
}

export function extendToFullForms(lex: HealingLexicon): HealingRule {
  const dates = dateFamilies(lex);
  groupForms(dates);
  const byLabel = new Map<string, FormPlan>();
  const plan = (label: string) => {
    let f = byLabel.get(label);
    if (!f) {
      f = planForms(familiesFor(label, lex, dates));
      byLabel.set(label, f);
    }
    return f;
  };
  const lexKey = `extend-to-full-forms:${lex.languages.join(",")}`;

  return (spans, { document }) => {
    const text = document.text;
    // Per label, bounds as one number (start × (length + 1) + end), not a key string per span and pass.
    const memo = perDocument(document, lexKey, () => new Map<string, Map<number, { start: number; end: number } | null>>());
    const stride = text.length + 1;
    let index: TextIndex | undefined;
    return mapSpans(spans, (s: Span) => {
      const forms = plan(s.label);
      if (forms.families.length === 0) return s;
      let byBounds = memo.get(s.label);
      if (!byBounds) memo.set(s.label, (byBounds = new Map()));
      const key = s.start * stride + s.end;
      let best = byBounds.get(key);
      if (best === undefined) {
        best =
          containingMatches(text, (index ??= perDocument(document, `${lexKey}:index`, () => indexText(text, foldedTextOf(document), lex))), forms, s).sort((a, b) => a.priority - b.priority || a.end - a.start - (b.end - b.start) || a.start - b.start)[0] ??
          null;
        byBounds.set(key, best);
        // The best form around a span is also the best form around itself: the next pass needs no search.
        if (best) byBounds.set(best.start * stride + best.end, best);
      }
      return best ? withBounds(s, best.start, best.end) : s;
    });
  };
}
