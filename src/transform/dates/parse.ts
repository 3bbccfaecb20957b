// Reads a written date (Dutch, French, English) into an interval with a granularity and a rendering template.
import { APPROXIMATORS, MONTHS, SEASONS, type WordLanguage } from "../../contract/index.js";
import {
  civilDate,
  dayNumber,
  daysInMonth,
  isLeapYear,
  isValidCivil,
  lastDayOfMonth,
} from "../../contract/index.js";
import type { DateParseContext, DatePart, Ordinal, ParsedDate, PartGranularity, Slot, Template } from "./types.js";
import { alternation, caseStyleOf, foldSameLength, hasAccent, lookupWord, splitLeading, type WordKind } from "./words.js";
import { escapeRegExp } from "../../contract/index.js";

const ORDINAL = "(?:st|nd|rd|th|er|ste|de|e)";
const YEAR = "(?<y>\\d{4}|'\\d{2}|\\d{2})";
const YEAR_MARKED = "(?<y>\\d{4}|'\\d{2})";

interface Vocabulary {
  months: string;
  weekdays: string;
  seasons: string;
  phases: string;
}

const vocabularyCache = new Map<string, { vocab: Vocabulary; patterns: Pattern[]; partialPatterns: Pattern[]; weekdayAlone: RegExp }>();

interface Pattern {
  name: string;
  re: RegExp;
  /** Ambiguous numeric day/month order is decided by context. */
  numericDayMonth?: boolean;
}

function buildPatterns(v: Vocabulary): { patterns: Pattern[]; partialPatterns: Pattern[] } {
  const wd = `(?:(?<wd>${v.weekdays})\\.?\\s*,?\\s*)?`;
  const mw = `(?<mw>(?:${v.months})\\.?)`;
  const p = (name: string, src: string, numericDayMonth = false): Pattern => ({
    name,
    re: new RegExp(`^${src}$`, "d"),
    numericDayMonth,
  });
  const patterns = [
    p("numeric-dmy", `${wd}(?<a>\\d{1,2})\\s*(?<s1>[/.\\-])\\s*(?<b>\\d{1,2})\\s*\\k<s1>\\s*${YEAR}`, true),
    p("numeric-dmy-space", `${wd}(?<a>\\d{1,2}) (?<b>\\d{1,2}) (?<y>\\d{4})`, true),
    p("roman-dmy", `${wd}(?<d>\\d{1,2})\\s*(?<s1>[/.\\-\\s])\\s*(?<rm>xii|xi|x|ix|viii|vii|vi|v|iv|iii|ii|i)\\s*\\k<s1>\\s*${YEAR}`),
    p("numeric-ymd", `${wd}(?<y>\\d{4})\\s*(?<s1>[/.\\-])\\s*(?<m>\\d{1,2})\\s*\\k<s1>\\s*(?<d>\\d{1,2})`),
    p("compact-ymd", `(?<y>(?:19|20)\\d{2})(?<m>\\d{2})(?<d>\\d{2})`),
    p("compact-dmy", `(?<d>\\d{2})(?<m>\\d{2})(?<y>\\d{4})`),
    p("numeric-dm", `${wd}(?<a>\\d{1,2})\\s*(?<s1>[/.\\-])\\s*(?<b>\\d{1,2})`, true),
    p("numeric-my", `(?<m>\\d{1,2})\\s*[/.\\-]\\s*${YEAR}`),
    p("numeric-ym", `(?<y>\\d{4})\\s*[/.\\-]\\s*(?<m>\\d{1,2})`),
    p("textual-dmy", `${wd}(?<d>\\d{1,2}${ORDINAL}?)\\.?(?:\\s*(?:of|de)\\s+|\\s*[\\-./]\\s*|\\s+)${mw}(?:(?:\\s*[,\\-./]\\s*|\\s+)${YEAR})?`),
    p("textual-mdy", `${wd}${mw}\\s*(?<d>\\d{1,2}(?:st|nd|rd|th)?)(?:(?:\\s*,\\s*|\\s+)${YEAR_MARKED})?`),
    p("textual-my", `${mw}(?:\\s*[,\\-/.]\\s*|\\s+)${YEAR_MARKED}`),
    p("textual-m", `${mw}`),
    p("phase-my", `(?<p>${v.phases})(?:\\s*-\\s*|\\s+)(?:(?:van|de|d'|of)\\s*)?${mw}(?:(?:\\s*[,\\-./]\\s*|\\s+)${YEAR_MARKED})?`),
    p("season-y", `(?<s>${v.seasons})(?:(?:\\s+(?:van|of|de|d')\\s*|\\s*[\\-/]?\\s*)${YEAR_MARKED})?`),
    p("year", `${YEAR_MARKED}`),
  ];
  const partialPatterns = [
    p("partial-day", `(?<d>\\d{1,2}${ORDINAL}?)\\.?`),
    p("partial-phase", `(?<p>${v.phases})`),
  ];
  return { patterns, partialPatterns };
}

