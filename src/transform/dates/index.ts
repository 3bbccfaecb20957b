// Date and age pseudonymisation for one document: one day offset per patient, dates shifted and written in
// their source style, birth dates turned into ages at the shifted document date, ages written at band granularity.
import { civilDate, parseIsoDay, type Document, WORD_LANGUAGES, wordLanguageOf, type WordLanguage } from "../../contract/index.js";
import { KeyedStream } from "../surrogates/key.js";
import type { LoadedAgePolicy } from "./age-policy.js";
import { parseAge, renderAge, renderAgeFromBirth } from "./ages.js";
import { parseDate } from "./parse.js";
import { DateOverflowError, renderShiftedDate, shiftDateInterval } from "./shift.js";

export * from "./parse.js";
export * from "./render.js";
export * from "./shift.js";
export * from "./ages.js";
export * from "./age-policy.js";
export type * from "./types.js";

export const DATE_SHIFT_SCHEME = "deidstack.date-shift.v1";

export interface DateShiftPolicy {
  /** Smallest and largest |shift| in days for key-derived shifts. */
  rangeDays: readonly [number, number];
  /** Derive multiples of 7 so weekdays stay (utility, not privacy). */
  keepWeekday: boolean;
  /** A |shift| below this gives a warning (MedDeID: 366). */
  minRecommendedDays: number;
}

/** Where a document's shift came from; "configured-off" when the stack asks for date placeholders. */
export type ShiftSource = "metadata" | "key:patient" | "key:document" | "metadata:zero" | "none" | "configured-off";

export interface DocumentShift {
  days: number | undefined;
  source: ShiftSource;
}

/** A shift in [min, max] (or its negative) drawn from HMAC(key, scope); multiples of 7 when weekdays are kept. */
export function deriveShiftDays(key: Buffer, scope: string, policy: DateShiftPolicy): number {
  const stream = KeyedStream.of(key, DATE_SHIFT_SCHEME, scope);
  const [min, max] = policy.rangeDays;
  let magnitude: number;
  if (policy.keepWeekday) {
    const lo = Math.ceil(min / 7);
    const hi = Math.floor(max / 7);
    if (hi < lo) throw new RangeError("shift range holds no multiple of 7");
    magnitude = 7 * (lo + stream.int(hi - lo + 1));
  } else magnitude = min + stream.int(max - min + 1);
  return stream.int(2) === 0 ? magnitude : -magnitude;
}

/**
 * The document's shift: metadata.date_shift_days when given (0 means "do not shift": placeholders), else derived
 * from the key and the patient id (or the document id when there is none), else none (placeholders).
 */
export function documentShift(document: Document, key: Buffer | undefined, policy: DateShiftPolicy): DocumentShift {
  const given = document.metadata?.date_shift_days;
  if (typeof given === "number" && Number.isInteger(given)) {
    return given === 0 ? { days: undefined, source: "metadata:zero" } : { days: given, source: "metadata" };
  }
  if (key) {
    if (document.patient_id !== undefined && document.patient_id !== "") {
      return { days: deriveShiftDays(key, `patient:${document.patient_id}`, policy), source: "key:patient" };
    }
    return { days: deriveShiftDays(key, `document:${document.document_id}`, policy), source: "key:document" };
  }
  return { days: undefined, source: "none" };
}

export type DateOutcome =
  | "shifted"
  | "unchanged"
  | "age_kept"
  | "age_generalized"
  | "birthdate_age"
  | "year_fallback"
  | "placeholder_unparsed"
  | "placeholder_no_shift";

export interface DateAgeOptions {
  agePolicy: LoadedAgePolicy;
  ninetyPlus: boolean;
  /** "auto": month first for en-US only. */
  numericDateOrder: "auto" | "day-first" | "month-first";
}

/** Languages to read a document's dates in: its own first, then the other two (notes mix languages). */
export function readingLanguages(tag: string): WordLanguage[] {
  const first = wordLanguageOf(tag);
  return [first, ...WORD_LANGUAGES.filter((l) => l !== first)];
}

/** Pseudonymises the Date and Age_Birthdate spans of one document. */
export class DocumentDates {
  readonly documentDay: number | undefined;
  readonly languages: WordLanguage[];
  private readonly monthFirst: boolean;

  constructor(
    document: Document,
    stackLanguage: string,
    readonly shift: DocumentShift,
    private readonly options: DateAgeOptions,
  ) {
    const tag = document.metadata?.lang ?? stackLanguage;
    this.languages = readingLanguages(tag);
    this.documentDay = parseIsoDay(document.metadata?.document_creation_date ?? undefined);
    this.monthFirst = options.numericDateOrder === "month-first" || (options.numericDateOrder === "auto" && /^en[-_]us$/i.test(tag));
  }

  private get parseContext() {
    return { languages: this.languages, documentDay: this.documentDay, monthFirst: this.monthFirst };
  }

  /** The replacement of a Date span's text, or undefined with the reason when it must become a placeholder. */
  date(text: string): { text?: string; outcome: DateOutcome } {
    const parsed = parseDate(text, this.parseContext);
    if (!parsed) return { outcome: "placeholder_unparsed" };
    if (parsed.kind === "unchanged") return { text, outcome: "unchanged" };
    if (this.shift.days === undefined) return { outcome: "placeholder_no_shift" };
    try {
      const out = renderShiftedDate(parsed, this.shift.days);
      return out === undefined ? { outcome: "placeholder_unparsed" } : { text: out, outcome: "shifted" };
    } catch (err) {
      if (err instanceof DateOverflowError) return { outcome: "placeholder_unparsed" };
      throw err;
    }
  }

  /**
   * The replacement of an Age_Birthdate span: an age is written at its band's granularity; a birth date becomes
   * the age at the (shifted) document date, or the shifted birth year without a document date.
   */
  age(text: string): { text?: string; outcome: DateOutcome } {
    const policy = this.options.agePolicy.policy;
    const age = parseAge(text, this.languages);
    if (age) {
      const anchorDay = this.documentDay === undefined ? undefined : this.documentDay + (this.shift.days ?? 0);
      const out = renderAge(age, { policy, ninetyPlus: this.options.ninetyPlus, anchorDay });
      return { text: out, outcome: out === text ? "age_kept" : "age_generalized" };
    }
    const parsed = parseDate(text, this.parseContext);
    if (!parsed || parsed.kind !== "date") return { outcome: "placeholder_unparsed" };
    const shift = this.shift.days ?? 0;
    try {
      const birth = shiftDateInterval(parsed, shift);
      if (this.documentDay !== undefined) {
        // Both dates move by the same shift, so the age needs no shift at all; with one, it is computed on the
        // shifted dates as the reader of the output would.
        const at = this.documentDay + shift;
        const out = renderAgeFromBirth(birth.start, birth.end, at, this.languages[0], { policy, ninetyPlus: this.options.ninetyPlus });
        return out === undefined ? { outcome: "placeholder_unparsed" } : { text: out, outcome: "birthdate_age" };
      }
      if (this.shift.days === undefined) return { outcome: "placeholder_no_shift" };
      const first = civilDate(birth.start).year;
      const last = civilDate(birth.end).year;
      return { text: first === last ? String(first) : `${first}/${last}`, outcome: "year_fallback" };
    } catch (err) {
      if (err instanceof DateOverflowError) return { outcome: "placeholder_unparsed" };
      throw err;
    }
  }
}
