// Age expressions ("45 jaar", "7 jaar 7 maand", "18-month-old", "2 ans et 3 mois") and birth dates → ages written
// at the granularity of the age band.
import { AGE_UNITS, dayNumber, type AgeUnit, type WordLanguage } from "../../contract/index.js";
import { ageInUnits, bandFor, birthDayFor, UNIT_ORDER, type AgeGranularityPolicy, type AgeParts } from "./age-policy.js";
import { foldSameLength, splitLeading } from "./words.js";

interface UnitForm {
  lang: WordLanguage;
  unit: AgeUnit;
  style: "full" | "short" | "adjectival";
}

const UNIT_FORMS = new Map<string, UnitForm[]>();
function addForm(form: string, f: UnitForm) {
  const key = foldSameLength(form);
  const list = UNIT_FORMS.get(key) ?? [];
  list.push(f);
  UNIT_FORMS.set(key, list);
}
for (const lang of ["nl", "fr", "en"] as const) {
  for (const unit of UNIT_ORDER) {
    const u = AGE_UNITS[lang][unit];
    for (const form of u.forms) {
      const style = /^jarig/.test(form) ? "adjectival" : form === u.singular || form === u.plural || form.length > 4 ? "full" : "short";
      addForm(form, { lang, unit, style });
    }
    addForm(u.short, { lang, unit, style: "short" });
  }
}
for (const [form, unit] of [["y", "years"], ["m", "months"], ["w", "weeks"], ["d", "days"]] as const) addForm(form, { lang: "en", unit, style: "short" });