function grammarFor(languages: readonly WordLanguage[]) {
  const key = languages.join(",");
  let g = vocabularyCache.get(key);
  if (!g) {
    const vocab: Vocabulary = {
      months: alternation("month", languages),
      weekdays: alternation("weekday", languages),
      seasons: alternation("season", languages),
      phases: alternation("phase", languages),
    };
    g = { vocab, ...buildPatterns(vocab), weekdayAlone: new RegExp(`^(?:${vocab.weekdays})\\.?$`) };
    vocabularyCache.set(key, g);
  }
  return g;
}


const LEADING_WORDS = [
  ...new Set([
    ...Object.values(APPROXIMATORS).flat(),
    "geboren", "geb.", "geb", "born", "né le", "née le", "né", "née", "dob", "d.o.b.", "tussen", "entre", "between",
    "the", "le", "l'", "d'", "des", "dans", "during", "tijdens", "gedurende", "einde", "week van",
  ]),
].map((w) => foldSameLength(w));
const LEADING_RE = new RegExp(
  `^(?:[\\s(\\[{"“«°º:;,]+|(?:${LEADING_WORDS.sort((a, b) => b.length - a.length).map(escapeRegExp).join("|")})(?:(?<=')|(?=[\\s,:])[\\s,:]+))`,
  "u",
);
const TRAILING_RE = /(?:[\s)\]}"”».,;:!?]+)$/u;
const TRAILING_TIME_RE =
  /(?:\s*(?:,|om|à|a|at|te|-)?\s*|t)(?:\d{1,2}[:hu]\d{2}(?:[:.]\d{2})?(?:\s*(?:u|h|uur|am|pm|a\.m\.|p\.m\.))?|\d{1,2}(?:[.]\d{2})?\s*(?:u|h|uur|am|pm))$/u;
const TIME_ALONE_RE = /^(?:\d{1,2}[:hu]\d{2}(?:[:.]\d{2})?(?:\s*(?:u|h|uur|am|pm))?|\d{1,2}(?:[.]\d{2})?\s*(?:u|h|uur|am|pm))$/u;
const RELATIVE_RE = new RegExp(
  "^(?:" +
    [
      "gisteren", "eergisteren", "vandaag", "morgen", "overmorgen", "vannacht", "vanochtend", "vanmorgen", "vanmiddag", "vanavond",
      "(?:deze|vorige|volgende|afgelopen) (?:week|maand|nacht)", "(?:dit|vorig|volgend|afgelopen) jaar",
      "hier", "avant-hier", "aujourd'hui", "demain", "apres-demain", "cette (?:semaine|annee|nuit)",
      "(?:la semaine|le mois|l'annee) (?:derniere|dernier|prochaine|prochain)",
      "yesterday", "today", "tomorrow", "tonight", "(?:this|last|next|past) (?:week|month|year|night)",
      "\\d{1,3} (?:dag|dagen|week|weken|maand|maanden|jaar|jaren|uur) (?:geleden|later|nadien)",
      "il y a \\d{1,3} (?:jours?|semaines?|mois|ans?|heures?)", "\\d{1,3} (?:days?|weeks?|months?|years?|hours?) (?:ago|later)",
    ].join("|") +
    ")$",
  "u",
);

/** The year a two-digit year stands for: the century closest to the document year, else ≤ 30 → 20xx. */
export function resolveTwoDigitYear(yy: number, documentDay?: number): number {
  if (documentDay === undefined) return yy <= 30 ? 2000 + yy : 1900 + yy;
  const docYear = civilDate(documentDay).year;
  const candidates = [1900 + yy, 2000 + yy, 2100 + yy, 1800 + yy];
  return candidates.reduce((best, c) => (Math.abs(c - docYear) < Math.abs(best - docYear) ? c : best));
}

/** The year near the document date in which a year-less (month, day) falls closest to it; 2000 without one. */
function anchorYear(month: number, day: number, documentDay?: number): number {
  if (documentDay === undefined) return 2000;
  const docYear = civilDate(documentDay).year;
  let best: number | undefined;
  for (const y of [docYear - 1, docYear, docYear + 1]) {
    if (!isValidCivil(y, month, day)) continue;
    if (best === undefined || Math.abs(dayNumber(y, month, day) - documentDay) < Math.abs(dayNumber(best, month, day) - documentDay)) best = y;
  }
  if (best !== undefined) return best;
  // 29 February: the leap year nearest the document year.
  let y = docYear;
  while (!isLeapYear(y)) y--;
  return y;
}

interface Fields {
  day?: number;
  month?: number;
  year?: number;
  season?: number;
  phase?: number;
  weekday?: number;
}

function wordSlot(kind: WordKind, original: string, folded: string, languages: readonly WordLanguage[]): { slot: Slot; index: number } | undefined {
  const dot = folded.endsWith(".");
  const bare = dot ? folded.slice(0, -1) : folded;
  const bareOriginal = dot ? original.slice(0, -1) : original;
  const hit = lookupWord(kind, bare.replace(/\s+/g, " "), languages)[0];
  if (!hit) return undefined;
  const cs = caseStyleOf(bareOriginal);
  if (kind === "month") {
    const standard = hit.form === "full" ? MONTHS[hit.lang].full[hit.index] : MONTHS[hit.lang].abbr[hit.index];
    return { slot: { kind: "monthWord", lang: hit.lang, form: hit.form, dot: dot && hit.form === "abbr", case: cs, accents: writesAccents(standard, bareOriginal) }, index: hit.index };
  }
  if (kind === "weekday") return { slot: { kind: "weekday", lang: hit.lang, form: hit.form, dot, case: cs }, index: hit.index };
  if (kind === "season") {
    const standard = SEASONS[hit.lang][hit.index][0];
    return { slot: { kind: "season", lang: hit.lang, case: cs, accents: writesAccents(standard, bareOriginal), variant: hit.variant }, index: hit.index };
  }
  return { slot: { kind: "phase", lang: hit.lang, case: cs, variant: hit.variant }, index: hit.index };
}

/** False only when the writer dropped the accents of a word that has them ("fevrier"); true otherwise. */
function writesAccents(standard: string, written: string): boolean {
  return !(hasAccent(standard) && !hasAccent(written));
}

const ROMAN = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii"];

function ordinalOf(text: string): Ordinal {
  const suffix = text.replace(/^\d+/, "").toLowerCase();
  if (!suffix) return "";
  if (["st", "nd", "rd", "th"].includes(suffix)) return "en";
  if (suffix === "er") return "fr";
  return "nl";
}

type Read = { template: Template; fields: Fields };