const UNIT_ALT = [...UNIT_FORMS.keys()]
  .sort((a, b) => b.length - a.length)
  .map((w) => w.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&"))
  .join("|");
const NUMBER = "\\d{1,4}(?:[.,]\\d{1,2})?";
const COMPONENT_RE = new RegExp(`(?<n>${NUMBER})(?<plus>\\+)?(?<gap>\\s*-?\\s*)(?<u>${UNIT_ALT})(?![\\p{L}])`, "gu");
const JOIN_RE = /^(?:\s*,\s*|\s+(?:en|et|and)\s+|\s*)$/u;
const LEADING_RE =
  /^(?:[\s(\[°º:;,]+|(?:ca\.|circa|±|\+\/-|\+-|bijna|ongeveer|rond|net|pas|presque|environ|about|almost|nearly|approximately|approx\.|aged|age|leeftijd|âgée? de|agee? de|een|a|an|van|de|of|d'|l'|jongere?|oudere?|plus de|moins de|over|under|older than|younger than|ouder dan|jonger dan)(?:(?<=')|(?=[\s,:])[\s,:]*))/u;
const TRAILING_RE = /(?:[\s)\].,;:!?]+|(?:[\s-]+(?:oud|old|oude|d'âge|d'age|of age))+)$/u;

export interface AgeComponent {
  value: number;
  unit: AgeUnit;
  lang: WordLanguage;
  style: UnitForm["style"];
  /** Offsets of the number and the unit within the core text. */
  numberAt: [number, number];
  unitAt: [number, number];
  plus: boolean;
}

export interface ParsedAge {
  leading: string;
  core: string;
  trailing: string;
  /** One group of components per side of a range ("45-50 jaar": two groups of one). */
  sides: AgeComponent[][];
  /** The finest unit the expression states (a decimal counts as the next finer unit). */
  finest: AgeUnit;
  lang: WordLanguage;
  /** "45-year-old", "45-jarige": the unit is part of an adjective. */
  adjectival: boolean;
}

function splitLiterals(text: string): { leading: string; core: string; trailing: string } {
  const { leading, core: afterLeading } = splitLeading(text, LEADING_RE);
  let core = afterLeading;
  let trailing = "";
  for (;;) {
    const t = TRAILING_RE.exec(foldSameLength(core));
    if (!t || t.index === 0) break;
    trailing = core.slice(t.index) + trailing;
    core = core.slice(0, t.index);
  }
  return { leading, core, trailing };
}

function pickForm(folded: string, languages: readonly WordLanguage[]): UnitForm | undefined {
  const forms = (UNIT_FORMS.get(folded) ?? []).filter((f) => languages.includes(f.lang));
  return forms.sort((a, b) => languages.indexOf(a.lang) - languages.indexOf(b.lang))[0];
}

function finerUnit(u: AgeUnit): AgeUnit {
  return UNIT_ORDER[Math.min(UNIT_ORDER.indexOf(u) + 1, UNIT_ORDER.length - 1)];
}

/** Parses an age expression; undefined when the text is not one. A bare number is an age in years. */
export function parseAge(text: string, languages: readonly WordLanguage[]): ParsedAge | undefined {
  const { leading, core, trailing } = splitLiterals(text);
  const folded = foldSameLength(core);
  const bare = /^(\d{1,3})(\+)?$/.exec(folded);
  if (bare) {
    const value = Number(bare[1]);
    if (value > 130) return undefined;
    const comp: AgeComponent = { value, unit: "years", lang: languages[0] ?? "nl", style: "full", numberAt: [0, bare[1].length], unitAt: [folded.length, folded.length], plus: Boolean(bare[2]) };
    return { leading, core, trailing, sides: [[comp]], finest: "years", lang: comp.lang, adjectival: false };
  }
  const components: AgeComponent[] = [];
  const gaps: string[] = [];
  let cursor = 0;
  for (const m of folded.matchAll(COMPONENT_RE)) {
    const gapText = folded.slice(cursor, m.index);
    gaps.push(gapText);
    const form = pickForm(m.groups!.u, languages);
    if (!form) return undefined;
    const n = m.groups!.n;
    const numberStart = m.index!;
    const unitStart = numberStart + n.length + (m.groups!.plus?.length ?? 0) + m.groups!.gap.length;
    components.push({
      value: Number(n.replace(",", ".")),
      unit: form.unit,
      lang: form.lang,
      style: form.style,
      numberAt: [numberStart, numberStart + n.length],
      unitAt: [unitStart, unitStart + m.groups!.u.length],
      plus: Boolean(m.groups!.plus),
    });
    cursor = m.index! + m[0].length;
  }
  const rest = folded.slice(cursor);
  // A range with one unit: "45-50 jaar", "3 tot 6 maanden".
  if (components.length === 1) {
    const range = new RegExp(`^(?<n1>${NUMBER})\\s*(?:-|tot|à|a|to|of|ou|or)\\s*$`, "u").exec(gaps[0]);
    if (range) {
      const c = components[0];
      const n1 = range.groups!.n1;
      const first: AgeComponent = { ...c, value: Number(n1.replace(",", ".")), numberAt: [0, n1.length], unitAt: c.unitAt, plus: false };
      if (rest.trim() !== "") return undefined;
      return finishAge(leading, core, trailing, [[first], [c]]);
    }
  }
  if (components.length === 0 || gaps[0] !== "" || rest.trim() !== "") return undefined;
  if (gaps.slice(1).some((g) => !JOIN_RE.test(g))) return undefined;
  const units = components.map((c) => UNIT_ORDER.indexOf(c.unit));
  if (units.some((u, i) => i > 0 && u <= units[i - 1])) return undefined;
  return finishAge(leading, core, trailing, [components]);
}

function finishAge(leading: string, core: string, trailing: string, sides: AgeComponent[][]): ParsedAge | undefined {
  const all = sides.flat();
  if (all.some((c) => !Number.isFinite(c.value) || c.value < 0 || (c.unit === "years" && c.value > 130))) return undefined;
  let finest: AgeUnit = "years";
  for (const c of all) {
    const u = Number.isInteger(c.value) ? c.unit : finerUnit(c.unit);
    if (UNIT_ORDER.indexOf(u) > UNIT_ORDER.indexOf(finest)) finest = u;
  }
  const adjectival = all.some((c) => c.style === "adjectival") || /^-/.test(trailing);
  return { leading, core, trailing, sides, finest, lang: all[0].lang, adjectival };
}

/** Age parts written by a side of an age expression (decimals spread into the next finer unit). */
export function sideToParts(side: AgeComponent[]): AgeParts {
  const parts: AgeParts = {};
  for (const c of side) {
    const whole = Math.floor(c.value);
    const frac = c.value - whole;
    parts[c.unit] = (parts[c.unit] ?? 0) + whole;
    if (frac > 0) {
      if (c.unit === "years") parts.months = (parts.months ?? 0) + Math.round(frac * 12);
      else if (c.unit === "months") parts.days = (parts.days ?? 0) + Math.round(frac * 30);
      else if (c.unit === "weeks") parts.days = (parts.days ?? 0) + Math.round(frac * 7);
    }
  }
  return parts;
}

export interface AgeRenderOptions {
  policy: AgeGranularityPolicy;
  /** Write ages of 90 years or more as "90+". */
  ninetyPlus: boolean;
  /** The day ages are computed at: the shifted document date, else 1 January 2000. */
  anchorDay?: number;
}

const DEFAULT_ANCHOR = dayNumber(2000, 1, 1);

/** Words for an age in a language, coarse to fine, zero units left out (all zero: the finest unit as 0). */
export function writeAge(parts: AgeParts, units: readonly AgeUnit[], lang: WordLanguage, short: boolean): string {
  const words = AGE_UNITS[lang];
  const shown = units.filter((u) => (parts[u] ?? 0) > 0);
  const list = shown.length ? shown : [units[units.length - 1]];
  const joiner = lang === "fr" && !short ? " et " : " ";
  return list
    .map((u) => {
      const n = parts[u] ?? 0;
      const w = words[u];
      return short ? `${n} ${w.short}` : `${n} ${n === 1 ? w.singular : w.plural}`;
    })
    .join(joiner);
}

function ninetyPlusText(lang: WordLanguage): string {
  return `90+ ${AGE_UNITS[lang].years.plural}`;
}

/**
 * The age expression rewritten at its band's granularity. An expression no finer than its band allows is kept
 * as written (its value does not depend on the date shift); a finer one is written again in the band's units.
 */
export function renderAge(age: ParsedAge, opts: AgeRenderOptions): string {
  const anchor = opts.anchorDay ?? DEFAULT_ANCHOR;
  const short = age.sides.flat().every((c) => c.style === "short");
  const rendered = age.sides.map((side) => {
    const parts = sideToParts(side);
    const birth = birthDayFor(parts, anchor);
    const years = ageInUnits(birth, anchor, ["years"]).years ?? 0;
    if (opts.ninetyPlus && years >= 90) return { text: ninetyPlusText(age.lang), kept: false, plus: true };
    const band = bandFor(opts.policy, birth, anchor);
    const bandFinest = band.units[band.units.length - 1];
    const sideFinest = side.reduce<AgeUnit>((f, c) => {
      const u = Number.isInteger(c.value) ? c.unit : finerUnit(c.unit);
      return UNIT_ORDER.indexOf(u) > UNIT_ORDER.indexOf(f) ? u : f;
    }, "years");
    if (UNIT_ORDER.indexOf(sideFinest) <= UNIT_ORDER.indexOf(bandFinest)) return { text: "", kept: true, plus: false };
    return { text: writeAge(ageInUnits(birth, anchor, band.units), band.units, age.lang, short), kept: false, plus: false };
  });
  if (rendered.every((r) => r.kept)) return age.leading + age.core + age.trailing;
  if (rendered.every((r) => r.plus)) return age.leading + ninetyPlusText(age.lang) + plainTrailing(age);
  // Rewritten sides are complete expressions; kept sides of a range are written in full too.
  const texts = rendered.map((r, i) =>
    r.kept ? writeAge(sideToParts(age.sides[i]), unitsOf(age.sides[i]), age.lang, short) : r.text,
  );
  return age.leading + texts.join(" - ") + plainTrailing(age);
}

function unitsOf(side: AgeComponent[]): AgeUnit[] {
  return UNIT_ORDER.filter((u) => side.some((c) => c.unit === u));
}

/** Trailing words of an adjectival form ("-old") become " old" once the adjective is written out. */
function plainTrailing(age: ParsedAge): string {
  return age.trailing.replace(/^[\s-]+(?=old|oud)/iu, " ");
}

/**
 * The age at the (shifted) document date of someone born in the (shifted) birth interval, at the band's
 * granularity; two ages joined by "/" when the birth interval spans them (a birth year alone).
 */
export function renderAgeFromBirth(
  birthStart: number,
  birthEnd: number,
  atDay: number,
  lang: WordLanguage,
  opts: Omit<AgeRenderOptions, "anchorDay">,
): string | undefined {
  if (birthStart > atDay) return undefined;
  const latest = Math.min(birthEnd, atDay);
  const write = (birth: number): string => {
    const years = ageInUnits(birth, atDay, ["years"]).years ?? 0;
    if (opts.ninetyPlus && years >= 90) return ninetyPlusText(lang);
    const band = bandFor(opts.policy, birth, atDay);
    return writeAge(ageInUnits(birth, atDay, band.units), band.units, lang, false);
  };
  const older = write(birthStart);
  const younger = write(latest);
  const suffix = lang === "nl" ? " oud" : lang === "en" ? " old" : "";
  if (older === younger) return older + suffix;
  const unitWord = (s: string) => s.replace(/^[\d+]+\s*/, "");
  // "44/45 jaar oud" when only the number differs.
  if (unitWord(older) === unitWord(younger) && /^\d+ \D+$/.test(older) && /^\d+ \D+$/.test(younger)) {
    return `${younger.split(" ")[0]}/${older.split(" ")[0]} ${unitWord(older)}${suffix}`;
  }
  return `${younger}/${older}${suffix}`;
}