/** Builds template and fields from a regex match over the folded text, slicing literals from the original. */
function readMatch(pattern: Pattern, m: RegExpExecArray, original: string, ctx: DateParseContext): Read | undefined {
  const groups = m.groups ?? {};
  const indices = m.indices!.groups ?? {};
  const fields: Fields = {};
  const pieces: { start: number; end: number; slot: Slot }[] = [];
  const orig = (name: string) => original.slice(indices[name]![0], indices[name]![1]);
  const put = (name: string, slot: Slot) => pieces.push({ start: indices[name]![0], end: indices[name]![1], slot });
  const numericPad = [groups.a, groups.b, groups.d, groups.m].some((g) => g !== undefined && /^0\d/.test(g.replace(/\D+$/, "")))
    ? true
    : [groups.a, groups.b, groups.d, groups.m].some((g) => g !== undefined && /^[1-9]$/.test(g.replace(/\D+$/, "")))
      ? false
      : undefined;

  let dayName: string | undefined;
  let monthName: string | undefined;
  if (pattern.numericDayMonth) {
    const a = Number(groups.a);
    const b = Number(groups.b);
    const monthFirst = a > 12 ? false : b > 12 ? true : Boolean(ctx.monthFirst);
    dayName = monthFirst ? "b" : "a";
    monthName = monthFirst ? "a" : "b";
  } else {
    if (groups.d !== undefined) dayName = "d";
    if (groups.m !== undefined) monthName = "m";
  }
  const numeric = groups.mw === undefined && groups.rm === undefined;
  if (dayName) {
    const raw = groups[dayName]!;
    const digits = raw.match(/^\d+/)![0];
    fields.day = Number(digits);
    // A textual date glued with hyphens or slashes ("06-dec-2006") is a fixed-width format; one with spaces is not.
    const gluedToMonth = /^[\-/.]/.test(original.slice(indices[dayName]![1]));
    const pad = digits.length === 2 && digits.startsWith("0") ? true : digits.length === 1 ? false : numeric ? (numericPad ?? true) : gluedToMonth;
    let ordinal = ordinalOf(raw);
    // French writes the first of the month "1er" whatever the writer did on other days; "1 mars" says otherwise.
    if (ordinal === "" && !numeric && fields.day !== 1 && groups.mw !== undefined && lookupWord("month", groups.mw.replace(/\.$/, ""), ctx.languages)[0]?.lang === "fr") ordinal = "fr";
    put(dayName, { kind: "day", pad, ordinal });
  }
  if (monthName) {
    const digits = groups[monthName]!;
    fields.month = Number(digits);
    const pad = digits.length === 2 && digits.startsWith("0") ? true : digits.length === 1 ? false : (numericPad ?? true);
    put(monthName, { kind: "monthNum", pad });
  }
  if (groups.rm !== undefined) {
    fields.month = ROMAN.indexOf(groups.rm) + 1;
    put("rm", { kind: "monthRoman", upper: orig("rm") === orig("rm").toUpperCase() });
  }
  if (groups.mw !== undefined) {
    // Month-first dates ("March 12, 2023") are English: read the month word as English.
    const monthFirst = pattern.name === "textual-mdy";
    if (monthFirst && !(ctx.languages.includes("en") && lookupWord("month", groups.mw.replace(/\.$/, ""), ["en"]).length)) return undefined;
    const languages = monthFirst ? (["en", ...ctx.languages.filter((l) => l !== "en")] as WordLanguage[]) : ctx.languages;
    const w = wordSlot("month", orig("mw"), groups.mw, languages);
    if (!w) return undefined;
    fields.month = w.index + 1;
    const slot = w.slot as Extract<Slot, { kind: "monthWord" }>;
    // A full month name never carries an abbreviation dot: a dot after it is punctuation, kept as literal text.
    if (groups.mw.endsWith(".") && slot.form === "full") {
      pieces.push({ start: indices.mw![0], end: indices.mw![1] - 1, slot });
    } else put("mw", slot);
  }
  if (groups.y !== undefined) {
    const raw = groups.y;
    const o = orig("y");
    if (raw.length === 4) {
      fields.year = Number(raw);
      put("y", { kind: "year", digits: 4, apostrophe: "" });
    } else {
      const yy = Number(raw.replace("'", ""));
      fields.year = resolveTwoDigitYear(yy, ctx.documentDay);
      put("y", { kind: "year", digits: 2, apostrophe: raw.startsWith("'") ? o[0] : "" });
    }
  }
  if (groups.wd !== undefined) {
    const w = wordSlot("weekday", orig("wd"), groups.wd, ctx.languages);
    if (!w) return undefined;
    fields.weekday = w.index;
    put("wd", w.slot);
  }
  if (groups.s !== undefined) {
    const w = wordSlot("season", orig("s"), groups.s, ctx.languages);
    if (!w) return undefined;
    fields.season = w.index;
    put("s", w.slot);
  }
  if (groups.p !== undefined) {
    const w = wordSlot("phase", orig("p"), groups.p, ctx.languages);
    if (!w) return undefined;
    fields.phase = w.index;
    put("p", w.slot);
  }
  pieces.sort((x, y) => x.start - y.start);
  const template: (string | Slot)[] = [];
  let cursor = 0;
  for (const piece of pieces) {
    if (piece.start > cursor) template.push(original.slice(cursor, piece.start));
    template.push(piece.slot);
    cursor = piece.end;
  }
  if (cursor < original.length) template.push(original.slice(cursor));
  return { template, fields };
}

/** Season interval: spring 1 Mar–31 May, summer 1 Jun–31 Aug, autumn 1 Sep–30 Nov, winter 1 Dec–end Feb. */
export function seasonInterval(season: number, year: number): { start: number; end: number } {
  const startMonth = [3, 6, 9, 12][season];
  const start = dayNumber(year, startMonth, 1);
  const end = season === 3 ? lastDayOfMonth(year + 1, 2) : lastDayOfMonth(year, startMonth + 2);
  return { start, end };
}

export const PHASE_DAYS: readonly [number, number][] = [
  [1, 10],
  [11, 20],
  [21, 31],
];

export function phaseInterval(phase: number, year: number, month: number): { start: number; end: number } {
  const [from, to] = PHASE_DAYS[phase];
  return { start: dayNumber(year, month, from), end: dayNumber(year, month, Math.min(to, daysInMonth(year, month))) };
}

function partFromFields(template: Template, f: Fields, ctx: DateParseContext, borrowed: DatePart["borrowed"] = []): DatePart | undefined {
  const yearless = f.year === undefined;
  if (f.day !== undefined && f.month !== undefined) {
    const year = f.year ?? anchorYear(f.month, f.day, ctx.documentDay);
    if (!isValidCivil(year, f.month, f.day)) return undefined;
    const d = dayNumber(year, f.month, f.day);
    return { granularity: yearless ? "day_month" : "day", template, start: d, end: d, yearless, borrowed };
  }
  if (f.day !== undefined) return undefined;
  if (f.phase !== undefined) {
    if (f.month === undefined) return undefined;
    const year = f.year ?? anchorYear(f.month, 15, ctx.documentDay);
    if (year < 1 || year > 9999) return undefined;
    return { granularity: "month_phase", template, ...phaseInterval(f.phase, year, f.month), yearless, borrowed };
  }
  if (f.month !== undefined) {
    if (f.month < 1 || f.month > 12) return undefined;
    const year = f.year ?? anchorYear(f.month, 15, ctx.documentDay);
    if (year < 1 || year > 9999) return undefined;
    const granularity: PartGranularity = yearless ? "month_name" : "month";
    return { granularity, template, start: dayNumber(year, f.month, 1), end: lastDayOfMonth(year, f.month), yearless, borrowed };
  }
  if (f.season !== undefined) {
    const seasonMid = [4, 7, 10, 1][f.season];
    let year = f.year;
    if (year === undefined) {
      year = anchorYear(seasonMid, 15, ctx.documentDay);
      if (f.season === 3) year -= 1;
    }
    if (year < 1 || year > 9998) return undefined;
    return { granularity: "season", template, ...seasonInterval(f.season, year), yearless, borrowed };
  }
  if (f.year !== undefined) {
    if (f.year < 1 || f.year > 9999) return undefined;
    return { granularity: "year", template, start: dayNumber(f.year, 1, 1), end: dayNumber(f.year, 12, 31), yearless: false, borrowed };
  }
  return undefined;
}

/** The first pattern, in order, whose reading of `core` is accepted (`accept` returns what it makes of it). */
function firstRead<T>(core: string, ctx: DateParseContext, patterns: Pattern[], accept: (read: Read) => T | undefined): T | undefined {
  const folded = foldSameLength(core);
  for (const pattern of patterns) {
    const m = pattern.re.exec(folded);
    if (!m) continue;
    const read = readMatch(pattern, m, core, ctx);
    if (!read) continue;
    const accepted = accept(read);
    if (accepted) return accepted;
  }
  return undefined;
}

function matchPart(core: string, ctx: DateParseContext, patterns: Pattern[]): Read | undefined {
  return firstRead(core, ctx, patterns, (read) => read);
}

/** Parses one date part (no range) that must stand on its own. */
export function parsePart(core: string, ctx: DateParseContext): DatePart | undefined {
  return firstRead(core, ctx, grammarFor(ctx.languages).patterns, (read) => partFromFields(read.template, read.fields, ctx));
}

const JOINER_RE = /\s*(?:-|\/|tot en met|tot|t\/m|t\.e\.m\.?|au|à|a|to|until|till|through|thru|en|et|and)\s*/gu;

/** Parses "left joiner right" where the left side may borrow month and year from the right. */
function parseRange(core: string, ctx: DateParseContext): { parts: DatePart[]; joiner: string } | undefined {
  const folded = foldSameLength(core);
  const { patterns, partialPatterns } = grammarFor(ctx.languages);
  for (const j of folded.matchAll(JOINER_RE)) {
    const at = j.index!;
    const joinEnd = at + j[0].length;
    if (at === 0 || joinEnd >= core.length) continue;
    // Word joiners need spaces around them; symbol joiners may touch.
    if (/[a-zà]/.test(j[0]) && !(/^\s/.test(j[0]) && /\s$/.test(j[0]))) continue;
    const right = parsePart(core.slice(joinEnd), ctx);
    if (!right) continue;
    const leftText = core.slice(0, at);
    const leftRead = matchPart(leftText, ctx, patterns) ?? matchPart(leftText, ctx, partialPatterns);
    if (!leftRead) continue;
    const rightFields = fieldsOfPart(right);
    const f = { ...leftRead.fields };
    const borrowed: ("month" | "year")[] = [];
    if (f.day !== undefined && f.month === undefined) {
      if (rightFields.month === undefined) continue;
      f.month = rightFields.month;
      borrowed.push("month");
    }
    if (f.phase !== undefined && f.month === undefined) {
      if (rightFields.month === undefined) continue;
      f.month = rightFields.month;
      borrowed.push("month");
    }
    if (f.year === undefined && rightFields.year !== undefined && !right.yearless) {
      f.year = rightFields.year;
      if (f.season === 3 && rightFields.season === undefined) f.year -= 1;
      borrowed.push("year");
    }
    const left = partFromFields(leftRead.template, f, ctx, borrowed);
    if (!left) continue;
    if (left.yearless !== right.yearless) continue;
    let rightPart = right;
    // Year-less sides: the right side lies after the left one ("eind december/begin januari").
    if (right.yearless && rightPart.end < left.start) rightPart = shiftYearlessForward(right);
    if (left.start > rightPart.end) continue;
    return { parts: [left, rightPart], joiner: core.slice(at, joinEnd) };
  }
  return undefined;
}

function shiftYearlessForward(part: DatePart): DatePart {
  const s = civilDate(part.start);
  const e = civilDate(part.end);
  const move = (c: { year: number; month: number; day: number }) => dayNumber(c.year + 1, c.month, Math.min(c.day, daysInMonth(c.year + 1, c.month)));
  const end = part.granularity === "day_month" ? move(e) : e.day === daysInMonth(e.year, e.month) ? lastDayOfMonth(e.year + 1, e.month) : move(e);
  return { ...part, start: move(s), end };
}

/** The calendar fields a part denotes at its start (month, year, season year). */
export function fieldsOfPart(part: DatePart): Fields {
  const c = civilDate(part.start);
  switch (part.granularity) {
    case "day":
    case "day_month":
      return { day: c.day, month: c.month, year: c.year };
    case "month":
    case "month_name":
    case "month_phase":
      return { month: c.month, year: c.year };
    case "season":
      return { season: seasonOf(c.month), year: c.year };
    case "year":
      return { year: c.year };
  }
}

/** 0 spring, 1 summer, 2 autumn, 3 winter. */
export function seasonOf(month: number): number {
  return month >= 3 && month <= 5 ? 0 : month >= 6 && month <= 8 ? 1 : month >= 9 && month <= 11 ? 2 : 3;
}

/** Splits off literal text around the date: approximators and prepositions before, punctuation and time after. */
function splitLiterals(text: string): { leading: string; core: string; trailing: string } {
  const { leading, core: afterLeading } = splitLeading(text, LEADING_RE);
  let core = afterLeading;
  const t = TRAILING_RE.exec(core);
  let trailing = "";
  if (t && t.index > 0) {
    trailing = core.slice(t.index);
    core = core.slice(0, t.index);
  }
  return { leading, core, trailing };
}

/** Parses a written date; undefined when it cannot be read (the caller then replaces it by a placeholder). */
export function parseDate(text: string, ctx: DateParseContext): ParsedDate | undefined {
  const folded = foldSameLength(text.trim());
  if (RELATIVE_RE.test(folded.replace(/\s+/g, " "))) return { kind: "unchanged", reason: "relative" };
  if (TIME_ALONE_RE.test(folded)) return { kind: "unchanged", reason: "time" };
  const { leading, core, trailing } = splitLiterals(text);
  const direct = parseCore(core, ctx);
  if (direct) return finish(direct, leading, trailing);
  // A time of day after the date stays as it is.
  const tm = TRAILING_TIME_RE.exec(foldSameLength(core));
  if (tm && tm.index > 0) {
    const inner = splitLiterals(core.slice(0, tm.index));
    const withoutTime = parseCore(inner.core, ctx);
    if (withoutTime) return finish(withoutTime, leading + inner.leading, inner.trailing + core.slice(tm.index) + trailing);
  }
  return undefined;
}

type CoreParse = { parts: DatePart[]; joiner: string } | { weekday: number; slot: Extract<Slot, { kind: "weekday" }> };

function parseCore(core: string, ctx: DateParseContext): CoreParse | undefined {
  if (!core) return undefined;
  const single = parsePart(core, ctx);
  if (single) return { parts: [single], joiner: "" };
  const folded = foldSameLength(core);
  const wd = grammarFor(ctx.languages).weekdayAlone.exec(folded);
  if (wd) {
    const w = wordSlot("weekday", core, folded, ctx.languages);
    if (w) return { weekday: w.index, slot: w.slot as Extract<Slot, { kind: "weekday" }> };
  }
  return parseRange(core, ctx);
}

function finish(parsed: CoreParse, leading: string, trailing: string): ParsedDate {
  if ("weekday" in parsed) return { kind: "weekday", leading, trailing, weekday: parsed.weekday, slot: parsed.slot };
  const { parts, joiner } = parsed;
  const start = parts[0].start;
  const end = parts[parts.length - 1].end;
  const first = parts[0];
  const granularity =
    parts.length > 1 ? "range" : first.granularity === "day" && first.template.some((s) => typeof s !== "string" && s.kind === "weekday") ? "weekday_date" : first.granularity;
  return { kind: "date", leading, trailing, parts, joiner, start, end, granularity };
}
